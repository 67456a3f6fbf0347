"""Users' words made safe to print: control and bidirectional characters as escapes.

Names, outcomes and notes come from the command line and from campaign files. Printed
raw, an escape sequence in one (``\\x1b]0;...``) would steer the terminal, and a
right-to-left override would make the rest of the line read backwards. Every
human-readable output (rich renderings, the log's exports, error lines) shows such
characters as ``\\x1b``, ``\\u202e``...; JSON output escapes them itself.
"""

from __future__ import annotations

import re

_UNSAFE = re.compile(
    "[\x00-\x08\x0b-\x1f\x7f-\x9f"  # C0 (but tab and newline), DEL, C1
    "\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069"  # bidirectional marks and overrides
    "\u2028\u2029]"  # line and paragraph separators
)
_UNSAFE_OR_BREAK = re.compile(_UNSAFE.pattern[:-1] + "\t\n]")


_NAMED = {"\n": "\\n", "\t": "\\t", "\r": "\\r"}


def _escape(match: re.Match[str]) -> str:
    char = match.group()
    if char in _NAMED:
        return _NAMED[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def printable(text: str, *, one_line: bool = False) -> str:
    """``text`` with every character that could steer a terminal or reorder a line shown
    as an escape; tabs and line breaks (``\\r\\n`` read as one) stay unless ``one_line``."""
    if one_line:
        return _UNSAFE_OR_BREAK.sub(_escape, text)
    return _UNSAFE.sub(_escape, text.replace("\r\n", "\n"))


def json_text(text: str) -> str:
    """A JSON document's text with the same characters written as ``\\uXXXX`` escapes: the
    same JSON to a program, and nothing a terminal would act on if it is printed raw."""
    return _UNSAFE.sub(lambda match: f"\\u{ord(match.group()):04x}", text)


def counted(count: int, word: str, plural: str | None = None) -> str:
    """``1 roll``, ``3 rolls`` (``plural`` when adding an s is not how the word goes)."""
    return f"{count:,} {word if count == 1 else plural or word + 's'}"
