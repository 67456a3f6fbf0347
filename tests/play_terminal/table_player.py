"""A player at ``gmtool play`` in a pseudo-terminal of 80×24, reading the screen as a person
does (through pyte, ``tests.terminal``) and answering each question as it comes.

The player acts only when the program waits for a key (``Terminal.waiting``: no sleeps, no
guessed times), so every screen it reads is the one a person would read at that question.
At each question it checks that the screen holds no secret of a seat other than the one
the screen was last passed to (the secrets are read from the campaign: what a seat's
``view`` shows that the table's does not), and at each menu that the dashboard's first
line is still on the screen (the dashboard, the last result and the menu fit). It answers
by a game's ``Policy``: the menu entry to play, the entries to pick, what to type; faces
questions are answered in turn with typed faces and with Enter (rolled). The first time
each question of a move is asked it presses Ctrl-C instead, and checks that the loop is
back at its menu with nothing written; the move is then asked again.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from gmtool.engine.game import Game
from tests.terminal import Terminal

MENU_HINT = "(arrows and Enter; Ctrl-C leaves)"
SELECT_HINT = "(arrows and Enter; Esc goes back)"
GATE = "» Pass the screen to "
BACK = "← back"
COLUMNS, ROWS = 80, 24


@dataclass
class Policy:
    """How a game is played: ``top`` matches the dashboard's first line; ``menu`` the
    entries to play, the first one on offer taken (by words it holds; ``rotate``: starting
    from the next one at each menu; none on
    offer: the first entry that is no view of the game); ``picks``
    maps words of a question to the entries to pick there, in turn; ``typed`` maps words
    of a typed question to what is typed; ``holder`` reads a seat from a gate's name."""

    top: str
    menu: list[str]
    picks: dict[str, list[str]] = field(default_factory=dict)
    typed: dict[str, str] = field(default_factory=dict)
    faces: dict[str, Any] = field(default_factory=dict)
    """Faces typed at a faces question holding these words, or a function of the screen
    giving them (else counted from its dice)."""
    holder: Any = None
    rotate: bool = False
    dice_from: int | None = 0
    """After how many moves the game has rolled dice (None: it rolls none in play, as Food
    Fight's cards; FTL's weapons must be powered, aimed and charged first)."""


@dataclass
class Question:
    kind: str  # menu, select, text, gate, pause
    text: str
    entries: list[str]
    pointer: int


def read_question(term: Terminal) -> Question:
    """The question the program waits on, read off the screen."""
    rows = [line.rstrip() for line in term.screen.display]
    for at in reversed(range(len(rows))):  # a question left by Ctrl-C keeps its hint
        row = rows[at]
        joined = row + (rows[at + 1] if at + 1 < len(rows) else "")  # a hint may wrap
        for hint, kind in ((MENU_HINT, "menu"), (SELECT_HINT, "select")):
            if hint[:-3] not in joined or hint[:-3] in rows[at - 1] if at else False:
                continue
            if hint not in joined or "(arrows" not in row:
                continue
            ends = at if hint in row else at + 1
            if any(r.startswith(("? ", "» ")) for r in rows[ends + 1 :]):
                continue  # a question asked before this one
            start = at
            while start > 0 and not rows[start].startswith("? "):
                start -= 1
            text = " ".join(r.strip() for r in rows[start : at + 1])
            text = text.removeprefix("? ").split("(arrows")[0].strip()
            listed = [r for r in rows[ends + 1 :] if r.startswith(("   ", " » "))]
            entries = [r[3:].strip() for r in listed]
            pointers = [i for i, r in enumerate(listed) if r.startswith(" » ")]
            if not pointers:
                raise AssertionError(f"a list with no pointer:\n{term.visible()}")
            return Question(kind, text, entries, pointers[0])
    at = term.screen.cursor.y
    start = at
    while start > 0 and start > at - 3 and not rows[start].startswith(("? ", "» ")):
        start -= 1
    text = " ".join(r.strip() for r in rows[start : at + 1])
    if text.startswith(GATE.strip()):
        return Question("gate", text, [], 0)
    if text.startswith("»"):
        return Question("pause", text, [], 0)
    if text.startswith("?"):
        return Question("text", text.removeprefix("? ").strip(), [], 0)
    raise AssertionError(f"no question on the screen:\n{term.visible()}")


def leaves(document: Any, found: set[str]) -> set[str]:
    if isinstance(document, dict):
        for value in document.values():
            leaves(value, found)
    elif isinstance(document, list | tuple):
        for value in document:
            leaves(value, found)
    elif isinstance(document, str) and len(document) >= 3 and re.search("[A-Za-z]", document):
        found.add(document)
    return found


class TablePlayer:
    def __init__(self, term: Terminal, game: Game, policy: Policy) -> None:
        self.term = term
        self.game = game
        self.policy = policy
        self.holder: str | None = None
        self.in_step = False
        self.interrupted: set[str] = set()
        self.turns: dict[str, int] = {}
        self.faces_asked = 0
        self.typed_faces = 0
        self.rolled_faces = 0
        self.menus = 0
        self.checks = 0
        self.last: tuple[str, int] | None = None
        self.asked: list[str] = []
        self._secrets: tuple[str, dict[str, set[str]]] | None = None

    # -- what the screen may hold --------------------------------------------------------
    def secrets(self) -> dict[str, set[str]]:
        """Each seat's secrets now: what its view shows that the table's does not."""
        head = self.game.look()
        if self._secrets is None or self._secrets[0] != head.version:
            system, content = self.game.system, self.game.content
            public = leaves(system.view(head.state, None, content=content), set())
            seats = system.seats(head.state) if hasattr(system, "seats") else []
            own = {
                seat: leaves(system.view(head.state, seat, content=content), set()) - public
                for seat in seats
            }
            self._secrets = (head.version, own)
        return self._secrets[1]

    def check_screen(self, question: Question) -> None:
        self.checks += 1
        shown = self.term.text()  # the screen and what scrolled off it
        secrets = self.secrets()
        mine = secrets.get(self.holder or "", set())
        for seat, theirs in secrets.items():
            if seat == self.holder:
                continue
            leaked = sorted(s for s in theirs - mine if s in shown)
            assert not leaked, (
                f"{seat}'s secrets {leaked} on the screen of {self.holder or 'the table'} "
                f"at {question.text!r}:\n{self.term.visible()}"
            )
        if question.kind == "menu":
            top = [row for row in self.term.screen.display if re.match(self.policy.top, row)]
            assert top, f"the dashboard's first line is off the screen:\n{self.term.visible()}"

    # -- answering -----------------------------------------------------------------------
    def play(self, moves: int, *, undo_at: int) -> None:
        """Answer questions until ``moves`` entries were written (undo and redo once, at
        ``undo_at``), then quit."""
        start = self.game.store.count_entries()
        undone = False
        self.term.wait_until_waiting()
        for _ in range(moves * 60):
            written = self.game.store.count_entries() - start
            question = read_question(self.term)
            self.asked.append(f"{question.kind}: {question.text}")
            self.check_screen(question)
            if question.kind == "menu":
                self.menus += 1
                self.in_step = False
                if written >= moves:
                    self.term.send_and_wait("q")
                    return
                if not undone and written >= undo_at:
                    undone = True
                    self.undo_and_redo()
                    continue
                self.answer_menu(question)
                continue
            self.answer(question)
        raise AssertionError(f"{moves} moves were never played:\n{self.term.visible()}")

    def undo_and_redo(self) -> None:
        """Undo, then redo, each said ("undone: ..."), the screen passed as it must be."""
        entries = self.game.store.count_entries()
        self.key_at_the_menu("u", b"undone: ")
        assert self.game.store.entries()[-1].voided
        self.key_at_the_menu("r", b"redone: ")
        assert self.game.store.count_entries() == entries
        assert not self.game.store.entries()[-1].voided

    def key_at_the_menu(self, key: str, said: bytes) -> None:
        before = len(self.term.written)
        self.term.send_and_wait(key)
        assert said in self.term.written[before:], self.term.visible()
        question = read_question(self.term)
        while question.kind == "gate":
            self.check_screen(question)
            self.answer(question)
            question = read_question(self.term)

    def answer_menu(self, question: Question) -> None:
        turn = self.menus % len(self.policy.menu) if self.policy.rotate else 0
        for wanted in self.policy.menu[turn:] + self.policy.menu[:turn]:
            found = [entry for entry in question.entries if wanted in entry]
            if found:
                self.in_step = True
                self.pick(question, found[0])
                return
        views = ("odds", "show", "looks at", "distances", "in full", "read the")
        moves = [e for e in question.entries if not any(word in e for word in views)]
        assert moves, f"no move on the menu: {question.entries}"
        self.in_step = True
        self.pick(question, moves[0])

    def pick(self, question: Question, entry: str) -> None:
        moves = question.entries.index(entry) - question.pointer
        self.term.send_and_wait(*(["down"] * moves if moves > 0 else ["up"] * -moves), "enter")

    def answer(self, question: Question) -> None:
        key = re.sub(r"\d+", "#", question.text)
        again = self.last is not None and self.last[0] == key
        self.last = (key, self.last[1] + 1 if again and self.last else 0)
        if self.last[1] >= 3:  # refused over and over: give the move up
            self.interrupt(question)
            return
        if question.kind == "gate":
            name = question.text.removeprefix(GATE).split(" — ")[0]
            self.term.send_and_wait("enter")
            holder = self.policy.holder(name) if self.policy.holder else name
            self.holder = holder
            return
        if question.kind == "pause":
            self.term.send_and_wait("enter")
            return
        if self.in_step and key not in self.interrupted:
            self.interrupted.add(key)
            self.interrupt(question)
            return
        if question.kind == "select":
            self.pick(question, self.choice(question))
            return
        self.term.send_and_wait(*self.typed(question), "enter")

    def interrupt(self, question: Question) -> None:
        """Ctrl-C: back at the menu, nothing written for the unfinished move."""
        entries = self.game.store.count_entries()
        before = len(self.term.written)
        screen = self.term.send_and_wait("ctrl-c")
        said = self.term.written[before:]
        assert b"back at the menu" in said, f"Ctrl-C at {question.text!r}:\n{screen}"
        assert self.game.store.count_entries() == entries
        self.last = None

    def choice(self, question: Question) -> str:
        offered = [entry for entry in question.entries if entry != BACK]
        for words, picks in self.policy.picks.items():
            if words in question.text:
                turn = self.turns.get(words, 0)
                self.turns[words] = turn + 1
                wanted = [p for p in picks[turn % len(picks) :] + picks if p]
                for pick in wanted:
                    found = [entry for entry in offered if entry.startswith(pick)]
                    if found:
                        return found[0]
        again = self.last[1] if self.last else 0
        return offered[min(again, len(offered) - 1)]

    def typed(self, question: Question) -> list[str]:
        if question.text.startswith("Faces for"):
            self.faces_asked += 1
            again = self.last is not None and self.last[1] > 0
            if self.faces_asked % 2 or again:
                self.rolled_faces += 1
                return []
            self.typed_faces += 1
            return [self.faces(question.text)]
        for words, text in self.policy.typed.items():
            if words in question.text:
                return [text]
        return []

    def faces(self, text: str) -> str:
        for words, faces in self.policy.faces.items():
            if words in text:
                return str(faces(self.term.visible()) if callable(faces) else faces)
        counted = []
        for words, count, sides in re.findall(
            r"(two \w* ?)?(\d*)d(\d+)", text.split(", in order")[0]
        ):
            counted += [str(min(int(sides), 3))] * (2 if words else int(count or 1))
        return " ".join(counted)
