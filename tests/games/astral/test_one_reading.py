"""What the menu offers a being is exactly what the tick's check accepts from it: one
reading of the rules (``target_refusal``, ``move_refusal``, ``task_refusal``)."""

from __future__ import annotations

import random
from typing import Any

import pytest

from gmtool.dice import DiceDoor, Rng
from gmtool.errors import GmtoolError
from gmtool.games.astral.game import SYSTEM
from gmtool.games.astral.rules.choices import action_menu, actors
from gmtool.games.astral.rules.content import DISTANCES, AstralContent
from gmtool.games.astral.rules.declarations import check_declarations
from gmtool.games.astral.rules.tick import resolve_tick
from tests.games.astral.conftest import cast

REACHES = ("touching", "near", "far")
AIMED = ("attack", "block", "examine")


def accepted(state: dict[str, Any], content: AstralContent, declaration: dict[str, Any]) -> bool:
    try:
        check_declarations(state, content, [declaration])
    except GmtoolError:
        return False
    return True


def assert_one_reading(state: dict[str, Any], content: AstralContent, who: str) -> None:
    """Every target offered is accepted, every target accepted is offered."""
    menu = action_menu(state, content, who)
    names = [e["name"] for e in state["entities"]]
    for action in AIMED:
        wanted = [
            n
            for n in names
            if accepted(state, content, {"who": who, "action": action, "target": n})
        ]
        assert menu.get(action, []) == wanted, (action, who)
    movable = [
        n
        for n in names
        if any(
            accepted(state, content, {"who": who, "action": "move", "targets": [n], "to": to})
            for to in DISTANCES
        )
    ]
    assert menu.get("move", []) == movable, who
    tasks = [
        t["name"]
        for t in state["tasks"]
        if accepted(state, content, {"who": who, "action": "work", "task": t["name"]})
    ]
    assert menu.get("work", []) == tasks, who


@pytest.mark.parametrize("reach", REACHES)
@pytest.mark.parametrize("unconscious", [False, True], ids=["asleep-out", "asleep-in"])
def test_every_reach_offers_what_the_check_accepts(reach: str, unconscious: bool) -> None:
    content = SYSTEM.load_content(
        {
            "combat": {
                "reach": {"attack": reach, "block": reach, "examine": reach},
                "unconscious_can_be_attacked": unconscious,
            }
        }
    )
    # Ana at every band from someone: Cy touching, Wisp near, Orb far; Bo away and asleep.
    state = cast(content, ["Ana Cy touching", "Ana Wisp near", "Ana Orb far"])
    for distance in DISTANCES:
        for other in ("Cy", "Wisp", "Orb"):
            state["distances"]["Ana"][other] = state["distances"][other]["Ana"] = distance
            state["entities"][2]["condition"] = "unconscious" if distance == "far" else "active"
            assert_one_reading(state, content, "Ana")
    offered = action_menu(state, content, "Ana")
    # all Away now: nothing within any reach
    assert "attack" not in offered and "examine" not in offered


def test_a_sleeper_is_offered_to_attack_only_where_it_may_be_attacked() -> None:
    content = SYSTEM.load_content({})
    state = cast(content, ["Ana Wisp touching"])
    state["entities"][2]["condition"] = "unconscious"
    allowed = content.combat.unconscious_can_be_attacked
    assert ("Wisp" in action_menu(state, content, "Ana").get("attack", [])) is allowed
    assert_one_reading(state, content, "Ana")


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("owners", [True, False], ids=["own-tasks", "any-task"])
def test_at_every_step_of_a_random_game_the_menu_is_what_the_check_accepts(
    seed: int, owners: bool
) -> None:
    content = SYSTEM.load_content({"tasks": {"only_owner_works": owners}})
    state = cast(content, ["Ana Wisp touching", "Cy Orb far"])
    for name, by in (("Unseal", "Ana"), ("Chart", "Wisp")):
        task = {"type": "task_new", "name": name, "by": by, "ticks": 2, "tn": 7}
        state = SYSTEM.apply(state, task, DiceDoor(Rng(seed)), content).state
    chooser = random.Random(seed)
    for _ in range(25):
        if not actors(state):
            break
        declarations = []
        for who in actors(state):
            assert_one_reading(state, content, who)
            menu = action_menu(state, content, who)
            action = chooser.choice(sorted(menu))
            declared: dict[str, Any] = {"who": who, "action": action}
            if action in AIMED:
                declared["target"] = chooser.choice(menu[action])
            elif action == "work":
                declared["task"] = chooser.choice(menu[action])
            elif action == "move":
                other = chooser.choice(menu[action])
                now = state["distances"][who][other]
                open_to = [
                    to
                    for to in DISTANCES
                    if to != now
                    and accepted(
                        state, content, {"who": who, "action": "move", "targets": [other], "to": to}
                    )
                ]
                declared.update(targets=[other], to=chooser.choice(open_to))
            declarations.append(declared)
        tick = {"type": "tick", "declarations": declarations}
        resolve_tick(state, tick, DiceDoor(Rng(seed + state["tick"])), content)
    assert state["tick"] > 0
