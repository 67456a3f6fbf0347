"""The exact chance of each band of a scene table before the dice are rolled."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Any

from gmtool.engine.system import State
from gmtool.errors import RulesError
from gmtool.games.originem.rules import missions
from gmtool.games.originem.rules.scenes import band_for, bonus_key, find_table, rollers

if TYPE_CHECKING:
    from gmtool.games.originem.rules.models import OriginemContent


def scene_odds(
    state: State,
    content: OriginemContent,
    scene: str,
    by: Any,
    *,
    mission: str | None = None,
    bonus: int | None = None,
) -> dict[str, Any]:
    """The chance of each outcome of a ``scene`` rolled by ``by`` (one name per roll, or one
    name for all), and the lowest and highest totals these dice reach in each outcome (None
    when they never do). ``bonus`` defaults to the "+1 to next roll" waiting for that scene."""
    from gmtool.dice.odds import distribution  # icepool loads only for odds

    key, table = find_table(content, scene)
    rolls_by = rollers(state, key, table, by, content)
    if bonus is None:
        mission_key = None
        # Unless it is named, the mission matters only to a bonus kept per mission.
        if mission is not None or content.rulings.bonus_scope == "same_mission":
            mission_key = missions.for_scene(state, mission, table.slot(key), content)
        bonus = int(state.get("bonus", {}).get(bonus_key(content.rulings, key, mission_key), 0))
    # The dice odds' own limits apply, as they do to any roll (a d999999 in a campaign's
    # content is refused when the content is read; this keeps odds within reach anyway).
    rolled = distribution("+".join(die for _, die in rolls_by)).chances
    chances: dict[str, Fraction] = {band_id: Fraction(0) for band_id, _ in table.ordered_bands()}
    reachable: dict[str, tuple[int, int]] = {}
    outside = Fraction(0)
    for dice_total, chance in rolled.items():
        value = dice_total + bonus
        try:
            band_id, _ = band_for(key, table, value, content.rulings)
        except RulesError:
            outside += chance
            continue
        chances[band_id] += chance
        low, high = reachable.get(band_id, (value, value))
        reachable[band_id] = (min(low, value), max(high, value))
    bands = [
        {
            "outcome": band_id,
            "title": band.title,
            "min": band.min,
            "max": band.max,
            "chance": chances[band_id],
            "reachable": reachable.get(band_id),
        }
        for band_id, band in table.ordered_bands()
    ]
    return {
        "scene": key,
        "rolls": [{"by": member["name"], "die": die} for member, die in rolls_by],
        "bonus": bonus,
        "outcomes": bands,
        "outside_every_band": outside,
    }


def class_odds(state: State, content: OriginemContent, scene: str) -> dict[str, Any]:
    """The chance of each outcome of ``scene`` when one member of each class makes all its
    rolls, with no bonus: how much faster a class "perfect for that mission" gets there
    (its larger die). Classes with no die for the scene are left out."""
    key, table = find_table(content, scene)
    classes = []
    for class_key, crew_class in content.classes.items():
        if key not in crew_class.dice:
            continue
        member = {
            "name": crew_class.default_name,
            "class": class_key,
            "class_title": crew_class.title,
            "hp": crew_class.hp,
            "max_hp": crew_class.hp,
        }
        alone = {**state, "crew": [member]}
        doc = scene_odds(alone, content, key, [member["name"]] * table.rolls, bonus=0)
        classes.append({"class": crew_class.title, "die": crew_class.dice[key], **doc})
    return {"scene": key, "rolls": table.rolls, "classes": classes}


def odds_json(doc: dict[str, Any]) -> dict[str, Any]:
    """``scene_odds`` with each chance as a probability and an exact fraction string."""

    def chance(value: Fraction) -> dict[str, Any]:
        return {"probability": float(value), "fraction": f"{value.numerator}/{value.denominator}"}

    outcomes = [
        {**{k: v for k, v in band.items() if k != "chance"}, **chance(band["chance"])}
        for band in doc["outcomes"]
    ]
    result = {**doc, "outcomes": outcomes}
    result["outside_every_band"] = chance(doc["outside_every_band"])
    return result
