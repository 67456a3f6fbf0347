"""Zauberer: four wizard clans race for the centre of the arena, duel, and raid dungeons."""

CAMPAIGN_OPTIONS = ("teams", "first")
"""The options of ``gmtool campaign new`` a Zauberer campaign takes."""

CONTENT_KINDS = {
    "tables": ("gmtool.games.zauberer.rules.content:ZaubererContent", None),
    "board": ("gmtool.games.zauberer.rules.content:ZaubererContent", ("boards",)),
}
"""Its kinds of content file, for ``gmtool schema`` (``content.jsonschema``)."""
