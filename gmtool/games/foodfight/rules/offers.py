"""What the player to act may do now, by the rules: the one answer that ``options`` lists
as moves (the terminal menu, the phone screens, ``gmtool foodfight options``) and that the
simulator's players choose from.

A balance run makes thousands of moves a second, and building the menu's ``Move``s for
each would cost more than the game itself (the players ran at under half their speed), so
both read the same ``Offer`` instead: ``options`` shows each of its parts as a choice, and
a player's action names only what its offer holds.
"""

from __future__ import annotations

from gmtool.games.foodfight.rules.match import Match
from gmtool.games.foodfight.rules.pieces import Seat


class Offer:
    """What ``player`` may do now. ``answering``: an open battle asks them for one of
    ``fortunes`` or a pass. Otherwise it is their turn: attack with one of ``piles`` (their
    own piles still holding a card) the top card of any open pile of an ``opponents``
    seat (the players still in but them), or discard the top card of one of ``piles``;
    their ``fortunes`` are declared with the attack when ``with_attack`` (the table plays
    them blind), else once the cards are face up."""

    __slots__ = ("answering", "fortunes", "opponents", "piles", "player", "with_attack")

    def __init__(
        self,
        player: Seat,
        answering: bool,
        piles: list[int],
        opponents: list[Seat],
        fortunes: list[str],
        with_attack: bool,
    ) -> None:
        self.player = player
        self.answering = answering
        self.piles = piles
        self.opponents = opponents
        self.fortunes = fortunes
        self.with_attack = with_attack


def offer(match: Match) -> Offer | None:
    """What the player to act may do now (in an open battle, the one it asks); None when
    the game is over."""
    if match.over or match.turn is None:
        return None
    battle = match.battle
    if battle is not None:
        answering = match.by_name[battle.player(battle.to_answer)]
        return Offer(answering, True, [], [], answering.fortunes, False)
    player = match.current
    opponents = [seat for seat in match.standing if seat is not player]
    return Offer(
        player, False, player.open_piles, opponents, player.fortunes, not match.rulings.two_step
    )


def defence(match: Match, target: str) -> list[str]:
    """The Fortunes the player ``target`` may declare against a blind attack on them, as
    their screen asks before the battle is played: any of their hand."""
    return match.by_name[target].fortunes
