"""Each ruling's other settings (rules.yaml, rules.rulings), played with entered faces."""

from __future__ import annotations

import copy
from typing import Any

import pytest

from gmtool.dice import DiceDoor
from gmtool.engine.system import Outcome
from gmtool.errors import RulesError, UsageError
from gmtool.games.originem.game import SYSTEM
from gmtool.games.originem.rules.models import OriginemContent
from tests.games.originem.helpers import scene, start


class Table:
    """A game played under changed rulings: ``table.play(action, *faces)``."""

    def __init__(self, content: OriginemContent, **rulings: Any) -> None:
        changed = content.rulings.model_copy(update=rulings)
        self.content = content.model_copy(
            update={"rules": content.rules.model_copy(update={"rulings": changed})}
        )
        self.state = SYSTEM.new_state(self.content, {}, DiceDoor())

    def play(self, action: dict[str, Any], *faces: int) -> Outcome:
        door = DiceDoor.entered_faces(*faces)
        outcome = SYSTEM.apply(copy.deepcopy(self.state), action, door, self.content)
        door.finish()
        self.state = outcome.state
        return outcome

    def member(self, name: str) -> dict[str, Any]:
        return next(m for m in self.state["crew"] if m["name"] == name)

    def fight(self, *crew: str, enemies: tuple[str, ...] = ("low",)) -> None:
        action = {"type": "combat_start", "enemies": list(enemies), "gm_die": "d6"}
        self.play({**action, "crew": list(crew)})


def test_bonus_for_the_same_mission(content: OriginemContent) -> None:
    table = Table(content, bonus_scope="same_mission")
    table.play(start("Build Up Ship Walls"))  # puzzle, general, puzzle
    table.play(start("Map Out Ancient Forest"))  # exploration, general, exploration
    table.play(scene("puzzle", "Pierre", mission="Build Up Ship Walls"), 2, 2, 1)  # 5: +1
    other = table.play(scene("general", "Remmy", mission="Map Out Ancient Forest"), 1, 1, 1)
    assert other.result["bonus"] == 0
    same = table.play(scene("general", "Remmy", mission="Build Up Ship Walls"), 1, 1, 1)
    assert same.result["bonus"] == 1 and same.result["total"] == 4


def test_bonuses_that_stack(content: OriginemContent) -> None:
    table = Table(content, bonus_stacks=True)
    table.play(scene("puzzle", "Pierre"), 2, 2, 1)  # 5: +1
    table.play(scene("puzzle", "Pierre"), 2, 1, 1)  # 4 + 1 = 5: another +1
    assert table.state["bonus"] == {"scene:puzzle": 2}


def test_a_total_outside_every_band_can_be_an_error(content: OriginemContent) -> None:
    table = Table(content, out_of_table="error")
    with pytest.raises(RulesError, match="a total of 30 is in no band of the puzzle table"):
        table.play(scene("puzzle", "Delilah"), 10, 10, 10)


@pytest.mark.parametrize("side", ["crew", "enemies"])
def test_an_initiative_tie_can_go_to_one_side(content: OriginemContent, side: str) -> None:
    table = Table(content, initiative_tie=side)
    table.fight("Pierre")
    result = table.play({"type": "combat_initiative", "by": "Pierre"}, 4, 4).result
    assert result["tie"] is True and result["first"] == side


def test_a_downed_member_may_roll(content: OriginemContent) -> None:
    table = Table(content, down_can_roll=True)
    table.member("Larlen")["hp"] = 0
    result = table.play(scene("exploration", "Larlen"), 5, 5, 5).result
    assert result["outcome"] == "complete"


def test_a_heal_may_leave_the_fallen_down(content: OriginemContent) -> None:
    table = Table(content, heal_revives_down=False)
    table.member("Larlen")["hp"] = 0
    with pytest.raises(RulesError, match="Larlen is down and a heal cannot bring them back"):
        table.play(scene("healing", "Remmy", target="Larlen"), 8)


def test_a_fallen_crew_need_not_lose_the_game(content: OriginemContent) -> None:
    table = Table(content, all_down_loses=False)
    for member in table.state["crew"]:
        member["hp"] = 0 if member["name"] != "Larlen" else 1
    table.fight("Larlen")
    table.play({"type": "combat_initiative", "by": "Larlen"}, 1, 6)
    result = table.play({"type": "combat_enemy_attack", "enemy": "low-1", "target": "Larlen"}, 3, 1)
    assert result.result["combat_over"] == "lost" and table.state["ended"] is None


def _final(table: Table) -> None:
    table.state["knowledge"]["have"] = 5
    table.state["missions"]["activate_the_artifact"]["state"] = "not_started"
    table.play(start("Activate the Artifact"))  # exploration, puzzle, combat


def test_a_shortcut_may_end_the_final_mission(content: OriginemContent) -> None:
    table = Table(content, shortcut_ends_final_mission=True)
    _final(table)
    result = table.play(scene("exploration", "Larlen"), 10, 10, 1).result
    assert result["won"] is True and table.state["ended"] == "won"


def test_a_runaway_may_settle_the_final_fight(content: OriginemContent) -> None:
    table = Table(content, runaway_completes_combat=True, runaway_completes_final_combat=True)
    _final(table)
    result = table.play({"type": "runaway", "by": "Larlen"}, 7).result
    assert result["mission_progress"]["scenes_left"] == ["exploration", "puzzle"]


def test_the_healing_phase_may_come_even_when_no_one_is_hurt(content: OriginemContent) -> None:
    table = Table(content, skip_heal_when_unhurt=False)
    table.fight("Pierre", "Remmy")
    table.play({"type": "combat_initiative", "by": "Pierre"}, 5, 1)
    table.play({"type": "combat_end_turn"})
    result = table.play({"type": "combat_end_turn"}).result
    assert result["combat"]["turn"] == "heal" and result["combat"]["to_act"] == ["Remmy"]


def test_one_name_may_have_to_be_given_per_roll(content: OriginemContent) -> None:
    table = Table(content, one_roller_rolls_all=False)
    with pytest.raises(UsageError, match="name one crew member per roll, not 1"):
        table.play(scene("general", "Remmy"), 1, 1, 1)


def test_a_downed_member_never_joins_a_fight(content: OriginemContent) -> None:
    table = Table(content, down_can_roll=True)
    table.member("Larlen")["hp"] = 0
    with pytest.raises(RulesError, match="Larlen is down and cannot fight"):
        table.fight("Pierre", "Larlen")


def test_escaping_counts_as_the_combat_scene_when_the_campaign_says_so(
    content: OriginemContent,
) -> None:
    table = Table(content, runaway_completes_combat=True)
    table.play(start("Face Opponents Head On"))  # combat, general, combat
    result = table.play({"type": "runaway", "by": "Larlen"}, 7).result
    assert result["mission_progress"]["scenes_left"] == ["general", "combat"]
    result = table.play({"type": "runaway", "by": "Larlen"}, 6).result
    assert result["engage"] is True and result["mission_progress"]["scenes_done"] == 1
