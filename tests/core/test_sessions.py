"""The log split into sessions: by marks, by end marks, by gaps; notes in the log."""

from __future__ import annotations

import json

import pytest

from gmtool.engine.sessions import split
from gmtool.store.records import Entry
from gmtool.store.session_marks import SessionMark


def entry(seq: int, time: str, *, kind: str = "roll", voided: bool = False) -> Entry:
    return Entry(
        seq, f"2026-12-01T{time}:00+00:00", kind, "", "1d20", "", "", "", None, [], {}, voided
    )


def mark(after: int, what: str, how: str = "play") -> SessionMark:
    return SessionMark(after, "2026-12-01T00:00:00+00:00", what, how)


def numbered(sessions: list) -> list[list[int]]:  # type: ignore[type-arg]
    return [[e.seq for e in s.entries] for s in sessions]


def test_one_session_without_marks_or_gaps() -> None:
    found = split([entry(1, "20:00"), entry(2, "20:10"), entry(3, "23:59")], gap_hours=4)
    assert numbered(found) == [[1, 2, 3]]
    assert found[0].began == "first"


def test_a_gap_longer_than_the_setting_begins_a_session() -> None:
    entries = [entry(1, "10:00"), entry(2, "14:00"), entry(3, "18:01")]
    # 10:00 -> 14:00 is exactly 4 hours (not more): the same session; 14:00 -> 18:01 is more.
    assert numbered(split(entries, gap_hours=4)) == [[1, 2], [3]]
    assert split(entries, gap_hours=4)[1].began == "after a break"
    assert numbered(split(entries, gap_hours=1)) == [[1], [2], [3]]


def test_marks_begin_and_end_sessions() -> None:
    entries = [entry(n, f"20:{n:02d}") for n in range(1, 7)]
    marks = [mark(0, "start"), mark(2, "end"), mark(4, "start", "serve")]
    found = split(entries, marks, gap_hours=4)
    # 1-2 in the play run; 3-4 written by commands after it ended; 5-6 in the serve run.
    assert numbered(found) == [[1, 2], [3, 4], [5, 6]]
    assert [s.began for s in found] == ["play", "after an end", "serve"]
    assert [s.ended for s in found] == [True, False, False]


def test_an_empty_session_is_left_out_unless_it_is_the_last() -> None:
    entries = [entry(1, "20:00"), entry(2, "20:05")]
    marks = [mark(1, "start"), mark(1, "end"), mark(2, "start")]
    found = split(entries, marks, gap_hours=4)
    # Entry 1; a play run begun and ended with nothing in it (left out); entry 2, written
    # after that run ended; a run just begun (kept: it is the last).
    assert numbered(found) == [[1], [2], []]
    assert [s.number for s in found] == [1, 2, 3]


def test_undone_entries_stay_in_their_session_but_out_of_its_story() -> None:
    found = split([entry(1, "20:00"), entry(2, "20:01", voided=True)], gap_hours=4)
    assert [e.seq for e in found[0].live()] == [1]
    assert found[0].to_json()["undone"] == 1


def test_note_session_commands(gmtool) -> None:  # type: ignore[no-untyped-def]
    assert gmtool("campaign", "new", "night", "--system", "originem").code == 0
    assert gmtool("session", "start").out == "session 1 begins\n"
    assert gmtool("session", "start").out == "a session has just begun: nothing written\n"
    assert gmtool("originem", "mission", "start", "Map Out Ancient Forest").code == 0
    noted = gmtool("note", "The crew  found\ta <b>path</b>", "--json")
    assert json.loads(noted.out) == {
        "seq": 2,
        "note": "The crew found a <b>path</b>",  # spaces folded, nothing else changed
        "mission": "Map Out Ancient Forest",
        "scene": "",
    }
    assert gmtool("session", "end").out == "session 1 ends\n"
    assert gmtool("session", "end").out == "no session is under way: nothing written\n"
    assert gmtool("roll", "1d6").code == 0
    listed = json.loads(gmtool("session", "list", "--json").out)["sessions"]
    assert [(s["first_seq"], s["last_seq"], s["notes"], s["began"]) for s in listed] == [
        (1, 2, 1, "by hand"),
        (3, 3, 0, "after an end"),
    ]
    # A note is an entry like any other: in the log, and undone by undo.
    log = json.loads(gmtool("log", "--json").out)
    assert [(e["kind"], e["who"]) for e in log][:2] == [("action", "GM"), ("note", "GM")]
    assert gmtool("undo").code == 0  # the roll
    assert "undone #2: The crew found" in gmtool("undo").out


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("note", "   "), "error: the note is empty"),
        (("note", "x" * 2001), "error: the note is 2,001 characters; the limit is 2,000"),
        (("recap", "--session", "3"), "error: no session 3: the log has sessions 1 to 1"),
        (("recap", "--last", "--all"), "error: choose one of --session N, --last and --all"),
        (("dice", "--die", "d1"), "error: --die d1: not a die size"),
    ],
)
def test_bad_input_is_one_line_and_writes_nothing(gmtool, args, message) -> None:  # type: ignore[no-untyped-def]
    assert gmtool("campaign", "new", "night", "--system", "originem").code == 0
    assert gmtool("roll", "1d6").code == 0
    before = gmtool("log", "--json").out
    result = gmtool(*args)
    assert result.code != 0
    assert result.err.startswith(message)
    assert len(result.err.strip().splitlines()) == 1
    assert gmtool("log", "--json").out == before


def test_a_campaign_of_an_older_schema_has_no_marks_until_written(gmtool) -> None:  # type: ignore[no-untyped-def]
    import sqlite3

    from gmtool.store.home import campaign_path
    from tests.core.old_schema import as_schema

    assert gmtool("campaign", "new", "old", "--system", "originem").code == 0
    assert gmtool("roll", "1d6").code == 0
    path = campaign_path("old")
    as_schema(path, 5)
    listed = json.loads(gmtool("session", "list", "--json").out)["sessions"]
    assert [s["entries"] for s in listed] == [1]
    assert gmtool("session", "end").code == 0  # the first write migrates the file
    with sqlite3.connect(path) as conn:
        assert conn.execute("SELECT mark FROM session_marks").fetchall() == [("end",)]
