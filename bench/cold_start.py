"""Cold start: ``gmtool -c C roll 1d20`` (parse, roll, log, print) against
``python -c "import d20; d20.roll('1d20')"`` on the same machine."""

from __future__ import annotations

import subprocess
import sys

from common import gmtool, scratch_home, time_commands


def main() -> None:
    scratch_home()
    subprocess.run(
        gmtool("campaign", "new", "bench", "--system", "originem"), check=True, capture_output=True
    )
    roll = gmtool("-c", "bench", "roll", "1d20")
    try:
        import d20  # noqa: F401
    except ImportError:
        (ours,) = time_commands(roll)
        print(f"gmtool -c bench roll 1d20      {ours * 1000:7.1f} ms (median)")
        print("d20 is not installed: pip install -e '.[bench]' to compare")
        return
    ours, theirs = time_commands(roll, [sys.executable, "-c", "import d20; d20.roll('1d20')"])
    print(f"gmtool -c bench roll 1d20      {ours * 1000:7.1f} ms (median)")
    print(f"python -c 'import d20; roll'   {theirs * 1000:7.1f} ms (median)")
    print(f"ratio gmtool / d20             {ours / theirs:7.2f}  (below 1.00 is faster)")


if __name__ == "__main__":
    main()
