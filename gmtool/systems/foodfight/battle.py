"""A battle: one top card against an opponent's top card, Fortunes, and the loss.

Both cards turn face up. Each of the two players may play Fortunes (as many as the
ruling allows, one by default) on either card; a card's value is floored at 0 after its
Fortunes are added up, or after each one, by the table's ruling. The lower value loses
its card and moves its token; equal values follow the table's tie ruling.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmtool.errors import RulesError, UsageError, unknown
from gmtool.systems.foodfight.state import (
    Card,
    Player,
    State,
    find_player,
    is_out,
    player_named,
    top_card,
)
from gmtool.systems.foodfight.track import move_token

SIDES = ("mine", "theirs")
ROLES = ("attacker", "defender")
OTHER_ROLE = {"attacker": "defender", "defender": "attacker"}


def check_attack(state: State, attacker: Player, action: Mapping[str, Any]) -> dict[str, Any]:
    """The attack as ``attack`` carries it out (the target and Fortunes named as dealt),
    Fortunes declared with it (the ``blind`` timing); raises if the rules refuse it."""
    _, defender, _ = battle_cards(state, attacker, action)
    plays = check_fortune_plays(state, action.get("fortunes"), attacker, defender)
    checked = target_of(action, defender)
    if plays:
        checked["fortunes"] = [
            {"by": play["role"], "id": play["id"], "on": _side_of(play)} for play in plays
        ]
    return checked


def target_of(action: Mapping[str, Any], defender: Player) -> dict[str, Any]:
    """An attack checked: its piles, and its target by the name it was dealt."""
    return {
        "type": "attack",
        "pile": int(action["pile"]),
        "target": defender["name"],
        "target_pile": int(action["target_pile"]),
    }


def attack(
    state: State, attacker: Player, action: Mapping[str, Any], *, record: bool = True
) -> dict[str, Any]:
    """Fight one battle whose Fortunes were declared with the attack (the ``blind``
    timing), the attack already checked (``check_attack``); returns the result document."""
    defender = player_named(state, action["target"])
    plays = [
        fortune_play(state, play["id"], play["by"], play["on"], attacker, defender)
        for play in action.get("fortunes", ())
    ]
    for play in plays:
        (attacker if play["role"] == "attacker" else defender)["fortunes"].remove(play["id"])
    sides = {
        "attacker": (attacker, attacker["piles"][action["pile"] - 1][-1], action["pile"]),
        "defender": (
            defender,
            defender["piles"][action["target_pile"] - 1][-1],
            action["target_pile"],
        ),
    }
    return fight(state, sides, plays, record=record)


def battle_cards(
    state: State, attacker: Player, action: Mapping[str, Any]
) -> tuple[Card, Player, Card]:
    """The attacking card, the defender and the defending card, if the attack is legal."""
    mine = top_card(state, attacker, action.get("pile"), action.get("card"), "attack with")
    defender = _target(state, attacker, action.get("target"))
    theirs = top_card(
        state, defender, action.get("target_pile"), action.get("target_card"), "attack"
    )
    return mine, defender, theirs


def fight(
    state: State,
    sides: dict[str, tuple[Player, Card, int]],
    plays: list[dict[str, Any]],
    *,
    record: bool = True,
) -> dict[str, Any]:
    """Resolve a battle whose Fortunes (already out of their owners' hands) are ``plays``.

    ``record=False`` (nobody reads the document: the simulator) returns only the token
    moves; the rules applied are the same."""
    rules = state["rules"]
    mine, theirs = sides["attacker"][1], sides["defender"][1]
    mine["face_up"] = True
    theirs["face_up"] = True
    if plays:
        plays = attacker_first(plays)
        state["fortune_discards"].extend(play["id"] for play in plays)
    values = battle_values(mine["salt"], theirs["salt"], plays, rules)
    lost = losers(values["attacker"], values["defender"], rules["tie"])
    moves = []
    for role in lost:
        player, card, pile = sides[role]
        player["piles"][pile - 1].pop()
        state["discards"].append(card["id"])
        moves.append(move_token(state, player, rules["battle_loss_steps"]))
    if not record:
        return {"moves": moves}
    winners = [role for role in ROLES if role not in lost]
    return {
        "type": "attack",
        "attacker": _side_doc(sides["attacker"], values["attacker"], plays, "attacker"),
        "defender": _side_doc(sides["defender"], values["defender"], plays, "defender"),
        "tie": values["attacker"] == values["defender"],
        "winner": sides[winners[0]][0]["name"] if len(winners) == 1 else None,
        "losers": [sides[role][0]["name"] for role in lost],
        "moves": moves,
    }


def attacker_first(plays: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The Fortunes of a battle in the order they count: the attacker's, then the
    defender's (each side's in the order played)."""
    if len(plays) < 2:
        return plays
    return sorted(plays, key=lambda play: ROLES.index(play["role"]))


def battle_values(
    mine: int, theirs: int, plays: list[dict[str, Any]], rules: dict[str, Any]
) -> dict[str, int]:
    """Each card's salt with its Fortunes (``plays``, the attacker's first, each naming
    the ``card`` it is on and its ``delta``), never below 0: floored once, after the total
    (``fortune_floor: total``), or after each Fortune in the order played (``each``)."""
    if not plays:  # salt is never below 0
        return {"attacker": max(0, mine), "defender": max(0, theirs)}
    values = {"attacker": mine, "defender": theirs}
    each = rules.get("fortune_floor", "total") == "each"
    for play in plays:
        values[play["card"]] += play["delta"]
        if each:
            values[play["card"]] = max(0, values[play["card"]])
    return {role: max(0, value) for role, value in values.items()}


def _target(state: State, attacker: Player, target: object) -> Player:
    if target is None or target == "":
        raise UsageError("an attack needs a target player", hint="e.g. attack 3 Bo:5")
    defender = find_player(state, str(target))
    if defender is attacker:
        raise RulesError(
            f"{attacker['name']} cannot attack their own card: pick an opponent's top card"
        )
    if is_out(defender):
        raise RulesError(
            f"{defender['name']} is out of the game ({defender['out']}): "
            "only players still standing can be attacked"
        )
    return defender


def check_fortune_plays(
    state: State, plays: object, attacker: Player, defender: Player
) -> list[dict[str, Any]]:
    """Check every Fortune played in the battle; returns them with the card each targets."""
    if plays is None:
        return []
    if not isinstance(plays, list):
        raise UsageError("'fortunes' must be a list of {by, id, on}")
    _check_fortune_count(state, plays, attacker, defender)
    checked: list[dict[str, Any]] = []
    for play in plays:
        by = str(play.get("by", "attacker"))
        player = attacker if by == "attacker" else defender
        on = str(play.get("on", "mine"))
        if on not in SIDES:
            raise unknown("card for a Fortune", on, SIDES)
        typed = str(play.get("id", "")).strip()
        fid = typed
        if typed not in state["fortune_cards"]:  # typed in another case?
            fid = next(
                (known for known in state["fortune_cards"] if known.casefold() == typed.casefold()),
                typed,
            )
        # Neither refusal lists a hand: the screen is shared and Fortunes are secret.
        peek = f"gmtool foodfight peek --player {player['name']} shows their Fortunes"
        if fid not in state["fortune_cards"]:
            raise UsageError(f"unknown Fortune '{fid}'", hint=peek)
        held = player["fortunes"].count(fid) - sum(1 for p in checked if p["id"] == fid)
        if held < 1:
            raise RulesError(
                f"{player['name']} does not hold Fortune {fid}: "
                "a player may play only a Fortune from their own hand",
                hint=peek,
            )
        checked.append(fortune_play(state, fid, by, on, attacker, defender))
    return checked


def fortune_play(
    state: State, fid: str, role: str, on: str, attacker: Player, defender: Player
) -> dict[str, Any]:
    """A Fortune played in a battle as the rules keep it: by whom, on which card, its delta."""
    card = state["fortune_cards"][fid]
    return {
        "id": fid,
        "by": (attacker if role == "attacker" else defender)["name"],
        "role": role,
        "card": role if on == "mine" else OTHER_ROLE[role],
        "delta": card["delta"],
        "text": card["text"],
    }


def _side_of(play: dict[str, Any]) -> str:
    return "mine" if play["card"] == play["role"] else "theirs"


def _check_fortune_count(
    state: State, plays: list[Any], attacker: Player, defender: Player
) -> None:
    """One Fortune per player per battle (by default), checked before anything else."""
    limit = state["rules"]["fortunes_per_player_per_battle"]
    counted = {"attacker": 0, "defender": 0}
    for play in plays:
        if not isinstance(play, dict):
            raise UsageError("each Fortune play must be {by, id, on}")
        by = str(play.get("by", "attacker"))
        if by not in ROLES:
            raise unknown("Fortune player", by, ROLES)
        counted[by] += 1
        if counted[by] > limit:
            name = (attacker if by == "attacker" else defender)["name"]
            raise RulesError(
                f"{name} cannot play another Fortune ({play.get('id')}) in this battle: "
                f"each player may play {limit} per battle"
            )


def losers(attacker_value: int, defender_value: int, tie: str) -> list[str]:
    """The roles whose card is lost, by the two values and the table's tie ruling."""
    if attacker_value > defender_value:
        return ["defender"]
    if defender_value > attacker_value:
        return ["attacker"]
    return {"neither": [], "defender": ["attacker"], "attacker": ["defender"]}.get(tie, list(ROLES))


def _side_doc(
    side: tuple[Player, Card, int], value: int, plays: list[dict[str, Any]], role: str
) -> dict[str, Any]:
    player, card, pile = side
    return {
        "player": player["name"],
        "pile": pile,
        "card": {"id": card["id"], "food": card["food"], "salt": card["salt"]},
        "fortunes": [
            {"id": p["id"], "text": p["text"], "delta": p["delta"], "by": p["by"]}
            for p in plays
            if p["card"] == role
        ],
        "value": value,
    }
