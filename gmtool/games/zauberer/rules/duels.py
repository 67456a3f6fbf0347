"""Duels: called from a white space on a team within range, fought roll by roll.

A duel cannot be refused and the rest of the game waits for it. Each team starts with
``hit_points`` (fewer after a Magic Dart); each roll, the lower Power Points lose one.
The first team out of hit points leaves the game; the winner is whole again. Effects a
team carries into its next duel (traps, H2O Portal, a Searing Ring under either piece)
become the duel's lasting effects when it starts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmtool.dice import DiceDoor
from gmtool.errors import RulesError, UsageError
from gmtool.games.zauberer.rules import board as graph
from gmtool.games.zauberer.rules.power import Roll, hit_point_losses, roll_power
from gmtool.games.zauberer.rules.state import (
    KIND_WORDS,
    State,
    Team,
    card_name,
    check_duel_ground,
    check_phase,
    check_turn,
    find_card,
    find_team,
    on_duel_ground,
    open_duel,
    team_to_play,
)
from gmtool.games.zauberer.rules.turns import end_turn, knock_out, return_card, return_spell
from gmtool.games.zauberer.state import Duel, Phase

BATTLE_EFFECTS = ("battle_power", "battle_hp", "battle_one_die")


def check_call(state: State, action: Mapping[str, Any]) -> dict[str, Any]:
    """The team to play may call out ``target`` (named by its clan in the move returned);
    raises the rules' refusal."""
    team = check_turn(state, action.get("player"), doing="call a duel")
    target = find_team(state, action.get("target") or "")
    if state["phase"] != "duel":
        check_duel_ground(state, team)
    check_phase(state, team, ("white",), "call a duel")
    if target is team:
        raise RulesError(f"{team['clan']} cannot duel itself: name another team")
    if target["out"] is not None:
        raise RulesError(f"{target['clan']} is out of the game: only teams still in can duel")
    board = state["board"]
    reach = state["rules"]["duel_range"]
    apart = graph.steps_apart(board["spaces"], board["before"], team["space"], target["space"])
    if apart is None or apart > reach:
        far = "not connected" if apart is None else f"{apart} spaces away"
        raise RulesError(
            f"{target['clan']} is {far}: a duel may be called on a team at most {reach} spaces away"
        )
    return {"type": "duel_start", "target": target["clan"]}


def call_duel(
    state: State, checked: Mapping[str, Any], dice: DiceDoor, record: bool
) -> dict[str, Any]:
    """The team to play calls out the clan ``checked["target"]`` (a duel the rules allow)."""
    team = team_to_play(state)
    start_duel(state, team, find_team(state, checked["target"]), resume="end", ends_turn=True)
    if not record:
        return {}
    duel = open_duel(state)
    return {
        "challenger": duel["challenger"],
        "defender": duel["defender"],
        "hp": dict(duel["hp"]),
        "lasting": [dict(item) for item in duel["lasting"]],
    }


def start_duel(
    state: State, challenger: Team, defender: Team, *, resume: Phase, ends_turn: bool
) -> None:
    """Set up a duel; ``resume`` is the phase the turn goes back to after it, unless it
    ``ends_turn``."""
    hp: dict[str, int] = {}
    lasting: list[dict[str, Any]] = []
    for team in (challenger, defender):
        team["duels"] = team.get("duels", 0) + 1
        hp[team["clan"]] = state["rules"]["hit_points"]
        for effect in [e for e in team["effects"] if e["kind"] in BATTLE_EFFECTS]:
            team["effects"].remove(effect)
            if effect["kind"] == "battle_hp":
                hp[team["clan"]] = max(1, hp[team["clan"]] + effect["amount"])
            else:
                lasting.append(
                    {
                        "clan": team["clan"],
                        "source": effect["name"],
                        "kind": "one_die" if effect["kind"] == "battle_one_die" else "power",
                        "amount": effect.get("amount", 0),
                        "rounds": effect.get("rounds"),
                    }
                )
    lasting += _ring_effects(state, challenger, defender)
    state["duel"] = {
        "challenger": challenger["clan"],
        "defender": defender["clan"],
        "round": 0,
        "hp": hp,
        "used": [],
        "lasting": lasting,
        "resume": resume,
        "ends_turn": ends_turn,
    }
    state["phase"] = "duel"
    state["duels"] += 1


def _ring_effects(state: State, a: Team, b: Team) -> list[dict[str, Any]]:
    """A Searing Ring under either piece, cast by one of the two, acts in the first roll."""
    effects: list[dict[str, Any]] = []
    for space in dict.fromkeys((a["space"], b["space"])):
        ring = state["rings"].get(space)
        if ring is None or ring["clan"] not in (a["clan"], b["clan"]):
            continue
        del state["rings"][space]
        owner = ring["clan"]
        enemy = b["clan"] if owner == a["clan"] else a["clan"]
        for clan, amount in ((owner, ring["ally"]), (enemy, ring["enemy"])):
            effects.append(
                {
                    "clan": clan,
                    "source": ring["name"],
                    "kind": "power",
                    "amount": amount,
                    "rounds": 1,
                }
            )
    return effects


def check_round(state: State, action: Mapping[str, Any]) -> dict[str, Any]:
    """The roll ``action`` asks for, its cards as ``{clan: card id}``; raises the rules'
    refusal. A defence card that the dice make useless is refused by ``duel_round``."""
    duel = state["duel"]
    if duel is None:
        raise RulesError(
            "no duel is under way", hint="a team on a white space calls one: duel start CLAN"
        )
    caller = action.get("player")
    if caller:
        clan = find_team(state, caller)["clan"]
        if clan not in (duel["challenger"], duel["defender"]):
            raise RulesError(
                f"{clan} is not in this duel ({duel['challenger']} against "
                f"{duel['defender']}): only the two duellists roll"
            )
    attack = _cards(state, duel, action.get("attack"), "attack")
    defense = _cards(state, duel, action.get("defense"), "defense")
    both = set(attack) & set(defense)
    if both:
        clan = sorted(both)[0]
        raise RulesError(f"{clan} holds one spell: it cannot play an attack and a defence card")
    return {"type": "duel_round", "attack": attack, "defense": defense}


def duel_round(
    state: State, checked: Mapping[str, Any], dice: DiceDoor, record: bool
) -> dict[str, Any]:
    """One roll of the duel under way (``checked``: ``check_round``'s, or a player's that
    plays only cards it holds); ends the duel when a team runs out of hit points.
    ``record=False`` returns no document."""
    duel = open_duel(state)
    attack: dict[str, str] = checked.get("attack") or {}
    defense: dict[str, str] = checked.get("defense") or {}
    clans = state["clans"]
    rules = state["rules"]
    cards = {clan: state["cards"][cid] for clan, cid in attack.items()}
    guards = {clan: state["cards"][cid] for clan, cid in defense.items()}
    roll = roll_power(duel, clans, rules, cards, guards, dice)
    duel["round"] += 1
    _spend_cards(state, duel, roll, attack, defense)
    doc = _round_doc(duel, roll, attack, defense) if record else {}
    if roll.ended_by is not None:
        steps = int(guards[roll.ended_by]["effect"]["move"])
        done = _finish(state, duel, loser=None, mover=(roll.ended_by, steps))
        if record:
            doc["ended"] = roll.ended_by
            doc.update(done)
        return doc
    hurt = hit_point_losses(roll, rules["duel_tie"], duel["challenger"])
    for clan in hurt:
        duel["hp"][clan] -= 1
    if len(hurt) == 2 and all(duel["hp"][clan] <= 0 for clan in hurt):
        for clan in hurt:  # both would fall at once: they fight on from one hit point
            duel["hp"][clan] = 1
    if record:
        doc["hp"] = dict(duel["hp"])
        doc["round_loser"] = hurt[0] if len(hurt) == 1 else None
        doc["hurt"] = hurt
    _age_lasting(duel, roll)
    fallen = [clan for clan in roll.clans if duel["hp"][clan] <= 0]
    if fallen:
        loser = fallen[0]
        done = _finish(state, duel, loser=loser, mover=None)
        if record:
            doc["winner"] = roll.other(loser)
            doc.update(done)
    return doc


def _cards(state: State, duel: Duel, given: object, role: str) -> dict[str, str]:
    """``{clan: card}`` checked: a duellist, holding the card, of the right kind, unused."""
    if not given:
        return {}
    if not isinstance(given, dict):
        raise UsageError(f"'{role}' must map a clan to a card")
    checked: dict[str, str] = {}
    for name, text in given.items():
        team = find_team(state, name)
        clan = team["clan"]
        if clan not in (duel["challenger"], duel["defender"]):
            raise RulesError(
                f"{clan} is not in this duel ({duel['challenger']} against {duel['defender']})"
            )
        cid = find_card(state, text)
        label = card_name(state, cid)
        if team["spell"] != cid:
            raise RulesError(
                f"{clan} does not hold {label}: a team plays only the spell in its hand"
            )
        kind = state["cards"][cid]["kind"]
        if kind != role:
            if kind == "noncombat":
                raise RulesError(f"{label} is not a combat card: cast it on your own turn")
            when = (
                "before the roll (--attack)" if kind == "attack" else "after the roll (--defense)"
            )
            raise RulesError(f"{label} is {KIND_WORDS[kind]}: it is played {when}")
        if cid in duel["used"]:
            raise RulesError(f"{label} was played already in this duel: each spell once a duel")
        checked[clan] = cid
    return checked


def _spend_cards(
    state: State, duel: Duel, roll: Roll, attack: dict[str, str], defense: dict[str, str]
) -> None:
    duel["used"] += [*attack.values(), *defense.values()]
    for clan, cid in defense.items():
        if state["cards"][cid]["effect"]["kind"] != "steal_attack":
            continue
        thief = find_team(state, clan)
        victim_clan = roll.other(clan)
        taken = None
        if victim_clan in roll.stolen:
            victim = find_team(state, victim_clan)
            taken = victim["spell"]
            victim["spell"] = None
        rules = state["rules"]
        # Games begun before the setting read it as Growing Roots going back.
        if rules.get("growing_roots_returns", "itself") == "stolen_card":
            # the stolen card, used, is shuffled back; Growing Roots stays in hand
            if taken is not None:
                return_card(state, taken)
            continue
        return_spell(state, thief)
        thief["spell"] = taken
        if taken is not None and not rules.get("stolen_card_kept", True):
            return_spell(state, thief)


def _age_lasting(duel: Duel, roll: Roll) -> None:
    kept = []
    for lasting in duel["lasting"]:
        if lasting["rounds"] is not None:
            lasting["rounds"] -= 1
            if lasting["rounds"] <= 0:
                continue
        kept.append(lasting)
    duel["lasting"] = kept + roll.new_lasting


def _round_doc(
    duel: Duel, roll: Roll, attack: dict[str, str], defense: dict[str, str]
) -> dict[str, Any]:
    return {
        "round": duel["round"],
        "power": {clan: roll.power(clan) for clan in roll.clans},
        "hp": dict(duel["hp"]),
        "round_loser": None,
        "winner": None,
        "dice": {clan: list(roll.faces[clan]) for clan in roll.clans},
        "counted": dict(roll.base),
        "one_die": dict(roll.one_die),
        "extra_die": dict(roll.extra),
        "modifiers": {clan: [list(mod) for mod in roll.mods[clan]] for clan in roll.clans},
        "attack": dict(attack),
        "defense": dict(defense),
        "switched": roll.switched,
        "blocked": sorted(roll.blocked),
        "reflected": sorted(roll.reflects),
        "stolen": dict(roll.stolen),
        "hurt": [],
        "ended": None,
    }


def _finish(
    state: State, duel: Duel, *, loser: str | None, mover: tuple[str, int] | None
) -> dict[str, Any]:
    """End the duel: the loser leaves the game (Air Embodiment's caster moves instead), and
    the turn goes back to where it was or ends."""
    from gmtool.games.zauberer.rules.movement import walk

    state["duel"] = None
    done: dict[str, Any] = {"duel_over": True}
    if mover is not None:
        clan, steps = mover
        path, _ = walk(state, find_team(state, clan), steps, [], stop_at_dungeons=False)
        done["moved"] = {"team": clan, "path": path}
    if loser is not None:
        knock_out(state, find_team(state, loser), "duel")
    if state["over"]:
        return done
    turn_team = team_to_play(state)
    if duel["ends_turn"] or turn_team["out"] is not None:
        state["phase"] = "end"
        done["turn"] = end_turn(state)
    elif duel["resume"] == "white" and not on_duel_ground(state, turn_team):
        state["phase"] = "end"  # moved off the white space: no duel from there
    else:
        state["phase"] = duel["resume"]
    return done
