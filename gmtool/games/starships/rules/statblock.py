"""Stat blocks become combatants: checked, with damage types spelled as the content spells them.

The helpers that read ``DICE:TYPE`` and ``TYPE=AFFINITY`` live here, beside the checks, so
the command line and the interactive loop stay thin.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmtool.errors import UsageError, unknown
from gmtool.games.starships.rules.content import AFFINITIES, StarshipsContent, StatBlock
from gmtool.games.starships.rules.weapons import weapon_range

Combatant = dict[str, Any]


def parse_weapon(text: str) -> dict[str, str]:
    """``"1d8:Kinetic"`` -> ``{"dice": "1d8", "type": "Kinetic"}`` (type checked later)."""
    dice, sep, damage_type = text.partition(":")
    if not sep or not dice.strip() or not damage_type.strip():
        raise UsageError(f"weapon '{text}' is not DICE:TYPE", hint="e.g. --melee 1d8:Kinetic")
    return {"dice": dice.strip(), "type": damage_type.strip()}


def parse_affinity(text: str) -> tuple[str, str]:
    """``"Energy=weak"`` -> ``("Energy", "weak")`` (both checked later)."""
    damage_type, sep, affinity = text.partition("=")
    if not sep or not damage_type.strip() or not affinity.strip():
        raise UsageError(
            f"affinity '{text}' is not TYPE=AFFINITY",
            hint=f"e.g. --affinity Energy=weak; affinities: {', '.join(AFFINITIES)}",
        )
    return damage_type.strip(), affinity.strip().lower()


def damage_type_name(text: str, content: StarshipsContent) -> str:
    """The content's spelling of a damage type typed in any case."""
    for name in content.damage_types:
        if name.lower() == text.lower():
            return name
    raise unknown("damage type", text, sorted(content.damage_types))


def checked_block(fields: Mapping[str, Any], content: StarshipsContent) -> StatBlock:
    """A stat block from typed-in fields, with damage types and weapon dice checked."""
    data = dict(fields)
    for kind in ("melee", "ranged"):
        weapon = data.get(kind)
        if weapon is not None:
            data[kind] = {**weapon, "type": damage_type_name(str(weapon["type"]), content)}
    affinities: dict[str, str] = {}
    for damage_type, affinity in (data.get("affinities") or {}).items():
        if str(affinity).lower() not in AFFINITIES:
            raise unknown("affinity", str(affinity), AFFINITIES)
        affinities[damage_type_name(damage_type, content)] = str(affinity).lower()
    data["affinities"] = affinities
    from pydantic import ValidationError

    from gmtool.content.schema import adapter

    try:
        block: StatBlock = adapter(StatBlock).validate_python(data)
    except ValidationError as error:
        first = error.errors()[0]
        field = ".".join(str(part) for part in first["loc"]) or "stat block"
        raise UsageError(f"{field}: {first['msg']}") from None
    for kind in ("melee", "ranged"):
        weapon = getattr(block, kind)
        if weapon is not None:
            weapon_range(weapon.dice)
    return block


def combatant(name: str, side: str, block: StatBlock, content: StarshipsContent) -> Combatant:
    """A fresh combatant at full HP, in its stat block's row, with starting Momentum."""
    return {
        "name": name,
        "side": side,
        "hp": block.hp,
        "max_hp": block.hp,
        "defense": block.defense,
        "might": block.might,
        "dex": block.dex,
        "melee": block.melee.model_dump() if block.melee else None,
        "ranged": block.ranged.model_dump() if block.ranged else None,
        "affinities": dict(block.affinities),
        "row": block.row,
        "momentum": content.momentum.start,
        "skip_turns": 0,
    }


def check_name(name: str, roster: Mapping[str, Any]) -> str:
    """A new combatant's name, stripped; it must be new (in any case) and not blank."""
    clean = name.strip()
    if not clean:
        raise UsageError("a combatant needs a name")
    if "," in clean or "=" in clean:
        raise UsageError(f"name '{clean}' may not contain ',' or '='")
    for existing in roster:
        if existing.lower() == clean.lower():
            raise UsageError(f"there is already a combatant named '{existing}'")
    return clean
