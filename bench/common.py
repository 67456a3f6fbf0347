"""Helpers for the benchmarks: a scratch GMTOOL_HOME and a timer for whole commands."""

from __future__ import annotations

import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

GMTOOL = [sys.executable, "-m", "gmtool"]


def scratch_home() -> Path:
    """A fresh GMTOOL_HOME, and bytecode compiled as an installed package has it.

    pip compiles a package's modules when it installs them; an editable checkout (or a
    shell with PYTHONDONTWRITEBYTECODE set) would otherwise recompile gmtool on every run
    and measure the compiler, not gmtool.
    """
    import compileall

    import gmtool

    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)
    compileall.compile_dir(Path(gmtool.__file__).parent, quiet=1)
    home = Path(tempfile.mkdtemp(prefix="gmtool-bench-"))
    os.environ["GMTOOL_HOME"] = str(home)
    return home


def time_commands(*commands: list[str], runs: int = 15) -> list[float]:
    """The median wall time of each command in seconds, after one warm-up run each.

    The commands take turns, run after run, so a machine that slows down or speeds up
    while measuring weighs on all of them alike and their ratio stays fair.
    """
    for argv in commands:
        subprocess.run(argv, check=True, capture_output=True)
    samples: list[list[float]] = [[] for _ in commands]
    for _ in range(runs):
        for argv, times in zip(commands, samples, strict=True):
            start = time.perf_counter()
            subprocess.run(argv, check=True, capture_output=True)
            times.append(time.perf_counter() - start)
    return [statistics.median(times) for times in samples]


def gmtool(*args: str) -> list[str]:
    return [*GMTOOL, *args]
