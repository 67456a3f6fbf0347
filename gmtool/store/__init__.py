"""The campaign store: one SQLite database per campaign."""
