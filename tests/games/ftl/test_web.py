"""FTL's screens under the test client: the table draws the battle (both ships' rooms,
hull, shields, power and charge bars, the second, the last second's story) or the map
between battles; a captain gives an order from the phone, from the legal list, and it is
logged as the typed command would be."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from gmtool.content.paths import packaged
from tests.web.client import Table, serving


@pytest.fixture
def duel(gmtool: Any) -> Iterator[Table]:
    demo = str(packaged("campaigns", "ftl-demo.yaml"))
    assert gmtool("campaign", "new", "f", "--from", demo, "--seed", "4").code == 0
    for command in (
        "power Red shields 2",
        "weapon Red burst_laser_ii on",
        "tick --seconds 9",
        "aim Red burst_laser_ii shield_room",  # charged (1 s with the re-loader)
        "tick --seconds 2",  # two shots at 10 land at 11, the third is fired at 11
    ):
        done = gmtool("ftl", *command.split())
        assert done.code == 0, done.err
    yield from serving("f")


def test_the_table_draws_both_ships_room_by_room_with_their_bars_and_the_story(
    duel: Table,
) -> None:
    page = duel.get("/").text
    assert "Second <b>11</b>" in page
    assert page.count('class="ship-grid"') == 2
    assert page.count('<g class="room') == 11 + 12  # Red Kestrel's rooms, Blue Lanternfish's
    assert re.search(r'<g class="room air-ok targeted">\s*<rect[^>]*><title>shield_room', page)
    assert "30/30" in page and 'class="charge"' in page and "burst laser ii" in page
    assert '<p class="banner story"><b>11s</b>' in page  # the last second's story only
    assert "None" not in page


def test_a_captain_powers_a_weapon_from_the_phone_and_it_is_logged_as_theirs(
    duel: Table, gmtool: Any
) -> None:
    page = duel.seat("Red").text
    assert "Your turn · Red" in page and "Blue Lanternfish, on your sensors" in page
    assert "jump" not in page.split('class="panel moves', 1)[1]  # no map: no jump to list
    found = re.search(r'<option value="(\d+)">heavy laser on</option>', page)
    assert found, "powering the heavy laser is one of the legal orders"
    battery = page.split("Backup battery", 1)[1].split("</select>", 1)[0]
    assert "choose…" not in battery and re.search(r'<option value="\d+" selected>battery', battery)
    seen = page.split('name="seen" value="', 1)[1].split('"', 1)[0]
    done = duel.post("Red", move="order_weapon", pick=found[1], seen=seen)
    assert "refused" not in done.text, done.text
    newest = json.loads(gmtool("log", "--json").out)[-1]
    assert newest["what"].startswith("order weapon") or "heavy_laser" in newest["outcome"]
    assert newest["who"] == "Red"
    battle = json.loads(gmtool("ftl", "show", "Red", "--json").out)
    heavy = next(w for w in battle["ships"]["Red"]["weapons"] if w["id"] == "heavy_laser")
    assert heavy["powered"]


def test_between_battles_the_table_shows_the_sector_map(gmtool: Any) -> None:
    demo = str(packaged("campaigns", "ftl-demo.yaml"))
    assert gmtool("campaign", "new", "m", "--from", demo, "--seed", "5").code == 0
    assert gmtool("-c", "m", "ftl", "map", "new").code == 0
    for table in serving("m"):
        page = table.get("/").text
        assert 'class="sector"' in page and page.count('class="sq ') == 36
        assert "<b>Red</b> jumps or waits" in page  # the first seat moves first
        assert "jump to a beacon" in table.seat("Red").text
        x, y = json.loads(gmtool("-c", "m", "status", "--json").out)["players"]["Red"]["at"]
        at = re.search(r"<th>Red</th>(?:<td>[^<]*</td>){2}<td class=\"beacon\">([^<]*)</td>", page)
        assert at and at[1] == f"({x}, {y})"  # a beacon named as the jumps name it
        assert f'<span class="chip">at <b>({x}, {y})</b></span>' in table.seat("Red").text


def _phone_move(table: Table, seat: str, move: str, **choices: str) -> str:
    """Post a move from a captain's phone as its form would: the form's pick, and each
    choice by the words shown for it."""
    page = table.seat(seat).text
    form = re.search(rf'<form [^>]*data-form="{move}:.*?</form>', page, re.S)
    assert form, f"{seat}'s phone offers no {move}: {page[:2000]}"
    fields = {
        "move": move,
        "pick": re.search(r'name="pick" value="(\d+)"', form[0])[1],  # type: ignore[index]
        "seen": page.split('name="seen" value="', 1)[1].split('"', 1)[0],
    }
    for key, words in choices.items():
        select = re.search(rf'<select name="k\.{key}".*?</select>', form[0], re.S)
        assert select, f"no {key} field in {form[0]}"
        found = re.search(rf'<option value="(\d+)">{re.escape(words)}</option>', select[0])
        assert found, f"{words!r} is not offered in {select[0]}"
        fields[f"k.{key}"] = found[1]
    return table.post(seat, **fields).text


def test_a_whole_match_from_the_phones(gmtool: Any, tmp_path: Any) -> None:
    from tests.games.ftl.test_match import CAMPAIGN, SMALL_MAP

    path = tmp_path / "match.yaml"
    path.write_text(CAMPAIGN)
    assert gmtool("campaign", "new", "pm", "--from", str(path)).code == 0
    assert gmtool("-c", "pm", "ftl", "map", "new", "--dice", SMALL_MAP).code == 0
    for table in serving("pm"):
        assert "On the map: <b>Red</b> jumps or waits" in table.get("/").text
        assert "it is Red's turn on the map" in table.seat("Blue").text
        told = _phone_move(table, "Red", "jump", to="(2, 2)")
        assert '<p class="notice">jump (2, 1) to (2, 2): 1 fuel, 7 left</p>' in told
        assert "refused" not in _phone_move(table, "Blue", "jump", to="(2, 2)")
        page = table.get("/").text
        assert "Second <b>0</b>" in page and page.count('class="ship-grid"') == 2
        assert gmtool("-c", "pm", "ftl", "tick", "--seconds", "35").code == 0
        assert "refused" not in _phone_move(table, "Red", "jump", to="(3, 2)")  # the escape
        page = table.get("/").text
        assert 'class="sector"' in page and "Between battles: <b>Blue</b> jumps or waits" in page
        assert "hull <b>8/8</b>" in table.seat("Blue").text  # the ship as the battle left it
        assert "refused" not in _phone_move(table, "Blue", "jump", to="(3, 2)")  # the pursuit
        for command in (
            "power Red shields 2",
            "weapon Red burst_laser_ii on",
            "weapon Red heavy_laser on",
            "aim Red burst_laser_ii shield_room",
            "aim Red heavy_laser shield_room",
            "autofire Red on",
            "tick --seconds 600",
        ):
            assert gmtool("-c", "pm", "ftl", *command.split()).code == 0, command
        page = table.get("/").text
        assert "The match is over: <b>" in page and "destroyed" in page
        assert "Nothing for you to do now." in table.seat("Red").text
    story = [entry["outcome"] for entry in json.loads(gmtool("-c", "pm", "log", "--json").out)]
    assert any("battle 2 begins" in line for line in story)
