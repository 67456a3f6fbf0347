"""``campaign verify``: can a campaign prove it is whole? And ``campaign rebuild``: make
it whole again from its log.

Verify reads everything and trusts nothing: SQLite's integrity check of the file, every
link of the checksum chain over the log, the seal over the head state, each snapshot's
hash, and finally a replay of every live action from the first state, with the faces the
log recorded, compared with each snapshot and with the head state. Rebuild keeps the log
as it is (its chain must hold) and builds the head state and the snapshots again from it,
in the campaign's own file in one transaction; a copy of the file as it was is kept
beside it.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from gmtool.dice import DiceDoor
from gmtool.errors import GmtoolError, StoreError
from gmtool.store import damage_mark, integrity, seals
from gmtool.store.campaign import SNAPSHOT_EVERY, CampaignStore
from gmtool.store.connection import begin_writing, store_error
from gmtool.store.home import existing_campaign_path
from gmtool.store.log_reading import live_actions
from gmtool.store.records import DamagedRow, Entry
from gmtool.store.version import schema_version


@dataclass
class Report:
    """What verify found: ``problems`` is empty when the campaign is whole."""

    name: str
    path: str
    problems: list[str] = field(default_factory=list)
    entries: int = 0
    snapshots: int = 0
    replayed: int = 0

    @property
    def is_whole(self) -> bool:
        return not self.problems

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "path": self.path,
            "whole": self.is_whole,
            "entries": self.entries,
            "snapshots": self.snapshots,
            "replayed": self.replayed,
            "problems": self.problems,
        }


def verify(name: str) -> Report:
    store = CampaignStore.open(name, check=False)
    report = Report(name, str(store.path))
    try:
        with store.reading():
            _verify(store.conn, report)
    except (sqlite3.DatabaseError, UnicodeError) as error:
        report.problems.append(f"the file cannot be read through: {error}")
    finally:
        store.close()
    del report.problems[integrity.MAX_REPORTED :]
    if report.is_whole:
        damage_mark.clear(store.path)  # a file restored from a backup, say
    return report


def _verify(conn: sqlite3.Connection, report: Report) -> None:
    report.problems += integrity.sqlite_problems(conn)
    if schema_version(conn) < seals.CHAINED_SINCE:
        report.problems.append(
            "the campaign has no checksums yet (written by an older gmtool): any command that"
            " writes to it adds them"
        )
        return
    report.entries, broken = integrity.chain_problems(conn)
    report.problems += broken
    seal = seals.seal_problem(conn, scan=True)
    if seal:
        report.problems.append(seal)
    snapshots, damaged = integrity.snapshots(conn)
    report.snapshots = len(snapshots) + len(damaged)
    report.problems += damaged
    report.problems += _replay_problems(conn, snapshots, report)
    report.problems += integrity.names_problems(conn)


def _replay_problems(
    conn: sqlite3.Connection, snapshots: dict[int, str], report: Report
) -> list[str]:
    """Replay every live action from the first state; each snapshot and the head state must
    be what the replay gives at that point."""
    row = conn.execute("SELECT system, overrides, state FROM game").fetchone()
    if row is None:
        return ["the campaign has no game row"]
    if 0 not in snapshots:
        return ["the first state (the snapshot at entry #0) is missing or damaged"]
    try:
        system, content = _system_and_content(row[0], row[1])
        state = json.loads(snapshots[0])
        for entry in live_actions(conn):
            state = replay(system, content, state, entry)
            report.replayed += 1
            if entry.seq in snapshots and json.loads(snapshots[entry.seq]) != state:
                return [f"the snapshot at entry #{entry.seq} differs from the replay of the log"]
    except (ReplayFailed, DamagedRow) as failed:
        return [str(failed)]
    except GmtoolError as error:
        return [f"the log cannot be replayed: {error.line()}"]
    except ValueError as error:  # JSON that is not readable
        return [f"the log cannot be replayed: {error}"]
    try:
        head = json.loads(row[2])
    except ValueError:
        return ["the head state is not readable"]
    if head != state:
        return ["the head state differs from the replay of the log"]
    return []


class ReplayFailed(StoreError):
    """Raised when a logged entry cannot be applied again as it was recorded."""


def _system_and_content(system_name: str, overrides_text: str) -> tuple[Any, Any]:
    from gmtool.games import get_game

    system = get_game(system_name)
    overrides = json.loads(overrides_text)
    return system, system.load_content(overrides if isinstance(overrides, dict) else {})


def replay(system: Any, content: Any, state: dict[str, Any], entry: Entry) -> dict[str, Any]:
    """The state after applying the logged ``entry`` again, with the faces it recorded."""
    try:
        faces = [int(die["face"]) for roll in entry.dice for die in roll["dice"]]
    except (KeyError, TypeError, ValueError) as error:
        raise ReplayFailed(f"the dice of entry #{entry.seq} are not readable ({error})") from None
    if entry.action is None:
        raise ReplayFailed(f"entry #{entry.seq} records no action")
    try:
        new_state: dict[str, Any] = system.apply(
            state, entry.action, DiceDoor(entered=faces), content
        ).state
    except GmtoolError as error:
        raise ReplayFailed(f"entry #{entry.seq} no longer applies: {error.line()}") from None
    except Exception as error:  # a state or action that is not what gmtool writes
        raise ReplayFailed(
            f"entry #{entry.seq} cannot be applied again ({type(error).__name__}: {error})"
        ) from None
    return new_state


# -- rebuild -------------------------------------------------------------------------------


@dataclass
class Rebuilt:
    name: str
    path: str
    kept: str
    entries: int
    replayed: int
    snapshots: int

    def to_json(self) -> dict[str, Any]:
        return dict(self.__dict__)


def rebuild(name: str) -> Rebuilt:
    """Build the head state and snapshots again from a log whose chain holds, inside the
    campaign's own file, in one transaction under the write lock every writer takes: a
    write of any process comes wholly before the rebuild or wholly after it, and no file is
    swapped under a connection held open (``play``, ``serve``). A copy of the file as it
    was is kept first (``NAME.db.before-rebuild-TIME``)."""
    from gmtool.store import backup

    path = existing_campaign_path(name)
    backup.clear_abandoned(path)
    backup.refuse_read_only(name, path)
    store = CampaignStore.open(name, check=False)
    kept: Path | None = None
    malformed: BaseException | None = None
    try:
        try:
            # An older campaign gains its checksums as it is opened for writing.
            store.open_for_writing()
            begin_writing(store.conn)
        except sqlite3.DatabaseError as error:
            raise store_error(error, name, path) from None
        try:
            plan = _read_and_replay(store.conn, name, path)
            kept = backup.keep_copy(name, path)  # what the rebuild starts from, under the lock
            done = _rebuild_in_place(store.conn, *plan)
            store.conn.execute("COMMIT")
        except BaseException:
            store._rollback()
            raise
    except (sqlite3.DatabaseError, UnicodeError) as error:
        if not damage_mark.is_malformed(str(error)):
            raise _refused(error, name, path) from None
        malformed = error
    finally:
        store.close()
    if malformed is not None:
        if kept is not None:
            kept.unlink(missing_ok=True)  # the mending keeps its own copy
        return _mend_by_copy(name, path, malformed)
    damage_mark.clear(path)
    entries, replayed, snapshots = done
    return Rebuilt(name, str(path), str(kept), entries, replayed, snapshots)


def _mend_by_copy(name: str, path: Path, malformed: BaseException) -> Rebuilt:
    """A file SQLite calls malformed where only what can be built again is damaged: its
    rows that cannot be (``salvage.KEPT_TABLES``) are copied into a new database, the state
    and snapshots rebuilt there, and the new database copied over the old one's pages, in
    its own file. Every writer is held off meanwhile: the damage mark, written first, is
    what each one looks for once it holds the write lock."""
    from gmtool.store import backup, salvage
    from gmtool.store.connection import connect
    from gmtool.store.home import create_private
    from gmtool.store.publish import remove_database, temporary_path

    damage_mark.mark(path, f"being mended by 'campaign rebuild' ({malformed})")
    built = temporary_path(path)
    remove_database(built)
    try:
        kept = backup.keep_copy(name, path)  # the pages as they are, damage and all
        store = CampaignStore.open(name, check=False)
        try:
            store.open_for_writing()
            begin_writing(store.conn)  # wait for a write already under way, then read
            rows = salvage.read_rows(store.conn)
        finally:
            store._rollback()
            store.close()
        create_private(built)
        conn = connect(built, name, new=True)
        try:
            conn.execute("BEGIN IMMEDIATE")
            salvage.write_rows(conn, rows)
            plan = _read_and_replay(conn, name, path)
            done = _rebuild_in_place(conn, *plan)
            conn.execute("COMMIT")
            target = connect(path, name)
            try:
                salvage.copy_over(conn, target)
            finally:
                target.close()
        finally:
            conn.close()
    except (sqlite3.DatabaseError, UnicodeError) as error:
        raise StoreError(
            f"campaign '{name}' cannot be rebuilt: SQLite cannot read its log or game row"
            f" through ({path}: {error}); nothing was changed",
            hint="restore the file from a backup",
        ) from None
    finally:
        remove_database(built)
    damage_mark.clear(path)
    entries, replayed, snapshots = done
    return Rebuilt(name, str(path), str(kept), entries, replayed, snapshots)


def _refused(error: sqlite3.DatabaseError | UnicodeError, name: str, path: Path) -> StoreError:
    from gmtool.store.backup import disk_full, full_error

    if disk_full(error):
        return full_error(name, path)
    return StoreError(
        f"campaign '{name}' cannot be read through to rebuild it; nothing was changed"
        f" ({path}: {error})",
        hint="restore the file from a backup",
    )


def _rebuild_in_place(
    conn: sqlite3.Connection,
    raw: dict[str, Any],
    states: tuple[str, int, dict[int, str]],
    replayed: int,
) -> tuple[int, int, int]:
    """(entries, live actions replayed, snapshots): the head state, the generator's state,
    the snapshots and the index of names written again from the log, the seal last."""
    head, since, snapshot_states = states
    rng = str(raw["last_rng"][0] if raw["last_rng"] else raw["game"][5])
    try:
        int(rng, 16)
    except ValueError:  # an older log without the generator's state, and a damaged row
        rng = str(dict(raw["meta"]).get("origin_rng", "0"))
    integrity.write_rebuilt(
        conn, rng=rng, state=head, since_snapshot=since, snapshot_states=snapshot_states
    )
    return int(raw["entries"]), replayed, len(snapshot_states)


def _read_and_replay(
    conn: sqlite3.Connection, name: str, path: Path
) -> tuple[dict[str, Any], tuple[str, int, dict[int, str]], int]:
    if schema_version(conn) < seals.CHAINED_SINCE:
        raise StoreError(
            f"campaign '{name}' has no checksums yet, so its log cannot be shown whole",
            hint="any command that writes to it adds them; then rebuild",
        )
    _, broken = integrity.chain_problems(conn)
    if broken:
        raise StoreError(
            f"campaign '{name}' cannot be rebuilt: its log is damaged ({broken[0]}) ({path})",
            hint="rebuild needs a whole log; restore the file from a backup",
        )
    raw = integrity.raw_rows(conn)
    if raw["game"] is None:
        raise StoreError(f"campaign '{name}' has no game row ({path})", hint="restore a backup")
    snapshots, _ = integrity.snapshots(conn)
    system, content = _system_and_content(raw["game"][1], raw["game"][4])
    first = snapshots.get(0) or _first_state(system, content, raw, name, path)
    state = json.loads(first)
    snapshot_states = {0: first}
    since = 0
    replayed = 0
    try:
        entries = live_actions(conn)
    except DamagedRow as damaged:
        raise StoreError(f"campaign '{name}' cannot be rebuilt: {damaged}") from None
    for entry in entries:
        try:
            state = replay(system, content, state, entry)
        except ReplayFailed as failed:
            raise StoreError(f"campaign '{name}' cannot be rebuilt: {failed}") from None
        replayed += 1
        since += 1
        if since >= SNAPSHOT_EVERY:
            snapshot_states[entry.seq] = json.dumps(state)
            since = 0
    return raw, (json.dumps(state), since, snapshot_states), replayed


def _first_state(system: Any, content: Any, raw: dict[str, Any], name: str, path: Path) -> str:
    """The first state built again from the options and the generator's first state (as
    ``campaign new`` built it), when its snapshot is damaged."""
    from gmtool.dice import Rng

    origin = dict(raw["meta"]).get("origin_rng")
    try:
        options = json.loads(raw["game"][3])
        rng = Rng(int(str(origin), 16))
        return json.dumps(system.new_state(content, options, DiceDoor(rng)))
    except (ValueError, TypeError, GmtoolError):
        raise StoreError(
            f"campaign '{name}' cannot be rebuilt: its first state is damaged ({path})",
            hint="restore the file from a backup",
        ) from None
