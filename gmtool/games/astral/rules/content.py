"""Astral's numbers and choices: tables/astral/rules.yaml, with a campaign's overrides."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Annotated, Any, Literal

from gmtool.content.cache import ContentSpec
from gmtool.content.model import After, Field, Model
from gmtool.dice.notation import dice_text

DISTANCES: tuple[str, ...] = ("touching", "near", "far", "away")
"""Closest first; the rules name exactly these four."""

Distance = Literal["touching", "near", "far", "away"]
Reach = Literal["touching", "near", "far"]


DiceText = Annotated[str, After(dice_text)]


class PcRules(Model):
    starting_aura: int = Field(ge=1)
    knowledge_areas: int = Field(ge=0)


class NpcRules(Model):
    target_number: int = Field(ge=0)
    starting_aura: int = Field(ge=1)


class Characters(Model):
    pc: PcRules
    npc: NpcRules


class Distances(Model):
    default: Distance


class AttackModifier(Model):
    touching: int
    near: int
    far: int


class ActionModifier(Model):
    move: int
    defend: int


class ReachRules(Model):
    attack: Reach
    block: Reach
    examine: Reach
    disturb: Reach


class Combat(Model):
    dice: DiceText
    attack_modifier: AttackModifier
    action_modifier: ActionModifier
    mutual_equal_loss: int = Field(ge=0)
    block_chains: bool
    block_raises: Literal["defence", "all"]
    reach: ReachRules
    unconscious_can_be_attacked: bool


class Moves(Model):
    conflicting: Literal["farther", "nearer"]


class Speech(Model):
    heard_within: Reach
    per_tick: int = Field(ge=1)
    shared_language: str = Field(min_length=1)
    """What every being speaks unless it is given its own ``languages``."""


class Rest(Model):
    regain: int = Field(ge=0)
    cap_at_starting_aura: bool


class Knockout(Model):
    at_or_below: int
    counted_after: Literal["attacks", "other_actions"]
    pc_gone_dice: DiceText
    pc_return_distance: Literal["keep", "touching", "near", "far", "away"]
    npc_wakes_when_left_with: Literal["full"] | int
    disturb_wake_aura: int = Field(ge=1)


class Away(Model):
    lockout_dice: DiceText
    lockout_plus: int = Field(ge=0)
    wait_for_final_attack: bool


class Tasks(Model):
    dice: DiceText
    knowledge_bonus: int
    salvage_bonus: int
    salvage_keeps_knowledge_bonus: bool
    only_owner_works: bool


class Timers(Model):
    roller: Literal["referee", "character"]
    referee_name: str = Field(min_length=1)


class AstralContent(Model):
    """Everything in tables/astral/rules.yaml."""

    characters: Characters
    distances: Distances
    combat: Combat
    moves: Moves
    speech: Speech
    rest: Rest
    knockout: Knockout
    away: Away
    tasks: Tasks
    timers: Timers


RULES_FILE = ("tables", "astral", "rules.yaml")


def load_content(overrides: Mapping[str, Any]) -> AstralContent:
    """The packaged rules with a campaign's ``content:`` laid over them, validated."""
    from gmtool.content.paths import packaged
    from gmtool.content.schema import validate
    from gmtool.content.yamlfile import deep_merge, load_yaml, overrides_document

    packaged_doc = load_yaml(packaged(*RULES_FILE))
    rules = validate(AstralContent, packaged_doc.data, [packaged_doc])
    if not overrides:
        return rules
    # the packaged file is valid, so any problem now comes from the campaign's content
    merged = deep_merge(packaged_doc.data, dict(overrides))
    return validate(AstralContent, merged, [overrides_document(overrides)])


CONTENT = ContentSpec(
    system="astral", model=AstralContent, files=("/".join(RULES_FILE),), build=load_content
)
