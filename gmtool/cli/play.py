"""``gmtool play``: the interactive session. Each system has its loop in ``play_<system>.py``."""

from __future__ import annotations

import importlib
import sys

from gmtool.cli import declare as typer
from gmtool.cli.common import campaign_name
from gmtool.errors import UsageError

DEMOS = {
    "originem": "originem-demo.yaml",
    "astral": "astral-demo.yaml",
    "starships": "starships-demo.yaml",
    "foodfight": "foodfight-demo.yaml",
    "ftl": "ftl-demo.yaml",
    "zauberer": "zauberer-demo.yaml",
}
"""The bundled demo campaign file of each system, in ``campaigns/``."""


def play(
    ctx: typer.Context,
    demo: str = typer.Option(
        None, "--demo", help="Play the bundled demo of a system (originem, astral, ...)."
    ),
) -> None:
    """Run a session interactively: choose, roll or enter dice, see the dashboard."""
    from gmtool.engine.game import Game

    if not sys.stdin.isatty():
        raise UsageError(
            "gmtool play is interactive and needs a terminal",
            hint="run it in a terminal, or use the one-shot commands (gmtool --help)",
        )
    if demo is not None:
        name = open_demo(demo)
    else:
        name = campaign_name(ctx, required=False) or choose_campaign()
    game = Game.open(name)
    loop = importlib.import_module(f"gmtool.cli.play_{game.system_name}")
    loop.run(game)


def open_demo(system: str) -> str:
    """The demo campaign of ``system``, created from its bundled file the first time. It
    does not become the current campaign: the GM's next command runs where it did."""
    from gmtool.cli.campaign import create_campaign
    from gmtool.content.campaignfile import read_campaign_file
    from gmtool.content.paths import packaged
    from gmtool.errors import unknown
    from gmtool.store.home import campaign_path

    if system not in DEMOS:
        raise unknown("demo", system, sorted(DEMOS))
    name = f"demo-{system}"
    if not campaign_path(name).exists():
        data = read_campaign_file(packaged("campaigns", DEMOS[system]))
        create_campaign(name, system, data, dict(data.get("options") or {}), seed=None)
    return name


def choose_campaign() -> str:
    from gmtool.cli.playloop.terminal import TerminalPrompts
    from gmtool.store.home import list_campaigns

    choices = list_campaigns() + [f"demo: {system}" for system in DEMOS]
    answer = TerminalPrompts().menu("Which campaign?", choices)
    if answer.startswith("demo: "):
        return open_demo(answer.removeprefix("demo: "))
    return answer


def register(app: typer.Typer) -> None:
    app.command()(play)
