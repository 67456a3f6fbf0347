"""Dealing a new game: seats by colour, decks, towers, the Fortune deck and who starts.

Options (from ``campaign new`` and the campaign file's ``options:``):

- ``players``: one name per seat, in clockwise order from Yellow (a list, or "A,B,C,D");
- ``starter`` (or ``first``): the player who ate last, who starts (a name, a colour, or
  ``random``);
- ``layout``: how everyone's towers are stacked (a strategy name);
- ``layouts``: per player, a strategy name or explicit piles (bottom card first).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, cast

from gmtool.dice import DiceDoor
from gmtool.dice.secret import secret_below, secret_seed
from gmtool.errors import UsageError
from gmtool.games.foodfight.rules.content import FoodFightContent
from gmtool.games.foodfight.rules.layouts import Piles, is_fixed, lay_out
from gmtool.games.foodfight.rules.match import Match
from gmtool.games.foodfight.rules.pieces import SaltCard, Seat
from gmtool.games.foodfight.rules.state import name_index
from gmtool.games.foodfight.state import StoredFortune, StoredGame, StoredRules


def new_state(
    content: FoodFightContent, options: Mapping[str, Any], dice: DiceDoor
) -> dict[str, Any]:
    """A freshly dealt game, towers stacked and the first player chosen."""
    return Dealer(content).deal(options, dice)


class Dealer:
    """Deals games from one content. What every deal copies is worked out once: the
    rulings, the Fortunes, and each deck stacked by each strategy that draws nothing
    (a simulator deals thousands of games from one content)."""

    def __init__(self, content: FoodFightContent) -> None:
        self.content = content
        self.rules = _rules(content)
        self.fortune_cards: dict[str, StoredFortune] = {
            fid: {"text": card.text, "delta": card.delta} for fid, card in content.fortunes.items()
        }
        self.fortune_deck = sorted(content.fortunes)
        self.decks = {
            colour: [SaltCard(cid, card.food, card.salt, False) for cid, card in deck.cards.items()]
            for colour, deck in content.decks.items()
        }
        self._stacked: dict[tuple[str, str], list[list[SaltCard]]] = {}

    def __reduce__(self) -> tuple[type[Dealer], tuple[FoodFightContent]]:
        # A simulator's processes each receive the dealer: the content is all it needs.
        return (Dealer, (self.content,))

    def deal(self, options: Mapping[str, Any], dice: DiceDoor) -> dict[str, Any]:
        """A freshly dealt game, towers stacked and the first player chosen, as stored."""
        match = self.deal_match(options, dice)
        match.store()
        return cast(dict[str, Any], match.state)

    def deal_match(self, options: Mapping[str, Any], dice: DiceDoor) -> Match:
        """``deal``, as a game ready to play (a simulator's game is never stored)."""
        content = self.content
        colours = content.board.seats
        names = _player_names(options.get("players"), len(colours))
        rules = self.rules.copy()
        rules["fortune_spots"] = list(self.rules["fortune_spots"])
        game: StoredGame = {
            "rules": rules,
            "players": [],
            "turn": 0,
            "moves": 0,
            "over": False,
            "winner": None,
            "fortune_cards": {
                fid: {"text": card["text"], "delta": card["delta"]}
                for fid, card in self.fortune_cards.items()
            },
            "fortune_deck": list(self.fortune_deck),
            "fortune_discards": [],
            "discards": [],
            "secret_rng": secret_seed(dice),
            "battle": None,
        }
        state = cast(dict[str, Any], game)  # the engine keeps every game as a plain dict
        plans = _layout_plans(options, names, content.rules.default_layout)
        seats = [
            Seat(
                name,
                colour.capitalize(),
                0,
                None,
                self._stack(state, colour, plans[name], name),
                [],
            )
            for name, colour in zip(names, colours, strict=True)
        ]
        starter = options.get("starter") or options.get("first") or content.rules.default_first
        state["turn"] = _first_player(seats, starter, dice)
        return Match(state, seats)

    def _stack(
        self, state: dict[str, Any], colour: str, plan: object, who: str
    ) -> list[list[SaltCard]]:
        """``colour``'s deck stacked by ``plan`` for the game ``state``: a strategy that
        draws nothing stacks the same piles every deal, so they are copied."""
        if not is_fixed(plan):
            return self._lay_out(state, colour, plan, who)
        key = (colour, str(plan))
        stacked = self._stacked.get(key)
        if stacked is None:
            stacked = self._stacked[key] = self._lay_out(state, colour, plan, who)
        return [[SaltCard(c.id, c.food, c.salt, c.face_up) for c in pile] for pile in stacked]

    def _lay_out(self, state: dict[str, Any], colour: str, plan: object, who: str) -> Piles:
        board = self.content.board
        return lay_out(
            self.decks[colour],
            plan,
            spots=board.spots,
            per_spot=board.cards_per_spot,
            pick_below=lambda count: secret_below(state, count),
            who=who,
        )


def _rules(content: FoodFightContent) -> StoredRules:
    """The rulings a game is played by, frozen into the state when it is dealt."""
    rules = content.rules.model_dump()
    rules.update(
        track_length=content.board.track.length,
        fortune_spots=sorted(content.board.track.fortune_spots),
        spots=content.board.spots,
        cards_per_spot=content.board.cards_per_spot,
    )
    return cast(StoredRules, rules)


def _player_names(players: object, seats: int) -> list[str]:
    if isinstance(players, str):
        players = players.split(",")
    if not isinstance(players, list | tuple):
        raise UsageError(
            f"Food Fight needs {seats} players", hint="give them with --players A,B,C,D"
        )
    names = [str(name).strip() for name in players]
    if len(names) != seats:
        raise UsageError(
            f"Food Fight is played by exactly {seats} players, not {len(names)}",
            hint="name one player per colour, clockwise from Yellow: --players A,B,C,D",
        )
    for seat, name in enumerate(names, start=1):
        if not name:
            raise UsageError(f"player {seat} has no name", hint="--players A,B,C,D")
    if len({name.casefold() for name in names}) != len(names):
        raise UsageError("two players share a name", hint="give every player a different name")
    return names


def _layout_plans(options: Mapping[str, Any], names: list[str], default: str) -> dict[str, Any]:
    everyone = options.get("layout") or default
    plans = dict.fromkeys(names, everyone)
    per_player = options.get("layouts") or {}
    if not isinstance(per_player, Mapping):
        raise UsageError("the 'layouts' option must map player names to layouts")
    by_folded = {name.casefold(): name for name in names}
    for who, plan in per_player.items():
        name = by_folded.get(str(who).casefold())
        if name is None:
            raise UsageError(f"'layouts' names '{who}', who is not playing", hint=", ".join(names))
        plans[name] = plan
    return plans


def _first_player(seats: list[Seat], first: object, dice: DiceDoor) -> int:
    text = str(first).strip()
    if text.casefold() == "random":
        return dice.roll(f"1d{len(seats)}", label="who ate last").total - 1
    for index, seat in enumerate(seats):
        if seat.color.casefold() == text.casefold():
            return index
    return name_index([seat.name for seat in seats], text)
