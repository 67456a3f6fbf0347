"""Promises every command keeps: one JSON document with --json, nothing written for a
refused command, and a quick roll that stays light."""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

from gmtool.engine.game import Game
from gmtool.errors import RulesError
from gmtool.games import GAMES


@pytest.fixture
def toy(gmtool, monkeypatch: pytest.MonkeyPatch) -> Game:  # type: ignore[no-untyped-def]
    monkeypatch.setitem(GAMES, "toy", "tests.core.toy")
    assert gmtool("campaign", "new", "t", "--system", "toy", "--seed", "5").code == 0
    return Game.open("t")


JSON_COMMANDS = [
    ("roll", "2d6", "--json"),
    ("roll", "4d6kh3", "--repeat", "6", "--json"),
    ("roll", "d6!", "--dice", "6,6,2", "--json"),
    ("odds", "2d6", "--vs", "8", "--json"),
    ("status", "--json"),
    ("log", "--json"),
    ("log", "--format", "json", "--last", "1"),
    ("undo", "--json"),
    ("redo", "--json"),
    ("campaign", "list", "--json"),
    ("campaign", "show", "--json"),
]


def test_every_json_command_prints_exactly_one_document(gmtool, toy: Game) -> None:  # type: ignore[no-untyped-def]
    for args in JSON_COMMANDS:
        result = gmtool(*args)
        assert result.code == 0, (args, result.err)
        json.loads(result.out)  # one document: json.loads refuses anything after it
        assert result.out.count("\n") == 1 and result.err == "", args


def test_roll_json_shapes(gmtool, toy: Game) -> None:  # type: ignore[no-untyped-def]
    one = json.loads(gmtool("roll", "2d6+1", "--json").out)
    assert set(one) == {"expression", "total", "dice", "source"}
    assert all(set(die) == {"sides", "face", "kept"} for die in one["dice"])
    many = json.loads(gmtool("roll", "3d6", "--repeat", "4", "--json").out)
    assert list(many) == ["rolls"] and len(many["rolls"]) == 4
    assert all(set(r) == {"expression", "total", "dice", "source"} for r in many["rolls"])
    assert len(json.loads(gmtool("log", "--json").out)) == 2  # one entry for the four rolls


def test_a_rule_refused_after_rolling_writes_nothing_and_keeps_the_generator(toy: Game) -> None:
    toy.play({"type": "add"}, toy.door(entered=[3]))
    before = (toy.store.rng_state(), toy.store.count_entries(), toy.state)
    # The toy rolls 50d20 first, then finds the total over its cap of 1000 for most rolls;
    # a cap of 10 makes sure.
    toy.__dict__["content"] = {"cap": 10}
    with pytest.raises(RulesError, match="over the cap"):
        toy.play({"type": "add", "dice": "50d20"}, toy.door())
    assert (toy.store.rng_state(), toy.store.count_entries(), toy.state) == before


def test_a_seeded_campaign_rolls_the_same_from_command_to_command(gmtool, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setitem(GAMES, "toy", "tests.core.toy")
    totals = []
    for name in ("a", "b"):
        gmtool("campaign", "new", name, "--system", "toy", "--seed", "99")
        totals.append(
            [
                json.loads(gmtool("-c", name, "roll", "d20!", "--json").out)["total"]
                for _ in range(8)
            ]
        )
    assert totals[0] == totals[1] and len(set(totals[0])) > 1


WEB = ("starlette", "uvicorn", "jinja2", "segno", "anyio", "h11", "gmtool.web")
"""What only ``gmtool serve`` may import."""

CHECK_IMPORTS = (
    f"WEB = {WEB!r}\n"
    + """
import sys
from gmtool.cli.main import main
sys.argv = ["gmtool", *sys.argv[1:]]
try:
    main()
    code = 0
except SystemExit as stop:
    code = stop.code
heavy = ("rich", "pydantic", "yaml", "icepool", "questionary", "platformdirs", *WEB)
sys.stderr.write(repr(sorted(m for m in heavy if m in sys.modules)))
sys.exit(code)  # a command that failed fails the test (the callers run with check=True)
"""
)


@pytest.mark.parametrize("with_campaign", [False, True])
def test_a_quick_roll_imports_nothing_heavy(gmtool, gmtool_home: Path, with_campaign: bool) -> None:  # type: ignore[no-untyped-def]
    args = ["roll", "1d20"]
    if with_campaign:
        assert gmtool("campaign", "new", "c", "--system", "originem").code == 0
        args = ["-c", "c", *args]
    done = subprocess.run(
        [sys.executable, "-c", CHECK_IMPORTS, *args],
        capture_output=True,
        text=True,
        env={"GMTOOL_HOME": str(gmtool_home), "PATH": "", "PYTHONPATH": str(Path.cwd())},
        check=True,
    )
    assert "1d20 = " in done.stdout
    assert done.stderr == "[]"


@pytest.mark.parametrize(
    "args",
    [
        ["status"],
        ["log", "--last", "3"],
        ["campaign", "list"],
        ["foodfight", "show", "--as", "Ana"],
        ["foodfight", "options"],
        ["undo"],
        ["serve", "--help"],
        ["--help"],
    ],
)
def test_only_serve_imports_the_web_libraries(gmtool, gmtool_home: Path, args: list[str]) -> None:  # type: ignore[no-untyped-def]
    assert (
        gmtool("campaign", "new", "c", "--system", "foodfight", "--players", "Ana,Bo,Cy,Di").code
        == 0
    )
    assert gmtool("roll", "1d6").code == 0  # something for undo to undo
    done = subprocess.run(
        [sys.executable, "-c", CHECK_IMPORTS, *args],
        capture_output=True,
        text=True,
        env={"GMTOOL_HOME": str(gmtool_home), "PATH": "", "PYTHONPATH": str(Path.cwd())},
        check=True,
    )
    imported = ast.literal_eval(done.stderr[done.stderr.rindex("[") :])
    assert not set(imported) & set(WEB), imported


def test_status_as_on_a_game_without_secrets_is_refused(gmtool, toy: Game) -> None:  # type: ignore[no-untyped-def]
    for args in (("status", "--as", "Ana"), ("status", "--as", "Ana", "--json")):
        result = gmtool(*args)
        assert result.code == 2 and result.out == ""
        assert result.err.strip() == (
            "error: Toy counter has no secrets: every seat sees the same status "
            "(run gmtool status without --as)"
        )


@pytest.mark.parametrize("system", sorted(GAMES))
def test_a_seat_view_comes_from_the_declaration_only(system: str) -> None:
    from gmtool.games import get_game

    assert not hasattr(get_game(system), "seat_status")  # ``view(state, seat)`` replaced it


TITLES = {
    "originem": "Originem",
    "astral": "Astral",
    "starships": "Stars & Starships encounters",
    "ftl": "FTL multiplayer board game",
}


@pytest.mark.parametrize("system", sorted(TITLES))
def test_status_as_in_a_game_whose_seats_see_the_same_is_refused(gmtool, system: str) -> None:  # type: ignore[no-untyped-def]
    assert gmtool("campaign", "new", "c", "--from", f"{system}-demo").code == 0
    result = gmtool("-c", "c", "status", "--as", "anyone")
    assert (result.code, result.out) == (2, "")
    assert result.err.strip() == (
        f"error: {TITLES[system]} has no secrets: every seat sees the same status "
        "(run gmtool status without --as)"
    )


@pytest.mark.parametrize("system", ["foodfight", "zauberer"])
def test_games_with_secrets_say_so(system: str) -> None:
    from gmtool.games import get_game

    assert get_game(system).has_secrets
    assert not any(get_game(name).has_secrets for name in TITLES)


@pytest.mark.parametrize("system", sorted(GAMES))
def test_every_declaration_answers_with_the_campaigns_content(gmtool, system: str) -> None:  # type: ignore[no-untyped-def]
    """The four answers take the campaign's content the same way in every game, so a front
    end can ask any game alike."""
    from gmtool.engine.system import Move

    players = ["--players", "A,B,C,D"] if system == "foodfight" else []
    source = (
        ["--system", system, *players] if system == "foodfight" else ["--from", f"{system}-demo"]
    )
    assert gmtool("campaign", "new", "c", *source).code == 0
    game = Game.open("c")
    state, declared, content = game.state, game.system, game.content
    seats = declared.seats(state)
    assert all(isinstance(seat, str) for seat in seats)
    bare, full = declared.view(state, None), declared.view(state, None, content=content)
    # The content only fills in what a view cannot know without it (FTL's battle about to
    # open, drawn from the campaign's ships and settings); the rest is the same.
    assert full.keys() == bare.keys()
    assert all(full[key] == seen for key, seen in bare.items() if seen is not None)
    for seat in [None, *seats]:
        moves = declared.options(state, seat, content=content)
        assert all(isinstance(move, Move) for move in moves)
        assert isinstance(declared.view(state, seat, content=content), dict)
    assert set(declared.to_move(state, content=content)) <= set(seats)
