"""The FTL multiplayer board game: ships built from priced parts, a sector map laid out by
dice, and battles between two ships one second at a time."""
