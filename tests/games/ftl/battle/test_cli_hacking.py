"""A hack from the command line: the hacking drone launched, in flight, shown, landing."""

from __future__ import annotations

import json
from pathlib import Path

from gmtool.content.paths import packaged


def _campaign(gmtool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    """Red Kestrel with a level-1 hacking system in its hall."""
    text = packaged("campaigns", "ftl-red.yaml").read_text()
    text = text.replace("size: 2x1}\n", "size: 2x1, system: hacking}\n", 1)
    text = text.replace("  piloting: 2\n", "  piloting: 2\n  hacking: 1\n")
    assert "system: hacking}" in text
    red = tmp_path / "red-hacker.yaml"
    red.write_text(text)
    campaign = tmp_path / "hack.yaml"
    campaign.write_text(f"system: ftl\noptions:\n  ships: {{Red: {red}, Blue: ftl-blue.yaml}}\n")
    assert gmtool("campaign", "new", "hack", "--from", str(campaign)).code == 0


def test_a_hack_flies_then_lands(gmtool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _campaign(gmtool, tmp_path)
    for args in (("power", "Red", "medbay", "0"), ("power", "Red", "hacking", "1")):
        result = gmtool("ftl", *args)
        assert result.code == 0, result.err
    launched = gmtool("ftl", "hack", "Red", "piloting")
    assert launched.code == 0, launched.err
    assert "Red launches a hacking drone at Blue's piloting (lands at 2s)" in launched.out
    doc = json.loads(gmtool("ftl", "tick", "--json").out)
    (flying,) = doc["in_flight"]
    assert (flying["weapon"], flying["system"], flying["arrives"]) == (
        "hacking_drone",
        "piloting",
        2,
    )
    assert doc["ships"]["Blue"]["hacked"] is None
    shown = gmtool("ftl", "show")
    assert "Red hacking_drone -> Blue" in shown.out and "to hack piloting" in shown.out
    landed = gmtool("ftl", "tick")
    assert landed.code == 0 and "Red hacks Blue's piloting" in landed.out
    doc = json.loads(gmtool("ftl", "show", "--json").out)
    assert doc["ships"]["Blue"]["hacked"] == "piloting" and doc["in_flight"] == []
