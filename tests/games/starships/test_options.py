"""Stars & Starships' declaration: the moves ``options`` offers at each point of an
encounter, worked out by hand from the demo party (Ana: a d10 blade and a d6 pistol; Bo: a
2d4 brawler; Cy and Dee in the back row) and ``tables/starships`` (a d20 to hit and for
initiative, an extra turn for 3 Momentum, no friendly fire)."""

from __future__ import annotations

import pytest

from gmtool.cli.play import open_demo
from gmtool.engine.game import Game
from gmtool.games.starships.game import SYSTEM
from tests.declared import answer, moves, named

PARTY = ("Ana", "Bo", "Cy", "Dee")


@pytest.fixture
def demo() -> Game:
    return Game.open(open_demo("starships"))


def start(game: Game) -> None:
    """A Crawler joins; the party wins initiative 20 to 1: Ana acts first."""
    game.play({"type": "encounter_start", "enemies": ["Crawler"]}, game.door(entered=[20, 1]))


def test_in_exploration_the_gm_starts_an_encounter_or_sets_the_party_up(demo: Game) -> None:
    assert [(m.name, m.label) for m in moves(demo)] == [
        ("encounter_start", "start an encounter"),
        ("row", "switch someone's row"),
        ("add", "add a combatant"),
        ("hp", "change someone's HP"),
    ]
    begin = named(demo, "encounter_start")
    assert [c.kind for c in begin.choices] == ["text", "faces"]
    assert (
        begin.choices[1].label
        == "the party's initiative d20, then the enemies' d20 (again on a tie)"
    )
    assert begin.dice == ("1d20", "1d20")
    assert named(demo, "row").choices[0].values == PARTY
    added = named(demo, "add")
    assert {k: added.action[k] for k in ("hp", "defense", "might", "dex")} == {
        "hp": 10, "defense": 10, "might": 0, "dex": 0
    }  # fmt: skip
    assert SYSTEM.seats(demo.state) == list(PARTY)
    assert SYSTEM.to_move(demo.state) == []


def test_on_anas_turn_her_screen_offers_her_moves_and_the_weapon_decides_the_dice(
    demo: Game,
) -> None:
    start(demo)
    assert SYSTEM.to_move(demo.state) == ["Ana"]
    assert [m.label for m in moves(demo, "Ana")] == [
        "Ana attacks",
        "Ana uses a gadget",
        "Ana streams",
        "Ana switches row",
        "Ana ends their turn",
    ]
    assert moves(demo, "Bo") == []  # not Bo's turn yet
    attack = named(demo, "attack", "Ana")
    assert [(c.key, c.values) for c in attack.choices] == [
        ("weapon", ("melee", "ranged")),
        ("target", ("Crawler",)),  # no friendly fire: the party is not a target
    ]
    blade = answer(demo, attack, "melee", "Crawler")
    assert [c.label for c in blade.choices] == ["Ana's attack d20, then on a hit, the damage 1d10"]
    assert blade.dice == ("1d20", "1d10")
    assert answer(demo, attack, "ranged").dice == ("1d20", "1d6")
    assert dict(blade.action) == {
        "type": "attack", "attacker": "Ana", "target": "Crawler", "weapon": "melee"
    }  # fmt: skip
    end = named(demo, "encounter_end")
    assert end.seat is None and end.action["reason"] == "the crew withdraws"  # offered first


def test_one_weapon_needs_no_question_and_a_gadget_asks_what_its_roll_needs(demo: Game) -> None:
    start(demo)
    demo.play({"type": "end_turn", "name": "Ana"}, demo.door())
    attack = named(demo, "attack", "Bo")
    assert [c.key for c in attack.choices] == ["target", ""]  # the target, then the faces
    assert attack.dice == ("1d20", "2d4")
    gadget = named(demo, "gadget", "Bo")
    rolled = answer(demo, gadget, "a stun dart", "1d6")
    assert [c.label for c in rolled.choices] == [
        "Total to meet or beat (blank: you call it)",
        "Bo's gadget 1d6",
    ]
    assert [c.label for c in answer(demo, rolled, None).choices] == [
        "Did it work?",
        "Bo's gadget 1d6",
    ]
    assert answer(demo, rolled, 4).action["vs"] == 4
    unrolled = answer(demo, gadget, "a stun dart", "")
    assert [(c.key, c.values, c.shown()) for c in unrolled.choices] == [
        ("success", (None, True, False), ["not decided", "success", "failure"])
    ]
    assert answer(demo, unrolled, False).action["success"] is False


def test_on_the_enemies_turn_the_game_waits_for_the_gm(demo: Game) -> None:
    start(demo)
    for name in PARTY:
        demo.play({"type": "end_turn", "name": name}, demo.door())
    attack = named(demo, "attack")
    assert attack.label == "Crawler attacks" and attack.seat is None
    assert attack.choices[0].values is not None and set(attack.choices[0].values) <= set(PARTY)
    assert SYSTEM.to_move(demo.state) == []
    assert all(moves(demo, name) == [] for name in PARTY)


def test_momentum_buys_the_last_actor_another_turn(demo: Game) -> None:
    start(demo)
    demo.play({"type": "end_turn", "name": "Ana"}, demo.door())
    state = demo.state
    state["combatants"]["Ana"]["momentum"] = 3
    state["encounter"]["last_actor"] = "Ana"
    spends = [m for m in SYSTEM.options(state, "Ana", content=demo.content)]
    assert [(m.label, dict(m.action)) for m in spends] == [
        ("Ana spends Momentum on an extra turn", {"type": "momentum_spend", "name": "Ana"})
    ]


def test_the_table_sees_the_status_and_a_seat_its_own_line(demo: Game) -> None:
    start(demo)
    table = SYSTEM.view(demo.state, None)
    assert table == SYSTEM.status(demo.state)
    own = SYSTEM.view(demo.state, "Ana")
    assert {k: v for k, v in own.items() if k != "seat"} == table
    assert (own["seat"]["hp"], own["seat"]["max_hp"], own["seat"]["turn"]) == (18, 18, True)
    assert SYSTEM.view(demo.state, "Bo")["seat"]["turn"] is False
