"""The augments the battle carries out, each a chance rolled under its own name or a
steady bonus. Their numbers come from ``tables/ftl/augments.yaml`` (copied in at the start).

- rock plating: each hit's hull damage is ignored on a d100 of 15 or less (``rock_plating``);
- titanium system casing: each hit's system damage is ignored on 25 or less (``casing``);
- reverse ion field: each ion shot's ion is ignored on 40 or less (``ion_field``);
- explosive replicator: a missile volley keeps its missile on 50 or less (``replicator``);
- Engi med-bot dispersal: every crew member of the ship heals 1 a second while the medbay
  has power;
- Mantis pheromones: the crew walk 0.5 rooms a second faster;
- fire suppression and Slug repair gel: no fires, no breaches (``hazards``);
- defense scrambler, drone recovery arm, drone booster: see the drone modules.
- the automated re-loader: weapons charge faster (``weapons.cooldown``);
- the weapon pre-igniter: a weapon switched on as the battle opens is charged at once;
- stealth weapons: firing does not shorten the cloak (``cloak_battery``);
- hacking stun: the crew in a hacked room are stunned (``hacking``);
- the backup DNA bank: the dead wait in an unpowered clone bay (``minds``);
- the FTL recharge booster and the enemy's FTL jammer (``ftl_drive``); the repair arm at
  every jump (``match.jump_effects``); advanced FTL navigation on the map (``actions.jump``);
- the Zoltan shield and its bypass (``zoltan_shield``); reconstructive teleport
  (``boarding``); crystal vengeance (``vengeance``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from gmtool.dice import DiceDoor
from gmtool.games.ftl.rules.battle.rolls import chance
from gmtool.games.ftl.rules.battle.state import Battle, Event, Ship, rule, rules

if TYPE_CHECKING:  # the state's shapes, for mypy only
    from gmtool.games.ftl.state import Weapon

MODELLED = (
    "rock_plating",
    "titanium_system_casing",
    "reverse_ion_field",
    "explosive_replicator",
    "engi_med_bot_dispersal",
    "mantis_pheromones",
    "fire_suppression",
    "slug_repair_gel",
    "defense_scrambler",
    "drone_recovery_arm",
    "drone_booster",
    "automated_re_loader",
    "weapon_pre_igniter",
    "stealth_weapons",
    "hacking_stun",
    "repair_arm",
    "backup_dna_bank",
    "ftl_recharge_booster",
    "ftl_jammer",
    "advanced_ftl_navigation",
    "zoltan_shield_bypass",
    "reconstructive_teleport",
    "crystal_vengeance",
    "zoltan_shield",
)
ROLLS = {
    "rock_plating": ("rock_plating", "ignore_hull_chance"),
    "titanium_system_casing": ("casing", "ignore_system_chance"),
    "reverse_ion_field": ("ion_field", "ignore_chance"),
    "explosive_replicator": ("replicator", "keep_ammo_chance"),
}


def saves(battle: Battle, ship: Ship, augment: str, dice: DiceDoor, label: str) -> Event | None:
    """The augment's chance, rolled when the ship has it: the roll's event, or None."""
    if augment not in ship["augments"]:
        return None
    name, key = ROLLS[augment]
    percent = int(ship["augment_numbers"][augment][key])
    return {**chance(battle, dice, name, percent, label), "augment": augment}


def pre_ignite(battle: Battle, ship: Ship, weapon: Weapon) -> Event | None:
    """The weapon pre-igniter: "weapons are ready to fire when you jump to a beacon ...
    only ... weapons that were on from the previous jump ... only 1 charge for charge
    weapons". The first battle opens on arrival, so a weapon switched on before its first
    second is ready at once (one charge); not the artillery. A later battle of the match
    (``carried``) opens on ships that jumped there: the jump charged the weapons that were
    on (``match.jump_effects``), and one switched on now was not on at that jump."""
    if "weapon_pre_igniter" not in ship["augments"] or weapon.get("artillery"):
        return None
    if battle.get("carried"):
        return None
    if battle["second"] != int(rules(battle)["augments"]["pre_igniter_second"]):
        return None
    charges = int(rule(battle, "augments", "pre_igniter_charges"))
    if not weapon["powered"] or int(weapon["charges"]) >= charges:
        return None
    weapon["charges"] = min(charges, int(weapon["charge_cap"]))
    weapon["charge"] = 0
    return {"event": "pre_ignited", "ship": ship["name"], "weapon": weapon["id"]}
