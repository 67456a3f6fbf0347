"""The short run of ``bench/kill.py``: a roll, ``campaign new`` and ``campaign rebuild``
killed with SIGKILL as they enter one of their file operations (every 40th), each leaving a
whole campaign under its name (or, for ``new``, none), no acknowledged entry lost, no
temporary file behind after the next run."""

from __future__ import annotations

import shutil

from tests.core.test_rebuild import load_bench
from tests.missing import missing


def test_a_kill_at_any_file_operation_leaves_the_campaign_whole() -> None:
    if shutil.which("strace") is None:
        missing("strace", "apt-get install strace")
    results = load_bench("kill").run(every=40)
    for kind, counts in results.items():
        assert counts["operations"] >= 20, (kind, counts)
        assert counts["kills"] >= 1 and counts["bad"] == 0, (kind, counts)
