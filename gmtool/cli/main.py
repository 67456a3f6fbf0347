"""Entry point: run the commands and turn every user error into one line on stderr."""

from __future__ import annotations

import os
import sys
from typing import Any


def main() -> None:
    debug = os.environ.get("GMTOOL_DEBUG") == "1"
    from gmtool.errors import GmtoolError

    try:
        args = campaign_option_first(sys.argv[1:])
        code = _run(args)
    except GmtoolError as error:
        if debug:
            raise
        _fail(error.line(), error.exit_code)
    except KeyboardInterrupt:
        _fail("interrupted: nothing was written for the unfinished command", 130)
    except Exception as error:
        if debug:
            raise
        if type(error).__name__ == "NoArgsIsHelpError":  # a bare group: show its help
            sys.stdout.write(str(getattr(error, "format_message", str)()) + "\n")
            sys.exit(2)
        if _is_command_line_error(error):
            _fail(_command_line_error(error), int(getattr(error, "exit_code", 2)))
        if type(error).__name__ == "Abort":  # Ctrl-C or end of input at a prompt
            _fail("interrupted: nothing was written for the unfinished command", 130)
        # A bug, not a user error: say so briefly.
        _fail(
            f"internal error: {type(error).__name__}: {error} "
            "(run again with GMTOOL_DEBUG=1 for the traceback)",
            70,
        )
    sys.exit(code if isinstance(code, int) else 0)


def _run(args: list[str]) -> Any:
    """The command line through typer; its parser's errors come back as exceptions
    (not standalone), for ``main`` to turn into one line."""
    from typer.main import get_command

    from gmtool.cli.app import app

    command = get_command(app)
    if os.environ.get("_GMTOOL_COMPLETE"):  # the shell asks for completions
        from gmtool.cli.completion import answer_names, prepare

        prepare()
        if answer_names(command):
            return 0
    return command.main(args=args, prog_name="gmtool", standalone_mode=False)


CAMPAIGN_OPTIONS = ("-c", "--campaign")


def campaign_option_first(args: list[str]) -> list[str]:
    """``-c NAME`` / ``--campaign NAME`` / ``--campaign=NAME`` typed after the command
    (``gmtool roll 1d6 -c friday``) moved to the front, where the option belongs, so it
    works wherever it is typed. Nothing after ``--`` moves, nor a ``-c`` with no name."""
    moved: list[str] = []
    rest: list[str] = []
    index = 0
    while index < len(args):
        arg = args[index]
        if arg == "--":
            rest.extend(args[index:])
            break
        following = args[index + 1] if index + 1 < len(args) else None
        if arg in CAMPAIGN_OPTIONS and following is not None and not following.startswith("-"):
            moved += [arg, following]
            index += 2
            continue
        if arg.startswith("--campaign="):
            moved.append(arg)
        else:
            rest.append(arg)
        index += 1
    return moved + rest


def _is_command_line_error(error: Exception) -> bool:
    """A bad command line (unknown command or option, missing or malformed argument):
    the command-line parser's own error, which says what is wrong."""
    return callable(getattr(error, "format_message", None)) and hasattr(error, "exit_code")


def _command_line_error(error: Any) -> str:
    context = getattr(error, "ctx", None)
    path = context.command_path if context is not None else "gmtool"
    if getattr(error, "option_name", None) in CAMPAIGN_OPTIONS:
        return "-c/--campaign needs a campaign name, e.g. -c friday"
    negative = _negative_expression(error, context)
    if negative:
        return (
            f"'{negative}' is read as an option: for an expression starting with '-', "
            f"write it after '--': {path} -- {negative}"
        )
    return f"{error.format_message().rstrip('.')} (see '{path} --help')"


def _negative_expression(error: Any, context: Any) -> str | None:
    """The dice expression (``-d4+2``) that the parser took for an unknown option, if any."""
    option = getattr(error, "option_name", None)
    if not option or context is None or context.command.name not in ("roll", "odds"):
        return None
    typed = next((arg for arg in sys.argv[1:] if arg.startswith(option)), "")
    return typed if typed[1:2].isdigit() or typed[1:2].lower() == "d" else None


def _fail(line: str, code: int) -> None:
    from gmtool.errors import one_line

    sys.stderr.write(f"error: {one_line(line)}\n")
    sys.exit(code)
