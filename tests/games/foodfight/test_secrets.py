"""Hidden information stays hidden: nothing a move logs or prints tells a secret."""

from __future__ import annotations

import json

import pytest

from gmtool.errors import GmtoolError
from gmtool.games.foodfight import render as render

from .helpers import attack, deal, discard, give, play, player, set_pile, text


def hand(gmtool, name: str) -> list[str]:  # type: ignore[no-untyped-def]
    mine = json.loads(gmtool("foodfight", "peek", "--player", name, "--json").out)
    return [fortune["id"] for fortune in mine["fortunes"]]


def test_the_log_holds_no_die_that_could_name_a_drawn_fortune(game) -> None:  # type: ignore[no-untyped-def]
    assert game("foodfight", "discard", "1").code == 0
    assert len(hand(game, "Ana")) == 1
    entries = json.loads(game("log", "--json").out)
    assert entries[-1]["dice"] == []


def test_the_log_holds_no_die_that_could_rebuild_a_shuffled_layout(game) -> None:  # type: ignore[no-untyped-def]
    assert game("foodfight", "layout", "--strategy", "shuffled", "--player", "Bo").code == 0
    entries = json.loads(game("log", "--json").out)
    assert entries[-1]["dice"] == []


def test_undoing_a_discard_and_making_it_again_draws_the_same_fortunes(game) -> None:  # type: ignore[no-untyped-def]
    for _ in range(4):  # everyone discards once: 16 Fortunes left, 12 after
        assert game("foodfight", "discard", "2").code == 0
    drawn = hand(game, "Ana")
    for _ in range(4):
        assert game("undo").code == 0
    assert hand(game, "Ana") == []
    for _ in range(4):
        assert game("foodfight", "discard", "2").code == 0
    assert hand(game, "Ana") == drawn


@pytest.mark.parametrize(
    ("by", "fid", "needle"),
    [
        ("attacker", "f99", "unknown Fortune 'f99'"),
        ("defender", "f99", "unknown Fortune 'f99'"),
        ("attacker", "f03", "Ana does not hold Fortune f03"),
        ("defender", "f01", "Bo does not hold Fortune f01"),
    ],
)
def test_a_refused_fortune_does_not_tell_anyones_hand(by: str, fid: str, needle: str) -> None:
    state = deal(blind=True)
    give(state, "Ana", "f01", "f02")
    give(state, "Bo", "f03", "f04")
    action = attack(1, "Bo", 1, fortunes=[{"by": by, "id": fid, "on": "mine"}])
    with pytest.raises(GmtoolError, match=needle) as caught:
        play(state, action)
    line = caught.value.line()
    assert not any(held in line for held in ("f01", "f02", "f03", "f04") if held != fid), line


def test_a_card_discarded_face_down_is_not_shown_to_the_table() -> None:
    state = deal(blind=True)
    outcome = play(state, discard(1))  # Canadian Bacon, face down
    assert outcome.result["card"] is None
    assert "Canadian Bacon" not in outcome.outcome and "9" not in outcome.outcome
    assert outcome.outcome.startswith("the top card of pile 1, face down, goes to the box")
    assert "Canadian Bacon" not in text(render.result(outcome.result))


def test_a_face_up_card_or_a_table_that_reveals_discards_names_the_card() -> None:
    state = deal(blind=True)
    set_pile(state, "Ana", 2, 4, 8, face_up=True)
    outcome = play(state, discard(2))
    assert outcome.result["card"] == {"id": "Ana2-2", "food": "Ana food 2.2", "salt": 8}
    assert outcome.outcome.startswith("Ana food 2.2 8 goes to the box")
    state["rules"]["reveal_discards"] = True
    assert play(state, discard(1)).result["card"]["food"] == "Canadian Bacon"


def test_a_moves_result_counts_the_fortunes_drawn_without_naming_them() -> None:
    state = deal(blind=True)
    state["fortune_deck"] = ["f05", "f06"]
    player(state, "Ana")["track_position"] = 3  # the discard enters the F spot at 5
    outcome = play(state, discard(2))
    assert sorted(player(outcome.state, "Ana")["fortunes"]) == ["f05", "f06"]
    assert outcome.result["moves"][0]["draws"] == 2
    assert "f05" not in json.dumps(outcome.result) and "f06" not in json.dumps(outcome.result)
