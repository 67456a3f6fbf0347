"""Battles: face up, lower salt loses, Fortunes on either card, floors and ties."""

from __future__ import annotations

import pytest

from gmtool.errors import RulesError

from .helpers import attack, deal, fortunes_played, give, play, player, set_pile


def battle_state(mine: int = 7, theirs: int = 5):  # type: ignore[no-untyped-def]
    state = deal(blind=True)
    set_pile(state, "Ana", 1, 2, mine)
    set_pile(state, "Bo", 3, 4, theirs)
    return state


def test_the_higher_salt_wins_the_loser_is_discarded_and_moves_one() -> None:
    outcome = play(battle_state(7, 5), attack(1, "Bo", 3))
    after, result = outcome.state, outcome.result
    ana, bo = player(after, "Ana"), player(after, "Bo")
    assert ana["piles"][0][-1]["salt"] == 7 and ana["piles"][0][-1]["face_up"] is True
    assert [card["salt"] for card in bo["piles"][2]] == [4]
    assert after["discards"] == ["Bo3-2"]
    assert bo["track_position"] == 1 and ana["track_position"] == 0
    assert result["winner"] == "Ana" and result["losers"] == ["Bo"] and not result["tie"]
    assert (result["attacker"]["value"], result["defender"]["value"]) == (7, 5)
    assert after["turn"] == 1
    assert outcome.outcome.endswith(": Ana wins the battle")


def test_the_attacker_can_lose_and_the_defenders_card_stays_face_up() -> None:
    after = play(battle_state(3, 6), attack(1, "Bo", 3)).state
    ana, bo = player(after, "Ana"), player(after, "Bo")
    assert [card["salt"] for card in ana["piles"][0]] == [2] and ana["track_position"] == 1
    assert bo["piles"][2][-1] == {"id": "Bo3-2", "food": "Bo food 3.2", "salt": 6, "face_up": True}


def test_a_loser_entering_an_f_spot_draws_a_fortune() -> None:
    state = battle_state(7, 5)
    player(state, "Bo")["track_position"] = 4
    state["fortune_deck"] = ["f16"]
    outcome = play(state, attack(1, "Bo", 3))
    assert player(outcome.state, "Bo")["fortunes"] == ["f16"]
    assert outcome.result["moves"][0]["fortune_spots"] == [5]


@pytest.mark.parametrize(
    ("by", "fortune", "on", "values", "winner"),
    [
        ("attacker", "f05", "mine", (6, 5), "Ana"),  # +3 on Ana's 3
        ("attacker", "f13", "theirs", (3, 2), "Ana"),  # -3 on Bo's 5
        ("defender", "f07", "mine", (3, 9), "Bo"),  # +4 on Bo's 5
        ("defender", "f11", "theirs", (1, 5), "Bo"),  # -2 on Ana's 3
        ("attacker", "f16", "mine", (0, 5), "Bo"),  # -5 on Ana's own 3: floored at 0
    ],
)
def test_one_fortune_on_either_card(by, fortune, on, values, winner) -> None:  # type: ignore[no-untyped-def]
    state = battle_state(3, 5)
    give(state, "Ana" if by == "attacker" else "Bo", fortune)
    play_ = {"by": by, "id": fortune, "on": on}
    outcome = play(state, attack(1, "Bo", 3, fortunes=[play_]))
    result = outcome.result
    assert (result["attacker"]["value"], result["defender"]["value"]) == values
    assert result["winner"] == winner
    assert outcome.state["fortune_discards"] == [fortune]
    assert all(fortune not in p["fortunes"] for p in outcome.state["players"])
    side = result["attacker"] if (by == "attacker") == (on == "mine") else result["defender"]
    assert [f["id"] for f in side["fortunes"]] == [fortune]


def test_both_players_may_play_one_fortune_each_and_effects_last_one_battle() -> None:
    state = battle_state(4, 6)
    plays = fortunes_played(state, "attacker f07 mine", "defender f11 theirs")
    outcome = play(state, attack(1, "Bo", 3, fortunes=plays))
    assert (outcome.result["attacker"]["value"], outcome.result["defender"]["value"]) == (6, 6)
    assert outcome.result["winner"] == "Bo"  # a tie goes to the defender by default
    assert player(outcome.state, "Bo")["piles"][2][-1]["salt"] == 6
    assert sorted(outcome.state["fortune_discards"]) == ["f07", "f11"]


def test_two_fortunes_on_one_card_are_added_up_before_the_floor() -> None:
    state = battle_state(2, 5)
    plays = fortunes_played(state, "defender f16 theirs", "attacker f03 mine")
    result = play(state, attack(1, "Bo", 3, fortunes=plays)).result
    assert result["attacker"]["value"] == 0  # 2 - 5 + 2 = -1, floored


@pytest.mark.parametrize(
    ("tie", "losers", "winner"),
    [
        ("neither", [], None),
        ("defender", ["Ana"], "Bo"),
        ("attacker", ["Bo"], "Ana"),
        ("both", ["Ana", "Bo"], None),
    ],
)
def test_tie_rulings(tie: str, losers: list[str], winner: str | None) -> None:
    state = battle_state(5, 5)
    state["rules"]["tie"] = tie
    outcome = play(state, attack(1, "Bo", 3))
    result, after = outcome.result, outcome.state
    assert result["tie"] is True and result["losers"] == losers and result["winner"] == winner
    for name in ("Ana", "Bo"):
        lost = name in losers
        assert player(after, name)["track_position"] == (1 if lost else 0)
    assert len(after["discards"]) == len(losers)
    survivors = {"Ana": 0, "Bo": 2}
    for name, pile in survivors.items():
        top = player(after, name)["piles"][pile][-1]
        assert top["face_up"] is (name not in losers)  # a lost card uncovers a face-down one


def test_attacking_a_face_up_card_and_with_a_face_up_card() -> None:
    state = deal(blind=True)
    set_pile(state, "Ana", 2, 8, face_up=True)
    set_pile(state, "Cy", 9, 1, 7, face_up=True)
    after = play(state, attack(2, "Cy", 9)).state
    assert [card["salt"] for card in player(after, "Cy")["piles"][8]] == [1]


def test_fortunes_on_one_card_can_be_floored_one_by_one_the_attackers_first() -> None:
    state = battle_state(4, 3)
    # Bo's +2 on his 3 is listed first, but Ana's -5 on it is played first.
    plays = fortunes_played(state, "defender f03 mine", "attacker f16 theirs")
    total = play(state, attack(1, "Bo", 3, fortunes=plays)).result
    assert total["defender"]["value"] == 0  # 3 - 5 + 2 = 0
    state["rules"]["fortune_floor"] = "each"
    each = play(state, attack(1, "Bo", 3, fortunes=plays)).result
    assert each["defender"]["value"] == 2  # 3 - 5 floors at 0, then + 2
    assert [f["id"] for f in each["defender"]["fortunes"]] == ["f16", "f03"]


@pytest.mark.parametrize(("limit", "refused"), [(0, True), (1, True), (2, False)])
def test_the_fortune_limit_per_player_per_battle(limit: int, refused: bool) -> None:
    state = battle_state(3, 5)
    state["rules"]["fortunes_per_player_per_battle"] = limit
    plays = fortunes_played(state, "attacker f01 mine", "attacker f02 mine")
    if refused:
        with pytest.raises(RulesError, match=f"each player may play {limit} per battle"):
            play(state, attack(1, "Bo", 3, fortunes=plays))
    else:
        result = play(state, attack(1, "Bo", 3, fortunes=plays)).result
        assert result["attacker"]["value"] == 5  # 3 + 1 + 1: a tie, won by the defender


def test_a_fortune_id_may_be_typed_in_any_case() -> None:
    state = battle_state(3, 5)
    plays = fortunes_played(state, "attacker f05 mine")
    plays[0]["id"] = " F05"
    result = play(state, attack(1, "Bo", 3, fortunes=plays)).result
    assert result["attacker"]["value"] == 6 and result["attacker"]["fortunes"][0]["id"] == "f05"
