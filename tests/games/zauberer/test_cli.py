"""``gmtool zauberer ...`` end to end: JSON contracts, refusals that write nothing, the log."""

from __future__ import annotations

import json

import pytest

from gmtool.engine.game import Game


def entries() -> int:
    return Game.open("z").store.count_entries()


def test_move_and_dungeon_json(game) -> None:  # type: ignore[no-untyped-def]
    moved = json.loads(game("zauberer", "move", "--dice", "6", "--way", "nb1", "--json").out)
    assert moved == {
        "team": "fire",
        "die": 6,
        "steps": 3,
        "moved": 2,
        "from": "n0",
        "to": "nb1",
        "space": "green",
        "stopped_by": "dungeon",
        "next": "dungeon",
    }
    found = json.loads(game("zauberer", "dungeon", "--dice", "1,1", "--json").out)
    assert found == {"team": "fire", "dice": [1, 1], "outcome": "back", "card": None}


def test_a_duel_from_the_command_line(game) -> None:  # type: ignore[no-untyped-def]
    refused = game("zauberer", "duel", "start", "water")
    assert refused.code == 4 and "fire cannot call a duel now" in refused.err
    assert game("zauberer", "move", "--dice", "1").code == 0  # n1, white
    refused = game("zauberer", "duel", "start", "water")
    assert refused.code == 4 and "water is 15 spaces away" in refused.err
    assert game("zauberer", "end-turn").code == 0
    assert game("zauberer", "move", "--dice", "4", "--way", "eb1").code == 0  # water: e1, eb1
    assert game("zauberer", "dungeon", "--dice", "2,3", "--card", "ice_pike").code == 0
    assert game("zauberer", "end-turn").code == 0
    assert game("zauberer", "move", "--dice", "1").code == 0  # air s1
    assert game("zauberer", "end-turn").code == 0
    assert game("zauberer", "move", "--dice", "2").code == 0  # earth wa1: a fountain
    assert game("zauberer", "move", "--dice", "1").code == 0  # wa2: a trap
    assert game("zauberer", "trap", "--card", "poison_veil").code == 0
    state = Game.open("z").state
    assert state["teams"][3]["effects"][0]["id"] == "poison_veil"
    assert state["teams"][1]["spell"] == "ice_pike"


def test_refusals_write_nothing(game) -> None:  # type: ignore[no-untyped-def]
    before = entries()
    cases = [
        (["move", "--player", "Bo"], 4, "it is fire's turn, not water's"),
        (["move", "--dice", "7"], 5, "7, is not on a d6"),
        (["duel", "start", "mud"], 2, "unknown team or player 'mud'"),
        (
            ["move", "--player", "Zed"],
            2,
            "unknown team or player 'Zed' (valid: fire, water, air, earth, Ana, Bo, Eve, Cy, Di)",
        ),
        (
            ["odds", "duel", "fire", "water", "--attack", "water=ice_pike"],
            4,
            "water does not hold Ice Pike: the odds count only the attack card a team holds",
        ),
        (["end-turn"], 4, "fire has not moved yet"),
        (["cast", "fireball"], 4, "fire does not hold Fireball"),
        (["duel", "round", "--dice", "fire=1,1"], 4, "no duel is under way"),
        (["trap"], 4, "fire cannot draw a trap card now"),
        (["duel", "round", "--attack", "fire"], 2, "'fire' is not CLAN=CARD"),
    ]
    for args, code, message in cases:
        result = game("zauberer", *args)
        assert result.code == code, (args, result.err)
        assert message in result.err and len(result.err.strip().splitlines()) == 1, result.err
    assert game("zauberer", "move", "--dice", "1").code == 0
    result = game("zauberer", "move", "--dice", "1")
    assert result.code == 4 and "fire has already moved this turn" in result.err
    assert entries() == before + 1


def test_a_card_named_for_a_dungeon_that_gives_none_is_refused(game) -> None:  # type: ignore[no-untyped-def]
    """Snake eyes (1, 1) send the team back and a single one finds nothing: a card named from
    a physical pile with either is refused, nothing logged, the piece where it was."""
    assert game("zauberer", "move", "--dice", "6", "--way", "nb1").code == 0  # the dungeon nb1
    before = entries()
    for faces, what in (("1,1", "snake eyes"), ("1,4", "nothing")):
        result = game("zauberer", "dungeon", "--dice", faces, "--card", "fireball")
        assert result.code == 4, result.err
        a, b = faces.split(",")
        assert result.err.strip().splitlines() == [
            f"error: the dungeon gave {what} ({a}, {b}): no card is drawn, so --card Fireball "
            "cannot be named (enter again without --card)"
        ]
    assert entries() == before
    assert Game.open("z").state["teams"][0]["space"] == "nb1"
    assert game("zauberer", "dungeon", "--dice", "1,1").code == 0  # without the card: back
    assert Game.open("z").state["teams"][0]["space"] == "n1"


def test_a_duel_round_json_and_the_card_rules(game, gmtool) -> None:  # type: ignore[no-untyped-def]
    gmtool(
        "campaign",
        "new",
        "d",
        "--system",
        "zauberer",
        "--teams",
        "fire=Ana,earth=Di",
        "--first",
        "fire",
        "--seed",
        "2",
    )
    store = Game.open("d").store
    state = store.head_state()
    state["teams"][0]["space"] = "n5"  # fire
    state["teams"][1]["space"] = "centre"  # earth
    state["teams"][0]["spell"] = "fireball"
    state["decks"]["fire"].remove("fireball")
    state["phase"] = "white"
    with store.transaction():
        store.set_head_state(state, 0)
    assert gmtool("zauberer", "duel", "start", "earth").code == 0
    late = gmtool(
        "zauberer",
        "duel",
        "round",
        "--dice",
        "fire=2,2",
        "--dice",
        "earth=3,3",
        "--defense",
        "fire=fireball",
    )
    assert late.code == 4 and "Fireball is an attack card: it is played before the roll" in late.err
    done = gmtool(
        "zauberer",
        "duel",
        "round",
        "--dice",
        "fire=2,2",
        "--dice",
        "earth=3,3",
        "--attack",
        "fire=fireball",
        "--json",
    )
    assert json.loads(done.out) == {
        "round": 1,
        "power": {"fire": 7, "earth": 6},
        "hp": {"fire": 4, "earth": 3},
        "round_loser": "earth",
        "winner": None,
    }
    shown = json.loads(gmtool("zauberer", "show", "--all", "--json").out)
    assert shown["duel"]["hp"] == {"fire": 4, "earth": 3} and shown["duel"]["round"] == 1
    last = json.loads(gmtool("log", "--json").out)[-1]
    assert last["outcome"] == (
        "round 1: fire 2+2 [Fireball] +1 fire over earth +2 Fireball = 7 vs earth 3+3 = 6; "
        "earth loses a hit point"
    )


def test_show_as_a_team_hides_the_others_spells(game) -> None:  # type: ignore[no-untyped-def]
    assert game("zauberer", "move", "--dice", "6", "--way", "nb1").code == 0
    assert game("zauberer", "dungeon", "--dice", "3,4").code == 0
    mine = json.loads(game("zauberer", "show", "--as", "fire", "--json").out)
    theirs = json.loads(game("zauberer", "show", "--as", "water", "--json").out)
    assert mine["teams"][0]["spell"]["name"]
    assert theirs["teams"][0]["spell"] == {"id": None, "name": None, "kind": None, "text": None}
    status = json.loads(game("status", "--json").out)
    assert status["teams"][0]["spell"]["id"] is None
    assert mine["teams"][0]["spell"]["name"] not in game("log").out


def test_status_draws_the_board(game) -> None:  # type: ignore[no-untyped-def]
    out = game("status").out
    assert "(F)" in out and "(W)" in out and "◎" in out
    assert "● white  ● dungeon  ● trap  ● fountain  ◎ centre" in out
    assert "Turn 1: fire to play" in out


def test_the_board_names_every_space(game) -> None:  # type: ignore[no-untyped-def]
    out = game("zauberer", "board").out
    for name in ("na1", "nb3", "ea2", "sb1", "w5", " C "):
        assert name in out, name
    assert "(F)" in out  # a piece shows where it stands
    plain = game("zauberer", "board", "--no-names").out
    assert "na1" not in plain and "◎" in plain


def test_undo_and_the_story_in_the_log(game) -> None:  # type: ignore[no-untyped-def]
    game("zauberer", "move", "--dice", "4")
    game("zauberer", "move", "--dice", "1")
    game("zauberer", "trap", "--card", "wormhole")
    log = json.loads(game("log", "--json").out)
    assert [entry["outcome"] for entry in log] == [
        "die 4: 2 steps, n0 -> n1 -> na1 (blue); the fountain gives another move, or the "
        "turn may end",
        "die 1: 1 step, na1 -> na2 (red); must draw a trap card",
        "Wormhole: Go back two spaces; your turn ends there (no duel, dungeon or trap). "
        "(now on n1)",
    ]
    assert game("undo").code == 0
    assert Game.open("z").state["teams"][0]["space"] == "na2"


def test_odds_commands(game) -> None:  # type: ignore[no-untyped-def]
    doc = json.loads(game("zauberer", "odds", "duel", "fire", "earth", "--json").out)
    assert doc["round"]["win"]["fraction"] == "541/1296" or doc["round"]["win"]["probability"] > 0.5
    assert doc["hp"] == {"fire": 4, "earth": 4}
    dungeon = json.loads(game("zauberer", "odds", "dungeon", "--json").out)
    assert dungeon["outcomes"]["spell"]["fraction"] == "25/36"
    bad = game("zauberer", "odds", "duel", "fire", "earth", "--attack", "fire=flame_spire")
    assert bad.code == 4 and "not an attack card" in bad.err


def test_teams_on_the_command_line_are_checked(gmtool) -> None:  # type: ignore[no-untyped-def]
    cases = [
        (["--teams", "fire=Ana"], "at least 2 teams"),
        (["--teams", "fire=Ana,mud=Bo"], "unknown clan 'mud'"),
        (["--teams", "fire=Ana,water=Ana"], "two players share a name"),
        (["--teams", "fire=Ana,water=Bo", "--first", "air"], "unknown clan for --first 'air'"),
        (["--players", "A,B,C,D"], "--players is for foodfight campaigns"),
    ]
    for args, message in cases:
        result = gmtool("campaign", "new", "bad", "--system", "zauberer", *args)
        assert result.code == 2 and message in result.err, (args, result.err)


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_simulate_json_is_the_same_for_any_number_of_jobs(gmtool, policy: str) -> None:  # type: ignore[no-untyped-def]
    docs = []
    for jobs in ("1", "2"):
        result = gmtool(
            "zauberer",
            "simulate",
            "--games",
            "12",
            "--seed",
            "5",
            "--policy",
            policy,
            "--jobs",
            jobs,
            "--json",
        )
        assert result.code == 0, result.err
        doc = json.loads(result.out)
        doc.pop("games_per_second")
        docs.append(doc)
    assert docs[0] == docs[1]
    # each rate is rounded to four places: four of them may sum up to 0.0002 off
    assert sum(docs[0]["win_rate"]["by_clan"].values()) == pytest.approx(
        1 - docs[0]["ended_by"]["unfinished"], abs=0.0002
    )


def test_show_as_an_empty_name_is_refused_not_the_referees_view(game) -> None:  # type: ignore[no-untyped-def]
    assert game("zauberer", "move", "--dice", "6", "--way", "nb1").code == 0
    assert game("zauberer", "dungeon", "--dice", "3,4").code == 0
    result = game("zauberer", "show", "--as", "", "--json")
    assert result.code == 2 and result.out == ""


def test_simulate_refuses_another_systems_campaign_file(gmtool) -> None:  # type: ignore[no-untyped-def]
    result = gmtool("zauberer", "simulate", "--games", "2", "--content", "foodfight-demo")
    assert result.code == 2
    assert "foodfight-demo plays foodfight, not zauberer" in result.err
    assert len(result.err.strip().splitlines()) == 1
