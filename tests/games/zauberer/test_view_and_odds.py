"""Hidden spells in ``show``, what ``options`` offers, and exact odds against brute force."""

from __future__ import annotations

import itertools
import json
from fractions import Fraction

import pytest

from gmtool.games.zauberer.game import options_document
from gmtool.games.zauberer.rules.odds import (
    duel_odds,
    duel_win_chance,
    dungeon_odds,
    roll_chances,
    side,
)
from gmtool.games.zauberer.rules.view import view

from .helpers import duel, give, start

TEAM_KEYS = ["clan", "players", "space", "distance", "spell", "effects", "out", "centre_turns"]


def test_the_show_document_has_the_contract_keys() -> None:
    doc = json.loads(json.dumps(view(start(first="water"))))
    assert list(doc) == ["turn", "team_to_play", "teams", "duel", "winner"]
    assert doc["turn"] == 1 and doc["team_to_play"] == "water" and doc["duel"] is None
    assert [list(entry) for entry in doc["teams"]] == [TEAM_KEYS] * 4
    assert doc["teams"][1] == {
        "clan": "water",
        "players": ["Bo", "Eve"],
        "space": "e0",
        "distance": 8,
        "spell": None,
        "effects": [],
        "out": False,
        "centre_turns": 0,
    }


def test_a_spell_is_seen_by_its_own_team_only() -> None:
    state = start()
    give(state, "fire", "fireball")
    give(state, "air", "tornado")
    mine = view(state, "fire")["teams"]
    assert mine[0]["spell"]["name"] == "Fireball"
    assert mine[2]["spell"] == {"id": None, "name": None, "kind": None, "text": None}
    assert view(state, "Cy")["teams"][2]["spell"]["name"] == "Tornado"  # a player's name
    public = view(state, public=True)["teams"]
    assert public[0]["spell"]["id"] is None and public[1]["spell"] is None
    assert view(state)["teams"][2]["spell"]["id"] == "tornado"  # the referee sees all


def test_options_say_what_the_team_to_play_may_do() -> None:
    doc = options_document(start())
    assert doc["team"] == "fire" and doc["phase"] == "move"
    assert doc["commands"] == ["move"] and doc["forks"] == {"n1": ["na1", "nb1"]}
    state = start()
    give(state, "fire", "hells_wrath")
    assert options_document(state)["commands"] == ["move", "cast"]
    fight = options_document(duel(start(), "fire", "earth"))
    assert fight["commands"] == ["duel round"] and fight["duel"]["hp"] == {"fire": 4, "earth": 4}


def brute_force(bonus_a: int, bonus_b: int) -> tuple[Fraction, Fraction, Fraction]:
    win = lose = tie = 0
    for a1, a2, b1, b2 in itertools.product(range(1, 7), repeat=4):
        x, y = a1 + a2 + bonus_a, b1 + b2 + bonus_b
        win += x > y
        lose += x < y
        tie += x == y
    return Fraction(win, 1296), Fraction(lose, 1296), Fraction(tie, 1296)


def test_one_roll_odds_match_brute_force() -> None:
    for bonus in (0, 1, 3, -6):
        assert roll_chances(side(False, bonus), side(False, 0)) == brute_force(bonus, 0)


def test_the_duel_odds_from_the_state() -> None:
    doc = duel_odds(start(), "fire", "earth", {"fire": "fireball"})
    assert (doc["round"]["win"], doc["round"]["lose"], doc["round"]["tie"]) == brute_force(3, 0)
    even = duel_odds(start(), "fire", "air", {})
    assert even["duel"]["win"] == Fraction(1, 2)


def test_odds_count_only_an_attack_card_held_and_unplayed() -> None:
    """`odds duel --attack CLAN=CARD`: "an attack card held and played in the next roll"."""
    from gmtool.errors import RulesError
    from gmtool.games.zauberer.rules.odds import odds_document

    state = start()
    with pytest.raises(RulesError, match="fire does not hold Fireball: the odds count only"):
        odds_document(state, "fire", "earth", {"fire": "fireball"})
    give(state, "fire", "fireball")
    doc = odds_document(state, "fire", "earth", {"fire": "fireball"})
    assert doc["round"]["win"]["fraction"] == str(brute_force(3, 0)[0])
    fight = duel(state, "fire", "earth")
    fight["duel"]["used"].append("fireball")  # played in an earlier roll of this duel
    with pytest.raises(RulesError, match="Fireball was played already in this duel"):
        odds_document(fight, "fire", "earth", {"fire": "fireball"})


@pytest.mark.parametrize("reading", ["roll_one", "higher_of_two"])
def test_odds_of_a_roll_against_unrelenting_shock(reading: str) -> None:
    """Earth's Shock: fire (+1 over earth) counts one die against earth's two, thrown as a
    single die (roll_one) or the higher of two; worked over every face."""
    from gmtool.games.zauberer.rules import duel_steps

    state = start()
    state["rules"]["one_die"] = reading
    give(state, "earth", "unrelenting_shock")
    faces = (
        [(f,) for f in range(1, 7)]
        if reading == "roll_one"
        else [(max(a, b),) for a in range(1, 7) for b in range(1, 7)]
    )
    win = lose = Fraction(0)
    for (fire,) in faces:
        for a in range(1, 7):
            for b in range(1, 7):
                p = Fraction(1, len(faces) * 36)
                win += p if fire + 1 > a + b else 0
                lose += p if fire + 1 < a + b else 0
    doc = duel_odds(state, "fire", "earth", {"earth": "unrelenting_shock"})
    assert (doc["round"]["win"], doc["round"]["lose"]) == (win, lose)
    fight = duel(state, "fire", "earth")
    thrown = duel_steps.dice_thrown(fight, {"earth": "unrelenting_shock"}, "fire")
    assert thrown == (1 if reading == "roll_one" else 2)


def test_a_whole_duel_by_hand() -> None:
    # one hit point each, a roll won half the time and lost half the time: an even duel
    half = (Fraction(1, 2), Fraction(1, 2), Fraction(0))
    assert duel_win_chance((half,), 1, 1, "none", True) == Fraction(1, 2)
    # won a third, lost a third, tied a third; with ties to nobody, 1 HP against 2 HP:
    third = (Fraction(1, 3), Fraction(1, 3), Fraction(1, 3))
    assert duel_win_chance((third,), 1, 2, "none", True) == Fraction(1, 4)
    # ties lost by the challenger: the challenger wins 1/3 a roll and loses 2/3
    assert duel_win_chance((third,), 1, 1, "challenger", True) == Fraction(1, 3)


def test_dungeon_odds() -> None:
    assert dungeon_odds(start()["rules"]) == {
        "spell": Fraction(25, 36),
        "nothing": Fraction(10, 36),
        "back": Fraction(1, 36),
    }
