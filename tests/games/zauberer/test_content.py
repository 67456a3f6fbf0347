"""The packaged content holds every card of the rules, and a board is checked as a graph."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.errors import ContentError
from gmtool.games.zauberer.rules import board as graph
from gmtool.games.zauberer.rules.content import load_content

from .helpers import content

CARDS = {
    "fire": (
        "Fireball",
        "Flamethrower",
        "Flames of Fury",
        "Flame Spire",
        "Ember Staff",
        "Cleansing Fire",
        "Searing Ring",
        "Hell's Wrath",
    ),
    "air": (
        "Swirl",
        "Tornado",
        "Mysterious Fan",
        "Rippling Gale",
        "Hidden Gust",
        "Air Embodiment",
        "Get Outta Air",
        "Air to Air",
    ),
    "earth": (
        "Quicksand",
        "Meteor",
        "Unrelenting Shock",
        "Natural Barrier",
        "Growing Roots",
        "Stone Chamber",
        "Entanglement",
        "Earthquake",
    ),
    "water": (
        "Ice Pike",
        "Serpentine Cold",
        "Vaporous Field",
        "Ice Shield",
        "Ice Mirror",
        "Whirlpool",
        "Torrential Torrent",
        "H2O Portal",
    ),
}
TRAPS = (
    "Poison Veil",
    "Endless Pit",
    "Sticky Sap",
    "Magic Dart Trap",
    "Jack in the Box",
    "Shark Swirl",
    "Wormhole",
    "Blessed Trap",
)


def test_every_spell_card_of_the_rules_is_in_its_clans_deck() -> None:
    for clan, names in CARDS.items():
        deck = content().spells[clan]
        assert sorted(card.name for card in deck.values()) == sorted(names)
        kinds = [card.kind for card in deck.values()]
        assert kinds.count("attack") == 3 and kinds.count("defense") == 3
        assert kinds.count("noncombat") == 2


def test_the_eight_traps_and_the_clans() -> None:
    assert sorted(trap.name for trap in content().traps.values()) == sorted(TRAPS)
    clans = content().clans
    assert {c: clans[c].piece for c in clans} == {
        "fire": "red",
        "water": "blue",
        "air": "grey",
        "earth": "brown",
    }
    ring = [clans[c].advantage_over for c in ("fire", "water", "air", "earth")]
    assert ring == ["earth", "fire", "water", "air"]


def test_the_default_board_is_four_equal_arms_eight_steps_long() -> None:
    arena = content().boards["arena"]
    spaces = {name: space.model_dump() for name, space in arena.spaces.items()}
    distance = graph.distances(spaces, arena.centre)
    assert [distance[start] for start in arena.starts.values()] == [8, 8, 8, 8]
    assert len(spaces) == 45
    for arm in "nesw":
        colours = sorted(s["colour"] for n, s in spaces.items() if n.startswith(arm))
        assert colours.count("green") == 2 and colours.count("red") == 2
        assert colours.count("blue") == 1 and colours.count("white") == 6
    assert spaces["n1"]["next"] == ["na1", "nb1"]


def test_the_movement_table_gives_a_five_one_space() -> None:
    assert content().rules.movement == {1: 1, 2: 2, 3: 1, 4: 2, 5: 1, 6: 3}


@pytest.mark.parametrize(
    ("spaces", "message"),
    [
        (
            {"c": {"next": []}, "a": {"next": ["x"]}},
            "space a: next names 'x', which is not a space",
        ),
        ({"c": {"next": []}, "a": {"next": []}}, "space a: no way leads from it to the centre"),
        (
            {"c": {"next": []}, "a": {"next": ["b"]}, "b": {"next": ["a", "c"]}},
            "goes round in a loop: a -> b -> a",
        ),
    ],
)
def test_a_broken_board_is_described(spaces: dict, message: str) -> None:  # type: ignore[type-arg]
    found = graph.problems(spaces, "c", {"fire": "a"})
    assert any(message in problem for problem in found), found


def test_a_campaign_board_replaces_the_arena_when_chosen() -> None:
    small = {
        "centre": "c",
        "starts": {"fire": "f", "water": "w"},
        "spaces": {
            "c": {"colour": "centre", "next": []},
            "f": {"colour": "white", "next": ["c"]},
            "w": {"colour": "red", "next": ["c"]},
        },
    }
    loaded = load_content({"boards": {"duo": small}, "rules": {"board": "duo"}})
    assert loaded.rules.board == "duo" and set(loaded.boards) == {"arena", "duo"}


def test_gmtool_check_refuses_a_broken_board_with_its_line(gmtool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "broken.yaml"
    bad.write_text(
        "system: zauberer\n"
        "options:\n"
        "  teams: {fire: [Ana], water: [Bo]}\n"
        "content:\n"
        "  rules: {board: duo}\n"
        "  boards:\n"
        "    duo:\n"
        "      centre: c\n"
        "      starts: {fire: f, water: w}\n"
        "      spaces:\n"
        "        c: {colour: centre, next: []}\n"
        "        f: {colour: white, next: [nowhere]}\n"
        "        w: {colour: purple, next: [c]}\n",
        encoding="utf-8",
    )
    result = gmtool("check", str(bad))
    assert result.code == 3
    lines = result.err.strip().splitlines()
    assert any(f"{bad}:13: boards.duo.spaces.w.colour:" in line for line in lines), lines
    bad.write_text(bad.read_text().replace("purple", "red"), encoding="utf-8")
    result = gmtool("check", str(bad))
    assert result.code == 3
    assert f"{bad}:7: boards.duo:" in result.err
    assert "space f: next names 'nowhere', which is not a space" in result.err


def test_a_card_effect_must_fit_its_kind() -> None:
    with pytest.raises(ContentError, match="does not fit a card of kind attack"):
        load_content({"spells": {"fire": {"fireball": {"effect": {"kind": "block"}}}}})
    with pytest.raises(ContentError, match="needs amount"):
        load_content(
            {"spells": {"fire": {"fireball": {"effect": {"kind": "power", "amount": None}}}}}
        )
