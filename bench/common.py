"""What every benchmark needs: gmtool installed as a user has it, a scratch GMTOOL_HOME,
commands timed in turn with their yardstick, and a command's peak memory."""

from __future__ import annotations

import atexit
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path

PYTHON = sys.executable
REPO = Path(__file__).resolve().parent.parent
COMPILE_SWITCH = "HATCH_BUILD_HOOK_ENABLE_CUSTOM"
"""Set, ``pip install`` compiles the simulators' hot modules with mypyc (docs/speed.md)."""


@dataclass
class Bench:
    """An installed gmtool (non-editable, bytecode compiled by pip) and its scratch home."""

    site: Path
    home: Path
    rounds: int
    env: dict[str, str] = field(default_factory=dict)
    install_seconds: float = 0.0

    @classmethod
    def install(cls, tree: Path, rounds: int, *, compiled: bool = False) -> Bench:
        """``compiled``: with the opt-in mypyc build (hatch_build.py), which needs a C
        compiler; a failed build raises RuntimeError."""
        site = scratch("gmtool-bench-site-")
        install_env = {k: v for k, v in os.environ.items() if not k.startswith("HATCH_BUILD")}
        if compiled:
            install_env[COMPILE_SWITCH] = "1"
        started = time.perf_counter()
        done = subprocess.run(
            [PYTHON, "-m", "pip", "install", "-q", "--no-deps", "--target", str(site), str(tree)],
            env=install_env,
            capture_output=True,
            text=True,
        )
        install_seconds = time.perf_counter() - started
        if done.returncode != 0:
            raise RuntimeError(f"installing {tree} failed: {done.stderr.strip()[-300:]}")
        if compiled and not any((site / "gmtool").rglob("*.so")):
            raise RuntimeError(f"{tree} has no compiled build")
        home = scratch("gmtool-bench-home-")
        env = {k: v for k, v in os.environ.items() if not k.startswith(("GMTOOL", "PYTHON"))}
        env.update(GMTOOL_HOME=str(home), PYTHONPATH=str(site))
        return cls(site, home, rounds, env, install_seconds)

    def gmtool(self, *args: str) -> list[str]:
        """A gmtool command line. Every command runs in the scratch home, so ``-m gmtool``
        finds the installed copy, not a checkout in the current folder."""
        return [PYTHON, "-m", "gmtool", *args]

    def run(self, argv: list[str], *, stdin: str | None = None) -> str:
        done = subprocess.run(
            argv, env=self.env, cwd=self.home, capture_output=True, text=True, input=stdin
        )
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(argv)} failed: {done.stderr.strip()}")
        return done.stdout

    def time_rounds(self, steps: list[Step]) -> dict[str, float]:
        """Median seconds of each timed step; the steps run in turn, round after round, so a
        machine that slows down weighs on a command and its yardstick alike."""
        for step in steps:  # warm-up: caches, bytecode, the content cache
            self._once(step)
        samples: dict[str, list[float]] = {step.label: [] for step in steps if step.timed}
        for _ in range(self.rounds):
            for step in steps:
                seconds = self._once(step)
                if step.timed:
                    samples[step.label].append(seconds)
        return {label: statistics.median(times) for label, times in samples.items()}

    def _once(self, step: Step) -> float:
        started = time.perf_counter()
        done = subprocess.run(step.argv, env=self.env, cwd=self.home, capture_output=True)
        seconds = time.perf_counter() - started
        if done.returncode != 0:
            raise RuntimeError(f"{' '.join(step.argv)} failed: {done.stderr.decode().strip()}")
        return seconds

    def peak(self, argv: list[str]) -> tuple[float, float, int]:
        """Wall seconds, CPU seconds and peak resident memory (bytes) of one run, its output
        discarded. On a shared machine the CPU time is the steadier figure: the wall time
        also counts the time other processes held the cores."""
        started = time.perf_counter()
        process = subprocess.Popen(argv, env=self.env, cwd=self.home, stdout=subprocess.DEVNULL)
        _, status, usage = os.wait4(process.pid, 0)
        seconds = time.perf_counter() - started
        process.returncode = os.waitstatus_to_exitcode(status)
        if process.returncode != 0:
            raise RuntimeError(f"{' '.join(argv)} failed with {process.returncode}")
        return seconds, usage.ru_utime + usage.ru_stime, usage.ru_maxrss * 1024


def scratch(prefix: str) -> Path:
    """A temporary folder removed when the bench ends (a million-row log fills hundreds of
    megabytes)."""
    path = Path(tempfile.mkdtemp(prefix=prefix))
    atexit.register(shutil.rmtree, path, ignore_errors=True)
    return path


@dataclass
class Step:
    label: str
    argv: list[str]
    timed: bool = True


@dataclass
class Figure:
    """One line of the speed table."""

    what: str
    value: str
    yardstick: str
    target: str
    met: bool | None

    def row(self) -> str:
        verdict = {True: "yes", False: "**no**", None: ""}[self.met]
        return f"| {self.what} | {self.value} | {self.yardstick} | {self.target} | {verdict} |"
