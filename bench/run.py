"""Run every benchmark and print its figures: ``python bench/run.py``."""

from __future__ import annotations

import runpy
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent


def main() -> None:
    sys.path.insert(0, str(HERE))
    for script in sorted(HERE.glob("*.py")):
        if script.name in ("run.py", "common.py"):
            continue
        print(f"== {script.stem}")
        runpy.run_path(str(script), run_name="__main__")
        print()


if __name__ == "__main__":
    main()
