"""Astral: explore the Astral Plane tick by tick (combat values, Aura, distances, tasks)."""
