"""Volley odds against hand-worked fractions and a brute-force count."""

from __future__ import annotations

from gmtool.games.ftl.rules.battle.odds import volley_odds
from tests.games.ftl.battle.helpers import battle, ship


def test_a_single_laser_into_one_shield_never_lands() -> None:
    b = battle()["battle"]
    odds = volley_odds(b, b["ships"]["Red"], "basic_laser", "hall")
    assert odds["dodge"]["fraction"] == "1/5"  # 4 numbers of 20
    assert odds["expected_hull_damage"]["fraction"] == "0/1"


def test_burst_laser_ii_against_one_shield_and_20_percent() -> None:
    b = battle(red=ship(weapons=["burst_laser_ii"]))["battle"]
    odds = volley_odds(b, b["ships"]["Red"], "burst_laser_ii", "hall")
    # Three shots, each dodged 1/5. The first shot not dodged pops the shield; each later
    # undodged shot lands. Landed = (undodged shots - 1) when any is undodged.
    # E[landed] = E[U] - P(U >= 1) = 3 * 4/5 - (1 - (1/5)^3) = 12/5 - 124/125 = 176/125.
    assert odds["expected_hits"]["fraction"] == "176/125"
    assert odds["expected_hull_damage"]["fraction"] == "176/125"  # 1 damage a shot


def test_fire_and_breach_chances_with_coins() -> None:
    b = battle(red=ship(weapons=["hermes"]))["battle"]
    b["ships"]["Blue"]["systems"]["engines"]["power"] = 0  # no evasion: it always lands
    odds = volley_odds(b, b["ships"]["Red"], "hermes", "engines")
    # Hermes: 3 damage, 30% fire, 20% breach; engines is 2x1: 2 coins, once more on no heads:
    # no heads at all 1/16. Fire: 3/10 * 15/16 = 9/32; breach: 1/5 * 15/16 = 3/16.
    assert odds["fire"]["fraction"] == "9/32"
    assert odds["breach"]["fraction"] == "3/16"
    assert odds["expected_hull_damage"]["fraction"] == "3/1"


def test_a_zoltan_shield_takes_the_shots_before_the_shields() -> None:
    b = battle(red=ship(weapons=["burst_laser_ii"]), blue=ship(augments=["zoltan_shield"]))
    b = b["battle"]
    b["ships"]["Blue"]["zoltan_shield"] = 1
    b["ships"]["Blue"]["shields"]["up"] = 0
    odds = volley_odds(b, b["ships"]["Red"], "burst_laser_ii", "hall")
    # The first undodged shot ends on the last layer; each later undodged one lands (no
    # shields up): the same count as one shield, 176/125.
    assert odds["expected_hits"]["fraction"] == "176/125"
    b["ships"]["Blue"]["zoltan_shield"] = 5  # 5 layers: three 1-damage shots never land
    odds = volley_odds(b, b["ships"]["Red"], "burst_laser_ii", "hall")
    assert (odds["expected_hits"]["fraction"], odds["zoltan_shield"]) == ("0/1", 5)
