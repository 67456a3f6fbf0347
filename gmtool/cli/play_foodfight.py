"""``gmtool play`` for Food Fight: pass the screen round the table, one move at a time.

The screen shows what the whole table may see: the board with every face-down card and
Fortune hidden, and what the last move did. Players see their own cards only when they
ask to, and the screen is cleared before it passes on, so nothing secret is left on it.
Before the first move, players may stack their own towers (by a strategy, or card by
card). The defender is asked for their Fortune after the attacker, before the cards
compare.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

from gmtool.cli.common import console
from gmtool.cli.prompts import Prompts
from gmtool.engine.game import Game
from gmtool.errors import GmtoolError

QUIT = "quit"
START = "start playing"
NO_FORTUNE = "no Fortune"
SIDES = {"on my card": "mine", "on their card": "theirs"}
STRATEGIES = {
    "strongest on top": "strongest_on_top",
    "weakest on top": "weakest_on_top",
    "shuffled": "shuffled",
}
BY_HAND = "by hand, card by card"


def run(game: Game, prompts: Prompts | None = None) -> None:
    """Lay out towers if the game is fresh, then play turns until someone quits."""
    table = Table(game, prompts or Prompts())
    if game.state["moves"] == 0 and not table.set_up():
        return
    while table.turn():
        pass


class Table:
    """The shared screen: it shows the news (the last move's result) and the public board,
    and is cleared whenever it passes to another player."""

    def __init__(self, game: Game, ask: Prompts) -> None:
        self.game = game
        self.ask = ask
        self.news: list[Any] = []

    def fresh_screen(self, *, board: bool = True) -> None:
        from gmtool.render import foodfight as render
        from gmtool.systems.foodfight import view

        out = console()
        out.clear()
        for item in self.news:
            out.print(item)
        if board:
            state = self.game.state
            out.print(render.board(view(state, public=True), state["rules"]["fortune_spots"]))

    def attempt(self, step: Callable[[], None]) -> None:
        """Run one step; a refused one becomes the news and the loop goes on."""
        from rich.text import Text

        try:
            step()
        except GmtoolError as error:
            self.news = [Text(f"error: {error.line()}", style="red")]

    def play(self, action: dict[str, Any]) -> None:
        from gmtool.render import foodfight as render

        outcome = self.game.play(action, self.game.door())
        self.news = [render.result(outcome.result)]

    def undo(self) -> None:
        from rich.text import Text

        entry = self.game.undo()
        self.news = [Text(f"undone: {entry.what} by {entry.who}")]

    # -- before the first move ----------------------------------------------------
    def set_up(self) -> bool:
        names = [player["name"] for player in self.game.state["players"]]
        while True:
            self.fresh_screen(board=False)
            choice = self.ask.select("Before the first move:", [START, *names, QUIT])
            if choice == QUIT:
                return False
            if choice == START:
                self.news = []
                return True
            self.attempt(partial(self.lay_out, choice))

    def lay_out(self, who: str) -> None:
        how = self.ask.select(
            f"How does {who} stack their towers? (the others look away)", [*STRATEGIES, BY_HAND]
        )
        action: dict[str, Any] = {"type": "layout", "player": who}
        if how == BY_HAND:
            action["piles"] = _piles_by_hand(self.game.state, self.ask, who)
        else:
            action["strategy"] = STRATEGIES[how]
        self.play(action)

    # -- a turn --------------------------------------------------------------------
    def turn(self) -> bool:
        """One player's turn; False once someone quits."""
        state = self.game.state
        if state["over"]:
            return self.game_over()
        mover = state["players"][state["turn"]]["name"]
        self.fresh_screen()
        menu: dict[str, Callable[[], None]] = {
            f"{mover} attacks": lambda: self.attack(mover),
            f"{mover} discards": lambda: self.discard(mover),
            f"{mover} looks at their own cards (the others look away)": lambda: self.peek(mover),
            "undo the last move": self.undo,
        }
        while True:
            choice = self.ask.select(f"{mover}'s turn (pass the screen to {mover}):", [*menu, QUIT])
            if choice == QUIT:
                return False
            self.attempt(menu[choice])
            if not choice.startswith(f"{mover} looks"):
                return True

    def game_over(self) -> bool:
        from gmtool.render import foodfight as render
        from gmtool.systems.foodfight import view

        self.fresh_screen(board=False)
        state = self.game.state
        console().print(render.board(view(state), state["rules"]["fortune_spots"]))
        if self.ask.select("The game is over.", ["undo the last move", QUIT]) == QUIT:
            return False
        self.attempt(self.undo)
        return True

    def peek(self, mover: str) -> None:
        from gmtool.render import foodfight as render
        from gmtool.systems.foodfight import view

        mine = next(
            entry for entry in view(self.game.state, mover)["players"] if entry["name"] == mover
        )
        console().print(render.tower_list(mine))

    def discard(self, mover: str) -> None:
        piles = _own_piles(self.game.state, mover)
        pile = piles[self.ask.select("Discard the top card of which pile?", list(piles))]
        self.play({"type": "discard", "player": mover, "pile": pile})

    def attack(self, mover: str) -> None:
        state = self.game.state
        piles = _own_piles(state, mover)
        pile = piles[self.ask.select("Attack with which pile?", list(piles))]
        targets = _targets(state, mover)
        target, target_pile = targets[self.ask.select("Attack which card?", list(targets))]
        plays = [
            play
            for play in (
                self.fortune(mover, "attacker"),
                self.fortune(target, "defender"),
            )
            if play is not None
        ]
        self.play(
            {
                "type": "attack",
                "player": mover,
                "pile": pile,
                "target": target,
                "target_pile": target_pile,
                "fortunes": plays,
            }
        )

    def fortune(self, name: str, role: str) -> dict[str, Any] | None:
        """Ask ``name`` for a Fortune; the defender's hand is listed only once they hold
        the screen."""
        from gmtool.systems.foodfight.state import find_player

        state = self.game.state
        held = find_player(state, name)["fortunes"]
        if not held:
            return None
        if role == "defender":
            look = f"{name} chooses a Fortune"
            asked = f"Pass the screen to {name}: does {name} play a Fortune in this battle?"
            if self.ask.select(asked, [NO_FORTUNE, look]) == NO_FORTUNE:
                return None
        cards = state["fortune_cards"]
        choices = {f"{fid} {cards[fid]['delta']:+d}: {cards[fid]['text']}": fid for fid in held}
        picked = self.ask.select(f"{name}, play a Fortune in this battle?", [NO_FORTUNE, *choices])
        if picked == NO_FORTUNE:
            return None
        side = SIDES[self.ask.select("On which card?", list(SIDES))]
        return {"by": role, "id": choices[picked], "on": side}


def _piles_by_hand(state: dict[str, Any], ask: Prompts, who: str) -> list[list[str]]:
    from gmtool.systems.foodfight.state import find_player

    player = find_player(state, who)
    left = {_card_label(card): card["id"] for pile in player["piles"] for card in pile}
    spots, per_spot = state["rules"]["spots"], state["rules"]["cards_per_spot"]
    piles: list[list[str]] = []
    for spot in range(1, spots + 1):
        pile: list[str] = []
        for level in range(1, per_spot + 1):
            where = "bottom" if level == 1 else "top" if level == per_spot else f"card {level}"
            label = ask.select(f"Spot {spot}, {where} card:", sorted(left, key=_by_salt))
            pile.append(left.pop(label))
        piles.append(pile)
    return piles


def _card_label(card: dict[str, Any]) -> str:
    return f"{card['food']} ({card['salt']})"


def _by_salt(label: str) -> tuple[int, str]:
    return int(label.rsplit("(", 1)[1].rstrip(")")), label


def _own_piles(state: dict[str, Any], name: str) -> dict[str, int]:
    from gmtool.systems.foodfight.state import find_player

    player = find_player(state, name)
    return {
        f"pile {n}: {_card_label(pile[-1])}": n for n, pile in enumerate(player["piles"], 1) if pile
    }


def _targets(state: dict[str, Any], mover: str) -> dict[str, tuple[str, int]]:
    from gmtool.systems.foodfight.state import standing

    targets: dict[str, tuple[str, int]] = {}
    for other in standing(state):
        if other["name"] == mover:
            continue
        for number, pile in enumerate(other["piles"], 1):
            if pile:
                top = pile[-1]
                seen = _card_label(top) if top["face_up"] else "face down"
                targets[f"{other['name']}:{number} — {seen}"] = (other["name"], number)
    return targets
