"""The battle in the rules' order (``fortune_timing: after_reveal``, the default): the attack
turns both cards face up; the attacker, then the defender, may play one Fortune or pass;
then the battle resolves."""

from __future__ import annotations

import pytest

from gmtool.errors import RulesError

from .helpers import attack, deal, give, play, player, set_pile


def opened(mine: int = 3, theirs: int = 5, ana: tuple[str, ...] = ("f05",),
           bo: tuple[str, ...] = ("f07",)):  # type: ignore[no-untyped-def]  # fmt: skip
    """Ana's pile 1 (2 under ``mine``) attacks Bo's pile 3 (4 under ``theirs``)."""
    state = deal()
    set_pile(state, "Ana", 1, 2, mine)
    set_pile(state, "Bo", 3, 4, theirs)
    give(state, "Ana", *ana)
    give(state, "Bo", *bo)
    return state, play(state, attack(1, "Bo", 3))


def test_the_attack_only_turns_the_cards_over_and_asks_the_attacker() -> None:
    state, outcome = opened()
    after, result = outcome.state, outcome.result
    assert result["type"] == "battle_opened" and result["resolved"] is False
    assert result["to_answer"] == "Ana"
    assert player(after, "Ana")["piles"][0][-1]["face_up"] is True
    assert player(after, "Bo")["piles"][2][-1]["face_up"] is True
    assert after["turn"] == 0 and after["moves"] == 0  # still Ana's move
    assert after["discards"] == [] and player(after, "Bo")["track_position"] == 0
    assert outcome.outcome == "Ana's Ana food 1.2 3 vs Bo's Bo food 3.2 5, face up; " \
        "Ana may play a Fortune or pass"  # fmt: skip


def test_the_attacker_then_the_defender_answer_with_the_cards_in_view() -> None:
    # Ana's 3 against Bo's 5. Ana sees she is losing and plays f05 (+3) on her card: 6 vs 5.
    # Bo answers with f07 (+4) on his: 6 vs 9. Bo wins; Ana's 3 goes, Ana moves one step.
    _, outcome = opened()
    step = play(outcome.state, {"type": "fortune", "id": "f05", "on": "mine"})
    assert step.result["resolved"] is False and step.result["to_answer"] == "Bo"
    assert step.result["battle"]["fortunes"] == [
        {"id": "f05", "text": "Double-dipped in the gravy boat", "delta": 3, "by": "Ana",
         "on": "Ana"}
    ]  # fmt: skip
    assert player(step.state, "Ana")["fortunes"] == []
    done = play(step.state, {"type": "fortune", "id": "f07", "on": "mine", "player": "Bo"})
    result = done.result
    assert result["type"] == "attack" and result["resolved"] is True
    assert (result["attacker"]["value"], result["defender"]["value"]) == (6, 9)
    assert result["winner"] == "Bo" and result["losers"] == ["Ana"]
    assert player(done.state, "Ana")["track_position"] == 1
    assert [c["salt"] for c in player(done.state, "Ana")["piles"][0]] == [2]
    assert sorted(done.state["fortune_discards"]) == ["f05", "f07"]
    assert done.state["battle"] is None and done.state["turn"] == 1 and done.state["moves"] == 1
    assert done.outcome.startswith("Bo plays f07 (+4) on Bo's card; ")
    assert "= 6 vs Bo's Bo food 3.2 5 +4 (Bo) = 9: Bo wins the battle" in done.outcome


def test_passing_on_both_sides_compares_the_printed_salt() -> None:
    # 3 against 5, nobody plays: Bo wins, as the cards say.
    _, outcome = opened()
    step = play(outcome.state, {"type": "pass"})
    assert step.result["to_answer"] == "Bo"
    done = play(step.state, {"type": "pass", "player": "Bo"})
    assert done.result["winner"] == "Bo" and done.result["defender"]["fortunes"] == []
    assert player(done.state, "Ana")["fortunes"] == ["f05"]  # unplayed Fortunes are kept


def test_a_player_without_fortunes_is_not_asked() -> None:
    # Ana holds none: Bo answers first. Bo holds none either: the attack resolves at once.
    _, outcome = opened(ana=())
    assert outcome.result["to_answer"] == "Bo"
    _, outcome = opened(7, 5, ana=(), bo=())
    assert outcome.result["type"] == "attack" and outcome.result["winner"] == "Ana"
    assert outcome.state["battle"] is None and outcome.state["turn"] == 1


def test_a_fortune_on_the_opponents_card_and_the_floor_at_zero() -> None:
    # Ana's 3 against Bo's 5: Ana plays f16 (-5) on Bo's card: 5 - 5 = 0; Bo passes; 3 > 0.
    _, outcome = opened(ana=("f16",))
    step = play(outcome.state, {"type": "fortune", "id": "f16", "on": "theirs"})
    done = play(step.state, {"type": "pass"})
    assert (done.result["attacker"]["value"], done.result["defender"]["value"]) == (3, 0)
    assert done.result["winner"] == "Ana"


def test_a_tie_after_fortunes_goes_to_the_defender() -> None:
    # Ana's 3 +2 (f03) = 5 against Bo's 5: a tie, won by the defender (tie: defender).
    _, outcome = opened(ana=("f03",), bo=())
    done = play(outcome.state, {"type": "fortune", "id": "f03"})
    assert done.result["tie"] is True and done.result["winner"] == "Bo"


@pytest.mark.parametrize(
    ("action", "needle"),
    [
        ({"type": "discard", "pile": 2}, "a battle is under way: Ana may play a Fortune or pass"),
        (attack(2, "Cy", 1), "a battle is under way"),
        ({"type": "layout", "strategy": "shuffled"}, "a battle is under way"),
        ({"type": "pass", "player": "Bo"}, "it is Ana.s answer in this battle \\(the attacker\\)"),
        ({"type": "fortune", "id": "f07"}, "Ana does not hold Fortune f07"),
    ],
)
def test_while_a_battle_is_open_only_its_answers_are_allowed(action, needle) -> None:  # type: ignore[no-untyped-def]
    _, outcome = opened()
    with pytest.raises(RulesError, match=needle):
        play(outcome.state, action)


def test_fortunes_with_the_attack_are_refused_unless_the_table_plays_blind() -> None:
    state = deal()
    give(state, "Ana", "f05")
    with pytest.raises(RulesError, match="Fortunes are played after the cards are turned over"):
        play(state, attack(1, "Bo", 1, fortunes=[{"by": "attacker", "id": "f05", "on": "mine"}]))


def test_no_battle_no_answer() -> None:
    with pytest.raises(RulesError, match="no battle is waiting for a Fortune"):
        play(deal(), {"type": "fortune", "id": "f01"})


def test_two_fortunes_each_when_the_ruling_allows_them() -> None:
    # With 2 per player, Ana keeps the answer until she has played two or passes.
    state, outcome = opened(ana=("f01", "f02"), bo=())
    outcome.state["rules"]["fortunes_per_player_per_battle"] = 2
    step = play(outcome.state, {"type": "fortune", "id": "f01"})
    assert step.result["to_answer"] == "Ana"
    done = play(step.state, {"type": "fortune", "id": "f02"})
    assert done.result["attacker"]["value"] == 5 and done.result["winner"] == "Bo"  # 5 = 5
