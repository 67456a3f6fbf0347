"""``--content FILE`` (a campaign file whose content a command uses): a file that is not
there, or a folder, is named as the ``--content`` file the user gave, with the bundled
campaign files of that command's system offered instead."""

from __future__ import annotations

from pathlib import Path

import pytest

COMMANDS = {
    "foodfight": ("foodfight", "simulate", "--games", "2"),
    "zauberer": ("zauberer", "simulate", "--games", "2"),
    "ftl": ("ftl", "ship", "check", "ftl-red"),
}
BUNDLED = {
    "foodfight": "foodfight-demo, foodfight-nine-spaces",
    "zauberer": "zauberer-demo",
    "ftl": "ftl-demo, ftl-match",  # ftl-red and ftl-blue are ships, not campaign files
}


@pytest.mark.parametrize("system", sorted(COMMANDS))
def test_a_missing_content_file_is_named_as_the_content_file(
    gmtool, tmp_path: Path, system: str
) -> None:  # type: ignore[no-untyped-def]
    missing = tmp_path / "nope.yaml"
    result = gmtool(*COMMANDS[system], "--content", str(missing))
    assert result.code == 2 and result.out == ""
    assert result.err.strip().splitlines() == [
        f"error: --content file '{missing}' does not exist (give a campaign file with "
        f"'system: {system}', or name a bundled one: {BUNDLED[system]})"
    ]


@pytest.mark.parametrize("system", sorted(COMMANDS))
def test_a_folder_given_as_the_content_file_is_called_a_folder(
    gmtool, tmp_path: Path, system: str
) -> None:  # type: ignore[no-untyped-def]
    result = gmtool(*COMMANDS[system], "--content", str(tmp_path))
    assert result.code == 2 and result.out == ""
    assert result.err.strip().splitlines() == [
        f"error: --content file '{tmp_path}' is a folder (name a campaign file in it)"
    ]


def test_a_missing_campaign_file_elsewhere_is_still_a_campaign_file(gmtool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    result = gmtool("campaign", "new", "x", "--from", str(tmp_path / "nope.yaml"))
    assert result.code == 2
    assert result.err.startswith(f"error: campaign file '{tmp_path / 'nope.yaml'}' does not exist")
    assert "(check the path, or name a bundled one: astral-demo," in result.err
