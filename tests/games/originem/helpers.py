"""Action builders and types shared by the Originem tests."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gmtool.engine.system import Outcome

Play = Callable[..., Outcome]
"""``play(action, *faces)``: apply an action to the test's state with entered faces."""


def scene(kind: str, *by: str, mission: str | None = None, **extra: Any) -> dict[str, Any]:
    action: dict[str, Any] = {"type": "scene", "scene": kind, "by": list(by)}
    if mission is not None:
        action["mission"] = mission
    action.update(extra)
    return action


def start(mission: str) -> dict[str, Any]:
    return {"type": "mission_start", "mission": mission}
