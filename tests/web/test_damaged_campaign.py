"""``serve`` holds its campaign open for hours: every phone move still runs the check a
command makes before it writes, and a campaign damaged meanwhile is refused in the same one
line, naming ``campaign verify``, with nothing written and the damage not sealed over."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from tests.web.client import Table, entries


def test_a_phone_move_on_a_forged_state_is_refused_naming_verify(
    table: Table, gmtool, gmtool_home: Path
) -> None:  # type: ignore[no-untyped-def]
    assert "refused" not in table.post("Ana", move="discard", pile="2").text
    assert len(entries(gmtool)) == 1
    conn = sqlite3.connect(gmtool_home / "campaigns" / "ff.db", isolation_level=None)
    conn.execute("UPDATE game SET state = json_set(state, '$.turn', 3)")
    conn.close()
    for seat in ("Bo", "Bo"):  # and again: it stays refused
        shown = table.post(seat, move="discard", pile="1")
        notice = shown.text.split('<p class="notice refused">', 1)[1].split("</p>", 1)[0]
        assert "does not match its checksum" in notice and "campaign verify ff" in notice
        assert "\n" not in notice
    assert len(entries(gmtool)) == 1
    assert gmtool("campaign", "verify", "ff").code == 6  # not sealed over
    assert "campaign verify ff" in gmtool("-c", "ff", "roll", "1d6").err
