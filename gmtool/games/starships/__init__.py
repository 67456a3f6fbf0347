"""Stars & Starships encounters: initiative, d20 attacks, damage affinities, rows, Momentum."""
