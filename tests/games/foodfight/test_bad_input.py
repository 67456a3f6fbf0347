"""Every refused move names the rule and leaves the state exactly as it was."""

from __future__ import annotations

import copy

import pytest

from gmtool.dice import DiceDoor
from gmtool.errors import GmtoolError, RulesError, UsageError
from gmtool.games.foodfight.game import SYSTEM

from .helpers import attack, content, deal, discard, give, player, set_pile


def prepared():  # type: ignore[no-untyped-def]
    state = deal(blind=True)
    set_pile(state, "Ana", 4)
    set_pile(state, "Bo", 7)
    player(state, "Cy")["out"] = "health"
    give(state, "Ana", "f01", "f02")
    give(state, "Bo", "f03", "f04")
    return state


def fortune(by: str, fid: str, on: str = "mine") -> dict[str, str]:
    return {"by": by, "id": fid, "on": on}


CASES = [
    (
        discard(1, player="Bo"),
        RulesError,
        "it is Ana's turn \\(Yellow\\), not Bo's: players act one at a time",
    ),
    (attack(1, "Cy", 1, player="Di"), RulesError, "it is Ana's turn"),
    (discard(4), RulesError, "cannot discard Ana's pile 4: it is empty; only a top card can"),
    (attack(4, "Bo", 1), RulesError, "cannot attack with Ana's pile 4: it is empty"),
    (attack(1, "Bo", 7), RulesError, "cannot attack Bo's pile 7: it is empty"),
    (attack(1, "Bo", 1, card=1), RulesError, "card 1 of Ana's pile 1: it lies under another card"),
    (attack(1, "Bo", 1, target_card=1), RulesError, "attack card 1 of Bo's pile 1: it lies under"),
    (discard(2, card=1), RulesError, "only the top card of a pile"),
    (attack(1, "Bo", 1, target_card=3), RulesError, "the pile holds 2"),
    (attack(1, "Cy", 1), RulesError, "Cy is out of the game \\(health\\)"),
    (attack(1, "Ana", 2), RulesError, "cannot attack their own card"),
    (attack(1, "Zed", 2), UsageError, "unknown player 'Zed'"),
    (attack(1, "", 2), UsageError, "needs a target player"),
    (attack(0, "Bo", 1), UsageError, "pile 0 does not exist"),
    (attack(1, "Bo", 10), UsageError, "pile 10 does not exist"),
    (discard("x"), UsageError, "pile x does not exist"),  # type: ignore[arg-type]
    (
        attack(1, "Bo", 1, fortunes=[fortune("attacker", "f01"), fortune("attacker", "f02")]),
        RulesError,
        "Ana cannot play another Fortune \\(f02\\) in this battle: each player may play 1",
    ),
    (
        attack(1, "Bo", 1, fortunes=[fortune("defender", "f03"), fortune("defender", "f04")]),
        RulesError,
        "Bo cannot play another Fortune",
    ),
    (
        attack(1, "Bo", 1, fortunes=[fortune("attacker", "f99")]),
        UsageError,
        "unknown Fortune 'f99'",
    ),
    (
        attack(1, "Bo", 1, fortunes=[fortune("attacker", "f03")]),
        RulesError,
        "Ana does not hold Fortune f03",
    ),
    (
        attack(1, "Bo", 1, fortunes=[fortune("referee", "f01")]),
        UsageError,
        "unknown Fortune player",
    ),
    (
        attack(1, "Bo", 1, fortunes=[fortune("attacker", "f01", "Cy")]),
        UsageError,
        "unknown card for a Fortune",
    ),
    (
        attack(1, "Bo", 1, fortunes=[fortune("attacker", "f05"), fortune("attacker", "f06")]),
        RulesError,
        "Ana cannot play another Fortune \\(f06\\)",  # the limit is named before the hand
    ),
    ({"type": "surrender"}, UsageError, "unknown Food Fight action 'surrender'"),
    ({"type": "pass"}, RulesError, "no battle is waiting for a Fortune"),
]


@pytest.mark.parametrize(("action", "error", "needle"), CASES)
def test_refused_with_the_rule_and_nothing_changes(action, error, needle) -> None:  # type: ignore[no-untyped-def]
    state = prepared()
    before = copy.deepcopy(state)
    with pytest.raises(error, match=needle) as caught:
        SYSTEM.apply(state, action, DiceDoor.entered_faces(), content())
    assert state == before
    line = caught.value.line()
    assert "\n" not in line and isinstance(caught.value, GmtoolError)


def test_naming_the_current_player_is_fine() -> None:
    outcome = SYSTEM.apply(
        prepared(), discard(1, player="ana"), DiceDoor.entered_faces(), content()
    )
    assert outcome.who == "Ana"
