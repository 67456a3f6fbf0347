"""The menus' legal orders (``choices.legal_orders``) are checked by each order run as a
trial, with no copy of the battle: they must be exactly the orders that, tried on a copy
of the battle as a whole order, pass, in battles played at random from several pairs of
ships, and finding them must change nothing."""

from __future__ import annotations

import copy
import json
import random
from typing import Any

import pytest

from gmtool.content.paths import packaged
from gmtool.content.yamlfile import load_yaml
from gmtool.dice import DiceDoor, Rng
from gmtool.errors import GmtoolError
from gmtool.games.ftl.rules.battle.actions import apply_battle
from gmtool.games.ftl.rules.battle.choices import candidates, legal_orders
from tests.games.ftl.battle.helpers import battle, ship
from tests.games.ftl.battle.test_drones import dship


def _tried_on_copy(b: dict[str, Any], action: dict[str, Any]) -> bool:
    """How the menus found legal orders before: the whole order, on a copy."""
    try:
        apply_battle({"battle": copy.deepcopy(b)}, action, DiceDoor(entered=[]))
    except GmtoolError:
        return False
    return True


def _legal_by_trying(b: dict[str, Any], seat: str) -> dict[str, list[dict[str, Any]]]:
    found = {"crew": legal_orders(b, seat).get("crew", [])}  # walks are found, not tried
    for kind, actions in candidates(b, seat).items():
        found[kind] = [a for a in actions if _tried_on_copy(b, {"type": f"order_{kind}", **a})]
    return {kind: actions for kind, actions in found.items() if actions}


def _everything_ship() -> dict[str, Any]:
    """The drone test ship with hacking, mind control, a teleporter, cloaking, a battery
    and a crystal and a slug aboard."""
    doc = dship(["combat_drone_i", "defense_i", "boarding_drone"], drone_parts=5)
    extra = [
        ("hacking", [8, 0]),
        ("mind_control", [8, 1]),
        ("crew_teleporter", [8, 2]),
        ("cloaking", [10, 0]),
        ("backup_battery", [10, 1]),
    ]
    for system, at in extra:
        doc["rooms"].append({"id": system, "at": at, "size": "2x1", "system": system})
        doc["systems"][system] = 2
    for room in doc["rooms"]:
        if room["id"] == "hall":
            room["doors"] = [*room.get("doors", []), "hacking", "mind_control"]
        if room["id"] == "mind_control":
            room["doors"] = ["crew_teleporter", "backup_battery"]
        if room["id"] == "hacking":
            room["doors"] = ["cloaking"]
    doc["crew"] = [
        *doc["crew"],
        {"race": "crystal", "name": "Gil", "room": "hall"},
        {"race": "slug", "name": "Eve", "room": "crew_teleporter"},
    ]
    doc["reactor"] = 25
    return doc


def _demo_ships() -> tuple[dict[str, Any], dict[str, Any]]:
    folder = packaged("campaigns")
    return (
        load_yaml(folder / "ftl-red.yaml").data,
        load_yaml(folder / "ftl-blue.yaml").data,
    )


PAIRS = {
    "test ships": lambda: (ship(), ship(augments=["zoltan_shield"])),
    "demo ships": _demo_ships,
    "every order": lambda: (_everything_ship(), _everything_ship()),
}


def _play_at_random(b: dict[str, Any], rng: random.Random, dice: DiceDoor) -> None:
    """One step of a battle: a legal order of either ship, or a few seconds."""
    if rng.random() < 0.7:
        seat = rng.choice(b["order"])
        offered = legal_orders(b, seat)
        if offered:
            kind = rng.choice(sorted(offered))
            action = rng.choice(offered[kind])
            apply_battle({"battle": b}, {"type": f"order_{kind}", **action}, dice)
            return
    apply_battle({"battle": b}, {"type": "tick", "seconds": rng.randint(1, 4)}, dice)


def _the_same_orders_asked_for_alone(
    b: dict[str, Any], seat: str, offered: dict[str, list[dict[str, Any]]]
) -> None:
    """A forecast's captain asks for some kinds, and some orders of them (``kinds``,
    ``wanted``): it gets just those of the whole list, in its order."""
    every = [*offered, "teleport", "hack"]
    for kind in every:
        alone = legal_orders(b, seat, kinds=[kind])
        assert alone == ({kind: offered[kind]} if kind in offered else {})

    def wanted(kind: str, fields: Any) -> bool:  # about half of them, the same every run
        return len(json.dumps([kind, fields], sort_keys=True)) % 2 == 0

    some = legal_orders(b, seat, wanted=wanted)
    halves = {kind: [a for a in actions if wanted(kind, a)] for kind, actions in offered.items()}
    assert some == {kind: actions for kind, actions in halves.items() if actions}


@pytest.mark.parametrize("pair", sorted(PAIRS))
def test_the_menus_offer_what_the_orders_accept_on_a_copy(pair: str) -> None:
    red, blue = PAIRS[pair]()
    b = battle(red, blue)["battle"]
    rng = random.Random(pair)
    dice = DiceDoor(Rng.from_seed(len(pair)))
    compared = 0
    for step in range(72):
        if b["over"]:
            break
        if step % 12 == 0:  # one seat, then the other (trying on copies is slow)
            seat = b["order"][compared % 2]
            before = json.dumps(b, sort_keys=True)
            offered = legal_orders(b, seat)
            assert json.dumps(b, sort_keys=True) == before  # finding them changed nothing
            assert offered == _legal_by_trying(b, seat)
            _the_same_orders_asked_for_alone(b, seat, offered)
            compared += 1
        _play_at_random(b, rng, dice)
    assert compared == 6


def test_door_orders_in_every_door_state() -> None:
    """Doors open, shut, broken, crystal-locked, by a breached room, to space, and the
    door system ionised, broken or hacked: the offer is what trying on a copy accepts."""
    from gmtool.games.ftl.rules.battle import hazards
    from gmtool.games.ftl.rules.battle.power import add_ion

    b = battle(ship(), _everything_ship())["battle"]
    blue = b["ships"]["Blue"]
    doors = blue["doors"]
    doors["engines/shields"]["open"] = True
    doors["engines/weapons"]["broken"] = 5
    doors["hacking/hall"]["lock"], doors["hacking/hall"]["locked_by"] = 9, "Gil"
    blue["rooms"]["medbay"]["vent"] = True
    hazards.start(b, blue, "hall", "breaches", DiceDoor(entered_by={"breach": [1, 2, 2, 2]}))
    seen = [_legal_by_trying(b, "Blue")]
    assert legal_orders(b, "Blue") == seen[-1]
    offered = {(a["room"], a.get("to"), a["open"]) for a in seen[-1]["doors"]}
    assert ("engines", "shields", False) in offered and ("medbay", None, False) in offered
    assert not any("hall" in (a["room"], a.get("to")) and a["open"] for a in seen[-1]["doors"])
    add_ion(b, blue, "doors", 1)  # ionised doors answer no order
    seen.append(_legal_by_trying(b, "Blue"))
    assert legal_orders(b, "Blue") == seen[-1] and "doors" not in seen[-1]
    blue["systems"]["doors"]["ion"] = 0
    blue["hacked"] = "doors"
    seen.append(_legal_by_trying(b, "Blue"))
    assert legal_orders(b, "Blue") == seen[-1] and "doors" not in seen[-1]
