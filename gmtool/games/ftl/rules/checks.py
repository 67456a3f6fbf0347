"""Every building rule a ship breaks, found all at once.

``ship_problems`` returns ``Problem``s (where in the ship file, and what is wrong);
``describe`` turns them into ``file:line: field: message`` lines.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from typing import Any

from gmtool.content.yamlfile import Document
from gmtool.games.ftl.rules.bill import ship_bill
from gmtool.games.ftl.rules.content import FtlContent
from gmtool.games.ftl.rules.problems import Loc, Problem, unknown_name
from gmtool.games.ftl.rules.rooms import room_problems
from gmtool.games.ftl.rules.ship import Ship


def describe(
    problems: Iterable[Problem], document: Document | None, where: str = "ship"
) -> list[str]:
    """``file:line: field: message`` for each problem (``where: field: message`` without a file)."""
    lines = []
    for problem in problems:
        if document is None:
            lines.append(f"{where}.{problem.field}: {problem.message}")
            continue
        line = document.line_of(problem.loc)
        place = f"{document.path}:{line}" if line else document.path
        lines.append(f"{place}: {problem.field}: {problem.message}")
    return lines


def document_problems(document: Document) -> list[str]:
    """Every problem of an FTL ship file already read (for ``gmtool check``), shape first."""
    from gmtool.games.ftl.rules.content import CONTENT

    return every_problem(document, CONTENT.load({}))


def every_problem(document: Document, content: FtlContent) -> list[str]:
    """A ship file's shape problems and its rule problems together, each with its line.
    The parts of the wrong shape (``fuel: lots``, an unknown ``hull``, a crew member's
    skill given as a word, a room's corner as text) are left out to check the rest by the
    rules (``spared``); a shape problem in a field every ship needs (its name, rooms or
    slots as a whole) is reported alone."""
    from gmtool.errors import ContentError
    from gmtool.games.ftl.rules.ship import ship_from_data
    from gmtool.games.ftl.rules.spared import spare

    try:
        ship = ship_from_data(document.data, document)
    except ContentError as error:
        shape = error.problems

        def fails(data: Any) -> list[str]:
            try:
                ship_from_data(data)
            except ContentError as again:  # "ship.rooms.3.at.0: ...", read as the file's are
                return [problem.removeprefix("ship.") for problem in again.problems]
            return []

        def field_of(problem: str) -> str:
            rest = problem.removeprefix(f"{document.path}:")
            head, _, after = rest.partition(": ")
            return after.partition(": ")[0] if head.strip().isdigit() or not head else head

        spared = spare(document.data, shape, field_of, fails)
        if spared is None:
            return shape
        found = ship_problems(ship_from_data(spared.data), content)
        placed = [
            Problem(spared.original(p.loc), p.message)
            for p in found
            if not spared.echoes(p.message)  # a room left out: its shape problem says it
        ]
        return shape + describe(placed, document)
    return describe(ship_problems(ship, content), document)


def ship_problems(ship: Ship, content: FtlContent) -> list[Problem]:
    """Every rule the ship breaks, in the order of the ship file."""
    problems = room_problems(ship, content)
    problems += _system_problems(ship, content)
    problems += _loadout_problems(ship, content)
    problems += _crew_problems(ship, content)
    problems += _budget_problems(ship, content)
    return problems


def _system_problems(ship: Ship, content: FtlContent) -> list[Problem]:
    problems: list[Problem] = []
    housed = Counter(key for room in ship.rooms for key in room.systems)
    kinds: Counter[str] = Counter()
    for key, level in ship.systems.items():
        loc: Loc = ("systems", key)
        system = content.systems.get(key)
        if system is None:
            problems.append(Problem(loc, unknown_name("system", key, content.systems)))
            continue
        kinds[system.kind] += 1
        if level > system.max_level:
            problems.append(
                Problem(loc, f"level {level} is over {key}'s maximum of {system.max_level}")
            )
        elif level < system.start_level:
            problems.append(
                Problem(loc, f"level {level}: {key} starts at level {system.start_level}")
            )
        if not housed[key]:
            problems.append(Problem(loc, f"{key} has no room: give one room 'system: {key}'"))
    for kind, limit in (("system", content.max_systems), ("subsystem", content.max_subsystems)):
        if kinds[kind] > limit:
            problems.append(
                Problem(("systems",), f"{kinds[kind]} {kind}s; a ship may have at most {limit}")
            )
    for group in content.exclusive:
        present = [key for key in group if key in ship.systems]
        if len(present) > 1:
            problems.append(
                Problem(
                    ("systems", present[1]),
                    f"{' and '.join(present)} cannot share a ship: choose one",
                )
            )
    return problems


def _loadout_problems(ship: Ship, content: FtlContent) -> list[Problem]:
    problems: list[Problem] = []
    layout = content.slots.get(ship.slots)
    if layout is None:
        problems.append(
            Problem(
                ("slots",),
                f"'{ship.slots}' is not a slot layout (choose {' or '.join(content.slots)})",
            )
        )
    problems += _list_problems(ship.weapons, "weapons", "weapon", content.weapons, unique=True)
    problems += _list_problems(
        ship.drones, "drones", "drone", content.drones, unique=content.one_of_each_drone
    )
    problems += _list_problems(ship.augments, "augments", "augment", content.augments, unique=True)
    if layout is not None:
        for key, slots in (("weapons", layout.weapons), ("drones", layout.drones)):
            count = len(getattr(ship, key))
            if count > slots:
                problems.append(
                    Problem((key,), f"{count} {key} but {ship.slots} has {slots} {key} slots")
                )
    if len(ship.augments) > content.max_augments:
        problems.append(
            Problem(
                ("augments",),
                f"{len(ship.augments)} augments; a ship may have at most {content.max_augments}",
            )
        )
    problems += _power_problems(ship, content)
    if ship.reactor > content.max_reactor:
        problems.append(
            Problem(
                ("reactor",),
                f"{ship.reactor} reactor power; the most there is to buy is {content.max_reactor}",
            )
        )
    return problems


def _list_problems(
    names: list[str], field: str, kind: str, known: Mapping[str, Any], *, unique: bool
) -> list[Problem]:
    problems: list[Problem] = []
    seen: set[str] = set()
    for index, name in enumerate(names):
        if name not in known:
            problems.append(Problem((field, index), unknown_name(kind, name, known)))
        elif unique and name in seen:
            problems.append(
                Problem((field, index), f"a second {name}: a ship may have only one of each {kind}")
            )
        seen.add(name)
    return problems


def _power_problems(ship: Ship, content: FtlContent) -> list[Problem]:
    """All weapons (and drones) powered at once must fit their control system's levels."""
    problems: list[Problem] = []
    checks = [("weapons", "weapon_control", content.weapons)]
    if content.drones_need_drone_control_power:
        checks.append(("drones", "drone_control", content.drones))  # type: ignore[arg-type]
    for field, control, known in checks:
        needed = sum(known[name].power for name in getattr(ship, field) if name in known)
        level = ship.systems.get(control, 0)
        if needed > level:
            top = content.systems[control].max_level if control in content.systems else needed
            if needed > top:  # no level is enough: the only fix is to carry less
                have = f"{control} is level {level}" if level else f"there is no {control}"
                fix = f"{control} goes up to level {top}: carry fewer or lighter {field}"
            elif level:
                have, fix = f"{control} is level {level}", f"raise it to {needed}"
            else:
                have, fix = f"there is no {control}", f"add it at level {needed} or more"
            message = f"the {field} need {needed} power but {have} ({fix})"
            problems.append(Problem((field,), message))
    return problems


def _crew_problems(ship: Ship, content: FtlContent) -> list[Problem]:
    problems: list[Problem] = []
    if len(ship.crew) > content.max_crew:
        problems.append(
            Problem(("crew",), f"{len(ship.crew)} crew; a ship may have at most {content.max_crew}")
        )
    races = Counter(member.race for member in ship.crew)
    for race, count in races.items():
        limit = content.races[race].max_per_ship if race in content.races else None
        if limit is not None and count > limit:
            problems.append(
                Problem(("crew",), f"{count} {race} crew; a ship may have at most {limit}")
            )
    seen: set[str] = set()
    for index, member in enumerate(ship.crew):  # orders name crew, whatever their case
        key = (member.name or "").casefold()
        if key and key in seen:
            problems.append(
                Problem(
                    ("crew", index, "name"),
                    f"a second crew member named {member.name}: orders and the log tell crew "
                    "apart by name, so give each its own",
                )
            )
        seen.add(key)
    training = content.training
    placed: dict[str, int] = {}
    for index, member in enumerate(ship.crew):
        if member.race not in content.races:
            problems.append(
                Problem(("crew", index, "race"), unknown_name("race", member.race, content.races))
            )
        if member.room is not None and ship.room(member.room) is None:
            problems.append(
                Problem(
                    ("crew", index, "room"),
                    unknown_name("room", member.room, [r.id for r in ship.rooms]),
                )
            )
        for skill, level in member.skills.items():
            loc: Loc = ("crew", index, "skills", skill)
            if skill in content.systems and skill not in content.trainable:
                skills = ", ".join(content.trainable)
                problems.append(Problem(loc, f"{skill} has no crew skill (skills: {skills})"))
            elif skill not in content.trainable:
                problems.append(Problem(loc, unknown_name("skill", skill, content.trainable)))
            elif level > training.max_skill_level:
                problems.append(
                    Problem(
                        loc,
                        f"level {level}: skills train at most {training.max_skill_level} times",
                    )
                )
            elif level < 0:
                problems.append(
                    Problem(loc, f"level {level}: skills go from 0 to {training.max_skill_level}")
                )
        if content.crew_per_room == "corners" and member.room is not None:
            room = ship.room(member.room)
            rect = room.rect if room is not None else None
            placed[member.room] = placed.get(member.room, 0) + 1
            if rect is not None and placed[member.room] > rect.width * rect.height:
                problems.append(
                    Problem(
                        ("crew", index, "room"),
                        f"{member.room} has {rect.width * rect.height} corners and is full: a "
                        "room holds one crew member to a corner (crew_per_room: corners)",
                    )
                )
        # each skill counted up to its own cap, so a skill over it is one problem, not two
        trained = sum(
            min(level, training.max_skill_level) for level in member.skills.values() if level > 0
        )
        limit = training.max_levels_per_crew
        if limit is not None and trained > limit:
            problems.append(
                Problem(
                    ("crew", index, "skills"),
                    f"{trained} levels trained; a crew member may be trained {limit} times in all",
                )
            )
    return problems


def _budget_problems(ship: Ship, content: FtlContent) -> list[Problem]:
    bill = ship_bill(ship, content)
    if bill.left >= 0:
        return []
    return [
        Problem(
            ("budget",),
            f"the ship costs {bill.total} scrap, {-bill.left} over the budget of "
            f"{bill.budget + bill.bonus}",
        )
    ]
