"""``gmtool originem ...``: run an Originem session from the terminal.

Each command builds one action (stamped with the time, for the NOVA counter), plays it
through the campaign (rules, dice, log) and prints the result: rich for people, exactly
one JSON document with ``--json``. The rules live in ``gmtool.games.originem.game``.
(The commands live by what they play: ``scenes``, ``missions``, ``nova``, ``crew``,
``combat``; what they share is in ``shared``.)
"""

from __future__ import annotations

import typer

from gmtool.games.originem.commands import combat, crew, missions, nova, scenes

app = typer.Typer(
    help="Originem: missions of rolled scenes, fights, the NOVA counter and knowledge.",
    no_args_is_help=True,
    add_completion=False,
)
app.add_typer(missions.mission_app, name="mission")
app.add_typer(combat.combat_app, name="combat")
app.add_typer(nova.nova_app, name="nova")
app.add_typer(crew.crew_app, name="crew")
for command in (scenes.scene, scenes.runaway, scenes.odds):
    app.command()(command)
