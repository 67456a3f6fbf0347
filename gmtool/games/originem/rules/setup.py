"""A new Originem game from a campaign's options, and crew changes during play.

Options: ``crew`` (a list of class names, default names or ``{name, class}`` mappings, or
a mapping of name to class; default: the four classes with their default names),
``length`` (NOVA minutes; default from nova.yaml) and ``knowledge`` (points needed for
the final mission; default from the length, never below the minimum).
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from gmtool.engine.system import Action, State
from gmtool.errors import RulesError, UsageError
from gmtool.games.originem.rules.names import find_key, find_member, normalise, same
from gmtool.games.originem.rules.nova import knowledge_needed, new_clock

if TYPE_CHECKING:
    from gmtool.games.originem.rules.models import OriginemContent

OPTIONS = ("crew", "length", "knowledge")
IGNORED = ("seed", "title")
"""Options every campaign may carry that the rules do not use."""


def new_state(content: OriginemContent, options: Mapping[str, Any]) -> State:
    given = {k: v for k, v in options.items() if v is not None and k not in IGNORED}
    extra = sorted(set(given) - set(OPTIONS))
    if extra:
        raise UsageError(
            f"unknown Originem option '{extra[0]}'", hint=f"valid: {', '.join(OPTIONS)}"
        )
    minutes = _minutes(given.get("length", content.nova.default_length))
    _check_length(content, minutes)
    need = knowledge_needed(content.nova, minutes)
    if "knowledge" in given:
        need = int(_number(given["knowledge"], "knowledge"))
        if need < content.nova.minimum_knowledge:
            raise UsageError(
                f"the final mission needs at least {content.nova.minimum_knowledge} "
                f"knowledge points, not {need}"
            )
    _check_reachable(content, minutes, need, "knowledge" in given)
    crew = [_member(content, name, key) for name, key in _crew_entries(content, given)]
    _check_unique(crew)
    final = content.final_mission_id()
    return {
        "system": "originem",
        "crew": crew,
        "missions": {
            key: {
                "title": mission.title,
                **({"aliases": list(mission.aliases)} if mission.aliases else {}),
                "kind": mission.kind,
                "knowledge": mission.knowledge,
                "class": mission.crew_class,
                "scenes": list(mission.scenes),
                "done": [False] * len(mission.scenes),
                "state": "locked" if key == final else "not_started",
            }
            for key, mission in content.missions.items()
        },
        "knowledge": {"have": 0, "need": need},
        "nova": new_clock(minutes, zero_ends_game=content.rulings.nova_zero_ends_game),
        "bonus": {},
        "combat": None,
        "engaged": None,
        "ended": None,
        "ended_reason": "",
    }


def _check_length(content: OriginemContent, minutes: float) -> None:
    """ "At the very least the game must be about 25 minutes long" (``nova.minimum_length``)."""
    least = content.nova.minimum_length
    if minutes < least:
        raise UsageError(
            f"a NOVA length of {minutes:g} minutes is under the rules' least of {least:g} "
            '("at the very least the game must be about 25 minutes long")',
            hint="choose a longer game, or lower nova.minimum_length in the campaign file "
            "for a short test game",
        )


def _check_reachable(content: OriginemContent, minutes: float, need: int, given: bool) -> None:
    """A knowledge target the missions cannot give in all would make the game unwinnable."""
    most = sum(m.knowledge for m in content.missions.values() if m.kind != "final")
    if need > most:
        wanted = f"{need} knowledge points" + ("" if given else f" (for {minutes:g} minutes)")
        raise UsageError(
            f"the final mission would need {wanted}, but all the missions together give {most}",
            hint="choose a shorter game or a lower knowledge target, or add missions",
        )


MAX_OPTION_NUMBER = 1e9
"""No length or knowledge goal comes near this; past it a number is a slip (or hostile)."""


def _minutes(value: Any) -> float:
    """The NOVA length: minutes (``45``), or a time in any of its forms (``45m``, ``1h``,
    ``45:00``)."""
    if isinstance(value, str) and not value.strip().replace(".", "", 1).isdigit():
        from gmtool.durations import FORMS, parse_duration

        seconds = parse_duration(value)
        if seconds is None or seconds <= 0:
            raise UsageError(
                f"option length must be minutes or a time, not '{value[:40]}'",
                hint=f"write 45 (minutes) or a time: {FORMS}",
            )
        return _number(seconds / 60, "length")
    return _number(value, "length")


def _number(value: Any, name: str) -> float:
    try:
        number = float(value)
    except (TypeError, ValueError, OverflowError):
        raise UsageError(f"option {name} must be a number, not '{str(value)[:40]}'") from None
    if not math.isfinite(number) or not 0 < number <= MAX_OPTION_NUMBER:
        raise UsageError(
            f"option {name} must be a number above zero and at most {MAX_OPTION_NUMBER:.0e},"
            f" not {str(value)[:40]}"
        )
    return number


def _crew_entries(content: OriginemContent, options: Mapping[str, Any]) -> list[tuple[str, str]]:
    """(name, class key) for every crew member the options ask for."""
    crew = options.get("crew")
    if crew is None:
        return [(c.default_name, key) for key, c in content.classes.items()]
    if isinstance(crew, str):
        crew = [part for part in crew.split(",") if part.strip()]
    if isinstance(crew, Mapping):
        return [(str(name), find_key(content.classes, str(c), "class")) for name, c in crew.items()]
    if not isinstance(crew, list) or not crew:
        raise UsageError("option crew must list at least one crew member")
    entries: list[tuple[str, str]] = []
    for item in crew:
        if isinstance(item, Mapping):
            key = find_key(content.classes, str(item.get("class", "")), "class")
            entries.append((str(item.get("name") or content.classes[key].default_name), key))
        else:
            entries.append(_entry_from_text(content, str(item)))
    return entries


def _entry_from_text(content: OriginemContent, text: str) -> tuple[str, str]:
    """``"doctor"``, ``"Remmy"`` or ``"Ana=doctor"``."""
    name, sep, class_name = text.partition("=")
    if sep:
        return name.strip(), find_key(content.classes, class_name.strip(), "class")
    for key, crew_class in content.classes.items():
        if same(crew_class.default_name, text):
            return crew_class.default_name, key
    key = find_key(content.classes, text.strip(), "class")
    return content.classes[key].default_name, key


def _member(content: OriginemContent, name: str, key: str) -> dict[str, Any]:
    if not name.strip():
        raise UsageError("a crew member needs a name")
    crew_class = content.classes[key]
    return {
        "name": name.strip(),
        "class": key,
        "class_title": crew_class.title,
        "hp": crew_class.hp,
        "max_hp": crew_class.hp,
    }


def _check_unique(crew: list[dict[str, Any]]) -> None:
    seen: set[str] = set()
    for member in crew:
        if normalise(member["name"]) in seen:
            raise UsageError(
                f"two crew members are called {member['name']}",
                hint="give each a name, e.g. crew: [{name: Ana, class: doctor}]",
            )
        seen.add(normalise(member["name"]))


def add_member(state: State, action: Action, content: OriginemContent) -> dict[str, Any]:
    if state.get("combat"):
        raise RulesError("the crew cannot change during a fight")
    key = find_key(content.classes, str(action.get("class", "")), "class")
    member = _member(content, str(action.get("name") or content.classes[key].default_name), key)
    _check_unique([*state["crew"], member])
    state["crew"].append(member)
    return {"added": member}


def remove_member(state: State, action: Action) -> dict[str, Any]:
    if state.get("combat"):
        raise RulesError("the crew cannot change during a fight")
    member = find_member(state, str(action.get("name", "")))
    if len(state["crew"]) == 1:
        raise RulesError(f"{member['name']} is the last crew member and cannot leave")
    state["crew"].remove(member)
    return {"removed": member}
