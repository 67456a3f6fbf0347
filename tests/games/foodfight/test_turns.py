"""Turn order, eliminations by towers and by health, and the winner."""

from __future__ import annotations

import pytest

from gmtool.errors import RulesError

from .helpers import (
    attack,
    deal,
    discard,
    empty_all_but,
    endgame,
    give,
    play,
    player,
    set_pile,
)


def test_turns_pass_clockwise_and_wrap_around() -> None:
    state = deal(blind=True, starter="Di")
    order = []
    for _ in range(5):
        order.append(state["players"][state["turn"]]["name"])
        state = play(state, discard(1 + len(order) % 9)).state
    assert order == ["Di", "Ana", "Bo", "Cy", "Di"]


def test_players_who_are_out_are_skipped() -> None:
    state = deal(blind=True)
    player(state, "Bo")["out"] = "health"
    player(state, "Cy")["out"] = "towers"
    after = play(state, discard(1)).state
    assert after["players"][after["turn"]]["name"] == "Di"
    after = play(after, discard(1)).state
    assert after["players"][after["turn"]]["name"] == "Ana"


def test_losing_a_battle_at_the_end_of_the_track_is_out_by_health() -> None:
    state = deal(blind=True)
    set_pile(state, "Ana", 1, 9)
    set_pile(state, "Bo", 1, 1, 2)
    player(state, "Bo")["track_position"] = 19
    give(state, "Bo", "f01", "f09")
    outcome = play(state, attack(1, "Bo", 1))
    bo = player(outcome.state, "Bo")
    assert bo["out"] == "health" and outcome.result["eliminated"] == ["Bo"]
    assert bo["fortunes"] == [] and outcome.state["fortune_discards"] == ["f01", "f09"]
    assert outcome.state["players"][outcome.state["turn"]]["name"] == "Cy"


def test_losing_the_last_tower_in_battle_is_out_by_towers() -> None:
    state = deal(blind=True)
    empty_all_but(state, "Cy", 6)
    set_pile(state, "Cy", 6, 2)
    set_pile(state, "Ana", 1, 4)
    outcome = play(state, attack(1, "Cy", 6))
    assert player(outcome.state, "Cy")["out"] == "towers"
    assert outcome.result["moves"][0]["out"] == "towers"


def test_an_attacker_can_knock_themself_out() -> None:
    state = deal(blind=True)
    empty_all_but(state, "Ana", 2)
    set_pile(state, "Ana", 2, 1)
    outcome = play(state, attack(2, "Bo", 1))
    assert player(outcome.state, "Ana")["out"] == "towers"
    assert outcome.state["players"][outcome.state["turn"]]["name"] == "Bo"


def test_the_last_player_standing_wins_and_the_game_stops() -> None:
    state = endgame()
    outcome = play(state, attack(1, "Di", 1))
    after = outcome.state
    assert after["winner"] == "Ana" and after["over"] is True and after["turn"] is None
    assert outcome.result["game_winner"] == "Ana" and outcome.result["next"] is None
    assert outcome.outcome.endswith("; Ana wins the game")
    with pytest.raises(RulesError, match="the game is over: Ana won"):
        play(after, discard(1))


def test_when_a_tie_knocks_out_the_last_two_nobody_wins() -> None:
    state = deal(blind=True)
    state["rules"]["tie"] = "both"
    player(state, "Bo")["out"] = "health"
    player(state, "Cy")["out"] = "health"
    for name in ("Ana", "Di"):
        empty_all_but(state, name, 1)
        set_pile(state, name, 1, 5)
    outcome = play(state, attack(1, "Di", 1))
    assert outcome.state["over"] is True and outcome.state["winner"] is None
    assert outcome.outcome.endswith("nobody is left standing")


def test_an_attacker_pushed_to_the_end_by_their_own_attack_is_out_by_health() -> None:
    state = deal(blind=True)
    player(state, "Ana")["track_position"] = 19
    set_pile(state, "Ana", 1, 5, 2)
    outcome = play(state, attack(1, "Bo", 1))  # 2 against Bo's 9
    ana = player(outcome.state, "Ana")
    assert ana["out"] == "health" and ana["track_position"] == 20
    assert outcome.result["eliminated"] == ["Ana"] and outcome.result["next"] == "Bo"


def test_losing_the_last_card_on_the_last_step_counts_as_towers() -> None:
    state = deal(blind=True)
    player(state, "Bo")["track_position"] = 19
    empty_all_but(state, "Bo", 4)
    set_pile(state, "Bo", 4, 1)
    outcome = play(state, attack(1, "Bo", 4))
    assert player(outcome.state, "Bo")["out"] == "towers"  # both at once: towers is recorded


def test_one_step_short_of_the_end_is_still_in() -> None:
    state = deal(blind=True)
    player(state, "Bo")["track_position"] = 18
    outcome = play(state, attack(1, "Bo", 9))  # 9 against 5: Bo moves to 19
    assert player(outcome.state, "Bo")["out"] is None
    assert player(outcome.state, "Bo")["track_position"] == 19
