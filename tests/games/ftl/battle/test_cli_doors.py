"""Doors and crystal locks from the command line: orders, refusals, show, undo."""

from __future__ import annotations

import json
from pathlib import Path

from gmtool.content.paths import packaged


def _campaign(gmtool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Red Kestrel with its rockman Bo a crystal instead (level 2 doors)."""
    text = packaged("campaigns", "ftl-red.yaml").read_text()
    red = tmp_path / "red-crystal.yaml"
    red.write_text(text.replace("{name: Bo, race: rockman", "{name: Bo, race: crystal"))
    campaign = tmp_path / "locks.yaml"
    campaign.write_text(f"system: ftl\noptions:\n  ships: {{Red: {red}, Blue: ftl-blue.yaml}}\n")
    assert gmtool("campaign", "new", "locks", "--from", str(campaign)).code == 0


def _entries(gmtool) -> int:  # type: ignore[no-untyped-def]
    return len(json.loads(gmtool("log", "--format", "json").out))


def test_doors_and_locks_from_the_command_line(gmtool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _campaign(gmtool, tmp_path)
    before = _entries(gmtool)
    for args, code, words in (
        (("ftl", "lock", "Red", "Ana", "bridge"), 4, "only crystal crew lock doors"),
        (("ftl", "lock", "Red", "Bo", "hall"), 4, "no door between shield_room and hall"),
        (("ftl", "lock", "Red", "Bo", "nowhere"), 2, "unknown room of Red"),
        (("ftl", "doors", "Red", "armoury", "open", "--to", "hall"), 4, "no door between"),
        (("ftl", "doors", "Red", "armoury", "shut", "--to", "shield_room"), 2, "neither"),
    ):
        result = gmtool(*args)
        assert result.code == code, (args, result.err)
        assert words in result.err and result.err.count("\n") == 1, (args, result.err)
    assert _entries(gmtool) == before
    result = gmtool("ftl", "lock", "Red", "Bo", "bridge")
    assert result.code == 0 and "Bo locks Red's door bridge/shield_room for 15s" in result.out
    opened = gmtool("ftl", "doors", "Red", "armoury", "open", "--to", "shield_room")
    assert opened.code == 0 and "opens the door armoury/shield_room" in opened.out
    doc = json.loads(gmtool("ftl", "tick", "--json").out)
    doors = doc["ships"]["Red"]["doors"]
    assert doors["level"] == 2 and doors["health"] == 100
    assert doors["doors"]["bridge/shield_room"]["lock_seconds"] == 14
    assert doors["doors"]["armoury/shield_room"]["open"] is True
    shown = gmtool("ftl", "show", "Red")
    assert "bridge/shield_room locked 14 s" in shown.out and "armoury/shield_room open" in shown.out
    assert gmtool("undo").code == 0 and gmtool("undo").code == 0 and gmtool("undo").code == 0
    doc = json.loads(gmtool("ftl", "show", "--json").out)
    assert doc["ships"]["Red"]["doors"]["doors"]["bridge/shield_room"]["lock_seconds"] == 0
