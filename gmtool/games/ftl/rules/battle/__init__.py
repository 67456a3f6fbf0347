"""The FTL battle referee: two ships, one second per turn.

The battle lives in the campaign's state under ``"battle"`` as plain JSON. Every number it
uses is copied in when the battle starts: the ships' own (systems, weapons, crew, from the
ship files and ``tables/ftl/``) and the clock's rules (``tables/ftl/battle.yaml``), so a
second needs no table read. ``second.py`` holds the fixed order of one second; each subject
has its module (power, weapons, projectiles, shields and evasion, damage, hazards, crew).
"""
