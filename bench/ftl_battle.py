"""FTL battle figures: ``ftl tick`` between two 18-room ships with 8 crew each, each with
a combat drone and a Defense I out, against D20 (target <= 1.0), and ``undo`` after
2,000 seconds of battle against ``undo`` after 20 (target <= 1.5).
``ftl_figures(bench)`` is one part of ``run.py``; run alone with
``python bench/ftl_battle.py``."""

from __future__ import annotations

import json
import subprocess
from typing import Any

from common import PYTHON, Bench, Figure, Step

D20 = [PYTHON, "-c", "import d20; d20.roll('1d20')"]
SYSTEMS = [
    "piloting",
    "engines",
    "weapon_control",
    "shields",
    "oxygen",
    "medbay",
    "doors",
    "drone_control",
]
DRONES = ["combat_drone_i", "defense_i"]
ARMED = [
    ("power", "Red", "medbay", "0"),
    ("weapon", "Red", "basic_laser", "on"),
    ("weapon", "Red", "heavy_laser", "on"),
    ("autofire", "Red", "on"),
    ("aim", "Red", "basic_laser", "r3"),
    ("aim", "Red", "heavy_laser", "r10"),
    *(("drone", ship, drone, "on") for ship in ("Red", "Blue") for drone in DRONES),
]
"""Red fires its lasers; both ships fly a combat drone round the other (its shots land,
or are dodged or stopped by a shield) and keep a Defense I out (it shoots down missiles,
and none are fired: the lasers land as they did before the ships had drones)."""


def big_ship(name: str) -> dict[str, Any]:
    """18 rooms of 2x1 in 6 rows of 3: the first column a spine joined top to bottom, each
    row joined left to right; 8 systems, 8 crew, 3 weapons, 2 drones."""
    rooms = []
    for row in range(6):
        for col in range(3):
            index = row * 3 + col
            doors = [f"r{index + 1}"] if col < 2 else []
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
            "drone_control": 4,
        },
        "slots": "weapons_4_drones_2",
        "weapons": ["basic_laser", "heavy_laser", "artemis"],
        "drones": DRONES,
        "crew": [{"race": "human", "name": f"c{n}"} for n in range(8)],
        "reactor": 12,
        "missiles": 5,
        "drone_parts": 4,
    }


def new_battle(bench: Bench, name: str, *, armed: bool) -> None:
    """A battle ready to fight; ``armed``: Red's lasers aimed, on autofire, and both
    ships' drones out (the undo battles stay unarmed so that 2,000 seconds pass with no
    ship dying)."""
    path = bench.home / f"{name}.json"  # JSON is YAML: no YAML writer needed
    path.write_text(
        json.dumps(
            {
                "system": "ftl",
                "options": {"ships": {"Red": big_ship("Red"), "Blue": big_ship("Blue")}},
            }
        )
    )
    bench.run(bench.gmtool("campaign", "new", name, "--from", str(path)))
    for order in ARMED if armed else []:
        bench.run(bench.gmtool("-c", name, "ftl", *order))


def fight(bench: Bench, name: str, seconds: int) -> None:
    """``seconds`` tick commands, played in one process as the CLI plays them."""
    script = (
        "from gmtool.engine.game import Game\n"
        f"game = Game.open({name!r})\n"
        f"for _ in range({seconds}):\n"
        "    game.play({'type': 'tick', 'seconds': 1}, game.door())\n"
    )
    subprocess.run([PYTHON, "-c", script], env=bench.env, cwd=bench.home, check=True)


def ftl_figures(bench: Bench) -> list[Figure]:
    g = bench.gmtool
    new_battle(bench, "ftl-tick", armed=True)
    for name, seconds in (("ftl-20", 20), ("ftl-2000", 2000)):
        new_battle(bench, name, armed=False)
        fight(bench, name, seconds)
    steps = [
        Step("d20", D20),
        Step("tick", g("-c", "ftl-tick", "ftl", "tick")),
        Step("undo 20", g("-c", "ftl-20", "undo")),
        Step("redo 20", g("-c", "ftl-20", "redo"), timed=False),
        Step("undo 2000", g("-c", "ftl-2000", "undo")),
        Step("redo 2000", g("-c", "ftl-2000", "redo"), timed=False),
    ]
    medians = bench.time_rounds(steps)
    tick = medians["tick"] / medians["d20"]
    undo = medians["undo 2000"] / medians["undo 20"]
    return [
        Figure(
            "`ftl tick` (2 ships of 18 rooms, 8 crew each)",
            f"{tick:.2f}",
            "D20",
            "≤ 1.0",
            tick <= 1.0,
        ),
        Figure(
            "`undo` after 2,000 battle seconds",
            f"{undo:.2f}",
            "`undo` after 20",
            "≤ 1.5",
            undo <= 1.5,
        ),
    ]


def main() -> None:
    from common import REPO

    bench = Bench.install(REPO, 9)
    print("| what | figure | against | target | met |")
    print("|---|---|---|---|---|")
    for figure in ftl_figures(bench):
        print(figure.row(), flush=True)


if __name__ == "__main__":
    main()
