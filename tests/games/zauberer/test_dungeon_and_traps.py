"""Dungeons at every band edge, one spell in hand, and every trap card."""

from __future__ import annotations

import pytest

from gmtool.errors import RulesError

from .helpers import at_phase, give, play, put, start, team

DUNGEON = {"type": "dungeon"}


def on_dungeon(spell: str | None = None) -> dict:  # type: ignore[type-arg]
    state = start()
    put(state, "fire", "nb1")
    team(state, "fire")["trail"] = ["n0", "n1", "nb1"]
    if spell:
        give(state, "fire", spell)
    return at_phase(state, "dungeon")


@pytest.mark.parametrize(
    ("faces", "outcome"),
    [
        ((1, 1), "back"),
        ((1, 2), "nothing"),
        ((2, 1), "nothing"),
        ((1, 6), "nothing"),
        ((6, 1), "nothing"),
        ((2, 2), "spell"),
        ((2, 6), "spell"),
        ((6, 6), "spell"),
    ],
)
def test_dungeon_outcomes_by_the_dice(faces: tuple[int, int], outcome: str) -> None:
    done = play(on_dungeon(), DUNGEON, *faces)
    assert done.result["outcome"] == outcome and done.result["dice"] == list(faces)
    fire = team(done.state, "fire")
    if outcome == "spell":
        assert fire["spell"] in done.state["cards"]
        assert done.state["cards"][fire["spell"]]["clan"] == "fire"
        assert fire["spell"] not in done.state["decks"]["fire"]
        assert len(done.state["decks"]["fire"]) == 7
    else:
        assert fire["spell"] is None and done.result["card"] is None
    assert fire["space"] == ("n1" if outcome == "back" else "nb1")
    assert done.state["phase"] == "end"
    assert list(done.result) == ["team", "dice", "outcome", "card"]


def test_the_drawn_card_is_secret_in_the_log() -> None:
    done = play(on_dungeon(), DUNGEON, 3, 4)
    name = done.state["cards"][done.result["card"]]["name"]
    assert done.outcome == "dice 3, 4: draws a spell card" and name not in done.outcome


def test_a_second_spell_needs_the_first_put_back() -> None:
    state = on_dungeon("fireball")
    with pytest.raises(RulesError, match="fire already holds a spell: a team holds one at a time"):
        play(state, DUNGEON, 3, 4)
    done = play(state, {**DUNGEON, "return_spell": True, "card": "flamethrower"}, 3, 4)
    assert team(done.state, "fire")["spell"] == "flamethrower"
    assert "fireball" in done.state["decks"]["fire"]
    assert done.outcome.startswith("puts its spell back; dice 3, 4")


def test_a_named_card_must_lie_in_the_clans_pile() -> None:
    with pytest.raises(RulesError, match="Meteor is not in the fire spell pile"):
        play(on_dungeon(), {**DUNGEON, "card": "meteor"}, 3, 4)
    with pytest.raises(RulesError, match="the dungeon gave nothing"):
        play(on_dungeon(), {**DUNGEON, "card": "fireball"}, 1, 4)


def test_entering_a_dungeon_only_on_a_dungeon() -> None:
    with pytest.raises(RulesError, match="fire cannot enter a dungeon now"):
        play(at_phase(start(), "white"), DUNGEON, 3, 4)


# -- traps ---------------------------------------------------------------------------------


def on_trap() -> dict:  # type: ignore[type-arg]
    state = start()
    put(state, "fire", "na2")
    team(state, "fire")["trail"] = ["n0", "n1", "na1", "na2"]
    return at_phase(state, "trap")


def spring(card: str) -> dict:  # type: ignore[type-arg]
    done = play(on_trap(), {"type": "trap", "card": card})
    assert done.result["trap"] == card
    assert card in done.state["trap_discards"] and card not in done.state["trap_deck"]
    return done.state


@pytest.mark.parametrize(
    "card", ["poison_veil", "endless_pit", "sticky_sap", "magic_dart_trap", "shark_swirl"]
)
def test_traps_that_act_later_are_kept_on_the_team(card: str) -> None:
    state = spring(card)
    assert [effect["id"] for effect in team(state, "fire")["effects"]] == [card]
    assert state["phase"] == "end"


def test_endless_pit_skips_the_next_turn() -> None:
    state = spring("endless_pit")
    for clan in ("water", "air", "earth"):
        done = play(at_phase(state, "end"), {"type": "end_turn"})
        assert done.result["next"] == clan and done.result["skipped"] == []
        state = done.state
    done = play(at_phase(state, "end"), {"type": "end_turn"})
    assert done.result["skipped"] == ["fire"] and done.result["next"] == "water"
    assert done.outcome == "ends its turn; fire misses a turn"
    assert team(done.state, "fire")["effects"] == []


def test_jack_in_the_box_sends_the_spell_back() -> None:
    state = on_trap()
    give(state, "fire", "fireball")
    done = play(state, {"type": "trap", "card": "jack_in_the_box"})
    assert team(done.state, "fire")["spell"] is None
    assert "fireball" in done.state["decks"]["fire"]


def test_wormhole_moves_back_two_and_ends_the_turn() -> None:
    done = play(on_trap(), {"type": "trap", "card": "wormhole"})
    assert team(done.state, "fire")["space"] == "n1"
    assert done.state["teams"][done.state["turn"]]["clan"] == "water"
    assert done.outcome.endswith("(now on n1)")


def test_blessed_trap_is_a_dungeon() -> None:
    state = spring("blessed_trap")
    assert state["phase"] == "dungeon"
    done = play(state, DUNGEON, 5, 5)
    assert done.result["outcome"] == "spell"


def test_a_trap_is_drawn_only_on_a_trap_and_once() -> None:
    with pytest.raises(RulesError, match="fire cannot draw a trap card now"):
        play(at_phase(start(), "white"), {"type": "trap"})
    state = spring("wormhole")
    state = at_phase(state, "trap")
    state["turn"] = 0
    with pytest.raises(RulesError, match="Wormhole is not in the trap pile"):
        play(state, {"type": "trap", "card": "wormhole"})


def test_an_empty_trap_pile_is_shuffled_again() -> None:
    state = on_trap()
    state["trap_discards"] = list(state["trap_deck"])
    state["trap_deck"] = []
    done = play(state, {"type": "trap"})
    assert len(done.state["trap_deck"]) == 7 and done.state["trap_discards"] == [
        done.result["trap"]
    ]
