"""Commands declared as typer declares them, without importing typer.

Command modules ``from gmtool.cli import declare as typer`` and write ``typer.Typer()``,
``@app.command()``, ``typer.Option(...)``, ``typer.Argument(...)`` and ``typer.echo``
as usual. Here those only record what was declared (typer's start-up costs more than
the rest of a quick command), so the same declarations serve twice:

- ``gmtool.cli.fastpath`` runs a well-formed command line straight from them;
- ``built(app)`` replays them onto a real ``typer.Typer`` for everything else (help,
  errors, completion, tests that inspect the commands), which then behaves exactly as if
  the module had imported typer itself.

Anything else (``typer.Context``, ``typer.Exit``...) is typer's own, imported on first use.
The records are named tuples, not dataclasses: a dataclass costs half a millisecond to make.
"""

from __future__ import annotations

import sys
import types
from collections.abc import Callable
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple, TypeVar

if TYPE_CHECKING:
    import typer as real_typer
    from typer import Context as Context
    from typer import Exit as Exit

F = TypeVar("F", bound=Callable[..., Any])


class Param(NamedTuple):
    """A ``typer.Option(...)`` or ``typer.Argument(...)`` as written: typer's own arguments."""

    kind: str  # "Option" or "Argument"
    args: tuple[Any, ...]
    kwargs: dict[str, Any]

    @property
    def default(self) -> Any:
        return self.args[0] if self.args else self.kwargs.get("default", ...)

    @property
    def names(self) -> tuple[str, ...]:
        """The option's names as written (``"--by"``, ``"-c"``); none for an argument."""
        return tuple(self.args[1:]) + tuple(self.kwargs.get("param_decls", ()))

    def real(self) -> Any:
        import typer

        return getattr(typer, self.kind)(*self.args, **self.kwargs)


def Option(*args: Any, **kwargs: Any) -> Any:  # noqa: N802 - typer's name
    return Param("Option", args, kwargs)


def Argument(*args: Any, **kwargs: Any) -> Any:  # noqa: N802 - typer's name
    return Param("Argument", args, kwargs)


class Declared(NamedTuple):
    """One ``@app.command(...)`` or ``@app.callback(...)``: its arguments and function."""

    args: tuple[Any, ...]
    kwargs: dict[str, Any]
    function: Callable[..., Any]

    @property
    def name(self) -> str:
        """The command's name as typer gives it (``end_turn`` -> ``end-turn``)."""
        given = self.args[0] if self.args else self.kwargs.get("name")
        return str(given or self.function.__name__.lower().replace("_", "-"))


class Typer:
    """Records a typer app's declarations; ``built(app)`` is the real typer app."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self.declared_with = (args, kwargs)
        self.declared_commands: list[Declared] = []
        self.declared_callbacks: list[Declared] = []
        self.declared_groups: list[tuple[Typer, dict[str, Any]]] = []

    def command(self, *args: Any, **kwargs: Any) -> Callable[[F], F]:
        def record(function: F) -> F:
            self.declared_commands.append(Declared(args, kwargs, function))
            return function

        return record

    def callback(self, *args: Any, **kwargs: Any) -> Callable[[F], F]:
        def record(function: F) -> F:
            self.declared_callbacks.append(Declared(args, kwargs, function))
            return function

        return record

    def add_typer(self, group: Typer, **kwargs: Any) -> None:
        self.declared_groups.append((group, kwargs))

    def __getattr__(self, name: str) -> Any:
        # What typer itself reads of an app (``typer.main.get_command(app)``) comes from
        # the real app these declarations build.
        if name.startswith(("declared_", "__")):
            raise AttributeError(name)
        return getattr(built(self), name)


def built(app: Any) -> real_typer.Typer:
    """The real typer app of ``app``'s declarations (built once); a real one as it is."""
    if not isinstance(app, Typer):
        return app  # type: ignore[no-any-return]
    return _built(app)


@cache
def _built(app: Typer) -> real_typer.Typer:
    import typer

    args, kwargs = app.declared_with
    real = typer.Typer(*args, **kwargs)
    for declared in app.declared_commands:
        real.command(*declared.args, **declared.kwargs)(with_real_params(declared.function))
    for declared in app.declared_callbacks:
        real.callback(*declared.args, **declared.kwargs)(with_real_params(declared.function))
    for group, group_kwargs in app.declared_groups:
        real.add_typer(built(group), **group_kwargs)
    return real


def with_real_params(function: F) -> F:
    """``function`` with typer's own ``Option``/``Argument`` as its defaults (a copy: the
    declared function keeps its records)."""
    defaults = tuple(_real(value) for value in function.__defaults__ or ())
    copy = types.FunctionType(
        function.__code__, function.__globals__, function.__name__, defaults, function.__closure__
    )
    copy.__kwdefaults__ = {
        name: _real(value) for name, value in (function.__kwdefaults__ or {}).items()
    } or None
    copy.__dict__.update(function.__dict__)
    copy.__annotations__ = function.__annotations__
    copy.__doc__, copy.__module__, copy.__qualname__ = (
        function.__doc__,
        function.__module__,
        function.__qualname__,
    )
    return copy  # type: ignore[return-value]


def _real(value: Any) -> Any:
    return value.real() if isinstance(value, Param) else value


def echo(message: Any = None, *, err: bool = False, nl: bool = True) -> None:
    """typer's ``echo`` for plain text: the line as it is, flushed. Text holding an escape
    sequence, or that the stream cannot encode, goes through typer's own (which strips
    styles off a pipe and re-encodes a misconfigured stream)."""
    text = "" if message is None else str(message)
    stream = sys.stderr if err else sys.stdout
    if "\x1b" not in text:
        try:
            stream.write(text + "\n" if nl else text)
            stream.flush()
            return
        except UnicodeEncodeError:
            pass
    import typer

    typer.echo(message, err=err, nl=nl)


def __getattr__(name: str) -> Any:  # typer's Context, Exit, ... on first use
    if name.startswith("__"):  # the import system asking (``__path__``...): not typer's
        raise AttributeError(name)
    import typer

    return getattr(typer, name)
