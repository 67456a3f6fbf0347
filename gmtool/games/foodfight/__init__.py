"""Food Fight: four players, towers of salt cards, health tracks and Fortune cards."""

CAMPAIGN_OPTIONS = ("players", "starter", "layout")
"""The options of ``gmtool campaign new`` a Food Fight campaign takes (read by
``commands.campaign_options``)."""
