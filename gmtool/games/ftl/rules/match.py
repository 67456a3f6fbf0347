"""The FTL match across the sector map: turns on the map, what a jump does to a ship, and
the battles that begin when both ships are at one beacon.

The text is a game on a 6x6 map of beacons, won when a hull reaches 0. The captains move
in turn (``map.turns``: the text gives no order, so a ruling), one jump or one wait each;
a jump onto the other ship's beacon begins a battle there. During a battle the map waits;
a ship escapes by its charged FTL drive (``battle.ftl_drive``), and that jump is its turn,
so the other captain moves next: pursuing, or not. A destroyed ship ends the match.

The ships are kept in one place: the battle's ``ships`` (the ship states a battle plays
on). A ship has none until the first battle opens (it is then as its ship file built it);
each later battle takes the same ship states from the last one, as they were left: hull,
system damage, crew and their health, missiles, drone parts, drones and augment states.
Fuel and the ship's place on the map stay with the player (``players.NAME``).

Every jump (in or out of a battle) costs its fuel and runs the text's jump-time effects
on the jumping ship (``jump_effects``): the repair arm, the Zoltan shield's reset, the
clone bay's healing by level, the drones out brought home (by the drone recovery arm) or
lost, the weapons' charge lost but for the pre-igniter's, and the FTL drive spent. The
beacon the battle opens at sets the ion storm's halved reactor and the asteroid field.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from gmtool.errors import RulesError

if TYPE_CHECKING:
    from gmtool.games.ftl.rules.battle.state import Battle
    from gmtool.games.ftl.rules.content import FtlContent

State = dict[str, Any]


# -- the map's turns ---------------------------------------------------------------------
def ships_of(state: State) -> dict[str, Any] | None:
    """The ship states (the last battle's, or the one under way), or None before the
    first battle opens."""
    battle = state.get("battle")
    return battle["ships"] if isinstance(battle, dict) else None


def fighting(state: State) -> bool:
    battle = state.get("battle")
    return isinstance(battle, dict) and not battle.get("over")


def match_over(state: State) -> str | None:
    """Why the match is over (a destroyed ship, or both captains waiting in turn), or None."""
    match = state.get("match") or {}
    if match.get("over"):
        return str(match["over"])
    battle = state.get("battle")
    if isinstance(battle, dict) and battle.get("over") and not _escaped(battle):
        return str(battle["over"])
    return None


def winner(state: State) -> str | None:
    battle = state.get("battle")
    if isinstance(battle, dict) and battle.get("winner"):
        return str(battle["winner"])
    return None


def _escaped(battle: Mapping[str, Any]) -> bool:
    return str(battle.get("over") or "").endswith(" escaped")


def no_battle(state: State) -> None:
    """Refuse a battle's order or second when no battle is under way on the map."""
    if fighting(state):
        return
    over = match_over(state)
    if over:
        raise RulesError(
            f"the match is over ({over})", hint="'gmtool undo' takes back the last move"
        )
    where = ", ".join(
        f"{name} at ({p['at'][0]}, {p['at'][1]})"
        for name, p in (state.get("players") or {}).items()
        if p.get("at") is not None
    )
    raise RulesError(
        f"no battle is under way ({where}): a battle begins when a ship jumps to the other's"
        " beacon",
        hint=f"it is {turn_of(state)}'s turn on the map: gmtool ftl jump or gmtool ftl wait",
    )


def turn_of(state: State) -> str | None:
    """The captain whose move it is on the map (None: no map yet, a battle under way, or
    the match over)."""
    seats = list(state.get("seats") or [])
    if state.get("map") is None or not seats or fighting(state) or match_over(state):
        return None
    turn = state.get("turn")
    return str(turn) if turn in seats else seats[0]


def check_turn(state: State, name: str, turns: str) -> None:
    """Refuse a map move out of turn (``map.turns: alternate``), or once the match is over."""
    over = match_over(state)
    if over:
        raise RulesError(
            f"the match is over ({over})", hint="'gmtool undo' takes back the last move"
        )
    if fighting(state) or turns != "alternate":
        return
    turn = turn_of(state)
    if turn is not None and turn != name:
        raise RulesError(
            f"it is {turn}'s turn on the map: {name} waits (the captains move in turn)"
        )


def record_of(state: State) -> dict[str, Any]:
    """The match's own record: the battles begun (where, at which jump), the waits in a
    row, and why it ended when no ship was destroyed."""
    record: dict[str, Any] = state.setdefault("match", {"battles": [], "waits": 0, "over": None})
    return record


def record_of_view(state: State) -> list[dict[str, Any]]:
    """The battles begun on the map (read only: nothing is added to the state)."""
    return list((state.get("match") or {}).get("battles") or [])


def pass_turn(state: State, name: str) -> None:
    seats = list(state.get("seats") or [])
    if len(seats) == 2 and name in seats:
        state["turn"] = seats[1 - seats.index(name)]


def other(state: State, name: str) -> str:
    return next(str(seat) for seat in state.get("seats") or [] if seat != name)


# -- a jump's effects on the jumping ship ------------------------------------------------
def jump_effects(ship: dict[str, Any], content: FtlContent) -> dict[str, Any]:
    """The text's jump-time effects on one ship state, as a document of what changed (only
    what did). ``ship`` is the battle's ship state."""
    done: dict[str, Any] = {}
    augments = ship.get("augments") or []
    if "repair_arm" in augments:  # "will repair 2 hull every jump"
        mend = int(content.augments["repair_arm"].numbers["hull_per_jump"])
        before = int(ship["hull"])
        ship["hull"] = min(int(ship["hull_max"]), before + mend)
        if ship["hull"] > before:
            done["hull_repaired"] = ship["hull"] - before
    if "zoltan_shield" in augments:  # "does not recharge but will reset every jump"
        layers = int(content.augments["zoltan_shield"].numbers["layers"])
        if int(ship.get("zoltan_shield", 0)) < layers:
            done["zoltan_shield"] = layers
        ship["zoltan_shield"] = layers
    healed = _clone_heal(ship, content)
    if healed:
        done["healed"] = healed
    done.update(_drones_home(ship))
    ignited = _weapons_at_jump(ship, content)
    if ignited:
        done["pre_ignited"] = ignited
    ship["ftl"] = 0  # the drive is spent: it charges again in the next battle
    return done


def _clone_heal(ship: dict[str, Any], content: FtlContent) -> dict[str, int]:
    """The clone bay "heals crew (passively, so no need for power) depending on its level
    per jump": its working level (less damage) picks the health from ``map.jump``."""
    bay = (ship.get("systems") or {}).get("clone_bay")
    if bay is None:
        return {}
    level = int(bay["level"]) - int(bay["damage"])
    heal = int(content.map.jump.clone_bay_heal.get(level, 0)) if level > 0 else 0
    healed: dict[str, int] = {}
    for member in ship["crew"]:
        if member.get("owner", ship["name"]) != ship["name"] or member.get("drone") is not None:
            continue
        if int(member["health"]) <= 0 or member.get("cloning") is not None:
            continue
        gain = min(heal, int(member["max_health"]) - int(member["health"]))
        if gain > 0:
            member["health"] = int(member["health"]) + gain
            healed[str(member["name"])] = gain
    return healed


def _drones_home(ship: dict[str, Any]) -> dict[str, int]:
    """Drones out at a jump stay behind at the beacon, lost; with the drone recovery arm
    ("will gain the non-destroyed drones that you deployed back when jumping") each comes
    back as a drone part. An internal drone walks the ship and jumps with it."""
    out = [d for d in ship.get("drones") or [] if d["deployed"] and d["kind"] != "internal"]
    if not out:
        return {}
    recovered = "drone_recovery_arm" in (ship.get("augments") or [])
    for drone in out:
        if drone["powered"]:
            ship["systems"]["drone_control"]["power"] -= int(drone["power"])
        drone.update(powered=False, deployed=False, phase=None, timer=0, to=None, ion_timer=0)
    if recovered:
        ship["drone_parts"] = int(ship.get("drone_parts", 0)) + len(out)
        return {"drones_recovered": len(out)}
    return {"drones_lost": len(out)}


def _weapons_at_jump(ship: dict[str, Any], content: FtlContent) -> list[str]:
    """A jump loses every weapon's charge, but the weapon pre-igniter's: "weapons are ready
    to fire when you jump to a beacon ... only ... weapons that were on from the previous
    jump ... only 1 charge for charge weapons", not artillery."""
    igniter = "weapon_pre_igniter" in (ship.get("augments") or [])
    charges = int(content.battle.augments.pre_igniter_charges)
    ignited: list[str] = []
    for weapon in ship.get("weapons") or []:
        weapon["shots_left"] = 0
        weapon["volley_target"] = None
        if igniter and weapon["powered"] and not weapon.get("artillery"):
            weapon["charges"] = min(charges, int(weapon["charge_cap"]))
            weapon["charge"] = 0
            ignited.append(str(weapon["id"]))
        else:
            weapon["charges"] = 0
            weapon["charge"] = 0
    return ignited


# -- battles begin where both ships are ---------------------------------------------------
def meeting_beacon(state: State) -> list[int] | None:
    """The beacon both ships are at, or None."""
    players = state.get("players") or {}
    places = [p.get("at") for p in players.values()]
    if len(places) == 2 and places[0] is not None and list(places[0]) == list(places[1] or []):
        return list(places[0])
    return None


def begin_battle(state: State, content: FtlContent) -> dict[str, Any]:
    """A battle at the beacon both ships are at: the first from the ship files, each later
    one on the ship states the last one left (its seconds, shots in flight and outcome
    gone). Returns the new battle (also put in ``state["battle"]``)."""
    last = state.get("battle")
    if not isinstance(last, dict):
        battle = start_battle(state, content)
    else:
        battle = _next_battle(state, last, content)
    battle["number"] = len(record_of(state)["battles"]) + 1
    state["battle"] = battle
    record = record_of(state)
    record["battles"].append({"at": meeting_beacon(state), "jump": state.get("jumps", 0)})
    record["waits"] = 0
    return battle


def _next_battle(state: State, last: dict[str, Any], content: FtlContent) -> dict[str, Any]:
    from gmtool.games.ftl.rules.battle.cloak_battery import shed_power
    from gmtool.games.ftl.rules.battle.rules import battle_rules

    sector = state.get("map") or {}
    at = meeting_beacon(state)
    battle: dict[str, Any] = {
        "second": 0,
        "rules": battle_rules(content.model_dump()),
        "order": list(last["order"]),
        "ships": last["ships"],
        "in_flight": [],  # shots still flying at the escape went nowhere
        "next_shot": int(last.get("next_shot", 0)),
        "winner": None,
        "over": None,
        "carried": True,
    }
    for name, ship in battle["ships"].items():
        player = state["players"].get(name)
        if player is None:
            continue  # not a seat's ship
        reactor = int(player["ship"].get("reactor", 0))
        if at is not None and at in [list(b) for b in sector.get("ion_storms") or []]:
            reactor //= 2  # "ion storms, which half your reactor power"
        ship["reactor"] = reactor
        ship["asteroid_field"] = at is not None and at in [
            list(b) for b in sector.get("asteroids") or []
        ]
        ship["ftl"] = 0
        shed_power(cast("Battle", battle), ship)  # a storm's halved reactor: bars go back
    return battle


def start_battle(state: State, content: Any) -> dict[str, Any]:
    seats = list(state.get("seats") or [])
    if len(seats) != 2:
        raise RulesError(
            f"a battle needs two ships; this campaign has {len(seats)}",
            hint="gmtool campaign new NAME --system ftl --ship Red=FILE --ship Blue=FILE",
        )
    from gmtool.games.ftl.rules.battle.setup import new_battle  # only when a battle starts

    ships = {}
    storms = (state.get("map") or {}).get("ion_storms") or []
    fields = (state.get("map") or {}).get("asteroids") or []
    for seat in seats:
        player = state["players"][seat]
        ship = {
            **player["ship"],
            "missiles": player.get("missiles", 0),
            "drone_parts": player.get("drone_parts", 0),
        }
        if player.get("at") is not None and list(player["at"]) in storms:
            ship["reactor"] = int(ship.get("reactor", 0)) // 2  # "half your reactor power"
        ship["asteroid_field"] = player.get("at") is not None and list(player["at"]) in fields
        ships[seat] = ship
    # The content models' own dump gives the plain dicts and lists a battle keeps.
    return dict(new_battle(ships, content.model_dump()))
