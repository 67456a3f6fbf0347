"""Live screens of ``gmtool serve``: how soon a move made on one phone reaches every other
open screen, and how many screens the server holds at once.

A Food Fight match is served; five phones (the four players, and a second phone of Ana's)
and the table screen are opened as real event-stream clients, each from an address of its
own (127.0.0.N), each fetching its own part of the page when told of a change, as the
pages' script does. The players discard in turn from their phones while the GM rolls from
the command line all along; for each move, the time from the phone's post to the moment
every other screen holds its redrawn part is one sample (target: median ≤ 150 ms, p99 ≤
500 ms). Then 200 screens are opened at once and the GM rolls: every one of them must hear
of it. Then the moves once more in Chromium (``web_browser``). ``web_figures(bench)`` is one
part of ``run.py``; run alone with ``python bench/web_live.py``.
"""

from __future__ import annotations

import asyncio
import re
import statistics
import subprocess
import threading
import time
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import urlencode, urlsplit

from common import Bench, Figure
from web_browser import TABS, browser_samples, median_ms

PLAYERS = ["Ana", "Bo", "Cy", "Di"]
MOVES = 60
HELD = 200
LINK = re.compile(r"^  (?P<seat>[^:]+): http://\S+/p/(?P<token>[\w-]+)$")
TABLE = re.compile(r"table screen: (?P<url>http://\S+)/$")
SEEN = re.compile(rb'name="seen" value="([0-9a-f]+)"')


@dataclass
class Served:
    process: subprocess.Popen[str]
    host: str
    port: int
    tokens: dict[str, str] = field(default_factory=dict)


def serve(bench: Bench, name: str) -> Served:
    process = subprocess.Popen(
        bench.gmtool("-c", name, "serve", "--no-open", "--port", "0"),
        env=bench.env,
        cwd=bench.home,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
    )
    assert process.stdout is not None
    tokens: dict[str, str] = {}
    base = ""
    for line in process.stdout:
        line = line.rstrip("\n")
        if found := TABLE.search(line):
            base = found["url"]
        if found := LINK.match(line):
            tokens[found["seat"]] = found["token"]
        if line.startswith("Listening"):
            break
    if not base:
        process.kill()
        raise RuntimeError("gmtool serve did not start")
    where = urlsplit(base)
    assert where.hostname and where.port
    return Served(process, where.hostname, where.port, tokens)


async def request(
    served: Served, path: str, *, source: str, body: dict[str, str] | None = None
) -> bytes:
    """One request on a connection of its own; the whole answer."""
    reader, writer = await asyncio.open_connection(served.host, served.port, local_addr=(source, 0))
    host = f"{served.host}:{served.port}"
    if body is None:
        head = f"GET {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n"
        writer.write(head.encode())
    else:
        data = urlencode(body).encode()
        head = (
            f"POST {path} HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n"
            f"Origin: http://{host}\r\nContent-Type: application/x-www-form-urlencoded\r\n"
            f"Content-Length: {len(data)}\r\n\r\n"
        )
        writer.write(head.encode() + data)
    await writer.drain()
    answer = await reader.read()
    writer.close()
    return answer


class Screen:
    """One open screen: an event stream, and its part fetched again on every change."""

    def __init__(self, served: Served, part: str, source: str) -> None:
        self.served = served
        self.part = part
        self.source = source
        self.version = ""
        self.redrawn: dict[str, float] = {}  # version -> when its part was in
        self.heard: dict[str, float] = {}  # version -> when the event came
        self.changed = asyncio.Event()
        self.task: asyncio.Task[None] | None = None
        self.open = asyncio.Event()

    async def run(self, redraw: bool = True) -> None:
        reader, writer = await asyncio.open_connection(
            self.served.host, self.served.port, local_addr=(self.source, 0)
        )
        host = f"{self.served.host}:{self.served.port}"
        writer.write(f"GET /events HTTP/1.1\r\nHost: {host}\r\n\r\n".encode())
        await writer.drain()
        try:
            while line := await reader.readline():
                if not line.startswith(b"data: "):
                    continue
                version = line[6:].strip().decode()
                now = time.perf_counter()
                self.heard.setdefault(version, now)
                self.open.set()
                if redraw and version != self.version:
                    self.version = version
                    await request(self.served, self.part, source=self.source)
                    self.redrawn[version] = time.perf_counter()
                self.changed.set()
        finally:
            writer.close()


def gm_rolling(bench: Bench, name: str, stop: threading.Event) -> None:
    """The GM at the terminal, rolling freely all along."""
    while not stop.is_set():
        subprocess.run(
            bench.gmtool("-c", name, "roll", "1d20"),
            env=bench.env,
            cwd=bench.home,
            capture_output=True,
        )


async def moves_reach_every_screen(served: Served) -> list[float]:
    phones = [(seat, served.tokens[seat]) for seat in PLAYERS] + [("Ana", served.tokens["Ana"])]
    screens = [Screen(served, "/part", "127.0.0.2")]
    for n, (_, token) in enumerate(phones):
        screens.append(Screen(served, f"/p/{token}/part", f"127.0.0.{n + 3}"))
    for screen in screens:
        screen.task = asyncio.create_task(screen.run())
    await asyncio.wait_for(asyncio.gather(*(s.open.wait() for s in screens)), 10)
    samples = []
    pile = 1
    for move in range(MOVES):
        seat = PLAYERS[move % len(PLAYERS)]
        mover = 1 + PLAYERS.index(seat)
        others = [s for n, s in enumerate(screens) if n != mover]
        page = await request(served, f"/p/{served.tokens[seat]}", source=screens[mover].source)
        seen = SEEN.search(page)
        form = {
            "move": "discard",
            "pile": str(pile),
            **({"seen": seen[1].decode()} if seen else {}),
        }
        before = {id(s): set(s.redrawn) for s in others}
        started = time.perf_counter()
        answer = await request(
            served, f"/p/{served.tokens[seat]}/move", source=screens[mover].source, body=form
        )
        if b"refused" in answer:
            pile = pile % 6 + 1
            continue
        deadline = started + 5
        done_at = None
        while time.perf_counter() < deadline:
            fresh = [set(s.redrawn) - before[id(s)] for s in others]
            if all(fresh):
                done_at = max(
                    min(s.redrawn[v] for v in new) for s, new in zip(others, fresh, strict=True)
                )
                break
            await asyncio.sleep(0.002)
        if done_at is None:
            raise RuntimeError(f"move {move} did not reach every screen within 5 s")
        samples.append(done_at - started)
        await asyncio.sleep(0.05)
    for screen in screens:
        assert screen.task is not None
        screen.task.cancel()
    return samples


async def screens_held(
    served: Served, gm_roll: list[str], env: dict[str, str], cwd: Path
) -> tuple[int, float]:
    """``HELD`` screens open at once (four per address, as the server allows one client),
    then the GM rolls: how many heard of it, and how soon after the GM's command began the
    last one did (a Python start, the roll, and the server's look five times a second)."""
    screens = [
        Screen(served, "/part", f"127.0.{1 + n // 200}.{2 + (n // 4) % 200}") for n in range(HELD)
    ]
    for screen in screens:
        screen.task = asyncio.create_task(screen.run(redraw=False))
    await asyncio.wait_for(asyncio.gather(*(s.open.wait() for s in screens)), 30)
    versions = {v for s in screens for v in s.heard}
    started = time.perf_counter()  # the GM types the command (Python starts, then rolls)
    done = await asyncio.create_subprocess_exec(
        *gm_roll, env=env, cwd=cwd, stdout=asyncio.subprocess.DEVNULL
    )
    await done.wait()
    await asyncio.sleep(2)
    heard = [
        min(t for v, t in s.heard.items() if v not in versions)
        for s in screens
        if set(s.heard) - versions
    ]
    for screen in screens:
        assert screen.task is not None
        screen.task.cancel()
    return len(heard), (max(heard) - started if heard else float("inf"))


def new_match(bench: Bench, name: str) -> None:
    players = ",".join(PLAYERS)
    bench.run(
        bench.gmtool(
            *("campaign", "new", name, "--system", "foodfight", "--players", players),
            *("--starter", "Ana", "--seed", "7"),
        )
    )


def stop_serving(served: Served) -> None:
    served.process.send_signal(2)
    with suppress(subprocess.TimeoutExpired):
        served.process.communicate(timeout=10)
    if served.process.poll() is None:
        served.process.kill()


def web_figures(bench: Bench) -> list[Figure]:
    new_match(bench, "web-live")
    served = serve(bench, "web-live")
    stop = threading.Event()
    gm = threading.Thread(target=gm_rolling, args=(bench, "web-live", stop))
    try:
        gm.start()
        samples = asyncio.run(moves_reach_every_screen(served))
        stop.set()
        gm.join()
        gm_roll = bench.gmtool("-c", "web-live", "roll", "1d6")
        held, last = asyncio.run(screens_held(served, gm_roll, bench.env, bench.home))
        base = f"http://{served.host}:{served.port}"
        in_browser = browser_samples(base, served.tokens, PLAYERS)
    finally:
        stop.set()
        stop_serving(served)
    new_match(bench, "web-tabs")  # a match of its own: the first one is near its end
    served = serve(bench, "web-tabs")
    try:
        base = f"http://{served.host}:{served.port}"
        in_tabs = browser_samples(base, served.tokens, PLAYERS, tabs=TABS)
    finally:
        stop_serving(served)
    samples.sort()
    median = statistics.median(samples) * 1000
    p99 = samples[min(len(samples) - 1, int(len(samples) * 0.99))] * 1000
    if isinstance(in_browser, str):
        browser = Figure("the same in Chromium", f"not measured: {in_browser}", "", "", None)
    else:
        shown = median_ms(in_browser)
        browser = Figure(
            f"the same in Chromium: the table and 3 phones ({len(in_browser)} moves), median",
            f"{shown:.0f} ms",
            "",
            "≤ 150 ms",
            shown <= 150,
        )
    if isinstance(in_tabs, str):
        tabs = Figure("six tabs of one browser", f"not measured: {in_tabs}", "", "", None)
    else:
        shown = median_ms(in_tabs)
        apart = "" if isinstance(in_browser, str) else f"{median_ms(in_browser):.0f} ms"
        tabs = Figure(
            f"the same in six tabs of one Chromium, one stream shared ({len(in_tabs)} moves),"
            " median",
            f"{shown:.0f} ms",
            f"4 browsers apart: {apart}" if apart else "",
            "",
            None,
        )
    return [
        Figure(
            f"a phone's move on the 5 other screens, GM rolling ({len(samples)} moves), median",
            f"{median:.0f} ms",
            "",
            "≤ 150 ms",
            median <= 150,
        ),
        Figure(
            "the same, p99",
            f"{p99:.0f} ms",
            "",
            "≤ 500 ms",
            p99 <= 500,
        ),
        browser,
        tabs,
        Figure(
            f"screens held at once, told of a GM's roll (the last {last * 1000:.0f} ms"
            " after the command began)",
            f"{held}",
            f"{HELD} opened",
            f"{HELD}",
            held == HELD,
        ),
    ]


def main() -> None:
    from common import REPO

    bench = Bench.install(REPO, 1)
    print("| what | figure | against | target | met |")
    print("|---|---|---|---|---|")
    for figure in web_figures(bench):
        print(figure.row(), flush=True)


if __name__ == "__main__":
    main()
