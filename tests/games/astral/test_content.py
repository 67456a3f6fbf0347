"""The packaged YAML, a campaign's overrides, the demo campaign and the status document."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.content.paths import packaged
from gmtool.content.yamlfile import load_yaml
from gmtool.errors import ContentError
from gmtool.games import get_game
from gmtool.games.astral.game import SYSTEM
from tests.games.astral.conftest import door, entity


def test_system_is_found_by_name():
    assert get_game("astral") is SYSTEM
    assert SYSTEM.name == "astral"


def test_packaged_numbers(content):
    assert content.characters.pc.starting_aura == 12
    assert content.characters.npc.target_number == 7
    assert content.combat.dice == "2d6"
    assert content.combat.attack_modifier.touching == 2
    assert content.combat.attack_modifier.far == -2
    assert content.combat.action_modifier.move == content.combat.action_modifier.defend == 2
    assert content.away.lockout_plus == 12
    assert (content.tasks.knowledge_bonus, content.tasks.salvage_bonus) == (2, 1)


def test_overrides_lay_over_one_key_and_keep_the_rest():
    tuned = SYSTEM.load_content({"characters": {"pc": {"starting_aura": 15}}})
    assert tuned.characters.pc.starting_aura == 15
    assert tuned.characters.pc.knowledge_areas == 3
    state = SYSTEM.new_state(tuned, {"entities": {"Ana": {}}}, door())
    assert entity(state, "Ana")["aura"] == 15


@pytest.mark.parametrize(
    ("overrides", "text"),
    [
        ({"combat": {"dice": "2x6"}}, "combat.dice"),
        ({"combat": {"attack_modifier": {"near": "zero"}}}, "combat.attack_modifier.near"),
        ({"combat": {"reach": {"attack": "away"}}}, "combat.reach.attack"),
        ({"rest": {"regian": 1}}, "unknown field"),
    ],
)
def test_bad_overrides_name_the_field(overrides, text):
    with pytest.raises(ContentError) as info:
        SYSTEM.load_content(overrides)
    assert text in info.value.line()
    assert info.value.line().startswith("campaign content")


def test_every_astral_yaml_file_loads():
    files = sorted(packaged("tables", "astral").glob("*.yaml"))
    assert files
    for path in files:
        assert isinstance(load_yaml(path).data, dict)


def test_demo_campaign_builds_a_state():
    data = load_yaml(Path(packaged("campaigns", "astral-demo.yaml"))).data
    assert data["system"] == "astral"
    content = SYSTEM.load_content(data["content"])
    state = SYSTEM.new_state(content, data["options"], door())
    assert [e["name"] for e in state["entities"]] == ["Ana", "Cy", "Wisp", "Warden", "Lens", "Gate"]
    assert state["distances"]["Warden"]["Ana"] == "away"
    assert state["distances"]["Wisp"]["Lens"] == "touching"
    assert state["tasks"][0]["name"] == "Unseal"
    status = SYSTEM.status(state, now=0)
    assert status["tick"] == 0 and status["entities"][1]["aura"] == 10
    assert status["tasks"][0]["tn"] == 8


def test_status_shows_timers_in_words(content):
    from tests.games.astral.conftest import cast, tick

    state = tick(cast(content), content, "Ana move Cy to away", dice=door(GM=(1, 2))).state
    timers = SYSTEM.status(state, now=0)["timers"]
    assert timers == [
        {
            "kind": "lockout",
            "who": "Ana",
            "away_from": ["Cy"],
            "ticks": 15,
            "waits_for_final_attack": False,
            "text": "Ana stays Away from Cy for 15 ticks",
        }
    ]


def test_set_changes_aura_tn_and_knowledge(content):
    from tests.games.astral.conftest import cast, play

    state = cast(content)
    out = play(state, content, {"type": "set", "name": "wisp", "tn": 9, "aura": 3}, door())
    assert (entity(out.state, "Wisp")["tn"], entity(out.state, "Wisp")["aura"]) == (9, 3)
    out = play(
        out.state, content, {"type": "set", "name": "Cy", "knowledge": "stars,songs"}, door()
    )
    assert entity(out.state, "Cy")["knowledge"] == ["stars", "songs"]


def test_status_names_a_lockout_that_only_waits_for_the_final_attack(content):
    from tests.games.astral.conftest import away_during_a_fight

    state = away_during_a_fight(content)
    assert SYSTEM.status(state, now=0)["timers"][0]["text"] == (
        "Ana stays Away from Cy for 14 ticks and until the final attack"
    )
    state["timers"][0]["ticks"] = 0
    assert SYSTEM.status(state, now=0)["timers"][0]["text"] == (
        "Ana stays Away from Cy until the final attack"
    )


def test_the_demo_warden_starts_away_from_everything():
    data = load_yaml(Path(packaged("campaigns", "astral-demo.yaml"))).data
    state = SYSTEM.new_state(SYSTEM.load_content(data["content"]), data["options"], door())
    assert set(state["distances"]["Warden"].values()) == {"away"}
