"""Checks across Originem's content that one file's schema cannot make: bands that leave a
gap or overlap, missions naming an unknown scene type or class, a final mission without
the scenes it needs... Each problem is ``file:line: field: message``."""

from __future__ import annotations

from collections.abc import Mapping

from gmtool.content.yamlfile import Document, Loc
from gmtool.games.originem.rules.models import OriginemContent, SceneTable


def mission_scene_types(content: OriginemContent) -> list[str]:
    """The scene types a mission may list: every table that is not a stand-in, and combat."""
    types = {scene for scene, table in content.scenes.items() if table.counts_as is None}
    return sorted(types | {"combat"})


def locate(loc: Loc, docs: list[Document]) -> str:
    """``file:line`` of the document holding the deepest part of ``loc`` (the first wins)."""
    best: tuple[int, str] | None = None
    for doc in docs:
        for end in range(len(loc), 0, -1):
            line = doc.lines.get(tuple(loc[:end]))
            if line is not None:
                if best is None or end > best[0]:
                    best = (end, f"{doc.path}:{line}")
                break
    return best[1] if best else (docs[0].path if docs else "content")


class _Problems:
    def __init__(self, sources: Mapping[Loc, list[Document]]) -> None:
        self.sources = sources
        self.items: list[str] = []

    def add(self, loc: Loc, message: str) -> None:
        key = loc[:2] if loc[0] == "scenes" else loc[:1]
        where = locate(loc, self.sources.get(key, []))
        field = ".".join(str(part) for part in loc)
        self.items.append(f"{where}: {field}: {message}")


def band_problems(
    scenes: Mapping[str, SceneTable], sources: Mapping[Loc, list[Document]]
) -> list[str]:
    """Bands that overlap, leave a gap, or end before they start, in each scene table."""
    problems = _Problems(sources)
    for scene, table in scenes.items():
        _check_bands(scene, table, problems)
    return problems.items


def cross_check(content: OriginemContent, sources: Mapping[Loc, list[Document]]) -> list[str]:
    """Every problem across the content (band problems included)."""
    problems = _Problems(sources)
    problems.items.extend(band_problems(content.scenes, sources))
    slots = mission_scene_types(content)
    for scene, table in content.scenes.items():
        if table.counts_as is not None and table.counts_as not in slots:
            problems.add(
                ("scenes", scene, "counts_as"),
                f"unknown scene type '{table.counts_as}' (valid: {', '.join(slots)})",
            )
    _check_classes(content, slots, problems)
    _check_missions(content, slots, problems)
    _check_rules(content, slots, problems)
    for minutes, points in content.nova.lengths.items():
        if points < content.nova.minimum_knowledge:
            problems.add(
                ("nova", "lengths", str(minutes)),
                f"{points} knowledge points is below the minimum of "
                f"{content.nova.minimum_knowledge}",
            )
    return problems.items


def _check_bands(scene: str, table: SceneTable, problems: _Problems) -> None:
    previous: tuple[str, int] | None = None
    for band_id, band in table.ordered_bands():
        loc: Loc = ("scenes", scene, "bands", band_id)
        if band.min > band.max:
            problems.add((*loc, "max"), f"the band ends ({band.max}) before it starts ({band.min})")
            continue
        if previous is not None:
            before, end = previous
            if band.min <= end:
                problems.add((*loc, "min"), f"overlaps band '{before}' (which ends at {end})")
            elif band.min > end + 1:
                gap = f"{end + 1}" if band.min == end + 2 else f"{end + 1} to {band.min - 1}"
                problems.add((*loc, "min"), f"leaves a gap after band '{before}': {gap} in no band")
        previous = (band_id, band.max)


def _check_classes(content: OriginemContent, slots: list[str], problems: _Problems) -> None:
    rollable = sorted(set(content.scenes) | {"combat"})
    crew_die = content.rules.combat.crew_die
    for key, crew_class in content.classes.items():
        for scene in crew_class.dice:
            if scene not in rollable:
                problems.add(
                    ("classes", key, "dice", scene),
                    f"unknown scene type (valid: {', '.join(rollable)})",
                )
        if crew_die not in crew_class.dice:
            problems.add(("classes", key, "dice"), f"every class needs a '{crew_die}' die to fight")
        if crew_class.specialty not in slots:
            problems.add(
                ("classes", key, "specialty"),
                f"unknown scene type '{crew_class.specialty}' (valid: {', '.join(slots)})",
            )


def _check_missions(content: OriginemContent, slots: list[str], problems: _Problems) -> None:
    finals = [key for key, mission in content.missions.items() if mission.kind == "final"]
    if len(finals) != 1:
        problems.add(
            ("missions",),
            f"there must be exactly one mission of kind 'final' (found {len(finals)})",
        )
    needs = content.rules.final_mission_needs
    for key, mission in content.missions.items():
        for index, scene in enumerate(mission.scenes):
            if scene not in slots:
                problems.add(
                    ("missions", key, "scenes", index),
                    f"unknown scene type '{scene}' (valid: {', '.join(slots)})",
                )
        if mission.crew_class is not None and mission.crew_class not in content.classes:
            problems.add(
                ("missions", key, "class"),
                f"unknown class '{mission.crew_class}' (valid: {', '.join(content.classes)})",
            )
        if mission.kind == "specialized" and mission.crew_class is None:
            problems.add(("missions", key), "a specialized mission names its class")
        if mission.kind == "final":
            missing = [scene for scene in needs if scene not in mission.scenes]
            if missing:
                problems.add(
                    ("missions", key, "scenes"),
                    f"the final mission must include {', '.join(missing)}",
                )


def _check_rules(content: OriginemContent, slots: list[str], problems: _Problems) -> None:
    combat = content.rules.combat
    heal = content.scenes.get(combat.heal_table)
    if heal is None:
        problems.add(
            ("rules", "combat", "heal_table"),
            f"unknown scene table '{combat.heal_table}' (valid: {', '.join(content.scenes)})",
        )
    elif heal.rolls != 1:
        problems.add(("rules", "combat", "heal_table"), "a healing table takes one roll")
    for index, scene in enumerate(content.rules.final_mission_needs):
        if scene not in slots:
            problems.add(
                ("rules", "final_mission_needs", index),
                f"unknown scene type '{scene}' (valid: {', '.join(slots)})",
            )
