"""A session's recap: the story of what the table played, told from the log.

Each game tells its own entries (its ``recap`` part: ``story(entries, *, public)`` gives
``Chapter``s); this module adds what every game's recap has: the session's dates and counts,
the GM's notes, the notable rolls (highest, lowest, natural 1s and 20s). Undone entries and
session marks are left out. Every line names the entry it tells (``seq``), so a recap can be
held against the log entry by entry.

``public``: the recap a table screen may show, without any seat's private choice.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from gmtool.engine.sessions import NOTE, ROLLS, Session, log_settings
from gmtool.store.records import REVEAL, SECRET

if TYPE_CHECKING:
    from gmtool.engine.game import Game
    from gmtool.store.records import Entry


@dataclass
class Line:
    """One sentence of the story, told of entry ``seq``; ``turning``: a turning point."""

    seq: int
    text: str
    turning: bool = False

    def to_json(self) -> dict[str, Any]:
        return {"seq": self.seq, "text": self.text, "turning": self.turning}


@dataclass
class Chapter:
    heading: str
    lines: list[Line] = field(default_factory=list)
    summary: list[str] = field(default_factory=list)
    """Sentences about the chapter as a whole (NOVA left, who won), told of no one entry."""

    def to_json(self) -> dict[str, Any]:
        return {
            "heading": self.heading,
            "lines": [line.to_json() for line in self.lines],
            "summary": self.summary,
        }


@dataclass(frozen=True)
class Told:
    """What a game's ``recap.story`` is given: the live entries of the span it tells (notes
    left out), whether the table reads it (``public``), and the game's status as the span
    began and as it ended (``System.status``; None for a span before any entry)."""

    entries: list[Entry]
    public: bool = False
    before: dict[str, Any] | None = None
    after: dict[str, Any] | None = None


class Story:
    """The chapters a game's ``story`` writes, in order: ``chapter(heading)`` opens one (or
    goes on with the open one of the same heading), ``tell`` adds a line to it."""

    def __init__(self) -> None:
        self.chapters: list[Chapter] = []

    def chapter(self, heading: str) -> Chapter:
        if not self.chapters or self.chapters[-1].heading != heading:
            self.chapters.append(Chapter(heading))
        return self.chapters[-1]

    def tell(self, entry: Entry, text: str, *, turning: bool = False) -> None:
        if not self.chapters:
            self.chapter("The session")
        self.chapters[-1].lines.append(Line(entry.seq, sentence(text), turning))

    def sum_up(self, text: str) -> None:
        if not self.chapters:
            self.chapter("The session")
        self.chapters[-1].summary.append(text)


def sentence(text: str) -> str:
    """``text`` begun with a capital and ended with a full stop (unless it ends already)."""
    text = text.strip()
    if not text:
        return text
    text = text[:1].upper() + text[1:]
    return text if text[-1] in ".!?" else text + "."


def action_type(entry: Entry) -> str:
    return str((entry.action or {}).get("type", ""))


Teller = Callable[[Story, "Entry"], None]


def tell_by_type(
    entries: Iterable[Entry], tellers: Mapping[str, Teller], *, story: Story | None = None
) -> Story:
    """Each move told by the teller of its action type (left out when it has none: the
    moves a story need not tell, such as ending a turn), every free roll as the log says it."""
    story = story or Story()
    for entry in entries:
        if entry.kind == "action":
            teller = tellers.get(action_type(entry))
            if teller is not None:
                teller(story, entry)
        else:
            tell_roll(story, entry)
    return story


def tell_standing(story: Story, entry: Entry, *, match: str) -> None:
    """Who is out and who wins the ``match``, as a competitive game's result says them
    (``eliminated``, ``game_winner``): its turning points."""
    for out in entry.result.get("eliminated") or []:
        story.tell(entry, f"{out} is out of the game.", turning=True)
    if entry.result.get("game_winner"):
        story.tell(entry, f"{entry.result['game_winner']} wins the {match}.", turning=True)


def tell_roll(story: Story, entry: Entry) -> None:
    """A free roll, a secret roll (as the GM sees it; the table's recap has only "the GM
    rolled") and the reveal of one."""
    who = entry.who or "The GM"
    if entry.kind == SECRET and not entry.dice:
        story.tell(entry, "The GM rolled in secret.")
    elif entry.kind == SECRET:
        story.tell(entry, f"{who} rolls {entry.what}: {entry.outcome}")
    elif entry.kind == REVEAL:
        story.tell(
            entry,
            f"{who} shows the table secret roll #{entry.result.get('reveals')}: {entry.outcome}",
        )
    else:
        story.tell(entry, f"{who} rolls {entry.what}: {entry.outcome}")


# -- the recap ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Notable:
    """One roll worth naming: its entry, who rolled, the expression and faces, why."""

    seq: int
    who: str
    expression: str
    total: Any
    faces: tuple[int, ...]
    why: str

    def text(self) -> str:
        faces = ",".join(str(face) for face in self.faces)
        who = f"{self.who} " if self.who else ""
        return f"{who}{self.expression} = {self.total} [{faces}] ({self.why})"

    def to_json(self) -> dict[str, Any]:
        return {
            "seq": self.seq,
            "who": self.who,
            "expression": self.expression,
            "total": self.total,
            "faces": list(self.faces),
            "why": self.why,
        }


@dataclass
class Recap:
    campaign: str
    game: str
    title: str
    sessions: list[Session]
    chapters: list[Chapter]
    notes: list[Line]
    highest: list[Notable]
    lowest: list[Notable]
    criticals: list[Notable]
    counts: dict[str, int]

    def to_json(self) -> dict[str, Any]:
        return {
            "campaign": self.campaign,
            "system": self.game,
            "title": self.title,
            "sessions": [s.to_json() for s in self.sessions],
            "counts": self.counts,
            "chapters": [c.to_json() for c in self.chapters],
            "notes": [n.to_json() for n in self.notes],
            "notable_rolls": {
                "highest": [n.to_json() for n in self.highest],
                "lowest": [n.to_json() for n in self.lowest],
                "criticals": [n.to_json() for n in self.criticals],
            },
        }

    def told_seqs(self) -> list[int]:
        """Every entry a line of the recap tells, in log order."""
        seqs = {line.seq for c in self.chapters for line in c.lines}
        seqs |= {n.seq for n in self.notes}
        return sorted(seqs)


def for_game(
    game: Game,
    *,
    session: int | None = None,
    every: bool = False,
    gap: float | None = None,
    public: bool = False,
) -> Recap:
    """The recap of session ``session`` of ``game`` (None: the latest), or of ``every``
    session, told by the game's own ``recap`` part."""
    from gmtool.engine.sessions import of_game, pick
    from gmtool.games import part

    found = of_game(game, gap_hours=gap)
    chosen = found if every and found else [pick(found, session)]
    story = part(game.system_name, "recap").story
    ends = _statuses(game, chosen[0].entries, chosen[-1].entries)
    return recap(
        game.name,
        game.system_name,
        game.system.title,
        chosen,
        story,
        public=public,
        ends=ends,
        system=game.system,
    )


def public_forms(system: Any, entries: list[Entry]) -> list[Entry]:
    """``entries`` as the whole table may read them (``engine.public_log``): a seat's
    private choice in its game's public words, a secret roll without its dice."""
    from gmtool.engine.public_log import public_entries

    shown = public_entries(system, [entry.to_json() for entry in entries])
    return [
        replace(entry, who=doc["who"], what=doc["what"], outcome=doc["outcome"], dice=doc["dice"])
        for entry, doc in zip(entries, shown, strict=True)
    ]


def _statuses(game: Game, first: list[Entry], last: list[Entry]) -> tuple[Any, Any]:
    """The game's status (``System.status``) as the span began and as it ended, each at the
    time of its entry: what a story sums up (NOVA left, HP, the winner)."""
    if not first or not last:
        return None, None
    begin, end = first[0], last[-1]
    before = game.system.status(game.state_after(begin.seq - 1), now=_epoch(begin.time))
    after = game.system.status(game.state_after(end.seq), now=_epoch(end.time))
    return before, after


def _epoch(text: str) -> float:
    """An entry's time as seconds since the epoch (the time now when it cannot be read)."""
    from datetime import datetime

    try:
        return datetime.fromisoformat(text).timestamp()
    except ValueError:
        import time

        return time.time()


def recap(
    campaign: str,
    game: str,
    title: str,
    sessions: list[Session],
    story: Callable[[Told], list[Chapter]],
    *,
    public: bool = False,
    ends: tuple[Any, Any] = (None, None),
    system: Any = None,
) -> Recap:
    """The recap of ``sessions`` (one, or several in a row), its chapters told by ``story``
    (the game's ``recap.story``), which sums up from ``ends``: the game's status as the
    span began and as it ended."""
    entries = [entry for session in sessions for entry in session.live()]
    if public and system is not None:
        entries = public_forms(system, entries)
    notes = [Line(entry.seq, _note_text(entry)) for entry in entries if entry.kind == NOTE]
    told = Told([e for e in entries if e.kind != NOTE], public, ends[0], ends[1])
    chapters = story(told)
    highest, lowest = notable_rolls(list(_scored_rolls(entries)))
    every = [entry for session in sessions for entry in session.entries]
    counts = {
        "entries": len(entries),
        "moves": sum(1 for e in entries if e.kind == "action"),
        "rolls": sum(1 for e in entries if e.kind in ROLLS),
        "notes": len(notes),
        "undone": sum(1 for e in every if e.voided),
    }
    return Recap(
        campaign,
        game,
        title,
        sessions,
        chapters,
        notes,
        highest,
        lowest,
        list(_criticals(entries)),
        counts,
    )


def notable_rolls(scored: list[tuple[Fraction, Notable]]) -> tuple[list[Notable], list[Notable]]:
    """The highest and the lowest rolls (``notable_rolls`` of each), among those in the top
    or bottom ``notable_beyond`` of what their dice could make (tables/log.yaml)."""
    settings = log_settings()
    count, beyond = settings["notable_rolls"], Fraction(str(settings["notable_beyond"]))
    top = [pair for pair in scored if pair[0] >= 1 - beyond]
    top.sort(key=lambda pair: (-pair[0], pair[1].seq))
    bottom = [pair for pair in scored if pair[0] <= beyond]
    bottom.sort(key=lambda pair: (pair[0], pair[1].seq))
    highest = [replace(n, why=f"higher than {float(s):.0%} of throws") for s, n in top[:count]]
    lowest = [replace(n, why=f"lower than {float(1 - s):.0%} of throws") for s, n in bottom[:count]]
    return highest, lowest


def _note_text(entry: Entry) -> str:
    where = " · ".join(part for part in (entry.mission, entry.scene) if part)
    by = f" — {entry.who}" if entry.who and entry.who != "GM" else ""
    return f"{entry.what}{by}" + (f" ({where})" if where else "")


def _rolls(entries: Iterable[Entry]) -> Iterator[tuple[Entry, dict[str, Any]]]:
    for entry in entries:
        for roll in entry.dice:
            if isinstance(roll, dict) and roll.get("dice"):
                yield entry, roll


def _kept_faces(roll: dict[str, Any]) -> list[tuple[int, int]]:
    """(face, sides) of the dice a roll counted."""
    return [
        (int(die["face"]), int(die["sides"]))
        for die in roll["dice"]
        if die.get("kept", True) and isinstance(die.get("sides"), int) and die["sides"] > 1
    ]


def _notable(entry: Entry, roll: dict[str, Any], why: str) -> Notable:
    faces = tuple(int(die["face"]) for die in roll["dice"])
    who = str(roll.get("who") or entry.who or "")
    return Notable(entry.seq, who, str(roll.get("expression", "")), roll.get("total"), faces, why)


def _scored_rolls(entries: Iterable[Entry]) -> Iterator[tuple[Fraction, Notable]]:
    """Each roll of dice of one size with its luck (``dice.fairness.luck``): how high its
    faces fell among all the ways they could have."""
    from gmtool.dice.fairness import luck

    for entry, roll in _rolls(entries):
        kept = _kept_faces(roll)
        sizes = {sides for _, sides in kept}
        if len(sizes) != 1 or len(kept) > 200:
            continue
        sides = sizes.pop()
        score = luck(sum(face for face, _ in kept), len(kept), sides)
        yield score, _notable(entry, roll, "")


def _criticals(entries: Iterable[Entry]) -> Iterator[Notable]:
    """Every d20 that showed a natural 20 or a natural 1 and counted."""
    for entry, roll in _rolls(entries):
        kept = _kept_faces(roll)
        naturals = [face for face, sides in kept if sides == 20 and face in (1, 20)]
        for face in naturals:
            yield _notable(entry, roll, f"natural {face}")
