"""Fresh copies of one JSON-ready state, made many times over: a forecast starts each of
its thousands of games from the same state, and the rules change the copy they are given.

The state is written once with ``marshal`` (the interpreter's own format for plain data:
dicts, lists, text, numbers) and each copy read back from those bytes, several times
faster than ``copy.deepcopy`` walks it. Only bytes written here are ever read back. A
state holding anything else is copied with ``copy.deepcopy``.
"""

from __future__ import annotations

import copy
import marshal
from typing import Any


class Copies:
    """``copies()``: a new deep copy of the state given, each call."""

    __slots__ = ("_data", "_state")

    def __init__(self, state: Any) -> None:
        self._state = state
        try:
            self._data: bytes | None = marshal.dumps(state)
        except ValueError:  # something marshal cannot write: copied the slow way
            self._data = None

    def __call__(self) -> Any:
        if self._data is None:
            return copy.deepcopy(self._state)
        return marshal.loads(self._data)
