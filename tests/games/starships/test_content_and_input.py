"""Content loads and checks itself; bad input is refused with one clear line."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gmtool.content.campaignfile import read_campaign_file
from gmtool.content.paths import packaged
from gmtool.dice import DiceDoor, Rng
from gmtool.errors import ContentError, DiceError, RulesError, UsageError
from gmtool.games.starships.game import SYSTEM
from gmtool.games.starships.rules.statblock import parse_affinity, parse_weapon
from tests.games.starships.helpers import (
    block,
    content_with,
    duel,
    fight,
    hit,
    packaged_content,
    play,
)


def test_packaged_content_has_both_damage_types_and_enemies() -> None:
    content = packaged_content()
    assert set(content.damage_types) >= {"Kinetic", "Energy"}
    assert {"Pirate", "Drone", "Wisp", "Sentinel", "Crawler", "Ghost"} <= set(content.enemies)
    assert content.momentum.extra_turn == 3


def test_the_demo_campaign_builds_its_party() -> None:
    data = read_campaign_file(packaged("campaigns", "starships-demo.yaml"))
    state = SYSTEM.new_state(packaged_content(), data["options"], DiceDoor(Rng(1)))
    assert list(state["combatants"]) == ["Ana", "Bo", "Cy", "Dee"]
    assert state["mode"] == "exploration"


def test_an_enemy_with_an_unknown_damage_type_names_its_file_and_line() -> None:
    overrides = {"enemies": {"Pirate": {"melee": {"dice": "1d8", "type": "Sonic"}}}}
    with pytest.raises(ContentError) as caught:
        content_with(overrides)
    line = caught.value.problems[0]
    assert "enemies.yaml:" in line
    assert "unknown damage type 'Sonic' (valid: Energy, Kinetic)" in line


def test_weapon_dice_must_be_plain() -> None:
    with pytest.raises(ContentError, match="keep, explode or reroll"):
        content_with({"enemies": {"Pirate": {"melee": {"dice": "1d8!", "type": "Kinetic"}}}})


def test_a_bad_rule_number_is_a_content_error() -> None:
    with pytest.raises(ContentError, match="momentum.extra_turn"):
        content_with({"momentum": {"extra_turn": 0}})


def test_unknown_campaign_options_are_refused() -> None:
    with pytest.raises(UsageError, match="option 'crew' means nothing to starships"):
        SYSTEM.new_state(packaged_content(), {"crew": ["x"]}, DiceDoor(Rng(1)))


def test_a_broken_party_stat_block_is_a_content_error() -> None:
    with pytest.raises(ContentError, match="hp"):
        SYSTEM.new_state(packaged_content(), {"party": {"Ana": {"defense": 3}}}, DiceDoor(Rng(1)))


def test_an_unknown_combatant_lists_the_valid_ones() -> None:
    state = duel(block(), block())
    with pytest.raises(UsageError) as caught:
        hit(state, "melee", 15, 3, on="Zed")
    assert caught.value.line() == "unknown combatant 'Zed' (valid: Ana, Rex)"


def test_an_unknown_enemy_lists_the_table() -> None:
    state = duel(block(), block(hp=1))
    state = hit(state, "melee", 15, 1).state
    with pytest.raises(UsageError) as caught:
        play(state, {"type": "encounter_start", "enemies": ["Dragon"]}, 20, 1)
    assert caught.value.line() == (
        "unknown enemy 'Dragon' (valid: Crawler, Drone, Ghost, Pirate, Sentinel, Wisp)"
    )


def test_a_melee_attack_needs_a_melee_weapon() -> None:
    state = duel(block(melee=None), block())
    with pytest.raises(RulesError, match="Ana has no melee weapon"):
        hit(state, "melee", 15, 3)


def test_friendly_fire_is_off_by_default() -> None:
    state = fight({"Ana": block(), "Bo": block()}, {"Rex": block()})
    with pytest.raises(RulesError, match="both on the party side"):
        hit(state, "melee", 15, 3, on="Bo")


def test_names_are_found_in_any_case() -> None:
    state = duel(block(), block(hp=30))
    assert hit(state, "melee", 15, 3, by="ana", on="REX").result["hp"]["Rex"] == 27


@pytest.mark.parametrize(
    ("fields", "error", "message"),
    [
        ({"hp": 0, "defense": 10}, UsageError, "hp: Input should be greater than or equal to 1"),
        ({"hp": 5, "defense": 10, "melee": {"dice": "1d8", "type": "Sonic"}}, UsageError,
         "unknown damage type 'Sonic'"),
        ({"hp": 5, "defense": 10, "affinities": {"Energy": "absorb"}}, UsageError,
         "unknown affinity 'absorb'"),
        ({"hp": 5, "defense": 10, "ranged": {"dice": "2q6", "type": "Energy"}}, DiceError,
         "column"),
        ({"hp": 5, "defense": 10, "row": "middle"}, UsageError, "row"),
    ],
)  # fmt: skip
def test_add_refuses_a_bad_stat_block(fields: dict[str, Any], error: type, message: str) -> None:
    state = duel(block(), block())
    with pytest.raises(error, match=message):
        play(state, {"type": "add", "name": "Zed", "side": "enemies", **fields})


def test_add_refuses_a_taken_name() -> None:
    with pytest.raises(UsageError, match="already a combatant named 'Ana'"):
        play(duel(block(), block()), {"type": "add", "name": "ana", "hp": 3, "defense": 3})


def test_weapon_and_affinity_text() -> None:
    assert parse_weapon("2d6+1:Energy") == {"dice": "2d6+1", "type": "Energy"}
    assert parse_affinity("kinetic=Weak") == ("kinetic", "weak")
    with pytest.raises(UsageError, match="DICE:TYPE"):
        parse_weapon("1d8")
    with pytest.raises(UsageError, match="TYPE=AFFINITY"):
        parse_affinity("Energy")


def test_an_unknown_action_lists_the_valid_ones() -> None:
    with pytest.raises(UsageError, match="unknown starships action 'dance'"):
        play(duel(block(), block()), {"type": "dance"})


def test_replaying_the_same_faces_gives_the_same_state() -> None:
    state = duel(block(might=1), block(hp=30, row="back"))
    first = hit(state, "melee", 13, 4).state
    assert hit(state, "melee", 13, 4).state == first


def test_every_starships_yaml_file_loads() -> None:
    for path in Path(packaged("tables", "starships")).glob("*.yaml"):
        assert path.read_text(encoding="utf-8").strip()
    assert packaged_content().enemies["Sentinel"].affinities["Energy"] == "reflect"


def test_a_problem_in_a_campaign_file_names_its_line(gmtool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "bad.yaml"
    path.write_text(
        "system: starships\ncontent:\n  enemies:\n    Pirate:\n      hp: 0\n", encoding="utf-8"
    )
    result = gmtool("campaign", "new", "bad", "--from", str(path))
    assert result.code == 3
    assert f"{path}:5: enemies.Pirate.hp" in result.err


def test_the_content_does_not_need_the_damage_rules() -> None:
    # content.py and damage.py used to import each other; the weapon dice now stand alone.
    import ast

    import gmtool.games.starships.rules.content as content_module

    tree = ast.parse(Path(content_module.__file__).read_text(encoding="utf-8"))
    imported = {
        node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module
    }
    assert "gmtool.games.starships.rules.weapons" in imported
    assert not any(name.endswith(("damage", "attack")) for name in imported)
