"""Originem: a crew races the NOVA countdown through missions of rolled scenes and fights,
gathering the knowledge that unlocks the final mission."""

CAMPAIGN_OPTIONS = ("length", "crew")
"""The options of ``gmtool campaign new`` an Originem campaign takes."""

CONTENT_KINDS = {
    "tables": ("gmtool.games.originem.rules.models:OriginemContent", None),
    "mission": ("gmtool.games.originem.rules.models:OriginemContent", ("missions",)),
    "scene-table": ("gmtool.games.originem.rules.models:SceneTable", None),
    "enemy-list": ("gmtool.games.originem.rules.models:OriginemContent", ("enemies",)),
}
"""Its kinds of content file, for ``gmtool schema`` (``content.jsonschema``)."""
