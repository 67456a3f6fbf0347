"""The console every human-readable output is printed through.

Whatever a renderer builds, the text of each piece it prints passes through
``gmtool.text.printable`` on its way out, so a name holding an escape sequence or a
right-to-left override is shown as ``\\x1b``/``\\u202e`` rather than acted upon, in every
table, bar and line, without each renderer having to remember it.
"""

from __future__ import annotations

from collections.abc import Iterable

from rich.console import Console, ConsoleOptions, RenderableType
from rich.segment import Segment

from gmtool.text import printable


class SafeConsole(Console):
    """A rich Console whose printed text cannot steer the terminal."""

    def render(
        self, renderable: RenderableType, options: ConsoleOptions | None = None
    ) -> Iterable[Segment]:
        for segment in super().render(renderable, options):
            # Control segments are rich's own cursor moves; styles are added after this.
            if segment.control or not segment.text:
                yield segment
            else:
                yield Segment(printable(segment.text), segment.style, segment.control)
