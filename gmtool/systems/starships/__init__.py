"""Stars & Starships encounters: initiative, d20 attacks, damage affinities, rows, Momentum."""

from gmtool.systems.starships.system import StarshipsSystem

SYSTEM = StarshipsSystem()

__all__ = ["SYSTEM", "StarshipsSystem"]
