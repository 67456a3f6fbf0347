"""Food Fight: four players, towers of salt cards, health tracks and Fortune cards.

``SYSTEM`` is what the engine and every front end use: its rules answer the protocol's
questions in ``rules/declaration.py``. ``options_document`` serves ``gmtool foodfight
options``, and ``simulate`` the balance checks.
"""

from __future__ import annotations

from gmtool.engine.declared import Declared
from gmtool.games.foodfight.rules import declaration
from gmtool.games.foodfight.rules.view import options_document

SYSTEM = Declared("foodfight", "Food Fight", declaration)

__all__ = ["SYSTEM", "options_document"]
