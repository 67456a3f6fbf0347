"""Shell completion from the top level, for bash, zsh and fish."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.missing import missing


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


# -- every name a command asks for ----------------------------------------------------------


def _bash_words(
    gmtool: Callable[..., Any], monkeypatch: pytest.MonkeyPatch, line: str
) -> list[str]:
    """What the shell is offered for ``line`` (its last word being completed; a trailing
    space: a new word), through the shell's own protocol."""
    words = line.split()
    cword = len(words) if line.endswith(" ") else len(words) - 1
    monkeypatch.setenv("_GMTOOL_COMPLETE", "complete_bash")
    monkeypatch.setenv("COMP_WORDS", line)
    monkeypatch.setenv("COMP_CWORD", str(cword))
    result = gmtool()
    assert result.code == 0, (line, result)
    offered: list[str] = result.out.split("\n")
    return [word for word in offered if word]


@pytest.fixture
def campaigns(gmtool: Callable[..., Any]) -> Callable[..., Any]:
    assert gmtool("campaign", "new", "fred", "--system", "astral").code == 0
    assert gmtool("campaign", "new", "friday", "--system", "originem").code == 0
    assert gmtool("originem", "combat", "start", "-e", "low:2", "--gm-die", "d6").code == 0
    return gmtool


@pytest.mark.parametrize(
    "line",
    [
        "gmtool status -c fr",
        "gmtool log --last 3 -c fr",
        "gmtool originem scene general -c fr",
        "gmtool roll 1d6 --campaign fr",
        "gmtool campaign use fr",
        "gmtool campaign show -c fr",
        "gmtool campaign verify fr",
        "gmtool campaign delete fr",
        "gmtool campaign copy fr",
        "gmtool campaign rename fr",
        "gmtool campaign archive fr",
    ],
)
def test_campaign_names_wherever_a_campaign_is_asked(
    campaigns: Callable[..., Any], monkeypatch: pytest.MonkeyPatch, line: str
) -> None:
    assert _bash_words(campaigns, monkeypatch, line) == ["fred", "friday"]


@pytest.mark.parametrize(
    ("line", "offered"),
    [
        (
            "gmtool play --demo ",
            ["originem", "astral", "starships", "foodfight", "ftl", "zauberer"],
        ),
        ("gmtool play --demo st", ["starships"]),
        ("gmtool campaign new x --system f", ["foodfight", "ftl"]),
        ("gmtool originem scene ex", ["exploration"]),
        ("gmtool originem odds ", ["exploration", "general", "healing", "puzzle", "runaway"]),
        ("gmtool originem scene general --by ", ["Pierre", "Delilah", "Remmy", "Larlen"]),
        ("gmtool originem scene general --by R", ["Remmy"]),
        ("gmtool originem combat attack --by Pierre --target ", ["low-1", "low-2"]),
        ("gmtool originem combat enemy-attack ", ["low-1", "low-2"]),
        ("gmtool originem combat enemy-attack low-1 --target L", ["Larlen"]),
        ("gmtool originem combat start -e m", ["medium", "miniboss"]),
        ("gmtool originem crew add d", ["doctor"]),
        ("gmtool originem crew remove P", ["Pierre"]),
        ("gmtool originem mission start ship", ["ship_defense"]),
    ],
)
def test_names_from_the_games_and_the_campaigns_content(
    campaigns: Callable[..., Any], monkeypatch: pytest.MonkeyPatch, line: str, offered: list[str]
) -> None:
    assert _bash_words(campaigns, monkeypatch, line) == offered


def test_content_names_come_from_the_campaign_given_by_c(
    campaigns: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert (
        campaigns("campaign", "new", "solo", "--system", "originem", "--crew", "Ana=doctor").code
        == 0
    )
    assert _bash_words(campaigns, monkeypatch, "gmtool originem scene x --by ") == ["Ana"]
    line = "gmtool originem scene x -c friday --by "
    assert _bash_words(campaigns, monkeypatch, line) == ["Pierre", "Delilah", "Remmy", "Larlen"]
    # a campaign of another game, or none at all, offers nothing (and fails nothing)
    assert _bash_words(campaigns, monkeypatch, "gmtool -c fred originem scene x --by ") == []
    assert _bash_words(campaigns, monkeypatch, "gmtool -c gone originem scene x --by ") == []


def test_the_trash_completes_for_restore(
    campaigns: Callable[..., Any], monkeypatch: pytest.MonkeyPatch
) -> None:
    assert campaigns("campaign", "delete", "fred", "--yes").code == 0
    assert _bash_words(campaigns, monkeypatch, "gmtool campaign restore f") == ["fred"]


def test_bash_itself_completes_a_campaign_after_a_command(
    campaigns: Callable[..., Any], gmtool_home: Path
) -> None:
    """The script ``--show-completion bash`` prints, sourced into a real bash, asked as
    bash asks when Tab is pressed after ``gmtool status -c fr``."""
    import os
    import shutil
    import subprocess
    import sys

    script = campaigns("--show-completion", "bash").out
    program = Path(sys.executable).with_name("gmtool")
    if shutil.which("bash") is None:
        missing("bash", "apt-get install bash")
    assert program.exists(), f"{program}: the test environment's own gmtool"
    run = (
        f"{script}\n"
        "COMP_WORDS=(gmtool status -c fr); COMP_CWORD=3\n"
        f"_gmtool_completion {program}\n"
        "printf '%s\\n' \"${COMPREPLY[@]}\"\n"
    )
    env = {**os.environ, "GMTOOL_HOME": str(gmtool_home)}
    env.pop("_GMTOOL_COMPLETE", None)
    done = subprocess.run(["bash", "-c", run], capture_output=True, text=True, env=env, timeout=60)
    assert done.stdout.split() == ["fred", "friday"], done.stderr


@pytest.fixture
def demos(gmtool: Callable[..., Any]) -> Callable[..., Any]:
    from gmtool.cli.play import open_demo

    for game in ("astral", "starships", "ftl", "zauberer"):
        open_demo(game)
    return gmtool


@pytest.mark.parametrize(
    ("line", "offered"),
    [
        ("gmtool -c demo-astral astral odds Ana W", ["Wisp", "Warden"]),
        ("gmtool -c demo-astral astral set C", ["Cy"]),
        ("gmtool -c demo-starships starships hp ", ["Ana", "Bo", "Cy", "Dee"]),
        ("gmtool -c demo-ftl ftl aim ", ["Red", "Blue"]),
        ("gmtool -c demo-ftl ftl aim Red art", ["artemis"]),
        ("gmtool -c demo-ftl ftl aim Red artemis shi", ["shield_room"]),
        ("gmtool -c demo-ftl ftl crew Red A", ["Ana"]),
        ("gmtool -c demo-zauberer zauberer cast h", ["hells_wrath", "h2o_portal"]),
        ("gmtool -c demo-zauberer zauberer duel start ", ["fire", "water", "air", "earth"]),
    ],
)
def test_each_games_names_complete(
    demos: Callable[..., Any], monkeypatch: pytest.MonkeyPatch, line: str, offered: list[str]
) -> None:
    assert _bash_words(demos, monkeypatch, line) == offered


@pytest.mark.parametrize(
    ("line", "offered"),
    [
        ("gmtool status -c FR", ["fred", "friday"]),
        ("gmtool -c Fri", ["friday"]),
        ("gmtool campaign use FRE", ["fred"]),
        ("gmtool play --demo Orig", ["originem"]),
        ("gmtool play --demo=ST", ["starships"]),
        ("gmtool campaign new x --system F", ["foodfight", "ftl"]),
        ("gmtool originem scene EX", ["exploration"]),
        ("gmtool originem scene general --by r", ["Remmy"]),
        ("gmtool originem combat attack --by Pierre --target LOW-", ["low-1", "low-2"]),
    ],
)
def test_names_complete_whatever_the_case_typed(
    campaigns: Callable[..., Any], monkeypatch: pytest.MonkeyPatch, line: str, offered: list[str]
) -> None:
    """The shell is offered the names as they are: bash puts ``fred`` in place of ``FR``."""
    assert _bash_words(campaigns, monkeypatch, line) == offered


@pytest.mark.parametrize("shell", ["zsh", "fish"])
def test_zsh_and_fish_complete_a_campaign_after_a_command(
    campaigns: Callable[..., Any], monkeypatch: pytest.MonkeyPatch, shell: str
) -> None:
    monkeypatch.setenv("_GMTOOL_COMPLETE", f"complete_{shell}")
    monkeypatch.setenv("_TYPER_COMPLETE_ARGS", "gmtool log --last 3 -c fr")
    monkeypatch.setenv("_TYPER_COMPLETE_FISH_ACTION", "get-args")
    result = campaigns()
    assert result.code == 0
    assert "fred" in result.out and "friday" in result.out and "--last" not in result.out
