"""The content cache: a rules command reads content validated earlier, and sees every edit."""

from __future__ import annotations

import ast
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

import gmtool.content.paths
from gmtool.content.checker import check_paths
from gmtool.content.paths import DATA_FOLDERS, data_root
from tests.core.test_contracts import CHECK_IMPORTS


@pytest.fixture
def data(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A private copy of the packaged content, used in place of the real one."""
    copy = tmp_path / "data"
    for folder in DATA_FOLDERS:
        shutil.copytree(data_root() / folder, copy / folder)
    monkeypatch.setattr(gmtool.content.paths, "data_root", lambda: copy)
    return copy


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text
    path.write_text(text.replace(old, new, 1))
    stat = path.stat()  # a later time, even on a file system with coarse times
    os.utime(path, ns=(stat.st_atime_ns, stat.st_mtime_ns + 2_000_000_000))


def aura_of_a_new_pc(gmtool, name: str) -> int:  # type: ignore[no-untyped-def]
    assert gmtool("astral", "add", name).code == 0
    status = json.loads(gmtool("status", "--json").out)
    return next(e["aura"] for e in status["entities"] if e["name"] == name)


def cache_files(home: Path) -> list[Path]:
    return sorted((home / "cache" / "content").glob("*.pickle"))


def test_a_content_edit_is_seen_by_the_next_command(gmtool, data: Path, gmtool_home: Path) -> None:  # type: ignore[no-untyped-def]
    assert gmtool("campaign", "new", "obs", "--system", "astral").code == 0
    assert aura_of_a_new_pc(gmtool, "Ana") == 12
    assert [p.name.split("-")[0] for p in cache_files(gmtool_home)] == ["astral"]
    edit(data / "tables/astral/rules.yaml", "starting_aura: 12", "starting_aura: 15")
    assert aura_of_a_new_pc(gmtool, "Bo") == 15


def test_a_damaged_cache_is_rebuilt(gmtool, gmtool_home: Path) -> None:  # type: ignore[no-untyped-def]
    assert gmtool("campaign", "new", "obs", "--system", "astral").code == 0
    [cached] = cache_files(gmtool_home)
    good = cached.read_bytes()
    for damage in (b"", good[: len(good) // 2], b"not a pickle at all", good[:-9] + b"x" * 9):
        cached.write_bytes(damage)
        assert aura_of_a_new_pc(gmtool, f"Pc{len(damage)}") == 12
        assert cached.read_bytes() == good


def test_a_bad_edit_is_reported_with_its_line_and_nothing_is_played(gmtool, data: Path) -> None:  # type: ignore[no-untyped-def]
    assert gmtool("campaign", "new", "obs", "--system", "astral").code == 0
    assert gmtool("astral", "add", "Ana").code == 0
    before = gmtool("log", "--format", "json").out
    rules = data / "tables/astral/rules.yaml"
    edit(rules, "starting_aura: 12        # a new PC", "starting_aura: lots      # a new PC")
    result = gmtool("astral", "add", "Bo")
    assert result.code == 3
    line = 1 + rules.read_text().splitlines().index(
        next(text for text in rules.read_text().splitlines() if "starting_aura: lots" in text)
    )
    assert result.err.startswith(f"error: {rules}:{line}: characters.pc.starting_aura: ")
    assert gmtool("log", "--format", "json").out == before
    edit(rules, "starting_aura: lots      # a new PC", "starting_aura: 12        # a new PC")
    assert gmtool("astral", "add", "Bo").code == 0


def test_check_validates_whatever_the_cache_holds_and_lists_every_problem(
    gmtool, data: Path
) -> None:  # type: ignore[no-untyped-def]
    new = ("campaign", "new", "lunch", "--system", "foodfight", "--players", "A,B,C,D")
    assert gmtool(*new).code == 0
    board = data / "tables/foodfight/board.yaml"
    edit(board, "tie: ", "tie: coin # was ")
    fortunes = data / "tables/foodfight/fortunes.yaml"
    edit(fortunes, "effect: add", "effect: double")
    problems, _ = check_paths([])
    located = [p for p in problems if p.startswith((str(board), str(fortunes)))]
    assert any(f"{board}:" in p and "rules.tie" in p for p in located)
    assert any(f"{fortunes}:" in p and ".effect" in p for p in located)


@pytest.mark.parametrize(
    ("system", "command"),
    [
        ("originem", ["originem", "mission", "list"]),
        ("astral", ["astral", "add", "Bo"]),
        ("starships", ["starships", "encounter", "start", "--enemy", "Drone"]),
        ("foodfight", ["foodfight", "show"]),
        ("zauberer", ["zauberer", "show"]),
    ],
)
def test_a_rules_command_reads_cached_content_without_pydantic_or_yaml(
    gmtool, gmtool_home: Path, system: str, command: list[str]
) -> None:  # type: ignore[no-untyped-def]
    demo = {
        "foodfight": ["--system", "foodfight", "--players", "A,B,C,D"],
        "zauberer": ["--system", "zauberer", "--teams", "fire=A,water=B", "--first", "fire"],
    }.get(system, ["--from", f"{system}-demo"])
    assert gmtool("campaign", "new", "c", *demo).code == 0
    env = {"GMTOOL_HOME": str(gmtool_home), "PATH": "", "PYTHONPATH": str(Path.cwd())}
    done = subprocess.run(
        [sys.executable, "-c", CHECK_IMPORTS, "-c", "c", *command],
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    heavy = ast.literal_eval(done.stderr)
    assert "pydantic" not in heavy and "yaml" not in heavy, heavy
