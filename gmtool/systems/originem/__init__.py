"""Originem: a crew races the NOVA counter through missions of rolled scenes and fights,
gathering the knowledge that unlocks the final mission."""

from gmtool.systems.originem.system import OriginemSystem

SYSTEM = OriginemSystem()

__all__ = ["SYSTEM", "OriginemSystem"]
