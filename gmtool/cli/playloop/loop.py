"""The play loop every system's ``gmtool play`` runs: a banner, then dashboard → menu →
step, until the GM quits.

A system gives the loop what is on its menu now (``entries``), each entry a step: a
function that asks through ``loop.ask`` and plays one action. The loop adds the same
last entries everywhere (forecast from here, roll dice, show the log, undo, redo, quit):
"roll dice" is ``gmtool roll`` (for the table, or the GM's secret roll, or showing the
table a secret roll made earlier: ``gmtool roll --reveal``), and decides
what going back, a refusal and Ctrl-C do, so every system behaves alike:

- Esc (or a list's back entry) asks the step's previous question again; at the first
  question it returns to the menu.
- A refusal (any ``GmtoolError``) is shown, and the step's last question is asked again,
  the answers before it kept (Esc from there goes further back). Nothing was written.
  A move chosen on a screen the game has since left (``StaleMove``) returns to the menu,
  whose screen is drawn again.
- Ctrl-C inside a step returns to the menu; Ctrl-C at the menu leaves, and the loop says
  the campaign is saved (every finished action already is).

What a step did is its news (``tell``): printed under the dashboard, just above the menu,
and kept there until the next step tells something else, so the last result is always in
view and printed once. Undo and redo tell what they took back or brought back ("undone:
Cy's discard"), and the dashboard is drawn as the game now is.

At a terminal, the dashboard, the news and the menu fit its rows together (80×24 and
up): news too long for the rows left is cut, its last line saying how much more there
is, and the menu offers "the last result in full" (through the pager) until the next news.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from contextlib import suppress
from typing import TYPE_CHECKING, Any

from gmtool.cli.playloop.asking import AskAgain, Back, BackToMenu, Prompts
from gmtool.errors import GmtoolError, StaleMove

if TYPE_CHECKING:
    from rich.console import RenderableType

    from gmtool.engine.game import Game
    from gmtool.store.records import Entry

FORECAST = "forecast from here"
ROLL = "roll dice"
SHOW_LOG = "show the log"
NOTE = "note"
UNDO = "undo"
REDO = "redo"
QUIT = "quit"
STANDARD = (FORECAST, ROLL, SHOW_LOG, NOTE, UNDO, REDO, QUIT)
"""The last entries of every system's menu, in this order."""
WHOLE_NEWS = "the last result in full"
"""On the menu, before the standard entries, while the news shown was cut to fit."""

FOR_THE_TABLE = "the table (it shows on every screen)"
SECRET_ROLL = "only me: a secret roll (the table sees that the GM rolled)"
NEW_ROLL = "a new roll"
SECRETS_OFFERED = 9
"""How many of the latest secret rolls not yet shown "roll dice" offers to show."""

LOG_LINES = 12
"""How many of the latest log entries "show the log" prints."""

Step = Callable[[], object]


class PlayLoop:
    """One interactive session on ``game``.

    ``dashboard`` gives where things stand, drawn before each menu (it may print, or ask
    for the screen to be passed, first); ``live`` gives a line redrawn every second under
    the menu (a running clock); ``question`` is the menu's question; ``goodbye`` prints
    anything to say on leaving.
    """

    def __init__(
        self,
        game: Game,
        ask: Prompts | None = None,
        *,
        dashboard: Callable[[], RenderableType | None] | None = None,
        live: Callable[[], str] | None = None,
        question: Callable[[], str] | None = None,
        goodbye: Callable[[], None] | None = None,
    ) -> None:
        if ask is None:
            from gmtool.cli.playloop.terminal import TerminalPrompts

            ask = TerminalPrompts()
        self.game = game
        self.ask = ask
        self.dashboard = dashboard
        self.live = live
        self.question = question or (lambda: "What happens?")
        self.goodbye = goodbye
        self.news: list[Any] = []
        """What the last step did (text or rich drawings), shown under the dashboard."""
        self.news_cut = False
        """Whether the news shown under the dashboard was cut to fit the terminal."""

    def tell(self, *items: Any) -> None:
        """``items`` are the news now, in place of the last step's."""
        self.news = list(items)
        self.news_cut = False

    def draw_dashboard(self) -> int:
        """The dashboard; the rows it took."""
        drawn = self.dashboard() if self.dashboard is not None else None
        return 0 if drawn is None else write_lines(rendered([drawn]))

    def draw_news(self, above: int, menu: list[str]) -> None:
        """The news under the dashboard (``above`` rows), cut to leave the menu its rows."""
        rows = self.ask.rows()
        lines = rendered(self.news)
        if rows is None or not lines:
            write_lines(lines)
            return
        question = self.question()
        left = rows - above - self.ask.menu_rows(question, menu, self.live)
        if len(lines) > left:  # cut: the menu has one more entry
            left = rows - above - self.ask.menu_rows(question, [*menu, WHOLE_NEWS], self.live)
            self.news_cut = True
        write_lines(fitted(lines, left))

    def choices(self, menu: Mapping[str, Step]) -> list[str]:
        return [*menu, *([WHOLE_NEWS] if self.news_cut else []), *STANDARD]

    # -- the session -----------------------------------------------------------------
    def run(self, entries: Callable[[], Mapping[str, Step]]) -> None:
        """Banner, then dashboard and menu until the GM quits or presses Ctrl-C at the menu.
        The run is a session of the log (``engine.sessions``): marked as it begins and ends."""
        from gmtool.engine import sessions

        say(banner(self.game))
        sessions.begin(self.game, "play")
        try:
            changed = True
            while True:
                above = self.draw_dashboard() if changed else 0
                menu = dict(entries())
                if changed:
                    self.draw_news(above, [*menu, *STANDARD])
                choice = self.ask.menu(self.question(), self.choices(menu), self.live)
                if choice == QUIT:
                    return
                step = menu.get(choice) or self._standard(choice)
                if step is None:  # not on the menu: ask again
                    changed = False
                    continue
                self.attempt(step)
                changed = choice not in (SHOW_LOG, FORECAST)  # it stays in view above the menu
        except (KeyboardInterrupt, Back):
            say("")
        finally:
            self.leave()

    def leave(self) -> None:
        from gmtool.engine import sessions

        with suppress(GmtoolError):  # a campaign that cannot be written says so elsewhere
            sessions.finish(self.game, "play")
        say("left the session; the campaign is saved.")
        if self.goodbye is not None:
            self.goodbye()

    def attempt(self, step: Step) -> None:
        """Run ``step``; Esc, a refusal and Ctrl-C inside it behave as the module says."""
        try:
            run_step(self.ask, step)
        except KeyboardInterrupt:
            say("\nback at the menu (nothing was written for the unfinished move)")

    # -- the standard entries -----------------------------------------------------------
    def _standard(self, choice: str) -> Step | None:
        steps = {FORECAST: self.forecast, ROLL: self.roll, SHOW_LOG: self.show_log}
        steps[NOTE] = self.note
        if self.news_cut:
            steps[WHOLE_NEWS] = self.whole_news
        return {**steps, UNDO: self.undo, REDO: self.redo}.get(choice)

    def forecast(self) -> None:
        """The rest of the game played out from here (``gmtool forecast``'s figures)."""
        from gmtool.cli.forecast import show_forecast

        show_forecast(self.game)

    def roll(self) -> None:
        """A free roll, as ``gmtool roll`` makes it: for the table to see, or the GM's
        secret one (the table's screens show only that the GM rolled). While secret rolls
        are hidden, it first offers to show one of them (``gmtool roll --reveal``)."""
        from gmtool.cli.roll import checked_expression, revealed_words
        from gmtool.dice import DiceDoor

        hidden = self.game.store.hidden_secret_rolls()[-SECRETS_OFFERED:]
        if hidden:
            offered = {reveal_choice(entry): entry.seq for entry in reversed(hidden)}
            asked = "Roll dice, or show the table a secret roll?"
            chosen = self.ask.select(asked, [NEW_ROLL, *offered])
            if chosen != NEW_ROLL:
                seq = offered[chosen]
                self.tell(revealed_words(self.game.reveal(seq), seq))
                return
        expression = self.ask.text("Dice to roll (e.g. 2d6+3):", check=checked_expression)
        tree = checked_expression(expression)
        seen = self.ask.select("Who sees it?", [FOR_THE_TABLE, SECRET_ROLL])
        faces = self.ask.faces(str(tree))
        secret = seen == SECRET_ROLL
        rolls = self.game.roll(expression, DiceDoor(entered=faces), secret=secret)
        told = [roll.describe() for roll in rolls]
        if secret:
            told.append(f"secret roll #{self.game.logged}: the table sees only that the GM rolled")
        self.tell(*told)

    def whole_news(self) -> None:
        """The news the screen had no room for, whole, through the pager."""
        from gmtool.cli.pager import pager_command, paging

        text = "".join(line + "\n" for line in rendered(self.news))
        argv = pager_command()
        if argv is None:
            write_lines(text.splitlines())
            return
        with paging(argv) as out:
            out.write(text)

    def show_log(self) -> None:
        from gmtool.cli.log import show_table

        entries = [e.to_json() for e in self.game.store.entries(last=LOG_LINES)]
        show_table(self.game.name, entries)

    def note(self) -> None:
        """A note for the log, with the latest move's mission and scene (``gmtool note``)."""
        from gmtool.cli.session import write_note

        text = self.ask.text("Note for the log:")
        seq, where = write_note(self.game, text, by="GM")
        say(f"noted #{seq}" + (f" ({where})" if where else ""))

    def undo(self) -> None:
        self.tell(f"undone: {described(self.game.undo())}")

    def redo(self) -> None:
        entry = self.game.redo()
        self.tell(f"redone: {described(entry)}" + (f" ({entry.outcome})" if entry.outcome else ""))


def reveal_choice(entry: Entry) -> str:
    """A hidden secret roll as "roll dice" offers to show it: "show #12: 3d6 + 1 = 16"."""
    return f"show #{entry.seq}: {entry.what.removesuffix(' (secret)')} = {entry.outcome}"


def described(entry: Entry) -> str:
    """A log entry in a few words: "Cy's discard", "roll off (fire, water)"."""
    what = entry.what or entry.kind
    if not entry.who:
        return what
    if "," in entry.who:
        return f"{what} ({entry.who})"
    return f"{entry.who}'s {what}"


def run_step(ask: Prompts, step: Step) -> bool:
    """Run ``step``, asking through ``ask``, as every interactive command does: Esc (or a
    list's back entry) asks the step's previous question again, a refusal (any
    ``GmtoolError``) is shown and the question it answered is asked again with the answers
    before it kept. True when the step finished; False when the person went back past its
    first question. Ctrl-C is left to the caller (``KeyboardInterrupt``)."""
    replay: list[str] = []
    offer: str | None = None
    while True:
        ask.begin_step(replay, offer)
        try:
            step()
            return True
        except BackToMenu:
            return False
        except StaleMove as error:  # chosen on an old screen: back to the menu, drawn anew
            show_error(error)
            return False
        except Back:
            given = ask.given
        except AskAgain as again:
            show_error(again.error)
            given = ask.given[: again.keep + 1]
        except GmtoolError as error:
            show_error(error)
            given = ask.given
        finally:
            ask.begin_step()
        if not given:
            return False
        replay, offer = given[:-1], given[-1]


def banner(game: Game) -> str:
    title = getattr(game.system, "title", game.system_name)
    return (
        f"{game.name} — {title}\n"
        "Esc goes back a step, Ctrl-C returns to the menu (at the menu it leaves); "
        "every move is saved as it is made."
    )


def say(text: str) -> None:
    """Print ``text`` as it is (no markup), so names typed by players stay as typed."""
    from gmtool.cli.common import console

    console().print(text, markup=False)


def show_news(news: list[Any], rows: int | None = None) -> None:
    """Each item of the news: text as it is (no markup), a drawing through rich; with
    ``rows``, cut to that many lines."""
    lines = rendered(news)
    write_lines(lines if rows is None else fitted(lines, rows))


def rendered(items: list[Any]) -> list[str]:
    """``items`` as the terminal's lines (text as it is, drawings through rich; styled
    when the output is a terminal)."""
    from gmtool.cli.common import console

    out = console()
    with out.capture() as captured:
        for item in items:
            if isinstance(item, str):
                out.print(item, markup=False)
            else:
                out.print(item)
    text: str = captured.get()
    return text.splitlines()


def fitted(lines: list[str], rows: int) -> list[str]:
    """``lines`` cut to ``rows`` (at least one line is kept), the last saying how many more
    there are and where to read them."""
    if len(lines) <= max(rows, 1):
        return lines
    kept = lines[: max(rows - 1, 1)]
    more = len(lines) - len(kept)
    return [*kept, f"… more: {more} line{'s' * (more > 1)} ('{WHOLE_NEWS}' on the menu)"]


def write_lines(lines: list[str]) -> int:
    """Write ``lines`` to the terminal; how many were written."""
    import sys

    if lines:
        sys.stdout.write("".join(line + "\n" for line in lines))
        sys.stdout.flush()
    return len(lines)


def show_error(error: GmtoolError) -> None:
    from rich.text import Text

    from gmtool.cli.common import console

    console().print(Text(f"error: {error.line()}", style="red"))


__all__ = [
    "QUIT",
    "REDO",
    "ROLL",
    "SHOW_LOG",
    "STANDARD",
    "UNDO",
    "WHOLE_NEWS",
    "PlayLoop",
    "Step",
    "run_step",
    "say",
]
