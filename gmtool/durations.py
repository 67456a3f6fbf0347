"""Times as people type them: ``5m``, ``90s``, ``1m30s``, ``1h``, ``2:30``, ``1:02:30``,
each with an optional sign (``-5m``, ``+90s``). Read wherever gmtool asks for a time: the
command line and the play menus alike (a game's rules read them too, so this is core).
"""

from __future__ import annotations

import math
import re

from gmtool.errors import UsageError

FORMS = "5m, 90s, 1m30s, 1h, 1:30 (minutes:seconds), 1:02:30"
"""The forms a time may take, as an error lists them."""

_UNITS = re.compile(r"(?:(\d+(?:\.\d+)?)h)?(?:(\d+(?:\.\d+)?)m)?(?:(\d+(?:\.\d+)?)s)?")
_CLOCK = re.compile(r"(?:(\d+):)?(\d+):([0-5]\d)")


def parse_duration(text: str) -> float | None:
    """Signed seconds in ``text``, or None when it is not a time (a bare number is not:
    its unit would be a guess)."""
    text = text.strip().lower().replace(" ", "")
    sign = 1.0
    if text[:1] in "+-" and text:
        sign = -1.0 if text[0] == "-" else 1.0
        text = text[1:]
    clock = _CLOCK.fullmatch(text)
    if clock:
        hours, minutes, secs = int(clock[1] or 0), int(clock[2]), int(clock[3])
        if clock[1] is not None and minutes > 59:
            return None
        return sign * (hours * 3600.0 + minutes * 60.0 + secs)
    units = _UNITS.fullmatch(text)
    if not text or units is None or not (units[1] or units[2] or units[3]):
        return None
    seconds = float(units[1] or 0) * 3600 + float(units[2] or 0) * 60 + float(units[3] or 0)
    return sign * seconds if math.isfinite(seconds) else None


def read_duration(text: str, what: str = "a time", *, also: str = "") -> float:
    """Signed seconds in ``text``; anything else is one line listing the forms (and
    ``also``: what else the question takes)."""
    seconds = parse_duration(text)
    if seconds is not None:
        return seconds
    bare = text.strip().lstrip("+-").replace(".", "", 1).isdigit()
    hint = f"write {text.strip()}m for minutes or {text.strip()}s for seconds; " if bare else ""
    extra = f"; {also}" if also else ""
    raise UsageError(
        f"'{text}' is not {what}",
        hint=f"{hint}times are written {FORMS}, with - or + in front to say which way{extra}",
    )
