"""The reactions a lower layer of the battle sets off and a higher layer carries out.

The battle's modules import downward only (leaves, then the mechanics, then the
resolution of shots and drones, then the second and the orders). Where a mechanic's
change sets off something a higher module owns (drone control losing bars switches its
drones off), the mechanic calls the reaction's hook here and the owner fills it when it
is imported. The package imports every owner (``battle/__init__``), so no hook is empty
by the time any order or second runs.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gmtool.games.ftl.rules.battle.state import Battle, Event, Ship

BarsCapped = Callable[[Battle, Ship, int, str], list[Event]]
"""(battle, ship, the bars left, why): the events of the things that lost their power."""


def _empty(*_: Any) -> list[Event]:
    raise RuntimeError("a battle hook was called before its owner filled it")


class Hooks:
    """The reactions, each filled by the module named in its comment."""

    __slots__ = ("drone_control_capped",)

    def __init__(self) -> None:
        self.drone_control_capped: BarsCapped = _empty
        """Drone control holds fewer bars now (damage, ion, the reactor): its drones go off,
        the last listed first (``drones.cap_drones``)."""


HOOKS = Hooks()
