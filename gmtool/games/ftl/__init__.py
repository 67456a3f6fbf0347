"""The FTL multiplayer board game: ships built from priced parts, a sector map laid out by
dice, and battles between two ships one second at a time."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from gmtool.content.yamlfile import Document

CAMPAIGN_OPTIONS = ("ship",)
"""The options of ``gmtool campaign new`` an FTL campaign takes (read by
``commands.campaign_options``)."""


def file_problems(document: Document) -> tuple[str, list[str]] | None:
    """What ``gmtool check`` finds in a ship file (what it is, and its problems); None
    when ``document`` is not a ship file."""
    data = document.data
    if not (isinstance(data, dict) and {"name", "rooms", "slots"} <= set(data)):
        return None
    from gmtool.games.ftl.rules.checks import document_problems

    return "FTL ship", document_problems(document)


CONTENT_KINDS = {
    "tables": ("gmtool.games.ftl.rules.content:FtlContent", None),
    "ship": ("gmtool.games.ftl.rules.ship:Ship", None),
}
"""Its kinds of content file, for ``gmtool schema`` (``content.jsonschema``)."""
