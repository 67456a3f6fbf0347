"""The interactive loop, driven by scripted answers instead of a terminal."""

from __future__ import annotations

import pytest

from gmtool.cli.play import open_demo
from gmtool.cli.playloop.scripted import ESC
from gmtool.cli.playloop.scripted import ScriptedPrompts as Scripted
from gmtool.engine.game import Game
from gmtool.games.starships.play import run


@pytest.fixture
def demo() -> Game:
    return Game.open(open_demo("starships"))


def test_a_fight_played_through_the_menu(demo: Game) -> None:
    answers = Scripted(
        "start an encounter", "Crawler", "20,1",
        "Ana attacks", "melee", "Crawler", "15,5",      # 8 damage: Crawler 4/12
        "Bo switches row", "back",
        "Bo attacks", "Crawler", "12,2,2",              # back-row melee: (4 + 2) / 2 = 3
        "Cy uses a gadget", "stun dart", "", "success",
        "Dee ends their turn",
        "quit",
    )  # fmt: skip
    run(demo, answers)
    state = demo.state
    assert answers.script == []
    assert state["combatants"]["Crawler"]["hp"] == 1
    assert state["combatants"]["Bo"]["row"] == "back"
    assert state["combatants"]["Cy"]["momentum"] == 1
    assert state["encounter"]["queue"][0] == "Crawler"


def test_errors_are_shown_and_the_loop_goes_on(
    demo: Game, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = Scripted("start an encounter", "Dragon", ESC, "quit")
    run(demo, answers)
    assert answers.refused[0].startswith("unknown enemy 'Dragon'")
    assert demo.state["mode"] == "exploration"


def test_the_menu_follows_the_rules(demo: Game) -> None:
    answers = Scripted(
        "start an encounter", "Ghost", "20,1",
        "Ana ends their turn", "Bo ends their turn", "Cy ends their turn", "Dee ends their turn",
        "Ghost attacks", "Ana", "20,4",
        "undo",
        "quit",
    )  # fmt: skip
    run(demo, answers)
    assert demo.state["encounter"]["queue"][0] == "Ghost"  # the attack was undone
    assert demo.state["combatants"]["Ana"]["hp"] == 18


def test_an_hp_change_that_fells_someone_keeps_the_loop_going(
    demo: Game, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = Scripted(
        "start an encounter", "Crawler, Pirate", "20,1",
        "change someone's HP", "Crawler", "-99",
        "quit",
    )  # fmt: skip
    run(demo, answers)
    assert "Crawler falls unconscious" in capsys.readouterr().out
    assert demo.state["combatants"]["Crawler"]["hp"] == 0


def test_a_gadget_roll_against_a_number_is_judged_after_the_dice(demo: Game) -> None:
    answers = Scripted(
        "start an encounter", "Crawler", "20,1",
        "Ana uses a gadget", "grapple line", "1d20", "12", "15",
        "Bo streams", "live feed", "1d20", "", "failure", "19",
        "quit",
    )  # fmt: skip
    run(demo, answers)
    assert answers.script == []
    assert demo.state["combatants"]["Ana"]["momentum"] == 1
    assert demo.state["combatants"]["Bo"]["momentum"] == 0


def test_a_wrong_face_asks_for_the_faces_again_keeping_the_attack(
    demo: Game, capsys: pytest.CaptureFixture[str]
) -> None:
    answers = Scripted(
        "start an encounter", "Crawler", "20 1",
        "Ana attacks", "melee", "Crawler", "15 11",  # an 11 on a d10
        "15, 5",
        "quit",
    )  # fmt: skip
    run(demo, answers)
    assert answers.script == []
    faces = (
        "Faces for Ana's attack d20, then on a hit, the damage 1d10, in order (Enter: roll them):"
    )
    assert answers.asked.count(faces) == 2 and answers.asked.count("Target?") == 1
    assert "the 2nd face, 11, is not on a d10" in capsys.readouterr().out
    assert demo.state["combatants"]["Crawler"]["hp"] == 12 - (5 + 3)  # d10 5, Might 3


def test_the_faces_questions_name_the_dice(demo: Game) -> None:
    answers = Scripted("start an encounter", "Crawler", "", "quit")
    run(demo, answers)
    assert answers.asked[2] == (
        "Faces for the party's initiative d20, then the enemies' d20 (again on a tie), "
        "in order (Enter: roll them):"
    )


def test_an_encounter_with_no_enemy_is_refused_at_the_enemies_question() -> None:
    from gmtool.cli.play import open_demo
    from gmtool.engine.game import Game
    from gmtool.games.starships import play as play_starships
    from tests.prefix_prompts import PrefixPrompts

    game = Game.open(open_demo("starships"))
    prompts = PrefixPrompts("start an encounter", "", "Crawler", "15 4", "quit")
    play_starships.run(game, prompts)
    assert prompts.script == [], prompts.script
    assert prompts.refused == ["an encounter needs enemies: name at least one"]
    assert [e.what for e in game.store.entries()][-1].startswith("encounter")
