"""``gmtool play`` for Stars & Starships: a menu of what may happen now, until the GM quits.

The menu is the declaration's moves (``SYSTEM.options``), asked and played by the shared
``playloop.moves``; this module adds the odds of an attack and says how results look.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from gmtool.cli.playloop import PlayLoop, Prompts, Step
from gmtool.cli.playloop.moves import MoveMenu, ask_move
from gmtool.engine.game import Game
from gmtool.engine.system import Move
from gmtool.games.starships.game import SYSTEM

if TYPE_CHECKING:
    from rich.console import RenderableType

    from gmtool.engine.system import Outcome


def run(game: Game, prompts: Prompts | None = None) -> None:
    """Offer the moves the rules allow now, play the chosen one, repeat until quit."""
    from gmtool.games.starships import render as render

    def dashboard() -> RenderableType:
        return render.status(SYSTEM.view(game.state, None))

    loop = PlayLoop(game, prompts, dashboard=dashboard)
    menu = MoveMenu(game, loop.ask, SYSTEM, show=_show, tell=loop.tell)

    def odds_after(move: Move, moves: list[Move]) -> dict[str, Step]:
        """The odds of an attack come after the end of the turn, while one is possible."""
        attacks = [m for m in moves if m.name == "attack"]
        if move.name != "end_turn" or not attacks:
            return {}
        return {"odds of an attack": partial(_odds, game, menu, attacks[0])}

    loop.run(partial(menu.entries, odds_after))


def _show(move: Move, outcome: Outcome) -> Any:
    from gmtool.games.starships import render as render

    if move.name == "attack":
        return render.attack({**outcome.result, **outcome.extra})
    logged = {"who": outcome.who, "what": outcome.what, "outcome": outcome.outcome}
    return render.note({**outcome.result, **outcome.extra, **logged})


def _odds(game: Game, menu: MoveMenu, attack: Move) -> None:
    """The odds of the attack on offer, its weapon and target chosen as for the attack."""
    from gmtool.games.starships import render as render
    from gmtool.games.starships.rules.odds import attack_odds

    asked = ask_move(menu.ask, attack, menu.follow, forecast=True).move.action
    attacker, target, weapon = asked["attacker"], asked["target"], asked["weapon"]
    doc = attack_odds(menu.state, game.content, attacker, target, weapon)
    menu.tell(render.odds(doc))
