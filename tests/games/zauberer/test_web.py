"""A Zauberer team plays its turn from its own screen: each move becomes the action the
command line would build, naming the team, and the rules refuse what they refuse."""

from __future__ import annotations

import json
from collections.abc import Iterator

import pytest

from tests.web.client import Table, entries, serving

TEAMS = ["--teams", "fire=Ana,water=Bo+Eve,air=Cy,earth=Di", "--first", "fire", "--seed", "4"]


@pytest.fixture
def arena(gmtool) -> Iterator[Table]:  # type: ignore[no-untyped-def]
    assert gmtool("campaign", "new", "z", "--system", "zauberer", *TEAMS).code == 0
    yield from serving("z")


def shown(gmtool) -> dict:  # type: ignore[no-untyped-def]
    return json.loads(gmtool("zauberer", "show", "--all", "--json").out)  # type: ignore[no-any-return]


def test_a_team_plays_its_turn_from_its_screen_and_others_are_refused(arena: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    assert 'name="move" value="move"' in arena.seat("fire").text
    assert 'value="move"' not in arena.seat("water").text  # not its turn: no move offered
    refused = arena.post("water", move="move", dice="6")
    assert "refused: it is fire's turn, not water's" in refused.text
    bad = arena.post("fire", move="move", dice="x")
    assert "refused: the 1st face of 'x' is 'x', not a whole number" in bad.text
    assert entries(gmtool) == []  # nothing was written for either
    moved = arena.post("fire", move="move", dice="6", way1="nb1")
    assert "die 6: 3 steps, n0 -> n1 -> nb1, stopped by the dungeon" in moved.text
    assert "the second dungeon d6" in moved.text and "Move</button>" not in moved.text
    assert arena.post("fire", move="dungeon", dice="3,4").text.count("draws a spell card") == 1
    board = shown(gmtool)
    fire = next(team for team in board["teams"] if team["clan"] == "fire")
    assert fire["space"] == "nb1"
    secret = [fire["spell"]["name"], fire["spell"]["text"]]
    assert all(value in arena.seat("fire").text for value in secret)
    for page in [*(arena.seat(s).text for s in ("water", "air", "earth")), arena.get("/").text]:
        assert not [value for value in secret if value in page]
    assert "ends its turn" in arena.post("fire", move="end_turn").text
    log = entries(gmtool)
    assert [entry["what"] for entry in log] == ["move", "dungeon", "end turn"]
    assert all(entry["who"] == "fire (Ana)" for entry in log)
    assert "Move</button>" in arena.seat("water").text


def test_a_team_casts_its_card_from_its_screen(arena: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    for command in (
        "move --dice 6 --way nb1",
        "dungeon --dice 3,4 --card hells_wrath",
        "end-turn",
        "move --dice 4 --way eb1",
        "end-turn",
        "move --dice 1",
        "end-turn",
        "move --dice 1",
        "end-turn",
    ):
        assert gmtool("zauberer", *command.split()).code == 0, command
    page = arena.seat("fire").text
    assert "Cast Hell's Wrath" in page
    cast = arena.post("fire", move="cast", card="hells_wrath")
    assert "refused" not in cast.text, cast.text
    fire = next(team for team in shown(gmtool)["teams"] if team["clan"] == "fire")
    assert fire["spell"] is None and fire["space"] != "nb1"
    assert "Cast " not in arena.seat("fire").text
    wrong = arena.post("fire", move="cast", card="hells_wrath")
    assert wrong.text.count("refused: fire does not hold") == 1


LONG_REACH = """\
system: zauberer
options: {teams: {fire: [Ana], water: [Bo], air: [Cy], earth: [Di]}, first: fire, seed: 4}
content: {rules: {duel_range: 20}}
"""
TO_THE_DUEL = (
    "move --dice 6 --way nb1",
    "dungeon --dice 3,4 --card fireball",
    "end-turn",
    "move --dice 4 --way eb1",
    "dungeon --dice 2,3 --card ice_shield",
    "end-turn",
    "move --dice 1",
    "end-turn",
    "move --dice 1",
    "end-turn",
    "move --dice 1",
)


def test_a_duel_roll_asks_each_duellist_in_turn_and_plays_their_cards(gmtool, tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "z.yaml").write_text(LONG_REACH)
    assert gmtool("campaign", "new", "z", "--from", str(tmp_path / "z.yaml")).code == 0
    for command in TO_THE_DUEL:
        assert gmtool("zauberer", *command.split()).code == 0, command
    for arena in serving("z"):
        assert "water" in arena.post("fire", move="duel_start", target="water").text
        assert "Roll</button>" in arena.seat("water").text  # both duellists may ask
        assert "Roll</button>" not in arena.seat("air").text
        refused = arena.post("air", move="duel_round")
        assert "refused: air is not in this duel (fire against water)" in refused.text
        asked = arena.post("fire", move="duel_round", attack="yes", dice="3,3")
        assert "waiting for water to answer" in asked.text
        water = arena.seat("water").text
        assert "fire is ready to roll, its own choice hidden" in water
        assert "Fireball" not in water  # attack cards are chosen blind
        assert "No card of yours may be played before the roll" in water
        for page in (arena.seat("air").text, arena.seat("fire").text, arena.get("/").text):
            assert "Ice Shield" not in page  # water's card, still in its hand
        after = arena.post("water", verb="answer", dice="2,2")
        assert "waiting for water to answer" in after.text
        assert "The dice: fire 3 + 3; water 2 + 2" in after.text
        assert "play Ice Shield after the roll" in after.text
        assert "Ice Shield" not in arena.seat("fire").text
        assert "The dice: fire 3 + 3; water 2 + 2" in arena.get("/part").text  # open dice
        played = arena.post("water", verb="answer", defense="yes")
        assert "refused" not in played.text, played.text
        assert entries(gmtool)[-1]["what"] == "duel round"
        duel = shown(gmtool)["duel"]
        assert duel["round"] == 1 and sorted(duel["used"]) == ["fireball", "ice_shield"]
        table = arena.get("/").text  # the table and the phones say the same round
        assert "Duel, round 2:" in table and "Your duel: round 2" in arena.seat("fire").text
        banner = table.split('<p class="latest"', 1)[1].split("</p>", 1)[0]
        assert "duel round" in banner  # the roll's dice reach the table
        assert [f">{n}</span>" in banner for n in (3, 3, 2, 2)] == [True] * 4
        # The next round with the campaign's dice: shown before the defence cards, the same
        # dice are then rolled; both teams hold a (spent) spell, so both are asked.
        assert "waiting for fire to answer" in arena.post("water", move="duel_round").text
        assert "waiting for fire to answer" in arena.post("fire", verb="answer").text
        shown_dice = arena.seat("fire").text
        assert "No card of yours may be played after the roll" in shown_dice
        assert "waiting for water to answer" in arena.post("fire", verb="answer").text
        assert "refused" not in arena.post("water", verb="answer").text
        last = entries(gmtool)[-1]
        faces = {d["who"]: [die["face"] for die in d["dice"]] for d in last["dice"]}
        words = "; ".join(f"{c} {' + '.join(map(str, faces[c]))}" for c in ("fire", "water"))
        assert f"The dice: {words}" in shown_dice
        assert {d["source"] for d in last["dice"]} == {"rolled"}


def test_a_team_sees_its_own_spell_card_and_nobody_else_does(arena: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    for command in (
        "move --dice 6 --way nb1",
        "dungeon --dice 3,4",
        "end-turn",
        "move --dice 4 --way eb1",
        "dungeon --dice 2,3 --card ice_pike",
    ):
        assert gmtool("zauberer", *command.split()).code == 0, command
    spells = {t["clan"]: t["spell"] for t in shown(gmtool)["teams"] if t["spell"]}
    assert set(spells) == {"fire", "water"}
    assert list(arena.links) == ["fire", "water", "air", "earth"]
    pages = {seat: arena.seat(seat).text for seat in arena.links}
    public = [arena.get(path).text for path in ("/", "/part", "/log")]
    assert "Your spell card" in pages["air"] and "one, face down" in public[0]
    for clan, spell in spells.items():
        secret = [spell["name"], spell["text"]]
        assert all(value in pages[clan] for value in secret)
        for other, text in [
            *((s, t) for s, t in pages.items() if s != clan),
            *(("table", t) for t in public),
        ]:
            assert not [value for value in secret if value in text], (clan, other)
