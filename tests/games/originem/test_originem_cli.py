"""The ``gmtool originem`` commands end to end: JSON contracts, the dashboard, and bad
input (one line on stderr, a non-zero exit, nothing logged)."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

import pytest


def as_json(result: Any) -> Any:
    assert result.code == 0, result.err
    return json.loads(result.out)


def test_scene_json_contract(cli: Callable[..., Any]) -> None:
    as_json(cli("originem", "mission", "start", "Map Out Ancient Forest", "--json"))
    doc = as_json(
        cli(
            "originem",
            "scene",
            "exploration",
            "--by",
            "Larlen",
            "--by",
            "Pierre",
            "--by",
            "Remmy",
            "--dice",
            "4,2,3",
            "--json",
        )
    )
    assert doc["rolls"] == [
        {"by": "Larlen", "die": "d10", "face": 4, "source": "entered"},
        {"by": "Pierre", "die": "d6", "face": 2, "source": "entered"},
        {"by": "Remmy", "die": "d8", "face": 3, "source": "entered"},
    ]
    assert (doc["total"], doc["outcome"], doc["effects"]) == (
        9,
        "complete",
        {"complete_scene": True},
    )
    assert doc["mission"] == "Map Out Ancient Forest"


def test_rolled_scene_and_faces_by_roller(cli: Callable[..., Any]) -> None:
    doc = as_json(cli("originem", "scene", "general", "--by", "Remmy", "--json"))
    assert [r["source"] for r in doc["rolls"]] == ["rolled"] * 3
    assert 3 <= doc["total"] <= 24
    doc = as_json(
        cli(
            "originem",
            "scene",
            "puzzle",
            "--by",
            "Delilah",
            "--by",
            "Larlen",
            "--by",
            "Delilah",
            "--dice",
            "Delilah=10,9",
            "--dice",
            "Larlen=2",
            "--json",
        )
    )
    assert [r["face"] for r in doc["rolls"]] == [10, 2, 9] and doc["outcome"] == "bonus"


def test_status_json_contract(cli: Callable[..., Any]) -> None:
    cli("originem", "nova", "start")
    doc = as_json(cli("status", "--json"))
    assert set(doc["nova"]) >= {"remaining_seconds", "running"}
    assert doc["nova"]["running"] is True and 1795 <= doc["nova"]["remaining_seconds"] <= 1800
    assert doc["knowledge"] == {"have": 0, "need": 5}
    assert doc["crew"][2] | {"class_title": None, "down": None} == {
        "name": "Remmy",
        "class": "doctor",
        "hp": 60,
        "max_hp": 60,
        "class_title": None,
        "down": None,
    }
    assert all(set(m) >= {"name", "kind", "knowledge", "state"} for m in doc["missions"])
    assert "Greenwood Welcome" in [m["name"] for m in doc["missions"]]  # from the demo file


def test_dashboard_shows_nova_knowledge_crew(cli: Callable[..., Any]) -> None:
    cli("originem", "mission", "start", "Ship Defense")
    out = cli("status").out
    assert "NOVA 30:00" in out and "knowledge 0/5" in out
    assert "Remmy" in out and "60/60" in out and "Ship Defense" in out


def test_nova_commands(cli: Callable[..., Any]) -> None:
    assert as_json(cli("originem", "nova", "start", "--json"))["nova"]["running"] is True
    assert as_json(cli("originem", "nova", "pause", "--json"))["nova"]["running"] is False
    doc = as_json(cli("originem", "nova", "penalty", "lost", "--json"))
    assert doc["seconds"] == 60 and doc["nova"]["remaining_seconds"] <= 1740
    assert as_json(cli("originem", "nova", "resume", "--json"))["nova"]["running"] is True


def test_a_fight_step_by_step(cli: Callable[..., Any]) -> None:
    def step(*args: str) -> Any:
        return as_json(cli("originem", "combat", *args, "--json"))

    step("start", "-e", "low", "--gm-die", "d6", "--crew", "Pierre", "--crew", "Remmy")
    assert step("initiative", "--by", "Pierre", "--dice", "2,5")["first"] == "enemies"
    doc = step("enemy-attack", "low-1", "--target", "Remmy", "--dice", "6,5")
    assert doc["damage"] == 6 and doc["target_hp"] == 54
    step("attack", "--by", "Pierre", "--target", "low-1", "--dice", "4,1")
    doc = step("attack", "--by", "Remmy", "--target", "low-1", "--dice", "3,2")
    assert doc["combat"]["turn"] == "heal"
    doc = step("heal", "--by", "Remmy", "--target", "Remmy", "--dice", "4")
    assert doc["healed"] == {"name": "Remmy", "amount": 5, "hp": 59}
    doc = step("enemy-attack", "low-1", "--target", "Pierre", "--dice", "1,9")
    assert doc["blocked"] is True and doc["combat"]["turn"] == "crew"
    doc = step("attack", "--by", "Pierre", "--target", "low-1", "--dice", "5,1")
    assert doc["combat_over"] == "won" and doc["combat"] is None


def test_odds_json(cli: Callable[..., Any]) -> None:
    doc = as_json(cli("originem", "odds", "exploration", "--by", "Larlen", "--json"))
    shortcut = doc["outcomes"][-1]
    assert shortcut["outcome"] == "shortcut" and shortcut["fraction"] == "11/50"
    assert sum(o["probability"] for o in doc["outcomes"]) == pytest.approx(1)
    assert "shortcut" in cli("originem", "odds", "exploration", "--by", "Larlen").out


def test_mission_list_and_crew(cli: Callable[..., Any]) -> None:
    cli("originem", "mission", "start", "Ship Defense")
    missions = as_json(cli("originem", "mission", "list", "--json"))
    assert missions[0]["state"] == "under_way"
    crew = as_json(cli("originem", "crew", "--json"))
    assert [m["name"] for m in crew] == ["Pierre", "Delilah", "Remmy", "Larlen"]


def test_undo_a_scene(cli: Callable[..., Any]) -> None:
    cli("originem", "mission", "start", "Hostage Rescue")
    cli("originem", "scene", "exploration", "--by", "Larlen", "--dice", "10,10,10")
    assert as_json(cli("status", "--json"))["knowledge"]["have"] == 2
    assert cli("undo").code == 0
    assert as_json(cli("status", "--json"))["knowledge"]["have"] == 0
    assert cli("redo").code == 0
    assert as_json(cli("status", "--json"))["knowledge"]["have"] == 2


def test_log_who_finds_the_attacks_on_a_crew_member(cli: Callable[..., Any]) -> None:
    steps = [
        ["combat", "start", "-e", "low", "--gm-die", "d6", "--crew", "Larlen", "--crew", "Remmy"],
        ["combat", "initiative", "--by", "Larlen", "--dice", "1,6"],
        ["combat", "enemy-attack", "low-1", "--target", "Larlen", "--dice", "5,2"],
    ]
    for step in steps:
        assert cli("originem", *step).code == 0
    entries = json.loads(cli("log", "--who", "Larlen", "--json").out)
    assert [(e["who"], e["what"], e["outcome"]) for e in entries] == [
        ("Larlen", "combat initiative", "enemies first"),
        ("low-1, Larlen", "combat enemy-attack on Larlen", "hit for 5 (Larlen 45/50)"),
    ]


def test_crew_add_and_remove(cli: Callable[..., Any]) -> None:
    doc = as_json(cli("originem", "crew", "add", "doctor", "--name", "Ana", "--json"))
    assert doc["added"]["name"] == "Ana" and doc["added"]["hp"] == 60
    assert "Pierre leaves the crew" in cli("originem", "crew", "remove", "Pierre").out
    crew = as_json(cli("originem", "crew", "--json"))
    assert [m["name"] for m in crew] == ["Delilah", "Remmy", "Larlen", "Ana"]


def test_every_command_has_help() -> None:
    import typer.main

    from gmtool.games.originem.commands import app

    group = typer.main.get_command(app)
    seen = []

    def walk(command: Any, path: str) -> None:
        assert (command.help or "").strip(), f"{path} has no help"
        seen.append(path)
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, f"{path} {name}")

    walk(group, "originem")
    assert "originem combat enemy-attack" in seen and "originem nova penalty" in seen
    assert len(seen) >= 20
