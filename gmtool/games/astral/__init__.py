"""Astral: explore the Astral Plane tick by tick (combat values, Aura, distances, tasks)."""

CONTENT_KINDS = {"tables": ("gmtool.games.astral.rules.content:AstralContent", None)}
"""Its kinds of content file, for ``gmtool schema`` (``content.jsonschema``)."""
