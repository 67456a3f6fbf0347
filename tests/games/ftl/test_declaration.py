"""FTL's declaration: what the GM and each captain may do now as ``Move``s, what the table
sees (every seat the same), and whose answer is awaited, between battles and in one."""

from __future__ import annotations

import copy
from typing import Any

from gmtool.dice import DiceDoor, Rng
from gmtool.engine.system import Move
from gmtool.games.ftl.game import SYSTEM
from gmtool.games.ftl.rules.battle.actions import apply_battle, check_order
from gmtool.games.ftl.rules.battle.choices import legal_orders
from tests.games.ftl.helpers import content


def _game() -> dict[str, Any]:
    return SYSTEM.new_state(
        content(), {"ships": {"Red": "ftl-red.yaml", "Blue": "ftl-blue.yaml"}}, DiceDoor(Rng(1))
    )


def _play(state: dict[str, Any], move: Move, **chosen: Any) -> dict[str, Any]:
    return SYSTEM.apply(state, {**move.action, **chosen}, DiceDoor(Rng(2)), content()).state


def test_the_captains_and_what_the_table_sees() -> None:
    state = _game()
    assert SYSTEM.seats(state) == ["Red", "Blue"] and not SYSTEM.has_secrets
    assert SYSTEM.view(state, None) == {**SYSTEM.status(state, now=0.0), "battle": None}
    assert SYSTEM.view(state, "Red") == SYSTEM.view(state, None)  # FTL hides nothing


def test_before_the_first_second_every_seat_sees_the_battle_as_it_would_open() -> None:
    from gmtool.games.ftl.rules.battle.document import battle_document
    from gmtool.games.ftl.rules.match import start_battle

    state = _game()
    seen = SYSTEM.view(state, "Red", content=content())
    assert seen["battle"] == battle_document(start_battle(copy.deepcopy(state), content()))
    assert seen["battle"]["second"] == 0 and set(seen["battle"]["ships"]) == {"Red", "Blue"}
    assert SYSTEM.view(state, "Blue", content=content()) == seen  # FTL hides nothing
    assert SYSTEM.view(state, None, content=content()) == seen
    assert "battle" not in state  # shown, not opened
    (gm, _tick) = SYSTEM.options(state, None)
    state = _play(state, gm)  # the GM lays out the map instead: no battle until ships meet
    assert SYSTEM.view(state, "Red", content=content())["battle"] is None


def test_the_table_sees_the_battle_under_way_as_ftl_show_prints_it() -> None:
    from gmtool.games.ftl.rules.battle.document import battle_document

    state = _game()
    (tick,) = [m for m in SYSTEM.options(state, None, content=content()) if m.name == "tick"]
    state = _play(state, tick)
    seen = SYSTEM.view(state, None)
    assert seen["battle"] == battle_document(state["battle"]) and seen["battle"]["second"] == 1
    assert SYSTEM.view(state, "Blue") == seen


def test_between_battles_the_gm_lays_out_the_map_then_the_captains_jump() -> None:
    state = _game()
    # No map yet: the one battle the campaign plays is about to open, so both captains'
    # orders are awaited; laying out the map instead is the GM's.
    assert SYSTEM.to_move(state) == ["Red", "Blue"]
    gm, tick = SYSTEM.options(state, None)
    assert (gm.name, gm.seat, gm.reason, tick.name) == ("map_new", None, "", "tick")
    # No map: no jump is offered (not even greyed); without the content no battle to order in.
    assert SYSTEM.options(state, "Red") == []
    assert "jump" not in {m.name for m in SYSTEM.options(state, "Red", content=content())}
    state = _play(state, gm)
    assert SYSTEM.to_move(state) == ["Red"]  # the captains move in turn, the first seat first
    on_the_map = SYSTEM.options(state, "Red", content=content())
    assert not [m for m in on_the_map if m.name.startswith("order_")]  # no battle to order in
    assert SYSTEM.options(state, None)[0].reason == "the sector map is laid out already"
    assert [m.reason for m in SYSTEM.options(state, "Blue")] == ["it is Red's turn on the map"] * 2
    (unchecked, wait) = SYSTEM.options(state, "Red")
    assert (wait.name, wait.reason) == ("wait", "")
    (checked,) = [m for m in SYSTEM.options(state, "Red", content=content()) if m.name == "jump"]
    everywhere = unchecked.choices[0].values or ()
    reach = checked.choices[0].values or ()
    assert reach and set(map(tuple, reach)) < set(map(tuple, everywhere))
    for to in reach:  # every beacon offered is one the jump accepts
        _play(copy.deepcopy(state), checked, to=to)
    state = _play(state, wait)
    assert SYSTEM.to_move(state) == ["Blue"]  # then the other captain's turn


def test_in_a_battle_each_captain_is_offered_the_legal_orders() -> None:
    state = _game()
    assert SYSTEM.options(state, "Red") == []  # no battle yet, and no map to jump on
    opening = SYSTEM.options(state, "Red", content=content())  # the battle as it would open
    assert len([m for m in opening if m.name.startswith("order_")]) > 10
    (tick,) = [m for m in SYSTEM.options(state, None, content=content()) if m.name == "tick"]
    state = _play(state, tick)
    battle = state["battle"]
    assert SYSTEM.to_move(state) == ["Red", "Blue"]
    for seat in ("Red", "Blue"):
        moves = SYSTEM.options(state, seat)  # orders only: no map, so no escape jump
        legal = legal_orders(battle, seat)
        assert len(moves) == sum(len(actions) for actions in legal.values()) > 10
        for move in moves:
            assert move.seat == seat and move.action["ship"] == seat
            check_order(battle, move.action)  # every move offered passes its own checks
    power = next(m for m in SYSTEM.options(state, "Red") if m.name == "order_power")
    after, _what, _outcome = apply_battle(copy.deepcopy(state), power.action, DiceDoor(Rng(3)))
    assert after["order"]["event"] == "power"


def test_a_battle_over_offers_no_orders() -> None:
    state = _game()
    state = SYSTEM.apply(state, {"type": "tick"}, DiceDoor(Rng(2)), content()).state
    state["battle"]["over"] = "Blue destroyed"
    assert all(m.name != "tick" for m in SYSTEM.options(state, None))
    assert SYSTEM.options(state, "Red") == []  # a destroyed ship ends the match
