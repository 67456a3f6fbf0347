"""What each seat of an FTL game may do now, as ``Move``s (``game.Ftl.options``).

Between battles the captains jump (to a beacon the jump itself accepts, when the content
is at hand to ask it) and the GM lays out the map; in a battle each captain gives the
orders the battle's own checks pass (``battle.choices.legal_orders``) and the GM runs
the seconds. FTL hides nothing, so every seat sees what the table sees.
"""

from __future__ import annotations

from collections.abc import Collection
from typing import Any

from gmtool.engine.system import Choice, Move, State
from gmtool.errors import GmtoolError
from gmtool.games.ftl.rules.actions import check_jump
from gmtool.games.ftl.rules.match import fighting, match_over, turn_of
from gmtool.games.ftl.rules.sector import beacon_words


def captains(state: State) -> list[str]:
    """The two captains, in seat order."""
    return [str(seat) for seat in state.get("seats") or []]


def options(
    state: State,
    seat: str | None,
    content: Any = None,
    kinds: Collection[str] | None = None,
    wanted: Any = None,
) -> list[Move]:
    """The moves ``seat`` (None: the GM) may make now: the GM lays out the map and runs the
    battle's seconds; a captain gives the battle's orders and jumps (a jump in a battle
    is the escape; with no map laid out there is no jump to offer, not even a greyed one:
    the campaign plays one battle). ``content`` (the campaign's FTL content, loaded) lets
    the jumps be checked, and the orders be offered before the first second opens the
    battle.
    ``kinds`` (order kinds, ``jump``) keeps those moves of the list only, found alone;
    ``wanted`` (kind, fields) -> bool, those orders only (``choices.legal_orders``)."""
    battle = battle_of(state, content)
    fighting = battle is not None and not battle.get("over")
    if match_over(state):
        return [_map_move(state)] if seat is None else []
    if seat is None:
        return [_map_move(state), *(_tick_moves() if fighting or _one_battle(state) else [])]
    orders = _orders(battle, seat, kinds, wanted) if fighting else []
    jumps = _jumps(state, seat, content) if kinds is None or "jump" in kinds else []
    waits = _waits(state, seat) if kinds is None or "wait" in kinds else []
    return [*orders, *jumps, *waits]


def to_move(state: State) -> list[str]:
    """The captains whose orders a battle awaits (both: either may give one between
    seconds), under way or about to open (a campaign with no map laid out plays one
    battle, opened by its first order or second; the GM may lay out a map instead), or
    the captain whose turn it is on the map (``map.turns``); none once the match is over."""
    battle = state.get("battle")
    if battle is not None and not battle.get("over"):
        return captains(state)
    if about_to_open(state):
        return captains(state)
    if state.get("map") is None or match_over(state):
        return []
    turn = turn_of(state)
    return [turn] if turn is not None else []


def about_to_open(state: State) -> bool:
    """No map and no battle yet, two captains: the one battle the campaign plays is about
    to open (its first order or second opens it)."""
    return _one_battle(state) and len(captains(state)) == 2


def _one_battle(state: State) -> bool:
    """No map: the campaign plays one battle, opened by its first order or second."""
    return state.get("map") is None and state.get("battle") is None


def battle_of(state: State, content: Any) -> Any:
    """The battle under way (or the last one), or, with ``content``, the one about to
    open as its first order or second would open it (nothing is changed); None on the map
    before the first battle, or without ``content``."""
    if state.get("battle") is not None:
        return state["battle"]
    if content is None or not about_to_open(state):
        return None
    from gmtool.games.ftl.rules.battle.handlers import (
        battle_as_it_opens,  # the referee, for a battle only
    )

    return battle_as_it_opens(state, content)


def _tick_moves() -> list[Move]:
    return [
        Move(
            name="tick",
            label="run the next second",
            action={"type": "tick"},
            choices=(Choice("seconds", "how many seconds", kind="number", optional=True),),
        )
    ]


def _orders(
    battle: Any, seat: str, kinds: Collection[str] | None = None, wanted: Any = None
) -> list[Move]:
    from gmtool.games.ftl.rules.battle.choices import legal_orders  # the referee, for a battle only

    return [
        Move(
            name=f"order_{kind}",
            label=" ".join([kind, *(_word(v) for k, v in action.items() if k != "ship")]),
            seat=seat,
            action={"type": f"order_{kind}", **action},
        )
        for kind, actions in legal_orders(battle, seat, kinds, wanted).items()
        for action in actions
    ]


def _word(value: Any) -> str:
    if value is None:
        return "hold"
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def _map_move(state: State) -> Move:
    made = state.get("map") is not None
    return Move(
        name="map_new",
        label="lay out the sector map",
        action={"type": "map_new"},
        choices=(Choice("dice", "the faces rolled", kind="faces", optional=True),),
        reason="the sector map is laid out already" if made else "",
    )


def _jumps(state: State, seat: str, content: Any) -> list[Move]:
    sector = state.get("map")
    player = (state.get("players") or {}).get(seat)
    if sector is None or player is None:
        return []  # no beacon to jump to
    here = player.get("at")
    turn = turn_of(state)
    if turn is not None and turn != seat and _alternate(content):
        return [
            Move(
                name="jump",
                label="jump to a beacon",
                seat=seat,
                action={"type": "jump", "player": seat},
                reason=f"it is {turn}'s turn on the map",
            )
        ]
    beacons = [list(b) for b in sector["beacons"] if list(b) != here]
    if content is not None:
        beacons = [b for b in beacons if _jump_passes(state, seat, b, content)]
    return [
        Move(
            name="jump",
            label="jump to a beacon",
            seat=seat,
            action={"type": "jump", "player": seat},
            choices=(
                Choice(
                    "to",
                    "to which beacon",
                    values=tuple(beacons),
                    labels=tuple(beacon_words(b) for b in beacons),
                ),
            ),
            reason="" if beacons else "no beacon within reach",
        )
    ]


def _waits(state: State, seat: str) -> list[Move]:
    if state.get("map") is None or fighting(state):
        return []
    turn = turn_of(state)
    return [
        Move(
            name="wait",
            label="wait at this beacon (pass the turn)",
            seat=seat,
            action={"type": "wait", "player": seat},
            reason="" if turn in (None, seat) else f"it is {turn}'s turn on the map",
        )
    ]


def _alternate(content: Any) -> bool:
    return content is None or content.map.turns == "alternate"


def _jump_passes(state: State, seat: str, to: list[int], content: Any) -> bool:
    """Whether the jump itself accepts ``to`` (its own checks: nothing changes)."""
    try:
        check_jump(state, {"player": seat, "to": to}, content)
    except GmtoolError:
        return False
    return True
