"""Food Fight: four players, towers of salt cards, health tracks and Fortune cards."""

CAMPAIGN_OPTIONS = ("players", "starter", "layout")
"""The options of ``gmtool campaign new`` a Food Fight campaign takes (read by
``commands.campaign_options``)."""

CONTENT_KINDS = {
    "tables": ("gmtool.games.foodfight.rules.content:FoodFightContent", None),
    "board": ("gmtool.games.foodfight.rules.content:FoodFightContent", ("board",)),
}
"""Its kinds of content file, for ``gmtool schema`` (``content.jsonschema``)."""
