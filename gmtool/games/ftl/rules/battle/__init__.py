"""The FTL battle referee: two ships, one second per turn.

The battle lives in the campaign's state under ``"battle"`` as plain JSON. Every number it
uses is copied in when the battle starts: the ships' own (systems, weapons, crew, from the
ship files and ``tables/ftl/``) and the clock's rules (``tables/ftl/battle.yaml``), so a
second needs no table read.

The modules import in one direction only, each at its top:

- leaves: ``state`` (finding things), ``rolls``, ``every_die`` (every way the dice fall),
  ``story``, ``crew`` (who mans what, who can act, the way by doors), ``artillery``,
  ``spread``, ``drone_moves``, ``hooks``;
- the mechanics, none importing another: ``power``, ``shields_evasion``, ``doors``,
  ``augments``, ``vengeance``, ``zoltan_shield``;
- built on one mechanic each: ``hazards``, ``cloak_battery``, ``drones``;
- resolution: ``damage``, ``beams``, ``weapons``, ``projectiles``, ``asteroids``, the
  drones' seconds (``drone_shots``, ``drone_flight``, ``drone_crew``), ``boarding``,
  ``hacking``, ``minds`` (the system's and the slugs'), ``air_and_fire``, ``crew_work``,
  ``zoltans``, ``ftl_drive``;
- the clock and the orders: ``second`` (the fixed order of one second), ``actions``,
  ``choices``, ``document``, ``odds``, ``drone_odds``, ``setup``, ``rules``, ``handlers``.

Where a mechanic sets off a reaction a higher module owns, it calls a hook (``hooks``)
that the owner fills; importing this package imports the owners, so no hook is empty.
"""

from gmtool.games.ftl.rules.battle import drones  # noqa: F401  (fills its hooks: ``hooks``)
