"""``gmtool ftl ship new FILE``: build a ship from menus, with the running bill.

Each choice is tried on the draft (``rules.draft``); one that breaks a building rule
is refused with the rule and asked again, the draft as it was. Esc goes back one question
(from a step's first, to the menu), as in every play loop (``playloop.run_step``); the file
is written only by "save", and only when the ship passes every check. Ctrl-C at the menu
keeps the ship so far as a draft (``kept_draft``), offered the next time.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

from gmtool.cli.playloop import Prompts, run_step, say
from gmtool.errors import GmtoolError, RulesError, UsageError
from gmtool.games.ftl.commands import kept_draft
from gmtool.games.ftl.commands.shared import show_ship
from gmtool.games.ftl.rules import draft as drafts
from gmtool.games.ftl.rules.content import FtlContent
from gmtool.games.ftl.rules.ship import SPACE

NO_SYSTEM = "no system"
SAVE = "save"
QUIT = "quit without saving"
PAGE_ROWS = 10
"""Choices shown at once: the question, a page, "more" and "back" fit a 24-row terminal
with the running bill above them."""


class Builder:
    def __init__(self, path: Path, content: FtlContent, ask: Prompts) -> None:
        self.path = path
        self.content = content
        self.ask = ask
        self.data: dict[str, Any] = {}

    # -- the session ----------------------------------------------------------------
    def run(self) -> bool:
        """Build until saved (True) or left (False)."""
        ask = self.ask
        if not self._resumed():
            say(
                "The ship's name, its slots and its first room (more rooms are placed touching it)."
            )
            if not self._step(self._start):
                say("Nothing written.")
                return False
        while True:
            self._show_bill()
            menu = self._menu()
            try:
                choice = ask.menu("What next?", [*menu, SAVE, QUIT])
            except KeyboardInterrupt:
                self._keep_draft()
                return False
            if choice == QUIT:
                kept_draft.drop(self.path)
                say("Nothing written.")
                return False
            if choice == SAVE and self.save():
                kept_draft.drop(self.path)
                return True
            if choice in menu:
                self._step(menu[choice])

    def _resumed(self) -> bool:
        """A draft left by Ctrl-C for this file: offer to carry on with it."""
        kept = kept_draft.load(self.path)
        if kept is None:
            return False
        resume = f"resume the draft of {kept['name']}"
        if self.ask.select("A ship left unfinished is kept.", [resume, "start over"]) != resume:
            kept_draft.drop(self.path)
            return False
        self.data = kept
        return True

    def _keep_draft(self) -> None:
        """Ctrl-C at the menu: the ship so far is kept for the next ``ship new`` of it."""
        try:
            kept_draft.keep(self.path, self.data)
        except (OSError, GmtoolError) as error:
            say(f"Nothing written; the draft could not be kept ({error}).")
            return
        say(
            f"Nothing written to {self.path} yet: the ship so far is kept, and "
            f"'gmtool ftl ship new {self.path}' offers to resume it."
        )

    def _start(self) -> None:
        name = self.ask.text("The ship's name?", check=_not_blank)
        slots = self.ask.select("Slots: weapons and drones?", list(self.content.slots))
        self.data = drafts.new_draft(name.strip(), slots)
        self.add_room()

    def _step(self, step: Callable[[], None]) -> bool:
        """Run one step on the play loops' terms (Esc goes back one question, a refused
        choice asks its question again); False when the person left it (Esc at its first
        question, or Ctrl-C)."""
        try:
            return run_step(self.ask, step)
        except KeyboardInterrupt:
            return False

    def _menu(self) -> dict[str, Callable[[], None]]:
        return {
            "add a room": self.add_room,
            "add a door": self.add_door,
            "set a system's level": self.set_level,
            "add a weapon": lambda: self.add_by_kind("weapons", self.content.weapons, "type"),
            "add a drone": lambda: self.add_by_kind("drones", self.content.drones, "kind"),
            "add an augment": lambda: self.add_item("augments", self.content.augments),
            "add a crew member": self.add_crew,
            "train a crew member": self.train,
            "reactor power and supplies": self.supplies,
            "remove something": self.remove,
            "show the ship": self.show_ship,
            "show the bill": self.show_full_bill,
        }

    def _apply(self, edit: Callable[[dict[str, Any]], None]) -> None:
        self.data = drafts.change(self.data, self.content, edit)

    # -- steps ----------------------------------------------------------------------
    def add_room(self) -> None:
        ask, content = self.ask, self.content
        size = ask.select("Room size (width x height in corners)?", content.rooms.sizes)
        places = drafts.room_places(self.data, size)
        if len(places) > 1:
            self.show_ship()
        where = ask.select(
            "Top-left corner (x y; below 0 is left of or above the ship)?",
            [f"{x} {y}" for x, y in places],
        )
        taken = {room["id"] for room in self.data["rooms"]}
        room_id = ask.text(
            "Room name?", default=f"room_{len(taken) + 1}", check=lambda t: _new_id(t, taken)
        ).strip()
        room: dict[str, Any] = {"id": room_id, "at": [int(n) for n in where.split()], "size": size}
        free = [key for key in content.systems if key not in self.data["systems"]]
        system = ask.select("System in this room?", [NO_SYSTEM, *free])
        level = None if system == NO_SYSTEM else self._ask_level(system)

        def edit(data: dict[str, Any]) -> None:
            if level is not None:
                room["system"] = system
                data["systems"][system] = level
            data["rooms"].append(room)
            drafts.to_origin(data)

        self._apply(edit)

    def _ask_level(self, system: str) -> int:
        spec = self.content.systems[system]
        choices = [
            f"{level} ({spec.price_to(level)} scrap)"
            for level in range(spec.start_level, spec.max_level + 1)
        ]
        return int(self.ask.select(f"{spec.name}: which level?", choices).split()[0])

    def add_door(self) -> None:
        ids = [room["id"] for room in self.data["rooms"]]
        room_id = self.ask.select("A door from which room?", ids)
        targets = drafts.door_targets(self.data, room_id)
        if not targets:
            raise RulesError(f"{room_id} has a door to every room it touches already")
        target = self.ask.select("Into?", targets)

        def edit(data: dict[str, Any]) -> None:
            room = next(r for r in data["rooms"] if r["id"] == room_id)
            room.setdefault("doors", []).append(target)

        self._apply(edit)

    def set_level(self) -> None:
        if not self.data["systems"]:
            raise RulesError("no system yet: add a room with a system first")
        system = self.ask.select("Which system?", list(self.data["systems"]))
        level = self._ask_level(system)
        self._apply(lambda data: data["systems"].__setitem__(system, level))

    def add_item(self, field: str, known: dict[str, Any]) -> None:
        choices = [f"{key} ({spec.price} scrap)" for key, spec in known.items()]
        key = self._paged(f"Which {field[:-1]}?", choices).split()[0]
        self._apply(lambda data: data[field].append(key))

    def _paged(self, message: str, choices: list[str]) -> str:
        """One of a long list, a page at a time ("more..." turns the page, round again)."""
        pages = [choices[start : start + PAGE_ROWS] for start in range(0, len(choices), PAGE_ROWS)]
        if len(pages) <= 1:
            return self.ask.select(message, choices)
        page = 0
        while True:
            following = pages[(page + 1) % len(pages)]
            more = f"more... ({following[0].split()[0]} to {following[-1].split()[0]})"
            answer = self.ask.select(f"{message} ({page + 1}/{len(pages)})", [*pages[page], more])
            if answer != more:
                return answer
            page = (page + 1) % len(pages)

    def add_by_kind(self, field: str, known: dict[str, Any], kind: str) -> None:
        """A weapon or drone: its kind first, then one of that kind with its price and power
        (forty-odd weapons in one list run off a terminal's screen)."""
        kinds: dict[str, list[str]] = {}
        for key, spec in known.items():
            kinds.setdefault(str(getattr(spec, kind)), []).append(key)
        chosen = self.ask.select(
            f"Which kind of {field[:-1]}?",
            [f"{name} ({len(keys)})" for name, keys in kinds.items()],
        ).split()[0]
        choices = [
            f"{key} ({known[key].price} scrap, {known[key].power} power)" for key in kinds[chosen]
        ]
        key = self.ask.select(f"Which {chosen}?", choices).split()[0]
        self._apply(lambda data: data[field].append(key))

    def add_crew(self) -> None:
        races = [f"{key} ({race.price} scrap)" for key, race in self.content.races.items()]
        race = self.ask.select("Race?", races).split()[0]
        name = self.ask.text("Name (blank: none)?").strip()
        rooms = ["(no room)", *[room["id"] for room in self.data["rooms"]]]
        room = self.ask.select("Starting room?", rooms)
        member: dict[str, Any] = {"race": race}
        if name:
            member["name"] = name
        if room != rooms[0]:
            member["room"] = room
        self._apply(lambda data: data["crew"].append(member))

    def train(self) -> None:
        crew = self._crew_labels()
        if not crew:
            raise RulesError("no crew yet: add a crew member first")
        index = crew.index(self.ask.select("Who?", crew))
        skill = self.ask.select("Which skill?", self.content.trainable)
        top = self.content.training.max_skill_level
        level = int(self.ask.select("To level?", [str(n) for n in range(top + 1)]))

        def edit(data: dict[str, Any]) -> None:
            skills = data["crew"][index].setdefault("skills", {})
            skills[skill] = level

        self._apply(edit)

    def supplies(self) -> None:
        what = self.ask.select("Set which?", ["reactor", "missiles", "drone_parts", "fuel"])
        words = {"reactor": "bars of reactor power", "drone_parts": "drone parts"}
        count = self.ask.text(f"How many {words.get(what, what)}?", check=_count)
        self._apply(lambda data: data.__setitem__(what, int(count)))

    def remove(self) -> None:
        labels: dict[str, Callable[[dict[str, Any]], None]] = {}
        for field in ("weapons", "drones", "augments"):
            for index, key in enumerate(self.data[field]):
                labels[f"{field[:-1]}: {key}"] = _pop(field, index)
        for index, label in enumerate(self._crew_labels()):
            labels[f"crew: {label}"] = _pop("crew", index)
        for room in self.data["rooms"]:
            labels[f"room: {room['id']}"] = partial(drafts.remove_room, room_id=room["id"])
        choice = self.ask.select("Remove what?", list(labels))
        self._apply(labels[choice])

    def _crew_labels(self) -> list[str]:
        return [
            f"{n + 1}. {member.get('name') or '(unnamed)'} ({member['race']})"
            for n, member in enumerate(self.data["crew"])
        ]

    # -- showing and saving ---------------------------------------------------------
    def _show_bill(self) -> None:
        bill = drafts.bill(self.data, self.content)
        if bill is None:
            return
        rooms = len(self.data["rooms"])
        say(f"{self.data['name']}: {bill.total:,} scrap spent, {bill.left:,} left of "
            f"{bill.budget + bill.bonus:,} ({rooms} room{'' if rooms == 1 else 's'})")  # fmt: skip

    def show_ship(self) -> None:
        show_ship(self.data)

    def show_full_bill(self) -> None:
        from gmtool.cli.common import console
        from gmtool.games.ftl import render as render

        bill = drafts.bill(self.data, self.content)
        if bill is not None:
            problems = drafts.problems(self.data, self.content)
            console().print(render.bill(bill.to_json(problems)))

    def save(self) -> bool:
        from gmtool.cli.playloop.loop import show_error
        from gmtool.errors import ContentError

        problems = drafts.problems(self.data, self.content)
        if problems:
            show_error(ContentError(problems))
            for problem in problems:
                say(f"  {problem}")
            return False
        try:
            write_ship_file(self.path, self.data)
        except OSError as error:
            show_error(UsageError(f"cannot write {self.path}: {error.strerror}"))
            return False
        say(f"wrote {self.path}")
        return True


def write_ship_file(path: Path, data: dict[str, Any]) -> None:
    """The ship as YAML, fields in the ship file's order, empty lists and zeros left out."""
    import yaml

    kept = {key: value for key, value in data.items() if value not in ([], {}, 0)}
    kept["slots"] = data["slots"]
    text = yaml.safe_dump(kept, sort_keys=False, default_flow_style=None, allow_unicode=True)
    path.write_text(text, encoding="utf-8")


def _pop(field: str, index: int) -> Callable[[dict[str, Any]], None]:
    def edit(data: dict[str, Any]) -> None:
        del data[field][index]

    return edit


def _not_blank(text: str) -> None:
    if not text.strip():
        raise RulesError("a ship needs a name")


def _new_id(text: str, taken: set[str]) -> None:
    name = text.strip()
    if not name or name == SPACE or name in taken:
        raise RulesError(f"'{name}' is taken or not a name: choose another room name")


def _count(text: str) -> None:
    if not text.strip().isdigit():
        raise RulesError(f"'{text}' is not a whole number of 0 or more")


def build_ship(path: Path, content: FtlContent, ask: Prompts | None = None) -> bool:
    if ask is None:
        from gmtool.cli.playloop.terminal import TerminalPrompts

        ask = TerminalPrompts()
    return Builder(path, content, ask).run()
