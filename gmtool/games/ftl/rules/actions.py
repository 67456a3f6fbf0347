"""The actions an FTL campaign logs, found by their ``type``.

``ACTIONS`` maps each action type to its handler ``(state, action, dice, content) ->
Outcome``; a new kind of action is one more entry.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from gmtool.dice import DiceDoor
from gmtool.engine.system import Outcome
from gmtool.errors import RulesError, UsageError, unknown

if TYPE_CHECKING:
    from gmtool.games.ftl.rules.content import FtlContent
from gmtool.games.ftl.rules import match
from gmtool.games.ftl.rules.players import State, find_player
from gmtool.games.ftl.rules.sector import beacon_words, build_map, is_adjacent

Handler = Callable[[State, Mapping[str, Any], DiceDoor, "FtlContent"], Outcome]


def map_new(
    state: State, action: Mapping[str, Any], dice: DiceDoor, content: FtlContent
) -> Outcome:
    """Build the sector map from dice and put each ship on its starting beacon."""
    if state["jumps"]:
        raise RulesError(
            "the ships have already jumped on this map", hint="undo the jumps to build a new map"
        )
    result = build_map(content.map, state["seats"], dice)
    state["map"] = {key: value for key, value in result.items() if key != "steps"}
    for name, at in result["starts"].items():
        state["players"][name]["at"] = at
        state["players"][name]["visited"] = [at]
    state["turn"] = state["seats"][0]  # the first seat moves first (map.turns)
    counts = [
        _count(len(result["beacons"]), "beacon"),
        _count(len(result["asteroids"]), "asteroid field"),
        _count(len(result["ion_storms"]), "ion storm"),
        _count(result["rerolls"], "re-roll"),
    ]
    return Outcome(state, result, what="map new", outcome=", ".join(counts))


def _count(number: int, thing: str) -> str:
    return f"{number} {thing}" if number == 1 else f"{number} {thing}s"


def jump(state: State, action: Mapping[str, Any], dice: DiceDoor, content: FtlContent) -> Outcome:
    """Move a ship to a touching beacon for fuel (with advanced FTL navigation, back to a
    visited beacon further away, for more fuel), in its turn on the map; in a battle only
    with its FTL drive charged, escaping. The jump's effects run on the ship
    (``match.jump_effects``), and a jump onto the other ship's beacon begins a battle."""
    name, to, fuel = check_jump(state, action, content)
    player = state["players"][name]
    sector = state["map"]
    here = tuple(player["at"])
    escaped = _escape_battle(state, name)  # refused unless the drive is charged
    player["fuel"] -= fuel
    player["at"] = list(to)
    if list(to) not in player["visited"]:
        player["visited"].append(list(to))
    state["jumps"] += 1
    ships = match.ships_of(state)
    effects = match.jump_effects(ships[name], content) if ships and name in ships else {}
    match.pass_turn(state, name)
    match.record_of(state)["waits"] = 0
    hazard = _hazard(sector, to)
    result: dict[str, Any] = {
        "player": name,
        "from": list(here),
        "to": list(to),
        "fuel": player["fuel"],
        "spent": fuel,
        "hazard": hazard,
    }
    if escaped:
        result["escaped"] = True
    result.update(effects)
    words = [f"{fuel} fuel, {player['fuel']} left"]
    if hazard:
        words.append(hazard)
    if escaped:
        words.append("escaping the battle")
    words += effect_words(effects)
    if match.meeting_beacon(state) is not None and not match.fighting(state):
        battle = match.begin_battle(state, content)
        result["battle"] = battle["number"]
        words.append(f"battle {battle['number']} begins with {match.other(state, name)}")
    return Outcome(
        state,
        result,
        who=name,
        what=f"jump {beacon_words(here)} to {beacon_words(to)}",
        outcome=", ".join(words),
    )


def check_jump(
    state: State, action: Mapping[str, Any], content: FtlContent
) -> tuple[str, tuple[int, int], int]:
    """Everything a jump checks, changing nothing: (who, where to, the fuel it costs)."""
    name = find_player(state, action.get("player"))
    player = state["players"][name]
    sector = state["map"]
    if sector is None:
        raise RulesError("there is no map yet", hint="build one with 'gmtool ftl map new'")
    match.check_turn(state, name, content.map.turns)
    to = _beacon(action.get("to"), sector["size"])
    here = tuple(player["at"])
    fuel = content.map.jump_fuel
    if list(to) not in sector["beacons"]:
        raise RulesError(f"there is no beacon at {beacon_words(to)} (it was removed)")
    if to == here:
        raise RulesError(f"{name} is already at {beacon_words(to)}")
    if not is_adjacent(here, to, content.map.adjacency):
        far = _far_jump_fuel(player, to, content)
        if far is None:
            raise RulesError(
                f"{beacon_words(to)} does not touch {name}'s beacon {beacon_words(here)}",
                hint="a ship jumps to a touching beacon",
            )
        fuel = far
    if player["fuel"] < fuel:
        raise RulesError(f"{name} has {player['fuel']} fuel and the jump needs {fuel}")
    if match.fighting(state):
        from gmtool.games.ftl.rules.battle.ftl_drive import check_ready

        check_ready(state["battle"], state["battle"]["ships"][name])
    return name, to, fuel


def wait(state: State, action: Mapping[str, Any], dice: DiceDoor, content: FtlContent) -> Outcome:
    """A captain's turn on the map passed without a jump (``map.waits_end_match`` waits in
    a row end the match with no winner)."""
    name = find_player(state, action.get("player"))
    if state["map"] is None:
        raise RulesError("there is no map yet", hint="build one with 'gmtool ftl map new'")
    if match.fighting(state):
        raise RulesError(
            f"a battle is under way: {name} fights, or jumps away with a charged FTL drive"
        )
    match.check_turn(state, name, content.map.turns)
    record = match.record_of(state)
    record["waits"] = int(record.get("waits", 0)) + 1
    match.pass_turn(state, name)
    at = state["players"][name]["at"]
    result: dict[str, Any] = {"player": name, "at": at}
    line = "stays at " + beacon_words(at)
    ending = int(content.map.waits_end_match)
    if ending and record["waits"] >= ending:
        record["over"] = "both captains wait: no winner"
        result["over"] = record["over"]
        line += "; the match ends, " + record["over"]
    return Outcome(state, result, who=name, what="wait", outcome=line)


def effect_words(effects: Mapping[str, Any]) -> list[str]:
    words = []
    if effects.get("hull_repaired"):
        words.append(f"repair arm +{effects['hull_repaired']} hull")
    if effects.get("zoltan_shield"):
        words.append(f"Zoltan shield back to {effects['zoltan_shield']}")
    for crew, gain in (effects.get("healed") or {}).items():
        words.append(f"{crew} +{gain} health (clone bay)")
    if effects.get("drones_recovered"):
        words.append(f"{_count(effects['drones_recovered'], 'drone')} recovered")
    if effects.get("drones_lost"):
        words.append(f"{_count(effects['drones_lost'], 'drone')} left behind")
    if effects.get("pre_ignited"):
        words.append("pre-ignited " + ", ".join(effects["pre_ignited"]))
    return words


def _escape_battle(state: State, name: str) -> dict[str, Any] | None:
    """During a battle a ship jumps only with its FTL drive charged, and the jump ends the
    battle as an escape (``battle.ftl_drive``): the escape's event, or None."""
    if not match.fighting(state):
        return None
    from gmtool.games.ftl.rules.battle.ftl_drive import escape

    battle = state["battle"]
    return escape(battle, battle["ships"][name])


def _far_jump_fuel(
    player: Mapping[str, Any], to: tuple[int, int], content: FtlContent
) -> int | None:
    key = "advanced_ftl_navigation"
    if key in player["ship"].get("augments", []) and list(to) in player["visited"]:
        return int(content.augments[key].numbers["far_jump_fuel"])
    return None


def _hazard(sector: Mapping[str, Any], at: tuple[int, int]) -> str | None:
    if list(at) in sector["asteroids"]:
        return "asteroid field"
    if list(at) in sector["ion_storms"]:
        return "ion storm"
    return None


def _beacon(value: Any, size: int) -> tuple[int, int]:
    if (
        not isinstance(value, list | tuple)
        or len(value) != 2
        or not all(isinstance(v, int) and 1 <= v <= size for v in value)
    ):
        shown = " ".join(map(str, value)) if isinstance(value, list | tuple) else repr(value)
        raise UsageError(f"a beacon is X Y, each from 1 to {size}: got {shown}")
    return int(value[0]), int(value[1])


ACTIONS: dict[str, Handler] = {"map_new": map_new, "jump": jump, "wait": wait}
"""The actions before a battle; the battle's own (``battle.handlers.ACTION_TYPES``) are
dispatched by ``SYSTEM.apply`` and imported only when one is played."""


def apply_action(
    state: State, action: Mapping[str, Any], dice: DiceDoor, content: FtlContent
) -> Outcome:
    kind = str(action.get("type"))
    handler = ACTIONS.get(kind)
    if handler is None:
        from gmtool.games.ftl.rules.battle.handlers import ACTION_TYPES

        raise unknown("FTL action", kind, sorted([*ACTIONS, *ACTION_TYPES]))
    return handler(state, action, dice, content)
