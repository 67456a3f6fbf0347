"""The FTL tables: every price and limit of the rules, read back from the YAML."""

from __future__ import annotations

import pytest

from gmtool.errors import ContentError
from gmtool.games.ftl.rules.content import load_content
from tests.games.ftl.helpers import content


def test_every_system_and_its_level_prices() -> None:
    systems = content().systems
    assert len(systems) == 16
    assert [k for k, s in systems.items() if s.kind == "subsystem"] == [
        "doors",
        "backup_battery",
        "piloting",
    ]
    # Shields: 125, then 100, 20, 30, 40, 60, 80, 100 for levels 2..8.
    assert [systems["shields"].price_to(n) for n in range(1, 9)] == [
        125,
        225,
        245,
        275,
        315,
        375,
        455,
        555,
    ]
    assert systems["engines"].price_to(7) == 85 + 15 + 20 + 35 + 45 + 65 + 85
    assert systems["weapon_control"].price_to(8) == 75 + 40 + 25 + 35 + 50 + 75 + 90 + 100
    # Drone control starts at level 2 for its 65.
    assert systems["drone_control"].start_level == 2
    assert systems["drone_control"].price_to(2) == 65
    assert systems["drone_control"].price_to(8) == 65 + 20 + 30 + 45 + 60 + 80 + 100
    expected_max = {
        "shields": 8,
        "engines": 7,
        "oxygen": 3,
        "weapon_control": 8,
        "drone_control": 8,
        "medbay": 3,
        "clone_bay": 3,
        "crew_teleporter": 3,
        "cloaking": 3,
        "artillery_beam": 4,
        "artillery_flak": 4,
        "mind_control": 3,
        "hacking": 3,
        "doors": 3,
        "backup_battery": 2,
        "piloting": 3,
    }
    assert {k: s.max_level for k, s in systems.items()} == expected_max
    assert systems["cloaking"].price_to(3) == 250
    assert systems["artillery_beam"].price_to(4) == 300
    assert systems["backup_battery"].price_to(2) == 85
    assert systems["hacking"].price_to(3) == 180
    assert systems["medbay"].per_level[3]["heal_per_second"] == 12
    assert systems["piloting"].manned[2]["evasion"] == 10
    assert content().trainable == ["shields", "engines", "weapon_control", "piloting"]


def test_weapons_with_their_numbers() -> None:
    weapons = content().weapons
    assert len(weapons) == 46
    burst = weapons["burst_laser_ii"]
    assert (burst.price, burst.damage, burst.shots, burst.cooldown, burst.power) == (
        80,
        1,
        3,
        13,
        3,
    )
    heavy_ion = weapons["heavy_ion"]
    assert (heavy_ion.price, heavy_ion.ion_damage, heavy_ion.stun_chance) == (45, 2, 20)
    assert weapons["chain_ion"].chain is not None and weapons["chain_ion"].chain.cap == 4
    assert weapons["chain_vulcan"].chain is not None and weapons["chain_vulcan"].chain.step == -2
    assert weapons["hull_missile"].hull_damage == 4
    assert weapons["pike_beam"].length == 2.5
    assert weapons["breach_bomb_ii"].price == 60 and weapons["breach_bomb_ii"].crew_damage == 45
    assert weapons["repair_burst"].system_damage == -8
    assert weapons["flak_iii"].spread == 2 and weapons["swarm_missile"].charge_cap == 3
    assert weapons["heavy_crystal_ii"].pierce == 1
    assert content().travel_seconds == {
        "beam": 0,
        "ion": 2,
        "laser": 1,
        "missile": 2,
        "bomb": 2,
        "flak": 3,
        "crystal": 2,
    }
    # By type, from the rules' lists: beams 405, ion 290, lasers 740, missiles 360,
    # bombs 385, flak 205, crystal 185.
    by_type: dict[str, int] = {}
    for weapon in weapons.values():
        by_type[weapon.type] = by_type.get(weapon.type, 0) + weapon.price
    assert by_type == {
        "beam": 405,
        "ion": 290,
        "laser": 740,
        "missile": 360,
        "bomb": 385,
        "flak": 205,
        "crystal": 185,
    }


def test_drones_augments_races_and_prices() -> None:
    c = content()
    assert len(c.drones) == 13 and c.drones["anti_personnel_drone"].price == 35
    assert c.drones["defense_ii"].power == 3
    assert len(c.augments) == 24 and c.augments["weapon_pre_igniter"].price == 120
    assert c.augments["repair_arm"].price == 50
    prices = {race: r.price for race, r in c.races.items()}
    assert prices == {
        "human": 45,
        "mantis": 55,
        "engi": 50,
        "rockman": 55,
        "zoltan": 60,
        "slug": 45,
        "crystal": 60,
        "lanius": 50,
    }
    assert c.races["crystal"].max_per_ship == 2
    assert c.free_crew.races == ["human", "slug", "rockman"] and c.free_crew.count == 2
    assert c.training.prices == {1: 20, 2: 35} and c.training.human_discount == 5
    assert [(b.up_to, b.price) for b in c.reactor] == [
        (5, 20),
        (10, 25),
        (15, 30),
        (20, 35),
        (25, 40),
    ]
    assert (c.supplies.missiles, c.supplies.drone_parts, c.supplies.fuel) == (5, 8, 3)
    assert c.budget == 2100 and c.rooms.bonus_per_room == 10 and c.rooms.max == 18


def test_a_campaign_changes_one_price() -> None:
    changed = load_content({"weapons": {"basic_laser": {"price": 25}}, "budget": 2500})
    assert changed.weapons["basic_laser"].price == 25 and changed.budget == 2500
    assert changed.weapons["burst_laser"].price == 50


def test_a_bad_override_names_its_field() -> None:
    with pytest.raises(
        ContentError,
        match=r"systems.shields: .*upgrades must price exactly the levels above the start: 2,.*9",
    ):
        load_content({"systems": {"shields": {"max_level": 9}}})


def test_names_must_be_known() -> None:
    with pytest.raises(ContentError, match=r"systems.hacking.effects: 'warp' is not defined"):
        load_content({"systems": {"hacking": {"effects": {"warp": "Stops the warp."}}}})
    with pytest.raises(ContentError, match=r"free_crew.races: 'elf' is not defined"):
        load_content({"free_crew": {"races": ["human", "elf"]}})
