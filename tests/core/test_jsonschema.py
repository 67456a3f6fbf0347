"""``gmtool schema KIND``: each kind of content file's JSON Schema, from the models that
validate it; the packaged YAML files name theirs, and ``schemas/`` holds them as printed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml

from gmtool.content.jsonschema import file_name, header, kind_of_packaged, kinds, schema

ROOT = Path(__file__).resolve().parents[2]
PACKAGED = sorted(
    path
    for folder, pattern in (("tables", "*/*.yaml"), ("scenes", "*/*.yaml"), ("campaigns", "*.yaml"))
    for path in (ROOT / folder).glob(pattern)
)
"""The content files a game's models validate: its tables and scenes, the campaign and
ship files (not the shared settings of ``tables/log.yaml``, read as they are)."""


@pytest.mark.parametrize(
    ("kind", "system"),
    [(kind, system) for kind, systems in kinds().items() for system in systems],
)
def test_schemas_folder_holds_each_schema_as_printed(kind: str, system: str) -> None:
    held = json.loads((ROOT / "schemas" / file_name(kind, system)).read_text(encoding="utf-8"))
    assert held == schema(kind, system), (
        "a content model changed: python -m gmtool.content.jsonschema"
    )


@pytest.mark.parametrize("path", PACKAGED, ids=lambda p: p.relative_to(ROOT).as_posix())
def test_every_packaged_file_names_its_schema(path: Path) -> None:
    relative = path.relative_to(ROOT).as_posix()
    text = path.read_text(encoding="utf-8")
    found = kind_of_packaged(relative, yaml.safe_load(text))
    assert found is not None, relative
    assert text.splitlines()[0] == header(relative, *found)
    assert (path.parent / text.splitlines()[0].split("=", 1)[1]).resolve().exists()


def test_a_mission_schema_requires_what_the_model_requires() -> None:
    doc = schema("mission")
    assert set(doc["properties"]) == {"missions"}
    mission = doc["$defs"]["Mission"]
    assert "scenes" in mission["required"] and "title" in mission["required"]
    assert mission["additionalProperties"] is False


def test_a_campaign_file_requires_nothing_in_its_content() -> None:
    doc = schema("campaign", "starships")
    assert doc["properties"]["system"] == {"enum": ["starships"]}
    assert "required" not in json.dumps(doc["properties"]["content"])
    assert "required" not in json.dumps(doc.get("$defs", {}))
    assert doc["additionalProperties"] is False


def test_the_command_prints_one_document_and_refuses_in_one_line(gmtool) -> None:  # type: ignore[no-untyped-def]
    ship = gmtool("schema", "ship")
    assert ship.code == 0 and json.loads(ship.out)["title"] == "ftl ship file"
    which = gmtool("schema", "board")
    assert which.code == 2 and "foodfight, zauberer" in which.err
    assert len(which.err.strip().splitlines()) == 1
    unknown = gmtool("schema", "spaceship")
    assert unknown.code == 2 and "unknown file kind 'spaceship'" in unknown.err
