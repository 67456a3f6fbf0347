"""What a move writes in the log: who took part, what was done, and everything it caused."""

from __future__ import annotations

from .helpers import attack, deal, discard, endgame, fortunes_played, play, player, set_pile


def test_a_battle_names_both_players_both_piles_and_the_fortunes() -> None:
    state = deal(blind=True)
    set_pile(state, "Ana", 4, 2, 5)
    set_pile(state, "Bo", 7, 3, 6)
    plays = fortunes_played(state, "attacker f07 mine", "defender f11 theirs")
    outcome = play(state, attack(4, "Bo", 7, fortunes=plays))
    assert outcome.who == "Ana, Bo"
    assert outcome.what == "attack 4 Bo:7"
    assert outcome.outcome == (
        "Ana's Ana food 4.2 5 +4 (Ana) -2 (Bo) = 7 vs Bo's Bo food 7.2 6: Ana wins the battle"
    )


def test_a_tie_says_so_and_who_took_it() -> None:
    state = deal(blind=True)
    set_pile(state, "Ana", 1, 2, 5)
    set_pile(state, "Bo", 1, 3, 5)
    outcome = play(state, attack(1, "Bo", 1))
    assert outcome.outcome.endswith(": a tie, won by Bo (the defender)")
    state["rules"]["tie"] = "neither"
    assert play(state, attack(1, "Bo", 1)).outcome.endswith(": a tie, both cards stay")
    state["rules"]["tie"] = "both"
    assert play(state, attack(1, "Bo", 1)).outcome.endswith(": a tie, both cards are lost")


def test_an_elimination_and_the_winner_are_logged_apart_from_the_battle() -> None:
    state = endgame()
    set_pile(state, "Ana", 2, 8)
    outcome = play(state, attack(2, "Di", 1))
    assert outcome.outcome == (
        "Ana's Ana food 2.1 8 vs Di's Di food 1.1 3: Ana wins the battle; "
        "Di is out (no towers left); Ana wins the game"
    )


def test_a_discard_logs_the_pile_and_a_player_put_out_by_it() -> None:
    state = deal(blind=True)
    player(state, "Ana")["track_position"] = 19
    outcome = play(state, discard(3))
    assert outcome.who == "Ana" and outcome.what == "discard pile 3"
    assert outcome.outcome.endswith("; Ana is out (the end of the track)")
