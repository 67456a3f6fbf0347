"""The log as the whole table may see it: what the web's roll feed prints.

Each entry is shown in its game's public form (a system may give ``public_entry(entry)``,
the entry as ``view(state, None)`` would tell it: Food Fight says that a player laid out
their towers, not how). A secret GM roll is shown only as "the GM rolled", with no dice and
no total, until a live reveal entry shows it (``Game.reveal``); undoing the reveal hides it
again.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from gmtool.store.records import REVEAL, SECRET

Entry = dict[str, Any]
"""An entry as ``Entry.to_json`` gives it."""

REVEALED = re.compile(r"reveal #(\d+)")


def public_entries(system: Any, entries: Iterable[Entry]) -> list[Entry]:
    """``entries`` as the table may see them (all of them: a secret roll keeps its place)."""
    entries = list(entries)
    shown = {
        int(found[1])
        for entry in entries
        if entry["kind"] == REVEAL and not entry["voided"]
        if (found := REVEALED.fullmatch(entry["what"]))
    }
    public_form = getattr(system, "public_entry", None)
    seen = []
    for entry in entries:
        if entry["kind"] == SECRET:
            seen.append(_secret(entry, revealed=entry["seq"] in shown))
        elif public_form is not None:
            seen.append(public_form(entry))
        else:
            seen.append(entry)
    return seen


def _secret(entry: Entry, *, revealed: bool) -> Entry:
    if revealed:
        return {**entry, "secret": "revealed"}
    return {**entry, "who": "the GM", "what": "rolled", "dice": [], "outcome": "", "secret": "kept"}
