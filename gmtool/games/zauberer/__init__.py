"""Zauberer: four wizard clans race for the centre of the arena, duel, and raid dungeons."""

CAMPAIGN_OPTIONS = ("teams", "first")
"""The options of ``gmtool campaign new`` a Zauberer campaign takes."""
