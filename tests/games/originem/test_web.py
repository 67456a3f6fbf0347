"""Originem's phone screens under the test client: each crew member sees their HP and
class dice, and in a fight rolls initiative and attacks from the phone, typing the faces
of real dice (one field a die) or leaving them to the campaign; the move is the same log
entry a typed command makes."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest

from gmtool.content.paths import packaged
from tests.web.client import Table, serving


@pytest.fixture
def fight(gmtool: Any) -> Iterator[Table]:
    demo = str(packaged("campaigns", "originem-demo.yaml"))
    assert gmtool("campaign", "new", "o", "--from", demo, "--seed", "7").code == 0
    assert gmtool("originem", "nova", "start").code == 0
    assert gmtool("originem", "combat", "start", "-e", "low:2", "--gm-die", "d6").code == 0
    yield from serving("o")


def seen(table: Table, seat: str) -> str:
    text = table.seat(seat).text
    return text.split('name="seen" value="', 1)[1].split('"', 1)[0]


def test_a_crew_member_sees_their_hp_class_dice_and_that_their_roll_is_awaited(
    fight: Table,
) -> None:
    page = fight.seat("Pierre")
    assert "Your turn · Pierre" in page.text  # the page's title
    assert page.text.index('class="your-turn"') < page.text.index("HP 80 / 80")
    assert "combat <b>1d10</b>" in page.text
    assert 'name="die1"' in page.text and 'name="die2"' in page.text  # one field a die
    assert "Pierre's d10" in page.text and "the GM's d6" in page.text


def test_initiative_then_an_attack_from_the_phone_with_typed_dice_are_logged_as_pierres(
    fight: Table, gmtool: Any
) -> None:
    done = fight.post(
        "Pierre", move="combat_initiative", pick="0", seen=seen(fight, "Pierre"), die1="9", die2="2"
    )
    assert "refused" not in done.text, done.text
    page = fight.seat("Delilah").text
    assert "combat_attack" in page  # the crew's turn: every crew member may attack
    form = {"move": "combat_attack", "pick": "0", "seen": seen(fight, "Delilah")}
    done = fight.post("Delilah", **form, **{"k.target": "0"}, die1="7", die2="1")
    assert "refused" not in done.text, done.text
    log = json.loads(gmtool("log", "--json").out)
    assert [e["what"] for e in log[-2:]] == ["combat initiative", "combat attack on low-1"]
    assert log[-1]["who"].startswith("Delilah")
    faces = [d["face"] for roll in log[-1]["dice"] for d in roll["dice"]]
    assert faces == [7, 1] and {roll["source"] for roll in log[-1]["dice"]} == {"entered"}


def test_half_typed_dice_a_missing_target_and_a_stale_screen_are_refused_in_words(
    fight: Table, gmtool: Any
) -> None:
    before = gmtool("log", "--json").out
    old = seen(fight, "Pierre")
    half = fight.post("Pierre", move="combat_initiative", pick="0", seen=old, die1="9")
    assert "refused: not enough faces entered" in half.text and "needs another d6" in half.text
    gap = fight.post("Pierre", move="combat_initiative", pick="0", seen=old, die2="1")
    assert "refused: a die was left blank before one typed (type the dice in order)" in gap.text
    assert (
        fight.post("Pierre", move="combat_initiative", pick="0", seen=old).text.count("refused")
        == 0
    )
    stale = fight.post("Delilah", move="combat_attack", pick="0", seen=old, **{"k.target": "0"})
    assert "refused" in stale.text and "gmtool" not in stale.text.split("refused", 1)[1][:200]
    fresh = seen(fight, "Delilah")
    blank = fight.post("Delilah", move="combat_attack", pick="0", seen=fresh)
    assert "refused: choose: Which enemy? (pick one from the list)" in blank.text
    assert len(json.loads(gmtool("log", "--json").out)) == len(json.loads(before)) + 1


# -- a scene's rolls the GM asks of the rollers' phones ---------------------------------


@pytest.fixture
def mission(gmtool: Any) -> Iterator[Table]:
    demo = str(packaged("campaigns", "originem-demo.yaml"))
    assert gmtool("campaign", "new", "o", "--from", demo, "--seed", "7").code == 0
    assert gmtool("originem", "nova", "start").code == 0
    assert gmtool("originem", "mission", "start", "Map Out Ancient Forest").code == 0
    yield from serving("o")


EXPLORATION = {"type": "scene", "scene": "exploration", "by": ["Larlen", "Larlen", "Remmy"]}


def gm_waits(table: Table, action: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """The GM's ``originem scene ... --phones`` in another terminal (a thread, with its own
    connection), once the server's watcher has taken it up: (the thread, what it printed)."""
    import threading
    import time

    from gmtool.cli.phones import played_from_screens
    from gmtool.engine.game import Game

    said: dict[str, Any] = {}

    def terminal() -> None:
        game = Game.open("o")
        try:
            said["result"] = played_from_screens(game, {**action, "now": time.time()}, "the dice")
        except Exception as error:  # the command's one line
            said["error"] = error
        finally:
            game.store.close()

    waiting = threading.Thread(target=terminal)
    waiting.start()
    for _ in range(50):
        time.sleep(0.05)
        if table.campaign.call(lambda: table.campaign.game.store.asked_move()) is not None:
            break
    table.campaign.call(table.campaign.take_gm_move)
    return waiting, said


def answer_form(page: str) -> dict[str, str]:
    chunk = page[page.index('class="move m-dice"') :]
    return dict(
        re.findall(r'type="hidden" name="(\w+)" value="([^"]*)"', chunk[: chunk.index("</form>")])
    )


def test_a_scene_waits_for_each_rollers_phone_and_is_played_with_their_faces(
    mission: Table, gmtool: Any
) -> None:
    waiting, said = gm_waits(mission, EXPLORATION)
    assert "the GM waits for Larlen's exploration rolls" in mission.get("/").text
    remmy = mission.seat("Remmy").text
    assert "m-dice" not in remmy  # asked in turn: Larlen first
    larlen = mission.seat("Larlen").text
    assert "Your answer · Larlen" in larlen
    assert "exploration roll 1 of 3: 1d10" in larlen and "exploration roll 2 of 3: 1d10" in larlen
    assert 'name="die3"' not in larlen  # Remmy's die is Remmy's
    half = mission.post("Larlen", "answer", **answer_form(larlen), die1="3")
    assert "refused: 1 of 2 dice typed" in half.text
    done = mission.post("Larlen", "answer", **answer_form(larlen), die1="3", die2="2")
    assert "waiting for Remmy to answer" in done.text, done.text
    again = mission.post("Larlen", "answer", **answer_form(larlen), die1="3", die2="2")
    assert "refused" in again.text  # an answer tapped twice answers nothing
    remmy = mission.seat("Remmy").text
    assert "exploration roll 3 of 3: 1d8" in remmy
    gmtool("roll", "d20")  # a free roll at the table leaves the scene waiting
    done = mission.post("Remmy", "answer", **answer_form(remmy), die1="4")
    assert "refused" not in done.text, done.text
    waiting.join(10)
    # 3 + 2 + 4 = 9, the lowest total of the exploration table's 9-20 band: complete.
    assert said["result"]["total"] == 9 and said["result"]["outcome"] == "complete"
    log = entries_of(gmtool)
    assert [e["what"] for e in log[-2:]] == ["1d20", "exploration scene"]
    assert log[-1]["who"] == "Larlen, Remmy"
    rolls = [(roll["who"], roll["total"], roll["source"]) for roll in log[-1]["dice"]]
    assert rolls == [("Larlen", 3, "entered"), ("Larlen", 2, "entered"), ("Remmy", 4, "entered")]


def test_the_gm_plays_the_scene_at_the_terminal_instead_and_the_phones_are_told(
    mission: Table, gmtool: Any
) -> None:
    waiting, said = gm_waits(mission, {**EXPLORATION, "by": ["Remmy"]})
    assert "m-dice" in mission.seat("Remmy").text
    done = gmtool("originem", "scene", "exploration", "--by", "Remmy", "--dice", "4,4,4")
    assert done.code == 0, done.err
    waiting.join(10)
    # The waiting command shows the scene the GM played instead, with the faces typed.
    assert [roll["face"] for roll in said["result"]["rolls"]] == [4, 4, 4]
    mission.campaign.call(mission.campaign.take_gm_move)
    remmy = mission.seat("Remmy").text
    assert "m-dice" not in remmy and "called off" in remmy
    assert len([e for e in entries_of(gmtool) if e["what"] == "exploration scene"]) == 1


def test_phones_with_typed_dice_is_refused_and_writes_nothing(mission: Table, gmtool: Any) -> None:
    done = gmtool("originem", "scene", "exploration", "--by", "Remmy", "--phones", "--dice", "4")
    assert done.code != 0 and "--phones leaves the dice" in done.err
    wrong = gmtool("originem", "scene", "exploration", "--by", "Nobody", "--phones")
    assert wrong.code != 0 and "Traceback" not in wrong.err
    assert mission.campaign.call(lambda: mission.campaign.game.store.asked_move()) is None


def entries_of(gmtool: Any) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = json.loads(gmtool("log", "--json").out)
    return found


def test_ctrl_c_takes_the_scene_back_and_the_rollers_phone_is_told(
    mission: Table, gmtool: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    from gmtool.cli import phones

    looks: list[float] = []

    def sleep(seconds: float) -> None:  # the GM presses Ctrl-C once the phone is asked
        looks.append(seconds)
        if len(looks) == 1:  # the server takes the scene up: Remmy's phone is asked
            mission.campaign.call(mission.campaign.take_gm_move)
            assert "m-dice" in mission.seat("Remmy").text
            return
        raise KeyboardInterrupt

    monkeypatch.setattr(phones.time, "sleep", sleep)
    done = gmtool("originem", "scene", "exploration", "--by", "Remmy", "--phones")
    assert done.code != 0 and "taken back: nothing was played" in done.err, done.err
    assert len(looks) == 2 and "Traceback" not in done.err
    assert "still awaited: Remmy" in done.err  # what the server said it asks, between looks
    mission.campaign.call(mission.campaign.take_gm_move)
    remmy = mission.seat("Remmy").text
    assert "m-dice" not in remmy and "the GM took back the move that asked you" in remmy
    assert [e["what"] for e in entries_of(gmtool)][-1] == "mission start"


def test_a_scene_asked_before_the_server_started_is_asked_once_it_serves(gmtool: Any) -> None:
    import time

    from gmtool.engine.game import Game

    demo = str(packaged("campaigns", "originem-demo.yaml"))
    assert gmtool("campaign", "new", "o", "--from", demo, "--seed", "7").code == 0
    game = Game.open("o")
    try:
        game.ask({**EXPLORATION, "by": ["Remmy"], "now": time.time()})
    finally:
        game.store.close()
    for table in serving("o"):
        for _ in range(40):  # the watcher takes it up as it starts
            if "m-dice" in table.seat("Remmy").text:
                break
            time.sleep(0.05)
        assert "The GM asks for your exploration rolls" in table.seat("Remmy").text
