"""Which module declares each command: read by the typer app (``gmtool.cli.app``) and by
the fast path (``gmtool.cli.fastpath``), so a command's module is imported only when it
is called."""

from __future__ import annotations

from gmtool.games import GAMES

CORE_COMMANDS: dict[str, str] = {
    "roll": "gmtool.cli.roll",
    "odds": "gmtool.cli.roll",
    "campaign": "gmtool.cli.campaign",
    "status": "gmtool.cli.info",
    "check": "gmtool.cli.info",
    "undo": "gmtool.cli.history",
    "redo": "gmtool.cli.history",
    "log": "gmtool.cli.log",
    "play": "gmtool.cli.play",
    "serve": "gmtool.cli.serve",
}
"""Each command, in the order help lists them, and the module whose ``register(app)``
declares it."""

SYSTEM_GROUPS: dict[str, str] = {name: f"{package}.commands" for name, package in GAMES.items()}
"""The games' command groups (``gmtool <name> ...``), each declared as ``app``."""
