"""``gmtool check FILE`` says what a file is, validates a standalone table of a kind it
knows, and refuses YAML it cannot recognise."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

from gmtool.content.paths import packaged


def test_unrecognised_yaml_is_refused(gmtool: Callable[..., Any], tmp_path: Path) -> None:
    other = tmp_path / "docker-compose.yaml"
    other.write_text("services:\n  web: {image: nginx}\n")
    result = gmtool("check", str(other))
    assert result.code == 3
    assert f"{other}:1: not a campaign file or gmtool content: no `system:`" in result.err
    assert "ok:" not in result.out


def test_a_campaign_file_is_named_as_such(gmtool: Callable[..., Any]) -> None:
    demo = packaged("campaigns", "originem-demo.yaml")
    result = gmtool("check", str(demo))
    assert result.code == 0
    assert f"{demo}: Originem campaign file" in result.out


def test_a_standalone_table_is_validated(gmtool: Callable[..., Any], tmp_path: Path) -> None:
    nova = tmp_path / "nova.yaml"
    nova.write_text(packaged("tables", "originem", "nova.yaml").read_text())
    result = gmtool("check", str(nova))
    assert result.code == 0, result.err
    assert f"{nova}: Originem table (nova)" in result.out
    nova.write_text("nova:\n  default_length: soon\n")
    result = gmtool("check", str(nova))
    assert result.code == 3
    assert f"{nova}:2: nova.default_length" in result.err


def test_a_standalone_scene_table_is_validated(gmtool: Callable[..., Any], tmp_path: Path) -> None:
    scene = tmp_path / "swamp.yaml"
    scene.write_text(packaged("scenes", "originem", "exploration.yaml").read_text())
    result = gmtool("check", str(scene))
    assert result.code == 0, result.err
    assert f"{scene}: Originem scene table" in result.out
    scene.write_text(scene.read_text().replace("rolls: 3", "rolls: many"))
    result = gmtool("check", str(scene))
    assert result.code == 3 and f"{scene}:" in result.err and "rolls" in result.err
