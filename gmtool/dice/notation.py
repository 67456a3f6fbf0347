"""Dice notation: text -> parse tree, and back (``str(parse(t))`` is canonical text).

Grammar (whitespace ignored, case-insensitive)::

    expression := ['+'|'-'] term (('+'|'-') term)*
    term       := NUMBER | dice | 'adv' | 'dis'
    dice       := [NUMBER] 'd' (NUMBER | '%') modifier*
    modifier   := ('kh'|'kl'|'dh'|'dl'|'k') [NUMBER] | '!' | 'r<' NUMBER

``adv``/``dis`` are 2d20 keeping the highest/lowest. No ``eval``: a hand-written parser.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property, lru_cache

from gmtool.errors import DiceError

MAX_DICE = 1000
"""The most dice one expression may roll, explosions and rerolls included."""
MAX_SIDES = 10_000
MAX_CONSTANT = 1_000_000
"""These limits hold wherever dice come from: a command line, a scene table, a campaign
file's content (content validation calls ``dice_text`` below), odds and rolls alike."""


@dataclass(frozen=True)
class Keep:
    """Which dice of a group count: ``kh3`` keeps the 3 highest, ``dl1`` drops the lowest."""

    mode: str  # "kh", "kl", "dh" or "dl"
    count: int

    def __str__(self) -> str:
        return f"{self.mode}{self.count}"


@dataclass(frozen=True)
class DiceTerm:
    count: int
    sides: int
    keep: Keep | None = None
    explode: bool = False
    reroll_below: int | None = None

    def __str__(self) -> str:
        text = f"{self.count}d{self.sides}"
        if self.reroll_below is not None:
            text += f"r<{self.reroll_below}"
        if self.explode:
            text += "!"
        if self.keep is not None:
            text += str(self.keep)
        return text

    @property
    def kept_count(self) -> int:
        if self.keep is None:
            return self.count
        if self.keep.mode in ("kh", "kl"):
            return min(self.keep.count, self.count)
        return max(self.count - self.keep.count, 0)


@dataclass(frozen=True)
class Constant:
    value: int

    def __str__(self) -> str:
        return str(self.value)


Term = DiceTerm | Constant


@dataclass(frozen=True)
class Expression:
    """A signed sum of terms; ``signs[i]`` is +1 or -1 for ``terms[i]``."""

    terms: tuple[Term, ...]
    signs: tuple[int, ...]

    def __str__(self) -> str:
        return self.text

    @cached_property
    def text(self) -> str:
        """The expression as written back (``1d20 + 5``), worked out once: a parsed
        expression is shared (``parse`` keeps them) and named with every roll."""
        parts: list[str] = []
        for index, (sign, term) in enumerate(zip(self.signs, self.terms, strict=True)):
            if index == 0:
                parts.append(("-" if sign < 0 else "") + str(term))
            else:
                parts.append(("- " if sign < 0 else "+ ") + str(term))
        return " ".join(parts)

    @property
    def dice_terms(self) -> tuple[DiceTerm, ...]:
        return tuple(t for t in self.terms if isinstance(t, DiceTerm))

    @property
    def dice_count(self) -> int:
        """How many dice the expression rolls before explosions and rerolls."""
        return sum(t.count for t in self.dice_terms)


_TOKEN = re.compile(
    r"\s*(?:(?P<num>\d+)|(?P<word>adv|dis)|(?P<kd>kh|kl|dh|dl|k)|(?P<r>r<)|(?P<op>[-+!%d]))",
    re.IGNORECASE,
)


class _Parser:
    def __init__(self, text: str) -> None:
        self.text = text
        self.pos = 0

    def error(self, message: str, pos: int | None = None) -> DiceError:
        column = (self.pos if pos is None else pos) + 1
        return DiceError(
            f"{message} at column {column} of '{self.text}'",
            hint="e.g. 2d6+3, 4d6kh3, d20, d%, adv, d6!, d6r<2",
        )

    def peek(self) -> tuple[str, str, int] | None:
        match = _TOKEN.match(self.text, self.pos)
        if not match or match.end() == self.pos:
            rest = self.text[self.pos :]
            if rest.strip():
                raise self.error(
                    f"unexpected '{rest.strip()[0]}'", self.pos + len(rest) - len(rest.lstrip())
                )
            return None
        kind = match.lastgroup or ""
        start = match.start(kind)
        return kind, match.group(kind).lower(), start

    def take(self) -> tuple[str, str, int]:
        token = self.peek()
        if token is None:
            raise self.error("unexpected end")
        match = _TOKEN.match(self.text, self.pos)
        assert match is not None
        self.pos = match.end()
        return token

    def number(self, what: str, limit: int) -> int:
        token = self.peek()
        if token is None or token[0] != "num":
            raise self.error(f"expected {what}", token[2] if token else len(self.text))
        self.take()
        value = int(token[1])
        if value > limit:
            raise self.error(f"{what} {value} is over the limit of {limit}", token[2])
        return value

    def expression(self) -> Expression:
        terms: list[Term] = []
        signs: list[int] = []
        sign = 1
        token = self.peek()
        if token is None:
            raise self.error("empty dice expression", 0)
        if token[0] == "op" and token[1] in "+-":
            self.take()
            sign = -1 if token[1] == "-" else 1
        while True:
            terms.append(self.term())
            signs.append(sign)
            token = self.peek()
            if token is None:
                break
            if token[0] != "op" or token[1] not in "+-":
                raise self.error(f"expected + or - but found '{token[1]}'", token[2])
            self.take()
            sign = -1 if token[1] == "-" else 1
        expression = Expression(tuple(terms), tuple(signs))
        if expression.dice_count > MAX_DICE:
            raise DiceError(
                f"'{self.text}' rolls {expression.dice_count} dice; the limit is {MAX_DICE}",
                hint="roll fewer dice",
            )
        return expression

    def term(self) -> Term:
        token = self.peek()
        if token is None:
            raise self.error("expected a number or dice")
        kind, value, start = token
        if kind == "word":
            self.take()
            return DiceTerm(2, 20, Keep("kh" if value == "adv" else "kl", 1))
        count = 1
        if kind == "num":
            count = self.number("number", MAX_CONSTANT)
            nxt = self.peek()
            if nxt is None or nxt[:2] != ("op", "d"):
                return Constant(count)
            if count > MAX_DICE:
                raise DiceError(
                    f"'{self.text}' rolls {count} dice; the limit is {MAX_DICE}",
                    hint="roll fewer dice",
                )
        elif (kind, value) != ("op", "d"):
            raise self.error(f"expected a number or dice but found '{value}'", start)
        if count == 0:
            raise self.error("a dice term needs at least one die", start)
        self.take()  # the 'd'
        return self.dice_modifiers(count)

    def dice_modifiers(self, count: int) -> DiceTerm:
        token = self.peek()
        if token is not None and token[:2] == ("op", "%"):
            self.take()
            sides = 100
        else:
            sides = self.number("number of sides", MAX_SIDES)
            if sides < 1:
                raise self.error("a die needs at least one side")
        keep: Keep | None = None
        explode = False
        reroll: int | None = None
        while (token := self.peek()) is not None:
            kind, value, start = token
            if kind == "kd" and keep is None:
                self.take()
                nxt = self.peek()
                amount = self.number("count", MAX_DICE) if nxt and nxt[0] == "num" else 1
                keep = Keep("kh" if value == "k" else value, amount)
            elif (kind, value) == ("op", "!") and not explode:
                if sides == 1:
                    raise self.error("a d1 cannot explode", start)
                self.take()
                explode = True
            elif kind == "r" and reroll is None:
                self.take()
                reroll = self.number("reroll threshold", MAX_SIDES)
                if reroll > sides:
                    raise self.error(f"every face of a d{sides} is below {reroll}", start)
            else:
                break
        return DiceTerm(count, sides, keep, explode, reroll)


@lru_cache(maxsize=256)
def parse(text: str) -> Expression:
    """Parse dice notation; raises DiceError pointing at the column of the problem."""
    return _Parser(text).expression()


def dice_text(text: str) -> str:
    """``text`` when it is dice notation within the limits above; else ValueError with the
    reason (for content models, which report it as ``file:line: field: reason``)."""
    try:
        parse(text)
    except DiceError as error:
        raise ValueError(error.message) from None
    return text
