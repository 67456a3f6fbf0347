"""The errors a user can cause. The CLI prints each as one line and exits non-zero."""

from __future__ import annotations


class GmtoolError(Exception):
    """Raised for any problem the user can fix: says what, where, and how to fix it."""

    exit_code = 1

    def __init__(self, message: str, *, where: str = "", hint: str = "") -> None:
        super().__init__(message)
        self.message = message
        self.where = where
        self.hint = hint

    def line(self) -> str:
        """The one line the CLI prints."""
        text = f"{self.where}: {self.message}" if self.where else self.message
        return one_line(f"{text} ({self.hint})" if self.hint else text)


class UsageError(GmtoolError):
    """Raised when a name or option does not exist (an unknown crew member, campaign...)."""

    exit_code = 2


class ContentError(GmtoolError):
    """Raised when YAML content is malformed or breaks its schema; may carry many problems."""

    exit_code = 3

    def __init__(self, problems: list[str]) -> None:
        first = problems[0] if problems else "invalid content"
        more = f" (and {len(problems) - 1} more: run 'gmtool check')" if len(problems) > 1 else ""
        super().__init__(first + more)
        self.problems = problems


class RulesError(GmtoolError):
    """Raised when an action breaks the rules of the game; the state stays as it was."""

    exit_code = 4


class StaleMove(RulesError):
    """Raised for a move chosen on a screen drawn from a state the game has since left."""

    def __init__(self) -> None:
        super().__init__("the game changed since this screen was drawn: look again")


class DiceError(GmtoolError):
    """Raised for bad dice notation or entered faces that do not fit the dice."""

    exit_code = 5


class StoreError(GmtoolError):
    """Raised when a campaign's database cannot be opened, is locked or is corrupt."""

    exit_code = 6


def unknown(kind: str, name: str, valid: list[str] | tuple[str, ...]) -> UsageError:
    """An error for a name that does not exist, listing the valid ones."""
    choices = ", ".join(valid) if valid else "none yet"
    return UsageError(f"unknown {kind} '{name}'", hint=f"valid: {choices}")


def one_line(text: str) -> str:
    """``text`` with newlines, other control characters and bidirectional overrides shown
    as escapes (``\\n``), so a name or value the user typed can neither break the line,
    steer the terminal nor turn the line around."""
    from gmtool.text import printable

    return printable(text, one_line=True)
