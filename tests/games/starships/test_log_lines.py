"""What the log keeps of each action: the journal must tell the fight without the screen."""

from __future__ import annotations

from tests.games.starships.helpers import block, duel, fight, hit, play, roster


def test_a_hit_logs_damage_momentum_and_who_falls() -> None:
    state = fight({"Ana": block()}, {"Rex": block(hp=30), "Max": block(hp=6)})
    felled = hit(state, "melee", 15, 6, on="Max")
    assert felled.outcome == "hit (15 → 15): 6 damage to Max; Max falls unconscious; Momentum +1"
    won = hit(duel(block(), block(hp=5, affinities={"Kinetic": "weak"})), "melee", 15)
    assert won.outcome == (
        "hit (15 → 15) MAX DMG!: 6 damage to Rex; Rex falls unconscious; Momentum +2; victory"
    )


def test_a_miss_logs_the_momentum_lost() -> None:
    state = duel(block(), block(hp=30))
    state["combatants"]["Ana"]["momentum"] = 2
    assert hit(state, "melee", 1).outcome == "miss (1 → 1); Momentum -1"


def test_a_wasted_hit_logs_the_lost_turn_and_later_the_skipped_one() -> None:
    state = fight({"Ana": block(), "Bo": block()}, {"Rex": block(affinities={"Kinetic": "immune"})})
    wasted = hit(state, "melee", 15)
    assert wasted.outcome == "hit (15 → 15) IMMUNE: Rex is immune; Ana loses their next turn"
    state = play(wasted.state, {"type": "end_turn"}).state  # Bo passes
    missed = hit(state, "melee", 3, by="Rex", on="Bo")  # Ana's turn of round 2 goes
    # Rex had no Momentum to pay for the miss, so Rex's next turn goes too.
    assert missed.outcome == "miss (3 → 3); Rex loses their next turn; Ana loses a turn"


def test_a_gadget_logs_its_roll_and_verdict() -> None:
    state = fight({"Ana": block()}, {"Rex": block()})
    action = {"type": "gadget", "name": "Ana", "description": "flare", "roll": "1d6"}
    assert play(state, {**action, "success": True}, 4).outcome == "rolled 4; success, Momentum +1"
    assert play(state, {**action, "success": False}, 2).outcome == "rolled 2; failure"
    assert play(state, action, 2).outcome == "rolled 2"


def test_hp_and_initiative_lines() -> None:
    state = fight({"Ana": block()}, {"Rex": block(hp=4), "Max": block()})
    felled = play(state, {"type": "hp", "name": "Rex", "change": -9})
    assert felled.outcome == "0/4 HP; Rex falls unconscious"
    party_first = play(roster({"Ana": block()}, {"Rex": block()}), {"type": "encounter_start"},
                       12, 4)  # fmt: skip
    assert party_first.outcome == "initiative 12-4 (party-enemies): the party goes first"
    enemies_first = play(roster({"Ana": block()}, {"Rex": block()}), {"type": "encounter_start"},
                         4, 12)  # fmt: skip
    assert enemies_first.outcome == "initiative 4-12 (party-enemies): the enemies go first"
