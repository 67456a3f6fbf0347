"""Running ``gmtool serve`` for the web tests and the screenshots: a real server in a child
process on a free port, and the system's Chromium for Playwright."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from tests.missing import missing

LINK = re.compile(r"^  (?P<seat>[^:]+): (?P<url>http://\S+/p/(?P<token>[\w-]+))$")
TABLE = re.compile(r"table screen: (?P<url>http://\S+)/$")
READY = "Listening; Ctrl-C stops the server."


@dataclass
class Server:
    process: subprocess.Popen[str]
    base: str
    links: dict[str, str] = field(default_factory=dict)
    tokens: dict[str, str] = field(default_factory=dict)
    output: list[str] = field(default_factory=list)

    def stop(self) -> str:
        """Ctrl-C, as a person would; what the server printed after it."""
        self.process.send_signal(2)
        try:
            rest, _ = self.process.communicate(timeout=10)
        except subprocess.TimeoutExpired:
            self.process.kill()
            rest, _ = self.process.communicate()
        return rest


def gmtool_command(home: Path, *args: str) -> list[str]:
    return [sys.executable, "-m", "gmtool", *args]


def environment(home: Path) -> dict[str, str]:
    env = dict(os.environ, GMTOOL_HOME=str(home), PYTHONUNBUFFERED="1")
    env.pop("GMTOOL_CAMPAIGN", None)
    return env


def run_gmtool(home: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """A command typed by the GM in another terminal."""
    return subprocess.run(
        gmtool_command(home, *args), env=environment(home), capture_output=True, text=True
    )


def start_server(home: Path, campaign: str, *extra: str, timeout: float = 20) -> Server:
    args = gmtool_command(home, "-c", campaign, "serve", "--no-open", "--port", "0", *extra)
    process = subprocess.Popen(
        args, env=environment(home), stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True
    )
    assert process.stdout is not None
    server = Server(process, base="")
    deadline = time.monotonic() + timeout
    for line in process.stdout:
        line = line.rstrip("\n")
        server.output.append(line)
        if found := TABLE.search(line):
            server.base = found["url"]
        if found := LINK.match(line):
            server.links[found["seat"]] = found["url"]
            server.tokens[found["seat"]] = found["token"]
        if line == READY or time.monotonic() > deadline:
            break
    if not server.base:
        process.kill()
        raise AssertionError("gmtool serve did not start:\n" + "\n".join(server.output))
    return server


def chromium_path() -> str | None:
    """The system's Chromium (Debian's package); Playwright downloads no browser here."""
    for name in (os.environ.get("GMTOOL_CHROMIUM", ""), "chromium", "chromium-browser"):
        if name and (found := shutil.which(name)):
            return found
    return None


def require_chromium() -> str:
    """The browser, or a skip outside CI; in CI (CI=true) a missing browser fails."""
    found = chromium_path()
    if found:
        return found
    missing("Chromium", "apt-get install chromium")
