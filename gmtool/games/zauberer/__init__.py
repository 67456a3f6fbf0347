"""Zauberer: four wizard clans race for the centre of the arena, duel, and raid dungeons."""
