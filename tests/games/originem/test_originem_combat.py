"""Fights, one step at a time: initiative, attacks and blocks, healing, a side going down."""

from __future__ import annotations

from typing import Any

import pytest

from gmtool.errors import RulesError, UsageError
from tests.games.originem.helpers import Play, start


def fight(enemies: list[Any], gm_die: str = "d6", **extra: Any) -> dict[str, Any]:
    return {"type": "combat_start", "enemies": enemies, "gm_die": gm_die, **extra}


def attack(by: str, target: str) -> dict[str, Any]:
    return {"type": "combat_attack", "by": by, "target": target}


def enemy_attack(enemy: str, target: str) -> dict[str, Any]:
    return {"type": "combat_enemy_attack", "enemy": enemy, "target": target}


def initiative(by: str) -> dict[str, Any]:
    return {"type": "combat_initiative", "by": by}


@pytest.fixture
def heal_phase(play: Play, state: dict[str, Any]) -> Play:
    """Pierre (down to 50 HP) and Remmy against one low enemy, at the healing phase."""
    play(fight(["low"], crew=["Pierre", "Remmy"]))
    play(initiative("Pierre"), 5, 1)
    state["crew"][0]["hp"] = 50
    play({"type": "combat_end_turn"})  # the crew passes
    play({"type": "combat_end_turn"})  # so do the enemies
    return play


@pytest.fixture
def duel(play: Play) -> Play:
    """Pierre alone against one low enemy, the crew attacking first."""
    play(fight(["low"], crew=["Pierre"]))
    play(initiative("Pierre"), 5, 2)
    return play


def test_start_names_the_enemies(play: Play, state: dict[str, Any]) -> None:
    result = play(fight(["low:2", "Warden=high", {"tier": "boss"}], gm_die="8")).result
    enemies = result["combat"]["enemies"]
    assert [(e["name"], e["hp"]) for e in enemies] == [
        ("low-1", 10),
        ("low-2", 10),
        ("Warden", 30),
        ("boss-1", 80),
    ]
    assert result["combat"]["gm_die"] == "d8" and result["combat"]["turn"] == "initiative"
    assert [c["name"] for c in result["combat"]["crew"]] == ["Pierre", "Delilah", "Remmy", "Larlen"]


def test_start_refuses_bad_dice_and_tiers(play: Play) -> None:
    with pytest.raises(UsageError, match="cannot fight with a d12"):
        play(fight(["low"], gm_die="d12"))
    with pytest.raises(UsageError) as caught:
        play(fight(["dragon"]))
    assert "valid: low, medium, high, miniboss, boss" in caught.value.line()


@pytest.mark.parametrize(("crew", "gm", "first"), [(5, 2, "crew"), (2, 5, "enemies")])
def test_initiative_highest_attacks_first(play: Play, crew: int, gm: int, first: str) -> None:
    play(fight(["low"]))
    result = play(initiative("Pierre"), crew, gm).result
    assert result["first"] == first and result["combat"]["turn"] == first
    assert result["crew_roll"]["die"] == "d10" and result["gm_roll"]["by"] == "GM"


def test_initiative_tie_is_rolled_again(play: Play, state: dict[str, Any]) -> None:
    play(fight(["low"]))
    result = play(initiative("Pierre"), 4, 4).result
    assert result["tie"] is True and result["first"] is None
    assert state["combat"]["turn"] == "initiative"
    assert play(initiative("Pierre"), 3, 4).result["first"] == "enemies"


@pytest.mark.parametrize(("block", "blocked"), [(5, False), (6, True)])
def test_a_block_above_five_stops_the_attack(duel: Play, block: int, blocked: bool) -> None:
    result = duel(attack("Pierre", "low-1"), 7, block).result
    assert result["blocked"] is blocked
    assert result["damage"] == (0 if blocked else 7)
    assert result["target_hp"] == (10 if blocked else 3)


def test_crew_blocks_with_their_combat_die(duel: Play) -> None:
    duel(attack("Pierre", "low-1"), 1, 1)
    result = duel(enemy_attack("low-1", "Pierre"), 6, 9).result
    assert result["rolls"][1] == {"by": "Pierre", "die": "d10", "face": 9, "source": "entered"}
    assert result["blocked"] is True


def test_turns_alternate_then_heal(play: Play, state: dict[str, Any]) -> None:
    play(fight(["low", "medium"], crew=["Pierre", "Remmy"]))
    play(initiative("Remmy"), 1, 3)  # the enemies attack first
    with pytest.raises(RulesError, match="the enemies' turn"):
        play(attack("Pierre", "low-1"), 3, 1)
    play(enemy_attack("low-1", "Remmy"), 4, 1)
    with pytest.raises(RulesError, match="low-1 has already acted"):
        play(enemy_attack("low-1", "Pierre"), 4, 1)
    result = play(enemy_attack("medium-1", "Pierre"), 2, 1).result
    assert result["combat"]["turn"] == "crew"
    play(attack("Pierre", "low-1"), 3, 1)
    result = play(attack("Remmy", "medium-1"), 3, 1).result
    assert result["combat"]["turn"] == "heal" and result["combat"]["to_act"] == ["Remmy"]
    with pytest.raises(RulesError, match="Pierre .* cannot heal"):
        play({"type": "combat_heal", "by": "Pierre", "target": "Remmy"}, 4)
    result = play({"type": "combat_heal", "by": "Remmy", "target": "Remmy"}, 4).result
    assert result["healed"] == {"name": "Remmy", "amount": 4, "hp": 60}
    assert result["combat"]["round"] == 2 and result["combat"]["turn"] == "enemies"


@pytest.mark.parametrize(("face", "healed"), [(3, 0), (4, 5)])
def test_heal_works_on_four_and_up(
    heal_phase: Play, state: dict[str, Any], face: int, healed: int
) -> None:
    result = heal_phase({"type": "combat_heal", "by": "Remmy", "target": "Pierre"}, face).result
    assert result["outcome"] == ("healed" if healed else "failed")
    assert state["crew"][0]["hp"] == 50 + healed


def test_heal_phase_is_skipped_when_no_one_is_hurt(play: Play) -> None:
    play(fight(["low"], crew=["Pierre", "Remmy"]))
    play(initiative("Pierre"), 5, 1)
    play({"type": "combat_end_turn"})
    result = play({"type": "combat_end_turn"}).result
    assert result["combat"]["turn"] == "crew" and result["combat"]["round"] == 2


def test_enemy_down_ends_the_fight_won(play: Play, state: dict[str, Any]) -> None:
    play(start("Face Opponents Head On"))
    play(fight(["low"], crew=["Pierre"]))
    play(initiative("Pierre"), 9, 1)
    play(attack("Pierre", "low-1"), 6, 1)
    play(enemy_attack("low-1", "Pierre"), 6, 1)
    result = play(attack("Pierre", "low-1"), 4, 5).result
    assert result["target_down"] is True and result["combat_over"] == "won"
    assert result["mission_progress"]["scenes_left"] == ["general", "combat"]
    assert state["combat"] is None and state["crew"][0]["hp"] == 74


def test_crew_down_ends_the_fight_lost(play: Play, state: dict[str, Any]) -> None:
    state["crew"][3]["hp"] = 4
    play(fight(["boss"], crew=["Larlen"]))
    play(initiative("Larlen"), 1, 6)
    result = play(enemy_attack("boss-1", "Larlen"), 5, 1).result
    assert result["combat_over"] == "lost" and result["target_hp"] == 0
    assert state["combat"] is None and state["ended"] is None  # the rest of the crew stands
    with pytest.raises(RulesError, match="Larlen is down"):
        play({"type": "scene", "scene": "exploration", "by": ["Larlen"]}, 1, 1, 1)


def test_whole_crew_down_loses_the_game(play: Play, state: dict[str, Any]) -> None:
    for member in state["crew"]:
        member["hp"] = 0 if member["name"] != "Larlen" else 3
    play(fight(["low"]))
    play(initiative("Larlen"), 1, 6)
    play(enemy_attack("low-1", "Larlen"), 6, 1)
    assert state["ended"] == "lost"
    with pytest.raises(RulesError, match="the crew has lost: the whole crew is down"):
        play({"type": "mission_start", "mission": "Ship Defense"})


def test_no_scene_during_a_fight_and_no_second_fight(duel: Play) -> None:
    with pytest.raises(RulesError, match="a fight is under way"):
        duel({"type": "scene", "scene": "general", "by": ["Remmy"]}, 1, 1, 1)
    with pytest.raises(RulesError, match="already under way"):
        duel(fight(["low"]))


def test_attacking_a_downed_enemy_or_as_an_outsider(duel: Play, state: dict[str, Any]) -> None:
    with pytest.raises(RulesError, match="Larlen is not in this fight"):
        duel(attack("Larlen", "low-1"), 1, 1)
    with pytest.raises(UsageError) as caught:
        duel(attack("Pierre", "dragon"), 1, 1)
    assert "valid: low-1" in caught.value.line()


def test_the_gm_can_call_a_fight_off(duel: Play, state: dict[str, Any]) -> None:
    result = duel({"type": "combat_end"}).result
    assert result["combat_over"] == "stopped" and state["combat"] is None


def test_winning_the_final_fight_wins_the_game(play: Play, state: dict[str, Any]) -> None:
    state["knowledge"]["have"] = 5
    state["missions"]["activate_the_artifact"]["state"] = "not_started"
    play(start("Activate the Artifact"))
    play({"type": "scene", "scene": "exploration", "by": ["Larlen"]}, 5, 5, 5)
    play({"type": "scene", "scene": "puzzle", "by": ["Delilah"]}, 6, 6, 6)
    play(fight(["boss"], crew=["Pierre"]))
    play(initiative("Pierre"), 9, 1)
    state["combat"]["enemies"][0]["hp"] = 4
    result = play(attack("Pierre", "boss-1"), 4, 1).result
    assert result["combat_over"] == "won" and result["won"] is True
    assert state["ended"] == "won"
    with pytest.raises(RulesError, match="already won"):
        play({"type": "scene", "scene": "general", "by": ["Remmy"]}, 1, 1, 1)


def test_a_heal_on_someone_unhurt_is_refused(heal_phase: Play, state: dict[str, Any]) -> None:
    with pytest.raises(RulesError) as caught:
        heal_phase({"type": "combat_heal", "by": "Remmy", "target": "Remmy"}, 8)
    assert caught.value.line() == "Remmy is not hurt (60/60 HP) (hurt: Pierre)"
    assert state["combat"]["turn"] == "heal"


def test_the_log_names_both_fighters_and_the_damage(duel: Play, state: dict[str, Any]) -> None:
    hit = duel(attack("Pierre", "low-1"), 7, 2)
    assert (hit.who, hit.what, hit.outcome) == (
        "Pierre, low-1",
        "combat attack on low-1",
        "hit for 7 (low-1 3/10)",
    )
    struck = duel(enemy_attack("low-1", "Pierre"), 4, 9)
    assert (struck.who, struck.what, struck.outcome) == (
        "low-1, Pierre",
        "combat enemy-attack on Pierre",
        "blocked",
    )
    down = duel(attack("Pierre", "low-1"), 3, 1)
    assert down.outcome == "hit for 3: low-1 down"


def test_the_log_names_who_is_healed(heal_phase: Play) -> None:
    healed = heal_phase({"type": "combat_heal", "by": "Remmy", "target": "Pierre"}, 6)
    assert (healed.who, healed.what, healed.outcome) == (
        "Remmy, Pierre",
        "combat heal of Pierre",
        "healed +5 (Pierre 55/80)",
    )
