"""The campaign a server shows, and the one place its moves are played.

SQLite connections belong to the thread that opened them, so all database work runs on
one worker thread that owns the ``Game``: requests wait their turn there, which also keeps
two moves from racing each other. The event loop only renders templates and streams.
"""

from __future__ import annotations

import asyncio
import re
import time
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, TypeVar

from gmtool.engine.game import Game, refuse_stale
from gmtool.engine.public_log import public_entries
from gmtool.errors import GmtoolError, RulesError, StoreError, one_line
from gmtool.store.live import ChangeWatcher, LogHead
from gmtool.store.seat_links import SeatLinks
from gmtool.store.serving import Serving, ServingMark
from gmtool.web.screens import GM, Form, Made, Question, Screens, WithDice, screens_for

T = TypeVar("T")

WATCH_EVERY = 0.2
"""Seconds between two looks at the database's change counter: well within a second."""

LOG_PAGE = 200
"""How many of the newest entries the roll feed shows."""


@dataclass(frozen=True)
class Asked:
    """A move waiting for another seat's answer, checked on the state of ``version``: it
    lives as long as the state does (a free roll or another entry that changes no state
    leaves it waiting), and is played with that version, so it can never land on another."""

    question: Question
    version: str
    form: tuple[tuple[str, str], ...]
    """The form that asked it, to refuse the same form posted again."""
    number: int
    """Which question this is (the asked seat's form sends it back with the answer): an
    answer posted twice cannot answer the next question of the same move."""
    gm: int = 0
    """The GM's asked move (``Game.ask``) it is part of, by id; 0: a seat's own move."""


@dataclass(frozen=True)
class Played:
    """The last form a seat had accepted, and the version of the state it was made on."""

    form: tuple[tuple[str, str], ...]
    seen: str


class LiveCampaign:
    def __init__(self, name: str) -> None:
        self.name = name
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="gmtool-db")
        try:
            self.game: Game = self._worker.submit(self._open).result()
        except BaseException:
            self._worker.shutdown()
            raise
        self.screens: Screens = screens_for(self.game.system)
        self.screens.door = self.game.door  # called on the worker thread only
        # Read on the worker thread, which holds the campaign's connection.
        self.screens.content = self._worker.submit(lambda: self.game.content).result()
        self.title = self.game.system.title
        self.short_title = self.game.system.short_title  # the header's, on a phone too
        self.questions: dict[str, Asked] = {}
        self.called_off: dict[str, str] = {}
        """Per seat, why a move it made or was asked about ended unplayed: on its screen
        (live redraws too) until the seat posts again."""
        self.played: dict[str, Played] = {}
        self.asked_count = 0
        self._gm_taken = 0
        """The GM's asked move last taken up (by id): each is asked of its seats once."""
        self.opened: set[str] = set()
        """The seats whose screen has been drawn since the server started (a phone open)."""
        self.version = 0
        self._data_seen: tuple[int, float] = (0, 0.0)
        self.closing = False
        self._changed = asyncio.Event()

    def _open(self) -> Game:
        game = Game.open(self.name)
        game.store.watch_pages()  # the whole campaign checked now and every few minutes
        self._watcher = ChangeWatcher(game.name, game.store.path)
        self._head = LogHead(game.store)
        self._mark = ServingMark(game.store.path)
        self._mark.hold()  # a GM's ``gmtool play`` reads it: served, and who is awaited
        game.system_name  # noqa: B018  (read now, on this thread)
        return game

    async def run(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` on the worker thread, awaited from the event loop."""
        return await asyncio.get_running_loop().run_in_executor(self._worker, work, *args)

    def call(self, work: Callable[..., T], *args: Any) -> T:
        """``work(*args)`` on the worker thread, from plain code (before serving)."""
        return self._worker.submit(work, *args).result()

    def links(self, *, renew: bool) -> dict[str, str]:
        """Each seat's secret token, made (or remade with ``renew``) as needed."""
        return self.call(lambda: SeatLinks(self.game.store).ensure(self.seats(), renew=renew))

    def close(self) -> None:
        def close_all() -> None:
            self._mark.release()
            self._watcher.close()
            self.game.store.close()

        self._worker.submit(close_all).result()
        self._worker.shutdown()

    # -- noticing changes ------------------------------------------------------------
    async def watch(self) -> None:
        """Bump ``version`` and wake every stream whenever the database changed."""
        self._data_seen = await self.run(self._seen)
        await self.run(self.take_gm_move)  # one the GM asked before the server started
        while True:
            await asyncio.sleep(WATCH_EVERY)
            now = await self.run(self._seen)
            if now != self._data_seen:
                self._data_seen = now
                await self.run(self.take_gm_move)
                self.changed()

    def act(self, verb: str, seat: str, form: Form) -> str:
        """A seat's post (``move``, ``answer`` or ``withdraw``), on the worker thread. The
        caller tells the screens at once (``changed``), so the watcher is told the write
        is already known: the screens are not sent to redraw twice for one move."""
        said: str = getattr(self, verb)(seat, form)
        self.called_off.pop(seat, None)  # told: what it does now is its answer
        self._data_seen = self._seen()
        self.tell_serving()
        return said

    def _seen(self) -> tuple[int, float]:
        """The database's version, and when the GM last ran a forecast (its picture)."""
        from gmtool.render.forecast import kept_picture

        picture = kept_picture(self._watcher.path)
        return self._watcher.data_version(), picture[0] if picture else 0.0

    def changed(self) -> None:
        self.version += 1
        woken, self._changed = self._changed, asyncio.Event()
        woken.set()

    def close_streams(self) -> None:
        """The server is stopping: every event stream ends now (on the event loop)."""
        self.closing = True
        self.changed()

    async def wait_for_change(
        self, seen: int, timeout: float, ended: asyncio.Event | None = None
    ) -> int:
        """The version once it differs from ``seen`` (or after ``timeout`` seconds, or
        once ``ended`` is set)."""
        if self.version == seen:
            waits = [asyncio.ensure_future(self._changed.wait())]
            if ended is not None:
                waits.append(asyncio.ensure_future(ended.wait()))
            try:
                await asyncio.wait(waits, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for waiting in waits:
                    waiting.cancel()
        return self.version

    # -- reading (on the worker thread) ------------------------------------------------
    def table(self) -> dict[str, Any]:
        doc = self.screens.table(self.game.state, now=time.time())
        doc["asked"] = [asked.question.public for asked in self._live_questions().values()]
        newest = self.game.store.entries(last=1)
        doc["latest"] = public_entries(self.game.system, [e.to_json() for e in newest])
        from gmtool.render.forecast import kept_picture

        picture = kept_picture(self.game.store.path)
        doc["forecast_svg"] = picture[1] if picture else None  # the table sees the odds
        return doc

    def seat(self, seat: str) -> dict[str, Any]:
        """``seat``'s screen, with the version of the state it is drawn from (``seen``, sent
        back with every move made on it)."""
        head = self.game.look()
        asked = self._live_questions(head.version)
        mine = asked.get(seat)
        if seat not in self.opened:
            self.opened.add(seat)
            self.tell_serving()
        waiting = [a.question.public for a in asked.values() if a.question.asked_by == seat]
        return {
            **self.screens.seat(head.state, seat, now=time.time()),
            "seen": head.version,
            "question": mine.question if mine else None,
            "asked": mine.number if mine else None,
            "waiting": waiting,
            "called_off": self.called_off.get(seat, ""),
        }

    def seats(self) -> list[str]:
        return self.screens.seats(self.game.state)

    def log(self, who: str | None) -> dict[str, Any]:
        """The roll feed: the newest entries as the whole table may see them (a secret roll
        as "the GM rolled"; filtered by a name, a secret roll is not among its entries)."""
        entries = self.game.store.entries(who=who or None, last=LOG_PAGE)
        entries.reverse()  # the newest first
        shown = public_entries(self.game.system, [entry.to_json() for entry in entries])
        if who:
            shown = [entry for entry in shown if entry.get("secret") != "kept"]
        return {"entries": shown, "names": self._head.names()}

    def recap(self, session: int | None) -> dict[str, Any]:
        """A session's recap as the whole table may read it (the latest by default), with
        the list of sessions to choose from."""
        from gmtool.engine.recap import for_game
        from gmtool.engine.sessions import of_game
        from gmtool.render.recap import html_body

        found = [s.to_json() for s in of_game(self.game)]
        if not found:
            return {"sessions": [], "body": "", "shown": None}
        shown = session if session is not None and 1 <= session <= len(found) else len(found)
        told = for_game(self.game, session=shown, public=True)
        return {"sessions": found, "body": html_body(told), "shown": shown}

    def dice(self) -> dict[str, Any]:
        """What the dice did, as the table may see it (a secret roll not yet shown left out),
        with its charts."""
        from gmtool.engine.dice_report import report
        from gmtool.engine.recap import public_forms
        from gmtool.render.dice_report import dice_charts

        entries = public_forms(self.game.system, self.game.store.entries())
        doc = report(entries)
        return {**doc, "charts": dice_charts(doc)}

    def take_gm_move(self) -> None:
        """The GM's move kept for the players' screens (``Game.ask``), on the worker
        thread: asked of its first seat (or played, when it finishes a move that waited for
        the GM); the questions of a move the GM took back or replaced are called off."""
        try:
            self._take_gm_move()
        finally:
            self.tell_serving()

    def tell_serving(self) -> None:
        """Tell the GM's terminal (``store.serving``) which seats have a screen open, and
        whom the GM's asked move waits for now."""
        waits = [
            (asked.gm, seat, asked.question.public)
            for seat, asked in self.questions.items()
            if asked.gm
        ]
        gm, seat, public = max(waits, default=(0, "", ""))
        self._mark.say(Serving(tuple(sorted(self.opened)), gm, seat, public))

    def _take_gm_move(self) -> None:
        head = self.game.look()
        self._live_questions(head.version)
        kept = self.game.store.asked_move()
        live = kept.id if kept is not None and kept.version == head.version else 0
        for seat, asked in list(self.questions.items()):
            if asked.gm and asked.gm != live:
                del self.questions[seat]
                self.called_off[seat] = "the GM took back the move that asked you"
        if kept is None or not live or live == self._gm_taken:
            return
        self._gm_taken = live
        held = self.questions.pop(GM, None)
        made = self.screens.asked_by_gm(head.state, kept.action, held.question if held else None)
        if made is None:
            return
        try:
            self._settle(GM, made, {}, head.version, gm=live)
        except GmtoolError as error:
            self.game.store.drop_asked_move(live)  # the GM's command is told it ended
            for seat in {GM, *((held.question.asked_by,) if held else ())}:
                self.called_off[seat] = f"the GM's move was refused: {in_words(error)}"

    def _live_questions(self, version: str | None = None) -> dict[str, Asked]:
        """The questions asked on the state as it is now: a move, an undo or a redo that
        changes the state calls the others off (and both seats are told why); a free roll
        or any entry that writes no state leaves them waiting."""
        now = self.game.look().version if version is None else version
        for seat, asked in list(self.questions.items()):
            if asked.version != now:
                del self.questions[seat]
                what = f"{asked.question.asked_by}'s move was called off"
                why = "the game changed before it was answered: look again"
                self.called_off[seat] = self.called_off[asked.question.asked_by] = f"{what}: {why}"
        return self.questions

    # -- moves (on the worker thread) ------------------------------------------------
    def move(self, seat: str, form: Form) -> str:
        """Play what ``seat`` posted; the line to show them (the rule's reason if refused)."""
        try:
            self._refuse_replay(seat, form)
            made = self.screens.action(self.game.state, seat, form)
            return self._settle(seat, made, form, form.get("seen") or None)
        except GmtoolError as error:
            return f"refused: {in_words(error)}"

    def answer(self, seat: str, form: Form) -> str:
        asked = self._live_questions().get(seat)
        if asked is None:
            why = self.called_off.get(seat, "")
            return f"refused: nothing is waiting for your answer{f' ({why})' if why else ''}"
        try:
            if form.get("asked", str(asked.number)) != str(asked.number):
                raise RulesError("this answer was already sent", hint="see what is asked now")
            refuse_stale(self.game.look(), form.get("seen") or None)  # the screen it answered
            made = self.screens.answer(self.game.state, asked.question, form)
            del self.questions[seat]  # answered: played, or the next seat is asked
            try:
                return self._settle(seat, made, form, asked.version, gm=asked.gm)
            except GmtoolError:
                self.questions.setdefault(seat, asked)
                raise
        except GmtoolError as error:
            return f"refused: {in_words(error)}"

    def _settle(self, seat: str, made: Made, form: Form, seen: str | None, gm: int = 0) -> str:
        """Play ``made``, or keep the question it asks another seat (checked first). A move
        made on a screen drawn from another state than the game's now is refused (``seen``,
        the version the screen was drawn from, when the form sends it; for an answer, the
        version the question was asked on). ``gm``: the GM's asked move it finishes, which
        is forgotten once played."""
        kept = _kept(form)
        if isinstance(made, Question):
            self.game.check(made.action, seen=seen)  # refused now, not after the answer
            version = self.game.look().version
            self.asked_count += 1
            self.questions[made.seat] = Asked(made, version, kept, self.asked_count, gm)
            self.played[seat] = Played(kept, version)
            return f"waiting for {'the GM' if made.seat == GM else made.seat} to answer"
        if isinstance(made, WithDice):
            action = made.action
            door = self.game.door(entered_by=made.entered_by or None)
        else:
            action = made
            door = self.game.door(entered=self.screens.entered_dice(form))
        outcome = self.game.play(action, door, seen=seen)
        if gm:
            self.game.store.drop_asked_move(gm)
        if form.get("seen"):
            self.played[seat] = Played(kept, form["seen"])
        return self.screens.told(action, outcome)

    def _refuse_replay(self, seat: str, form: Form) -> None:
        """The same form posted again (a double tap, a reloaded post) is refused, unless
        the game is back where it was made (an undo), where it is a move again."""
        last = self.played.get(seat)
        if last is None or last.form != _kept(form):
            return
        waiting = [a for a in self.questions.values() if a.question.asked_by == seat]
        if waiting or last.seen != self.game.look().version:
            raise RulesError("this move was already sent", hint="the screen shows where it went")

    def withdraw(self, seat: str, form: Form) -> str:
        """Take back a move of ``seat``'s that waits for an answer."""
        for asked_seat, asked in list(self._live_questions().items()):
            if asked.question.asked_by == seat:
                del self.questions[asked_seat]
                self.played.pop(seat, None)  # the same move may be made again
                return "taken back"
        return "nothing to take back"


def _kept(form: Form) -> tuple[tuple[str, str], ...]:
    return tuple(sorted(form.items()))


def in_words(error: GmtoolError) -> str:
    """A refusal as a player's screen says it: the rule's reason, without a hint that
    tells how to type a command (the screen's buttons are the way to move). A campaign
    database's own trouble is said as the command line says it (the GM acts on it)."""
    if isinstance(error, StoreError):
        return error.line()
    hint = error.hint
    if hint and (COMMAND_WORDS.search(hint) or "--" in hint):
        hint = ""
    message = re.sub(r"\s*\([^()]*\bgmtool\b[^()]*\)", "", error.message)  # "(gmtool ...)"
    text = f"{error.where}: {message}" if error.where else message
    return one_line(f"{text} ({hint})" if hint else text)


COMMAND_WORDS = re.compile(r"\bgmtool\b|'(undo|redo|campaign new|combat start|combat end)'")
"""Words of a hint that tell the GM what to type: a phone's player has buttons instead."""
