"""Stars & Starships encounters: initiative, d20 attacks, damage affinities, rows, Momentum."""

CONTENT_KINDS = {
    "tables": ("gmtool.games.starships.rules.content:StarshipsContent", None),
    "enemy-list": ("gmtool.games.starships.rules.content:StarshipsContent", ("enemies",)),
}
"""Its kinds of content file, for ``gmtool schema`` (``content.jsonschema``)."""
