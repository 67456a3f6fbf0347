"""Every band edge of every scene table, rolled with entered faces."""

from __future__ import annotations

from typing import Any

import pytest

from gmtool.games.originem.game import SYSTEM
from gmtool.games.originem.rules.models import OriginemContent
from gmtool.games.originem.rules.scenes import band_for
from tests.games.originem.helpers import Play, scene


def _faces_for(total: int, rolls: int, sides: int) -> list[int]:
    """Faces of ``rolls`` dice with ``sides`` sides adding up to ``total``."""
    faces = [1] * rolls
    left = total - rolls
    for index in range(rolls):
        step = min(sides - 1, left)
        faces[index] += step
        left -= step
    assert left == 0 and sum(faces) == total
    return faces


def _edges(content: OriginemContent) -> list[tuple[str, str, int]]:
    cases = []
    for key, table in content.scenes.items():
        for band_id, band in table.bands.items():
            for total in sorted({band.min, band.max}):
                cases.append((key, band_id, total))
    return cases


EDGES = _edges(SYSTEM.load_content())


@pytest.mark.parametrize(("kind", "band_id", "total"), EDGES)
def test_every_band_edge_of_every_table(
    kind: str,
    band_id: str,
    total: int,
    play: Play,
    state: dict[str, Any],
    content: OriginemContent,
) -> None:
    table = content.scenes[kind]
    able = [m for m in state["crew"] if kind in content.classes[m["class"]].dice]
    member = max(able, key=lambda m: int(content.classes[m["class"]].dice[kind][1:]))
    sides = int(content.classes[member["class"]].dice[kind][1:])
    if not table.rolls <= total <= table.rolls * sides:
        # No roll of these dice reaches this edge; the table lookup still places it.
        assert band_for(kind, table, total, content.rulings)[0] == band_id
        return
    faces = _faces_for(total, table.rolls, sides)
    result = play(scene(kind, *[member["name"]] * table.rolls), *faces).result
    assert result["total"] == total
    assert result["outcome"] == band_id


# The numbers of the rules themselves, edge by edge (the YAML must agree with the rules).
RULE_EDGES = [
    ("exploration", ("Larlen",), (1, 1, 1), "lost"),
    ("exploration", ("Larlen",), (6, 1, 1), "lost"),
    ("exploration", ("Larlen",), (7, 1, 1), "complete"),
    ("exploration", ("Larlen",), (10, 9, 1), "complete"),
    ("exploration", ("Larlen",), (10, 10, 1), "shortcut"),
    ("exploration", ("Larlen",), (10, 10, 10), "shortcut"),
    ("puzzle", ("Delilah",), (1, 1, 2), "failed"),
    ("puzzle", ("Delilah",), (3, 1, 1), "failed_bonus"),
    ("puzzle", ("Delilah",), (10, 4, 1), "failed_bonus"),
    ("puzzle", ("Delilah",), (10, 5, 1), "complete"),
    ("puzzle", ("Delilah",), (10, 9, 1), "complete"),
    ("puzzle", ("Delilah",), (10, 10, 1), "bonus"),
    ("puzzle", ("Delilah",), (10, 10, 4), "bonus"),
    ("puzzle", ("Delilah",), (10, 10, 10), "bonus"),  # 30: above 24 counts as the last band
    ("general", ("Pierre",), (2, 1, 1), "bad"),
    ("general", ("Pierre",), (3, 1, 1), "alright"),
    ("general", ("Pierre",), (8, 8, 4), "alright"),
    ("general", ("Pierre",), (8, 8, 5), "amazing"),
    ("general", ("Pierre",), (8, 8, 8), "amazing"),
    ("runaway", ("Larlen",), (1,), "failed"),
    ("runaway", ("Larlen",), (6,), "failed"),
    ("runaway", ("Larlen",), (7,), "escaped"),
    ("runaway", ("Larlen",), (10,), "escaped"),
    ("healing", ("Remmy",), (1,), "failed"),
    ("healing", ("Remmy",), (3,), "failed"),
    ("healing", ("Remmy",), (4,), "healed"),
    ("healing", ("Remmy",), (8,), "healed"),
]


@pytest.mark.parametrize(("kind", "by", "faces", "outcome"), RULE_EDGES)
def test_rule_text_edges(
    kind: str, by: tuple[str, ...], faces: tuple[int, ...], outcome: str, play: Play
) -> None:
    result = play(scene(kind, *by), *faces).result
    assert result["outcome"] == outcome
    assert result["total"] == sum(faces)


def test_effects_of_each_outcome_follow_the_rules(content: OriginemContent) -> None:
    scenes = content.scenes
    assert scenes["exploration"].bands["lost"].effects.nova_seconds == -60
    assert scenes["exploration"].bands["shortcut"].effects.end_mission
    assert scenes["puzzle"].bands["failed_bonus"].effects.next_roll_bonus == 1
    assert not scenes["puzzle"].bands["failed_bonus"].effects.complete_scene
    assert scenes["healing"].bands["healed"].effects.heal == 5
    assert scenes["runaway"].bands["failed"].effects.engage
    assert [scenes[k].rolls for k in ("exploration", "puzzle", "general", "runaway")] == [
        3,
        3,
        3,
        1,
    ]
