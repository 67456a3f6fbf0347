"""The fast path (``gmtool.cli.fastpath``) reads a command line as typer does, or leaves it
to typer: for every command, on well-formed lines and on wrong ones, the values it would
pass are typer's; help and every error stay typer's; and the commands at the table run
without importing typer at all."""

from __future__ import annotations

import functools
import importlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
import typer
from typer.main import get_command

from gmtool.cli import declare, fastpath
from gmtool.cli.commands import CORE_COMMANDS, SYSTEM_GROUPS
from tests.core.test_imports import run_counting_imports

SAMPLE: dict[Any, str] = {str: "Ana", int: "2", float: "1.5", bool: ""}


def declared_commands() -> Iterator[tuple[str, declare.Declared]]:
    """Every command declared for the fast path to read: (its path, its declaration)."""
    for module_name in dict.fromkeys(CORE_COMMANDS.values()):
        yield from _walk("", fastpath._core_commands(module_name))
    for name, module_name in SYSTEM_GROUPS.items():
        yield from _walk(name, importlib.import_module(module_name).app)


def _walk(path: str, group: Any) -> Iterator[tuple[str, declare.Declared]]:
    if not isinstance(group, declare.Typer):
        return
    for command in group.declared_commands:
        yield f"{path} {command.name}".strip(), command
    for sub, kwargs in group.declared_groups:
        yield from _walk(f"{path} {kwargs.get('name')}".strip(), sub)


COMMANDS = dict(declared_commands())
READ_FAST = {
    path: command
    for path, command in COMMANDS.items()
    if fastpath.params_of(command.function) is not None
}


def typer_values(command: declare.Declared, words: list[str]) -> dict[str, Any] | None:
    """What typer passes the command for ``words`` (None if it refuses them)."""
    seen: dict[str, Any] = {}
    real = declare.with_real_params(command.function)

    @functools.wraps(real)
    def capture(**values: Any) -> None:
        seen.update(values)

    app = typer.Typer()
    app.command(context_settings=command.kwargs.get("context_settings"))(capture)
    app.command("other")(lambda: None)  # two commands: a group, as every command is in
    try:
        get_command(app).main(
            args=[capture.__name__.lower().replace("_", "-"), *words],
            prog_name="gmtool",
            standalone_mode=False,
        )
    except Exception:  # noqa: BLE001 - a usage error (or --help's exit): typer refused
        return None
    return {key: "CONTEXT" if hasattr(v, "find_root") else v for key, v in seen.items()}


def fast_values(command: declare.Declared, words: list[str]) -> dict[str, Any] | None:
    specs = fastpath.params_of(command.function)
    assert specs is not None
    values = fastpath.parse(specs, words, loose=fastpath.is_loose(command))
    if values is not None:
        values.update({spec.name: "CONTEXT" for spec in specs if spec.kind == "context"})
    return values


def lines(command: declare.Declared) -> tuple[list[list[str]], list[list[str]]]:
    """Lines typer accepts (each the fast path should read) and lines to try both on."""
    specs = fastpath.params_of(command.function) or ()
    arguments = [_value(s) for s in specs if s.kind == "argument" and s.required]
    required = [w for s in specs if s.kind == "option" and s.required for w in _given(s)]
    minimal = [*arguments, *required]
    every = [*arguments, *[w for s in specs if s.kind == "option" for w in _given(s, twice=True)]]
    equals = [*arguments, *[f"{s.names[0]}={_value(s)}" for s in specs if _takes_value(s)]]
    good = [minimal, every, [*required, "--", *arguments], equals]
    options = [w for s in specs if s.kind == "option" for w in _given(s)]
    wrong = [
        [*minimal, "--help"],
        [*minimal, "--no-such-option"],
        [*minimal, "extra"],
        arguments[:-1] + required,
        [*arguments, *options[:-1]],
        [*arguments, *(w if w != "2" else "two" for w in options)],
        [*arguments, *(w if w != "2" else "0" for w in options)],
        [*arguments, *(f"{w}=x" if w.startswith("--") else w for w in options)],
        [*arguments, *(w if w.startswith("-") else "nosuch" for w in options)],
        [*minimal, *options, *options],
        ["-x", *minimal],
    ]
    return good, wrong


def _value(spec: fastpath.Spec) -> str:
    """A value typer takes: the lowest above a minimum, an Enum's first word, or a sample."""
    if spec.low is not None:
        return str(int(spec.low) + 1)
    if isinstance(spec.convert, fastpath.PathCheck):
        return __file__  # a file that exists and may be read
    if spec.convert in SAMPLE:
        return SAMPLE[spec.convert]
    return str(next(iter(spec.convert)).value)  # type: ignore[call-overload]


def _takes_value(spec: fastpath.Spec) -> bool:
    return spec.kind == "option" and not spec.flag


def _given(spec: fastpath.Spec, *, twice: bool = False) -> list[str]:
    if spec.flag:
        return [spec.names[0]]
    once = [spec.names[-1], _value(spec)]
    return once * 2 if twice and spec.multiple else once


def test_the_fast_path_reads_the_commands_at_the_table() -> None:
    for path in [
        "roll",
        "odds",
        "status",
        "undo",
        "redo",
        "originem scene",
        "astral tick",
        "starships attack",
        "foodfight attack",
        "foodfight show",
        "ftl map new",
        "ftl tick",
        "campaign list",
        "campaign new",
        "check",
        "ftl ship check",
        "ftl ship cost",
        "ftl ship show",
        "ftl jump",
        "foodfight simulate",
        "zauberer simulate",
        "starships hp",
        "log",
    ]:
        assert path in READ_FAST, f"{path} is left to typer"


@pytest.mark.parametrize("path", sorted(READ_FAST))
def test_the_fast_path_and_typer_read_a_line_alike(path: str) -> None:
    command = READ_FAST[path]
    good, wrong = lines(command)
    for words in good:
        expected = typer_values(command, words)
        assert expected is not None, f"typer refused {path} {words}"
        assert fast_values(command, words) == expected, f"{path} {words}"
    for words in wrong:
        fast = fast_values(command, words)
        assert fast is None or fast == typer_values(command, words), f"{path} {words}"


def _path_reader(**checks: Any) -> declare.Declared:
    """A command of one Path option declared with ``checks``, as a command module declares it."""

    def paths(where: Path = declare.Option(None, "--where", **checks)) -> None:  # noqa: B008
        pass

    return declare.Declared((), {}, paths)


PATH_CHECKS = [
    {},
    {"exists": True},
    {"exists": True, "file_okay": False},
    {"exists": True, "dir_okay": False},
    {"file_okay": False},
    {"dir_okay": False},
    {"resolve_path": True},
    {"exists": True, "resolve_path": True, "dir_okay": False},
    {"allow_dash": True},
    {"allow_dash": True, "file_okay": False},
    {"writable": True, "readable": False},
]


@pytest.mark.parametrize("checks", PATH_CHECKS, ids=str)
def test_a_path_is_checked_and_converted_as_typer_does(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, checks: dict[str, Any]
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "folder").mkdir()
    (tmp_path / "file.yaml").write_text("a: 1\n")
    (tmp_path / "link.yaml").symlink_to(tmp_path / "file.yaml")
    command = _path_reader(**checks)
    assert fastpath.params_of(command.function) is not None
    texts = ["file.yaml", "folder", "folder/", "missing.yaml", "link.yaml", "-", ".", ""]
    texts += [str(tmp_path / "folder" / ".." / "file.yaml"), "~/file.yaml", "bad\0name"]
    for text in texts:
        typer_read = typer_values(command, ["--where", text])
        assert fast_values(command, ["--where", text]) == typer_read, text
        assert fast_values(command, [f"--where={text}"]) == typer_read, text
    assert fast_values(command, []) == typer_values(command, []) == {"where": None}


def test_a_path_option_with_a_default_or_a_str_with_path_checks_is_left_to_typer() -> None:
    def with_default(where: Path = declare.Option("x.yaml", "--where")) -> None:  # noqa: B008
        pass

    def str_resolved(where: str = declare.Option(None, "--where", resolve_path=True)) -> None:
        pass

    assert fastpath.params_of(with_default) is None
    assert fastpath.params_of(str_resolved) is None


@pytest.mark.parametrize(
    "words",
    [
        ["Bo", "-4"],
        ["Bo", "+5"],
        ["-4", "Bo"],
        ["Bo", "-4", "--reason", "medkit"],
        ["Bo", "-4", "--reason=-1"],
        ["Bo", "--", "-4"],
        ["Bo", "-4", "-5"],
        ["Bo", "-x4"],
        ["Bo", "--nosuch"],
        ["Bo", "--nosuch=3"],
        ["Bo", "-4=2"],
        ["Bo", "-4", "--json"],
        ["Bo", "-4", "--json=1"],
        ["Bo", "-4", "--reason"],
        ["Bo", "-4", "--reason", "-3"],
        ["Bo"],
    ],
)
def test_a_negative_number_is_an_argument_where_typer_says_so(words: list[str]) -> None:
    for path in ("starships hp", "ftl jump"):
        command = READ_FAST[path]
        line = words if path == "starships hp" else ["Red", *words[1:], "4"]
        expected = typer_values(command, line)
        fast = fast_values(command, line)
        assert fast is None or fast == expected, f"{path} {line}"
        if line in (["Bo", "-4"], ["Red", "-4", "4"], ["Bo", "-4", "--reason", "medkit"]):
            assert fast == expected is not None, f"{path} {line}"


@pytest.mark.parametrize(
    "args",
    [
        ["--help"],
        ["--version"],
        ["roll"],
        ["roll", "--help"],
        ["roll", "1d6", "--repeat", "0"],
        ["roll", "1d6", "--seed", "x"],
        ["roll", "1d6", "2d6"],
        ["roll", "-d4"],
        ["rol", "1d6"],
        ["originem"],
        ["originem", "scene"],
        ["originem", "nosuch"],
        ["originem", "--help"],
        ["-c"],
        ["-c", "--json", "roll", "1d6"],
        ["--campaign"],
        ["log", "--format", "xml"],
    ],
)
def test_help_and_errors_are_left_to_typer(args: list[str]) -> None:
    assert fastpath.plan(args) is None


def test_the_campaign_option_and_variable(monkeypatch: pytest.MonkeyPatch) -> None:
    def campaign(args: list[str]) -> Any:
        call = fastpath.plan(args)
        assert call is not None
        return call.values["ctx"].obj["campaign"]

    monkeypatch.setenv("GMTOOL_CAMPAIGN", "from-env")
    assert campaign(["undo"]) == "from-env"
    assert campaign(["-c", "friday", "undo"]) == "friday"
    assert campaign(["--campaign=friday", "undo"]) == "friday"
    monkeypatch.setenv("GMTOOL_CAMPAIGN", "")
    assert campaign(["undo"]) is None


SAME_EITHER_WAY = [
    ["roll", "2d6+1", "--seed", "7"],
    ["roll", "2d6", "--dice", "9,1"],
    ["-c", "c", "status", "--json"],
    ["-c", "c", "originem", "scene", "nosuch", "--by", "Larlen"],
    ["-c", "c", "originem", "scene", "exploration", "--by", "Nobody", "--dice", "1,1,1"],
    ["-c", "nosuch", "undo"],
    ["-c", "c", "astral", "tick"],
    ["-c", "c", "ftl", "map", "new", "--dice", "h"],
]


@pytest.mark.parametrize("args", SAME_EITHER_WAY, ids=" ".join)
def test_output_errors_and_exit_codes_are_typers(
    gmtool, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:  # type: ignore[no-untyped-def]
    assert gmtool("campaign", "new", "c", "--system", "originem").code == 0
    assert fastpath.plan(args) is not None
    fast = gmtool(*args)
    monkeypatch.setattr(fastpath, "plan", lambda args: None)
    assert gmtool(*args) == fast


CAMPAIGNS = Path(__file__).resolve().parents[2] / "campaigns"
NINE_SPACES = CAMPAIGNS / "foodfight-nine-spaces.yaml"
ZAUBERER_DEMO = CAMPAIGNS / "zauberer-demo.yaml"
PATH_LINES = [
    ["check", str(CAMPAIGNS / "ftl-red.yaml")],
    ["check", str(CAMPAIGNS / "nosuch.yaml")],
    ["ftl", "ship", "cost", str(CAMPAIGNS / "ftl-red.yaml"), "--json"],
    ["ftl", "ship", "check", str(CAMPAIGNS / "ftl-red.yaml"), str(CAMPAIGNS / "ftl-blue.yaml")],
    ["ftl", "ship", "show", str(CAMPAIGNS / "nosuch.yaml")],
    ["ftl", "ship", "cost", str(CAMPAIGNS / "ftl-red.yaml"), "--content", str(CAMPAIGNS)],
    ["foodfight", "simulate", "--games", "3", "--content", str(CAMPAIGNS / "nosuch.yaml")],
]


@pytest.mark.parametrize("args", PATH_LINES, ids=" ".join)
def test_path_commands_print_and_exit_as_typers(
    gmtool, monkeypatch: pytest.MonkeyPatch, args: list[str]
) -> None:  # type: ignore[no-untyped-def]
    assert fastpath.plan(args) is not None
    fast = gmtool(*args)
    monkeypatch.setattr(fastpath, "plan", lambda args: None)
    assert gmtool(*args) == fast


def test_a_new_campaign_from_a_file_and_hp_by_hand_as_typers(
    gmtool, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    made = ["campaign", "new", "s", "--from", str(CAMPAIGNS / "starships-demo.yaml")]
    hurt = ["-c", "s", "starships", "hp", "Bo", "-4", "--json"]
    assert fastpath.plan(made) is not None and fastpath.plan(hurt) is not None

    def run_all(home: Path) -> list[tuple[int, str, str]]:
        monkeypatch.setenv("GMTOOL_HOME", str(home))
        done = [gmtool(*made), gmtool(*hurt), gmtool("-c", "s", "status", "--json")]
        assert done[1].code == 0, done[1]
        return [(r.code, r.out.replace(str(home), "HOME"), r.err) for r in done]

    fast = run_all(tmp_path / "home-fast")
    monkeypatch.setattr(fastpath, "plan", lambda args: None)
    assert run_all(tmp_path / "home-typer") == fast


TABLE = [
    # (how the campaign is made first, the command): none imports typer
    (None, ["roll", "1d20"]),
    (None, ["odds", "3d6", "--vs", "10"]),
    (None, ["campaign", "list"]),
    ("originem", ["roll", "1d20"]),
    ("originem", ["status"]),
    ("originem", ["undo"]),
    ("originem", ["originem", "scene", "exploration", "--by", "Larlen", "--dice", "3,2,2"]),
    ("astral", ["astral", "tick", "--act", "Ana attack Cy"]),
    ("starships", ["starships", "add", "Rook", "--enemy", "--hp", "30", "--defense", "12"]),
    ("foodfight", ["foodfight", "show"]),
    ("ftl", ["ftl", "map", "new"]),
    ("ftl", ["ftl", "tick", "--seconds", "3"]),
    ("zauberer", ["zauberer", "show"]),
    ("starships", ["starships", "hp", "Bo", "-4"]),
    (None, ["campaign", "new", "d", "--from", str(CAMPAIGNS / "originem-demo.yaml")]),
    (None, ["check", str(CAMPAIGNS / "ftl-red.yaml")]),
    (None, ["ftl", "ship", "check", str(CAMPAIGNS / "ftl-red.yaml")]),
    (None, ["ftl", "ship", "cost", str(CAMPAIGNS / "ftl-red.yaml")]),
    (None, ["ftl", "ship", "show", str(CAMPAIGNS / "ftl-blue.yaml")]),
    (None, ["foodfight", "simulate", "--games", "2", "--content", str(NINE_SPACES)]),
    (None, ["zauberer", "simulate", "--games", "2", "--content", str(ZAUBERER_DEMO)]),
]
MADE = {
    "foodfight": ["--system", "foodfight", "--players", "A,B,C,D"],
    "zauberer": ["--system", "zauberer", "--teams", "fire=A,water=B", "--first", "fire"],
}


@pytest.mark.parametrize(("system", "command"), TABLE, ids=lambda c: str(c))
def test_commands_at_the_table_do_not_import_typer(
    gmtool, gmtool_home: Path, system: str | None, command: list[str]
) -> None:  # type: ignore[no-untyped-def]
    if system is not None:
        made = MADE.get(system, ["--from", f"{system}-demo"])
        assert gmtool("campaign", "new", "c", *made).code == 0
        assert gmtool("roll", "1d6").code == 0  # something to undo
        command = ["-c", "c", *command]
    out, imported = run_counting_imports(gmtool_home, command)
    assert out and "typer" not in imported, imported
