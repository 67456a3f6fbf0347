"""``gmtool forecast``: the rest of the campaign's fight, missions or match played many
times by the game's own rules (``engine.forecast``), with every chance's interval."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

import typer

from gmtool.cli.common import JSON_OPTION, MAX_JOBS, MAX_SIMULATED_GAMES, campaign_name
from gmtool.errors import UsageError

if TYPE_CHECKING:
    from gmtool.engine.forecast import Forecastable, Setup
    from gmtool.engine.game import Game

DEFAULT_RUNS = 1000
PLAY_RUNS: int | None = None
"""The runs of ``gmtool play``'s "forecast from here" (None: the game's default)."""
BAR_AFTER = 1.0
"""Seconds a forecast runs before its progress bar shows."""


def forecast(
    ctx: typer.Context,
    from_file: Path = typer.Option(
        None,
        "--from",
        metavar="FILE",
        help="A campaign file to forecast, without making a campaign.",
    ),
    fresh: bool = typer.Option(
        False, "--fresh", help="From the start of the fight, mission or match, not from here."
    ),
    runs: int = typer.Option(
        None, "--runs", min=1, max=MAX_SIMULATED_GAMES, help="How many times to play it out."
    ),
    seed: int = typer.Option(None, "--seed", help="Seed the forecast (same seed, same figures)."),
    policy: list[str] = typer.Option(
        None, "--policy", help="NAME for every side, or SIDE=NAME (repeat); see the guide."
    ),
    jobs: int = typer.Option(
        1, "--jobs", min=1, max=MAX_JOBS, help="Worker processes (same figures for any number)."
    ),
    ship: list[str] = typer.Option(
        None, "--ship", help="FTL: a ship of the battle, NAME=FILE (repeat, one each)."
    ),
    as_json: bool = JSON_OPTION,
) -> None:
    """Forecast the rest of the game from here: chances with 95% intervals, a histogram."""
    game = None
    if from_file is None and not ship:
        from gmtool.engine.game import Game

        game = Game.open(str(campaign_name(ctx)))
        ctx.call_on_close(game.close)
    setup, runs_default = prepare(
        ctx, from_file, fresh=fresh, policy=policy or [], ship=ship, game=game
    )
    doc = run(setup, runs or runs_default, seed, jobs=jobs, show_progress=not as_json)
    if game is not None:
        _show_the_table(game, doc)
    if as_json:
        from gmtool.cli.common import print_json

        print_json(doc)
        return
    from gmtool.cli.common import console
    from gmtool.render.forecast import forecast as drawn

    console().print(drawn(doc))


def show_forecast(game: Game) -> None:
    """The forecast from here, drawn: what ``gmtool play``'s menu entry shows."""
    from gmtool.cli.common import console
    from gmtool.render.forecast import forecast as drawn

    setup, runs = prepare(None, None, fresh=False, policy=[], game=game)
    doc = run(setup, PLAY_RUNS or runs, None)
    _show_the_table(game, doc)
    console().print(drawn(doc))


def _show_the_table(game: Game, doc: dict[str, Any]) -> None:
    """The forecast's picture for ``gmtool serve``'s table screen (a picture that cannot
    be written leaves the forecast as it is)."""
    from contextlib import suppress

    from gmtool.render.forecast import keep_picture

    with suppress(OSError):
        keep_picture(game.store.path, doc)


def prepare(
    ctx: typer.Context | None,
    from_file: Path | None,
    *,
    fresh: bool,
    policy: list[str],
    ship: list[str] | None = None,
    game: Game | None = None,
) -> tuple[Setup, int]:
    """What every run of the forecast shares, and its default number of runs."""
    from gmtool.engine.forecast import Setup, policies_for

    if from_file is not None or ship:
        system_name, system, content, state, options = _from_file(from_file, ship)
        history = None
    else:
        if game is None:
            from gmtool.engine.game import Game

            assert ctx is not None
            name = campaign_name(ctx)
            assert name is not None
            game = Game.open(name)
            ctx.call_on_close(game.close)
        system_name, system, content, state = (
            game.system_name,
            game.system,
            game.content,
            game.state,
        )
        options = None
        history = game
    from gmtool.engine.forecast import sides_of

    rules = forecast_rules(system_name)
    start = rules.start(system, state, content, fresh=fresh)
    if fresh and history is not None and getattr(rules, "FRESH_FROM", None):
        start = _fresh_start(history, rules, start)
    if fresh and getattr(rules, "FRESH_DEAL", False):
        from dataclasses import replace

        if options is None:
            assert history is not None
            options = history.store.game().options
        start = replace(start, deal=dict(options))
    sides = sides_of(rules, start)
    named = _policies(sides, policy)
    return (
        Setup(system, rules, content, start, policies_for(rules, named, sides)),
        int(getattr(rules, "RUNS", DEFAULT_RUNS)),
    )


def forecast_rules(system_name: str) -> Forecastable:
    from gmtool.games import has_part, part

    if not has_part(system_name, "rules.forecast"):
        raise UsageError(f"{system_name} has no forecast yet")
    rules: Forecastable = part(system_name, "rules.forecast")
    return rules


def _policies(sides: tuple[str, ...], given: list[str]) -> dict[str, str]:
    named: dict[str, str] = {}
    for item in given:
        side, equals, name = item.partition("=")
        if not equals:
            named.update(dict.fromkeys(sides, item))
        else:
            named[side.strip()] = name.strip()
    return named


def _from_file(path: Path | None, ship: list[str] | None) -> tuple[str, Any, Any, Any, Any]:
    """The first state of a campaign file, made as ``campaign new --from`` would make it,
    and its options; ``--ship``s take the place of its ships (with no file: an FTL game of
    those ships)."""
    from gmtool.content.campaignfile import read_campaign_file
    from gmtool.dice import DiceDoor, Rng
    from gmtool.games import get_game, part

    data: dict[str, Any] = read_campaign_file(path) if path is not None else {"system": "ftl"}
    system_name = str(data.get("system") or "")
    if not system_name:
        raise UsageError(f"{path}: the file names no system", hint="add 'system: NAME' to it")
    system = get_game(system_name)
    options: dict[str, Any] = dict(data.get("options") or {})
    if ship:
        reader = getattr(part(system_name, "commands"), "campaign_options", None)
        if reader is None or system_name != "ftl":
            raise UsageError(f"--ship is for ftl forecasts, not {system_name}")
        options.pop("ships", None)  # the ships named take the place of the file's
        reader({"ship": ship}, options, data)
    content = system.load_content(data.get("content") or {})
    state = system.new_state(content, options, DiceDoor(Rng.from_seed(options.get("seed"))))
    return system_name, system, content, state, options


def _fresh_start(game: Game, rules: Forecastable, start: Any) -> Any:
    """The state just before the latest live action of the kind that begins what is
    forecast (``FRESH_FROM``: an encounter's start), and that action, played again by every
    run. A game whose action of that kind begins it only sometimes says when by the states
    before and after it (``fresh_begins``: Astral's first tick with an attack); one whose players
    choose that action themselves plays it again by its policies (``FRESH_REPLAYS``); one
    whose action holds the table's moment has it set for a run (``fresh_action``)."""
    import copy
    from dataclasses import replace

    kind = rules.FRESH_FROM  # type: ignore[attr-defined]
    begins = getattr(rules, "fresh_begins", None)
    store = game.store
    entries = store.live_actions_between(0, 1 << 62)
    for entry in reversed(entries):
        if not entry.action or entry.action.get("type") != kind:
            continue
        state = _state_before(game, entry.seq)
        if begins is None:
            break
        from gmtool.engine.integrity import replay

        if begins(state, replay(game.system, game.content, copy.deepcopy(state), entry)):
            break
    else:
        raise UsageError(
            f"the log holds no {getattr(rules, 'FRESH_WHAT', kind.replace('_', ' '))} to "
            "forecast again",
            hint="forecast from here, without --fresh",
        )
    again = getattr(rules, "fresh_action", None)  # the action as a run plays it again
    action = dict(entry.action) if again is None else again(dict(entry.action), state)
    first = (action,) if getattr(rules, "FRESH_REPLAYS", True) else ()
    return replace(start, state=state, first=first)


def _state_before(game: Game, seq: int) -> Any:
    """The campaign's state just before entry ``seq``: its snapshot, and the rest replayed."""
    from gmtool.engine.integrity import replay

    store = game.store
    snapshot_seq, state = store.snapshot_before(seq)
    for earlier in store.live_actions_between(snapshot_seq, seq):
        state = replay(game.system, game.content, state, earlier)
    return state


def run(
    setup: Setup,
    runs: int,
    seed: int | None,
    *,
    jobs: int = 1,
    show_progress: bool = True,
) -> dict[str, Any]:
    """The forecast's document, with a progress bar once it has run a second."""
    import os
    import time

    from gmtool.engine.forecast import forecast as played
    from gmtool.engine.forecast import report

    if seed is None:
        seed = int.from_bytes(os.urandom(4), "big")
    started = time.perf_counter()
    progress = _Progress(runs, started) if show_progress else None
    try:
        outcome = played(setup, runs, seed, jobs=jobs, on_game=progress.heard if progress else None)
    finally:
        if progress is not None:
            progress.close()
    doc = report(
        outcome.tally,
        exact=outcome.exact,
        main=setup.rules.MAIN,
        seed=seed,
        policies=setup.policies,
        what=setup.start.what,
        stopped=outcome.stopped,
        wins_said=getattr(setup.rules, "WINS_SAID", None),
    )
    doc["seconds"] = round(time.perf_counter() - started, 2)
    return doc


class _Progress:
    """A rich progress bar on stderr, shown once the run has taken a second."""

    def __init__(self, runs: int, started: float) -> None:
        self.runs = runs
        self.started = started
        self.bar: Any = None
        self.task: Any = None

    def heard(self, done: int) -> None:
        import time

        if self.bar is None:
            if time.perf_counter() - self.started < BAR_AFTER:
                return
            from rich.progress import Progress

            from gmtool.cli.common import console_err

            self.bar = Progress(console=console_err(), transient=True)
            self.bar.start()
            self.task = self.bar.add_task("forecasting", total=self.runs)
        self.bar.update(self.task, completed=done)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def register(app: typer.Typer) -> None:
    app.command()(forecast)
