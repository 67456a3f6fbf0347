"""An Astral fight played out for ``gmtool forecast``, tick by tick.

Each tick every being able to act declares one action from the moves ``options`` offers
it (a PC from its own seat, an NPC from the GM's questions for it), by the policy of its
side; the GM's own move, "play a tick", then resolves them all at once. The fight is the
PCs against the NPCs within reach of a PC when the forecast starts (one Away from every PC
takes no part); a side has lost when none of its beings is active at once (PCs gone, NPCs
unconscious). A policy attacks, blocks, defends, rests or hesitates: examining, moving
(whose targets are typed) and working on tasks are the table's. The rules text gives the
NPCs no instructions of their own: they play by a policy like the PCs'.
"""

from __future__ import annotations

from typing import Any

from gmtool.engine.forecast import Player, Policy, RandomPolicy, Record, ScoredPolicy, Start
from gmtool.engine.system import Action, Choice, Move, State, System
from gmtool.errors import RulesError
from gmtool.games.astral.rules.choices import actors
from gmtool.games.astral.rules.lookups import by_name, closeness, distance
from gmtool.games.astral.rules.options import follow_without_dice

SIDES = ("pcs", "npcs")
WINS_SAID = {"pcs": "the PCs win", "npcs": "the NPCs win"}
PLAYED = ("attack", "block", "defend", "rest", "hesitate")
"""The declarations a forecast plays."""
TICK = ("tick",)
"""The GM's one move a forecast plays: the tick, once every being has declared."""
MAIN = "ticks"
RUNS = 500
ENUMERABLE = True
MAX_TICKS = 200
"""A fight still going after this many ticks has no winner."""
LOW_AURA = 3
"""At or below this Aura, the greedy policy rests rather than attacks."""


def _side(state: State, name: str) -> str:
    return "pcs" if by_name(state)[name]["kind"] == "pc" else "npcs"


def _fighters(state: State) -> dict[str, list[str]]:
    """Each side's beings in the fight: the PCs, and the NPCs not Away from every PC."""
    pcs = [e["name"] for e in state["entities"] if e["kind"] == "pc"]
    npcs = [
        e["name"]
        for e in state["entities"]
        if e["kind"] == "npc" and any(distance(state, e["name"], pc) != "away" for pc in pcs)
    ]
    return {"pcs": pcs, "npcs": npcs}


def _out(state: State, names: list[str]) -> bool:
    entities = by_name(state)
    return all(entities[name]["condition"] != "active" for name in names)


def _foe(state: State, who: str, other: Any) -> bool:
    entities = by_name(state)
    return (entities[who]["kind"] == "pc") != (entities[str(other)]["kind"] == "pc")


def _who(move: Move) -> str:
    return str(move.action["declarations"][0]["who"])


def _aura(state: State, name: Any) -> int:
    return int(by_name(state)[str(name)]["aura"] or 0)


def _focus_move(state: State, move: Move) -> float:
    who = _who(move)
    if move.name == "attack":
        return 3.0 if any(_foe(state, who, t) for t in _targets(move)) else -1.0
    return {"defend": 1.0, "rest": 0.5}.get(move.name, 0.0)


def _greedy_move(state: State, move: Move) -> float:
    entity = by_name(state)[_who(move)]
    aura = int(entity["aura"] or 0)
    if aura <= LOW_AURA and aura < int(entity["starting_aura"] or 0):
        return {"rest": 3.0, "defend": 2.0}.get(move.name, 0.0)
    return _focus_move(state, move)


def _targets(move: Move) -> tuple[Any, ...]:
    choice = move.choice("target")
    return choice.values or () if choice is not None else ()


def _weakest(state: State, move: Move, choice: Choice, value: Any) -> float:
    """A foe with the least Aura (a friend, for a block)."""
    who = _who(move)
    foe = _foe(state, who, value)
    wanted = foe if move.name == "attack" else not foe
    return (0.0 if wanted else -1000.0) - _aura(state, value)


def _closest_weakest(state: State, move: Move, choice: Choice, value: Any) -> float:
    """The closest foe (+2 CV touching, -2 far), then the one with the least Aura."""
    near = closeness(distance(state, _who(move), str(value)))
    return _weakest(state, move, choice, value) - 100.0 * near


POLICIES: dict[str, Policy] = {
    "random": RandomPolicy(),
    "focus-weakest": ScoredPolicy(
        "focus-weakest",
        "attacks the foe in reach with the least Aura; with none in reach, defends",
        _focus_move,
        _weakest,
    ),
    "greedy": ScoredPolicy(
        "greedy",
        f"rests at {LOW_AURA} Aura or less (below its starting Aura), else attacks the "
        "closest foe (the least Aura of equals); with none in reach, defends",
        _greedy_move,
        _closest_weakest,
    ),
}
DEFAULT_POLICIES = {"pcs": "greedy", "npcs": "focus-weakest"}
SCORED_PLAYS = ("attack", "defend", "rest")
"""What the scored policies declare: defending is always on offer and scores above a block
or a hesitation, so those two are never theirs and are not even built for them."""
PLAYS = {"random": PLAYED, "focus-weakest": SCORED_PLAYS, "greedy": SCORED_PLAYS}
"""The declarations offered to a being, by its side's policy."""


FRESH_FROM = "tick"
"""``--fresh``: the fight again from just before the tick that began it."""
FRESH_REPLAYS = False
"""That tick's declarations are the policies' again: only the state before it is kept."""
FRESH_WHAT = "fight begun since the last final attack"


def fresh_begins(before: State, after: State) -> bool:
    """A tick began the fight: the first attack since the last final attack was in it."""
    return not before["fight_on"] and bool(after["fight_on"])


def start(system: System, state: State, content: Any, *, fresh: bool) -> Start:
    if fresh:  # the fight's first tick is found in the log (FRESH_FROM)
        return Start(state, what="the fight from its start")
    sides = _fighters(state)
    if not sides["pcs"] or not sides["npcs"]:
        raise RulesError(
            "no fight to forecast: it needs a PC and an NPC within reach of each other",
            hint="add an NPC, or set a distance closer than away",
        )
    return Start(state, what=f"the fight from tick {state['tick']}")


def step(state: State, player: Player) -> Action | None:
    sides = _fighters(state)
    if _out(state, sides["pcs"]) or _out(state, sides["npcs"]):
        return None
    if player.notes.get("ticks", 0) >= MAX_TICKS:
        return None
    # Nobody reads a move's dice: the tick rolls them through the door.
    player.asked["dice"] = False
    player.follow = follow_without_dice
    player.asked["kinds"] = TICK  # the GM's other moves are not even built
    ticks = player.moves(state, None, lambda move: move.name == "tick")
    if not ticks:
        return None
    declarations: list[dict[str, Any]] = []
    for who in actors(state):
        side = _side(state, who)
        player.asked["kinds"] = PLAYS[player.policies[side].name]
        action = player.choose(state, side, who, _kept)
        if action is not None:
            declarations += action["declarations"]
    return {**ticks[0].action, "declarations": declarations}


def _kept(move: Move) -> bool:
    return move.name in PLAYED


def observe(state: State, action: Action, notes: dict[str, Any]) -> None:
    notes["ticks"] = notes.get("ticks", 0) + 1
    for timer in state["timers"]:
        if timer["kind"] == "gone":
            notes.setdefault(f"away: {timer['who']}", timer["ticks"])
    for entity in state["entities"]:
        if entity["kind"] == "npc" and entity["condition"] == "unconscious":
            notes.setdefault(f"knocked out: {entity['name']}", True)


def record(start: State, end: State, finished: bool, notes: dict[str, Any]) -> Record:
    sides = _fighters(start)
    pcs_out, npcs_out = _out(end, sides["pcs"]), _out(end, sides["npcs"])
    winner = "pcs" if npcs_out and not pcs_out else "npcs" if pcs_out and not npcs_out else ""
    events = [key for key in notes if key.startswith("knocked out: ")]
    events += [f"knocked out: {key[6:]}" for key in notes if key.startswith("away: ")]
    measures: dict[str, float] = {"ticks": float(notes.get("ticks", 0))}
    for name in (*sides["pcs"], *sides["npcs"]):
        measures[f"Aura left: {name}"] = float(_aura(end, name))
    for key, ticks in notes.items():
        if key.startswith("away: "):
            measures[f"ticks away: {key[6:]}"] = float(ticks)
    return Record(winner, tuple(sorted(events)), measures)
