"""Originem's declaration: the moves ``options`` offers at each point of a game, worked out
by hand from the demo crew (Pierre, a Combat Specialist; Delilah, an Engineer; Remmy, a
Doctor; Larlen, a Scientist) and the class dice in ``tables/originem/classes.yaml``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from gmtool.content.paths import packaged
from gmtool.engine.game import Game
from gmtool.engine.system import Move
from gmtool.games.originem.game import SYSTEM
from gmtool.games.originem.rules.options import as_played
from tests import declared
from tests.declared import answer

CREW = ["Pierre", "Delilah", "Remmy", "Larlen"]


@pytest.fixture
def game(gmtool: Callable[..., Any]) -> Game:
    demo = str(packaged("campaigns", "originem-demo.yaml"))
    assert gmtool("campaign", "new", "demo", "--from", demo, "--seed", "1").code == 0
    return Game.open("demo")


def moves(game: Game, seat: str | None = None) -> list[Move]:
    return declared.moves(game, seat, now=0.0)


def named(game: Game, name: str, seat: str | None = None) -> Move:
    return declared.named(game, name, seat, now=0.0)


def play(game: Game, action: dict[str, Any], faces: list[int] | None = None) -> None:
    game.play(as_played(action, 0.0), game.door(entered=faces))


def test_before_any_mission_the_gm_plays_scenes_fights_missions_and_the_clock(
    game: Game,
) -> None:
    assert [(m.name, m.label) for m in moves(game)] == [
        ("scene", "play a scene"),
        ("combat_start", "start a fight"),
        ("mission_start", "start a mission"),
        ("nova_start", "NOVA: start"),
    ]
    scene = named(game, "scene")  # no mission under way: no "Which mission?"
    assert [(c.key, c.values) for c in scene.choices] == [
        ("scene", ("exploration", "general", "healing", "puzzle", "runaway"))
    ]
    missions = named(game, "mission_start").choices[0].values or ()
    assert len(missions) == 21 and "Activate the Artifact" not in missions  # the final: locked
    assert SYSTEM.seats(game.state) == CREW
    assert SYSTEM.to_move(game.state, content=game.content) == []
    assert all(moves(game, seat) == [] for seat in CREW)


def test_a_mission_offers_only_the_scenes_it_still_needs_and_the_best_dice_first(
    game: Game,
) -> None:
    play(game, {"type": "mission_start", "mission": "Map Out Ancient Forest"})
    scene = named(game, "scene")
    assert scene.choices[0].values == ("map_out_ancient_forest", "none")
    assert scene.choices[0].shown() == ["Map Out Ancient Forest", "no mission"]
    # Its slots are exploration, general, exploration: two tables, no fight.
    scene = answer(game, scene, "map_out_ancient_forest")
    assert scene.action["mission"] == "map_out_ancient_forest"
    assert [(c.key, c.values) for c in scene.choices] == [("scene", ("exploration", "general"))]
    # Exploration is rolled three times; Larlen's d10 first, Remmy's d8, then the d6s.
    scene = answer(game, scene, "exploration")
    able = ["Larlen (d10)", "Remmy (d8)", "Pierre (d6)", "Delilah (d6)"]
    assert [(c.label, c.values, c.shown()) for c in scene.choices] == [
        (f"Roll {n} of 3: who rolls?", ("Larlen", "Remmy", "Pierre", "Delilah"), able)
        for n in (1, 2, 3)
    ]
    scene = answer(game, scene, "Larlen", "Larlen", "Remmy")
    assert scene.action["by"] == ["Larlen", "Larlen", "Remmy"]
    assert [(c.kind, c.label) for c in scene.choices] == [
        ("faces", "Larlen d10, then Larlen d10, then Remmy d8")
    ]
    assert scene.dice == ("1d10", "1d10", "1d8")


def test_a_fight_starts_with_initiative_any_crew_member_may_roll(game: Game) -> None:
    play(game, {"type": "combat_start", "enemies": ["high"], "gm_die": "d6"})
    assert [(m.name, m.label) for m in moves(game)] == [
        ("combat_initiative", "roll initiative"),
        ("combat_end", "call the fight off"),
        ("nova_start", "NOVA: start"),
    ]
    assert named(game, "combat_initiative").choices[0].values == tuple(CREW)
    assert SYSTEM.to_move(game.state, content=game.content) == CREW
    (own,) = moves(game, "Remmy")
    assert (own.label, own.seat, own.action["by"]) == ("roll initiative", "Remmy", "Remmy")
    assert [c.label for c in own.choices] == ["Remmy's d6, then the GM's d6"]
    assert own.dice == ("1d6", "1d6")  # a Doctor fights with a d6; the GM chose a d6


def test_on_the_crews_turn_each_attacks_on_their_own_screen(game: Game) -> None:
    play(game, {"type": "combat_start", "enemies": ["high"], "gm_die": "d6"})
    play(game, {"type": "combat_initiative", "by": "Pierre"}, [10, 1])  # the crew first
    gm = [m.name for m in moves(game)]
    assert gm == ["combat_attack", "combat_end_turn", "combat_end", "nova_start"]
    attack = named(game, "combat_attack")
    assert [(c.label, c.values) for c in attack.choices] == [
        ("Who attacks?", tuple(CREW)),
        ("Which enemy?", ("high-1",)),
    ]
    (own,) = moves(game, "Pierre")
    assert (own.label, dict(own.action)) == ("attack", {"type": "combat_attack", "by": "Pierre"})
    own = answer(game, own, "high-1")
    assert [c.label for c in own.choices] == ["Pierre's damage d10, then high-1's block d6"]
    assert own.dice == ("1d10", "1d6")
    view = SYSTEM.view(game.state, "Pierre", content=game.content, now=0.0)
    assert view["seat"]["turn"] is True and view["seat"]["dice"]["combat"] == "1d10"
    assert {k: v for k, v in view.items() if k != "seat"} == SYSTEM.status(game.state, now=0.0)


def test_a_heal_with_no_one_hurt_is_offered_with_its_reason(game: Game) -> None:
    play(game, {"type": "combat_start", "enemies": ["high"], "gm_die": "d6"})
    state = game.state
    state["combat"].update(turn="heal", to_act=["Remmy"])  # the healers' turn, all unhurt
    heal = next(
        m for m in SYSTEM.options(state, None, content=game.content) if m.name == "combat_heal"
    )
    assert heal.reason == "no one in the fight is hurt (end this turn)"
    assert [(c.key, c.values) for c in heal.choices] == [("by", ("Remmy",)), ("target", ())]


def test_the_table_sees_the_status_and_a_game_over_offers_nothing(game: Game) -> None:
    assert SYSTEM.view(game.state, None, now=5.0) == SYSTEM.status(game.state, now=5.0)
    state = game.state
    state["ended"] = "won"
    assert SYSTEM.options(state, None, content=game.content) == []
