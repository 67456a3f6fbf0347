"""``gmtool foodfight ...`` end to end: JSON contracts, logging, undo, and every bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest


@pytest.fixture
def short_game(gmtool, tmp_path: Path):  # type: ignore[no-untyped-def]
    """A two-step track: one discard puts a player out."""
    path = tmp_path / "short.yaml"
    path.write_text(
        "system: foodfight\n"
        "options: {players: [Ana, Bo, Cy, Di]}\n"
        "content: {board: {track: {length: 2, fortune_spots: [1]}}}\n"
    )
    result = gmtool("campaign", "new", "short", "--from", str(path), "--seed", "1")
    assert result.code == 0, result.err
    return gmtool


def doc(result):  # type: ignore[no-untyped-def]
    assert result.code == 0, result.err
    return json.loads(result.out)


def log_size(gmtool) -> int:  # type: ignore[no-untyped-def]
    return len(doc(gmtool("log", "--json")))


def test_show_json_contract_and_hidden_cards(game) -> None:  # type: ignore[no-untyped-def]
    board = doc(game("foodfight", "show", "--all", "--json"))
    shown = {"turn", "winner", "players", "fortune_deck", "discards", "battle"}
    assert {"every_secret", "system", "moves", "over", "fortune_spots"} | shown == set(board)
    assert board["battle"] is None
    assert board["turn"] == "Ana" and board["players"][1]["color"] == "Blue"
    assert board["players"][1]["piles"][0][-1]["salt"] == 9
    as_ana = doc(game("foodfight", "show", "--json", "--as", "Ana"))
    assert as_ana["players"][0]["piles"][0][-1]["salt"] == 9
    assert as_ana["players"][1]["piles"][0][-1] == {"food": None, "salt": None, "face_up": False}
    assert "Ana to play" in game("foodfight", "show", "--as", "Ana").out


def test_discard_attack_fortune_log_and_undo(game) -> None:  # type: ignore[no-untyped-def]
    result = doc(game("foodfight", "discard", "2", "--json"))
    assert result["type"] == "discard" and result["next"] == "Bo"
    assert result["moves"][0]["draws"] == 1
    drawn = [
        f["id"] for f in doc(game("foodfight", "peek", "--player", "Ana", "--json"))["fortunes"]
    ]
    assert len(drawn) == 1
    before = doc(game("foodfight", "show", "--all", "--json"))
    # Step one: the attack turns both cards face up. Bo holds no Fortune, so Ana answers.
    opened = doc(game("foodfight", "attack", "1", "Ana:1", "--json"))
    assert opened["type"] == "battle_opened" and opened["resolved"] is False
    assert opened["to_answer"] == "Ana"
    assert opened["attacker"]["card"]["salt"] == 9 and opened["defender"]["card"]["salt"] == 9
    board = doc(game("foodfight", "show", "--json", "--as", "Cy"))
    assert board["battle"]["to_answer"] == "Ana" and board["turn"] == "Bo"
    assert board["players"][1]["piles"][0][-1]["face_up"] is True  # everyone sees it now
    options = doc(game("foodfight", "options", "--json"))
    assert options["player"] == "Ana" and options["can_pass"] is True
    assert [f["id"] for f in options["fortunes"]] == drawn
    wrong = game("foodfight", "discard", "3")
    assert wrong.code == 4 and "a battle is under way: Ana may play a Fortune or pass" in wrong.err
    # Step two: Ana reveals her Fortune on her own card; the battle resolves.
    fight = doc(game("foodfight", "fortune", drawn[0], "--on", "mine", "--json"))
    assert fight["type"] == "attack" and fight["resolved"] is True
    assert fight["attacker"]["player"] == "Bo" and fight["defender"]["player"] == "Ana"
    assert [f["id"] for f in fight["defender"]["fortunes"]] == drawn
    assert fight["next"] == "Cy"
    assert log_size(game) == 3
    entries = doc(game("log", "--json"))
    assert entries[-2]["who"] == "Bo, Ana" and entries[-2]["what"] == "attack 1 Ana:1"
    assert entries[-1]["who"] == "Ana" and entries[-1]["what"] == f"fortune {drawn[0]}"
    assert len(doc(game("log", "--who", "Ana", "--json"))) == 3  # discard, defence, Fortune
    assert game("undo").code == 0 and game("undo").code == 0
    assert doc(game("foodfight", "show", "--all", "--json")) == before
    assert game("redo").code == 0 and game("redo").code == 0
    assert doc(game("foodfight", "show", "--all", "--json"))["turn"] == "Cy"


def test_fortunes_declared_with_the_attack_when_the_campaign_plays_blind(  # type: ignore[no-untyped-def]
    gmtool, tmp_path: Path
) -> None:
    path = tmp_path / "blind.yaml"
    path.write_text(
        "system: foodfight\n"
        "options: {players: [Ana, Bo, Cy, Di], seed: 4}\n"
        "content: {rules: {fortune_timing: blind}}\n"
    )
    assert gmtool("campaign", "new", "blind", "--from", str(path)).code == 0
    doc(gmtool("foodfight", "discard", "2", "--json"))
    drawn = doc(gmtool("foodfight", "peek", "--player", "Ana", "--json"))["fortunes"][0]["id"]
    fight = doc(gmtool("foodfight", "attack", "1", "Ana:1", "--defender-fortune", drawn,
                       "--on", "mine", "--json"))  # fmt: skip
    assert fight["type"] == "attack" and [f["id"] for f in fight["defender"]["fortunes"]] == [drawn]
    refused = gmtool("foodfight", "attack", "1", "Ana:1", "--fortune", "f01", "--fortune", "f02")
    assert refused.code == 4 and "cannot play another Fortune" in refused.err
    refused = gmtool("foodfight", "pass")
    assert refused.code == 4 and "no battle is waiting for a Fortune" in refused.err


def test_options_peek_status_and_layout(game, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    options = doc(game("foodfight", "options", "--json"))
    assert options["player"] == "Ana" and options["discard"] == list(range(1, 10))
    peek = doc(game("foodfight", "peek", "--player", "Bo", "--json"))
    assert peek["name"] == "Bo" and peek["piles"][0][-1]["food"] == "Ham Hoagie"
    status = doc(game("status", "--json"))
    assert status["system"] == "foodfight" and status["players"][3]["towers"] == 9
    layout = tmp_path / "mine.yaml"
    piles = [[f"b{2 * n + 2:02}", f"b{2 * n + 1:02}"] for n in range(9)]
    layout.write_text(json.dumps({"piles": piles}))
    laid = doc(game("foodfight", "layout", str(layout), "--player", "Bo", "--json"))
    assert laid == {"type": "layout", "player": "Bo", "layout": "by hand"}
    peek = doc(game("foodfight", "peek", "--player", "Bo", "--json"))
    assert peek["piles"][0][-1]["food"] == "Grapes"
    assert game("foodfight", "layout", "--strategy", "shuffled", "--player", "Di").code == 0
    assert game("foodfight", "discard", "1").code == 0
    late = game("foodfight", "layout", "--strategy", "shuffled")
    assert late.code == 4 and "before the first move" in late.err


def test_elimination_and_winner_from_the_terminal(short_game) -> None:  # type: ignore[no-untyped-def]
    gmtool = short_game
    out = doc(gmtool("foodfight", "discard", "1", "--json"))
    assert out["eliminated"] == ["Ana"] and out["next"] == "Bo"
    refused = gmtool("foodfight", "attack", "1", "Ana:1", "--json")
    assert refused.code == 4 and "Ana is out of the game (health)" in refused.err
    gmtool("foodfight", "discard", "1")
    final = doc(gmtool("foodfight", "discard", "1", "--json"))
    assert final["game_winner"] == "Di" and final["over"] is True
    assert doc(gmtool("foodfight", "show", "--all", "--json"))["winner"] == "Di"
    assert "Di wins" in gmtool("foodfight", "show").out
    over = gmtool("foodfight", "discard", "2")
    assert over.code == 4 and "the game is over: Di won" in over.err


BAD = [
    (("discard", "1", "--player", "Bo"), 4, "it is Ana's turn (Yellow), not Bo's"),
    (("attack", "1.1", "Bo:1"), 4, "card 1 of Ana's pile 1: it lies under another card"),
    (("attack", "1", "Bo:1.1"), 4, "cannot attack card 1 of Bo's pile 1"),
    (("attack", "1", "Zed:1"), 2, "unknown player 'Zed'"),
    (("attack", "1", "Ana:2"), 4, "cannot attack their own card"),
    (
        ("attack", "1", "Bo:1", "--fortune", "f01"),
        4,
        "Fortunes are played after the cards are turned over, not with the attack",
    ),
    (("fortune", "f01"), 4, "no battle is waiting for a Fortune"),
    (("pass",), 4, "no battle is waiting for a Fortune"),
    (("attack", "1", "Bo:1", "--fortune", "f01", "--on", "up"), 2, "'up' is not a card"),
    (("attack", "1", "Bo"), 2, "does not name a player's pile"),
    (("attack", "x", "Bo:1"), 2, "'x' is not a pile"),
    (("discard", "12"), 2, "pile 12 does not exist"),
    (("show", "--as", "Zed"), 2, "unknown player 'Zed'"),
    (("simulate", "--games", "2", "--policy", "smart"), 2, "unknown policy 'smart'"),
    (("layout",), 2, "give a layout FILE or a --strategy"),
]


@pytest.mark.parametrize(("args", "code", "needle"), BAD)
def test_bad_input_is_one_line_non_zero_and_not_logged(game, args, code, needle) -> None:  # type: ignore[no-untyped-def]
    result = game("foodfight", *args)
    assert result.code == code, result.err
    assert result.err.startswith("error: ") and needle in result.err
    assert result.err.count("\n") == 1 and result.out == ""
    assert log_size(game) == 0


def test_an_empty_pile_is_refused_from_the_terminal(game) -> None:  # type: ignore[no-untyped-def]
    for _ in range(8):  # two rounds: everyone's pile 9 is empty, and Ana is to play
        assert game("foodfight", "discard", "9").code == 0
    entries = log_size(game)
    result = game("foodfight", "attack", "9", "Bo:1")
    assert result.code == 4 and "cannot attack with Ana's pile 9: it is empty" in result.err
    result = game("foodfight", "attack", "1", "Bo:9", "--player", "Ana")
    assert result.code == 4 and "Bo's pile 9: it is empty" in result.err
    assert log_size(game) == entries


def test_simulate_json_and_table(gmtool) -> None:  # type: ignore[no-untyped-def]
    report = doc(
        gmtool(
            "foodfight", "simulate", "--games", "6", "--seed", "2", "--policy", "greedy", "--json"
        )
    )
    assert report["games"] == 6 and set(report["win_rate"]) == {"Yellow", "Blue", "Red", "Green"}
    assert report["games_per_second"] > 0
    assert "win rate" in gmtool("foodfight", "simulate", "--games", "3").out


def test_every_command_has_help(gmtool) -> None:  # type: ignore[no-untyped-def]
    for command in ("show", "peek", "discard", "attack", "layout", "options", "simulate"):
        result = gmtool("foodfight", command, "--help")
        assert result.code == 0 and len(result.out) > 100, command


def test_show_as_an_empty_name_is_refused_not_the_referees_view(game) -> None:  # type: ignore[no-untyped-def]
    result = game("foodfight", "show", "--as", "", "--json")
    assert result.code == 2 and result.out == ""
