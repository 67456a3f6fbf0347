"""Originem's content: the packaged YAML holds the rules' numbers, loads, and validation
catches broken overrides with the file, line and field."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from gmtool.content.paths import packaged
from gmtool.content.yamlfile import load_yaml, parse_yaml
from gmtool.errors import ContentError
from gmtool.games.originem.game import SYSTEM
from gmtool.games.originem.rules.content import scene_paths, table_paths
from gmtool.games.originem.rules.models import OriginemContent

YAML_FILES = [
    *table_paths().values(),
    *scene_paths().values(),
    *sorted(packaged("campaigns").glob("originem-*.yaml")),
]


@pytest.mark.parametrize("path", YAML_FILES, ids=lambda p: Path(p).name)
def test_every_originem_yaml_file_loads(path: Path) -> None:
    assert load_yaml(path).data


def test_classes_follow_the_rules(content: OriginemContent) -> None:
    classes = content.classes
    assert {k: (c.hp, c.default_name) for k, c in classes.items()} == {
        "combat_specialist": (80, "Pierre"),
        "engineer": (70, "Delilah"),
        "doctor": (60, "Remmy"),
        "scientist": (50, "Larlen"),
    }
    dice = {k: c.dice for k, c in classes.items()}
    assert [dice[k]["exploration"] for k in classes] == ["d6", "d6", "d8", "d10"]
    assert [dice[k]["puzzle"] for k in classes] == ["d6", "d10", "d6", "d8"]
    assert {dice[k]["general"] for k in classes} == {"d8"}
    assert [dice[k]["runaway"] for k in classes] == ["d6", "d8", "d6", "d10"]
    assert [dice[k]["combat"] for k in classes] == ["d10", "d8", "d6", "d6"]
    assert [k for k in classes if "healing" in dice[k]] == ["doctor"]
    assert dice["doctor"]["healing"] == "d8"


def test_enemy_tiers(content: OriginemContent) -> None:
    assert {k: e.hp for k, e in content.enemies.items()} == {
        "low": 10,
        "medium": 15,
        "high": 30,
        "miniboss": 50,
        "boss": 80,
    }


def test_missions_follow_the_rules(content: OriginemContent) -> None:
    missions = content.missions.values()
    general = [m for m in missions if m.kind == "general"]
    special = [m for m in missions if m.kind == "specialized"]
    assert len(general) == 8 and {m.knowledge for m in general} == {2}
    assert len(special) == 12 and {m.knowledge for m in special} == {1}
    for mission in general:  # an equal mix of scene types
        assert len(set(Counter(mission.scenes).values())) == 1, mission.title
    assert Counter(m.crew_class for m in special) == dict.fromkeys(content.classes, 3)
    for mission in special:  # weighted to the class's specialty
        specialty = content.classes[str(mission.crew_class)].specialty
        counts = Counter(mission.scenes)
        assert counts[specialty] > len(mission.scenes) / 2, mission.title
    final = content.missions[content.final_mission_id()]
    assert {"exploration", "combat"} <= set(final.scenes)
    assert "Hostage Rescue" in {m.title for m in general}
    assert "Solve Ancient Poem Puzzle" in {m.title for m in special}


def test_nova_and_rules(content: OriginemContent) -> None:
    assert content.nova.lengths == {30: 5, 45: 10, 60: 15}
    assert content.nova.minimum_knowledge == 5
    assert content.nova.penalties["lost"] == 60
    assert content.rules.max_missions_under_way == 4
    assert content.rules.combat.block_above == 5
    assert content.rules.combat.gm_dice == ["d6", "d8", "d10"]


def test_a_campaign_adds_and_overrides_content() -> None:
    content = SYSTEM.load_content(
        {
            "missions": {
                "moon_run": {
                    "title": "Moon Run",
                    "kind": "general",
                    "knowledge": 3,
                    "scenes": ["exploration", "combat"],
                }
            },
            "enemies": {"low": {"hp": 12}},
            "scenes": {"exploration": {"bands": {"lost": {"effects": {"nova_seconds": -120}}}}},
        }
    )
    assert content.missions["moon_run"].knowledge == 3
    assert content.enemies["low"].hp == 12 and content.enemies["low"].title == "Low Level"
    assert content.scenes["exploration"].bands["lost"].effects.nova_seconds == -120
    assert content.scenes["exploration"].bands["lost"].max == 8


BAD_OVERRIDES = [
    ({"scenes": {"exploration": {"bands": {"lost": {"max": 10}}}}}, "overlaps band 'lost'"),
    ({"scenes": {"exploration": {"bands": {"lost": {"max": 7}}}}}, "8 in no band"),
    ({"scenes": {"general": {"bands": {"bad": {"min": 5}}}}}, "ends (4) before it starts (5)"),
    (
        {
            "missions": {
                "x": {"title": "X", "kind": "general", "knowledge": 2, "scenes": ["dancing"]}
            }
        },
        "missions.x.scenes.0: unknown scene type",
    ),
    (
        {
            "missions": {
                "x": {
                    "title": "X",
                    "kind": "specialized",
                    "knowledge": 1,
                    "class": "bard",
                    "scenes": ["combat"],
                }
            }
        },
        "missions.x.class: unknown class 'bard'",
    ),
    (
        {"missions": {"activate_the_artifact": {"scenes": ["exploration", "puzzle"]}}},
        "must include combat",
    ),
    ({"classes": {"doctor": {"dice": {"surgery": "d8"}}}}, "classes.doctor.dice.surgery"),
    ({"classes": {"doctor": {"hp": 0}}}, "classes.doctor.hp"),
    ({"classes": {"doctor": {"dice": {"combat": "8"}}}}, "classes.doctor.dice.combat"),
    ({"enemies": {"boss": {"hp": 80, "armour": 3}}}, "enemies.boss.armour: unknown field"),
    ({"nova": {"lengths": {20: 3}}}, "below the minimum of 5"),
    ({"rules": {"rulings": {"bonus_scope": "forever"}}}, "rules.rulings.bonus_scope"),
    ({"stuff": {}}, "content.stuff: unknown section"),
]


@pytest.mark.parametrize(("overrides", "message"), BAD_OVERRIDES)
def test_bad_overrides_are_caught(overrides: dict[str, object], message: str) -> None:
    with pytest.raises(ContentError) as caught:
        SYSTEM.load_content(overrides)
    assert message in caught.value.problems[0] + " | ".join(caught.value.problems)


def test_problems_name_the_campaign_file_and_line() -> None:
    text = (
        "system: originem\n"
        "content:\n"
        "  missions:\n"
        "    moon_run:\n"
        "      title: Moon Run\n"
        "      kind: general\n"
        "      knowledge: 2\n"
        "      scenes: [exploration, juggling]\n"
    )
    doc = parse_yaml(text, "moon.yaml")
    with pytest.raises(ContentError) as caught:
        SYSTEM.load_content(doc)
    assert caught.value.problems == [
        "moon.yaml:8: missions.moon_run.scenes.1: unknown scene type 'juggling' "
        "(valid: combat, exploration, general, healing, puzzle)"
    ]


def test_a_packaged_problem_names_the_packaged_file() -> None:
    with pytest.raises(ContentError) as caught:
        SYSTEM.load_content({"scenes": {"runaway": {"bands": {"failed": {"max": 5}}}}})
    problem = caught.value.problems[0]
    assert problem.startswith(str(packaged("scenes", "originem", "runaway.yaml")) + ":")
    assert "scenes.runaway.bands.escaped.min: leaves a gap after band 'failed'" in problem


def test_overrides_without_their_file_name_the_content_path() -> None:
    with pytest.raises(ContentError) as caught:
        SYSTEM.load_content({"enemies": {"boss": {"hp": -1}}, "missions": {}})
    assert caught.value.problems[0].startswith("content.enemies.boss.hp: Input should be")
    with pytest.raises(ContentError) as caught:
        SYSTEM.load_content({"stuff": {}})
    assert caught.value.problems[0].startswith("content.stuff: unknown section (valid: classes")


def test_band_problems_are_reported_beside_schema_problems() -> None:
    with pytest.raises(ContentError) as caught:
        SYSTEM.load_content(
            {
                "enemies": {"boss": {"hp": "lots"}},
                "scenes": {"general": {"bands": {"bad": {"max": 6}}}},
            }
        )
    problems = " | ".join(caught.value.problems)
    assert "content.enemies.boss.hp" in problems
    assert "scenes.general.bands.alright.min: overlaps band 'bad'" in problems
