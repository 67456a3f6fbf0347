"""Astral: explore the Astral Plane tick by tick (combat values, Aura, distances, tasks)."""

from gmtool.systems.astral.system import AstralSystem

SYSTEM = AstralSystem()

__all__ = ["SYSTEM", "AstralSystem"]
