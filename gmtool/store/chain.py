"""Checksums that let a campaign prove it is whole.

Each log entry carries a hash of its own columns and of the entry before it, so the log is
a chain: change, remove or insert one entry and every hash from there on stops matching.
The first entry chains from the campaign's genesis (its name, system, creation time,
options and content overrides). The game row carries a seal over the head state, the dice
generator, the redo list and the last entry's hash; each snapshot a hash of its state.

A command checks the seal and the last few links when it opens a campaign (cheap: a few
rows); ``gmtool campaign verify`` checks every link. BLAKE2 comes from the interpreter's
own module when it has one: importing hashlib would load OpenSSL, which costs more than
every hash a command computes.
"""

from __future__ import annotations

import json
from typing import Any

try:
    from _blake2 import blake2b
except ImportError:  # pragma: no cover - an interpreter without the builtin module
    from hashlib import blake2b

ENTRY_HASHED = "seq, time, kind, who, what, outcome, mission, scene, action, dice, result, rng"
"""The entry columns a link covers. ``voided``, which undo and redo change, is not one: the
seal covers it instead (the list of voided entries, ``seal``), so an entry marked undone or
live again by anything but gmtool's undo and redo breaks the seal."""
GENESIS_COLUMNS = "name, system, created, options, overrides"
SEALED_COLUMNS = "name, system, created, options, overrides, rng, state, redo, since_snapshot"
QUICK_LINKS = 4
"""How many of the latest links a command checks when it opens a campaign."""


_PLAIN = (str, int, float, type(None))
"""The values a part is hashed as; any other (bytes where text was) is hashed as its repr."""
_encode = json.JSONEncoder(ensure_ascii=False).encode
"""``json.dumps(..., ensure_ascii=False)`` with its encoder made once: ``dumps`` makes a new
one at every call given any option, which was half the cost of checking a link."""


def _digest(kind: str, *parts: Any) -> str:
    plain = [part if isinstance(part, _PLAIN) else repr(part) for part in parts]
    text = _encode([kind, *plain])
    return blake2b(text.encode("utf-8", "surrogatepass"), digest_size=16).hexdigest()


def genesis(row: tuple[Any, ...]) -> str:
    """What the first entry chains from: a hash of the campaign's GENESIS_COLUMNS."""
    return _digest("genesis", *row)


def entry_hash(previous: str, row: tuple[Any, ...]) -> str:
    """The hash of an entry's ENTRY_HASHED columns, chained to the ``previous`` hash."""
    return _digest("entry", previous, *row)


def seal(last_hash: str, row: tuple[Any, ...], voided: list[int] | None = None) -> str:
    """The seal over the game row's SEALED_COLUMNS, the last entry's hash and the seqs of
    the voided entries (``None`` in a campaign sealed before the seal covered them)."""
    if voided is None:
        return _digest("seal", last_hash, *row)
    return _digest("seal", last_hash, *row, ",".join(map(str, voided)))


def snapshot_hash(seq: int, state: Any) -> str:
    return _digest("snapshot", seq, state)
