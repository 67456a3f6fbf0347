"""Stars & Starships' screens: the encounter for the table; for each party member, their HP,
row and Momentum, whose turn it is, and on their turn their moves (an attack with its
weapon and target, a gadget, a stream, switching row, Momentum, ending the turn), each
from the declaration's moves, the dice rolled on the phone or typed from real dice."""

from __future__ import annotations

from gmtool.web.screens import MoveScreens


class StarshipsScreens(MoveScreens):
    seat_template = "starships/player.html"
    confirming = frozenset({"attack", "end_turn", "momentum_spend"})


SCREENS = StarshipsScreens
