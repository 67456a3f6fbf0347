"""The NOVA clock under the GM's hand: leaving ``play`` pauses it, ``nova adjust`` and
``nova set`` correct it within the campaign's length, a loss by the clock is an entry the
log can undo, and ``status`` says how long the clock ran with nobody playing.

The wall clock is faked (``time.time``), never slept on.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from typing import Any

import pytest

from gmtool.cli.playloop import QUIT
from gmtool.cli.playloop.scripted import CTRL_C
from gmtool.cli.playloop.scripted import ScriptedPrompts as Scripted
from gmtool.engine.game import Game
from gmtool.errors import RulesError, UsageError
from tests.games.originem.helpers import Play

T0 = 1_700_000_000.0


class Clock:
    """``time.time`` under the test's hand."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self.now = T0
        monkeypatch.setattr(time, "time", lambda: self.now)

    def wait(self, seconds: float) -> None:
        self.now += seconds


@pytest.fixture
def clock(monkeypatch: pytest.MonkeyPatch) -> Clock:
    return Clock(monkeypatch)


@pytest.fixture
def made(gmtool: Callable[..., Any], clock: Clock) -> Callable[..., Any]:
    result = gmtool("campaign", "new", "x", "--system", "originem", "--length", "30")
    assert result.code == 0, result.err
    return gmtool


def status(gmtool: Callable[..., Any]) -> dict[str, Any]:
    result = gmtool("status", "--json")
    assert result.code == 0, result.err
    doc: dict[str, Any] = json.loads(result.out)
    return doc


def log_whats(gmtool: Callable[..., Any]) -> list[str]:
    result = gmtool("log", "--json")
    assert result.code == 0, result.err
    return [entry["what"] for entry in json.loads(result.out) if not entry.get("voided")]


# -- the rules ---------------------------------------------------------------------------


def test_adjust_gives_time_back_and_takes_it(play: Play, state: dict[str, Any]) -> None:
    play({"type": "nova_start", "now": T0})
    play({"type": "nova_adjust", "seconds": -300, "now": T0 + 60})
    assert state["nova"]["remaining"] == 1800 - 60 - 300
    play({"type": "nova_adjust", "seconds": "+2m", "now": T0 + 60})
    assert state["nova"]["remaining"] == 1800 - 60 - 300 + 120
    assert state["nova"]["running"] is True and state["nova"]["since"] == T0 + 60


@pytest.mark.parametrize(
    ("seconds", "words"),
    [(61, "past the campaign's length"), (-1740, "leaves the NOVA counter at 0:00")],
)
def test_adjust_is_bounded_by_the_length(
    play: Play, state: dict[str, Any], seconds: int, words: str
) -> None:
    play({"type": "nova_start", "now": T0})
    with pytest.raises(RulesError, match=words):
        play({"type": "nova_adjust", "seconds": seconds, "now": T0 + 60})
    assert state["nova"]["remaining"] == 1800


def test_set_at_the_length_edges(play: Play, state: dict[str, Any]) -> None:
    play({"type": "nova_set", "seconds": 1800, "now": T0})  # the whole length: allowed
    assert state["nova"]["remaining"] == 1800
    play({"type": "nova_set", "seconds": "0:01", "now": T0})  # one second: allowed
    assert state["nova"]["remaining"] == 1
    for refused in (1801, 0):
        with pytest.raises(RulesError):
            play({"type": "nova_set", "seconds": refused, "now": T0})
    with pytest.raises(UsageError, match="not a time"):
        play({"type": "nova_set", "seconds": "soon", "now": T0})


def test_a_clock_at_zero_takes_only_corrections_until_the_loss_is_written(
    play: Play, state: dict[str, Any]
) -> None:
    play({"type": "nova_start", "now": T0})
    later = T0 + 1800 + 5
    with pytest.raises(RulesError, match="reached zero"):
        play({"type": "mission_start", "mission": "Ship Defense", "now": later})
    out = play({"type": "nova_out", "now": later})
    assert state["ended"] == "lost" and out.who == "NOVA" and out.result["zero_at"] == T0 + 1800
    with pytest.raises(RulesError, match="the crew has lost"):
        play({"type": "nova_out", "now": later})


def test_the_loss_is_not_written_while_time_is_left(play: Play, state: dict[str, Any]) -> None:
    play({"type": "nova_start", "now": T0})
    with pytest.raises(RulesError, match="has not reached zero"):
        play({"type": "nova_out", "now": T0 + 1799})


# -- the command line ----------------------------------------------------------------------


def test_a_loss_by_the_clock_is_an_entry_undo_takes_back(
    made: Callable[..., Any], clock: Clock
) -> None:
    assert made("originem", "nova", "start").code == 0
    clock.wait(27 * 60 + 1800)  # walked away; back long after zero
    refused = made("originem", "mission", "start", "Ship Defense")
    assert refused.code != 0 and len(refused.err.splitlines()) == 1
    assert "reached zero" in refused.err and "undo" in refused.err
    assert log_whats(made)[-1] == "nova out" and status(made)["ended"] == "lost"
    assert made("undo").code == 0
    given = made("originem", "nova", "adjust", "+10m")
    assert given.code == 0, given.err
    doc = status(made)
    assert doc["ended"] is None and doc["nova"]["remaining_seconds"] == 600
    assert doc["nova"]["running"] is True
    assert made("originem", "mission", "start", "Ship Defense").code == 0


def test_status_says_how_long_nova_ran_unattended(made: Callable[..., Any], clock: Clock) -> None:
    assert made("originem", "nova", "start").code == 0
    clock.wait(30)
    assert status(made)["nova"]["unattended_seconds"] == 30
    assert "unattended" not in made("status").out  # under a minute: nothing to say
    clock.wait(12 * 60)
    assert "running unattended for 12 min" in made("status").out
    assert made("originem", "nova", "adjust", "+1m").code == 0  # a move: the GM is back
    assert status(made)["nova"]["unattended_seconds"] == 0


@pytest.mark.parametrize(
    ("typed", "taken"), [("-5m", 300), ("5m", 300), ("-90s", 90), ("-1:30", 90)]
)
def test_a_penalty_reads_every_time_form(made: Callable[..., Any], typed: str, taken: int) -> None:
    result = made("originem", "nova", "penalty", typed)
    assert result.code == 0, result.err
    assert status(made)["nova"]["remaining_seconds"] == 1800 - taken


def test_a_penalty_that_is_no_time_lists_the_forms(made: Callable[..., Any]) -> None:
    result = made("originem", "nova", "penalty", "2x")
    assert result.code == 2 and len(result.err.splitlines()) == 1
    for form in ("5m", "90s", "1:30", "lost", "-"):
        assert form in result.err
    assert log_whats(made) == []


def test_a_penalty_with_a_plus_points_at_adjust(made: Callable[..., Any]) -> None:
    result = made("originem", "nova", "penalty", "+5m")
    assert result.code == 2 and "nova adjust +5m" in result.err
    assert log_whats(made) == []


@pytest.mark.parametrize(
    ("args", "left"),
    [
        (("adjust", "-90s"), 1710),
        (("adjust", "-5m"), 1500),
        (("set", "25:00"), 1500),
        (("set", "10m"), 600),
    ],
)
def test_adjust_and_set_at_the_command_line(
    made: Callable[..., Any], args: tuple[str, ...], left: int
) -> None:
    result = made("originem", "nova", *args)
    assert result.code == 0, result.err
    assert status(made)["nova"]["remaining_seconds"] == left
    assert made("undo").code == 0
    assert status(made)["nova"]["remaining_seconds"] == 1800


@pytest.mark.parametrize("args", [("adjust", "later"), ("set", "31:00"), ("set", "-5m")])
def test_bad_corrections_are_one_line_and_write_nothing(
    made: Callable[..., Any], args: tuple[str, ...]
) -> None:
    result = made("originem", "nova", *args)
    assert result.code != 0 and len(result.err.splitlines()) == 1
    assert log_whats(made) == []


# -- leaving play ----------------------------------------------------------------------------


@pytest.mark.parametrize("leave", [QUIT, CTRL_C])
def test_nova_survives_leaving_play_for_an_hour(
    made: Callable[..., Any], clock: Clock, leave: str, capsys: pytest.CaptureFixture[str]
) -> None:
    from gmtool.games.originem.play import run

    run(Game.open("x"), Scripted("NOVA: start", leave))
    assert "NOVA paused at 30:00 as you left" in capsys.readouterr().out
    clock.wait(3600)
    doc = status(made)
    assert doc["ended"] is None and doc["nova"]["running"] is False
    assert doc["nova"]["remaining_seconds"] == 1800
    assert log_whats(made)[-1] == "nova pause"
    run(Game.open("x"), Scripted("NOVA: resume", QUIT))
    assert status(made)["nova"]["remaining_seconds"] == 1800


def test_play_offers_the_corrections_when_the_clock_is_at_zero(
    made: Callable[..., Any], clock: Clock
) -> None:
    from gmtool.games.originem.play import run

    assert made("originem", "nova", "start").code == 0
    clock.wait(1900)
    script = Scripted("NOVA ran while nobody played: give time back", "2x", "+5m", QUIT)
    run(Game.open("x"), script)
    first = script.offered[0]
    assert first[:3] == [
        "NOVA reached zero: the crew has lost",
        "NOVA ran while nobody played: give time back",
        "NOVA: set the time left",
    ]
    assert script.script == []
    doc = status(made)
    assert doc["ended"] is None and doc["nova"]["remaining_seconds"] == 300
    assert doc["nova"]["running"] is False  # paused again on leaving


def test_play_writes_the_loss_when_the_gm_says_so(made: Callable[..., Any], clock: Clock) -> None:
    from gmtool.games.originem.play import run

    assert made("originem", "nova", "start").code == 0
    clock.wait(1900)
    run(Game.open("x"), Scripted("NOVA reached zero: the crew has lost", "undo", QUIT))
    whats = json.loads(made("log", "--json").out)
    assert [(e["what"], bool(e.get("voided"))) for e in whats][-1] == ("nova out", True)


def test_the_table_screen_says_how_long_nova_ran_unattended(
    made: Callable[..., Any], clock: Clock
) -> None:
    from tests.web.client import serving

    assert made("originem", "nova", "start").code == 0
    clock.wait(10 * 60 + 5)
    for table in serving("x"):
        assert "running unattended for 10 min" in table.get("/").text
        assert made("originem", "nova", "pause").code == 0
        assert "unattended" not in table.get("/").text


@pytest.mark.parametrize(("typed", "seconds"), [("45", 2700), ("45m", 2700), ("1h", 3600)])
def test_the_length_is_read_as_minutes_or_any_time(
    gmtool: Callable[..., Any], typed: str, seconds: int
) -> None:
    assert gmtool("campaign", "new", "y", "--system", "originem", "--length", typed).code == 0
    assert status(gmtool)["nova"]["length_seconds"] == seconds


def test_a_length_that_is_no_time_lists_the_forms(gmtool: Callable[..., Any]) -> None:
    result = gmtool("campaign", "new", "y", "--system", "originem", "--length", "2x")
    assert result.code == 2 and "45m" not in result.err and "1:30" in result.err
    assert gmtool("campaign", "list", "--json").out.strip() == "[]"


def test_a_games_command_group_in_capitals(made: Callable[..., Any]) -> None:
    assert made("Originem", "nova", "start").code == 0
    assert status(made)["nova"]["running"] is True


def test_the_log_says_each_correction_as_a_clock_reads(made: Callable[..., Any]) -> None:
    assert made("originem", "nova", "adjust", "-90s").code == 0
    assert made("originem", "nova", "set", "25:00").code == 0
    outcomes = [entry["outcome"] for entry in json.loads(made("log", "--json").out)]
    assert outcomes == ["-1:30, 28:30 left", "25:00 left"]
