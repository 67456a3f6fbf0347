"""``gmtool campaign init NAME --system S``: a commented starting file for each game that
``gmtool check`` passes as written, names its schema, and makes a campaign."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.games import GAMES


@pytest.mark.parametrize("system", sorted(GAMES))
def test_each_game_starts_a_file_that_checks_and_plays(
    system: str, gmtool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    made = gmtool("campaign", "init", "Night Run", "--system", system)
    assert made.code == 0, made.err
    path = tmp_path / "Night-Run.yaml"
    text = path.read_text(encoding="utf-8")
    first = text.splitlines()[0]
    assert first.startswith("# yaml-language-server: $schema=file://")
    assert first.endswith(f"schemas/campaign-{system}.json")
    assert 'name: "Night Run"' in text and "gmtool check Night-Run.yaml" in text
    checked = gmtool("check", str(path))
    assert checked.code == 0, checked.err
    assert gmtool("campaign", "new", "night", "--from", str(path)).code == 0
    again = gmtool("campaign", "init", "Night Run", "--system", system)
    assert again.code == 2 and "already exists" in again.err


def test_the_originem_file_has_a_mission_a_scene_and_an_enemy_of_its_own(
    gmtool, tmp_path: Path
) -> None:  # type: ignore[no-untyped-def]
    target = tmp_path / "mine.yaml"
    assert gmtool("campaign", "init", "Mine", "-s", "originem", "--to", str(target)).code == 0
    text = target.read_text(encoding="utf-8")
    assert "my_mission:" in text and "my_scene:" in text and "my_enemy:" in text
    assert gmtool("campaign", "new", "mine", "--from", str(target)).code == 0
    forecast = gmtool("forecast", "--from", str(target), "--runs", "10", "--json")
    assert forecast.code == 0, forecast.err


def test_an_unknown_game_is_one_line(gmtool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    bad = gmtool("campaign", "init", "x", "--system", "chess", "--to", str(tmp_path / "x.yaml"))
    assert bad.code == 2 and "chess" in bad.err and not (tmp_path / "x.yaml").exists()
