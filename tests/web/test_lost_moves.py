"""No move is lost or played twice: a move waiting for another seat's answer outlives the
GM's free rolls (which change no state), is called off with a reason on both screens when
the state does change, and a form posted twice is refused the second time."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.games.foodfight.test_web import BLIND
from tests.games.zauberer.test_web import LONG_REACH, TO_THE_DUEL
from tests.web.client import SEATS, Table, entries, serving

SEEN = re.compile(r'name="seen" value="([0-9a-f]+)"')
ASKED = re.compile(r'name="asked" value="(\d+)"')


@pytest.fixture
def blind(gmtool, tmp_path: Path) -> Iterator[Table]:  # type: ignore[no-untyped-def]
    (tmp_path / "blind.yaml").write_text(BLIND)
    assert gmtool("campaign", "new", "ff", "--from", str(tmp_path / "blind.yaml")).code == 0
    for table in serving("ff"):
        for seat in SEATS:  # everyone discards once: each holds a Fortune
            assert "refused" not in table.post(seat, move="discard", pile="1").text
        yield table


@pytest.fixture
def duel(gmtool, tmp_path: Path) -> Iterator[Table]:  # type: ignore[no-untyped-def]
    (tmp_path / "z.yaml").write_text(LONG_REACH)
    assert gmtool("campaign", "new", "z", "--from", str(tmp_path / "z.yaml")).code == 0
    for command in TO_THE_DUEL:
        assert gmtool("zauberer", *command.split()).code == 0, command
    for table in serving("z"):
        assert "refused" not in table.post("fire", move="duel_start", target="water").text
        yield table


def seen_by(table: Table, seat: str) -> str:
    (version,) = set(SEEN.findall(table.seat(seat).text))
    return version


def test_an_attack_waiting_for_the_defender_outlives_free_rolls(blind: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    version = blind.campaign.call(lambda: blind.campaign.game.look().version)
    seen = seen_by(blind, "Ana")
    asked = blind.post("Ana", move="attack", pile="2", target="Bo:2", seen=seen)
    assert "waiting for Bo to answer" in asked.text
    for expression in ("1d20", "2d6+3"):  # the GM rolls freely meanwhile
        assert gmtool("roll", expression).code == 0
    assert gmtool("roll", "d6", "--by", "Cy").code == 0
    assert blind.campaign.call(lambda: blind.campaign.game.look().version) == version
    bo = blind.seat("Bo").text
    assert "Ana attacks your pile 2 with their pile 2" in bo
    (number,) = ASKED.findall(bo)
    answered = blind.post("Bo", "answer", fortune="", seen=seen_by(blind, "Bo"), asked=number)
    assert "refused" not in answered.text, answered.text
    last = entries(gmtool)[-1]
    assert (last["who"], last["what"]) == ("Ana, Bo", "attack 2 Bo:2")
    assert [e["kind"] for e in entries(gmtool)[-4:]] == ["roll", "roll", "roll", "action"]


def test_a_move_that_changes_the_state_calls_the_waiting_attack_off_and_says_so(
    blind: Table, gmtool
) -> None:  # type: ignore[no-untyped-def]
    blind.post("Ana", move="attack", pile="2", target="Bo:2")
    assert gmtool("undo").code == 0  # the GM takes Di's discard back: the state changed
    called_off = "Ana's move was called off: the game changed before it was answered"
    for seat in ("Bo", "Ana"):  # a live redraw says it, and says it again
        assert blind.seat(seat, "/part").text.count(called_off) == 1
        assert blind.seat(seat, "/part").text.count(called_off) == 1
    assert blind.seat("Ana").text.count(called_off) == 1
    refused = blind.post("Bo", "answer", fortune="")
    assert refused.text.count("refused: nothing is waiting for your answer") == 1
    assert called_off in refused.text  # the defender is told why
    assert "Ana attacks" not in blind.get("/").text
    assert len(entries(gmtool)) == 4  # the four discards, one of them undone; no attack
    assert called_off not in blind.seat("Bo", "/part").text  # told once it acted again


def test_the_same_attack_posted_twice_asks_the_defender_once(blind: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    form = {"move": "attack", "pile": "2", "target": "Bo:2", "seen": seen_by(blind, "Ana")}
    assert "waiting for Bo to answer" in blind.post("Ana", **form).text
    again = blind.post("Ana", **form)
    assert "refused: this move was already sent" in again.text
    assert blind.campaign.questions["Bo"].number == 1  # the first question still waits
    assert "refused" not in blind.post("Bo", "answer", fortune="").text
    assert entries(gmtool)[-1]["what"] == "attack 2 Bo:2"
    assert "refused: this move was already sent" in blind.post("Ana", **form).text
    assert len(entries(gmtool)) == 5


def test_a_move_posted_twice_is_played_once(table: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    form = {"move": "discard", "pile": "2", "seen": seen_by(table, "Ana")}
    assert "refused" not in table.post("Ana", **form).text
    again = table.post("Ana", **form)
    assert "refused: this move was already sent" in again.text
    assert [e["what"] for e in entries(gmtool)] == ["discard pile 2"]
    assert gmtool("undo").code == 0  # back where the form was made: it is a move again
    assert "refused" not in table.post("Ana", **form).text
    assert [e["what"] for e in entries(gmtool) if not e["voided"]] == ["discard pile 2"]


def test_a_duel_roll_waiting_for_the_other_team_outlives_free_rolls(duel: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    asked = duel.post("fire", move="duel_round", attack="yes", dice="3,3")
    assert "waiting for water to answer" in asked.text
    assert gmtool("roll", "3d6").code == 0
    water = duel.seat("water").text
    assert "fire is ready to roll" in water
    (first,) = ASKED.findall(water)
    after = duel.post("water", "answer", dice="2,2", asked=first, seen=seen_by(duel, "water"))
    assert "The dice: fire 3 + 3; water 2 + 2" in after.text
    # The same answer tapped twice does not become water's answer to the next question.
    twice = duel.post("water", "answer", dice="2,2", asked=first)
    assert "refused: this answer was already sent" in twice.text
    (second,) = ASKED.findall(duel.seat("water").text)
    assert second != first
    assert gmtool("roll", "d20", "--by", "GM").code == 0
    played = duel.post("water", "answer", defense="yes", asked=second)
    assert "refused" not in played.text, played.text
    last = entries(gmtool)[-1]
    assert last["what"] == "duel round"
    faces = {d["who"]: [die["face"] for die in d["dice"]] for d in last["dice"]}
    assert faces == {"fire": [3, 3], "water": [2, 2]}


def test_a_refusal_on_a_screen_is_said_in_the_games_words(table: Table) -> None:
    for seat in SEATS:  # everyone discards once: each holds a Fortune
        table.post(seat, move="discard", pile="1")
    table.post("Ana", move="attack", pile="2", target="Bo:2")  # the cards are face up
    refused = table.post("Ana", move="discard", pile="3")
    notice = refused.text.split('<p class="notice refused">', 1)[1].split("</p>", 1)[0]
    assert notice.startswith("refused: a battle is under way: Ana may play a Fortune or pass")
    assert "gmtool" not in notice and "--" not in notice


def test_an_answer_after_a_free_roll_is_one_entry(blind: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    blind.post("Ana", move="attack", pile="2", target="Bo:2")
    assert gmtool("roll", "1d6").code == 0
    blind.post("Bo", "answer", fortune="")
    log = json.loads(gmtool("log", "--json").out)
    assert [e["what"] for e in log[-2:]] == ["1d6", "attack 2 Bo:2"]
