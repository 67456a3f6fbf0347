"""The FTL play loop: orders from menus of legal moves, seconds rolled or entered."""

from __future__ import annotations

from gmtool.cli.play import open_demo
from gmtool.cli.playloop import QUIT
from gmtool.cli.playloop.scripted import ESC, ScriptedPrompts
from gmtool.engine.game import Game
from gmtool.games.ftl.play import run


def test_orders_from_menus_then_seconds(capsys) -> None:  # type: ignore[no-untyped-def]
    game = Game.open(open_demo("ftl"))
    answers = ScriptedPrompts(
        "Red gives an order", "move reactor power", "medbay", "0",
        "Red gives an order", "turn a weapon on or off", ESC, ESC,  # the menu, then back
        "Red gives an order", "move reactor power", "shields", "4",
        "Red gives an order", "turn a weapon on or off", "burst_laser_ii on",
        "Red gives an order", "aim a weapon", "burst_laser_ii", "bridge",
        "run several seconds", "1",  # burst laser II charged in 1 s (re-loader): no dice
        "run one second", "evade=3 9", "",  # the dice listed, two given, then no more
        QUIT,
    )  # fmt: skip
    run(game, answers)
    assert answers.script == []
    battle = game.state["battle"]
    assert battle["second"] == 2
    assert battle["ships"]["Red"]["systems"]["medbay"]["power"] == 0
    assert battle["ships"]["Blue"]["shields"]["up"] == 1  # one dodged on 3, one stopped
    # Every weapon is offered; one that cannot be switched on is greyed with the reason.
    first, second = [m for m in answers.offered if "heavy_laser on" in m]
    assert first == [
        "(burst_laser_ii on: cannot, burst_laser_ii needs 3 reactor bars; Red has 2 free)",
        "artemis on",
        "heavy_laser on",
        "← back",
    ]
    assert second == ["burst_laser_ii on", "artemis on", "heavy_laser on", "← back"]
    # The dice of second 2, by name and die: two lasers of the volley fired at 1 s
    # reach Blue (1 s), and Blue's d20 is rolled for each; given, they show their faces.
    out = capsys.readouterr().out
    assert "evade d20 for Blue dodges burst_laser_ii (x2)" in out
    assert "evade d20 = 3 for Blue dodges burst_laser_ii" in out
    assert "evade d20 = 9 for Blue dodges burst_laser_ii" in out


def test_the_reactor_limits_the_power_menu_and_esc_goes_back() -> None:
    game = Game.open(open_demo("ftl"))
    answers = ScriptedPrompts(
        "Red gives an order", "move reactor power", "engines", ESC, ESC,
        "autofire on or off",
        QUIT,
    )  # fmt: skip
    run(game, answers)
    assert ["0", "1", "2", "← back"] in answers.offered  # it holds 3, its level
    assert game.state["battle"]["ships"]["Red"]["autofire"] is True


def test_bad_dice_are_asked_again_and_0_seconds_refused() -> None:
    game = Game.open(open_demo("ftl"))
    answers = ScriptedPrompts(
        "Red gives an order", "move reactor power", "medbay", "0",
        "Red gives an order", "move reactor power", "shields", "4",
        "Red gives an order", "turn a weapon on or off", "burst_laser_ii on",
        "Red gives an order", "aim a weapon", "burst_laser_ii", "bridge",
        "run several seconds", "0", "1",  # 0 seconds is refused and asked again
        "run one second", "evade=30", "evade=3", "",  # 30 is no d20's face: asked again
        QUIT,
    )  # fmt: skip
    run(game, answers)
    assert answers.script == []
    battle = game.state["battle"]
    assert battle["second"] == 2
    assert [r["source"] for r in game.store.entries(last=1)[0].to_json()["dice"]] == [
        "entered",
        "rolled",
    ]  # the first evade typed, the second left to gmtool


def test_the_crew_menu_offers_exactly_the_walks_the_order_accepts() -> None:
    from gmtool.games.ftl.rules.battle.choices import is_legal, legal_orders
    from tests.games.ftl.battle.helpers import battle

    b = battle()["battle"]
    walks = legal_orders(b, "Blue")["crew"]
    offered = {(w["name"], w["room"]) for w in walks}
    for member in b["ships"]["Blue"]["crew"]:
        for room in b["ships"]["Blue"]["rooms"]:
            if room == member["room"]:
                continue
            action = {"type": "order_crew", "ship": "Blue", "name": member["name"], "room": room}
            assert ((member["name"], room) in offered) == is_legal(b, action)
    assert ("Ana", "doors") not in offered  # no door leads there


def test_a_crystal_locks_a_door_from_the_menus() -> None:
    game = Game.open(open_demo("ftl"))
    answers = ScriptedPrompts(
        "Blue gives an order", "lock a door (crystal crew)", "Gil", "cloak_room",
        "Blue gives an order", "lock a door (crystal crew)", "Hal", ESC, ESC, ESC,
        "Blue gives an order", "open or shut a door", "open the door corridor/drone_bay",
        QUIT,
    )  # fmt: skip
    run(game, answers)
    assert answers.script == []
    doors = game.state["battle"]["ships"]["Blue"]["doors"]
    assert doors["cloak_room/gunnery"]["lock"] == 15 and doors["corridor/drone_bay"]["open"]
    assert ["Hal", "← back"] in answers.offered  # Gil holds a lock: only Hal is offered
    door_menu = next(m for m in answers.offered if "open the door corridor/drone_bay" in m)
    assert "open the door cloak_room/gunnery" not in door_menu  # locked: no order opens it
