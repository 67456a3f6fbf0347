"""Ships for the FTL tests: the bundled examples, and small ships written out in tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

from gmtool.content.paths import packaged
from gmtool.games.ftl.rules.content import FtlContent, load_content

RED = packaged("campaigns", "ftl-red.yaml")
BLUE = packaged("campaigns", "ftl-blue.yaml")

_CONTENT: list[FtlContent] = []


def content() -> FtlContent:
    if not _CONTENT:
        _CONTENT.append(load_content({}))
    return _CONTENT[0]


def red_data() -> dict[str, Any]:
    data: dict[str, Any] = yaml.safe_load(RED.read_text())
    return data


def small_ship(**changes: Any) -> dict[str, Any]:
    """Two rooms side by side (pilot and weapons), a basic laser, one free human."""
    ship: dict[str, Any] = {
        "name": "Dinghy",
        "rooms": [
            {"id": "bridge", "at": [0, 0], "size": "2x1", "system": "piloting"},
            {
                "id": "guns",
                "at": [2, 0],
                "size": "2x1",
                "system": "weapon_control",
                "doors": ["bridge"],
            },
        ],
        "systems": {"piloting": 1, "weapon_control": 1},
        "slots": "weapons_4_drones_2",
        "weapons": ["basic_laser"],
        "crew": [{"race": "human"}],
        "reactor": 2,
    }
    ship.update(changes)
    return ship


def write_ship(tmp_path: Path, data: Any, name: str = "ship.yaml") -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, sort_keys=False) if not isinstance(data, str) else data)
    return path
