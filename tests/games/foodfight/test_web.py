"""Food Fight's screens in ``gmtool serve``: a battle's questions answered from each
player's own screen (the cards face up, or a blind defender asked first)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.web.client import SEATS, Table, entries, secrets_of, serving

BLIND = """\
system: foodfight
options: {players: [Ana, Bo, Cy, Di], starter: Ana, seed: 7}
content: {rules: {fortune_timing: blind}}
"""


@pytest.fixture
def blind(gmtool, tmp_path: Path) -> Iterator[Table]:  # type: ignore[no-untyped-def]
    """A table that declares Fortunes with the attack, before the cards are compared."""
    (tmp_path / "blind.yaml").write_text(BLIND)
    assert gmtool("campaign", "new", "ff", "--from", str(tmp_path / "blind.yaml")).code == 0
    yield from serving("ff")


def test_a_battle_is_answered_from_each_players_own_screen(table: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    for seat in SEATS:
        table.post(seat, move="discard", pile="1")
    hand = {
        s: json.loads(gmtool("foodfight", "peek", "--player", s, "--json").out)["fortunes"]
        for s in ("Ana", "Bo")
    }
    opened = table.post("Ana", move="attack", pile="2", target="Bo:2")
    assert "face up; Ana may play a Fortune or pass" in opened.text
    assert "The cards are face up: your answer" in opened.text
    tv = table.get("/").text
    assert "Battle: Ana's" in tv and "Ana</strong> may play a Fortune or pass" in tv
    assert hand["Ana"][0]["text"] not in tv  # held, not played: still Ana's secret
    assert "your answer" not in table.seat("Bo").text
    assert "refused: " in table.post("Bo", move="pass").text
    assert "refused: choose a Fortune" in table.post("Ana", move="fortune").text
    assert "refused" not in table.post("Ana", move="pass").text
    played = table.post("Bo", move="fortune", fortune=hand["Bo"][0]["id"], on="theirs")
    assert "refused" not in played.text
    assert [e["who"].split(", ")[0] for e in entries(gmtool)[-3:]] == ["Ana", "Ana", "Bo"]
    assert "Battle:" not in table.get("/").text


def test_a_blind_defender_answers_an_attack_from_their_own_screen(blind: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    table = blind
    for seat in SEATS:
        table.post(seat, move="discard", pile="1")
    hidden = secrets_of(gmtool)
    ana_fortune = json.loads(gmtool("foodfight", "peek", "--player", "Ana", "--json").out)
    fid = ana_fortune["fortunes"][0]["id"]
    asked = table.post("Ana", move="attack", pile="2", target="Bo:2", fortune=fid, on="mine")
    assert "waiting for Bo to answer" in asked.text
    assert len(entries(gmtool)) == 4  # nothing is played until Bo answers
    tv = table.get("/").text
    assert "Ana attacks Bo's pile 2: Bo may answer with a Fortune" in tv
    assert fid not in tv and not [v for v in hidden["Ana"] if v in tv]  # Ana's choice stays hers
    bo = table.seat("Bo").text
    assert "Ana attacks your pile 2 with their pile 2" in bo
    assert not [v for v in hidden["Ana"] if v in bo]
    assert "refused: nothing is waiting" in table.post("Cy", "answer").text
    answered = table.post("Bo", "answer", fortune="")
    assert "refused" not in answered.text
    last = entries(gmtool)[-1]
    assert (last["who"], last["what"]) == ("Ana, Bo", "attack 2 Bo:2")
    assert "Bo may answer" not in table.get("/").text


def test_a_question_ends_when_the_gm_undoes_or_the_attacker_takes_it_back(
    blind: Table, gmtool
) -> None:  # type: ignore[no-untyped-def]
    table = blind
    for seat in SEATS:
        table.post(seat, move="discard", pile="1")
    table.post("Ana", move="attack", pile="2", target="Bo:2")
    assert "Take the attack back" in table.seat("Ana").text
    assert "taken back" in table.post("Ana", "withdraw").text
    assert "may answer" not in table.get("/").text
    table.post("Ana", move="attack", pile="2", target="Bo:2")
    assert gmtool("undo").code == 0  # the GM takes back Di's discard: the question is gone
    assert "refused: nothing is waiting" in table.post("Bo", "answer").text
