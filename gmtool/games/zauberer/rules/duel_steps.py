"""One duel roll as the teams play it around the table: attack cards before the roll, then
the dice, then a defence card from each team that played no attack card.

These answer "who is asked what, and what may they see" for every screen that asks the two
duellists in turn (the web player screens and ``gmtool play``), so the order lives here once;
the round itself is played (and checked) by ``duels.duel_round``.
"""

from __future__ import annotations

from typing import Any

from gmtool.dice import DiceDoor
from gmtool.games.zauberer.rules.power import Roll, roll_power, second_die_back, single_die
from gmtool.games.zauberer.rules.state import State, open_duel


def duellists(state: State) -> tuple[str, str]:
    duel = open_duel(state)
    return duel["challenger"], duel["defender"]


def card_kind(state: State, cid: str | None) -> str | None:
    return None if cid is None else str(state["cards"][cid]["effect"]["kind"])


def asked_before_the_roll(state: State) -> list[str]:
    """The duellists asked about an attack card before the roll (challenger first): each
    that holds a spell, whatever its kind, for the same reason as after the roll."""
    teams = {team["clan"]: team for team in state["teams"]}
    return [clan for clan in duellists(state) if teams[clan]["spell"] is not None]


def die_of_its_own(state: State, cid: str | None) -> str | None:
    """The name of a played card that rolls one more d6 for its team (an attack card with
    the two dice, a defence card after them), whose face a table entering its own dice
    types too; ``None`` for any other card."""
    if cid is not None and card_kind(state, cid) in ("extra_die", "double_one_die"):
        return str(state["cards"][cid]["name"])
    return None


def dice_thrown(state: State, attack: dict[str, str], clan: str) -> int:
    """How many d6 ``clan`` throws in this roll with these attack cards (one when it "can
    only use one die" by the ruling ``one_die: roll_one``), before any card's own die."""
    cards = {team: state["cards"][cid] for team, cid in attack.items()}
    return 1 if single_die(open_duel(state), state["rules"], cards, clan) else 2


def die_given_back(state: State, attack: dict[str, str], clan: str, cid: str | None) -> bool:
    """Whether the defence card ``cid`` gives ``clan`` back the second die an enemy's
    one-die card took (Ember Staff cancelling, Growing Roots taking, Unrelenting Shock),
    a die thrown after the card, whose face a table entering its own dice types too."""
    if cid is None:
        return False
    cards = {team: state["cards"][card] for team, card in attack.items()}
    return second_die_back(open_duel(state), state["rules"], cards, state["cards"][cid], clan)


def asked_after_the_roll(state: State, attack: dict[str, str]) -> list[str]:
    """The duellists asked about a defence card after the roll (challenger first): each
    that played no attack card and holds a spell, whatever its kind, so that being asked
    tells the others nothing about the card (``choices.held_card`` says whether it may play)."""
    teams = {team["clan"]: team for team in state["teams"]}
    return [
        clan for clan in duellists(state) if clan not in attack and teams[clan]["spell"] is not None
    ]


def dice_hidden(state: State, attack: dict[str, str]) -> bool:
    """An attack card that makes the enemy choose its defence before anyone sees the dice."""
    return any(card_kind(state, cid) == "hidden_roll" for cid in attack.values())


def dice_before_defence(
    state: State, attack: dict[str, str], dice: DiceDoor
) -> dict[str, dict[str, Any]]:
    """The dice both teams roll this round before any defence card, ``{clan: {"faces",
    "extra"}}``, from ``dice`` (a door the round is then played with again, so the same
    faces come out)."""
    roll = roll_before_defence(state, attack, dice)
    return {
        clan: {"faces": list(roll.faces[clan]), "extra": roll.extra.get(clan)}
        for clan in roll.clans
    }


def roll_before_defence(state: State, attack: dict[str, str], dice: DiceDoor) -> Roll:
    """The whole roll both teams make before any defence card (its faces and the Power
    Points they come to so far), from ``dice`` as ``dice_before_defence``."""
    cards = {clan: state["cards"][cid] for clan, cid in attack.items()}
    return roll_power(open_duel(state), state["clans"], state["rules"], cards, {}, dice)
