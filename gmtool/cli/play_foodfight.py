"""``gmtool play`` for Food Fight: pass the screen round the table, one move at a time.

Before the first move, players may stack their own towers (by a strategy, or card by
card). Then each turn shows the board as the player to move may see it, and offers an
attack or a discard; the defender is asked for their Fortune before the cards compare.
"""

from __future__ import annotations

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
    ask = prompts or Prompts()
    if game.state["moves"] == 0 and not _setup(game, ask):
        return
    while True:
        if not _turn(game, ask):
            return


def _guard(action: Any) -> bool:
    """Run one step; a refused move is shown and the loop goes on."""
    try:
        action()
    except GmtoolError as error:
        console().print(f"[red]error:[/red] {error.line()}")
    return True


def _setup(game: Game, ask: Prompts) -> bool:
    names = [player["name"] for player in game.state["players"]]
    while True:
        choice = ask.select("Before the first move:", [START, *names, QUIT])
        if choice == QUIT:
            return False
        if choice == START:
            return True
        _guard(lambda who=choice: _lay_out(game, ask, who))


def _lay_out(game: Game, ask: Prompts, who: str) -> None:
    from gmtool.render import foodfight as render

    how = ask.select(f"How does {who} stack their towers?", [*STRATEGIES, BY_HAND])
    action: dict[str, Any] = {"type": "layout", "player": who}
    if how == BY_HAND:
        action["piles"] = _piles_by_hand(game.state, ask, who)
    else:
        action["strategy"] = STRATEGIES[how]
    outcome = game.play(action, game.door())
    console().print(render.result(outcome.result))


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


def _turn(game: Game, ask: Prompts) -> bool:
    from gmtool.render import foodfight as render
    from gmtool.systems.foodfight import view

    state = game.state
    out = console()
    spots = state["rules"]["fortune_spots"]
    if state["over"]:
        out.print(render.board(view(state), spots))
        if ask.select("The game is over.", ["undo the last move", QUIT]) == QUIT:
            return False
        return _guard(game.undo)
    mover = state["players"][state["turn"]]["name"]
    out.print(render.board(view(state, mover), spots))
    menu = {
        f"{mover} attacks": lambda: _attack(game, ask, mover),
        f"{mover} discards": lambda: _discard(game, ask, mover),
        "show the board to everyone (face-down cards hidden)": lambda: out.print(
            render.board(view(state, public=True), spots)
        ),
        "undo the last move": game.undo,
    }
    choice = ask.select(f"{mover}'s turn (pass the screen to {mover}):", [*menu, QUIT])
    return choice != QUIT and _guard(menu[choice])


def _own_piles(state: dict[str, Any], name: str) -> dict[str, int]:
    from gmtool.systems.foodfight.state import find_player

    player = find_player(state, name)
    return {
        f"pile {n}: {_card_label(pile[-1])}": n for n, pile in enumerate(player["piles"], 1) if pile
    }


def _discard(game: Game, ask: Prompts, mover: str) -> None:
    from gmtool.render import foodfight as render

    piles = _own_piles(game.state, mover)
    pile = piles[ask.select("Discard the top card of which pile?", list(piles))]
    outcome = game.play({"type": "discard", "player": mover, "pile": pile}, game.door())
    console().print(render.result(outcome.result))


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


def _fortune(state: dict[str, Any], ask: Prompts, name: str, role: str) -> dict[str, Any] | None:
    from gmtool.systems.foodfight.state import find_player

    held = find_player(state, name)["fortunes"]
    if not held:
        return None
    cards = state["fortune_cards"]
    choices = {f"{fid} {cards[fid]['delta']:+d}: {cards[fid]['text']}": fid for fid in held}
    picked = ask.select(f"{name}, play a Fortune in this battle?", [NO_FORTUNE, *choices])
    if picked == NO_FORTUNE:
        return None
    side = SIDES[ask.select("On which card?", list(SIDES))]
    return {"by": role, "id": choices[picked], "on": side}


def _attack(game: Game, ask: Prompts, mover: str) -> None:
    from gmtool.render import foodfight as render

    state = game.state
    piles = _own_piles(state, mover)
    pile = piles[ask.select("Attack with which pile?", list(piles))]
    targets = _targets(state, mover)
    target, target_pile = targets[ask.select("Attack which card?", list(targets))]
    plays = [
        play
        for play in (
            _fortune(state, ask, mover, "attacker"),
            _fortune(state, ask, target, "defender"),
        )
        if play is not None
    ]
    action = {
        "type": "attack",
        "player": mover,
        "pile": pile,
        "target": target,
        "target_pile": target_pile,
        "fortunes": plays,
    }
    outcome = game.play(action, game.door())
    console().print(render.result(outcome.result))
