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


def time_command(argv: list[str], runs: int = 15) -> float:
    """The median wall time of ``argv`` in seconds, after one warm-up run."""
    subprocess.run(argv, check=True, capture_output=True)
    samples = []
    for _ in range(runs):
        start = time.perf_counter()
        subprocess.run(argv, check=True, capture_output=True)
        samples.append(time.perf_counter() - start)
    return statistics.median(samples)


def gmtool(*args: str) -> list[str]:
    return [*GMTOOL, *args]
