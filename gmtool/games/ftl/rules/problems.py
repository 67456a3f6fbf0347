"""A broken building rule: where in the ship file, and what is wrong (the checks and the
room rules both report them)."""

from __future__ import annotations

import difflib
from collections.abc import Iterable
from dataclasses import dataclass

Loc = tuple[str | int, ...]


@dataclass(frozen=True)
class Problem:
    loc: Loc
    message: str

    @property
    def field(self) -> str:
        return ".".join(str(part) for part in self.loc) or "(top)"


def unknown_name(kind: str, name: str, known: Iterable[str]) -> str:
    """ "unknown weapon 'burst_lazer' (did you mean burst_laser?)"."""
    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    names = sorted(known)
    if close:
        hint = f"did you mean {close[0]}?"
    elif len(names) <= 12:
        hint = f"valid: {', '.join(names)}"
    else:
        hint = "see the ids in tables/ftl/ or docs/games/ftl-ships.md"
    return f"unknown {kind} '{name}' ({hint})"
