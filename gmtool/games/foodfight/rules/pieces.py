"""The pieces of a game, typed: salt cards, seats, Fortunes and the open battle.

A game is stored as a JSON-ready dict (its shape: ``gmtool.games.foodfight.state``);
``match.Match`` reads it into these pieces and writes them back, and everything else,
the rules, the checks, the views and the players, reads the pieces. A seat also keeps
what the players ask before every choice (its open piles, the salt on show, the salt
face down), kept up to date as its cards move instead of counted again: the simulator
plays thousands of games through the same rules. Each class reads and writes its own
part of the stored dict.
"""

from __future__ import annotations

from gmtool.games.foodfight.state import (
    OutReason,
    Role,
    Side,
    StoredBattle,
    StoredCard,
    StoredFortune,
    StoredPlay,
    StoredPlayer,
)


class SaltCard:
    """A salt card in a pile: face down until it fights (or a hand stacked it face up)."""

    __slots__ = ("face_up", "food", "id", "salt")

    def __init__(self, id: str, food: str, salt: int, face_up: bool) -> None:
        self.id = id
        self.food = food
        self.salt = salt
        self.face_up = face_up

    @staticmethod
    def read(card: StoredCard) -> SaltCard:
        return SaltCard(card["id"], card["food"], card["salt"], card["face_up"])

    def to_json(self) -> StoredCard:
        return {"id": self.id, "food": self.food, "salt": self.salt, "face_up": self.face_up}

    def shown(self) -> dict[str, str | int]:
        """The card as a result document names it (both battling cards are face up)."""
        return {"id": self.id, "food": self.food, "salt": self.salt}


class FortuneCard:
    """A Fortune as dealt: what it says and what it adds to a card's salt."""

    __slots__ = ("delta", "text")

    def __init__(self, text: str, delta: int) -> None:
        self.text = text
        self.delta = delta

    @staticmethod
    def read(card: StoredFortune) -> FortuneCard:
        return FortuneCard(card["text"], card["delta"])

    def shown(self, fid: str) -> dict[str, str | int]:
        """The Fortune ``fid`` as a view or a menu names it."""
        return {"id": fid, "text": self.text, "delta": self.delta}


class Seat:
    """A player at the table: their token, their towers and their hand of Fortunes.

    Besides what is stored, a seat keeps what the rules and the players read before
    every choice, up to date as cards turn over and leave its piles (only through
    ``Match.turn_face_up`` and ``Match.take_top``): the piles still holding a card, the
    salt of its face-up tops, and the total salt and number of its face-down cards."""

    __slots__ = (
        "color",
        "face_up_salt",
        "fortunes",
        "hidden_cards",
        "hidden_salt",
        "name",
        "open_piles",
        "out",
        "piles",
        "track_position",
    )

    def __init__(
        self,
        name: str,
        color: str,
        track_position: int,
        out: OutReason | None,
        piles: list[list[SaltCard]],
        fortunes: list[str],
    ) -> None:
        self.name = name
        self.color = color
        self.track_position = track_position
        self.out = out
        self.piles = piles
        self.fortunes = fortunes
        self.open_piles: list[int] = []
        """The numbers of the piles that still hold a card (1 is the first spot)."""
        self.face_up_salt: dict[int, int] = {}
        """The salt of each face-up top card, by pile: what the whole table sees."""
        hidden_salt = hidden_cards = 0
        for index, pile in enumerate(piles):
            number = index + 1
            if pile:
                self.open_piles.append(number)
                if pile[-1].face_up:
                    self.face_up_salt[number] = pile[-1].salt
            for card in pile:
                if not card.face_up:
                    hidden_salt += card.salt
                    hidden_cards += 1
        self.hidden_salt = hidden_salt
        """The total salt of the face-down cards: what a seat can only estimate."""
        self.hidden_cards = hidden_cards

    @staticmethod
    def read(player: StoredPlayer) -> Seat:
        return Seat(
            player["name"],
            player["color"],
            player["track_position"],
            player["out"],
            [[SaltCard.read(card) for card in pile] for pile in player["piles"]],
            list(player["fortunes"]),
        )

    def top(self, pile: int) -> SaltCard:
        """The top card of pile ``pile`` (1 is the first spot)."""
        return self.piles[pile - 1][-1]

    def to_json(self) -> StoredPlayer:
        return {
            "name": self.name,
            "color": self.color,
            "track_position": self.track_position,
            "out": self.out,
            "piles": [[card.to_json() for card in pile] for pile in self.piles],
            "fortunes": list(self.fortunes),
        }


class Play:
    """A Fortune played in a battle: its card, who played it (``by``, their name; ``role``,
    attacker or defender), the battling card it is on (by role) and its delta."""

    __slots__ = ("by", "card", "delta", "id", "role", "text")

    def __init__(self, id: str, by: str, role: Role, card: Role, delta: int, text: str) -> None:
        self.id = id
        self.by = by
        self.role = role
        self.card = card
        self.delta = delta
        self.text = text

    @staticmethod
    def read(play: StoredPlay) -> Play:
        return Play(play["id"], play["by"], play["role"], play["card"], play["delta"], play["text"])

    def to_json(self) -> StoredPlay:
        return {
            "id": self.id,
            "by": self.by,
            "role": self.role,
            "card": self.card,
            "delta": self.delta,
            "text": self.text,
        }

    def side(self) -> Side:
        """Which card it is on, as its player named it: ``mine`` or ``theirs``."""
        return "mine" if self.card == self.role else "theirs"


class OpenBattle:
    """A battle whose cards are face up and which waits for a Fortune or a pass (the
    ``after_reveal`` timing): the two cards, the Fortunes played, who has answered and
    who is asked now."""

    __slots__ = ("answered", "attacker", "defender", "pile", "plays", "target_pile", "to_answer")

    def __init__(
        self,
        attacker: str,
        pile: int,
        defender: str,
        target_pile: int,
        plays: list[Play],
        answered: list[Role],
        to_answer: Role,
    ) -> None:
        self.attacker = attacker
        self.pile = pile
        self.defender = defender
        self.target_pile = target_pile
        self.plays = plays
        self.answered = answered
        self.to_answer = to_answer

    @staticmethod
    def read(battle: StoredBattle) -> OpenBattle:
        return OpenBattle(
            battle["attacker"],
            battle["pile"],
            battle["defender"],
            battle["target_pile"],
            [Play.read(play) for play in battle["plays"]],
            list(battle["answered"]),
            battle["to_answer"],
        )

    def to_json(self) -> StoredBattle:
        return {
            "attacker": self.attacker,
            "pile": self.pile,
            "defender": self.defender,
            "target_pile": self.target_pile,
            "plays": [play.to_json() for play in self.plays],
            "answered": list(self.answered),
            "to_answer": self.to_answer,
        }

    def player(self, role: Role) -> str:
        """The name of the battle's attacker or defender."""
        return self.attacker if role == "attacker" else self.defender
