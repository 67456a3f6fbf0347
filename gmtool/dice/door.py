"""The one door every roll comes through: virtual (seeded) or entered from physical dice.

A command builds one ``DiceDoor`` and hands it to the rules. The rules ask it to roll
(``door.roll("2d6", who="Ana")``); the door takes the faces from the entered list when
there is one, or from the generator, and keeps every ``Roll`` for the log.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from functools import lru_cache

from gmtool.dice.notation import DiceTerm, Expression, parse
from gmtool.dice.rng import Rng
from gmtool.dice.rolled import Roll, Source
from gmtool.dice.roller import plain_dice, plain_roll, roll_expression
from gmtool.errors import DiceError


class _EnteredFaces:
    """Faces typed in from physical dice, handed out in order and checked against each die."""

    __slots__ = ("faces", "owner", "used")

    def __init__(self, faces: Iterable[int], owner: str = "") -> None:
        self.faces = list(faces)
        self.used = 0
        self.owner = owner

    def draw(self, sides: int, expression: str) -> int:
        if self.used >= len(self.faces):
            raise DiceError(
                f"not enough faces entered{self._whose()}: {expression} needs another "
                f"d{sides} after the {len(self.faces)} given",
                hint="enter one face per die, in order, including exploded and rerolled dice",
            )
        face = self.faces[self.used]
        self.used += 1
        if not 1 <= face <= sides:
            raise DiceError(
                f"the {ordinal(self.used)} face{self._whose()}, {face}, is not on a "
                f"d{sides} (rolling {expression})",
                hint=f"a d{sides} shows 1 to {sides}",
            )
        return face

    def take(self, sides: int, count: int, expression: str) -> list[int]:
        """The next ``count`` (one or more) faces for as many d``sides`` at once (plain
        dice); when they are too few or one is off the die, ``draw`` one by one finds the
        face to blame."""
        start = self.used
        faces = self.faces[start : start + count]
        if len(faces) == count and min(faces) >= 1 and max(faces) <= sides:
            self.used = start + count
            return faces
        return [self.draw(sides, expression) for _ in range(count)]

    def _whose(self) -> str:
        return f" for {self.owner}" if self.owner else ""

    def drawer(self, expression: str) -> Callable[[int], int]:
        """``draw`` for the dice of one expression, as the roller asks for faces."""
        return lambda sides: self.draw(sides, expression)

    @property
    def left(self) -> int:
        return len(self.faces) - self.used


class DiceDoor:
    """Rolls dice for one command and remembers them.

    ``entered`` is a flat list of faces for all the command's dice, in order.
    ``entered_by`` gives faces per roller (``who``, whatever its case); rolls by anyone else
    use the generator.
    """

    __slots__ = ("_by_name", "_offered", "entered", "entered_by", "rng", "rolls")

    def __init__(
        self,
        rng: Rng | None = None,
        *,
        entered: Iterable[int] | None = None,
        entered_by: Mapping[str, Iterable[int]] | None = None,
    ) -> None:
        self.rng = rng
        self.entered = _EnteredFaces(entered) if entered is not None else None
        self.entered_by = {
            who: _EnteredFaces(faces, who) for who, faces in (entered_by or {}).items()
        }
        self._by_name = {who.casefold(): faces for who, faces in self.entered_by.items()}
        self.rolls: list[Roll] = []
        self._offered: list[tuple[str, str, str, str]] = []

    @classmethod
    def entered_faces(cls, *faces: int) -> DiceDoor:
        """A door that only takes the given faces (handy in tests and replays)."""
        return cls(entered=faces)

    def roll(self, expression: str, *, who: str = "", label: str = "") -> Roll:
        """Roll ``expression`` for ``who``; raises DiceError for bad notation or faces."""
        faces = self._faces_for(who) if self._by_name else self.entered
        roll = self._roll(expression, faces, who=who, label=label)
        self.rolls.append(roll)
        return roll

    def _roll(
        self, expression: str, faces: _EnteredFaces | None, *, who: str, label: str, why: str = ""
    ) -> Roll:
        """``expression`` rolled from ``faces``, or from the generator when there are none."""
        tree, plain = _read(expression)
        text = tree.text
        source: Source = "rolled" if faces is None else "entered"
        if plain is not None:  # most rolls of the rules (2d6, 1d6): their faces are the roll
            sides = plain.sides
            if faces is None:
                face = (self.rng or self._rng()).face
                drawn = (
                    [face(sides)] if plain.count == 1 else [face(sides) for _ in range(plain.count)]
                )
            else:
                drawn = faces.take(sides, plain.count, text)
            total, dice = plain_roll(sides, drawn)
        else:
            draw = self._rng().face if faces is None else faces.drawer(text)
            total, dice = roll_expression(tree, draw)
        return Roll(text, total, dice, source, who, label, why)

    def offer_unused(self, expression: str, *, who: str = "", label: str = "", why: str) -> None:
        """Dice a rule no longer needs, though the table may have rolled them anyway (damage
        against a target whose affinity fixes it, a task whose worker was knocked out).

        Nothing is rolled now; ``take_unused`` later takes such dice from faces still entered
        for ``who`` and logs them as not counted, ``why`` being the reason.
        """
        self._offered.append((expression, who, label, why))

    def take_unused(self) -> list[Roll]:
        """Roll the offered dice from entered faces left over (never from the generator).

        Called once the command's counted dice are all rolled, so the offered dice always
        come last and a replay of the recorded faces takes them in the same place.
        """
        if not self._offered:  # nearly always: nothing to take
            return []
        taken: list[Roll] = []
        for expression, who, label, why in self._offered:
            faces = self._faces_for(who)
            if faces is None or not faces.left:
                continue
            taken.append(self._roll(expression, faces, who=who, label=label, why=why))
        self._offered.clear()
        self.rolls.extend(taken)
        return taken

    def _faces_for(self, who: str) -> _EnteredFaces | None:
        """The faces entered for ``who`` (any case), else the flat list, else None: roll."""
        if not (who and self._by_name):
            return self.entered
        return self._by_name.get(who.casefold()) or self.entered

    def faces_left(self) -> int | None:
        """How many entered faces (the flat list) are still unused; None when none were entered."""
        return self.entered.left if self.entered is not None else None

    def finish(self) -> None:
        """Check every entered face was used; call once the command's rules have run."""
        if self.entered is not None and self.entered.left:
            used, left = self.entered.used, self.entered.left
            raise DiceError(
                f"too many faces entered: the dice took {used} and {left} were left over",
                hint=f"enter exactly {_faces(used)}",
            )
        for who, faces in self.entered_by.items():
            if faces.used == 0:
                raise DiceError(
                    f"faces were entered for {who}, who rolls nothing here",
                    hint="enter faces only for those who roll",
                )
            if faces.left:
                raise DiceError(
                    f"too many faces entered for {who}: the dice took {faces.used} "
                    f"and {faces.left} were left over",
                    hint=f"enter exactly {_faces(faces.used)} for {who}",
                )

    def _rng(self) -> Rng:
        if self.rng is None:
            self.rng = Rng.from_seed(None)
        return self.rng


@lru_cache(maxsize=256)
def _read(expression: str) -> tuple[Expression, DiceTerm | None]:
    """The parse tree of ``expression``, and its one term when it is plain dice, read once
    for every roll of the same text (the rules roll a few texts over and over)."""
    tree = parse(expression)
    return tree, plain_dice(tree)


def _faces(count: int) -> str:
    return "1 face" if count == 1 else f"{count} faces"


_FACE = re.compile(r"-?[0-9]+")
"""One entered face: ASCII digits only."""

_SEPARATOR = re.compile(r"\s*,\s*|\s+")
"""Faces are separated by a comma, spaces, or both ("3,2,2", "3 2 2", "3, 2, 2")."""

FACES_HINT = "one whole number per die, in order, like 4,6,1 or 4 6 1"


def parse_faces(text: str) -> list[int]:
    """``"4,6,1"``, ``"4 6 1"`` or ``"4, 6, 1"`` -> ``[4, 6, 1]``; raises DiceError
    naming the bad item by its place."""
    if not text.strip():
        raise DiceError("no faces were entered", hint=FACES_HINT)
    faces: list[int] = []
    for index, item in enumerate(_SEPARATOR.split(text.strip()), start=1):
        if not _FACE.fullmatch(item):
            shown = f"'{item}'" if item else "empty"
            raise DiceError(
                f"the {ordinal(index)} face of '{text}' is {shown}, not a whole number",
                hint=FACES_HINT,
            )
        faces.append(int(item))
    return faces


def ordinal(number: int) -> str:
    """1 -> "1st", 2 -> "2nd", 11 -> "11th", 23 -> "23rd"."""
    if 10 <= number % 100 <= 20:
        return f"{number}th"
    return f"{number}{ {1: 'st', 2: 'nd', 3: 'rd'}.get(number % 10, 'th') }"


def parse_faces_by(items: Iterable[str]) -> dict[str, list[int]]:
    """``["Ana=3,4", "Bo=6,6"]`` -> ``{"Ana": [3, 4], "Bo": [6, 6]}``."""
    result: dict[str, list[int]] = {}
    for item in items:
        who, sep, faces = item.partition("=")
        if not sep or not who.strip():
            raise DiceError(
                f"'{item}' does not name who rolled", hint="enter faces like --dice Ana=3,4"
            )
        name = who.strip()
        if name.casefold() in (known.casefold() for known in result):
            raise DiceError(
                f"faces for {name} are entered twice", hint=f"give one --dice {name}=F,F,..."
            )
        result[name] = parse_faces(faces)
    return result
