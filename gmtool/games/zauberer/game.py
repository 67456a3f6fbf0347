"""Zauberer: four wizard clans race for the centre of the arena, duel, and raid dungeons.

``SYSTEM`` is what the engine and every front end use: its rules answer the protocol's
questions in ``rules/declaration.py``. ``options_document`` serves ``gmtool zauberer
options``, and ``simulate`` the balance checks.
"""

from __future__ import annotations

from gmtool.engine.declared import Declared
from gmtool.games.zauberer.rules import declaration
from gmtool.games.zauberer.rules.view import options_document

SYSTEM = Declared("zauberer", "Zauberer", declaration)

__all__ = ["SYSTEM", "options_document"]
