"""Times typed at the command line: ``5m``, ``90s``, ``1m30s``, ``2:30``."""

from __future__ import annotations

import re

_UNITS = re.compile(r"(?:(\d+(?:\.\d+)?)m)?(?:(\d+(?:\.\d+)?)s)?")
_CLOCK = re.compile(r"(\d+):([0-5]\d)")


def parse_duration(text: str) -> float | None:
    """Seconds in ``text``, or None when it is not a time (a bare number is not: its unit
    would be a guess)."""
    text = text.strip().lower()
    clock = _CLOCK.fullmatch(text)
    if clock:
        return int(clock[1]) * 60.0 + int(clock[2])
    units = _UNITS.fullmatch(text)
    if not text or units is None or not (units[1] or units[2]):
        return None
    return float(units[1] or 0) * 60 + float(units[2] or 0)
