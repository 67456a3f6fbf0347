"""Every command in the example blocks of the README and of each game's page
(``docs/games/*.md``) runs as shown, each block in a fresh storage folder.

Lines whose comment says "refused" must fail with one line; ``play`` needs a terminal and
is skipped; the simulator runs with fewer games; shell redirections are dropped.
"""

from __future__ import annotations

import shlex
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PAGES = [ROOT / "README.md", *sorted((ROOT / "docs" / "games").glob("*.md"))]
"""The pages whose examples run: the README, and each game's."""


def example_blocks() -> list[tuple[str, list[str]]]:
    """("page: section title", command lines) for each ```sh block that runs gmtool (the
    README's install commands do not)."""
    return [block for page in PAGES for block in page_blocks(page)]


def page_blocks(page: Path) -> list[tuple[str, list[str]]]:
    blocks = []
    title = page.name
    lines = page.read_text(encoding="utf-8").splitlines()
    inside: list[str] | None = None
    for line in lines:
        if line.startswith("## "):
            title = f"{page.name}: {line[3:]}"
        if line.startswith("```sh"):
            inside = []
        elif line.startswith("```") and inside is not None:
            text = "\n".join(inside).replace("\\\n", " ")
            commands = [c for c in text.splitlines() if c.startswith("gmtool ")]
            if commands:
                blocks.append((title, commands))
            inside = None
        elif inside is not None:
            inside.append(line)
    return blocks


def test_every_game_has_a_page_with_examples() -> None:
    from gmtool.games import GAMES

    for name in GAMES:
        assert page_blocks(ROOT / "docs" / "games" / f"{name}.md"), name


@pytest.mark.parametrize(("title", "commands"), example_blocks(), ids=lambda v: str(v)[:40])
def test_every_example_runs(title: str, commands: list[str], gmtool, monkeypatch, tmp_path) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)  # bundled campaign files must be found from any folder
    for line in commands:
        expect_refusal = "refused" in line.partition("#")[2]
        words = shlex.split(line.split(">")[0], comments=True)[1:]
        if words[0] in ("play", "serve"):  # a terminal session, a server until Ctrl-C
            continue
        if words[:2] in (["foodfight", "simulate"], ["zauberer", "simulate"]):
            words[words.index("--games") + 1] = "20"
        result = gmtool(*words)
        if expect_refusal:
            assert result.code != 0 and len(result.err.strip().splitlines()) == 1, line
        else:
            assert result.code == 0, f"{title}: {line}: {result.err}"
