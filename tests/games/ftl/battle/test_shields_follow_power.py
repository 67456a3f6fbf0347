"""Shield layers follow the shield system's bars at once (issue 25, points 8 and 9):
bars taken by ion, damage or an order drop the layers they held that very moment, so a
shot landing after them, and ``show`` or ``odds`` between seconds, meet the shields as
they are now."""

from __future__ import annotations

import pytest

from gmtool.errors import RulesError
from gmtool.games.ftl.rules.battle.document import battle_document
from gmtool.games.ftl.rules.battle.odds import volley_odds
from tests.games.ftl.battle.helpers import battle, order, ship, tick


def _bomb_then_crystal() -> dict:
    """Red: an ion bomb (4 ion, passes shields) and a heavy crystal (2 damage, pierces 1),
    charged and aimed at Blue's shield room. Blue: shields level 4 with 4 bars, so 2 layers
    up; no engine power, so no dodge roll."""
    red = ship(weapons=["ion_bomb", "heavy_crystal"])
    blue = ship()
    blue["systems"]["shields"] = 4
    state = battle(red=red, blue=blue)
    order(state, "power", ship="Blue", system="engines", bars=0)
    for weapon in ("ion_bomb", "heavy_crystal"):
        order(state, "weapon", ship="Red", weapon=weapon, on=True)
    for gun in state["battle"]["ships"]["Red"]["weapons"]:
        gun["charge"] = int(gun["cooldown"])
        gun["charges"] = int(gun["charge_cap"])
    for weapon in ("ion_bomb", "heavy_crystal"):
        order(state, "aim", ship="Red", weapon=weapon, room="shields")
    return state


def test_ion_taking_the_shields_bars_drops_their_layers_before_the_next_shot() -> None:
    # By hand: both volleys fire in second 1 and fly 2 s (bombs and crystals), landing in
    # second 3 in launch order. Blue's shields: 4 bars, 2 layers (one per 2 bars). The bomb
    # passes shields and lands: 4 ion take the 4 bars out, so 0 layers. The crystal then
    # meets 0 layers: its piercing 1 is not needed, it lands: 2 hull (30 -> 28) and 2 bars
    # of system damage. Its 20% breach chance is the one roll: d100 21 misses. (Before the
    # fix the 2 layers stayed up that second and stopped the crystal: hull 30.) Blue's crew
    # member in the room: the bomb's stun chance 20%, d100 21 no; the crystal none.
    state = _bomb_then_crystal()
    tick(state, seconds=2)
    result = tick(state, stun_chance=[21], breach_chance=[21])
    blue = state["battle"]["ships"]["Blue"]
    kinds = [e["event"] for e in result["events"] if e.get("ship") == "Blue"]
    assert "blocked" not in kinds
    assert blue["hull"] == 28
    assert blue["shields"]["up"] == 0
    assert blue["systems"]["shields"]["ion"] == 4


def test_a_power_order_shows_the_shields_down_at_once() -> None:
    # Red's shields: 2 bars, 1 layer. Powered down to 0: 0 layers now, not the 1 of the
    # second before; the order's event says so.
    state = battle()
    b = state["battle"]
    assert b["ships"]["Red"]["shields"]["up"] == 1
    result = order(state, "power", ship="Red", system="shields", bars=0)
    assert result["order"]["shields_up"] == 0
    assert battle_document(b)["ships"]["Red"]["shields"] == {"up": 0, "max": 0}
    # The odds of Blue's basic laser at Red: no shield to stop it, no evasion to dodge it.
    order(state, "power", ship="Red", system="engines", bars=0)
    order(state, "weapon", ship="Blue", weapon="basic_laser", on=True)
    odds = volley_odds(b, b["ships"]["Blue"], "basic_laser", "hall")
    assert odds["shields"] == 0
    assert odds["expected_hits"]["fraction"] == "1/1"


def test_a_power_order_that_changes_nothing_is_refused() -> None:
    state = battle()
    with pytest.raises(RulesError, match="Red's shields is already at 2 bars"):
        order(state, "power", ship="Red", system="shields", bars=2)
