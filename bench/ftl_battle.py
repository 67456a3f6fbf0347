"""FTL battle: one ``ftl tick`` between two 18-room ships with 8 crew each against the
cold start of ``python -c "import d20; d20.roll('1d20')"`` (target <= 1.0x), and ``undo``
after 2,000 seconds of battle against ``undo`` after 20 (target <= 1.5x)."""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from common import gmtool, scratch_home, time_commands

D20 = [sys.executable, "-c", "import d20; d20.roll('1d20')"]
SYSTEMS = ["piloting", "engines", "weapon_control", "shields", "oxygen", "medbay", "doors"]


def big_ship(name: str) -> dict[str, Any]:
    """18 rooms of 2x1 in 6 rows of 3: the first column a spine joined top to bottom, each
    row's rooms joined left to right; 7 systems, 8 crew, 3 weapons."""
    rooms = []
    for row in range(6):
        for col in range(3):
            index = row * 3 + col
            doors = []
            if col < 2:
                doors.append(f"r{index + 1}")
            if col == 0 and row < 5:
                doors.append(f"r{index + 3}")
            room: dict[str, Any] = {
                "id": f"r{index}",
                "at": [2 * col, row],
                "size": "2x1",
                "doors": doors,
            }
            if index < len(SYSTEMS):
                room["system"] = SYSTEMS[index]
            rooms.append(room)
    return {
        "name": name,
        "rooms": rooms,
        "systems": {
            "piloting": 1,
            "engines": 2,
            "weapon_control": 4,
            "shields": 2,
            "oxygen": 1,
            "medbay": 1,
            "doors": 1,
        },
        "slots": "weapons_4_drones_2",
        "weapons": ["basic_laser", "heavy_laser", "artemis"],
        "crew": [{"race": "human", "name": f"c{n}"} for n in range(8)],
        "reactor": 8,
        "missiles": 5,
    }


def new_campaign(name: str, *, armed: bool) -> None:
    """A battle ready to fight; ``armed``: Red's lasers aimed and on autofire (the undo
    battles stay unarmed so that 2,000 seconds pass without a ship dying)."""
    import yaml

    folder = Path(tempfile.mkdtemp(prefix="gmtool-ftl-"))
    path = folder / f"{name}.yaml"
    doc = {
        "system": "ftl",
        "options": {"ships": {"Red": big_ship("Red"), "Blue": big_ship("Blue")}},
    }
    path.write_text(yaml.safe_dump(doc))
    subprocess.run(
        gmtool("campaign", "new", name, "--from", str(path)), check=True, capture_output=True
    )
    orders = (
        []
        if not armed
        else [
            ("power", "Red", "medbay", "0"),
            ("weapon", "Red", "basic_laser", "on"),
            ("weapon", "Red", "heavy_laser", "on"),
            ("autofire", "Red", "on"),
            ("aim", "Red", "basic_laser", "r3"),
            ("aim", "Red", "heavy_laser", "r10"),
        ]
    )
    for command in orders:
        subprocess.run(gmtool("-c", name, "ftl", *command), check=True, capture_output=True)


def fight(name: str, seconds: int) -> None:
    """``seconds`` tick commands, played in-process as the CLI plays them."""
    from gmtool.engine.game import Game

    game = Game.open(name)
    for _ in range(seconds):
        game.play({"type": "tick", "seconds": 1}, game.door())
    game.store.close()


def main() -> None:
    scratch_home()
    for name, seconds in (("tick", 0), ("short", 20), ("long", 2000)):
        new_campaign(name, armed=name == "tick")
        fight(name, seconds)
    tick, d20 = time_commands(gmtool("-c", "tick", "ftl", "tick"), D20)
    print(
        f"ftl tick (2 x 18 rooms, 8 crew) {tick * 1000:7.1f} ms   d20 {d20 * 1000:7.1f} ms"
        f"   ratio {tick / d20:5.2f} (target <= 1.00)"
    )
    short, long = time_commands(gmtool("-c", "short", "undo"), gmtool("-c", "long", "undo"), runs=9)
    print(
        f"undo after 20 s {short * 1000:7.1f} ms   after 2,000 s {long * 1000:7.1f} ms"
        f"   ratio {long / short:5.2f} (target <= 1.50)"
    )


if __name__ == "__main__":
    main()
