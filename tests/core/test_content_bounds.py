"""Every number content or a campaign file's options can set has a bound, checked with
its file:line; tags on text that does not fit them and nesting a thousand deep are one
line each, never an internal error."""

from __future__ import annotations

import time
from pathlib import Path

import pytest


def write(tmp_path: Path, text: str) -> Path:
    path = tmp_path / "c.yaml"
    path.write_text(text, encoding="utf-8")
    return path


FOOD_FIGHT = "system: foodfight\noptions:\n  players: [Ana, Bo, Cy, Di]\n"


@pytest.mark.parametrize("length", ["1000000000", "100000000000000000000"[:20], "201"])
def test_a_huge_food_fight_track_is_refused_at_its_line_at_once(
    gmtool, tmp_path: Path, length: str
) -> None:  # type: ignore[no-untyped-def]
    path = write(tmp_path, FOOD_FIGHT + f"content:\n  board:\n    track:\n      length: {length}\n")
    for command in (("check", str(path)), ("campaign", "new", "ff", "--from", str(path))):
        started = time.perf_counter()
        result = gmtool(*command)
        assert time.perf_counter() - started < 10
        assert result.code == 3, result.err
        assert f"{path}:7: board.track.length" in result.err


def test_every_number_of_content_is_bounded_with_its_line(gmtool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = write(
        tmp_path,
        "system: astral\noptions:\n  entities:\n    Ana: {kind: pc}\n"
        "content:\n  knockout:\n    npc_wakes_when_left_with: 5000000\n",
    )
    result = gmtool("check", str(path))
    assert result.code == 3
    assert f"{path}:7: knockout.npc_wakes_when_left_with: 5000000 is past 1,000,000" in result.err


def test_options_are_bounded_but_a_seed_is_not(gmtool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    path = write(tmp_path, "system: originem\noptions:\n  seed: 18446744073709551615\n")
    assert gmtool("check", str(path)).code == 0
    path = write(tmp_path, "system: originem\noptions:\n  length: 99999999999\n")
    result = gmtool("check", str(path))
    assert result.code == 3 and f"{path}:3: options.length: 99999999999 is past" in result.err


@pytest.mark.parametrize(
    ("text", "said"),
    [
        ("a: !!timestamp 2024-13-45\n", ":5: malformed YAML: timestamp cannot hold '2024-13-45'"),
        ("a: !!timestamp soon\n", ":5: malformed YAML: timestamp cannot hold 'soon'"),
        ("a: !!float nope\n", ":5: malformed YAML: float cannot hold 'nope'"),
        ("a: !!int 12abc\n", ":5: malformed YAML: int cannot hold '12abc'"),
        ("a: !!map [1]\n", ":5: malformed YAML: expected a mapping, not a sequence"),
        ("a: " + "[" * 995 + "]" * 995 + "\n", "malformed YAML: nested more than 64 levels"),
        ("a: " + "{b: " * 990 + "1" + "}" * 990 + "\n", "malformed YAML: nested more than 64"),
    ],
)
def test_a_tag_that_does_not_fit_or_a_deep_nesting_is_one_line(
    gmtool, tmp_path: Path, text: str, said: str
) -> None:  # type: ignore[no-untyped-def]
    path = write(tmp_path, "system: originem\noptions: {}\ncontent:\n  x: 1\n" + text)
    result = gmtool("check", str(path))
    assert result.code == 3, result.err
    assert said in result.err and "internal error" not in result.err


@pytest.mark.parametrize(
    "options",
    [
        "  entities:\n    Ana: {kind: pc}\n  distances: [7]\n",
        "  entities:\n    Ana: {kind: pc}\n  distances: 7\n",
        "  entities:\n    Ana: {kind: pc, knowledge: 7}\n",
    ],
)
def test_astral_options_of_the_wrong_shape_are_one_line(
    gmtool, tmp_path: Path, options: str
) -> None:  # type: ignore[no-untyped-def]
    path = write(tmp_path, "system: astral\noptions:\n" + options)
    result = gmtool("campaign", "new", "a", "--from", str(path))
    assert result.code not in (0, 70) and len(result.err.strip().splitlines()) == 1, result.err
