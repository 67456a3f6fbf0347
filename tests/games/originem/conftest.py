"""Shared helpers for the Originem tests: the packaged content, a fresh game, and a way to
apply an action with entered faces (as a GM typing in physical dice)."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Mapping
from typing import Any

import pytest

from gmtool.content.paths import packaged
from gmtool.dice import DiceDoor
from gmtool.engine.system import Outcome
from gmtool.games.originem.game import SYSTEM
from gmtool.games.originem.rules.models import OriginemContent
from tests.games.originem.helpers import Play


@pytest.fixture
def cli(gmtool: Callable[..., Any]) -> Callable[..., Any]:
    """A demo campaign, then ``cli("originem", ...)`` runs commands against it."""
    demo = str(packaged("campaigns", "originem-demo.yaml"))
    made = gmtool("campaign", "new", "demo", "--from", demo, "--seed", "7")
    assert made.code == 0, made.err
    return gmtool


@pytest.fixture(scope="session")
def content() -> OriginemContent:
    return SYSTEM.load_content()


@pytest.fixture
def state(content: OriginemContent) -> dict[str, Any]:
    return SYSTEM.new_state(content, {}, DiceDoor())


@pytest.fixture
def play(state: dict[str, Any], content: OriginemContent) -> Play:
    """``play({"type": ...}, 4, 6, 1)``: apply to the fixture's state with those faces."""

    def run(action: Mapping[str, Any], *faces: int, on: dict[str, Any] | None = None) -> Outcome:
        door = DiceDoor.entered_faces(*faces)
        target = state if on is None else on
        outcome = SYSTEM.apply(copy.deepcopy(target), dict(action), door, content)
        door.finish()
        json.dumps(outcome.state)
        json.dumps(outcome.result)
        target.clear()
        target.update(outcome.state)
        return outcome

    return run
