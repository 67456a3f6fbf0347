"""``campaign new --layout``: one strategy for everyone, or per player by strategy or file."""

from __future__ import annotations

import json
from pathlib import Path


def top_salts(gmtool) -> dict[str, list[int]]:  # type: ignore[no-untyped-def]
    doc = json.loads(gmtool("foodfight", "show", "--all", "--json").out)
    return {p["name"]: [pile[-1]["salt"] for pile in p["piles"]] for p in doc["players"]}


def create(gmtool, name: str, *layouts: str):  # type: ignore[no-untyped-def]
    """``campaign new NAME`` for Ana, Ben, Cy and Di with a ``--layout`` for each given."""
    options = [word for layout in layouts for word in ("--layout", layout)]
    players = ["--players", "Ana,Ben,Cy,Di"]
    return gmtool("campaign", "new", name, "--system", "foodfight", *players, *options)


def test_layout_for_everyone_and_for_one_player(gmtool) -> None:  # type: ignore[no-untyped-def]
    result = create(gmtool, "ff", "weakest_on_top", "Ben=strongest_on_top")
    assert result.code == 0, result.err
    tops = top_salts(gmtool)
    assert tops["Ana"] == tops["Cy"] == tops["Di"] == [1, 1, 2, 2, 3, 3, 4, 4, 5]
    assert tops["Ben"] == [9, 9, 8, 8, 7, 7, 6, 6, 5]


def test_layout_from_a_file(gmtool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    create(gmtool, "probe")
    cards = json.loads(gmtool("foodfight", "show", "--all", "--json").out)["players"][0]["piles"]
    # Ana's own cards, restacked: the bottom and top of every pile swapped.
    piles = [[pile[1]["food"], pile[0]["food"]] for pile in cards]
    layout = tmp_path / "ana.yaml"
    layout.write_text(json.dumps({"piles": piles}))
    result = create(gmtool, "ff2", f"Ana={layout}")
    assert result.code == 0, result.err
    mine = json.loads(gmtool("foodfight", "show", "--all", "--json").out)["players"][0]["piles"]
    assert [pile[-1]["food"] for pile in mine] == [pile[0]["food"] for pile in cards]


def test_layout_for_someone_not_playing_is_refused(gmtool) -> None:  # type: ignore[no-untyped-def]
    result = create(gmtool, "ff", "Zed=shuffled")
    assert result.code != 0 and "Zed" in result.err
    assert "ff" not in gmtool("campaign", "list").out


def test_command_line_layout_joins_the_files_layouts(gmtool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    campaign = tmp_path / "lunch.yaml"
    campaign.write_text(
        "system: foodfight\noptions:\n  players: [Ana, Ben, Cy, Di]\n"
        "  layouts:\n    Cy: strongest_on_top\n"
    )
    result = gmtool(
        "campaign", "new", "ff", "--from", str(campaign), "--layout", "Ben=strongest_on_top"
    )
    assert result.code == 0, result.err
    tops = top_salts(gmtool)
    assert tops["Ben"] == tops["Cy"] == [9, 9, 8, 8, 7, 7, 6, 6, 5]
