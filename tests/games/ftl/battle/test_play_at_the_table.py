"""``gmtool play`` for FTL at a table with physical dice (issue 24, point 8): the jump away
in the menu once the drive is charged, the battle's supplies in ``status``, the crew on
the main screen, the story one event a line, told once."""

from __future__ import annotations

import copy

from gmtool.cli.play import open_demo
from gmtool.cli.playloop import QUIT
from gmtool.cli.playloop.scripted import ScriptedPrompts
from gmtool.engine.game import Game
from gmtool.games.ftl.commands.shared import coin_faces
from gmtool.games.ftl.play import run
from gmtool.games.ftl.render_battle import crew_lines
from gmtool.games.ftl.rules.battle.story import event_lines
from gmtool.games.ftl.rules.players import status


def test_the_jump_away_is_offered_once_the_drive_is_charged() -> None:
    # Red: 3 engine bars, a pilot: 1 s + 3 x 25% = 1.75 s of charge a second, 60 s needed:
    # charged at 35 s (34 x 1.75 = 59.5). Blue: 2 bars (one a Zoltan's): 1.5 s, at 40 s.
    from tests.games.ftl.test_match import SMALL_MAP, small_map_game

    game = small_map_game()
    game.play({"type": "map_new"}, game.door(entered=coin_faces(SMALL_MAP)))
    game.play({"type": "jump", "player": "Red", "to": [2, 2]}, game.door())
    game.play({"type": "jump", "player": "Blue", "to": [2, 2]}, game.door())  # they meet
    answers = ScriptedPrompts("run several seconds", "34", "run one second", QUIT)
    run(game, answers)
    menus = [m for m in answers.offered if "run one second" in m]
    assert "Red jumps away (FTL drive charged)" not in menus[1]  # at 34 s
    assert "Red jumps away (FTL drive charged)" in menus[2]  # at 35 s
    assert "Blue jumps away (FTL drive charged)" not in menus[2]
    beacons = ["(1, 2)", "(2, 1)", "(2, 3)", "(3, 2)"]  # the four touching (2, 2), in order
    answers = ScriptedPrompts("Red jumps away (FTL drive charged)", beacons[0], QUIT)
    run(game, answers)
    assert answers.offered[1] == [*beacons, "← back"]
    assert game.state["battle"]["over"]  # the battle ends as an escape
    assert game.state["players"]["Red"]["fuel"] == 6  # 8, less 1 for each jump


def test_status_shows_the_battles_supplies() -> None:
    game = Game.open(open_demo("ftl"))
    game.play({"type": "order_power", "ship": "Red", "system": "medbay", "bars": 0}, game.door())
    state = copy.deepcopy(game.state)
    assert status(state)["players"]["Red"]["missiles"] == 10
    state["battle"]["ships"]["Red"]["missiles"] = 3  # three left after seven volleys
    state["battle"]["ships"]["Red"]["drone_parts"] = 1
    red = status(state)["players"]["Red"]
    assert (red["missiles"], red["drone_parts"]) == (3, 1)


def test_the_main_screen_names_the_crew_and_where_they_are() -> None:
    doc = {
        "ships": {
            "Red": {
                "crew": [
                    {"name": "Ana", "owner": "Red", "room": "bridge", "health": 100},
                    {"name": "Bo", "owner": "Red", "room": None, "health": 0, "cloning": 7},
                    {"name": "Cy", "owner": "Red", "room": None, "health": 0, "lost": True},
                ]
            },
            "Blue": {"crew": [{"name": "Di", "owner": "Red", "room": "air", "health": 40}]},
        }
    }
    assert crew_lines(doc) == [
        "Red crew: Ana bridge 100, Bo (cloning, 7s), Cy (lost)",
        "Blue crew: Di [Red] air 40",
    ]


def test_the_story_is_one_event_a_line_and_says_each_thing_once() -> None:
    events = [
        {"event": "second", "second": 5},
        {"event": "fire_started", "ship": "Blue", "room": "hall", "corners": [0, 1, 2]},
        {"event": "fire_spread", "ship": "Blue", "room": "air"},
        {"event": "fire_spread", "ship": "Blue", "room": "air"},
        {"event": "clone_lost", "ship": "Red", "crew": "Bo"},
        {"event": "second", "second": 6},
    ]
    assert event_lines(events) == [
        "[5s]",
        "  fire breaks out in Blue hall (3 corners)",
        "  fire spreads to Blue air (x2)",
        "  Bo of Red is lost: the clone bay was down too long to clone them",
    ]
