"""The rule systems, found by name. Each module is imported only when used."""

from __future__ import annotations

import importlib

from gmtool.engine.system import System
from gmtool.errors import unknown

SYSTEMS: dict[str, str] = {
    "originem": "gmtool.systems.originem",
    "astral": "gmtool.systems.astral",
    "starships": "gmtool.systems.starships",
    "foodfight": "gmtool.systems.foodfight",
    "ftl": "gmtool.systems.ftl",
    "zauberer": "gmtool.systems.zauberer",
}
"""System name -> the module whose ``SYSTEM`` object implements ``engine.system.System``."""


def get_system(name: str) -> System:
    if name not in SYSTEMS:
        raise unknown("system", name, sorted(SYSTEMS))
    module = importlib.import_module(SYSTEMS[name])
    system: System = module.SYSTEM
    return system
