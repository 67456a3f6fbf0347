"""``gmtool originem nova ...``: the NOVA countdown started, paused, resumed, penalised
and corrected."""

from __future__ import annotations

import typer

from gmtool.cli.common import JSON_OPTION, open_game
from gmtool.errors import UsageError
from gmtool.games.originem.commands.shared import (
    SYSTEM,
    play_action,
    show,
)

nova_app = typer.Typer(
    help="The NOVA countdown: start, pause, resume, penalty, adjust, set.", no_args_is_help=True
)


@nova_app.command("start")
def nova_start(ctx: typer.Context, as_json: bool = JSON_OPTION) -> None:
    """Start the NOVA countdown."""
    show(*play_action(ctx, {"type": "nova_start"}), as_json, "nova")


@nova_app.command("pause")
def nova_pause(ctx: typer.Context, as_json: bool = JSON_OPTION) -> None:
    """Pause the countdown (a break at the table)."""
    show(*play_action(ctx, {"type": "nova_pause"}), as_json, "nova")


@nova_app.command("resume")
def nova_resume(ctx: typer.Context, as_json: bool = JSON_OPTION) -> None:
    """Resume the countdown."""
    show(*play_action(ctx, {"type": "nova_resume"}), as_json, "nova")


TIME_TAKING = {"ignore_unknown_options": True}
"""A time may start with '-' (``-5m``): read as an argument, not an unknown option."""


@nova_app.command("penalty", context_settings=TIME_TAKING)
def nova_penalty(
    ctx: typer.Context,
    name: str = typer.Argument(
        None, help="A named penalty from nova.yaml (e.g. lost), or a time: 5m, 90s, 1m30s, 2:30."
    ),
    seconds: float = typer.Option(None, "--seconds", help="Or any number of seconds."),
    minutes: float = typer.Option(None, "--minutes", help="Or any number of minutes."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Take time off the NOVA counter (-5m and 5m both take five minutes)."""
    if minutes is not None:
        seconds = minutes * 60
    penalty: str | None = name
    if name is not None:
        from gmtool.durations import parse_duration, read_duration

        taken = parse_duration(name)
        if taken is not None and taken > 0 and name.strip().startswith("+"):
            raise UsageError(
                f"a penalty takes time off; '{name}' reads as giving time back",
                hint=f"'gmtool originem nova adjust {name.strip()}' gives time back",
            )
        if taken is not None:
            penalty, seconds = None, abs(taken)
        elif name.strip() not in open_game(ctx, SYSTEM).content.nova.penalties:
            named = ", ".join(open_game(ctx, SYSTEM).content.nova.penalties) or "none"
            read_duration(
                name, "a named penalty or a time", also=f"or --seconds N; named penalties: {named}"
            )
    action = {"type": "nova_penalty", "penalty": penalty, "seconds": seconds}
    show(*play_action(ctx, action), as_json, "nova")


@nova_app.command("adjust", context_settings=TIME_TAKING)
def nova_adjust(
    ctx: typer.Context,
    by: str = typer.Argument(..., metavar="TIME", help="+5m gives time back, -90s takes it."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Correct the clock: give time back or take it (logged; 'undo' takes it back)."""
    from gmtool.durations import read_duration

    seconds = read_duration(by, "a time to add or take")
    show(*play_action(ctx, {"type": "nova_adjust", "seconds": seconds}), as_json, "nova")


@nova_app.command("set")
def nova_set(
    ctx: typer.Context,
    left: str = typer.Argument(..., metavar="TIME", help="The time left: 25:00, 10m, 1h."),
    as_json: bool = JSON_OPTION,
) -> None:
    """Put the clock at a time left, within the campaign's length (logged)."""
    from gmtool.durations import read_duration

    seconds = read_duration(left, "a time left")
    if seconds < 0:
        raise UsageError(f"'{left}' is below zero", hint="give the time left, e.g. 25:00")
    show(*play_action(ctx, {"type": "nova_set", "seconds": seconds}), as_json, "nova")
