"""``gmtool play`` for Zauberer: the board for the whole table, spells shown behind a gate.

The screen shows what every team may see: the board, the pieces, the teams, effects and
the duel under way, with every spell card hidden. A team's card is shown (to look at it,
cast it, or play it in a duel) only after the screen was passed to that team, and the
screen is wiped before the table's view comes back. In a duel the attack cards are asked
before the roll and the defence cards after the dice are shown (before, when the enemy
played Vaporous Field); a virtual roll is shown before it is played by working it out
from the campaign's generator with the rules' own code, so the dice played are the ones
shown.
"""

from __future__ import annotations

from functools import partial
from typing import Any

from gmtool.cli.common import console
from gmtool.cli.playloop import Back, PlayLoop, Prompts, Step
from gmtool.engine.game import Game


def run(game: Game, prompts: Prompts | None = None) -> None:
    loop = PlayLoop(game, prompts)
    table = Table(game, loop.ask)
    loop.dashboard = table.dashboard
    loop.question = table.question
    loop.run(table.entries)


class Table:
    """The shared screen and the menu of the moment."""

    def __init__(self, game: Game, ask: Prompts) -> None:
        self.game = game
        self.ask = ask
        self.secret_shown = False
        self.news: list[Any] = []

    @property
    def state(self) -> dict[str, Any]:
        return self.game.state

    # -- what the loop asks of a system ----------------------------------------------------
    def question(self) -> str:
        state = self.state
        if state["over"]:
            return "The game is over."
        if state["phase"] == "roll_off":
            return "Who plays first?"
        if state["duel"] is not None:
            duel = state["duel"]
            return f"The duel of {duel['challenger']} and {duel['defender']}:"
        team = state["teams"][state["turn"]]
        return f"{team['clan']}'s turn ({state['player']}):"

    def entries(self) -> dict[str, Step]:
        from gmtool.games.zauberer.rules.view import options_document

        now = options_document(self.state)  # what the rules allow now; the menu only words it
        commands = now["commands"]
        if now["over"]:
            return {}
        if "roll-off" in commands:
            return {"roll off (2d6 each, the highest starts)": self.roll_off}
        if "duel round" in commands:
            return {f"roll {now['duel']['round'] + 1} of the duel": self.duel_round}
        clan = now["team"]
        menu: dict[str, Step] = {}
        if "move" in commands:
            menu[f"{clan} rolls to move"] = self.move
        if "trap" in commands:
            menu[f"{clan} draws a trap card"] = self.trap
        if "dungeon" in commands:
            menu[f"{clan} enters the dungeon"] = self.dungeon
        if "duel start" in commands:
            for target in now["duel_targets"]:
                menu[f"{clan} calls out {target}"] = partial(self.call_duel, target)
        if "end-turn" in commands:
            menu[f"{clan} ends its turn"] = self.end_turn
        team = self.state["teams"][self.state["turn"]]
        if team["spell"] is not None and "trap" not in commands:
            menu[f"{clan} looks at its spell (the others look away)"] = self.spell
        menu["odds of a duel"] = self.odds
        return menu

    def dashboard(self) -> None:
        """The news and the public board; the screen is wiped first if a secret was on it."""
        from gmtool.games.zauberer import render as render
        from gmtool.games.zauberer.rules.view import status, view

        if self.secret_shown:
            self.ask.clear_screen()
            self.secret_shown = False
        out = console()
        for item in self.news:
            out.print(item)
        state = self.state
        doc = status(state)
        if state["over"]:
            doc.update(view(state))  # the game is over: every card may be seen
        out.print(render.status(doc))

    # -- helpers ----------------------------------------------------------------------------
    def team_name(self, clan: str) -> str:
        team = next(t for t in self.state["teams"] if t["clan"] == clan)
        return f"{clan} ({', '.join(team['players'])})"

    def seen_by(self, clan: str) -> dict[str, Any]:
        """``clan``'s spell as ``view(state, clan)`` shows it: only what that team may see."""
        from gmtool.games.zauberer.rules.view import view

        mine = next(t for t in view(self.state, clan)["teams"] if t["clan"] == clan)
        card: dict[str, Any] = mine["spell"]
        return card

    def gate(self, clan: str) -> None:
        """Pass the screen to ``clan`` before anything only it may see."""
        self.ask.pass_to(self.team_name(clan))
        self.secret_shown = True

    def play(self, action: dict[str, Any], door: Any = None) -> Any:
        from gmtool.games.zauberer import render as render

        outcome = self.game.play(action, door if door is not None else self.game.door())
        self.news = [render.result(outcome.extra, outcome.outcome)]
        console().print(self.news[0])
        return outcome

    def faces(self, what: str) -> list[int] | None:
        return self.ask.faces(what)

    # -- the steps --------------------------------------------------------------------------
    def roll_off(self) -> None:
        clans = [team["clan"] for team in self.state["teams"]]
        order = ", then ".join(f"{clan}'s 2d6" for clan in clans)
        faces = self.faces(f"{order} (tied teams roll again: their faces follow)")
        self.play({"type": "roll_off"}, self.game.door(entered=faces))

    def move(self) -> None:
        from gmtool.games.zauberer.rules.movement import forks_ahead

        state = self.state
        team = state["teams"][state["turn"]]
        action: dict[str, Any] = {"type": "move", "player": self.player(team)}
        ways = []
        for fork, options in forks_ahead(
            state, team["space"], max(state["rules"]["movement"])
        ).items():
            ways.append(
                self.ask.select(f"At the fork {fork}, which way?", self.ways(options)).split()[0]
            )
        if ways:
            action["ways"] = ways
        faces = self.faces(f"{team['clan']}'s movement d6")
        self.play(action, self.game.door(entered=faces))

    def ways(self, options: list[str]) -> list[str]:
        from gmtool.games.zauberer.render import SPACE_WORD

        spaces = self.state["board"]["spaces"]
        return [f"{way} ({SPACE_WORD[spaces[way]['colour']]})" for way in options]

    def player(self, team: dict[str, Any]) -> str:
        """Who plays this round: asked only of a team of several players."""
        if len(team["players"]) == 1:
            return str(team["players"][0])
        current = self.state["player"]
        return self.ask.select(
            f"Who plays this round for {team['clan']}?", team["players"], default=current
        )

    def trap(self) -> None:
        self.play({"type": "trap"})

    def dungeon(self) -> None:
        state = self.state
        team = state["teams"][state["turn"]]
        action: dict[str, Any] = {"type": "dungeon"}
        if team["spell"] is not None:
            answer = self.ask.select(
                f"{team['clan']} holds a spell: put it back (the pile is shuffled) and enter?",
                ["put it back and enter", "do not enter"],
            )
            if answer != "put it back and enter":
                raise Back
            action["return_spell"] = True
        faces = self.faces(f"{team['clan']}'s two dungeon d6")
        self.play(action, self.game.door(entered=faces))

    def end_turn(self) -> None:
        self.play({"type": "end_turn"})

    def call_duel(self, target: str) -> None:
        self.play({"type": "duel_start", "target": target})

    def odds(self) -> None:
        from gmtool.games.zauberer import render as render
        from gmtool.games.zauberer.rules.odds import odds_document

        clans = [t["clan"] for t in self.state["teams"] if t["out"] is None]
        first = self.ask.select("Odds of a duel: which team?", clans)
        second = self.ask.select(f"{first} against which team?", [c for c in clans if c != first])
        console().print(render.duel_odds(odds_document(self.state, first, second, {})))

    def spell(self) -> None:
        """Show the team its card; a non-combat card may be cast now."""
        from gmtool.games.zauberer import render as render

        state = self.state
        team = state["teams"][state["turn"]]
        self.gate(team["clan"])
        card = self.seen_by(team["clan"])
        assert card is not None
        console().print(render.spell_card(card))
        from gmtool.games.zauberer.rules.view import options_document

        can_cast = "cast" in options_document(state)["commands"]  # the rules say when
        if not can_cast:
            self.ask.pause(f"{team['clan']}: press Enter to hide your card")
            return
        keep = "keep it for now"
        if self.ask.select(f"Cast {card['name']} now?", [f"cast {card['name']}", keep]) == keep:
            return
        from gmtool.games.zauberer.play_cards import cast_action

        self.play(cast_action(state, team, card["id"], self.ask))

    def duel_round(self) -> None:
        from gmtool.games.zauberer.play_cards import duel_action

        action, door = duel_action(self, self.state)
        self.play(action, door)
