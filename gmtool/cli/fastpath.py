"""A well-formed command line run straight from its command's declarations, without typer.

Importing typer and building its commands costs more than the rest of ``gmtool roll``.
Most command lines at the table are plain: a command, its arguments, ``--name value``
options and flags. ``plan(args)`` reads such a line against the command's own
declarations (``gmtool.cli.declare``: the same ones typer builds its commands from) and
returns the call to make. Anything it is not sure of — ``--help``, an unknown or
misspelt option, a missing or extra argument, a value that does not convert or is out of
range, a type or setting it does not know — makes it return None, and typer runs the line
as before, so help, every error and every exit code stay typer's.
``tests/cli/test_fast_path.py`` holds the two to the same reading of every command.
"""

from __future__ import annotations

import importlib
import os
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from gmtool.cli.commands import CORE_COMMANDS, SYSTEM_GROUPS
from gmtool.cli.declare import Declared, Param, Typer

CAMPAIGN_OPTIONS = ("-c", "--campaign")
CAMPAIGN_VARIABLE = "GMTOOL_CAMPAIGN"
CONTEXT = "typer.Context"
TYPES: dict[str, Callable[[str], Any]] = {"str": str, "int": int, "float": float, "bool": bool}
PARAM_SETTINGS = {"help", "metavar", "show_default", "hidden", "rich_help_panel", "min", "max"}
"""What an Option/Argument may say and still be read here: how it looks, and a range."""
PATH_SETTINGS = {"exists", "file_okay", "dir_okay", "writable", "readable", "resolve_path"}
PATH_SETTINGS |= {"allow_dash"}
"""What a ``Path`` parameter may say besides: the checks typer makes of the path."""
COMMAND_SETTINGS = {"name", "help", "short_help", "epilog", "hidden", "rich_help_panel"}
LOOSE = {"ignore_unknown_options": True}
"""The one ``context_settings`` read here: a word such as ``-4`` is an argument."""
GROUP_SETTINGS = {"name", "help", "short_help", "epilog", "hidden", "rich_help_panel"}
GROUP_SETTINGS |= {"no_args_is_help", "add_completion", "rich_markup_mode"}


class Spec(NamedTuple):
    """One parameter of a command as typer makes it."""

    name: str
    kind: str  # "option", "argument" or "context"
    convert: Callable[[str], Any] = str
    names: tuple[str, ...] = ()
    negations: tuple[str, ...] = ()  # --no-x for a --x/--no-x flag
    flag: bool = False
    multiple: bool = False
    required: bool = False
    default: Any = None
    low: float | None = None
    high: float | None = None

    def value(self, text: str) -> Any:
        """``text`` converted; ValueError when typer would refuse it."""
        value = self.convert(text)
        if (self.low is not None and value < self.low) or (
            self.high is not None and value > self.high
        ):
            raise ValueError(text)
        return value

    def unset(self) -> Any:
        """What typer passes when the line does not give this parameter."""
        if self.flag:  # a --x/--no-x flag left out passes its default as it is (None too)
            return self.default if self.negations else bool(self.default)
        if self.multiple:
            return None if self.default is None else [self.convert(v) for v in self.default]
        return None if self.default is None else self.convert(self.default)


class PathCheck:
    """A ``Path`` parameter as typer reads it (its ``TyperPath``, then ``Path(...)``): the
    text as a ``Path``, resolved if asked, or ValueError wherever typer would refuse it
    (then typer reads the line, and says why)."""

    def __init__(
        self,
        *,
        exists: bool = False,
        file_okay: bool = True,
        dir_okay: bool = True,
        writable: bool = False,
        readable: bool = True,
        resolve_path: bool = False,
        allow_dash: bool = False,
    ) -> None:
        self.exists, self.file_okay, self.dir_okay = exists, file_okay, dir_okay
        self.writable, self.readable = writable, readable
        self.resolve_path, self.allow_dash = resolve_path, allow_dash

    def __call__(self, text: str) -> Path:
        if self.file_okay and self.allow_dash and text == "-":
            return Path(text)
        if self.resolve_path:
            text = os.path.realpath(text)
        try:
            mode = os.stat(text).st_mode
        except OSError:
            if self.exists:
                raise ValueError(text) from None
            return Path(text)
        import stat

        if (
            (not self.file_okay and stat.S_ISREG(mode))
            or (not self.dir_okay and stat.S_ISDIR(mode))
            or (self.readable and not os.access(text, os.R_OK))
            or (self.writable and not os.access(text, os.W_OK))
        ):
            raise ValueError(text)
        return Path(text)


class Context:
    """What a command reads of typer's context: the root's ``obj`` (the chosen campaign)."""

    def __init__(self, obj: dict[str, Any]) -> None:
        self.obj = obj

    def find_root(self) -> Context:
        return self


class Call(NamedTuple):
    """A command's function and the values typer would pass it."""

    function: Callable[..., Any]
    values: dict[str, Any]

    def __call__(self) -> Any:
        return invoke(self.function, self.values)


class Abort(Exception):
    """End of input while a command ran (typer's ``Abort``: the entry point says so)."""


def plan(args: list[str]) -> Call | None:
    """The call that runs ``args`` as typer would, or None when typer must read them."""
    campaign, rest = _root_options(args)
    if rest is None or not rest:
        return None
    found = _command(rest)
    if found is None:
        return None
    declared, words = found
    specs = params_of(declared.function)
    if specs is None:
        return None
    values = parse(specs, words, loose=is_loose(declared))
    if values is None:
        return None
    for spec in specs:
        if spec.kind == "context":
            values[spec.name] = Context({"campaign": campaign})
    return Call(declared.function, values)


def _root_options(args: list[str]) -> tuple[str | None, list[str] | None]:
    """``-c NAME`` / ``--campaign NAME`` / ``--campaign=NAME`` before the command (else
    GMTOOL_CAMPAIGN), and the words after them; None for any other root option."""
    campaign = os.environ.get(CAMPAIGN_VARIABLE) or None
    index = 0
    while index < len(args) and args[index].startswith("-"):
        word = args[index]
        if word.startswith("--campaign="):
            campaign, index = word.partition("=")[2], index + 1
        elif word in CAMPAIGN_OPTIONS and index + 1 < len(args):
            if args[index + 1].startswith("-"):
                return None, None
            campaign, index = args[index + 1], index + 2
        else:
            return None, None
    return campaign, args[index:]


def _command(words: list[str]) -> tuple[Declared, list[str]] | None:
    """The declared command the words name, and the words left for it."""
    if words[0] in CORE_COMMANDS:  # the core commands' module read as a group of its own
        group: Any = _core_commands(CORE_COMMANDS[words[0]])
    elif words[0] in SYSTEM_GROUPS:
        group = getattr(importlib.import_module(SYSTEM_GROUPS[words[0]]), "app", None)
        words = words[1:]
    else:
        return None
    while isinstance(group, Typer) and _plain_group(group) and words:
        name, words = words[0], words[1:]
        commands = {command.name: command for command in group.declared_commands}
        if name in commands:
            return _plain_command(commands[name], words)
        groups = {kwargs.get("name"): (sub, kwargs) for sub, kwargs in group.declared_groups}
        if name not in groups or set(groups[name][1]) - GROUP_SETTINGS:
            return None
        group = groups[name][0]
    return None


def _plain_command(command: Declared | None, words: list[str]) -> tuple[Declared, list[str]] | None:
    """``command`` unless its declaration asks for more than a name, help, and words such
    as ``-4`` read as arguments."""
    if command is None or len(command.args) > 1:
        return None
    settings = set(command.kwargs) - COMMAND_SETTINGS
    if settings - {"context_settings"} or (settings and not is_loose(command)):
        return None
    return command, words


def is_loose(command: Declared) -> bool:
    """Whether the command takes an option name it does not know (``-4``) as an argument."""
    return command.kwargs.get("context_settings") == LOOSE


@cache
def _core_commands(module_name: str) -> Typer:
    """The commands a core module declares (its ``register(app)``)."""
    holder = Typer()
    importlib.import_module(module_name).register(holder)
    return holder


def _plain_group(group: Typer) -> bool:
    """A group with no callback of its own and no settings that change how it reads."""
    args, kwargs = group.declared_with
    return not args and not group.declared_callbacks and not set(kwargs) - GROUP_SETTINGS


@cache
def params_of(function: Callable[..., Any]) -> tuple[Spec, ...] | None:
    """The parameters typer makes of ``function``'s declaration, or None if one of them is
    beyond what ``parse`` reads."""
    code = function.__code__
    if code.co_kwonlyargcount or code.co_flags & 0x0C:  # keyword-only, *args or **kwargs
        return None
    names = code.co_varnames[: code.co_argcount]
    defaults = function.__defaults__ or ()
    missing = (...,) * (len(names) - len(defaults))
    specs = []
    for name, default in zip(names, missing + tuple(defaults), strict=True):
        annotation = function.__annotations__.get(name)
        spec = _spec(name, annotation, default, function.__globals__)
        if spec is None:
            return None
        specs.append(spec)
    return tuple(specs)


def _spec(name: str, annotation: Any, default: Any, names_in: dict[str, Any]) -> Spec | None:
    if annotation == CONTEXT:
        return Spec(name, "context")
    if not isinstance(annotation, str):
        return None
    kind = "argument" if default is ... else "option"
    settings = default.kwargs if isinstance(default, Param) else {}
    if isinstance(default, Param):
        if set(default.kwargs) - PARAM_SETTINGS - PATH_SETTINGS - {"default"}:
            return None
        kind, names, default = default.kind.lower(), default.names, default.default
    else:
        names = ()
    type_name = annotation.removesuffix(" | None")
    multiple = type_name.startswith("list[") and type_name.endswith("]")
    type_name = type_name[5:-1] if multiple else type_name
    checks = {key: value for key, value in settings.items() if key in PATH_SETTINGS}
    convert: Callable[[str], Any] | None
    if names_in.get(type_name) is Path:
        if default not in (None, ...):  # typer would check the default as well
            return None
        convert = PathCheck(**checks)
    elif checks:  # typer reads a str with path settings as a path
        return None
    else:
        convert = TYPES.get(type_name) or _choice(names_in.get(type_name))
    flag = type_name == "bool"
    negations: tuple[str, ...] = ()
    if flag and len(names) == 1 and names[0].count("/") == 1:  # "--use/--no-use"
        names, negations = (names[0].split("/")[0],), (names[0].split("/")[1],)
    if convert is None or any("/" in n or not n.startswith("-") for n in names + negations):
        return None
    defaults = (False, None, True) if negations else (False, None)  # given: True
    if flag and (kind != "option" or multiple or default not in defaults):
        return None
    if kind == "argument" and (names or flag):
        return None
    if kind == "option" and not names:
        names = (f"--{name.replace('_', '-')}",)
        negations = (f"--no-{name.replace('_', '-')}",) if flag else ()
    return Spec(
        name,
        kind,
        convert,
        names,
        negations,
        flag=flag,
        multiple=multiple,
        required=default is ...,
        default=None if default is ... else default,
        low=settings.get("min"),
        high=settings.get("max"),
    )


def _choice(kind: Any) -> Callable[[str], Any] | None:
    """An Enum of words (typer offers its values as choices), read from its value."""
    from enum import Enum

    if not isinstance(kind, type) or not issubclass(kind, Enum):
        return None
    if not all(isinstance(member.value, str) for member in kind):
        return None
    return kind


def parse(
    specs: tuple[Spec, ...], words: list[str], *, loose: bool = False
) -> dict[str, Any] | None:
    """The values typer would pass for ``words``, or None when typer must read them.
    ``loose``: an option name the command does not know is an argument (``-4``), as typer
    reads it with ``ignore_unknown_options``."""
    options = {n: (spec, True) for spec in specs for n in spec.names}
    options |= {n: (spec, False) for spec in specs for n in spec.negations}
    values: dict[str, Any] = {}
    positional: list[str] = []
    index = 0
    while index < len(words):
        word = words[index]
        index += 1
        if word == "--":
            positional += words[index:]
            break
        if not word.startswith("-") or word == "-":
            positional.append(word)
            continue
        name, equals, given = word.partition("=") if word.startswith("--") else (word, "", "")
        if name not in options:
            if loose and _taken_as_argument(word, options):
                positional.append(word)
                continue
            return None
        spec, positive = options[name]
        if spec.flag:
            if equals or spec.name in values:
                return None
            values[spec.name] = positive
            continue
        if not equals:
            if index >= len(words) or words[index].startswith("-") and words[index] != "-":
                return None
            given, index = words[index], index + 1
        try:
            value = spec.value(given)
        except ValueError:
            return None
        if spec.multiple:
            values.setdefault(spec.name, []).append(value)
        elif spec.name in values:
            return None
        else:
            values[spec.name] = value
    return _with_arguments(specs, values, positional)


def _taken_as_argument(word: str, options: dict[str, Any]) -> bool:
    """Whether typer, ignoring unknown options, passes ``word`` on whole as an argument: a
    long name it does not know, or short letters none of which is an option's (else it
    would take those letters as options and keep the rest)."""
    if word.partition("=")[0] in options:
        return False
    return word.startswith("--") or all(f"-{letter}" not in options for letter in word[1:])


def _with_arguments(
    specs: tuple[Spec, ...], values: dict[str, Any], positional: list[str]
) -> dict[str, Any] | None:
    arguments = [spec for spec in specs if spec.kind == "argument"]
    for number, spec in enumerate(arguments):
        if spec.multiple:
            if number != len(arguments) - 1:
                return None
            taken, positional = positional, []
        else:
            taken, positional = positional[:1], positional[1:]
        if not taken and spec.required:
            return None
        try:
            converted = [spec.value(word) for word in taken]
        except ValueError:
            return None
        if spec.multiple:
            values[spec.name] = converted or spec.unset()
        else:
            values[spec.name] = converted[0] if converted else spec.unset()
    if positional:
        return None
    for spec in specs:
        if spec.kind == "option" and spec.name not in values:
            if spec.required:
                return None
            values[spec.name] = spec.unset()
    return values


def invoke(function: Callable[..., Any], values: dict[str, Any]) -> Any:
    """Call the command as typer's ``main`` (not standalone) does: ``typer.Exit`` gives its
    code, Ctrl-C 130, end of input an abort, a closed pipe exit 1."""
    try:
        return function(**values)
    except EOFError as error:
        sys.stderr.write("\n")
        raise Abort() from error
    except KeyboardInterrupt:
        return 130
    except OSError as error:
        import errno

        if error.errno != errno.EPIPE:
            raise
        from typer._click.utils import PacifyFlushWrapper

        sys.stdout = PacifyFlushWrapper(sys.stdout)
        sys.stderr = PacifyFlushWrapper(sys.stderr)
        sys.exit(1)
    except Exception as error:
        if type(error).__name__ == "Exit" and type(error).__module__.startswith("typer"):
            return getattr(error, "exit_code", 0)
        raise
