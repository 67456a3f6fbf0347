"""What happened when dice were rolled: every die with its face, kept or not.

``Die`` and ``Roll`` are named tuples, not frozen dataclasses: as immutable, and made about
three times as fast (a simulator makes several a move).
"""

from __future__ import annotations

from typing import Any, Literal, NamedTuple

Source = Literal["rolled", "entered", "seeded"]
"""Where the faces came from: the campaign's (or a fresh) generator, physical dice typed
in, or a generator seeded by the command (``roll --seed``; the seed is kept)."""


class Die(NamedTuple):
    """One physical die: ``exploded`` means it rolled its maximum and added a die;
    ``rerolled`` means its face was replaced by the next die (so it is not kept)."""

    sides: int
    face: int
    kept: bool = True
    exploded: bool = False
    rerolled: bool = False

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {"sides": self.sides, "face": self.face, "kept": self.kept}
        if self.exploded:
            doc["exploded"] = True
        if self.rerolled:
            doc["rerolled"] = True
        return doc


class Roll(NamedTuple):
    """One rolled expression: its total, every die in the order drawn, and who rolled."""

    expression: str
    total: int
    dice: tuple[Die, ...]
    source: Source
    who: str = ""
    label: str = ""
    not_counted: str = ""
    """Why a roll made at the table does not count (empty when it counts): a rule made the
    dice irrelevant after they were rolled, e.g. damage against a target whose affinity
    fixes the amount."""
    seed: int | None = None
    """The seed a ``seeded`` roll was made with."""

    @property
    def faces(self) -> list[int]:
        """Every face drawn, in order (what you would enter to reproduce the roll)."""
        return [die.face for die in self.dice]

    def to_json(self) -> dict[str, Any]:
        doc: dict[str, Any] = {
            "expression": self.expression,
            "total": self.total,
            "dice": [die.to_json() for die in self.dice],
            "source": self.source,
        }
        if self.who:
            doc["who"] = self.who
        if self.label:
            doc["label"] = self.label
        if self.not_counted:
            doc["not_counted"] = self.not_counted
        if self.seed is not None:
            doc["seed"] = self.seed
        return doc

    def seeded(self, seed: int) -> Roll:
        """This roll as one made from a generator seeded with ``seed`` (not the campaign's)."""
        return self._replace(source="seeded", seed=seed)

    def describe(self) -> str:
        """``2d6+1 = 9  [5, 3]`` with dropped dice struck as ``~2~``, explosions marked ``!``."""
        marks = []
        for die in self.dice:
            text = f"{die.face}{'!' if die.exploded else ''}"
            marks.append(text if die.kept else f"~{text}~")
        entered = " (entered)" if self.source == "entered" else ""
        if self.source == "seeded":
            entered = f" (seeded {self.seed})"
        unused = f" not counted: {self.not_counted}" if self.not_counted else ""
        return f"{self.expression} = {self.total}  [{', '.join(marks)}]{entered}{unused}"
