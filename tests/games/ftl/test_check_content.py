"""``ftl ship check`` and ``ftl ship cost`` against a campaign's changed content: a campaign
file's (``--content FILE``) or a campaign's own (``-c NAME``)."""

from __future__ import annotations

import json
from pathlib import Path

from tests.games.ftl.helpers import BLUE, RED

TIGHT = """system: ftl
options:
  ships: {Red: ftl-red.yaml, Green: ftl-red.yaml}
content:
  budget: 2000
  max_crew: 4
"""


def _tight(tmp_path: Path) -> Path:
    path = tmp_path / "tight.yaml"
    path.write_text(TIGHT, encoding="utf-8")
    return path


def test_check_against_a_campaign_files_content(gmtool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    assert gmtool("ftl", "ship", "check", str(BLUE)).code == 0
    result = gmtool("ftl", "ship", "check", str(BLUE), str(RED), "--content", str(_tight(tmp_path)))
    assert result.code == 3
    lines = result.err.splitlines()
    # Blue: 2,054 scrap against 2,000 + 20; 6 crew against 4. Red fits both.
    assert any(f"{BLUE}:" in line and "budget: the ship costs 2054" in line for line in lines)
    assert any(f"{BLUE}:" in line and "crew: 6 crew; a ship may have at most 4" in line
               for line in lines)  # fmt: skip
    assert f"ok: {RED}" in result.out
    cost = json.loads(
        gmtool("ftl", "ship", "cost", str(BLUE), "--json", "--content", str(_tight(tmp_path))).out
    )
    assert (cost["budget"], cost["left"]) == (2000, -34) and cost["problems"]


def test_check_against_a_campaigns_content(gmtool, gmtool_home: Path, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    made = gmtool("campaign", "new", "tight", "--from", str(_tight(tmp_path)))
    assert made.code == 0, made.err
    result = gmtool("ftl", "ship", "check", str(BLUE), "-c", "tight")
    assert result.code == 3 and "at most 4" in result.err
    assert gmtool("ftl", "ship", "check", str(BLUE)).code == 0  # no -c: the bundled content
    cost = json.loads(gmtool("-c", "tight", "ftl", "ship", "cost", str(RED), "--json").out)
    assert cost["budget"] == 2000


def test_content_mistakes_are_one_line(gmtool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    other = tmp_path / "other.yaml"
    other.write_text("system: originem\n", encoding="utf-8")
    result = gmtool("ftl", "ship", "check", str(RED), "--content", str(other))
    assert result.code == 2 and "plays originem, not ftl" in result.err
    assert len(result.err.strip().splitlines()) == 1
    bad = tmp_path / "bad.yaml"
    bad.write_text("system: ftl\ncontent:\n  budget: lots\n", encoding="utf-8")
    result = gmtool("ftl", "ship", "check", str(RED), "--content", str(bad))
    assert result.code == 3 and "budget" in result.err and "Traceback" not in result.err
    missing = gmtool("ftl", "ship", "check", str(RED), "--content", str(tmp_path / "nope.yaml"))
    assert missing.code == 2 and "does not exist" in missing.err
    assert gmtool("campaign", "new", "o", "--system", "originem").code == 0
    result = gmtool("ftl", "ship", "check", str(RED), "-c", "o")
    assert result.code == 2 and "plays originem, not ftl" in result.err


def test_the_subsystem_limit_holds(gmtool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    # The text has three subsystems and allows four, so only a campaign's lower limit can
    # be broken: the Red Kestrel has doors, the backup battery and piloting.
    few = tmp_path / "few.yaml"
    few.write_text("system: ftl\ncontent:\n  max_subsystems: 2\n", encoding="utf-8")
    result = gmtool("ftl", "ship", "check", str(RED), "--content", str(few))
    assert result.code == 3
    assert "systems: 3 subsystems; a ship may have at most 2" in result.err


def test_a_non_ftl_campaign_in_the_environment_is_passed_over(
    gmtool, tmp_path: Path, monkeypatch
) -> None:  # type: ignore[no-untyped-def]
    # GMTOOL_CAMPAIGN names the game a GM is running; checking an FTL ship meanwhile must not
    # fail because that game is not FTL. An FTL campaign there is used, as -c would be.
    assert gmtool("campaign", "new", "o", "--system", "originem").code == 0
    monkeypatch.setenv("GMTOOL_CAMPAIGN", "o")
    assert gmtool("ftl", "ship", "check", str(BLUE)).code == 0
    tight = _tight(tmp_path)
    assert gmtool("ftl", "ship", "check", str(BLUE), "--content", str(tight)).code == 3
    monkeypatch.delenv("GMTOOL_CAMPAIGN")
    assert gmtool("campaign", "new", "tight", "--from", str(tight)).code == 0
    monkeypatch.setenv("GMTOOL_CAMPAIGN", "tight")
    assert gmtool("ftl", "ship", "check", str(BLUE)).code == 3
