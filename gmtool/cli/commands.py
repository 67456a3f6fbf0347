"""Which module declares each core command, read by the top-level group
(``gmtool.cli.app``) so that a command's module is imported only when it is called. The
games' groups are not listed here: they come from the one list of games,
``gmtool.games.GAMES``."""

from __future__ import annotations

CORE_COMMANDS: dict[str, str] = {
    "roll": "gmtool.cli.roll",
    "odds": "gmtool.cli.roll",
    "campaign": "gmtool.cli.campaign",
    "status": "gmtool.cli.info",
    "check": "gmtool.cli.info",
    "undo": "gmtool.cli.history",
    "redo": "gmtool.cli.history",
    "log": "gmtool.cli.log",
    "note": "gmtool.cli.session",
    "session": "gmtool.cli.session",
    "recap": "gmtool.cli.recap",
    "dice": "gmtool.cli.dice_stats",
    "play": "gmtool.cli.play",
    "forecast": "gmtool.cli.forecast",
    "schema": "gmtool.cli.schema",
    "serve": "gmtool.cli.serve",
}
"""Each command, in the order help lists them, and the module whose ``register(app)``
declares it."""
