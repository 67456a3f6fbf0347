"""A campaign in play: actions go through its rule system and into its log.

``Game.play`` is the one path for a rules action: inside one transaction it reads the
head state, lets the system apply the action with the command's dice, and appends the
entry with the new state and the generator's state. ``undo``/``redo`` mark entries voided
or live again and rebuild the state by replaying recorded faces; nothing is deleted.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import replace
from functools import cached_property
from typing import Any

from gmtool.dice import DiceDoor, Rng, Roll
from gmtool.engine.system import Outcome, State, System
from gmtool.errors import RulesError, StaleMove, UsageError
from gmtool.store.asked_moves import AskedMove
from gmtool.store.campaign import CampaignStore, Head
from gmtool.store.records import REVEAL, SECRET, Entry, reveal_what

_LOG_FIELDS = ("who", "what", "outcome", "mission", "scene")


class Game:
    def __init__(self, store: CampaignStore) -> None:
        self.store = store
        self.logged = 0
        """The number of the entry this game's last free roll was logged as."""

    @classmethod
    def open(cls, name: str) -> Game:
        return cls(CampaignStore.open(name))

    @classmethod
    def create(
        cls,
        name: str,
        *,
        system_name: str,
        options: Mapping[str, Any],
        overrides: Mapping[str, Any],
        seed: int | None,
    ) -> Game:
        """Build the first state and write the new campaign's database. The dice come from
        ``seed``, else from the options' ``seed`` (a campaign file's), else from the OS."""
        from gmtool.store.home import campaign_path

        campaign_path(name)  # checks the name before any work
        from gmtool.games import get_game

        system = get_game(system_name)
        content = system.load_content(overrides)
        rng = Rng.from_seed(seed if seed is not None else _seed_option(options))
        origin_rng = rng.state
        door = DiceDoor(rng)
        state = system.new_state(content, options, door)
        store = CampaignStore.create(
            name,
            system=system_name,
            options=dict(options),
            overrides=dict(overrides),
            rng=rng.state,
            state=state,
            origin_rng=origin_rng,
        )
        game = cls(store)
        game.__dict__["content"] = content
        return game

    def close(self) -> None:
        """Close the campaign's database (``CampaignStore.close``); ``with Game.open(...)``
        closes it at the block's end."""
        self.store.close()

    def __enter__(self) -> Game:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- what the game is ------------------------------------------------------
    @property
    def name(self) -> str:
        return self.store.name

    @cached_property
    def system_name(self) -> str:
        return self.store.system()

    @cached_property
    def system(self) -> System:
        from gmtool.games import get_game

        return get_game(self.system_name)

    @cached_property
    def content(self) -> Any:
        return self.system.load_content(self.store.game().overrides)

    @property
    def state(self) -> State:
        return self.store.head_state()

    def look(self) -> Head:
        """The state with its version, for a screen that will send a move back: the move
        carries the version (``play(..., seen=...)``) and is refused if the game moved on."""
        return self.store.head()

    def require_system(self, name: str) -> None:
        if self.system_name != name:
            raise UsageError(
                f"campaign '{self.name}' plays {self.system_name}, not {name}",
                hint=f"use 'gmtool {self.system_name} ...' or pick another campaign with -c",
            )

    def door(
        self,
        entered: Iterable[int] | None = None,
        entered_by: Mapping[str, Iterable[int]] | None = None,
    ) -> DiceDoor:
        """A dice door for one command, drawing from the campaign's generator."""
        return DiceDoor(Rng(self.store.rng_state()), entered=entered, entered_by=entered_by)

    # -- doing things ----------------------------------------------------------
    def play(
        self, action: Mapping[str, Any], door: DiceDoor, *, seen: str | None = None
    ) -> Outcome:
        """Apply ``action`` by the rules and log it, all in one transaction. ``seen``: the
        version of the state the move was chosen on (``look``); when the state has changed
        since, the move is refused and nothing is written."""
        content = self.content  # read and validated before the write lock is taken
        with self.store.transaction():
            door.rng = Rng(self.store.rng_state())  # read inside the transaction: no reuse
            head = self.store.head()
            refuse_stale(head, seen)
            outcome = self.system.apply(head.state, action, door, content)
            door.finish()
            fields = {key: str(getattr(outcome, key)) for key in _LOG_FIELDS}
            self.store.append(
                kind="action",
                fields=fields,
                action=dict(action),
                dice=[roll.to_json() for roll in door.rolls],
                result=outcome.result,
                rng=door.rng.state,
                state=outcome.state,
            )
        return outcome

    def check(self, action: Mapping[str, Any], *, seen: str | None = None) -> None:
        """Apply ``action`` by the rules without logging it: raises the rule's error when
        it is illegal, or when it was chosen on a state that has changed since (``seen``).
        (A move that waits for another player's answer is checked first.)"""
        head = self.store.head()
        refuse_stale(head, seen)
        self.system.apply(head.state, action, self.door(), self.content)

    def ask(self, action: Mapping[str, Any], *, seen: str | None = None) -> AskedMove:
        """Keep the GM's ``action`` for the players' screens to finish (their dice, their
        declarations): checked by the rules first, then kept with the version of the state
        it was checked on, in place of any move asked before. ``gmtool serve`` asks each
        seat and plays it through ``play``; a change of the state calls it off. ``seen``:
        as for ``play``, a move chosen on a state that has changed since is refused."""
        content = self.content
        with self.store.transaction():
            head = self.store.head()
            refuse_stale(head, seen)
            self.system.apply(head.state, action, self.door(), content)  # refused here, or kept
            return self.store.keep_asked_move(head.version, dict(action))

    def roll(
        self,
        expression: str,
        door: DiceDoor,
        *,
        repeat: int = 1,
        seed: int | None = None,
        who: str = "",
        secret: bool = False,
    ) -> list[Roll]:
        """Free rolls (``gmtool roll``): logged as rolled by ``who``, but they change no state.

        With a ``seed`` the door keeps its own generator (seeded with it) and the campaign's
        is untouched; the rolls are logged as ``seeded``, with the seed, never as rolled.
        A ``secret`` roll is the GM's alone: the table's screens show only that the GM
        rolled (``public_log``) until ``reveal`` shows it.
        """
        with self.store.transaction():
            campaign_rng = self.store.rng_state()
            if seed is None:
                door.rng = Rng(campaign_rng)
            rolls = [door.roll(expression, who=who) for _ in range(repeat)]
            door.finish()
            if seed is not None:
                rolls = [r.seeded(seed) if r.source == "rolled" else r for r in rolls]
            self.logged = self.store.append(
                kind=SECRET if secret else "roll",
                fields={
                    "who": who,
                    "what": rolls[0].expression
                    + (" (secret)" if secret else "")
                    + (" (seeded)" if seed is not None else ""),
                    "outcome": ", ".join(str(r.total) for r in rolls),
                },
                action=None,
                dice=[roll.to_json() for roll in rolls],
                result={},
                rng=campaign_rng if seed is not None or door.rng is None else door.rng.state,
                state=None,
            )
        return rolls

    def reveal(self, seq: int) -> Entry:
        """Show the table a secret roll (entry ``seq``): a new entry of its own, so undo
        hides the roll again. Refused for any other entry, and for one already shown."""
        with self.store.transaction():
            entry = self.store.find_entry(seq)
            if entry is None or entry.kind != SECRET:
                raise UsageError(
                    f"entry #{seq} is not a secret roll",
                    hint="'gmtool log' lists the secret rolls, marked (secret)",
                )
            if entry.voided:
                raise RulesError(f"secret roll #{seq} was undone", hint="redo it first")
            if self.store.live_reveal_of(seq) is not None:
                raise RulesError(f"secret roll #{seq} is already shown")
            shown = self.store.append(
                kind=REVEAL,
                fields={
                    "who": entry.who,
                    "what": reveal_what(seq),
                    "outcome": entry.outcome,
                },
                action=None,
                dice=entry.dice,
                result={"reveals": seq},
                rng=self.store.rng_state(),
                state=None,
            )
            return self.store.entry(shown)

    def mark(
        self,
        kind: str,
        *,
        what: str,
        who: str = "GM",
        outcome: str = "",
        mission: str = "",
        scene: str = "",
    ) -> int:
        """Log an entry that rolls nothing and changes no state (a note); its seq."""
        with self.store.transaction():
            return self.store.append(
                kind=kind,
                fields={
                    "who": who,
                    "what": what,
                    "outcome": outcome,
                    "mission": mission,
                    "scene": scene,
                },
                action=None,
                dice=[],
                result={},
                rng=self.store.rng_state(),
                state=None,
            )

    def undo(self) -> Entry:
        """Void the latest live entry and rebuild the state without it."""
        with self.store.transaction():
            entry = self.store.last_live_entry()
            if entry is None:
                raise RulesError("nothing to undo: the log has no live entries")
            redo = [*self.store.game().redo, entry.seq]
            self.store.set_voided(entry.seq, True, redo=redo)
            if entry.kind == "action":
                snapshot_seq, state = self.store.snapshot_before(entry.seq)
                replayed = self.store.live_actions_between(snapshot_seq, entry.seq)
                for earlier in replayed:
                    state = self._replay(state, earlier)
                self.store.set_head_state(state, len(replayed))
        return replace(entry, voided=True)

    def redo(self) -> Entry:
        """Bring back the entry undone last (if nothing new was logged since)."""
        with self.store.transaction():
            redo = self.store.game().redo
            if not redo:
                raise RulesError("nothing to redo: no undone entry since the last command")
            entry = self.store.entry(redo[-1])
            self.store.set_voided(entry.seq, False, redo=redo[:-1])
            if entry.kind == "action":
                self.store.advance_head(entry.seq, self._replay(self.state, entry))
        return replace(entry, voided=False)

    def state_after(self, seq: int) -> State:
        """The state once every live move up to entry ``seq`` is applied (the head state
        when ``seq`` is the latest): replayed from the latest snapshot before it."""
        snapshot_seq, state = self.store.snapshot_before(seq + 1)
        for entry in self.store.live_actions_between(snapshot_seq, seq + 1):
            state = self._replay(state, entry)
        return state

    def _replay(self, state: State, entry: Entry) -> State:
        from gmtool.engine.integrity import replay

        return replay(self.system, self.content, state, entry)


def refuse_stale(head: Head, seen: str | None) -> None:
    """Refuse a move chosen on another version of the state than the head's."""
    if seen is not None and seen != head.version:
        raise StaleMove


def _seed_option(options: Mapping[str, Any]) -> int | None:
    seed = options.get("seed")
    if seed is None or (isinstance(seed, int) and not isinstance(seed, bool)):
        return seed
    raise UsageError(f"options.seed: must be a whole number, not '{seed}'")
