"""The play loop's "on their phones", driven by scripted answers: the question is asked
only of a campaign that has been served; chosen while ``serve`` is not running, or while
no roller's phone has opened its link, one line says so and the dice are asked here; a
wait called off (Esc) writes nothing. (A whole move answered by the phones, in a real
terminal: ``tests/play_terminal/test_play_phones.py``.)"""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest

from gmtool.cli.playloop import QUIT
from gmtool.cli.playloop.scripted import ESC, WAIT, ScriptedPrompts
from gmtool.content.paths import packaged
from gmtool.engine.game import Game
from gmtool.games.originem.play import run
from gmtool.store.seat_links import SeatLinks
from tests.web.client import Table, serving

SCENE = ("play a scene", "Map Out Ancient Forest", "exploration", *["Larlen (d10)"] * 3)
WHERE = "Where are Larlen's rolls made?"
PHONES = "on their phones (Larlen)"


@pytest.fixture
def forest(gmtool: Any) -> str:
    demo = str(packaged("campaigns", "originem-demo.yaml"))
    assert gmtool("campaign", "new", "o", "--from", demo, "--seed", "7").code == 0
    assert gmtool("originem", "mission", "start", "Map Out Ancient Forest").code == 0
    return "o"


@pytest.fixture
def served(forest: str) -> Iterator[Table]:
    yield from serving(forest)


def play(name: str, *answers: str, meanwhile: Any = None) -> ScriptedPrompts:
    script = ScriptedPrompts(*answers, QUIT)
    script.while_watching = meanwhile
    game = Game.open(name)
    try:
        run(game, script)
    finally:
        game.store.close()
    assert script.script == []
    return script


def logged(gmtool: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = json.loads(gmtool("log", "--json").out)
    return found


def test_a_campaign_never_served_is_not_asked_where_the_dice_are_rolled(
    forest: str, gmtool: Any
) -> None:
    script = play(forest, *SCENE, "3,2,4")
    assert WHERE not in script.asked
    assert logged(gmtool)[-1]["outcome"] == "complete"  # 3 + 2 + 4 = 9: the 9-20 band


def test_the_phones_chosen_while_serve_is_not_running_roll_here_said_in_one_line(
    forest: str, gmtool: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    game = Game.open(forest)
    SeatLinks(game.store).ensure(game.system.seats(game.state))  # served once, not now
    game.store.close()
    script = play(forest, *SCENE, PHONES, "3,2,4")
    assert script.menus[WHERE] == ["here, at this terminal", PHONES]
    out = capsys.readouterr().out
    said = "the phones cannot be asked: gmtool serve is not running on 'o'"
    assert out.count(said) == 1, out
    newest = logged(gmtool)[-1]
    assert newest["what"] == "exploration scene"
    assert {roll["source"] for roll in newest["dice"]} == {"entered"}


def test_the_phones_chosen_before_any_phone_opened_its_link_roll_here(
    served: Table, gmtool: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    served.seat("Remmy")  # a phone, but not the roller's
    play("o", *SCENE, PHONES, "3,2,4")
    out = capsys.readouterr().out
    assert "the phones cannot be asked: no phone has opened Larlen's link yet" in out
    assert served.campaign.call(lambda: served.campaign.game.store.asked_move()) is None
    assert logged(gmtool)[-1]["outcome"] == "complete"


def test_a_wait_called_off_with_esc_writes_nothing_and_the_phone_is_told(
    served: Table, gmtool: Any
) -> None:
    served.seat("Larlen")
    before = logged(gmtool)
    asked: list[str] = []

    def meanwhile() -> None:  # the server takes the move up: Larlen's phone is asked
        served.campaign.call(served.campaign.take_gm_move)
        asked.append(served.seat("Larlen").text)

    script = play("o", *SCENE, PHONES, ESC, meanwhile=meanwhile)
    assert script.watched and "m-dice" in asked[0]
    assert logged(gmtool) == before
    served.campaign.call(served.campaign.take_gm_move)
    larlen = served.seat("Larlen").text
    assert "m-dice" not in larlen and "the GM took back the move that asked you" in larlen


def test_a_wait_the_game_moved_past_says_so_and_draws_the_menu_anew(
    served: Table, gmtool: Any, capsys: pytest.CaptureFixture[str]
) -> None:
    served.seat("Larlen")
    moved: list[bool] = []

    def meanwhile() -> None:  # another terminal starts the NOVA counter: the state changes
        if not moved:
            moved.append(gmtool("originem", "nova", "start").code == 0)

    script = play(
        "o", *SCENE, PHONES, WAIT, *SCENE, "here, at this terminal", "3,2,4", meanwhile=meanwhile
    )
    assert moved == [True]
    out = capsys.readouterr().out
    assert out.count("the game moved on before the players answered") == 1, out
    assert script.asked.count("What happens?") == 3  # back at the menu, then the scene here
    assert [e["what"] for e in logged(gmtool)][-3:] == [
        "nova start",
        "exploration scene",
        "nova pause",  # the counter paused as the GM left
    ]
