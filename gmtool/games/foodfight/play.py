"""``gmtool play`` for Food Fight: pass the screen round the table, one move at a time.

The screen shows what the whole table may see: the board with every face-down card and
Fortune hidden, and what the last move did. Whenever the screen passes to another player
it is cleared (scrollback too) and waits for that player to press Enter, and after any
step that showed a player's own cards it is cleared before the table's view returns
(``HotSeat``). Before the first move, players may stack their own towers (by a strategy,
or card by card). A battle goes in the rules' order: the attack turns both cards face up,
then the screen goes to the attacker and then to the defender, each of whom may reveal a
Fortune or pass (``Table.answer``); a campaign that plays Fortunes blind asks for them
with the attack instead (``Table.attack``). Every move on the menu is one of the
declaration's ``options``.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING, Any

from gmtool.cli.common import console
from gmtool.cli.playloop import PlayLoop, Step
from gmtool.cli.playloop.hotseat import HotSeat
from gmtool.engine.system import Choice, Move, Outcome

if TYPE_CHECKING:
    from rich.console import RenderableType

START = "start playing"
NO_FORTUNE = "no Fortune"
BY_HAND = "by hand, card by card"


class Table(HotSeat):
    """The shared screen; ``started`` once the players have stacked their towers."""

    def __init__(self, loop: PlayLoop) -> None:
        super().__init__(loop)
        self.started = self.view()["moves"] > 0

    # -- what the loop asks of a system --------------------------------------------------
    def must_hold(self) -> str | None:
        """The player to move, or in an open battle the player who may answer it."""
        waiting = self.to_move()
        return waiting[0] if self.started and waiting else None

    def question(self) -> str:
        mover = self.must_hold()
        table = self.view()
        if mover is not None and table["battle"] is not None:
            return f"{mover}, the cards are face up: a Fortune, or pass?"
        if mover is not None:
            return f"{mover}'s turn:"
        return "The game is over." if table["over"] else "Before the first move:"

    def entries(self) -> dict[str, Step]:
        mover = self.must_hold()
        if mover is None:
            if self.view()["over"]:
                return {}
            laying = [m for s in self.game.system.seats(self.state) for m in self.moves(s)]
            stacking = {m.label: partial(self.lay_out, m) for m in laying if m.name == "layout"}
            return {START: self.start, **stacking}
        steps = {"attack": self.attack, "discard": self.discard, "fortune": self.answer}
        menu: dict[str, Step] = {}
        for move in self.moves(mover):
            if move.name == "pass":
                menu[move.label] = partial(self.play, move.fill({}))
            elif move.name in steps:
                menu[move.label] = partial(steps[move.name], move)
        menu[f"{mover} looks at their own cards"] = partial(self.peek, mover)
        return menu

    def table_drawing(self, seat: str | None = None) -> RenderableType:
        from gmtool.games.foodfight import render as render
        from gmtool.games.foodfight.rules.view import view

        seen = self.view(seat)
        if seen["over"]:
            seen = {**seen, **view(self.state)}  # the game is over: every card may be seen
        return render.screen(seen, seen["fortune_spots"])

    def told(self, outcome: Outcome) -> RenderableType:
        from gmtool.games.foodfight import render as render

        return render.result(outcome.result, battle_shown=True)

    def told_privately(self, before: dict[str, Any], after: dict[str, Any]) -> dict[str, Any]:
        """Each player who drew a Fortune is shown it on their next turn at the screen."""
        from rich.text import Text

        from gmtool.games.foodfight.render import fortune_words

        drawn: dict[str, Any] = {}
        for seat in self.game.system.seats(after):
            had = {f["id"] for f in _own(self.game.system.view(before, seat), seat)["fortunes"]}
            new = [f for f in _own(self.game.system.view(after, seat), seat)["fortunes"]]
            new = [f for f in new if f["id"] not in had]
            if new:
                words = "; ".join(fortune_words(f) for f in new)
                drawn[seat] = Text(f"{seat}, you drew: {words}", style="bold magenta")
        return drawn

    # -- before the first move ------------------------------------------------------------
    def start(self) -> None:
        self.started = True
        self.loop.tell()

    def lay_out(self, move: Move) -> None:
        who = str(move.seat)
        self.gate(who)
        strategy, cards = move.choices
        how = self.choose(strategy, (BY_HAND,))
        if how == BY_HAND:
            self.play(move.fill({cards.key: self.piles_by_hand(who, cards)}))
        else:
            self.play(move.fill({strategy.key: how}))

    def piles_by_hand(self, who: str, cards: Choice) -> list[list[str]]:
        """Each spot's cards, bottom first, picked from ``who``'s cards (``cards``: their
        ids, labelled with food and salt), the weakest offered first."""
        left = dict(zip(cards.shown(), cards.values or (), strict=True))
        mine = next(p for p in self.view(who)["players"] if p["name"] == who)["piles"]
        spots, per_spot = len(mine), len(mine[0])
        piles: list[list[str]] = []
        for spot in range(1, spots + 1):
            pile: list[str] = []
            for level in range(1, per_spot + 1):
                where = "bottom" if level == 1 else "top" if level == per_spot else f"card {level}"
                label = self.ask.select(f"Spot {spot}, {where} card:", sorted(left, key=_by_salt))
                pile.append(left.pop(label))
            piles.append(pile)
        return piles

    # -- a turn ---------------------------------------------------------------------------
    def peek(self, mover: str) -> None:
        from gmtool.games.foodfight import render as render

        mine = next(entry for entry in self.view(mover)["players"] if entry["name"] == mover)
        self.secret_shown = True
        console().print(render.tower_list(mine))
        self.ask.pause(f"{mover}: press Enter to hide your cards")

    def discard(self, move: Move) -> None:
        self.secret_shown = True  # the list names the player's own top cards
        self.play(self.answered(move, "pile"))

    def attack(self, move: Move) -> None:
        self.secret_shown = True
        action = self.answered(move, "pile", "target")
        if move.choice("fortune") is None:  # the Fortunes come once the cards are face up
            self.play(action)
            return
        mover, target = str(move.seat), action["target"]
        plays = [
            play
            for play in (
                self.fortune(move, mover, "attacker"),
                self.fortune(move, target, "defender"),
            )
            if play is not None
        ]
        self.play({**action, "fortunes": plays})

    def answer(self, move: Move) -> None:
        """In an open battle: the player picks one of their Fortunes and the card it changes."""
        self.secret_shown = True  # the list names the player's own Fortunes
        self.play(self.answered(move, "id", "on"))

    def fortune(self, move: Move, name: str, role: str) -> dict[str, Any] | None:
        """Ask ``name`` for a Fortune; the defender's hand is listed only once they hold
        the screen."""
        from gmtool.games.foodfight.rules.declaration import fortune_label

        offered = move.choice("fortune")
        if role == "defender":
            held = next(p for p in self.view(name)["players"] if p["name"] == name)["fortunes"]
            ids = tuple(fortune["id"] for fortune in held)
            labels = tuple(fortune_label(fortune) for fortune in held)
            offered = Choice(
                "fortune", f"{name}, play a Fortune in this battle?", ids, labels=labels
            )
        if offered is None or not offered.values:
            return None
        if role == "defender":
            self.gate(name)
        picked = self.choose(offered, (NO_FORTUNE,))
        if picked == NO_FORTUNE:
            return None
        return {"by": role, "id": picked, "on": self.answered(move, "on")["on"]}


run = Table.run


def _own(seen: dict[str, Any], seat: str) -> dict[str, Any]:
    """``seat``'s own entry in a view of the board."""
    found: dict[str, Any] = next(p for p in seen["players"] if p["name"] == seen.get("as", seat))
    return found


def _by_salt(label: str) -> tuple[int, str]:
    return int(label.rsplit("(", 1)[1].rstrip(")")), label
