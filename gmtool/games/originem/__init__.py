"""Originem: a crew races the NOVA countdown through missions of rolled scenes and fights,
gathering the knowledge that unlocks the final mission."""

CAMPAIGN_OPTIONS = ("length", "crew")
"""The options of ``gmtool campaign new`` an Originem campaign takes."""
