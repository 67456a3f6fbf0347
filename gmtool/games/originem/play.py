"""``gmtool play`` for Originem: mission → scene → who rolls → roll or enter the faces →
outcome applied → dashboard, until the GM quits. The NOVA clock is redrawn under the menu
while it runs, and paused when the GM leaves (quit, Ctrl-C or a closed terminal).

The menu is the declaration's moves (``SYSTEM.options``), asked and played by the shared
``playloop.moves``; this module adds the odds of a scene and says how results look.
"""

from __future__ import annotations

import contextlib
import time
from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from gmtool.cli.playloop import PlayLoop, Prompts, Step, say
from gmtool.cli.playloop.moves import MoveMenu, ask_move
from gmtool.engine.game import Game
from gmtool.engine.system import Choice, Move, State
from gmtool.games.originem.game import SYSTEM
from gmtool.games.originem.rules.options import NO_MISSION, as_played

if TYPE_CHECKING:
    from rich.console import RenderableType

    from gmtool.engine.system import Outcome

__all__ = ["NO_MISSION", "run"]

VIEWS = {"mission": "mission", "scene": "scene", "combat": "combat", "nova": "nova"}
"""The drawing each kind of move's result is shown with, by its action type's first word."""


def run(game: Game, prompts: Prompts | None = None) -> None:
    """Show the dashboard, offer what may happen now, play it; repeat until quit."""
    from gmtool.games.originem import render as render
    from gmtool.games.originem.render import clock

    def dashboard() -> RenderableType:
        return render.status(SYSTEM.view(game.state, None, now=time.time()), play=True)

    def nova_line() -> str:
        nova = SYSTEM.view(game.state, None, now=time.time())["nova"]
        if not nova["running"]:
            return ""
        return f"NOVA: {clock(nova['remaining_seconds'])} left, running"

    loop = PlayLoop(
        game, prompts, dashboard=dashboard, live=nova_line, goodbye=partial(_remind, game)
    )

    def moves_now(state: State) -> list[Move]:
        return SYSTEM.options(state, None, content=game.content, now=time.time())

    menu = MoveMenu(
        game, loop.ask, SYSTEM, show=_show, tell=loop.tell, stamp=_stamped, moves=moves_now
    )

    def odds_after(move: Move, moves: list[Move]) -> dict[str, Step]:
        """The odds of a scene close the moves between fights (before the NOVA counter)."""
        names = [m.name for m in moves]
        last = "mission_start" if "mission_start" in names else "combat_start"
        if move.name != last or "scene" not in names:
            return {}
        return {"odds of a scene": partial(_odds, menu, moves[names.index("scene")])}

    from gmtool.cli.playloop.hangup import leaving_on_hangup

    try:
        with leaving_on_hangup():
            loop.run(partial(menu.entries, odds_after))
    finally:  # however the loop ended (a dead terminal may fail its goodbye): paused
        from gmtool.games.originem.clock import pause_on_leaving

        with contextlib.suppress(Exception):
            pause_on_leaving(game, time.time())


def _stamped(action: dict[str, Any]) -> dict[str, Any]:
    return as_played(action, time.time())


def _show(move: Move, outcome: Outcome) -> Any:
    from gmtool.games.originem import render as render

    kind = str(move.action["type"]).split("_")[0]
    return getattr(render, VIEWS.get(kind, "combat"))(outcome.result)


def _remind(game: Game) -> None:
    """Leaving the session (quit, Ctrl-C, a closed terminal) pauses a running countdown,
    so nobody loses the game by walking away: say so."""
    from gmtool.games.originem.clock import pause_on_leaving

    said = pause_on_leaving(game, time.time())
    if said:
        say(said)


def _odds(menu: MoveMenu, scene: Move) -> None:
    """The odds of a scene, for rollers chosen as for the scene itself (no mission)."""
    from gmtool.games.originem import render as render
    from gmtool.games.originem.rules.odds import odds_json, scene_odds

    kinds = next(choice for choice in scene.choices if choice.key == "scene")

    def follow(move: Move, choice: Choice, answer: Any) -> Move:
        followed = menu.follow(move, choice, answer)
        rollers = tuple(_as_odds(c) for c in followed.choices if c.key == "by")
        return replace(followed, choices=rollers)

    start = replace(scene, choices=(kinds,))
    asked = ask_move(menu.ask, start, follow).move.action
    content = menu.game.content
    doc = scene_odds(menu.state, content, asked["scene"], asked["by"], mission="none")
    menu.tell(render.odds(odds_json(doc)))


def _as_odds(choice: Choice) -> Choice:
    """The odds ask who rolls as "Roll 1 of 2: who?"."""
    return replace(choice, label=choice.label.replace("who rolls?", "who?"))
