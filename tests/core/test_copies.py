"""``engine.copies``: every copy of a state is a whole new one, equal to it."""

from __future__ import annotations

from collections import OrderedDict

from gmtool.engine.copies import Copies


def test_each_copy_is_equal_and_shares_nothing() -> None:
    state = {"crew": [{"name": "Ana", "hp": 5}], "round": (1, 2), "log": None, "x": 1.5}
    copies = Copies(state)
    first, second = copies(), copies()
    assert first == state == second and first is not second
    first["crew"][0]["hp"] = 0
    first["crew"].append({"name": "Bo"})
    assert state["crew"] == [{"name": "Ana", "hp": 5}] and second == state


def test_a_state_marshal_cannot_write_is_copied_all_the_same() -> None:
    state = {"order": OrderedDict(a=[1])}
    copies = Copies(state)
    copied = copies()
    assert copied == state and type(copied["order"]) is OrderedDict
    copied["order"]["a"].append(2)
    assert state["order"]["a"] == [1]
