"""The battle from the command line: JSON contracts, named dice, refusals, undo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.games.ftl.battle.conftest import log_entries

TICK_KEYS = {"second", "ships", "in_flight", "events", "winner", "over", "rolls", "story"}
SHIP_KEYS = {"hull", "shields", "evasion", "reactor", "systems", "weapons", "crew", "rooms"}


@pytest.fixture
def fight(duel):  # type: ignore[no-untyped-def]
    gmtool = duel
    for order in (
        ("power", "Red", "medbay", "0"),
        ("power", "Red", "shields", "4"),
        ("weapon", "Red", "burst_laser_ii", "on"),
        ("aim", "Red", "1", "bridge"),
        ("autofire", "Red", "on"),
    ):
        result = gmtool("ftl", *order)
        assert result.code == 0, result.err
    return gmtool


_entries = log_entries


def test_tick_json_contract_and_named_dice(fight) -> None:  # type: ignore[no-untyped-def]
    # burst laser II: 13 s less 15% (Di, skill 1: 1 s, rounded down) and the re-loader's
    # 15 s: never under a second, so it fires in the first
    result = fight("ftl", "tick", "--json")
    doc = json.loads(result.out)
    assert set(doc) >= TICK_KEYS and doc["second"] == 1
    red = doc["ships"]["Red"]
    assert set(red) >= SHIP_KEYS
    assert red["weapons"][0] == {
        "id": "burst_laser_ii",
        "powered": True,
        "charge": 0,
        "cooldown": 1,
        "target": "bridge",
        "shots_left": 1,
        "charges": 0,
        "charge_cap": 1,
        "artillery": False,
        "modelled": True,
    }
    assert {"oxygen", "fires", "breaches"} <= set(red["rooms"]["bridge"])
    assert [s["arrives"] for s in doc["in_flight"]] == [2, 2]
    # second 2: two shots reach Blue (5 dodge numbers): 3 dodges, 9 does not and pops a shield
    doc = json.loads(fight("ftl", "tick", "--dice", "evade=3,9", "--json").out)
    evades = [e for e in doc["events"] if e["event"] == "evade"]
    assert [(e["face"], e["dodged"]) for e in evades] == [(3, True), (9, False)]
    assert [r["roll"] for r in doc["rolls"]] == ["evade", "evade"]
    assert doc["ships"]["Blue"]["shields"]["up"] == 1


def test_refusals_write_nothing(fight) -> None:  # type: ignore[no-untyped-def]
    before = _entries(fight)
    cases = [
        (("ftl", "power", "Red", "engines", "9"), 4, "holds at most 3 bars"),
        (("ftl", "power", "Red", "warp", "1"), 2, "unknown system of Red"),
        (("ftl", "aim", "Red", "1", "nowhere"), 2, "unknown room of Blue"),
        (("ftl", "aim", "Red", "1", "bridge", "--corner", "2"), 4, "is not a beam"),
        (("ftl", "weapon", "Red", "1", "maybe"), 2, "neither on nor off"),
        (("ftl", "crew", "Red", "Zed", "bridge"), 2, "unknown crew member of Red"),
        (("ftl", "tick", "--dice", "evde=3"), 2, "'evde' is not a roll of the battle"),
        (("ftl", "tick", "--seconds", "11", "--dice", "evade=21,1"), 5, "not on a d20"),
        (("ftl", "tick", "--dice", "evade=3"), 5, "evade"),
        (("ftl", "doors", "Red", "hall", "open"), 4, "no door to space"),
    ]
    for args, code, words in cases:
        result = fight(*args)
        assert result.code == code, (args, result.err)
        assert words in result.err, (args, result.err)
        assert result.err.count("\n") == 1
    assert _entries(fight) == before


def test_undo_takes_back_a_second(fight) -> None:  # type: ignore[no-untyped-def]
    fight("ftl", "tick")
    doc = json.loads(fight("ftl", "tick", "--dice", "evade=3,3", "--json").out)
    assert doc["ships"]["Blue"]["shields"]["up"] == 2
    assert fight("undo").code == 0
    shown = json.loads(fight("ftl", "show", "--json").out)
    assert shown["second"] == 1 and len(shown["in_flight"]) == 2


def test_show_and_odds(fight) -> None:  # type: ignore[no-untyped-def]
    result = fight("ftl", "show")
    assert result.code == 0 and "Red Kestrel" in result.out and "bri" in result.out
    one = json.loads(fight("ftl", "show", "blue", "--json").out)
    assert list(one["ships"]) == ["Blue"]
    odds = json.loads(fight("ftl", "odds", "Red", "burst_laser_ii", "bridge", "--json").out)
    assert odds["dodge"]["fraction"] == "1/4"  # Blue: 27% evasion, 5 numbers
    assert fight("ftl", "odds", "Red", "burst_laser_ii", "bridge").code == 0


def test_coins_are_entered_as_words_or_numbers() -> None:
    from gmtool.games.ftl.commands import coin_faces  # the battle's --dice reads coins through it

    assert coin_faces("heads, T,2,tails,h") == [1, 2, 2, 2, 1]


def test_a_whole_battle_to_a_ships_death(gmtool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    campaign = tmp_path / "war.yaml"
    campaign.write_text(
        "system: ftl\noptions:\n  seed: 7\n  ships: {Red: ftl-red.yaml, Blue: ftl-blue.yaml}\n"
    )
    assert gmtool("campaign", "new", "war", "--from", str(campaign)).code == 0
    for order in (
        ("power", "Red", "medbay", "0"),
        ("power", "Red", "shields", "4"),
        ("weapon", "Red", "burst_laser_ii", "on"),
        ("autofire", "Red", "on"),
        ("aim", "Red", "burst_laser_ii", "bridge"),
        ("weapon", "Blue", "heavy_ion", "on"),
        ("weapon", "Blue", "bardiche", "on"),
        ("autofire", "Blue", "on"),
        ("aim", "Blue", "heavy_ion", "shield_room"),
        ("aim", "Blue", "bardiche", "armoury", "--corner", "1", "--toward", "down"),
    ):
        assert gmtool("ftl", *order).code == 0, order
    doc: dict = {}
    for _ in range(40):
        doc = json.loads(gmtool("ftl", "tick", "--seconds", "30", "--json").out)
        if doc["over"]:
            break
    assert doc["over"] and doc["winner"] in ("Red", "Blue")
    loser = "Blue" if doc["winner"] == "Red" else "Red"
    assert doc["ships"][loser]["hull"] == 0 and doc["ships"][doc["winner"]]["hull"] > 0
    assert gmtool("ftl", "tick").code == 4  # the battle is over
    log = json.loads(gmtool("log", "--format", "json").out)
    assert any("destroyed" in entry["outcome"] for entry in log)


def test_show_one_ship_for_people(fight) -> None:  # type: ignore[no-untyped-def]
    result = fight("ftl", "show", "Blue")
    assert result.code == 0, result.err
    assert "Blue Lanternfish" in result.out and "Red Kestrel" not in result.out
    assert "FTL drive" in result.out
    assert "doors: = shut, gap open, x broken, # locked" in result.out  # the grid's doors
    assert "=Fa  bri|" in result.out  # the bridge's door to space, shut
