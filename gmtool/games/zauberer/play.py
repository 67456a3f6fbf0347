"""``gmtool play`` for Zauberer: the board for the whole table, spells shown behind a gate.

The screen shows what every team may see: the board, the pieces, the teams, effects and
the duel under way, with every spell card hidden. A team's card is shown (to look at it,
cast it, or play it in a duel) only after the screen was passed to that team, and the
screen is wiped before the table's view comes back (``HotSeat``). In a duel the attack
cards are asked before the roll and the defence cards after the dice are shown (before,
when the enemy played Vaporous Field); a virtual roll is shown before it is played by
working it out from the campaign's generator with the rules' own code, so the dice played
are the ones shown. Every move on the menu is one of the declaration's ``options``.
"""

from __future__ import annotations

from dataclasses import replace
from functools import partial
from typing import TYPE_CHECKING, Any

from gmtool.cli.common import console
from gmtool.cli.playloop import BackToMenu, Step
from gmtool.cli.playloop.hotseat import HotSeat
from gmtool.engine.system import Move, Outcome

if TYPE_CHECKING:
    from rich.console import RenderableType


BOARD = "show the board"


class Table(HotSeat):
    """The shared screen and the menu of the moment."""

    # -- what the loop asks of a system ----------------------------------------------------
    def question(self) -> str:
        table = self.view()
        if table["over"]:
            return "The game is over."
        if table["phase"] == "roll_off":
            return "Who plays first?"
        if table["duel"] is not None:
            duel = table["duel"]
            return f"The duel of {duel['challenger']} and {duel['defender']}:"
        return f"{table['team_to_play']}'s turn ({table['player']}):"

    def entries(self) -> dict[str, Step]:
        for move in self.moves(None):  # the roll-off, or a duel's roll for the table
            step = self.roll_off if move.name == "roll_off" else self.duel_round
            return {move.label: step, BOARD: self.show_board}
        waiting = self.to_move()
        if not waiting:
            return {BOARD: self.show_board}
        clan = waiting[0]
        moves = self.moves(clan)
        steps = {"move": self.move, "dungeon": self.dungeon}
        menu: dict[str, Step] = {}
        for move in moves:
            if move.name in steps:
                menu[move.label] = partial(steps[move.name], move)
            elif move.name == "duel_start":
                for target in move.choices[0].values or ():
                    menu[f"{clan} calls out {target}"] = partial(self.call_duel, move, target)
            elif move.name != "cast":  # a cast is offered when the team looks at its card
                menu[move.label] = partial(self.play, move.fill({}))
        spell = self.team(clan)["spell"]
        if spell is not None and all(move.name != "trap" for move in moves):
            menu[f"{clan} looks at its spell (the others look away)"] = partial(self.spell, clan)
        menu["odds of a duel"] = self.odds
        menu[BOARD] = self.show_board
        return menu

    def table_drawing(self, seat: str | None = None) -> RenderableType:
        from gmtool.games.zauberer import render as render
        from gmtool.games.zauberer.rules.state import typed_state
        from gmtool.games.zauberer.rules.view import view

        doc = self.view()
        if doc["over"]:
            doc.update(view(typed_state(self.state)))  # the game is over: every card may be seen
        return render.screen(doc)

    def show_board(self) -> None:
        """The board with every piece: too tall to draw before every menu of 24 rows."""
        from gmtool.games.zauberer import render as render

        self.loop.tell(render.board(self.view()))

    def told(self, outcome: Outcome) -> RenderableType:
        from gmtool.games.zauberer import render as render

        return render.result(outcome.extra, outcome.outcome)

    # -- helpers ----------------------------------------------------------------------------
    def team(self, clan: str, seen_by: str | None = None) -> dict[str, Any]:
        """``clan``'s team as ``seen_by`` (None: the table) may see it."""
        found: dict[str, Any] = next(
            team for team in self.view(seen_by)["teams"] if team["clan"] == clan
        )
        return found

    def team_name(self, clan: str) -> str:
        return f"{clan} ({', '.join(self.team(clan)['players'])})"

    def seen_by(self, clan: str) -> dict[str, Any]:
        """``clan``'s spell as it sees it: only what that team may see."""
        card: dict[str, Any] = self.team(clan, clan)["spell"]
        return card

    def gate(self, name: str, shown_as: str | None = None) -> None:
        """Pass the screen to the team ``name`` before anything only it may see."""
        super().gate(name, shown_as or self.team_name(name))

    def faces(self, what: str) -> list[int] | None:
        return self.ask.faces(what)

    # -- the steps --------------------------------------------------------------------------
    def roll_off(self) -> None:
        clans = [team["clan"] for team in self.view()["teams"]]
        order = ", then ".join(f"{clan}'s 2d6" for clan in clans)
        faces = self.faces(f"{order} (tied teams roll again: their faces follow)")
        self.play({"type": "roll_off"}, self.game.door(entered=faces))

    def move(self, move: Move) -> None:
        """Which player (the one to play offered first) and each fork's way, each way
        named with its space's colour."""
        ways = tuple(
            c if c.key == "player" else replace(c, labels=self.ways(c.values)) for c in move.choices
        )
        offered = {"player": self.view()["player"]} if move.choice("player") else {}
        asked = replace(move, action={**move.action, **offered}, choices=ways)
        action = self.answered(asked)
        faces = self.faces(f"{move.seat}'s movement d6")
        self.play(action, self.game.door(entered=faces))

    def ways(self, options: tuple[Any, ...] | None) -> tuple[str, ...]:
        from gmtool.games.zauberer.render import SPACE_WORD

        spaces = self.view()["board"]["spaces"]
        return tuple(f"{way} ({SPACE_WORD[spaces[way]['colour']]})" for way in options or ())

    def dungeon(self, move: Move) -> None:
        answers: dict[str, Any] = {}
        if move.choice("return_spell") is not None:
            answer = self.ask.select(
                f"{move.seat} holds a spell: put it back (the pile is shuffled) and enter?",
                ["put it back and enter", "do not enter"],
            )
            if answer != "put it back and enter":  # the menu again: the turn goes on
                self.loop.tell(f"{move.seat} keeps its spell and leaves the dungeon alone")
                raise BackToMenu
            answers["return_spell"] = True
        faces = self.faces(f"{move.seat}'s two dungeon d6")
        self.play(move.fill(answers), self.game.door(entered=faces))

    def call_duel(self, move: Move, target: str) -> None:
        self.play(move.fill({"target": target}))

    def odds(self) -> None:
        from gmtool.games.zauberer import render as render
        from gmtool.games.zauberer.rules.odds import odds_document
        from gmtool.games.zauberer.rules.state import typed_state

        clans = [t["clan"] for t in self.view()["teams"] if not t["out"]]
        first = self.ask.select("Odds of a duel: which team?", clans)
        second = self.ask.select(f"{first} against which team?", [c for c in clans if c != first])
        self.loop.tell(render.duel_odds(odds_document(typed_state(self.state), first, second, {})))

    def spell(self, clan: str) -> None:
        """Show the team its card; a non-combat card may be cast now."""
        from gmtool.games.zauberer import render as render
        from gmtool.games.zauberer.play_cards import cast_action

        self.gate(clan)
        card = self.seen_by(clan)
        console().print(render.spell_card(card))
        cast = next((move for move in self.moves(clan) if move.name == "cast"), None)
        if cast is None:  # the rules say when a card may be cast
            self.ask.pause(f"{clan}: press Enter to hide your card")
            return
        keep = "keep it for now"
        if self.ask.select(f"Cast {card['name']} now?", [f"cast {card['name']}", keep]) == keep:
            return
        self.play(cast_action(cast, card["name"], self))

    def duel_round(self) -> None:
        from gmtool.games.zauberer.play_cards import duel_action

        action, door = duel_action(self, self.state)
        self.play(action, door)


run = Table.run
