"""``gmtool play`` for Food Fight: pass the screen round the table, one move at a time.

The screen shows what the whole table may see: the board with every face-down card and
Fortune hidden, and what the last move did. Whenever the screen passes to another player
it is cleared (scrollback too) and waits for that player to press Enter, and after any
step that showed a player's own cards it is cleared before the table's view returns.
Before the first move, players may stack their own towers (by a strategy, or card by
card). A battle goes in the rules' order: the attack turns both cards face up, then the
screen goes to the attacker and then to the defender, each of whom may reveal a Fortune
or pass (``Table.answer``); a campaign that plays Fortunes blind asks for them with the
attack instead (``Table.attack``).
"""

from __future__ import annotations

from functools import partial
from typing import Any

from gmtool.cli.common import console
from gmtool.cli.playloop import Back, PlayLoop, Prompts, Step
from gmtool.engine.game import Game
from gmtool.games.foodfight.rules.battle_steps import is_two_step

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
    loop = PlayLoop(game, prompts)
    table = Table(game, loop.ask)
    loop.dashboard = table.dashboard
    loop.question = table.question
    loop.run(table.entries)


class Table:
    """The shared screen: who holds it, whether a secret was shown on it, and the news
    (the last move's result) that the next screen shows."""

    def __init__(self, game: Game, ask: Prompts) -> None:
        self.game = game
        self.ask = ask
        self.started = game.state["moves"] > 0
        self.holder: str | None = None
        self.secret_shown = False
        self.news: list[Any] = []

    # -- what the loop asks of a system --------------------------------------------------
    def mover(self) -> str | None:
        """Who holds the screen now: the player to move, or in an open battle the player
        who may answer it."""
        state = self.game.state
        if not self.started or state["over"]:
            return None
        battle = state.get("battle")
        if battle is not None:
            return str(battle[battle["to_answer"]])
        return str(state["players"][state["turn"]]["name"])

    def question(self) -> str:
        mover = self.mover()
        if mover is not None and self.game.state.get("battle") is not None:
            return f"{mover}, the cards are face up: a Fortune, or pass?"
        if mover is not None:
            return f"{mover}'s turn:"
        return "The game is over." if self.game.state["over"] else "Before the first move:"

    def entries(self) -> dict[str, Step]:
        state = self.game.state
        if state["over"]:
            return {}
        mover = self.mover()
        if mover is None:
            names = [player["name"] for player in state["players"]]
            laying = {f"{name} stacks their towers": partial(self.lay_out, name) for name in names}
            return {START: self.start, **laying}
        if state.get("battle") is not None:
            return {
                f"{mover} reveals a Fortune": partial(self.answer, mover),
                f"{mover} passes": partial(self.play, {"type": "pass", "player": mover}),
                f"{mover} looks at their own cards": partial(self.peek, mover),
            }
        return {
            f"{mover} attacks": partial(self.attack, mover),
            f"{mover} discards": partial(self.discard, mover),
            f"{mover} looks at their own cards": partial(self.peek, mover),
        }

    def dashboard(self) -> None:
        """Before each menu: hand the screen over if its holder changed, wipe it if a secret
        was on it, then the news and the public board."""
        from gmtool.games.foodfight import render as render
        from gmtool.games.foodfight.rules.view import view

        mover = self.mover()
        if mover is not None and mover != self.holder:
            self.hand_to(mover)
        elif self.secret_shown:
            self.ask.clear_screen()
        self.secret_shown = False
        out = console()
        for item in self.news:
            out.print(item)
        state = self.game.state
        seen = view(state) if state["over"] else view(state, public=True)
        out.print(render.board(seen, state["rules"]["fortune_spots"]))

    def hand_to(self, name: str) -> None:
        """The "pass the screen" gate; Esc does not skip it."""
        while True:
            try:
                self.ask.pass_to(name)
                break
            except Back:
                continue
        self.holder = name

    def step_gate(self, name: str) -> None:
        """The gate inside a step (the defender's turn to choose): the screen is theirs."""
        self.ask.pass_to(name)
        self.holder = name
        self.secret_shown = True

    def play(self, action: dict[str, Any]) -> None:
        from gmtool.games.foodfight import render as render

        outcome = self.game.play(action, self.game.door())
        self.news = [render.result(outcome.result)]

    # -- before the first move ------------------------------------------------------------
    def start(self) -> None:
        self.started = True
        self.news = []

    def lay_out(self, who: str) -> None:
        self.step_gate(who)
        how = self.ask.select(f"How does {who} stack their towers?", [*STRATEGIES, BY_HAND])
        action: dict[str, Any] = {"type": "layout", "player": who}
        if how == BY_HAND:
            action["piles"] = _piles_by_hand(self.game.state, self.ask, who)
        else:
            action["strategy"] = STRATEGIES[how]
        self.play(action)

    # -- a turn ---------------------------------------------------------------------------
    def peek(self, mover: str) -> None:
        from gmtool.games.foodfight import render as render
        from gmtool.games.foodfight.rules.view import view

        mine = next(
            entry for entry in view(self.game.state, mover)["players"] if entry["name"] == mover
        )
        self.secret_shown = True
        console().print(render.tower_list(mine))
        self.ask.pause(f"{mover}: press Enter to hide your cards")

    def discard(self, mover: str) -> None:
        self.secret_shown = True  # the list names the player's own top cards
        piles = _own_piles(self.game.state, mover)
        pile = piles[self.ask.select("Discard the top card of which pile?", list(piles))]
        self.play({"type": "discard", "player": mover, "pile": pile})

    def attack(self, mover: str) -> None:
        self.secret_shown = True
        state = self.game.state
        piles = _own_piles(state, mover)
        pile = piles[self.ask.select("Attack with which pile?", list(piles))]
        targets = _targets(state, mover)
        target, target_pile = targets[self.ask.select("Attack which card?", list(targets))]
        if is_two_step(state):  # the Fortunes come once the cards are face up
            action = {"type": "attack", "player": mover, "pile": pile}
            self.play({**action, "target": target, "target_pile": target_pile})
            return
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

    def answer(self, name: str) -> None:
        """In an open battle: ``name`` picks one of their Fortunes and the card it changes."""
        from gmtool.games.foodfight.rules.state import find_player

        self.secret_shown = True  # the list names the player's own Fortunes
        state = self.game.state
        cards = state["fortune_cards"]
        held = find_player(state, name)["fortunes"]
        choices = {f"{fid} {cards[fid]['delta']:+d}: {cards[fid]['text']}": fid for fid in held}
        picked = choices[self.ask.select(f"{name}, which Fortune?", list(choices))]
        side = SIDES[self.ask.select("On which card?", list(SIDES))]
        self.play({"type": "fortune", "player": name, "id": picked, "on": side})

    def fortune(self, name: str, role: str) -> dict[str, Any] | None:
        """Ask ``name`` for a Fortune; the defender's hand is listed only once they hold
        the screen."""
        from gmtool.games.foodfight.rules.state import find_player

        state = self.game.state
        held = find_player(state, name)["fortunes"]
        if not held:
            return None
        if role == "defender":
            self.step_gate(name)
        cards = state["fortune_cards"]
        choices = {f"{fid} {cards[fid]['delta']:+d}: {cards[fid]['text']}": fid for fid in held}
        picked = self.ask.select(f"{name}, play a Fortune in this battle?", [NO_FORTUNE, *choices])
        if picked == NO_FORTUNE:
            return None
        side = SIDES[self.ask.select("On which card?", list(SIDES))]
        return {"by": role, "id": choices[picked], "on": side}


def _piles_by_hand(state: dict[str, Any], ask: Prompts, who: str) -> list[list[str]]:
    from gmtool.games.foodfight.rules.state import find_player

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
    from gmtool.games.foodfight.rules.state import find_player

    player = find_player(state, name)
    return {
        f"pile {n}: {_card_label(pile[-1])}": n for n, pile in enumerate(player["piles"], 1) if pile
    }


def _targets(state: dict[str, Any], mover: str) -> dict[str, tuple[str, int]]:
    from gmtool.games.foodfight.rules.state import standing

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
