"""The movement die, forks, dungeons that stop a move, the centre, and the space landed on."""

from __future__ import annotations

import pytest

from gmtool.errors import DiceError, RulesError, UsageError

from .helpers import play, put, start, team

MOVE = {"type": "move"}


@pytest.mark.parametrize(
    ("face", "steps", "to"),
    [(1, 1, "n1"), (2, 2, "na1"), (3, 1, "n1"), (4, 2, "na1"), (5, 1, "n1"), (6, 3, "na2")],
)
def test_each_face_moves_by_the_table(face: int, steps: int, to: str) -> None:
    result = play(start(), MOVE, face).result
    assert result["die"] == face and result["steps"] == steps and result["moved"] == steps
    assert result["from"] == "n0" and result["to"] == to


def test_the_result_has_exactly_the_contract_keys() -> None:
    result = play(start(), MOVE, 1).result
    assert list(result) == [
        "team",
        "die",
        "steps",
        "moved",
        "from",
        "to",
        "space",
        "stopped_by",
        "next",
    ]
    assert result == {
        "team": "fire",
        "die": 1,
        "steps": 1,
        "moved": 1,
        "from": "n0",
        "to": "n1",
        "space": "white",
        "stopped_by": None,
        "next": "white",
    }


def test_a_fork_takes_the_way_named_or_the_first_listed() -> None:
    assert play(start(), MOVE, 4).result["to"] == "na1"
    outcome = play(start(), {**MOVE, "ways": ["nb1"]}, 6)
    # nb1 is a dungeon: the move stops there although the die gave three.
    assert outcome.result["to"] == "nb1" and outcome.result["moved"] == 2
    assert outcome.result["stopped_by"] == "dungeon" and outcome.result["next"] == "dungeon"


def test_a_way_that_is_no_fork_ahead_is_refused() -> None:
    with pytest.raises(RulesError, match="sa1 is not a way out of a fork within 3 steps of n0"):
        play(start(), {**MOVE, "ways": ["sa1"]}, 6)
    with pytest.raises(UsageError, match="unknown space 'zz'"):
        play(start(), {**MOVE, "ways": ["zz"]}, 6)


def test_a_dungeon_cannot_be_passed_over_but_can_be_left() -> None:
    state = start()
    put(state, "fire", "n3")
    result = play(state, MOVE, 6).result
    assert result["to"] == "n4" and result["moved"] == 1 and result["stopped_by"] == "dungeon"
    put(state, "fire", "n4")
    assert play(state, MOVE, 6).result["to"] == "centre"


def test_the_centre_ends_a_move_and_a_team_there_does_not_move() -> None:
    state = start()
    put(state, "fire", "n5")
    outcome = play(state, MOVE, 6)
    assert outcome.result["to"] == "centre" and outcome.result["moved"] == 1
    assert outcome.result["space"] == "centre" and outcome.result["next"] == "white"
    state = outcome.state
    state["phase"] = "move"
    with pytest.raises(RulesError, match="fire is at the centre: there is nowhere further"):
        play(state, MOVE, 1)


def test_landing_sets_what_comes_next() -> None:
    state = start()
    assert play(state, MOVE, 2).result["next"] == "blue"  # na1, a fountain: may roll again
    again = play(play(state, MOVE, 2).state, MOVE, 1)  # na1 -> na2, a trap
    assert again.result["space"] == "red" and again.result["next"] == "trap"
    put(state, "fire", "na2")
    assert play(state, MOVE, 1).result["next"] == "white"  # na3


def test_moving_twice_out_of_turn_or_with_a_bad_face_is_refused() -> None:
    state = play(start(), MOVE, 1).state
    with pytest.raises(RulesError, match="fire has already moved this turn"):
        play(state, MOVE, 1)
    with pytest.raises(RulesError, match="it is fire's turn, not water's"):
        play(start(), {**MOVE, "player": "water"}, 1)
    with pytest.raises(RulesError, match="it is fire's turn, not water's"):
        play(start(), {**MOVE, "player": "Eve"}, 1)
    with pytest.raises(DiceError, match="7, is not on a d6"):
        play(start(), MOVE, 7)


def test_the_player_of_the_round_rotates_and_can_be_named() -> None:
    state = start(first="water")
    assert state["player"] == "Bo"
    outcome = play(state, {**MOVE, "player": "Eve"}, 1)
    assert outcome.state["player"] == "Eve" and outcome.who == "water (Eve)"


def test_sticky_sap_limits_the_next_move_to_one_space() -> None:
    state = start()
    team(state, "fire")["effects"].append(
        {"id": "sticky_sap", "name": "Sticky Sap", "text": "", "kind": "max_steps", "steps": 1}
    )
    outcome = play(state, MOVE, 6)
    assert outcome.result["steps"] == 1 and outcome.result["to"] == "n1"
    after = play(outcome.state, {"type": "end_turn"}).state
    assert team(after, "fire")["effects"] == []  # used up with the turn


def sap_drawn(state: dict, clan: str = "fire") -> dict:  # type: ignore[type-arg]
    """``clan`` (to play) lands on the trap na2 from na1 and draws Sticky Sap."""
    put(state, clan, "na1")
    state = play(state, MOVE, 1).state  # na1 -> na2, a trap
    state = play(state, {"type": "trap", "card": "sticky_sap"}).state
    return play(state, {"type": "end_turn"}).state


def round_of_single_steps(state: dict, clans: tuple[str, ...]) -> dict:  # type: ignore[type-arg]
    for clan in clans:
        assert state["teams"][state["turn"]]["clan"] == clan
        state = play(state, MOVE, 1).state  # e0 -> e1, s0 -> s1, w0 -> w1: white
        state = play(state, {"type": "end_turn"}).state
    return state


def test_sticky_sap_holds_the_whole_next_turn_to_one_space() -> None:
    """Sticky Sap: "Can only move one space next turn". Fire, held, rolls a 4 on n1: one
    space, to the fountain na1 (the default way); the fountain's roll would be a second
    space, so it is not given."""
    state = sap_drawn(start())
    state = round_of_single_steps(state, ("water", "air", "earth"))
    put(state, "fire", "n1")  # (by hand: the fork before the fountain)
    outcome = play(state, MOVE, 4)
    assert outcome.result["steps"] == 1 and outcome.result["to"] == "na1"
    assert outcome.result["space"] == "blue" and outcome.result["next"] == "end"
    assert "no further move this turn (Sticky Sap)" in outcome.outcome
    with pytest.raises(RulesError, match="fire is held by Sticky Sap: one space at most this "):
        play(outcome.state, MOVE, 2)
    state = play(outcome.state, {"type": "end_turn"}).state
    assert team(state, "fire")["effects"] == []
    state = round_of_single_steps(state, ("water", "air", "earth"))
    # the turn after: free again, a fountain's 4 goes two spaces (na1 -> na2 -> na3)
    assert play(state, MOVE, 4).result["to"] == "na3"


def test_sticky_sap_lasts_the_turn_even_without_a_move() -> None:
    """A team held on the centre does not move at all: the Sap's turn passes all the same."""
    state = sap_drawn(start())
    put(state, "fire", "centre")  # (moved there by hand while the others play)
    state = round_of_single_steps(state, ("water", "air", "earth"))
    assert state["teams"][state["turn"]]["clan"] == "fire" and state["phase"] == "white"
    assert team(play(state, {"type": "end_turn"}).state, "fire")["effects"] == []


def test_a_fountain_roll_is_the_teams_choice() -> None:
    """ "You get to roll one more time": the team may roll again or end its turn there."""
    from gmtool.games.zauberer.rules.view import options_document

    landed = play(start(), MOVE, 2)  # n0 -> n1 -> na1, a fountain
    assert landed.result["next"] == "blue"
    assert options_document(landed.state)["commands"] == ["move", "end-turn"]
    ended = play(landed.state, {"type": "end_turn"})
    assert ended.result["next"] == "water" and team(ended.state, "fire")["space"] == "na1"
    again = play(landed.state, MOVE, 1)  # or roll again: na1 -> na2, a trap
    assert again.result["to"] == "na2" and again.result["next"] == "trap"


def test_a_fountain_roll_may_be_made_compulsory() -> None:
    state = start()
    state["rules"]["fountain_roll"] = "must"
    landed = play(state, MOVE, 2)
    assert landed.result["next"] == "move"
    with pytest.raises(RulesError, match="fire is on a fountain, which gives another roll"):
        play(landed.state, {"type": "end_turn"})


def test_nothing_before_the_roll_off() -> None:
    state = start(first="roll_off")
    with pytest.raises(RulesError, match="cannot move before the roll-off"):
        play(state, MOVE, 1)
    outcome = play(
        state,
        {"type": "roll_off"},
        fire=[6, 6, 2, 3],
        water=[6, 6, 4, 5],
        air=[1, 1],
        earth=[2, 2],
    )
    # fire and water tie at 12 and roll again: water wins 9 to 5
    assert outcome.result["rolls"] == [
        {"fire": 12, "water": 12, "air": 2, "earth": 4},
        {"fire": 5, "water": 9},
    ]
    assert outcome.result["first"] == "water" and outcome.state["phase"] == "move"
    assert outcome.outcome == (
        "fire 12, water 12, air 2, earth 4; then fire 5, water 9: water plays first"
    )
    with pytest.raises(RulesError, match="the roll-off is over"):
        play(outcome.state, {"type": "roll_off"}, 1, 1)
