"""Non-combat spells: cast on your own turn, before or after moving, then back to the pile."""

from __future__ import annotations

import pytest

from gmtool.errors import RulesError, UsageError

from .helpers import give, play, put, start, team


def holding(card: str, clan: str = "fire") -> dict:  # type: ignore[type-arg]
    state = start(first=clan)
    give(state, clan, card)
    return state


def cast(state: dict, card: str, **more: object) -> object:  # type: ignore[type-arg]
    return play(state, {"type": "cast", "card": card, **more})


def test_hells_wrath_moves_two_toward_the_centre_before_the_move() -> None:
    outcome = cast(holding("hells_wrath"), "Hell's Wrath", ways=["nb1"])
    state = outcome.state  # type: ignore[attr-defined]
    # by magic the dungeon on nb1 does not stop the piece (spell_moves_stop_at_dungeons)
    assert team(state, "fire")["space"] == "nb1"
    assert team(state, "fire")["spell"] is None and "hells_wrath" in state["decks"]["fire"]
    assert state["phase"] == "move"  # the turn's move is still to come
    assert outcome.outcome == "casts Hell's Wrath; fire n0 -> nb1"  # type: ignore[attr-defined]


def test_a_spell_move_may_stop_on_a_dungeon_by_ruling() -> None:
    state = holding("hells_wrath")
    state["rules"]["spell_moves_stop_at_dungeons"] = True
    state = cast(state, "hells_wrath", ways=["nb1"]).state  # type: ignore[attr-defined]
    assert team(state, "fire")["space"] == "nb1"
    put_state = holding("hells_wrath")
    put(put_state, "fire", "n3")
    put_state["rules"]["spell_moves_stop_at_dungeons"] = True
    after = cast(put_state, "hells_wrath").state  # type: ignore[attr-defined]
    assert team(after, "fire")["space"] == "n4"


def test_get_outta_air_pushes_one_enemy_back() -> None:
    state = holding("get_outta_air", "air")
    put(state, "fire", "n5")
    team(state, "fire")["trail"] = ["n4", "n5"]
    after = cast(state, "get_outta_air", targets=["fire"]).state  # type: ignore[attr-defined]
    assert team(after, "fire")["space"] == "n4"
    with pytest.raises(RulesError, match="air cannot target itself"):
        cast(state, "get_outta_air", targets=["air"])
    with pytest.raises(UsageError, match="this spell needs a target team"):
        cast(state, "get_outta_air")


def test_a_piece_on_its_start_cannot_go_further_back() -> None:
    state = holding("get_outta_air", "air")
    after = cast(state, "get_outta_air", targets=["fire"]).state  # type: ignore[attr-defined]
    assert team(after, "fire")["space"] == "n0"


def test_air_to_air_swaps_with_a_team_about_as_far() -> None:
    state = holding("air_to_air", "air")
    put(state, "fire", "n1")  # 7 from the centre; air is on s0, 8
    after = cast(state, "air_to_air", targets=["fire"]).state  # type: ignore[attr-defined]
    assert team(after, "air")["space"] == "n1" and team(after, "fire")["space"] == "s0"
    put(state, "fire", "n3")  # 3 from the centre
    with pytest.raises(RulesError, match="fire is 3 steps from the centre and air 8"):
        cast(state, "air_to_air", targets=["fire"])


def test_entanglement_pulls_two_teams_midway_and_they_duel() -> None:
    state = holding("entanglement", "earth")
    put(state, "fire", "n3")
    put(state, "water", "e3")  # n3 n4 n5 centre e5 e4 e3: six steps, centre in the middle
    outcome = cast(state, "entanglement", targets=["fire", "water"])
    after = outcome.state  # type: ignore[attr-defined]
    assert team(after, "fire")["space"] == "centre" == team(after, "water")["space"]
    assert after["duel"]["challenger"] == "fire" and after["duel"]["defender"] == "water"
    assert after["duel"]["resume"] == "move"
    put(state, "fire", "n1")
    put(state, "water", "n4")  # n1 na1 na2 na3 n3 n4: of the two middle spaces, the nearer
    after = cast(state, "entanglement", targets=["fire", "water"]).state  # type: ignore[attr-defined]
    assert team(after, "fire")["space"] == "na3" == team(after, "water")["space"]
    with pytest.raises(RulesError, match="Entanglement pulls two different teams together"):
        cast(state, "entanglement", targets=["fire", "fire"])


def test_after_an_entangled_duel_the_casters_turn_goes_on() -> None:
    state = holding("entanglement", "earth")
    put(state, "fire", "n3")
    put(state, "water", "n5")
    state = cast(state, "entanglement", targets=["fire", "water"]).state  # type: ignore[attr-defined]
    for _ in range(4):
        state = play(state, {"type": "duel_round"}, fire=[1, 1], water=[6, 6]).state
    assert team(state, "fire")["out"] == "duel"
    assert state["teams"][state["turn"]]["clan"] == "earth" and state["phase"] == "move"


def test_earthquake_swaps_two_pairs_of_colours() -> None:
    state = holding("earthquake", "earth")
    after = cast(state, "earthquake", spaces=["na2", "n3", "nb1", "n5"]).state  # type: ignore[attr-defined]
    spaces = after["board"]["spaces"]
    assert [spaces[s]["colour"] for s in ("na2", "n3", "nb1", "n5")] == [
        "white",
        "red",
        "white",
        "green",
    ]
    with pytest.raises(RulesError, match="the centre keeps its colour"):
        cast(state, "earthquake", spaces=["centre", "n3", "nb1", "n5"])
    with pytest.raises(UsageError, match="this spell needs 4 spaces"):
        cast(state, "earthquake", spaces=["n3", "n4"])


def test_torrential_torrent_pushes_every_enemy_back() -> None:
    state = holding("torrential_torrent", "water")
    for clan, space in (("fire", "n5"), ("air", "s3"), ("earth", "w0")):
        put(state, clan, space)
    after = cast(state, "torrential_torrent").state  # type: ignore[attr-defined]
    spaces = [team(after, clan)["space"] for clan in ("fire", "air", "earth", "water")]
    assert spaces == ["n4", "sa3", "w0", "e0"]


def test_h2o_portal_moves_as_far_as_wanted_at_a_price_in_the_next_duel() -> None:
    state = holding("h2o_portal", "water")
    after = cast(state, "h2o_portal", steps=5).state  # type: ignore[attr-defined]
    assert team(after, "water")["space"] == "e3"
    effect = team(after, "water")["effects"][0]
    assert (effect["kind"], effect["amount"], effect["rounds"]) == ("battle_power", -5, 2)
    with pytest.raises(UsageError, match="H2O Portal needs the number of spaces"):
        cast(state, "h2o_portal")


def test_a_ring_goes_on_an_empty_space() -> None:
    state = holding("searing_ring")
    with pytest.raises(RulesError, match="a ring goes on an empty space: n0 holds fire"):
        cast(state, "searing_ring", spaces=["n0"])


def test_casting_needs_the_card_in_hand_and_a_non_combat_card() -> None:
    with pytest.raises(RulesError, match="fire does not hold Hell's Wrath"):
        cast(start(), "hells_wrath")
    with pytest.raises(RulesError, match="Fireball is an attack card: it is played in a duel"):
        cast(holding("fireball"), "fireball")
    state = holding("hells_wrath")
    state["phase"] = "trap"
    with pytest.raises(RulesError, match="fire cannot cast a spell now"):
        cast(state, "hells_wrath")
    with pytest.raises(UsageError, match="unknown spell card 'lightning'"):
        cast(holding("hells_wrath"), "lightning")
