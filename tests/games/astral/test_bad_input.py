"""The issue's bad inputs: each raises one clear error and leaves the state as it was."""

from __future__ import annotations

import copy

import pytest

from gmtool.errors import DiceError, GmtoolError, RulesError, UsageError
from gmtool.games.astral.game import SYSTEM
from tests.games.astral.conftest import cast, door, play, tick


@pytest.mark.parametrize(
    ("acts", "error", "text"),
    [
        (["Zed attack Ana"], UsageError, "unknown character 'Zed' (valid: Ana, Cy, Wisp)"),
        (["Ana attack Zed"], UsageError, "unknown character 'Zed' (valid: Ana, Cy, Wisp)"),
        (["Ana dance"], UsageError, "unknown action 'dance' (valid: attack, block, defend,"),
        (["Ana attack Cy", "Ana rest"], RulesError, "Ana declared two actions this tick"),
        (["Ana attack Cy", "Ana attack Wisp"], RulesError, "two actions"),
        (["Ana attack Ana"], RulesError, "Ana cannot attack itself"),
        (["Orb rest"], RulesError, "Orb is an object, which cannot do that"),
        (["Ana attack Orb"], RulesError, "Orb is an object"),
        (["Ana attack"], UsageError, "attack takes one target, given 0"),
        (["Ana rest now"], UsageError, "rest takes no target"),
        (["Ana move Cy"], UsageError, "move needs targets and a distance"),
        (["Ana move Cy to close"], UsageError, "move needs targets and a distance"),
        (["Ana speak"], UsageError, "speak needs a message"),
        (["Ana attack Cy Wisp"], UsageError, "attack takes one target, given 2"),
        (["Ana"], UsageError, "needs a name and an action"),
    ],
)
def test_bad_declarations(content, acts, error, text):
    state = cast(content)
    before = copy.deepcopy(state)
    with pytest.raises(error) as info:
        tick(state, content, *acts)
    assert text in info.value.line()
    assert "\n" not in info.value.line()
    assert state == before


def test_target_away_is_rejected_with_the_reason(content):
    state = cast(content, ["Ana Wisp away"])
    for act in ("Ana attack Wisp", "Wisp attack Ana", "Ana block Wisp", "Ana examine Wisp"):
        with pytest.raises(RulesError) as info:
            tick(state, content, act)
        assert "Away" in info.value.line() and "cannot interact or perceive" in info.value.line()


def test_faces_for_a_character_who_does_not_roll(content):
    state = cast(content)
    with pytest.raises(DiceError) as info:
        tick(state, content, "Ana attack Wisp", dice=door(Ana=(3, 3), Cy=(4, 4)))
    assert info.value.line() == (
        "faces were entered for Cy, who rolls no dice this tick (rolling this tick: Ana)"
    )
    with pytest.raises(DiceError, match="Wisp is an NPC: its CV is its TN"):
        tick(state, content, "Ana attack Wisp", dice=door(Ana=(3, 3), Wisp=(4, 4)))
    with pytest.raises(UsageError, match="unknown character 'Zed'"):
        tick(state, content, "Ana attack Wisp", dice=door(Ana=(3, 3), Zed=(4, 4)))


@pytest.mark.parametrize("faces", [(0, 3), (3, 7), (-1, 2)])
def test_faces_out_of_one_to_six(content, faces):
    with pytest.raises(DiceError) as info:
        tick(cast(content), content, "Ana attack Wisp", dice=door(Ana=faces))
    assert "is not on a d6" in info.value.line()


def test_too_few_or_too_many_faces(content):
    with pytest.raises(DiceError, match="not enough faces"):
        tick(cast(content), content, "Ana attack Wisp", dice=door(Ana=(3,)))
    with pytest.raises(DiceError, match="too many faces"):
        tick(cast(content), content, "Ana attack Wisp", dice=door(Ana=(3, 3, 3)))


def test_unknown_action_type(content):
    with pytest.raises(UsageError) as info:
        play(cast(content), content, {"type": "teleport"}, door())
    assert "unknown Astral action 'teleport' (valid: add, set, distance, tick" in info.value.line()


@pytest.mark.parametrize(
    ("action", "text"),
    [
        ({"name": "Ana"}, "there is already an entity called Ana"),
        ({"name": "ana"}, "there is already an entity called Ana"),
        ({"name": "Two words"}, "not a usable name"),
        ({"name": "far"}, "reserved"),
        ({"name": "GM"}, "reserved"),
        ({"name": "Rock", "kind": "object", "aura": 3}, "objects have no aura"),
        ({"name": "Bo", "tn": 8}, "PCs roll 2d6"),
        ({"name": "Bo", "kind": "ghost"}, "unknown kind of entity 'ghost'"),
        ({"name": "Bo", "aura": 0}, "at least 1"),
        ({"name": "Bo", "knowledge": ["a", "b", "c", "d"]}, "characters choose 3"),
        ({"name": "Bo", "at": "beside"}, "unknown distance 'beside'"),
    ],
)
def test_bad_add(content, action, text):
    with pytest.raises(GmtoolError) as info:
        play(cast(content), content, {"type": "add", **action}, door())
    assert text in info.value.line()


def test_unknown_campaign_options_are_named(content):
    with pytest.raises(UsageError, match="option 'crew' is not used by Astral"):
        SYSTEM.new_state(content, {"crew": ["x"]}, door())
    with pytest.raises(RulesError) as info:
        SYSTEM.new_state(content, {"entities": {"Ana": {"aurra": 3}}}, door())
    assert info.value.line().startswith("options.entities.Ana: unknown field 'aurra'")


@pytest.mark.parametrize(
    ("options", "line"),
    [
        (
            {"entities": {"Ana": {}, "Bo": {"aura": 0}}},
            "options.entities.Bo: Bo's aura must be a whole number of at least 1, not 0",
        ),
        (
            {"entities": {"Ana": {}, "Cy": {}}, "distances": ["Ana Cy far", "Ana Bo far"]},
            "options.distances[1]: unknown entity 'Bo' (valid: Ana, Cy)",
        ),
        (
            {"entities": {"Ana": {}}, "tasks": {"Seal": {"by": "Ana", "ticks": 0}}},
            "options.tasks.Seal: task Seal needs at least 1 tick of work, not 0",
        ),
    ],
)
def test_a_bad_campaign_option_names_its_key(content, options, line):
    with pytest.raises(GmtoolError) as info:
        SYSTEM.new_state(content, options, door())
    assert info.value.line().startswith(line)
