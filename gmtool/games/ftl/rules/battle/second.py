"""One second of battle, always in this order (docs/games/ftl-battle.md tells it in words):

1. timers: ion timers, stuns, lockdowns and broken doors count down;
2. charging: weapons charge (or discharge), shields recharge;
3. firing: charged, aimed weapons start volleys; volleys launch two shots a second;
4. arrivals: shots due this second, in launch order - dodge d20, shields, then the room
   (hull, system, crew, ion, stun, fire and breach chances with their coins); then the
   asteroids due at ships in an asteroid field;
5. hazards: fires burn, breaches vent, oxygen refills or runs out, suffocation, fires
   starve; every 5th second fires spread;
6. crew: walking (through the doors that let them), boarders battering shut doors, fights
   (both crews in a room) and boarders wrecking systems, medbay
   healing, repairs (fires, breaches, then systems);
7. the end: hacking drones whose hacking system is down are lost; hacks bite (a shield
   layer every 3 s, oxygen, charge, the medbay...), or end with the hacking system; the FTL
   drives charge; the cloak, the backup battery and crystal locks count down (what an
   order switched on lasts whole seconds); a ship at 0 hull is destroyed; the other wins
   (both: a draw).

Both ships go through each step before the next step starts, the first-listed ship first.
"""

from __future__ import annotations

from gmtool.dice import DiceDoor
from gmtool.games.ftl.rules.battle import (
    air_and_fire,
    asteroids,
    boarding,
    cloak_battery,
    crew_work,
    doors,
    drone_crew,
    drone_flight,
    ftl_drive,
    hacking,
    hazards,
    minds,
    power,
    projectiles,
    weapons,
)
from gmtool.games.ftl.rules.battle.shields_evasion import recharge_shields
from gmtool.games.ftl.rules.battle.state import Battle, Event, ships_in_order
from gmtool.games.ftl.rules.battle.zoltans import all_zoltan_power


def run_second(battle: Battle, dice: DiceDoor) -> list[Event]:
    battle["second"] += 1
    ships = ships_in_order(battle)
    events: list[Event] = [{"event": "second", "second": battle["second"]}]
    for ship in ships:
        events += power.count_down_ion(battle, ship)
        events += crew_work.count_down_stuns(ship)
        events += doors.count_down(ship)
        events += hacking.stun_hacked_room(battle, ship)
    for ship in ships:
        events += weapons.charge_weapons(battle, ship)
        events += recharge_shields(battle, ship)
    for ship in ships:
        events += weapons.fire_weapons(battle, ship, dice)
    events += drone_flight.each_second(battle, dice)
    events += drone_crew.each_second(battle, dice)
    events += projectiles.arrive(battle, dice)
    events += asteroids.strike(battle, dice)
    events += all_zoltan_power(battle)  # a Zoltan's bar leaves the moment it dies or walks
    for ship in ships:
        events += air_and_fire.burn_and_breathe(battle, ship)
        events += hazards.spread_fires(battle, ship, dice)
    events += all_zoltan_power(battle)
    for ship in ships:
        events += crew_work.walk(battle, ship)
        events += doors.batter(battle, ship)
        events += boarding.fight_and_sabotage(battle, ship)
        events += minds.count_down(battle, ship)
        events += minds.clone(battle, ship)
        events += crew_work.heal_in_medbay(battle, ship)
        events += crew_work.med_bots(ship)
        events += crew_work.repair(battle, ship)
    events += all_zoltan_power(battle)
    events += hacking.drop_lost_drones(battle)  # a hacking drone needs its system all the way
    for ship in ships:
        events += hacking.each_second(battle, ship)
        events += ftl_drive.charge(battle, ship)
    for ship in ships:  # what was switched on by order lasts whole seconds
        events += cloak_battery.count_down(battle, ship)
        events += doors.count_down_locks(ship)
    events += _the_end(battle)
    return events


def _the_end(battle: Battle) -> list[Event]:
    dead = [ship["name"] for ship in ships_in_order(battle) if ship["hull"] <= 0]
    if not dead:
        return []
    events: list[Event] = [{"event": "destroyed", "ship": name} for name in dead]
    if len(dead) == len(battle["ships"]):
        battle["over"] = "both destroyed"
        battle["winner"] = None  # a draw: neither ship is left to win
    else:
        battle["winner"] = next(n for n in battle["order"] if n not in dead)
        battle["over"] = f"{dead[0]} destroyed"
    events.append({"event": "winner", "winner": battle["winner"], "over": battle["over"]})
    return events
