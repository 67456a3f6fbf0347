"""Simple players for the simulator: ``random`` and ``greedy``.

A policy answers the question the game asks now: the next action of the team to play,
or (in a duel) each team's attack card before the roll and defence card after it. The
greedy player asks the referee's own code for what it needs to know: the exact duel
odds, and what a defence card would do to the roll it has just seen.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import Any

from gmtool.dice import DiceDoor, Rng
from gmtool.errors import GmtoolError
from gmtool.games.zauberer.rules.choices import cast_arguments, held_card
from gmtool.games.zauberer.rules.movement import forks_ahead
from gmtool.games.zauberer.rules.odds import duel_odds
from gmtool.games.zauberer.rules.power import hit_point_losses, roll_power, second_die_back
from gmtool.games.zauberer.rules.state import State, Team, current_team, open_duel
from gmtool.games.zauberer.rules.view import duel_targets

Action = dict[str, Any]


def _pick(rng: Rng, items: list[Any]) -> Any:
    return items[rng.below(len(items))]


def _cast_action(state: State, team: Team, rng: Rng, *, greedy: bool) -> Action | None:
    """The team's non-combat card with arguments picked from what the rules offer
    (``choices.cast_arguments``), or None when the card has nothing worth doing."""
    cid = held_card(state, team, "noncombat")
    if cid is None:
        return None
    effect = state["cards"][cid]["effect"]
    kind = effect["kind"]
    needs = cast_arguments(state, team, cid)
    targets: list[str] = needs["targets"][1]
    spaces: list[str] = needs["spaces"][1]
    board = state["board"]
    distance = {t["clan"]: board["distance"][t["space"]] for t in state["teams"]}
    action: Action = {"type": "cast", "card": cid}
    if kind == "ring":
        ahead = [s for s in board["spaces"][team["space"]]["next"] if s in spaces]
        action["spaces"] = [ahead[0] if greedy and ahead else _pick(rng, spaces)]
    elif kind == "move_enemy" and effect["targets"] == "one":
        action["targets"] = [
            min(targets, key=distance.__getitem__) if greedy else _pick(rng, targets)
        ]
    elif kind == "swap_places":
        if greedy:  # only a team ahead is worth changing places with
            targets = [clan for clan in targets if distance[clan] < distance[team["clan"]]]
        if not targets:
            return None
        action["targets"] = [_pick(rng, targets)]
    elif kind == "pull_together":
        others = [clan for clan in targets if clan != team["clan"]]
        pool = others if greedy and len(others) >= 2 else targets
        if len(pool) < 2:
            return None
        first = _pick(rng, pool)
        action["targets"] = [first, _pick(rng, [clan for clan in pool if clan != first])]
    elif kind == "swap_colours":
        picked: list[str] = []
        while len(picked) < needs["spaces"][0]:
            space = _pick(rng, spaces)
            if not picked or len(picked) % 2 == 0 or picked[-1] != space:
                picked.append(space)
        action["spaces"] = picked
    elif kind == "portal":
        far: int = needs["steps"]
        if far == 0:
            return None
        action["steps"] = far if greedy else 1 + rng.below(far)
    return action


def _ways(state: State, team: Team, rng: Rng, *, greedy: bool) -> list[str]:
    ways = []
    for options in forks_ahead(state, team["space"], max(state["rules"]["movement"])).values():
        if greedy:
            green = [w for w in options if state["board"]["spaces"][w]["colour"] == "green"]
            calm = [w for w in options if state["board"]["spaces"][w]["colour"] != "red"]
            wanted = green if team["spell"] is None and green else calm
            ways.append(wanted[0] if wanted else options[0])
        else:
            ways.append(_pick(rng, options))
    return ways


def _forced(state: State) -> Action | None:
    """The only action on offer, if there is just one: the roll-off, or a trap to draw."""
    return {"type": state["phase"]} if state["phase"] in ("roll_off", "trap") else None


def random_turn(state: State, rng: Rng) -> Action:
    """Any legal action of the team to play, with equal chance among the kinds on offer."""
    forced = _forced(state)
    if forced is not None:
        return forced
    phase = state["phase"]
    team = current_team(state)
    assert team is not None
    choices: list[Action] = []
    if phase in ("move", "blue"):
        choices.append({"type": "move", "ways": _ways(state, team, rng, greedy=False)})
    if phase != "move":
        choices.append({"type": "end_turn"})
    if phase == "white":
        choices += [{"type": "duel_start", "target": t} for t in duel_targets(state, team)]
    if phase == "dungeon":
        choices.append({"type": "dungeon", "return_spell": True})
    cast = _cast_action(state, team, rng, greedy=False)
    if cast is not None and rng.below(4) == 0:
        return cast
    chosen: Action = _pick(rng, choices)
    return chosen


_KEEN = Fraction(0.55)
_DESPERATE = Fraction(0.25)
"""The chances of winning a duel the greedy player calls one for (the second when the
target holds the centre). Fractions of the very floats, so that comparing a chance with
them is exact, as with the floats, without making a fraction of a float every time."""


def greedy_turn(state: State, rng: Rng) -> Action:
    """Cast a helpful card at once, make for the centre, raid a dungeon with an empty hand,
    and call a duel when the exact odds favour it (or to stop a team holding the centre)."""
    forced = _forced(state)
    if forced is not None:
        return forced
    phase = state["phase"]
    team = current_team(state)
    assert team is not None
    cast = _cast_action(state, team, rng, greedy=True)
    if cast is not None:
        return cast
    if phase in ("move", "blue"):
        return {"type": "move", "ways": _ways(state, team, rng, greedy=True)}
    if phase == "dungeon" and team["spell"] is None:
        return {"type": "dungeon"}
    if phase == "white":
        best = None
        attack = {team["clan"]: c} if (c := held_card(state, team, "attack")) else {}
        for clan in duel_targets(state, team):
            target = next(t for t in state["teams"] if t["clan"] == clan)
            chance = duel_odds(state, team["clan"], clan, attack)["duel"]["win"]
            urgent = target["space"] == state["board"]["centre"] and target["centre_turns"] >= 1
            wanted = chance > _KEEN or (urgent and chance > _DESPERATE)
            if wanted and (best is None or chance > best[0]):
                best = (chance, clan)
        if best is not None:
            return {"type": "duel_start", "target": best[1]}
    return {"type": "end_turn"}


def random_attack(state: State, team: Team, rng: Rng) -> str | None:
    cid = held_card(state, team, "attack")
    return cid if cid is not None and rng.below(2) else None


def greedy_attack(state: State, team: Team, rng: Rng) -> str | None:
    return held_card(state, team, "attack")


def random_defense(
    state: State, team: Team, attack: dict[str, str], faces: dict[str, list[int]], rng: Rng
) -> str | None:
    cid = held_card(state, team, "defense")
    if cid is None or not rng.below(2):
        return None
    return cid if _legal(state, team, cid, attack, faces) else None


def greedy_defense(
    state: State, team: Team, attack: dict[str, str], faces: dict[str, list[int]], rng: Rng
) -> str | None:
    """Play the defence card only when it saves a hit point (or costs the enemy one)."""
    cid = held_card(state, team, "defense")
    if cid is None:
        return None
    with_card = _hurt(state, attack, {team["clan"]: cid}, faces)
    if with_card is None:
        return None
    without = _hurt(state, attack, {}, faces)
    if without is None:
        return None
    clan = team["clan"]
    if state["cards"][cid]["effect"]["kind"] == "end_duel":
        return cid if clan in without and open_duel(state)["hp"][clan] <= 1 else None
    score = (clan in without) - (clan in with_card)
    score += sum(1 for c in with_card if c != clan) - sum(1 for c in without if c != clan)
    return cid if score > 0 else None


def _legal(state: State, team: Team, cid: str, attack: dict[str, str], faces: Any) -> bool:
    return _hurt(state, attack, {team["clan"]: cid}, faces) is not None


def _hurt(
    state: State, attack: dict[str, str], defense: dict[str, str], faces: dict[str, list[int]]
) -> list[str] | None:
    """Who would lose a hit point with these cards and faces (None: the play is refused).
    A die still to be thrown after the card (Ice Mirror's, or the second die a cancelled
    Unrelenting Shock gives back) is taken as a 4, its nearest whole average."""
    duel = open_duel(state)
    entered = {clan: list(faces[clan]) for clan in faces}
    cards = {c: state["cards"][cid] for c, cid in attack.items()}
    for clan, cid in defense.items():
        guard = state["cards"][cid]
        if guard["effect"]["kind"] == "double_one_die" or second_die_back(
            duel, state["rules"], cards, guard, clan
        ):
            entered[clan] = [*entered[clan], 4]
    guards = {c: state["cards"][cid] for c, cid in defense.items()}
    try:
        roll = roll_power(
            duel, state["clans"], state["rules"], cards, guards, DiceDoor(entered_by=entered)
        )
    except GmtoolError:
        return None
    if roll.ended_by is not None:
        return []
    return hit_point_losses(roll, state["rules"]["duel_tie"], duel["challenger"])


TurnPolicy = Callable[[State, Rng], Action]
AttackPolicy = Callable[[State, Team, Rng], "str | None"]
DefensePolicy = Callable[[State, Team, dict[str, str], dict[str, list[int]], Rng], "str | None"]

POLICIES: dict[str, tuple[TurnPolicy, AttackPolicy, DefensePolicy]] = {
    "random": (random_turn, random_attack, random_defense),
    "greedy": (greedy_turn, greedy_attack, greedy_defense),
}
