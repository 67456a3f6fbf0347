"""Dice: notation, rolling (virtual or entered), and exact odds (see ``odds``)."""

from gmtool.dice.door import DiceDoor, parse_faces, parse_faces_by
from gmtool.dice.notation import Expression, parse
from gmtool.dice.rng import Rng
from gmtool.dice.rolled import Die, Roll

__all__ = ["DiceDoor", "Die", "Expression", "Rng", "Roll", "parse", "parse_faces", "parse_faces_by"]
