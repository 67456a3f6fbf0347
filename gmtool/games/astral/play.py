"""``gmtool play`` for Astral: declare every character's action, roll or enter the dice,
see the tick resolved, and everything else a GM does between ticks.

The menu is the declaration's moves (``SYSTEM.options``), asked and played by the shared
``playloop.moves``; this module plays the tick (a declaration from every character, the
speeches, then the dice), adds the odds of an attack and says how results look.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from gmtool.cli.playloop import AskAgain, PlayLoop, Prompts, Step, dice_list
from gmtool.cli.playloop.moves import MoveMenu, ask_move
from gmtool.engine.game import Game
from gmtool.engine.system import Move
from gmtool.errors import DiceError, UsageError
from gmtool.games.astral.game import SYSTEM

if TYPE_CHECKING:
    from rich.console import RenderableType

    from gmtool.engine.system import Outcome

NOBODY = "nobody"
DISTANCES = "show the distances"


def run(game: Game, prompts: Prompts | None = None) -> None:
    """Show the dashboard, offer what can be done, play it; repeat until quit."""
    from gmtool.games.astral import render as render

    def dashboard() -> RenderableType:
        return render.screen(SYSTEM.view(game.state, None))

    loop = PlayLoop(game, prompts, dashboard=dashboard)
    menu = TickMenu(game, loop.ask, SYSTEM, show=_show, tell=loop.tell)

    def odds_after(move: Move, moves: list[Move]) -> dict[str, Step]:
        """The odds of an attack come after the tick, while there is one to play."""
        if move.name != "tick":
            return {}
        return {"odds of an attack": partial(_odds, menu), DISTANCES: partial(_distances, menu)}

    loop.run(partial(menu.entries, odds_after))


def _show(move: Move, outcome: Outcome) -> Any:
    from gmtool.games.astral import render as render

    return render.events(outcome.result)


class TickMenu(MoveMenu):
    """The moves of Astral, where the tick is one move made of every character's."""

    def play(self, move: Move) -> None:
        if move.name == "tick":
            self.tick()
        else:
            super().play(move)

    def declare(self, who: str) -> dict[str, Any]:
        """What ``who`` declares, asked from their moves."""
        from gmtool.games.astral.rules.options import declared

        moves = {m.label: m for m in SYSTEM.options(self.state, who, content=self.game.content)}
        choice = self.ask.select(f"{who} does what?", list(moves))
        return declared(ask_move(self.ask, moves[choice], self.follow).move)

    def tick(self) -> None:
        from gmtool.games.astral import render as render
        from gmtool.games.astral.rules.choices import actors, referee_rolls, rollers

        game, ask, state = self.game, self.ask, self.state
        phones = self.phones.chosen({"type": "tick", "declarations": []}, "declarations")
        here = [who for who in actors(state) if who not in phones]  # the NPCs, on the phones
        declarations = [self.declare(who) for who in here]
        declarations += _speeches(ask, here)
        if phones:
            tick_move = Move("tick", "the tick", action={"type": "tick"})
            tick = {"type": "tick", "declarations": declarations}
            self.play_on_phones(tick_move, tick, phones, lambda _, done: _told(done))
            return
        rolls = rollers(state, game.content, declarations)
        tick = {"type": "tick", "declarations": declarations}
        referee = game.content.timers.referee_name
        first_faces = ask.answered
        try:
            entered: dict[str, list[int]] = {}
            for name, what in rolls.items():
                faces = ask.faces(f"{name}'s {dice_list(what)}")
                if faces is not None:
                    entered[name] = faces
            dry_run = game.door(entered_by=entered or None)
            timers = referee_rolls(state, game.content, declarations, dry_run)
            if timers:
                faces = ask.faces(f"the {referee}'s {dice_list(timers)}")
                if faces is not None:
                    entered[referee] = faces
            outcome = self.play_on(tick, game.door(entered_by=entered or None))
        except DiceError as error:
            # Which roller's faces were wrong is in the reason: ask every roller's faces
            # again, the declarations kept.
            raise AskAgain(error, keep=first_faces) from None
        self.tell(_told(outcome))


def _told(outcome: Outcome) -> Any:
    from gmtool.games.astral import render as render

    return render.tick_lines(outcome.result)


def _speeches(ask: Prompts, speakers: list[str]) -> list[dict[str, Any]]:
    spoken: list[dict[str, Any]] = []
    left = list(speakers)
    while left:
        who = ask.select("Does anyone speak this tick?", [NOBODY, *left])
        if who == NOBODY:
            break
        message = ask.text(f"What does {who} say?")
        spoken.append({"who": who, "action": "speak", "message": message})
        left.remove(who)
    return spoken


# -- between ticks: the odds of an attack ---------------------------------------------


def _distances(menu: MoveMenu) -> None:
    from gmtool.games.astral import render as render

    menu.tell(render.distances(SYSTEM.view(menu.state, None)))


def _odds(menu: MoveMenu) -> None:
    """The odds of an attack: an attacker, a target within their reach, what the target
    declares, and who blocks."""
    from gmtool.games.astral import render as render
    from gmtool.games.astral.rules.choices import actors
    from gmtool.games.astral.rules.odds import TARGET_ACTIONS, attack_odds

    game, ask, state = menu.game, menu.ask, menu.state
    attacker = ask.select("Who attacks?", actors(state))
    attacks = [
        m for m in SYSTEM.options(state, attacker, content=game.content) if m.name == "attack"
    ]
    if not attacks:
        raise UsageError(f"{attacker} has nobody within reach to attack")
    target = ask.select("Whom?", list(attacks[0].choices[0].values or ()))
    target_action = ask.select(f"What does {target} declare?", list(TARGET_ACTIONS))
    blockers = ask.text("Blockers, comma-separated (blank: none)")
    names = [name.strip() for name in blockers.split(",") if name.strip()]
    doc = attack_odds(
        state, game.content, attacker, target, target_action=target_action, blockers=names
    )
    menu.tell(render.odds(doc))
