"""The questions a play loop asks, and how an answer can be taken back.

``Prompts`` is the one way a ``play`` loop asks anything. The terminal version
(``terminal.TerminalPrompts``) asks through questionary; tests use
``scripted.ScriptedPrompts``. Both share what is written here: every answer of the step
under way is remembered, so going back one step (Esc, or the back entry of a list) is done
by running the step again with all but the last answer given for the person, who is then
asked that question again with the earlier answer offered first.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from gmtool.errors import GmtoolError, UsageError

BACK = "← back"
"""The last entry of every list asked inside a step: the same as pressing Esc."""


class Back(Exception):  # noqa: N818 - a signal, not an error
    """Raised when the person asks to go back one step (Esc, or the back entry)."""


class BackToMenu(Back):
    """Raised when going back must end the step rather than ask its previous question."""


class AskAgain(Exception):  # noqa: N818 - a signal, not an error
    """Raised by a step to show ``error`` and ask again from answer number ``keep`` on
    (the answers before it are kept)."""

    def __init__(self, error: GmtoolError, keep: int) -> None:
        super().__init__(error.line())
        self.error = error
        self.keep = keep


Check = Callable[[str], object]
"""Checks a typed answer; raises ``GmtoolError`` with the reason to have it typed again."""


class Prompts:
    """Asks the person at the keyboard. Subclasses supply the four primitives below."""

    def __init__(self) -> None:
        self.given: list[str] = []
        self._replay: list[str] = []
        self._offer: str | None = None

    # -- the primitives a subclass supplies -------------------------------------------
    def _choose(
        self, message: str, choices: list[str], default: str | None, live: Callable[[], str] | None
    ) -> str:
        raise NotImplementedError

    def _type(self, message: str, default: str, check: Check | None) -> str:
        raise NotImplementedError

    def _wait(self, message: str) -> None:
        raise NotImplementedError

    def clear_screen(self) -> None:
        """Wipe the screen and what scrolled off it, so no earlier secret can be read."""
        raise NotImplementedError

    def watch(self, look: Callable[[], str | None], every: float) -> bool:
        """Wait while ``look`` gives a line (shown, and shown again whenever it changes),
        looking every ``every`` seconds, until it gives None: True. False when the person
        calls the wait off (Esc); Ctrl-C raises ``KeyboardInterrupt`` as anywhere."""
        raise NotImplementedError

    def rows(self) -> int | None:
        """The terminal's rows, which a screen and its menu must fit; None: no limit."""
        return None

    def menu_rows(
        self, message: str, choices: Sequence[str], live: Callable[[], str] | None
    ) -> int:
        """The rows ``menu`` takes to ask ``message`` with ``choices``."""
        return 1 + len(choices) + (live is not None)

    # -- what a play loop asks ----------------------------------------------------------
    def menu(
        self, message: str, choices: Sequence[str], live: Callable[[], str] | None = None
    ) -> str:
        """The loop's own menu: no back entry; ``live`` gives a line redrawn every second."""
        if not choices:
            raise UsageError(f"nothing to choose from for: {message}")
        return self._choose(message, list(choices), None, live)

    def select(self, message: str, choices: Sequence[str], *, default: str | None = None) -> str:
        """One of ``choices`` (with a back entry last)."""
        if not choices:
            raise UsageError(f"nothing to choose from for: {message}")
        offered = list(choices)

        def live_answer(earlier: str | None) -> str:
            first = earlier if earlier in offered else default
            answer = self._choose(message, [*offered, BACK], first, None)
            if answer == BACK:
                raise Back
            return answer

        return self._answer(live_answer, lambda answer: answer in offered)

    def text(
        self, message: str, *, default: str = "", check: Check | None = None, refill: bool = True
    ) -> str:
        """Typed text; with ``check``, an answer it refuses is asked for again with the reason.
        Asked again (after Esc or a refusal), the earlier answer is typed in for editing,
        unless ``refill`` is false."""

        def live_answer(earlier: str | None) -> str:
            return self._type(
                message, earlier if earlier is not None and refill else default, check
            )

        return self._answer(live_answer, lambda answer: _passes(check, answer))

    def number(self, message: str, *, default: str = "") -> int | None:
        """A whole number, or None when left blank."""
        answer = self.text(message, default=default, check=parse_number)
        return parse_number(answer)

    def whole(self, message: str, *, default: str = "") -> int:
        """A whole number that must be given."""
        return parse_whole(self.text(message, default=default, check=parse_whole))

    def faces(self, dice: str) -> list[int] | None:
        """Faces from physical dice for ``dice`` (named in order, e.g. "Ana's attack d10,
        then Bo's block d8"); None when left blank, to roll them."""
        from gmtool.cli.playloop.faces import faces_or_roll

        question = f"Faces for {dice}, in order (Enter: roll them):"
        answer = self.text(question, check=faces_or_roll, refill=False)  # typed anew
        return faces_or_roll(answer)

    def pass_to(self, name: str, *, before: Callable[[], None] | None = None) -> None:
        """Clear the screen and wait until ``name`` holds it: nothing secret is shown
        before (``before`` prints what the whole table may see above the wait).

        Esc here returns to the menu: going further back would show the secrets of the
        player who held the screen before."""

        def live_answer(earlier: str | None) -> str:
            self.clear_screen()
            if before is not None:
                before()
            try:
                self._wait(f"Pass the screen to {name} — press Enter when only {name} can see it")
            except Back:
                raise BackToMenu from None
            return ""

        self._answer(live_answer, lambda answer: True)

    def pause(self, message: str) -> None:
        """Wait for Enter (say, while a player reads their own cards)."""

        def live_answer(earlier: str | None) -> str:
            self._wait(message)
            return ""

        self._answer(live_answer, lambda answer: True)

    # -- going back ---------------------------------------------------------------------
    @property
    def answered(self) -> int:
        """How many questions the step under way has had answered (for ``AskAgain``)."""
        return len(self.given)

    def begin_step(self, replay: Sequence[str] = (), offer: str | None = None) -> None:
        """Start (or restart) a step: ``replay`` answers are given without asking, then
        the next question offers ``offer`` first."""
        self.given = []
        self._replay = list(replay)
        self._offer = offer

    def _answer(self, live: Callable[[str | None], str], fits: Callable[[str], bool]) -> str:
        if self._replay:
            answer = self._replay.pop(0)
            if fits(answer):
                self.given.append(answer)
                return answer
            self._replay = []  # the step asks something else now: ask from here on
        earlier, self._offer = self._offer, None
        answer = live(earlier)
        self.given.append(answer)
        return answer


def parse_number(text: str) -> int | None:
    """A whole number typed in, or None when blank; raises UsageError otherwise."""
    text = text.strip()
    if not text:
        return None
    try:
        return int(text)
    except ValueError:
        raise UsageError(f"'{text}' is not a whole number") from None


def parse_whole(text: str) -> int:
    """A whole number typed in; raises UsageError when blank or not a number."""
    number = parse_number(text)
    if number is None:
        raise UsageError("a whole number is needed here")
    return number


def _passes(check: Check | None, answer: str) -> bool:
    if check is None:
        return True
    try:
        check(answer)
    except GmtoolError:
        return False
    return True


def rejection(check: Check | None, answer: str) -> str | None:
    """Why ``check`` refuses ``answer`` (None when it is fine): shown under the question."""
    if check is None:
        return None
    try:
        check(answer)
    except GmtoolError as error:
        return error.line()
    return None


__all__ = [
    "BACK",
    "AskAgain",
    "Back",
    "BackToMenu",
    "Check",
    "Prompts",
    "parse_number",
    "parse_whole",
    "rejection",
]
