"""Food Fight's forecast against a last battle worked out by hand."""

from __future__ import annotations

from gmtool.engine import forecast as F
from gmtool.games.foodfight.game import SYSTEM
from gmtool.games.foodfight.rules import forecast as rules

from .helpers import content, empty_all_but, endgame, set_pile


def _forecast(policy: str, runs: int) -> F.Forecast:
    # Bo and Cy are out; Ana's last card is a 5, Di's a 3 (face down); Ana is to play.
    state = endgame()
    empty_all_but(state, "Ana", 1)
    set_pile(state, "Ana", 1, 5)
    start = rules.start(SYSTEM, state, content(), fresh=False)
    named = dict.fromkeys(start.sides, policy)
    policies = F.policies_for(rules, named, start.sides)
    setup = F.Setup(SYSTEM, rules, content(), start, policies)  # type: ignore[arg-type]
    return F.forecast(setup, runs, 11)


def test_the_last_battle_by_hand() -> None:
    # Played at random, Ana has two moves on offer: attack Di's one card (her 5 beats the
    # 3, Di has no tower left and Ana wins) or discard her own last card (she is out and Di
    # wins), one chance in two each; nobody holds a Fortune, so no coin is tossed for one.
    done = _forecast("random", 2000)
    wins = done.tally.wins
    low, high = F.wilson(wins["Ana"], done.tally.games)
    assert low <= 0.5 <= high and wins["Ana"] + wins["Di"] == 2000
    assert done.tally.measures["moves"] == {float(endgame()["moves"] + 1): 2000.0}
    # Greedy, Ana's 5 against the 3 she guesses Di's face-down card to be (the average
    # of Di's face-down cards) is a margin of 2: she attacks, every time.
    greedy = _forecast("greedy", 50)
    assert greedy.tally.wins == {"Ana": 50.0}
    assert greedy.tally.events == {"out: Di": 50.0, "ended by: towers": 50.0}
