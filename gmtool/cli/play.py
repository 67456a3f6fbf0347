"""``gmtool play``: the interactive session. Each game has its loop in its ``play`` part."""

from __future__ import annotations

import sys

import typer

from gmtool.cli.common import campaign_name
from gmtool.errors import UsageError
from gmtool.games import GAMES, demo_file, game_name, part


def _games(incomplete: str) -> list[str]:
    from gmtool.cli.completion import game_names

    return game_names(incomplete)


def play(
    ctx: typer.Context,
    demo: str = typer.Option(
        None,
        "--demo",
        help="Play the bundled demo of a system (originem, astral, ...).",
        autocompletion=_games,
    ),
    fresh: bool = typer.Option(
        False, "--fresh", help="With --demo: start the demo over (the old one goes to the trash)."
    ),
) -> None:
    """Run a session interactively: choose, roll or enter dice, see the dashboard."""
    from gmtool.engine.game import Game

    if fresh and demo is None:
        raise UsageError("--fresh starts a demo over", hint="give it with --demo NAME")
    if not sys.stdin.isatty():
        raise UsageError(
            "gmtool play is interactive and needs a terminal",
            hint="run it in a terminal, or use the one-shot commands (gmtool --help)",
        )
    if demo is not None:
        name = open_demo(demo, fresh=fresh)
    else:
        name = campaign_name(ctx, required=False) or choose_campaign()
    with Game.open(name) as game:
        game.store.watch_pages()  # the whole campaign checked now and every few minutes
        part(game.system_name, "play").run(game)


def open_demo(system: str, *, fresh: bool = False) -> str:
    """The demo campaign of ``system``, created from its bundled file the first time (and
    again when ``fresh``: the one played before goes to the trash). It does not become the
    current campaign: the GM's next command runs where it did."""
    from gmtool.cli.campaign import create_campaign
    from gmtool.content.campaignfile import read_campaign_file
    from gmtool.content.paths import packaged
    from gmtool.store.home import campaign_path

    system = game_name(system, "demo")
    name = f"demo-{system}"
    if fresh and campaign_path(name).exists():
        from gmtool.store.housekeeping import delete

        delete(name)
        say_fresh(name)
    if not campaign_path(name).exists():
        data = read_campaign_file(packaged("campaigns", demo_file(system)))
        create_campaign(name, system, data, dict(data.get("options") or {}), seed=None).close()
    return name


def say_fresh(name: str) -> None:
    typer.echo(
        f"the demo starts over; the one played before is in the trash "
        f"('gmtool campaign restore {name} --as NAME' brings it back)"
    )


def choose_campaign() -> str:
    from gmtool.cli.playloop.terminal import TerminalPrompts
    from gmtool.store.home import list_campaigns

    choices = list_campaigns() + [f"demo: {system}" for system in GAMES]
    answer = TerminalPrompts().menu("Which campaign?", choices)
    if answer.startswith("demo: "):
        return open_demo(answer.removeprefix("demo: "))
    return answer


def register(app: typer.Typer) -> None:
    app.command()(play)
