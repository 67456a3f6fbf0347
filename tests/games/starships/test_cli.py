"""The starships commands end to end: whole encounters, the --json contract, undo, bad input."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

PARTY_FILE = """\
system: starships
name: CLI test crew
options:
  party:
    Ana:
      hp: 12
      defense: 12
      might: 2
      melee: {dice: 1d8, type: Kinetic}
      ranged: {dice: 1d6, type: Energy}
    Bo:
      hp: 10
      defense: 11
      dex: 2
      ranged: {dice: 1d6, type: Energy}
      row: back
"""


@pytest.fixture
def crew(gmtool, tmp_path: Path) -> Any:  # type: ignore[no-untyped-def]
    path = tmp_path / "crew.yaml"
    path.write_text(PARTY_FILE, encoding="utf-8")
    result = gmtool("campaign", "new", "crew", "--from", str(path), "--seed", "5")
    assert result.code == 0, result.err
    return gmtool


def ok(gmtool: Any, *args: str) -> Any:
    result = gmtool(*args, "--json")
    assert result.code == 0, result.err
    return json.loads(result.out)


def log_size(gmtool: Any) -> int:
    return len(json.loads(gmtool("log", "--json").out))


def test_a_whole_encounter_won_from_the_terminal(crew) -> None:  # type: ignore[no-untyped-def]
    start = ok(crew, "starships", "encounter", "start", "--enemy", "Crawler",
               "--enemy", "crawler", "--dice", "9,9,15,4")  # fmt: skip
    assert start["initiative"] == [[9, 9], [15, 4]]
    assert start["enemies"] == ["Crawler", "Crawler-2"]
    assert start["next"] == "Ana"
    doc = ok(crew, "starships", "attack", "Ana", "Crawler", "--melee", "--dice", "14,6")
    assert doc == {
        "hit": True, "natural": 14, "attack_total": 16, "defense": 10, "affinity": "normal",
        "damage": 8, "hp": {"Ana": 12, "Bo": 10, "Crawler": 4, "Crawler-2": 12},
        "momentum": {"Ana": 1, "Bo": 0, "Crawler": 0, "Crawler-2": 0}, "next": "Bo",
    }  # fmt: skip
    assert ok(crew, "starships", "hp", "Crawler-2", "-12", "--reason", "airlock")["down"]
    final = ok(crew, "starships", "attack", "Bo", "Crawler", "--ranged", "--dice", "12")
    assert (final["affinity"], final["damage"], final["next"]) == ("weak", 6, None)
    assert final["momentum"]["Bo"] == 2
    status = ok(crew, "status")
    assert (status["mode"], status["last_outcome"], status["turn"]) == (
        "exploration",
        "victory",
        None,
    )
    assert log_size(crew) == 4
    md = crew("log", "--format", "md").out
    assert "ranged attack on Crawler" in md and "MAX DMG!" in md


def test_a_lost_encounter_ends_the_game_and_undo_brings_it_back(crew) -> None:  # type: ignore[no-untyped-def]
    ok(crew, "starships", "encounter", "start", "--enemy", "Sentinel", "--dice", "1,20")
    felled = ok(crew, "starships", "attack", "Sentinel", "Ana", "--melee", "--dice", "12,6,6")
    assert felled["hp"]["Ana"] == 0 and felled["next"] == "Bo"
    bounced = ok(crew, "starships", "attack", "Bo", "Sentinel", "--ranged", "--dice", "15,6")
    assert (bounced["affinity"], bounced["damage"], bounced["hp"]["Bo"]) == ("reflect", 3, 7)
    assert bounced["momentum"]["Bo"] == 0
    status = ok(crew, "status")
    assert [c["skip_turns"] for c in status["combatants"] if c["name"] == "Bo"] == [1]
    last = ok(crew, "starships", "attack", "Sentinel", "Bo", "--melee", "--dice", "20,6,6")
    assert last["hp"]["Bo"] == 0 and last["next"] is None
    assert ok(crew, "status")["mode"] == "game_over"
    refused = crew("starships", "encounter", "start", "--enemy", "Pirate")
    assert refused.code == 4 and "the game is over" in refused.err
    assert crew("undo").code == 0
    status = ok(crew, "status")
    assert status["mode"] == "encounter" and status["turn"] == "Sentinel"
    assert {c["name"]: c["hp"] for c in status["combatants"]}["Bo"] == 7


def test_momentum_spend_from_the_terminal(crew) -> None:  # type: ignore[no-untyped-def]
    ok(crew, "starships", "add", "Hulk", "--enemy", "--hp", "60", "--defense", "5",
       "--affinity", "Kinetic=weak")  # fmt: skip
    ok(crew, "starships", "encounter", "start", "--dice", "20,1")
    # MAX DMG earns 2 Momentum: not enough for an extra turn yet
    ok(crew, "starships", "attack", "Ana", "Hulk", "--melee", "--dice", "18")
    short = crew("starships", "momentum", "spend", "Ana")
    assert short.code == 4 and "Ana has 2 Momentum; an extra turn costs 3" in short.err
    ok(crew, "starships", "end-turn", "Bo")
    ok(crew, "starships", "end-turn")
    ok(crew, "starships", "attack", "Ana", "Hulk", "--melee", "--dice", "18")
    spent = ok(crew, "starships", "momentum", "spend", "Ana")
    assert spent["next"] == "Ana" and spent["momentum"]["Ana"] == 1


def test_add_row_gadget_and_stream(crew) -> None:  # type: ignore[no-untyped-def]
    added = ok(crew, "starships", "add", "Zig", "--enemy", "--hp", "9", "--defense", "11",
               "--melee", "1d4:kinetic", "--affinity", "energy=drain", "--row", "back")  # fmt: skip
    assert added["combatant"]["affinities"] == {"Energy": "drain"}
    assert added["combatant"]["melee"] == {"dice": "1d4", "type": "Kinetic"}
    ok(crew, "starships", "encounter", "start", "--dice", "20,1")
    assert ok(crew, "starships", "row", "Ana", "back")["next"] == "Ana"
    used = ok(crew, "starships", "gadget", "Ana", "shield drone", "--roll", "1d6", "--dice", "5",
              "--success")  # fmt: skip
    assert (used["roll"], used["success"], used["momentum"]["Ana"], used["next"]) == (
        5,
        True,
        1,
        "Bo",
    )
    streamed = ok(crew, "starships", "stream", "Bo", "live from the hull")
    assert streamed["roll"] is None and streamed["next"] == "Zig"


def test_odds_from_the_terminal(crew) -> None:  # type: ignore[no-untyped-def]
    ok(crew, "starships", "add", "Zig", "--enemy", "--hp", "9", "--defense", "11", "--row", "back")
    doc = ok(crew, "starships", "odds", "Ana", "Zig", "--melee")
    assert doc["hit"]["fraction"] == "3/5"
    assert [row["amount"] for row in doc["on_hit"]] == [3, 4, 5, 6, 7, 8, 9, 10]  # Zig: enemy
    chart = crew("starships", "odds", "Ana", "Zig", "--melee")
    assert chart.code == 0 and "60.0%" in chart.out


def test_people_see_the_attack_and_the_board(crew) -> None:  # type: ignore[no-untyped-def]
    started = crew("starships", "encounter", "start", "--enemy", "Drone", "--dice", "20,1")
    assert started.code == 0 and "Ana's turn" in started.out and "Drone" in started.out
    shown = crew("starships", "attack", "Ana", "Drone", "--ranged", "--dice", "19")
    assert shown.code == 0
    assert "MAX DMG!" in shown.out and "Drone takes 6" in shown.out and "next: Bo" in shown.out


@pytest.mark.parametrize(
    ("args", "needle", "code"),
    [
        (("attack", "Ana", "Crawler", "--melee", "--dice", "15,3"), "Bo's turn, not Ana's", 4),
        (("attack", "Bo", "Crawler", "--melee", "--dice", "15,3"), "Bo has no melee weapon", 4),
        (("attack", "Bo", "Zed", "--ranged"), "combatant 'Zed' (valid: Ana, Bo,", 2),
        (("attack", "Bo", "Crawler-2", "--ranged", "--dice", "15"), "Crawler-2 is unconscious", 4),
        (("attack", "Bo", "Crawler", "--ranged", "--dice", "21"), "face, 21, is not on a d20", 5),
        (("attack", "Bo", "Crawler", "--ranged", "--dice", "15,3,4"), "took 2 and 1 were left", 5),
        (("attack", "Bo", "Crawler", "--ranged", "--dice", "5,3"), "the attack missed", 5),
        (("attack", "Bo", "Crawler", "--ranged", "--dice", "x"), "not a whole number", 5),
        (("attack", "Bo", "Crawler", "--ranged", "--dice", ""), "--dice was given no faces", 5),
        (("attack", "Bo", "Crawler", "--ranged", "--melee"), "choose one weapon", 2),
        (("attack", "Bo", "--ranged"), "Missing argument 'target'", 2),
        (("add", "Cy", "--hp", "many", "--defense", "5"), "'many' is not a valid int", 2),
        (("attack", "Bo", "Bo", "--ranged"), "cannot attack themselves", 4),
        (("add", "Cy"), "needs --hp and --defense", 2),
        (("add", "Cy", "--hp", "5", "--defense", "5", "--melee", "1d6"), "DICE:TYPE", 2),
        (("add", "Cy", "--hp", "5", "--defense", "5", "--affinity", "Fire=weak"),
         "unknown damage type 'Fire'", 2),
        (("hp", "Ana", "lots"), "is not a whole number", 2),
        (("row", "Bo", "middle"), "unknown row 'middle'", 2),
        (("encounter", "start", "--enemy", "Dragon"), "already running", 4),
        (("momentum", "spend", "Ana"), "only on their turn or right after it", 4),
        (("gadget", "Bo", " "), "needs a description", 2),
        (("end-turn", "Ana"), "it is Bo's turn", 4),
    ],
)  # fmt: skip
def test_bad_input_is_one_line_non_zero_and_logs_nothing(crew, args, needle, code) -> None:  # type: ignore[no-untyped-def]
    ok(crew, "starships", "encounter", "start", "--enemy", "Crawler", "--enemy", "Crawler",
       "--dice", "20,1")  # fmt: skip
    ok(crew, "starships", "end-turn", "Ana")
    ok(crew, "starships", "hp", "Crawler-2", "-99")
    before = log_size(crew)
    result = crew("starships", *args)
    assert result.code == code, result.err
    assert needle in result.err
    assert len(result.err.strip().splitlines()) == 1 and result.err.startswith("error: ")
    assert result.out == ""
    assert log_size(crew) == before


def test_an_unknown_enemy_before_any_fight(crew) -> None:  # type: ignore[no-untyped-def]
    result = crew("starships", "encounter", "start", "--enemy", "Dragon")
    assert result.code == 2
    assert (
        "unknown enemy 'Dragon' (valid: Crawler, Drone, Ghost, Pirate, Sentinel, Wisp)"
        in result.err
    )


def test_the_group_help_lists_commands_not_shell_completion(gmtool) -> None:  # type: ignore[no-untyped-def]
    shown = gmtool("starships", "--help")
    assert shown.code == 0 and "attack" in shown.out
    assert "completion" not in shown.out


def test_every_command_has_help(gmtool) -> None:  # type: ignore[no-untyped-def]
    commands = ["add", "remove", "attack", "row", "gadget", "stream", "end-turn", "hp", "odds",
                "encounter start", "encounter end", "momentum spend"]  # fmt: skip
    for command in commands:
        result = gmtool("starships", *command.split(), "--help")
        assert result.code == 0, command
        assert len(result.out.strip().splitlines()) > 3, command


def test_the_example_on_its_page_runs(gmtool) -> None:  # type: ignore[no-untyped-def]
    import shlex

    from gmtool.content.paths import packaged

    page = Path(__file__).resolve().parents[3] / "docs" / "games" / "starships.md"
    block = page.read_text(encoding="utf-8").split("```sh")[1].split("```")[0].replace("\\\n", " ")
    for line in block.strip().splitlines():
        words = shlex.split(line, comments=True)
        if words[1] == "play":
            continue
        if words[1:3] == ["campaign", "new"]:
            words[words.index("--from") + 1] = str(packaged("campaigns", "starships-demo.yaml"))
        result = gmtool(*words[1:])
        assert result.code == 0, f"{line}: {result.err}"
    status = json.loads(gmtool("status", "--json").out)
    assert status["turn"] == "Bo"  # the end-turn was undone
    assert {c["name"]: c["hp"] for c in status["combatants"]}["Rook"] == 0


def test_people_see_someone_fall_to_an_hp_change(crew) -> None:  # type: ignore[no-untyped-def]
    crew("starships", "encounter", "start", "--enemy", "Crawler", "--enemy", "Pirate",
         "--dice", "20,1")  # fmt: skip
    felled = crew("starships", "hp", "Crawler", "-99", "--reason", "airlock")
    assert felled.code == 0, felled.err
    assert "Crawler falls unconscious" in felled.out and "next: Ana" in felled.out
    won = crew("starships", "remove", "Pirate")
    assert won.code == 0, won.err
    assert "Victory" in won.out


def test_damage_rolled_against_a_fixed_affinity_is_logged_not_counted(crew) -> None:  # type: ignore[no-untyped-def]
    ok(crew, "starships", "encounter", "start", "--enemy", "Crawler", "--dice", "20,1")
    ok(crew, "starships", "end-turn", "Ana")
    # Crawler is weak to Energy: Bo's 1d6 is MAX DMG (6) whatever the die showed (2).
    doc = ok(crew, "starships", "attack", "Bo", "Crawler", "--ranged", "--dice", "15,2")
    assert doc["damage"] == 6 and doc["hp"]["Crawler"] == 6
    log = crew("log", "--last", "1", "--format", "csv")
    assert "1d6 [2] entered not counted: Crawler is weak to Energy" in log.out
    assert crew("undo").code == 0 and crew("redo").code == 0  # the replay takes the faces again
    assert json.loads(crew("status", "--json").out)["combatants"][2]["hp"] == 6
