"""Zoltan power, slug minds and the augments from the command line: JSON and refusals."""

from __future__ import annotations

import json
from pathlib import Path


def _campaign(gmtool, tmp_path: Path, reach: str = "anywhere") -> None:  # type: ignore[no-untyped-def]
    campaign = tmp_path / "races.yaml"
    campaign.write_text(
        "system: ftl\noptions:\n  ships: {Red: ftl-red.yaml, Blue: ftl-blue.yaml}\n"
        f"content:\n  battle:\n    slug_mind: {{reach: {reach}, rest_seconds: 15}}\n"
    )
    assert gmtool("campaign", "new", "races", "--from", str(campaign)).code == 0


def _entries(gmtool) -> int:  # type: ignore[no-untyped-def]
    return len(json.loads(gmtool("log", "--format", "json").out))


def test_the_zoltan_bar_and_a_slugs_mind_in_the_json(gmtool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _campaign(gmtool, tmp_path)
    shown = json.loads(gmtool("ftl", "show", "Blue", "--json").out)["ships"]["Blue"]
    engines = shown["systems"]["engines"]  # Ivy the Zoltan stands there: 1 of its 2 bars
    assert (engines["power"], engines["zoltan"]) == (2, 1)
    assert shown["augments_outside_battle"] == {} and shown["zoltan_shield"] == 0
    result = gmtool("ftl", "mind", "Blue", "Cy", "--by", "Eve", "--json")
    assert result.code == 0, result.err
    assert json.loads(result.out)["order"]["by"] == "Eve"
    doc = json.loads(gmtool("ftl", "tick", "--json").out)
    cy = next(c for c in doc["ships"]["Red"]["crew"] if c["name"] == "Cy")
    assert cy["controlled_by"] == "Blue"
    assert "Blue slug Eve takes Cy's mind for 3s" in gmtool("log").out


def test_refusals_name_the_rule_and_write_nothing(gmtool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    _campaign(gmtool, tmp_path, reach="same_room")
    before = _entries(gmtool)
    for args, words in [
        (("power", "Blue", "engines", "0"), "1 of Blue's engines bars come from Zoltan crew"),
        (("mind", "Blue", "Cy", "--by", "Fay"), "Fay is a human: only slugs take minds"),
        (("mind", "Blue", "Cy", "--by", "Eve"), "Eve reaches only minds in its room"),
        (("mind", "Red", "Eve", "--by", "Ana"), "Ana is a human: only slugs take minds"),
        (("mind", "Blue", "Zed", "--by", "Eve"), "unknown crew member of Red"),
    ]:
        result = gmtool("ftl", *args)
        assert result.code in (2, 4) and words in result.err, (args, result.err)
        assert result.err.count("\n") == 1
    assert _entries(gmtool) == before
