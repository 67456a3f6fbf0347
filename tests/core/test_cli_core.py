"""The core commands end to end: roll, odds, campaign, log, undo/redo, and bad input."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any, cast

import pytest


def test_roll_json_contract_without_campaign(gmtool) -> None:  # type: ignore[no-untyped-def]
    result = gmtool("roll", "4d6kh3", "--dice", "1,5,3,6", "--json")
    assert result.code == 0
    doc = json.loads(result.out)
    assert doc["expression"] == "4d6kh3"
    assert doc["total"] == 14
    assert doc["source"] == "entered"
    assert [(d["sides"], d["face"], d["kept"]) for d in doc["dice"]] == [
        (6, 1, False),
        (6, 5, True),
        (6, 3, True),
        (6, 6, True),
    ]


def test_roll_repeat_and_seed(gmtool) -> None:  # type: ignore[no-untyped-def]
    first = json.loads(gmtool("roll", "3d6", "--seed", "11", "--repeat", "6", "--json").out)
    second = json.loads(gmtool("roll", "3d6", "--seed", "11", "--repeat", "6", "--json").out)
    assert len(first["rolls"]) == 6 and first == second
    assert all(r["source"] == "seeded" and 3 <= r["total"] <= 18 for r in first["rolls"])


def test_roll_exploding_entered(gmtool) -> None:  # type: ignore[no-untyped-def]
    assert json.loads(gmtool("roll", "d6!", "--dice", "6,6,2", "--json").out)["total"] == 14


@pytest.mark.parametrize(
    ("args", "needle", "code"),
    [
        (("roll", "1d8", "--dice", "9"), "the 1st face, 9, is not on a d8", 5),
        (("roll", "2d6", "--dice", "1"), "not enough faces", 5),
        (("roll", "2d6", "--dice", "1,2,3"), "too many faces", 5),
        (("roll", "2d6+"), "column 5", 5),
        (("roll", "1000000d6"), "limit is 1000", 5),
        (("roll", "1000d6", "--repeat", "11"), "11,000 dice in all; the limit is 10,000", 2),
        (("-c", "nope", "status"), "unknown campaign 'nope'", 2),
        (("campaign", "new", "../x", "--system", "originem"), "path characters", 2),
        (("campaign", "new", "x\n", "--system", "originem"), "may only use letters", 2),
        (("campaign", "new", "café", "--system", "originem"), "may only use letters", 2),
        (("campaign", "new", "a" * 65, "--system", "originem"), "65 characters long", 2),
        (("campaign", "new", "", "--system", "originem"), "cannot be empty", 2),
        (("campaign", "new", "x", "--system", "chess"), "unknown system 'chess'", 2),
        (("status",), "no campaign chosen", 2),
    ],
)
def test_bad_input_is_one_line_and_non_zero(gmtool, args, needle, code) -> None:  # type: ignore[no-untyped-def]
    result = gmtool(*args)
    assert result.code == code
    assert needle in result.err
    assert len(result.err.strip().splitlines()) == 1
    assert "Traceback" not in result.err and result.out == ""


def test_odds_json_and_chart(gmtool) -> None:  # type: ignore[no-untyped-def]
    doc = json.loads(gmtool("odds", "2d6", "--vs", "7", "--json").out)
    assert doc["vs"]["fraction"] == "7/12"
    assert [o["total"] for o in doc["outcomes"]] == list(range(2, 13))
    chart = gmtool("odds", "2d6", "--vs", "7")
    assert chart.code == 0 and "█" in chart.out and "58.33%" in chart.out


def test_campaign_rolls_are_logged_and_undone(gmtool, toy_campaign) -> None:  # type: ignore[no-untyped-def]
    assert gmtool("roll", "1d20", "--dice", "17").code == 0
    assert gmtool("roll", "2d6", "--json").code == 0
    log = json.loads(gmtool("log", "--json").out)
    assert [e["what"] for e in log] == ["1d20", "2d6"]
    assert log[0]["dice"][0]["source"] == "entered" and log[0]["outcome"] == "17"
    assert {"seq", "time", "who", "what", "dice", "outcome", "voided"} <= set(log[0])
    assert gmtool("undo").code == 0
    log = json.loads(gmtool("log", "--json").out)
    assert [e["voided"] for e in log] == [False, True]
    assert gmtool("redo").code == 0
    assert not json.loads(gmtool("log", "--json").out)[1]["voided"]


def test_rejected_roll_logs_nothing(gmtool, toy_campaign) -> None:  # type: ignore[no-untyped-def]
    assert gmtool("roll", "1d8", "--dice", "9").code == 5
    assert json.loads(gmtool("log", "--json").out) == []


def test_campaign_list_show_use(gmtool, toy_campaign, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    assert gmtool("campaign", "new", "c2", "--system", "toy", "--no-use").code == 0
    listed = json.loads(gmtool("campaign", "list", "--json").out)
    assert [(c["name"], c["current"], c["system"]) for c in listed] == [
        ("c1", True, "toy"),
        ("c2", False, "toy"),
    ]
    assert gmtool("campaign", "use", "c2").code == 0
    assert json.loads(gmtool("campaign", "show", "--json").out)["name"] == "c2"
    monkeypatch.setenv("GMTOOL_CAMPAIGN", "c1")
    assert json.loads(gmtool("campaign", "show", "--json").out)["name"] == "c1"
    assert json.loads(gmtool("-c", "c2", "campaign", "show", "--json").out)["name"] == "c2"
    assert "already exists" in gmtool("campaign", "new", "c1", "--system", "toy").err


def test_corrupt_database_is_one_clear_line(gmtool, toy_campaign, gmtool_home: Path) -> None:  # type: ignore[no-untyped-def]
    import gc

    gc.collect()  # close the in-process connections a real command's exit would close
    path = gmtool_home / "campaigns" / "c1.db"
    for suffix in ("-wal", "-shm"):
        Path(str(path) + suffix).unlink(missing_ok=True)
    path.write_bytes(b"this is not a database at all" * 100)
    result = gmtool("roll", "1d6")
    assert result.code == 6
    assert "not a readable database" in result.err and "Traceback" not in result.err


def test_locked_database_is_one_clear_line(
    gmtool, toy_campaign, gmtool_home: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    from gmtool.store import connection

    monkeypatch.setattr(connection, "BUSY_TIMEOUT_MS", 100)
    other = sqlite3.connect(gmtool_home / "campaigns" / "c1.db", isolation_level=None)
    other.execute("BEGIN EXCLUSIVE")
    try:
        result = gmtool("roll", "1d6")
    finally:
        other.execute("ROLLBACK")
        other.close()
    assert result.code == 6 and len(result.err.splitlines()) == 1
    assert "another command is writing; try again" in result.err
    assert json.loads(gmtool("log", "--json").out) == []


def test_debug_shows_traceback(gmtool, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from gmtool.errors import DiceError

    monkeypatch.setenv("GMTOOL_DEBUG", "1")
    with pytest.raises(DiceError):
        gmtool("roll", "2d")


def test_every_command_has_help(gmtool) -> None:  # type: ignore[no-untyped-def]
    for command in ("roll", "odds", "status", "check", "undo", "redo", "log", "play", "campaign"):
        result = gmtool(command, "--help")
        assert result.code == 0 and "Usage" in result.out, command


def test_play_refuses_without_a_terminal(gmtool) -> None:  # type: ignore[no-untyped-def]
    result = gmtool("play")
    assert result.code == 2 and "needs a terminal" in result.err


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("roll",), "Missing argument 'expression' (see 'gmtool roll --help')"),
        (("roll", "1d6", "--repeat", "x"), "'x' is not a valid"),
        (("nonsense",), "No such command 'nonsense'"),
        (("campaign", "new"), "Missing argument 'name'"),
        (("-c",), "-c/--campaign needs a campaign name"),
    ],
)
def test_command_line_mistakes_are_one_line(gmtool, args, needle) -> None:  # type: ignore[no-untyped-def]
    result = gmtool(*args)
    assert result.code == 2
    assert result.err.startswith("error: ") and needle in result.err
    assert len(result.err.strip().splitlines()) == 1


def test_bare_command_shows_help(gmtool) -> None:  # type: ignore[no-untyped-def]
    result = gmtool()
    assert result.code == 2 and result.out.startswith("Usage: gmtool") and result.err == ""


def test_faces_entered_twice_for_one_roller_are_refused() -> None:
    from gmtool.dice import parse_faces_by
    from gmtool.errors import DiceError

    with pytest.raises(DiceError, match="entered twice"):
        parse_faces_by(["Ana=1,2", "ana=3,4"])


@pytest.mark.parametrize(
    ("args", "needle"),
    [
        (("--system", "foodfight", "--players", "A,B,C,D", "--length", "30"), "--length is for"),
        (("--system", "originem", "--players", "A,B,C,D"), "--players is for foodfight"),
        (("--system", "astral", "--layout", "shuffled"), "--layout is for foodfight"),
    ],
)
def test_options_of_another_system_are_refused(gmtool, args, needle) -> None:  # type: ignore[no-untyped-def]
    result = gmtool("campaign", "new", "x", *args)
    assert result.code == 2 and needle in result.err
    assert "x" not in gmtool("campaign", "list").out


def test_names_that_look_like_markup_are_printed_as_they_are(
    gmtool, toy_campaign, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    from gmtool.engine.game import Game

    game = Game.open("c1")
    game.play({"type": "add", "who": "[/x] [bold]Bo"}, game.door(entered=[2]))
    table = gmtool("log")
    assert table.code == 0 and "[/x]" in table.out and "[bold]Bo" in table.out
    camp = tmp_path / "camp.yaml"
    camp.write_text('system: toy\nname: "[/oops] [red]"\n')
    assert gmtool("campaign", "new", "c2", "--from", str(camp)).code == 0
    shown = gmtool("campaign", "show")
    assert shown.code == 0 and "[/oops] [red]" in shown.out


def test_a_refusal_in_the_play_loop_is_printed_as_it_is(capsys) -> None:  # type: ignore[no-untyped-def]
    from gmtool.cli.playloop import PlayLoop
    from gmtool.cli.playloop.scripted import ScriptedPrompts
    from gmtool.errors import RulesError

    def refuse() -> None:
        raise RulesError("[/x] may not act")

    loop = PlayLoop(cast(Any, None), ScriptedPrompts())
    loop.attempt(refuse)
    assert "[/x] may not act" in capsys.readouterr().out


def test_a_seed_in_the_campaign_file_makes_its_campaigns_reproducible(
    gmtool, toy_campaign, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    camp = tmp_path / "seeded.yaml"
    camp.write_text("system: toy\noptions:\n  seed: 3\n")
    rolls = []
    for name in ("s1", "s2"):
        assert gmtool("campaign", "new", name, "--from", str(camp)).code == 0
        rolls.append([json.loads(gmtool("roll", "3d6", "--json").out)["total"] for _ in range(5)])
    assert rolls[0] == rolls[1]
    gmtool("campaign", "new", "s3", "--from", str(camp), "--seed", "4")
    assert [json.loads(gmtool("roll", "3d6", "--json").out)["total"] for _ in range(5)] != rolls[0]
    camp.write_text("system: toy\noptions:\n  seed: lots\n")
    bad = gmtool("campaign", "new", "s4", "--from", str(camp))
    assert bad.code == 2 and f"{camp}:3: options.seed: must be a whole number" in bad.err


@pytest.mark.parametrize("command", ["roll", "odds"])
def test_an_expression_starting_with_minus_says_how_to_pass_it(gmtool, command: str) -> None:  # type: ignore[no-untyped-def]
    result = gmtool(command, "-d4+2")
    assert result.code == 2 and len(result.err.splitlines()) == 1
    assert f"write it after '--': gmtool {command} -- -d4+2" in result.err
    assert gmtool(command, "--", "-d4+2").code == 0


def test_choosing_a_campaign_warns_when_gmtool_campaign_overrides_it(
    gmtool, toy_campaign, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    assert gmtool("campaign", "new", "c2", "--system", "toy", "--no-use").code == 0
    monkeypatch.setenv("GMTOOL_CAMPAIGN", "c1")
    used = gmtool("campaign", "use", "c2")
    assert used.code == 0 and "now using campaign 'c2'" in used.out
    assert "GMTOOL_CAMPAIGN=c1 still chooses 'c1'" in used.err
    created = gmtool("campaign", "new", "c3", "--system", "toy")
    assert created.code == 0 and "GMTOOL_CAMPAIGN=c1 still chooses 'c1'" in created.err
    assert gmtool("campaign", "use", "c1").err == ""
