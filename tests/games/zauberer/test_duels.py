"""Duels with entered dice: Power Points, hit points, every combat card, the endings.

Fire has the elemental advantage over earth: +1 on every fire roll in these duels.
"""

from __future__ import annotations

import pytest

from gmtool.errors import DiceError, RulesError

from .helpers import duel, give, play, put, round_, start, team


def fire_v_earth(fire: str | None = None, earth: str | None = None) -> dict:  # type: ignore[type-arg]
    state = start()
    if fire:
        give(state, "fire", fire)
    if earth:
        give(state, "earth", earth)
    return duel(state, "fire", "earth")


def test_calling_a_duel_sets_four_hit_points_each() -> None:
    state = fire_v_earth()
    assert state["phase"] == "duel" and state["duels"] == 1
    assert state["duel"]["hp"] == {"fire": 4, "earth": 4}


@pytest.mark.parametrize(
    ("fire", "earth", "powers", "loser"),
    [
        ([3, 4], [4, 4], {"fire": 8, "earth": 8}, None),  # 7 + 1 elemental = 8: a tie
        ([3, 4], [3, 3], {"fire": 8, "earth": 6}, "earth"),
        ([1, 1], [6, 6], {"fire": 3, "earth": 12}, "fire"),
        ([2, 4], [4, 4], {"fire": 7, "earth": 8}, "fire"),
    ],
)
def test_a_plain_roll(fire: list[int], earth: list[int], powers: dict, loser: str | None) -> None:  # type: ignore[type-arg]
    result = round_(fire_v_earth(), fire=fire, earth=earth).result
    assert list(result) == ["round", "power", "hp", "round_loser", "winner"]
    assert result["power"] == powers and result["round_loser"] == loser
    hp = {"fire": 4, "earth": 4}
    if loser:
        hp[loser] = 3
    assert result["hp"] == hp and result["winner"] is None and result["round"] == 1


@pytest.mark.parametrize(
    ("ruling", "hp"),
    [
        ("none", {"fire": 4, "earth": 4}),
        ("both", {"fire": 3, "earth": 3}),
        ("challenger", {"fire": 3, "earth": 4}),
        ("defender", {"fire": 4, "earth": 3}),
    ],
)
def test_tie_rulings(ruling: str, hp: dict) -> None:  # type: ignore[type-arg]
    state = fire_v_earth()
    state["rules"]["duel_tie"] = ruling
    assert round_(state, fire=[3, 4], earth=[4, 4]).result["hp"] == hp


def test_the_elemental_bonus_only_for_the_challenger_by_ruling() -> None:
    state = start()
    state["rules"]["elemental_bonus_when"] = "challenger"
    state = duel(state, "fire", "water")  # water has the advantage over fire
    assert round_(state, fire=[3, 3], water=[3, 3]).result["power"] == {"fire": 6, "water": 6}
    state = start()
    state = duel(state, "fire", "water")
    assert round_(state, fire=[3, 3], water=[3, 3]).result["power"] == {"fire": 6, "water": 7}


@pytest.mark.parametrize(("card", "bonus"), [("fireball", 2), ("flamethrower", 3)])
def test_attack_cards_add_power(card: str, bonus: int) -> None:
    state = fire_v_earth(fire=card)
    result = round_(state, {"fire": card}, fire=[2, 2], earth=[3, 3]).result
    assert result["power"] == {"fire": 4 + 1 + bonus, "earth": 6}


def test_earth_attack_cards() -> None:
    for card, bonus in (("quicksand", 2), ("meteor", 3)):
        state = fire_v_earth(earth=card)
        result = round_(state, {"earth": card}, fire=[2, 2], earth=[3, 3]).result
        assert result["power"] == {"fire": 5, "earth": 6 + bonus}


def test_flames_of_fury_adds_one_on_three_rolls() -> None:
    state = fire_v_earth(fire="flames_of_fury")
    powers = []
    for number in range(4):
        attack = {"fire": "flames_of_fury"} if number == 0 else {}
        outcome = round_(state, attack, fire=[2, 2], earth=[3, 3])
        powers.append(outcome.result["power"]["fire"])
        state = outcome.state
    assert powers == [6, 6, 6, 5]


@pytest.mark.parametrize(("face", "power"), [(1, 6), (4, 6), (5, 7), (6, 7)])
def test_mysterious_fan_rolls_one_more_die(face: int, power: int) -> None:
    state = start()
    give(state, "air", "mysterious_fan")
    state = duel(state, "air", "fire")  # no advantage either way
    result = round_(state, {"air": "mysterious_fan"}, air=[2, 2, face], fire=[3, 3]).result
    assert result["power"] == {"air": power, "fire": 6}


def test_unrelenting_shock_leaves_the_enemy_one_die() -> None:
    """ "Opponent can only use one die next turn": the enemy throws a single die."""
    state = fire_v_earth(earth="unrelenting_shock")
    outcome = round_(state, {"earth": "unrelenting_shock"}, fire=[4], earth=[3, 3])
    assert outcome.result["power"] == {"fire": 5, "earth": 6}  # 4 + 1 (over earth) against 6
    assert outcome.result["round_loser"] == "fire"
    assert outcome.outcome.startswith("round 1: fire 4 (one die) +1 fire over earth = 5 vs")
    with pytest.raises(DiceError, match="too many faces entered for fire"):
        round_(state, {"earth": "unrelenting_shock"}, fire=[6, 5], earth=[3, 3])


def test_unrelenting_shock_by_the_other_reading_keeps_the_higher_of_two() -> None:
    state = fire_v_earth(earth="unrelenting_shock")
    state["rules"]["one_die"] = "higher_of_two"
    outcome = round_(state, {"earth": "unrelenting_shock"}, fire=[6, 5], earth=[3, 3])
    assert outcome.result["power"] == {"fire": 7, "earth": 6}  # the higher die, 6, + 1
    assert outcome.result["round_loser"] == "earth"
    assert outcome.outcome.startswith("round 1: fire best of 6+5 +1 fire over earth = 7 vs")


def test_a_cancelled_shock_gives_the_second_die_back() -> None:
    """Ember Staff cancels the Shock after the roll: fire, which threw one die, throws its
    second (entered after the first)."""
    state = fire_v_earth(fire="ember_staff", earth="unrelenting_shock")
    attack, defense = {"earth": "unrelenting_shock"}, {"fire": "ember_staff"}
    outcome = round_(state, attack, defense, fire=[2, 6], earth=[3, 3])
    assert outcome.result["power"] == {"fire": 9, "earth": 6}  # 2 + 6 + 1 against 6
    assert outcome.outcome.startswith("round 1: fire 2+6 [Ember Staff] +1 fire over earth = 9")


def test_vaporous_field_changes_no_number() -> None:
    state = start()
    give(state, "water", "vaporous_field")
    state = duel(state, "water", "air")  # air has the advantage over water
    result = round_(state, {"water": "vaporous_field"}, water=[3, 3], air=[3, 3]).result
    assert result["power"] == {"water": 6, "air": 7}


@pytest.mark.parametrize(
    ("clan", "card"),
    [("fire", "flame_spire"), ("earth", "natural_barrier")],
)
def test_a_block_saves_the_hit_point(clan: str, card: str) -> None:
    state = fire_v_earth(**{clan: card})
    loser_faces = [1, 1]
    faces = (
        {"fire": loser_faces, "earth": [6, 6]}
        if clan == "fire"
        else {"fire": [6, 6], "earth": loser_faces}
    )
    outcome = round_(state, None, {clan: card}, **faces)
    assert outcome.result["hp"] == {"fire": 4, "earth": 4}
    assert outcome.result["round_loser"] is None
    assert f"({clan} blocks)" in outcome.outcome


@pytest.mark.parametrize(("clan", "card"), [("air", "rippling_gale"), ("water", "ice_shield")])
def test_air_and_water_blocks(clan: str, card: str) -> None:
    state = start()
    give(state, clan, card)
    state = duel(state, clan, "earth" if clan == "water" else "fire")
    other = state["duel"]["defender"]
    result = round_(state, None, {clan: card}, **{clan: [1, 1], other: [6, 6]}).result
    assert result["hp"] == {clan: 4, other: 4}


def test_ember_staff_cancels_the_attack_card_which_is_spent() -> None:
    state = fire_v_earth(fire="ember_staff", earth="meteor")
    outcome = round_(state, {"earth": "meteor"}, {"fire": "ember_staff"}, fire=[3, 3], earth=[3, 4])
    assert outcome.result["power"] == {"fire": 7, "earth": 7}
    assert outcome.state["duel"]["used"] == ["meteor", "ember_staff"]


def test_cleansing_fire_takes_three_off_the_enemy() -> None:
    state = fire_v_earth(fire="cleansing_fire")
    result = round_(state, None, {"fire": "cleansing_fire"}, fire=[2, 2], earth=[4, 4]).result
    assert result["power"] == {"fire": 5, "earth": 5}


def test_hidden_gust_reflects_when_its_dice_were_higher() -> None:
    state = start()
    give(state, "air", "hidden_gust")
    give(state, "earth", "meteor")
    state = duel(state, "air", "earth")  # earth has the advantage over air: +1
    # air 10 against earth 8 + 1 + 3 (Meteor) = 12: air loses the roll, earth the hit point
    result = round_(
        state, {"earth": "meteor"}, {"air": "hidden_gust"}, air=[5, 5], earth=[4, 4]
    ).result
    assert result["power"] == {"air": 10, "earth": 12}
    assert result["hp"] == {"air": 4, "earth": 3} and result["round_loser"] == "earth"
    with pytest.raises(RulesError, match="Hidden Gust may be played only when air's dice"):
        round_(state, {"earth": "meteor"}, {"air": "hidden_gust"}, air=[4, 4], earth=[4, 4])


def test_a_block_stops_a_reflected_hit_as_any_other() -> None:
    """Hidden Gust turns the hit on the enemy; a block still stops it ("block the enemy's
    attack": the blocking team loses no hit point on that roll, whatever the totals)."""
    state = start()
    give(state, "air", "hidden_gust")
    give(state, "earth", "natural_barrier")
    veil = {"id": "poison_veil", "name": "Poison Veil", "text": "", "kind": "battle_power"}
    team(state, "air")["effects"].append({**veil, "amount": -1})
    state = duel(state, "air", "earth")  # earth has the advantage over air: +1
    # air's dice 5+4 = 9 beat earth's 4+4 = 8, so Hidden Gust may be played; air 9 - 1
    # (Poison Veil) = 8 against earth 8 + 1 = 9: air loses the roll, the hit turns on earth,
    # and earth's Natural Barrier blocks it.
    defense = {"air": "hidden_gust", "earth": "natural_barrier"}
    outcome = round_(state, None, defense, air=[5, 4], earth=[4, 4])
    assert outcome.result["power"] == {"air": 8, "earth": 9}
    assert outcome.result["hp"] == {"air": 4, "earth": 4}
    assert outcome.result["round_loser"] is None
    assert "no hit point lost (earth blocks)" in outcome.outcome


def test_air_embodiment_calls_the_duel_off_and_moves_one_space() -> None:
    state = start()
    give(state, "air", "air_embodiment")
    state = duel(state, "fire", "air")
    outcome = round_(state, None, {"air": "air_embodiment"}, fire=[6, 6], air=[1, 1])
    assert outcome.state["duel"] is None
    assert team(outcome.state, "air")["space"] == "centre"  # from n5, one step
    assert team(outcome.state, "air")["out"] is None and team(outcome.state, "fire")["out"] is None
    assert outcome.result["winner"] is None
    assert outcome.state["teams"][outcome.state["turn"]]["clan"] == "water"  # fire's turn ended


@pytest.mark.parametrize("returns", ["stolen_card", "itself"])
def test_growing_roots_steals_the_attack_card(returns: str) -> None:
    """ "Steal the opponent's attack card and use it yourself. (This card must be shuffled
    back in the spell card pile)": by default the stolen card, once used, is shuffled back
    into its own pile and Growing Roots stays in the thief's hand; by the other reading
    Growing Roots goes back and the thief keeps the stolen card."""
    state = fire_v_earth(fire="fireball", earth="growing_roots")
    if returns != "stolen_card":
        state["rules"]["growing_roots_returns"] = returns
    outcome = round_(
        state, {"fire": "fireball"}, {"earth": "growing_roots"}, fire=[3, 3], earth=[3, 3]
    )
    # fire 6 + 1 (over earth) = 7; earth 6 + 2 (the stolen Fireball) = 8
    assert outcome.result["power"] == {"fire": 7, "earth": 8}
    assert outcome.result["round_loser"] == "fire"
    after = outcome.state
    assert team(after, "fire")["spell"] is None
    if returns == "stolen_card":
        assert team(after, "earth")["spell"] == "growing_roots"
        assert "fireball" in after["decks"]["fire"]
        assert "growing_roots" not in after["decks"]["earth"]
    else:
        assert team(after, "earth")["spell"] == "fireball"
        assert "growing_roots" in after["decks"]["earth"]


@pytest.mark.parametrize(("fire_card", "fire_power"), [(None, 9), ("fireball", 5)])
def test_stone_chamber_only_against_a_spell(fire_card: str | None, fire_power: int) -> None:
    state = fire_v_earth(fire=fire_card, earth="stone_chamber")
    attack = {"fire": fire_card} if fire_card else {}
    result = round_(state, attack, {"earth": "stone_chamber"}, fire=[4, 4], earth=[3, 3]).result
    assert result["power"] == {"fire": fire_power, "earth": 6}


def test_ice_mirror_doubles_one_new_die() -> None:
    state = start()
    give(state, "water", "ice_mirror")
    state = duel(state, "water", "earth")
    outcome = round_(state, None, {"water": "ice_mirror"}, water=[1, 1, 6], earth=[5, 5])
    assert outcome.result["power"] == {"water": 12, "earth": 10}
    # the log adds up: the mirrored die, twice 6, replaces the 1 + 1
    assert outcome.outcome.startswith(
        "round 1: water 1+1 replaced by 2×6 [Ice Mirror] = 12 vs earth 5+5 = 10;"
    )


def test_whirlpool_switches_the_dice() -> None:
    state = start()
    give(state, "water", "whirlpool")
    state = duel(state, "water", "fire")  # water over fire: +1
    outcome = round_(state, None, {"water": "whirlpool"}, water=[1, 2], fire=[6, 5])
    assert outcome.result["power"] == {"water": 12, "fire": 3}  # 11 + 1 against 3
    # the log adds up: each team's dice as switched, not as rolled ("fire 6+5 = 3")
    assert outcome.outcome == (
        "round 1: water 1+2 switched for 11 [Whirlpool] +1 water over fire = 12 vs "
        "fire 6+5 switched for 3 = 3; fire loses a hit point"
    )


def test_card_timing_holding_and_once_a_duel() -> None:
    state = fire_v_earth(fire="fireball")
    with pytest.raises(
        RulesError, match="Fireball is an attack card: it is played before the roll"
    ):
        round_(state, None, {"fire": "fireball"}, fire=[1, 1], earth=[1, 1])
    with pytest.raises(RulesError, match="earth does not hold Meteor"):
        round_(state, {"earth": "meteor"}, fire=[1, 1], earth=[1, 1])
    with pytest.raises(RulesError, match="water is not in this duel"):
        round_(state, {"water": "ice_pike"}, fire=[1, 1], earth=[1, 1])
    state = round_(state, {"fire": "fireball"}, fire=[1, 1], earth=[1, 1]).state
    with pytest.raises(RulesError, match="Fireball was played already in this duel"):
        round_(state, {"fire": "fireball"}, fire=[1, 1], earth=[1, 1])
    guard = fire_v_earth(fire="flame_spire")
    with pytest.raises(RulesError, match="Flame Spire is a defence card: it is played after"):
        round_(guard, {"fire": "flame_spire"}, fire=[1, 1], earth=[1, 1])
    spell = fire_v_earth(fire="hells_wrath")
    with pytest.raises(RulesError, match="Hell's Wrath is not a combat card"):
        round_(spell, {"fire": "hells_wrath"}, fire=[1, 1], earth=[1, 1])


def test_the_loser_leaves_and_the_winner_is_whole_again() -> None:
    state = fire_v_earth()
    for _ in range(4):
        outcome = round_(state, fire=[6, 6], earth=[1, 1])
        state = outcome.state
    assert outcome.result["winner"] == "fire" and outcome.result["hp"]["earth"] == 0
    assert team(state, "earth")["out"] == "duel" and state["duel"] is None
    assert state["teams"][state["turn"]]["clan"] == "water"
    assert outcome.outcome.endswith("fire wins the duel, earth leaves the game")
    # the winner's next duel starts whole
    state["turn"] = 0
    state["phase"] = "white"
    put(state, "water", "n5")
    again = play(state, {"type": "duel_start", "target": "water"}).state
    assert again["duel"]["hp"] == {"fire": 4, "water": 4}


def test_the_last_team_left_wins() -> None:
    state = start()
    team(state, "water")["out"] = "duel"
    team(state, "air")["out"] = "duel"
    state = duel(state, "fire", "earth")
    for _ in range(4):
        outcome = round_(state, fire=[6, 6], earth=[1, 1])
        state = outcome.state
    assert state["over"] and state["winner"] == "fire" and state["ended_by"] == "last_team"
    assert outcome.outcome.endswith("fire is the last team left and wins the game")
    with pytest.raises(RulesError, match="the game is over: fire won"):
        play(state, {"type": "move"}, 1)


def test_calling_a_duel_only_within_reach_on_a_team_still_in() -> None:
    state = start()
    state["phase"] = "white"
    put(state, "fire", "n3")
    put(state, "earth", "centre")  # n3 -> n4 -> n5 -> centre: three steps
    with pytest.raises(RulesError, match="earth is 3 spaces away: a duel may be called on a team"):
        play(state, {"type": "duel_start", "target": "earth"})
    team(state, "earth")["out"] = "duel"
    put(state, "earth", "n4")
    with pytest.raises(RulesError, match="earth is out of the game"):
        play(state, {"type": "duel_start", "target": "earth"})
    with pytest.raises(RulesError, match="fire cannot duel itself"):
        play(state, {"type": "duel_start", "target": "fire"})
    state["phase"] = "dungeon"
    put(state, "water", "n4")
    with pytest.raises(RulesError, match="fire cannot call a duel now"):
        play(state, {"type": "duel_start", "target": "water"})


@pytest.mark.parametrize(
    ("clan", "start_on", "card", "more", "lands_on"),
    [
        # Hell's Wrath: two spaces toward the centre, na3 -> n3 -> n4 (a dungeon)
        ("fire", "na3", "hells_wrath", {}, "n4"),
        # H2O Portal, one space: e3 -> e4 (a dungeon)
        ("water", "e3", "h2o_portal", {"steps": 1}, "e4"),
    ],
)
def test_a_duel_is_called_only_from_a_white_space(
    clan: str, start_on: str, card: str, more: dict[str, int], lands_on: str
) -> None:
    """The text: "if you have landed on a white space ... you can choose to duel"; a piece a
    spell carried onto a dungeon space stands on no white space."""
    from gmtool.games.zauberer.rules.view import options_document

    state = start(first=clan)
    give(state, clan, card)
    put(state, clan, start_on)
    put(state, "air", "n5" if clan == "fire" else "e5")  # one step past the dungeon
    state["phase"] = "white"  # the team has moved onto its white space
    assert "duel start" in options_document(state)["commands"]
    after = play(state, {"type": "cast", "card": card, **more}).state
    assert team(after, clan)["space"] == lands_on
    assert options_document(after)["commands"] == ["end-turn"]
    with pytest.raises(
        RulesError,
        match=f"{clan} stands on {lands_on}, a dungeon space: a duel is called only from a "
        r"white space \(or the centre\)",
    ):
        play(after, {"type": "duel_start", "target": "air"})
    assert play(after, {"type": "end_turn"}).state["phase"] == "move"


def test_no_duel_from_a_dungeon_after_a_duel_that_resumed_the_turn() -> None:
    """Entanglement's duel sends the turn back to where it was: a caster pulled onto a
    dungeon space calls no duel after it."""
    state = start(first="earth")
    give(state, "earth", "entanglement")
    put(state, "earth", "n3")  # white; n3 -> n4 -> n5: n4, a dungeon, is midway
    put(state, "fire", "n5")
    state["phase"] = "white"
    after = play(state, {"type": "cast", "card": "entanglement", "targets": ["earth", "fire"]})
    assert team(after.state, "earth")["space"] == "n4" and after.state["duel"]["resume"] == "end"


def test_no_turn_moves_while_a_duel_is_on() -> None:
    state = fire_v_earth()
    with pytest.raises(RulesError, match="during the duel of fire and earth: the rest of the game"):
        play(state, {"type": "end_turn"})


@pytest.mark.parametrize(
    ("trap", "fire_faces", "fire_power", "hp"),
    [
        ("poison_veil", [3, 3], 6, 4),  # 6 + 1 - 1
        ("shark_swirl", [5], 6, 4),  # one die thrown, 5, + 1
        ("magic_dart_trap", [3, 3], 7, 3),
    ],
)
def test_traps_that_wait_for_the_next_duel(
    trap: str, fire_faces: list[int], fire_power: int, hp: int
) -> None:
    state = start()
    effect = dict(state["traps"][trap]["effect"])
    team(state, "fire")["effects"].append(
        {"id": trap, "name": state["traps"][trap]["name"], "text": "", **effect}
    )
    state = duel(state, "fire", "earth")
    assert state["duel"]["hp"]["fire"] == hp and team(state, "fire")["effects"] == []
    first = round_(state, fire=fire_faces, earth=[1, 1])
    assert first.result["power"]["fire"] == fire_power
    # Shark Swirl holds the first roll only: the second throws both dice again
    again = [5, 2] if trap == "shark_swirl" else fire_faces
    second = round_(first.state, fire=again, earth=[1, 1])
    lasting = 6 if trap == "poison_veil" else sum(again) + 1
    assert second.result["power"]["fire"] == lasting


def test_a_searing_ring_acts_in_the_first_roll_of_its_casters_duel() -> None:
    state = start()
    give(state, "fire", "searing_ring")
    state["phase"] = "end"
    state = play(state, {"type": "cast", "card": "searing_ring", "spaces": ["n5"]}).state
    assert state["rings"]["n5"]["clan"] == "fire" and "searing_ring" in state["decks"]["fire"]
    state = duel(state, "fire", "earth")  # earth stands on n5
    first = round_(state, fire=[3, 3], earth=[3, 3])
    assert first.result["power"] == {"fire": 8, "earth": 5}
    assert round_(first.state, fire=[3, 3], earth=[3, 3]).result["power"] == {"fire": 7, "earth": 6}
    assert first.state["rings"] == {}


@pytest.mark.parametrize(
    ("clan", "card", "bonus"),
    [
        ("fire", "fireball", 2),
        ("fire", "flamethrower", 3),
        ("air", "swirl", 2),
        ("air", "tornado", 3),
        ("earth", "quicksand", 2),
        ("earth", "meteor", 3),
        ("water", "ice_pike", 2),
        ("water", "serpentine_cold", 3),
    ],
)
def test_every_flat_attack_card(clan: str, card: str, bonus: int) -> None:
    state = start()
    give(state, clan, card)
    # against a clan neither has the advantage over: fire-air, water-earth
    other = {"fire": "air", "air": "fire", "earth": "water", "water": "earth"}[clan]
    state = duel(state, clan, other)
    result = round_(state, {clan: card}, **{clan: [1, 2], other: [3, 3]}).result
    assert result["power"] == {clan: 3 + bonus, other: 6}
