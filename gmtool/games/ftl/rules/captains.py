"""Captains for ``gmtool forecast``: a battle played as a captain would play it.

A captain reads its ship and the enemy's and wishes for orders, each with a score: the
shields and the weapons powered first, the weapons aimed at the enemy's shields until they
are broken, then its weapons and its helm; autofire on; crew sent against boarders, to
repair a broken system, to the medbay when badly hurt, and back to their stations after;
the oxygen powered when the air runs low, the engines and the helm with bars to spare;
drones launched while parts last. The cautious captain also jumps away when its hull is
low and lower than the enemy's, once its FTL drive is charged.

A wish is only a wish: the forecast gives the order only when it is among the moves the
battle offers the captain's seat (``options(state, seat)``, asked for the kinds wished
for), and gives the best-scored of those. The rules text leaves every order to the
players; these are the plain habits of a captain, documented in docs/forecast.md.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from gmtool.dice import Rng
from gmtool.engine.system import Choice, Move, State
from gmtool.games.ftl.rules.battle.ftl_drive import is_ready
from gmtool.games.ftl.rules.battle.power import reactor_free, usable_bars
from gmtool.games.ftl.rules.battle.state import is_drone, is_hostile, side_of

Key = tuple[Any, ...]
Wishes = dict[Key, float]

TARGETS = ("shields", "weapon_control", "piloting", "engines", "drone_control", "oxygen")
"""Where a captain aims, first to last: the shields (so the rest lands), then what shoots
back, then what dodges and flees."""
STATIONS = {"piloting": 5, "weapon_control": 4, "shields": 4, "engines": 3}
"""How much a crew member's station is worth keeping manned (others: 1, none: 0)."""
HURT = 0.5
"""A crew member under this share of its health goes to the medbay."""
LOW_AIR = 50
"""Oxygen (percent) in any room under which the captain powers the oxygen system."""
ESCAPE_HULL = 1 / 3
"""The cautious captain's hull share at or under which it jumps away (when losing)."""


def key_of(move: Move) -> Key:
    """A move as a wish names it: its kind and its fields (a jump by its kind alone, its
    beacon being the answer to a question)."""
    if move.name == "jump":
        return ("jump",)
    fields = {k: v for k, v in move.action.items() if k != "type"}
    return order_key(move.name.removeprefix("order_"), fields)


def order_key(kind: str, fields: Mapping[str, Any]) -> Key:
    """An order of ``kind`` as a wish names it: its fields, the ship's included (a
    candidate order's fields as ``choices.candidates`` lists them)."""
    return (kind, frozenset(fields.items()))


def _wish(ship: Mapping[str, Any], kind: str, **fields: Any) -> Key:
    return order_key(kind, {"ship": ship["name"], **fields})


@dataclass(frozen=True)
class Captain:
    """A ``Policy`` whose moves score by ``wishes``; the first beacon for a jump."""

    name: str
    about: str
    escapes: bool = False
    deterministic: bool = True

    def pick(self, state: State, moves: Sequence[Move], rng: Rng) -> Move:
        seat = str(moves[0].seat)
        wishes = self.wishes(state, seat, {})
        return max(moves, key=lambda move: wishes.get(key_of(move), 0.0))

    def answer(self, state: State, move: Move, choice: Choice, rng: Rng) -> Any:
        return (choice.values or ())[0]

    def wishes(self, state: State, seat: str, stations: Mapping[str, str]) -> Wishes:
        """The orders this captain would give now, each with its score (higher first).
        ``stations``: each crew member's room as the battle opened, where it goes back."""
        battle = state["battle"]
        ship = battle["ships"][seat]
        enemy = next(s for name, s in battle["ships"].items() if name != seat)
        wishes: Wishes = {}
        if self.escapes and _losing(ship, enemy) and is_ready(battle, ship):
            wishes[("jump",)] = 100.0
        hurt, low_air = _hurt_and_low_air(ship)
        spare = _spare(ship, hurt, low_air)
        _power(ship, spare, (hurt, low_air), wishes)
        _weapons(ship, enemy, spare, wishes)
        _crew(ship, seat, stations, wishes)
        return wishes


def _losing(ship: Mapping[str, Any], enemy: Mapping[str, Any]) -> bool:
    hull = int(ship["hull"])
    return hull <= int(ship["hull_max"]) * ESCAPE_HULL and hull < int(enemy["hull"])


def _power(
    ship: Mapping[str, Any], spare: dict[str, int], needs: tuple[bool, bool], wishes: Wishes
) -> None:
    """``needs``: whether a crew member is badly hurt, and whether a room's air is low."""
    systems = ship["systems"]
    free = reactor_free(ship)  # type: ignore[arg-type]
    hurt, low_air = needs
    shields = systems.get("shields")
    if shields is not None and not shields["ion"]:
        top = min(usable_bars(shields), int(shields["power"]) + free + sum(spare.values()))
        for bars in range(int(shields["power"]) + 1, top + 1):
            wishes[_wish(ship, "power", system="shields", bars=bars)] = 9 + bars / 100
    need = _bars_wanted(ship)
    if need > free:  # bars back from what can wait, for the shields and the weapons
        for system_id, score in (("medbay", 7.5), ("oxygen", 7.4), ("engines", 7.0)):
            if spare.get(system_id):
                less = int(systems[system_id]["power"]) - 1
                wishes[_wish(ship, "power", system=system_id, bars=less)] = score
    wanted = {
        "oxygen": 6.0 if low_air else 0.0,
        "medbay": 5.0 if hurt and not need else 0.0,
        "piloting": 4.5 if not need else 0.0,
        "engines": 4.0 if not need else 0.0,
    }
    for system_id, score in wanted.items():
        system = systems.get(system_id)
        if system is None or not score or free <= 0 or system["ion"] or system["subsystem"]:
            continue  # a subsystem (the helm, the doors) takes no power
        top = min(usable_bars(system), int(system["power"]) + free)
        for bars in range(int(system["power"]) + 1, top + 1):
            wishes[_wish(ship, "power", system=system_id, bars=bars)] = score + bars / 100


def _hurt_and_low_air(ship: Mapping[str, Any]) -> tuple[bool, bool]:
    hurt = any(_hurt(m) and not is_hostile(ship, m) for m in ship["crew"])  # type: ignore[arg-type]
    low_air = any(int(r["oxygen"]) < LOW_AIR for r in ship["rooms"].values())
    return hurt, low_air


def _spare(ship: Mapping[str, Any], hurt: bool, low_air: bool) -> dict[str, int]:
    """The bars the captain would take back for its shields and weapons: the medbay's
    (nobody badly hurt), the oxygen's (the air fine), the engines'; none while ionised."""
    can = {"medbay": not hurt, "oxygen": not low_air, "engines": True}
    found = {}
    for system_id, ok in can.items():
        system = ship["systems"].get(system_id)
        if ok and system is not None and int(system["power"]) > 0 and not system["ion"]:
            found[system_id] = int(system["power"])
    return found


def _weapon_room(ship: Mapping[str, Any]) -> int:
    """The weapon control bars free for another weapon (none while ionised)."""
    control = ship["systems"].get("weapon_control")
    if control is None or control["ion"]:
        return 0
    return usable_bars(control) - int(control["power"])


def _bars_wanted(ship: Mapping[str, Any]) -> int:
    """Reactor bars the captain still wants for its shields and its weapons: the shields'
    missing bars, and the cheapest weapon off that weapon control has room for."""
    need = 0
    shields = ship["systems"].get("shields")
    if shields is not None and not shields["ion"]:
        need += max(0, usable_bars(shields) - int(shields["power"]))
    room = _weapon_room(ship)
    costs = [
        int(w["power"])
        for w in ship["weapons"]
        if not w["powered"] and not w.get("unmodelled") and int(w["power"]) <= room
    ]
    return need + min(costs, default=0)


def _weapons(
    ship: Mapping[str, Any], enemy: Mapping[str, Any], spare: dict[str, int], wishes: Wishes
) -> None:
    ranked = _targets(enemy)
    room = _weapon_room(ship)
    bars = reactor_free(ship) + sum(spare.values())  # type: ignore[arg-type]
    for weapon in ship["weapons"]:
        if weapon.get("unmodelled"):
            continue
        if not weapon["powered"]:
            if int(weapon["power"]) <= min(room, bars):  # else it cannot be switched on
                on = _wish(ship, "weapon", weapon=weapon["id"], on=True)
                wishes[on] = 8 + int(weapon["power"]) / 100
            continue
        target = weapon["target"]
        best = ranked[0] if ranked else None
        if best is None or target == best:
            continue
        if target is None:
            wishes[_wish(ship, "aim", weapon=weapon["id"], room=best)] = 7.0
        elif target not in ranked and not weapon["shots_left"]:
            # its room's system is broken (or it has none): the next target, between volleys
            wishes[_wish(ship, "aim", weapon=weapon["id"], room=best)] = 3.0
    if not ship["autofire"]:
        wishes[_wish(ship, "autofire", on=True)] = 6.0
    control = ship["systems"].get("drone_control")
    if control is None or control["ion"] or int(ship.get("drone_parts", 0)) <= 0:
        return
    fits = min(usable_bars(control) - int(control["power"]), reactor_free(ship))  # type: ignore[arg-type]
    for slot, drone in enumerate(ship.get("drones") or []):
        if not drone["powered"] and int(drone["power"]) <= fits:
            wishes[_wish(ship, "drone", drone=str(slot + 1), on=True)] = 3.5


def _targets(enemy: Mapping[str, Any]) -> list[str]:
    """The enemy's rooms worth shooting, best first: those of the ``TARGETS`` systems
    not broken yet."""
    rooms = []
    for system_id in TARGETS:
        system = enemy["systems"].get(system_id)
        if system is None or system.get("room") is None:
            continue
        if int(system["damage"]) < int(system["level"]):
            rooms.append(str(system["room"]))
    return rooms


def _hurt(member: Mapping[str, Any]) -> bool:
    return int(member["health"]) < int(member["max_health"]) * HURT and int(member["health"]) > 0


def _crew(ship: Mapping[str, Any], seat: str, stations: Mapping[str, str], wishes: Wishes) -> None:
    own = [
        m
        for m in ship["crew"]
        if m["health"] > 0 and m["room"] and not is_drone(m) and (side_of(m) or seat) == seat
    ]
    if not own:
        return
    boarded = {
        str(m["room"])
        for m in ship["crew"]
        if m["health"] > 0 and m["room"] and is_hostile(ship, m)  # type: ignore[arg-type]
    }
    heading = {str(m["path"][-1]) if m.get("path") else str(m["room"]) for m in own}
    broken = [
        str(system["room"])
        for system in ship["systems"].values()
        if int(system["damage"]) > 0 and system.get("room") and str(system["room"]) not in heading
    ]
    rooms = ship["rooms"]
    medbay = ship["systems"].get("medbay")
    sickbay = str(medbay["room"]) if medbay and medbay.get("room") and medbay["power"] else None

    def worth(member: Mapping[str, Any]) -> int:
        system = rooms.get(str(member["room"]), {}).get("system")
        return STATIONS.get(str(system), 1) if system else 0

    def healing(member: Mapping[str, Any]) -> bool:
        """Badly hurt, or in a working medbay until whole again."""
        whole = int(member["health"]) >= int(member["max_health"])
        return _hurt(member) or (member["room"] == sickbay and not whole)

    free = sorted(
        (m for m in own if str(m["room"]) not in boarded and not m.get("path") and not healing(m)),
        key=worth,
    )
    for room in sorted(boarded):  # defenders first: the least needed at their stations
        for member in free[:2]:
            wishes[_wish(ship, "crew", name=member["name"], room=room)] = 6.5 - worth(member) / 10
    for room in broken:
        for member in free[:1]:
            wishes[_wish(ship, "crew", name=member["name"], room=room)] = 5.0 - worth(member) / 10
    if sickbay is not None:
        for member in own:
            if _hurt(member) and member["room"] != sickbay and not member.get("path"):
                wishes[_wish(ship, "crew", name=member["name"], room=sickbay)] = 5.5
    repairing = broken_rooms(ship)
    for member in own:
        home = stations.get(str(member["name"]))
        if home is None or member["room"] == home or member.get("path") or healing(member):
            continue
        here = str(member["room"])
        if here in boarded or (here in repairing and here != home):
            continue
        wishes[_wish(ship, "crew", name=member["name"], room=home)] = 2.0


def broken_rooms(ship: Mapping[str, Any]) -> set[str]:
    """Rooms whose system is damaged (a crew member there is repairing it)."""
    return {
        str(system["room"])
        for system in ship["systems"].values()
        if int(system["damage"]) > 0 and system.get("room")
    }


def stations_of(state: State) -> dict[str, dict[str, str]]:
    """Each seat's crew and their rooms as the battle stands (read as it opens)."""
    battle = state["battle"]
    return {
        seat: {str(m["name"]): str(m["room"]) for m in ship["crew"] if m["room"]}
        for seat, ship in battle["ships"].items()
    }


CAPTAIN = Captain(
    "captain",
    "plays the battle as a captain would: shields and weapons powered first (bars taken "
    "from the medbay, oxygen and engines when the reactor is short), each weapon aimed at "
    "the enemy's shields, then its weapons, helm and engines as each breaks; autofire on; "
    "drones launched; crew sent against boarders, to repair, to the medbay when badly hurt "
    "and back to their stations; oxygen powered when the air runs low",
)
CAUTIOUS = Captain(
    "cautious",
    "as the captain, and jumps away once its FTL drive is charged when its hull is at a "
    "third or less and lower than the enemy's",
    escapes=True,
)
