"""Dice: notation, rolling (virtual or entered), and exact odds (see ``odds``).

The names below are loaded from their modules when first asked for: a command that only
reads notation (``gmtool odds``, a content file's dice) loads neither the door nor the
roller.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from gmtool.dice.door import DiceDoor, parse_faces, parse_faces_by
    from gmtool.dice.notation import Expression, parse
    from gmtool.dice.rng import Rng
    from gmtool.dice.rolled import Die, Roll

__all__ = ["DiceDoor", "Die", "Expression", "Rng", "Roll", "parse", "parse_faces", "parse_faces_by"]

_MODULE_OF = {
    "DiceDoor": "door",
    "parse_faces": "door",
    "parse_faces_by": "door",
    "Expression": "notation",
    "parse": "notation",
    "Rng": "rng",
    "Die": "rolled",
    "Roll": "rolled",
}


def __getattr__(name: str) -> Any:
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module 'gmtool.dice' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"gmtool.dice.{module}"), name)
    globals()[name] = value
    return value
