"""Charge and chain weapons, bombs (hostile and friendly) and crystal lockdown."""

from __future__ import annotations

from tests.games.ftl.battle.helpers import battle, order, ship, tick

NOBODY_AT_WEAPONS = [
    {"race": "human", "name": "Ana", "room": "pilot"},
    {"race": "human", "name": "Bo", "room": "engines"},
]


def _armed(weapon: str, **changes: object) -> dict:
    state = battle(red=ship(weapons=[weapon], crew=NOBODY_AT_WEAPONS, reactor=12, **changes))
    order(state, "weapon", ship="Red", weapon=weapon, on=True)
    return state


def _weapon(state: dict) -> dict:
    return state["battle"]["ships"]["Red"]["weapons"][0]


def _volleys(state: dict, seconds: int) -> list[int]:
    """The seconds at which Red's weapon starts a volley."""
    fired = []
    for _ in range(seconds):
        result = tick(state)
        if any(e["event"] == "fire" for e in result["events"]):
            fired.append(result["second"])
        state["battle"]["in_flight"] = []  # the shots themselves are not this test's business
    return fired


def test_a_charge_weapon_stores_charges_and_fires_them_all() -> None:
    state = _armed("laser_charger")  # 5 s a charge, 2 charges
    order(state, "aim", ship="Red", weapon="laser_charger", room="hall")
    tick(state, seconds=5)
    assert (_weapon(state)["charges"], _weapon(state)["charge"]) == (1, 0)
    result = tick(state, seconds=5)
    assert len(result["in_flight"]) == 2  # two charges: two shots at 10 s


def test_a_charge_weapon_turned_off_loses_stored_charge() -> None:
    state = _armed("laser_charger")
    tick(state, seconds=7)  # 1 charge and 2 s
    order(state, "weapon", ship="Red", weapon="laser_charger", on=False)
    tick(state)  # 7 - 3 = 4 s: no charge left, 4 s
    assert (_weapon(state)["charges"], _weapon(state)["charge"]) == (0, 4)


def test_chain_burst_fires_faster_in_a_row_down_to_its_cap() -> None:
    state = _armed("chain_burst")  # 16 s, -3 a volley in a row, never under 7 s
    order(state, "autofire", ship="Red", on=True)
    order(state, "aim", ship="Red", weapon="chain_burst", room="hall")
    # 16, then 13 (29), 10 (39), 7 (46), 7 (53)
    assert _volleys(state, 53) == [16, 29, 39, 46, 53]


def test_a_chain_breaks_when_the_weapon_waits() -> None:
    state = _armed("chain_burst")
    order(state, "autofire", ship="Red", on=True)
    order(state, "aim", ship="Red", weapon="chain_burst", room="hall")
    assert _volleys(state, 16) == [16]
    order(state, "aim", ship="Red", weapon="chain_burst", room=None)
    assert _volleys(state, 14) == []  # charged at 29 (13 s), held at 29 and 30
    order(state, "aim", ship="Red", weapon="chain_burst", room="hall")
    assert _volleys(state, 1) == [31]
    # this volley starts a new row (at 16 s); the next one in it takes 13 s again
    assert _volleys(state, 13) == [44]


def test_chain_ion_grows_one_a_volley_to_four() -> None:
    state = _armed("chain_ion")  # 14 s, ion 1 +1 a volley in a row, cap 4
    order(state, "autofire", ship="Red", on=True)
    order(state, "aim", ship="Red", weapon="chain_ion", room="hall")
    ions = []
    for _ in range(14 * 5):
        tick(state)
        for shot in state["battle"]["in_flight"]:
            ions.append(shot["ion"])
        state["battle"]["in_flight"] = []
    assert ions == [1, 2, 3, 4, 4]


def test_a_bomb_spends_a_missile_and_passes_shields() -> None:
    state = _armed("small_bomb", missiles=1)  # 13 s; 30 crew, 2 system damage, 10% fire
    blue = state["battle"]["ships"]["Blue"]
    blue["systems"]["engines"]["power"] = 0  # no evasion, no dodge roll
    order(state, "aim", ship="Red", weapon="small_bomb", room="shields")
    tick(state, seconds=13)
    assert state["battle"]["ships"]["Red"]["missiles"] == 0
    tick(state, seconds=2, fire_chance=[11])
    assert blue["hull"] == 30 and blue["shields"]["up"] == 0  # no hull damage; shields broken
    assert blue["systems"]["shields"]["damage"] == 2
    di = next(c for c in blue["crew"] if c["name"] == "Di")
    assert di["health"] == 70


def test_healing_and_repair_bursts_land_on_ones_own_ship() -> None:
    state = _armed("healing_burst", missiles=2)
    red = state["battle"]["ships"]["Red"]
    red["crew"][1]["health"] = 20
    order(state, "aim", ship="Red", weapon="healing_burst", room="engines")  # Red's own room
    tick(state, seconds=18 + 2)  # 18 s to charge, 2 s to arrive, no dodge, no shield
    assert red["crew"][1]["health"] == 100
    assert state["battle"]["ships"]["Blue"]["hull"] == 30

    state = _armed("repair_burst", missiles=1)
    red = state["battle"]["ships"]["Red"]
    red["systems"]["engines"]["damage"] = 2
    red["systems"]["engines"]["power"] = 0
    order(state, "aim", ship="Red", weapon="repair_burst", room="engines")
    tick(state, seconds=14 + 2)
    assert red["systems"]["engines"]["damage"] == 0


def test_a_crystal_pierces_one_shield_and_locks_the_room() -> None:
    state = _armed("heavy_crystal")  # 13 s, 2 damage, pierce 1, lockdown 15 s, 20% breach
    blue = state["battle"]["ships"]["Blue"]
    blue["systems"]["engines"]["power"] = 0
    order(state, "aim", ship="Red", weapon="heavy_crystal", room="engines")
    order(state, "crew", ship="Blue", name="Bo", room="pilot")
    blue["crew"][1]["stunned"] = 99  # Bo stays to be locked in
    tick(state, seconds=13)
    result = tick(state, seconds=2, breach_chance=[21])
    assert blue["hull"] == 28 and blue["shields"]["up"] == 1  # pierced, not popped
    assert blue["rooms"]["engines"]["locked"] == 15  # sealed at 15 s
    blue["crew"][1]["stunned"] = 0
    tick(state, seconds=14)  # 16-29 s: 1 s left
    assert blue["crew"][1]["room"] == "engines"  # still sealed in
    tick(state)  # 30 s: open again, and Bo walks out
    assert blue["rooms"]["engines"]["locked"] == 0
    assert blue["crew"][1]["room"] == "pilot"
    assert any(e["event"] == "lockdown" for e in result["events"])
