"""Shell completion from the top level, for bash, zsh and fish."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest


@pytest.mark.parametrize("shell", ["bash", "zsh", "fish"])
def test_show_completion_prints_a_script(gmtool: Callable[..., Any], shell: str) -> None:
    result = gmtool("--show-completion", shell)
    assert result.code == 0, result.err
    assert "_GMTOOL_COMPLETE" in result.out and "gmtool" in result.out


def test_an_unknown_shell_is_one_line(gmtool: Callable[..., Any]) -> None:
    result = gmtool("--show-completion", "tcsh")
    assert result.code == 2 and len(result.err.splitlines()) == 1
    assert "bash, zsh or fish" in result.err


def test_bash_completes_commands_subcommands_and_campaigns(
    gmtool: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert gmtool("campaign", "new", "friday", "--system", "astral").code == 0
    monkeypatch.setenv("_GMTOOL_COMPLETE", "complete_bash")
    for words, expected in [
        ("gmtool ro", "roll"),
        ("gmtool originem nov", "nova"),
        ("gmtool campaign sh", "show"),
        ("gmtool -c fr", "friday"),
    ]:
        monkeypatch.setenv("COMP_WORDS", words)
        monkeypatch.setenv("COMP_CWORD", str(len(words.split()) - 1))
        result = gmtool()
        assert result.code == 0 and expected in result.out.split(), (words, result)


@pytest.mark.parametrize("shell", ["zsh", "fish"])
def test_zsh_and_fish_complete_commands(
    gmtool: Callable[..., Any], monkeypatch: pytest.MonkeyPatch, shell: str
) -> None:
    monkeypatch.setenv("_GMTOOL_COMPLETE", f"complete_{shell}")
    monkeypatch.setenv("_TYPER_COMPLETE_ARGS", "gmtool sta")
    monkeypatch.setenv("_TYPER_COMPLETE_FISH_ACTION", "get-args")
    result = gmtool()
    assert result.code == 0 and "status" in result.out and "starships" in result.out


def test_install_completion_writes_to_the_shell_start_up(
    gmtool: Callable[..., Any], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    result = gmtool("--install-completion", "bash")
    assert result.code == 0, result.err
    assert "gmtool" in (tmp_path / ".bashrc").read_text()


def test_a_command_group_offers_no_completion_options(gmtool: Callable[..., Any]) -> None:
    helped = gmtool("foodfight", "--help")
    assert "--install-completion" not in helped.out
    assert gmtool("foodfight", "--install-completion", "bash").code == 2
