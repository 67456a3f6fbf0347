"""A new FTL game: each player's checked ship, their supplies, and (later) the map.

Options (from ``campaign new --ship NAME=FILE`` or a campaign file's ``options:``):

- ``ships``: player name -> the ship (a mapping shaped like a ship file, or the name of a
  bundled ship file such as ``ftl-red.yaml``).

The state is a JSON-ready dict::

    {"players": {NAME: {"ship": {...ship file...}, "bill": {...}, "fuel", "missiles",
                        "drone_parts", "at": [x, y] | None, "visited": [[x, y]...]}},
     "seats": [NAME, ...], "map": None | {...}, "jumps": 0}
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmtool.dice import DiceDoor
from gmtool.errors import ContentError, UsageError
from gmtool.games.ftl.rules.bill import ship_bill
from gmtool.games.ftl.rules.checks import describe, ship_problems
from gmtool.games.ftl.rules.content import FtlContent
from gmtool.games.ftl.rules.players import State
from gmtool.games.ftl.rules.ship import Ship, read_ship, ship_document, ship_from_data


def new_state(content: FtlContent, options: Mapping[str, Any], dice: DiceDoor) -> State:
    ships = options.get("ships")
    if not isinstance(ships, Mapping) or len(ships) != content.players:
        raise UsageError(
            f"an FTL game needs {content.players} ships, one for each player",
            hint="pass --ship Red=FILE --ship Blue=FILE",
        )
    players: dict[str, Any] = {}
    for name, given in ships.items():
        ship = checked_ship(given, content, where=f"options.ships.{name}")
        players[str(name)] = new_player(ship, content)
    return {"players": players, "seats": list(players), "map": None, "jumps": 0}


def checked_ship(given: Any, content: FtlContent, *, where: str) -> Ship:
    """A ship from options, refused with every problem when it breaks a building rule."""
    if isinstance(given, str):
        from gmtool.content.paths import packaged
        from gmtool.content.yamlfile import kind_of

        path = packaged("campaigns", given)
        if kind_of(path) != "file":
            raise ContentError([f"{where}: no bundled ship file '{given}' (give the ship itself)"])
        ship, document = read_ship(path)
        problems = describe(ship_problems(ship, content), document)
    else:
        ship = ship_from_data(given, where=where)
        problems = describe(ship_problems(ship, content), None, where)
    if problems:
        raise ContentError(problems)
    return ship


def new_player(ship: Ship, content: FtlContent) -> dict[str, Any]:
    bill = ship_bill(ship, content).to_json()
    # The ship is kept, so its items can be worked out again; the state keeps the sums.
    groups: dict[str, int] = {}
    for item in bill.pop("items"):
        groups[item["group"]] = groups.get(item["group"], 0) + item["scrap"]
    bill["groups"] = groups
    return {
        "ship": ship_document(ship),
        "bill": bill,
        "fuel": ship.fuel,
        "missiles": ship.missiles,
        "drone_parts": ship.drone_parts,
        "at": None,
        "visited": [],
    }
