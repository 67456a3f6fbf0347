"""Content models without pydantic: frozen stdlib dataclasses that pydantic validates.

A system's content classes subclass ``Model`` and read like pydantic models (``hp: int =
Field(ge=1)``); every subclass becomes a frozen, keyword-only dataclass. pydantic validates
them (``gmtool.content.schema.validate``) only when the content has changed: otherwise
``gmtool.content.cache`` unpickles the objects it validated last time, and a rules command
imports neither pydantic nor YAML.

A class becomes a dataclass on first need, not when its module is imported: making one
compiles half a dozen methods (about half a millisecond a class, a few dozen classes a
system), and a command that unpickles its content and reads fields needs none of them.
Creating, comparing, hashing, printing or copying an object, or asking for its fields,
completes its class first, so nothing else can tell the difference.

pydantic reads what these classes declare in its own terms: ``Field(...)`` keeps its
keywords (``ge``, ``min_length``, ``pattern``, ``alias``...) in the dataclass field's
metadata, ``__pydantic_config__`` forbids unknown keys, ``__post_init__`` checks a whole
object (raise ``ValueError``; it runs on validation and on ``model_copy``), and
``Before``/``After`` in ``Annotated[...]`` run a function before or after a field's own
validation.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, dataclass_transform


def Field(  # noqa: N802 - named as the pydantic function it stands for
    default: Any = dataclasses.MISSING,
    *,
    default_factory: Callable[[], Any] | Any = dataclasses.MISSING,
    **constraints: Any,
) -> Any:
    """A field with pydantic's constraints (``ge``, ``le``, ``gt``, ``min_length``,
    ``pattern``, ``alias``...), applied when the content is validated."""
    return dataclasses.field(default=default, default_factory=default_factory, metadata=constraints)


_DATACLASS_NAMES = ("__dataclass_fields__", "__dataclass_params__")
"""What ``dataclasses`` (and pydantic through it) looks up to learn a class's fields."""


def complete(cls: type[Any]) -> None:
    """Make ``cls`` (and the models it derives from) the frozen, keyword-only dataclass it
    declares, once."""
    if "__dataclass_fields__" in cls.__dict__ or not issubclass(cls, Model) or cls is Model:
        return
    for base in reversed(cls.__mro__[1:]):
        complete(base)
    dataclasses.dataclass(frozen=True, kw_only=True)(cls)


class _CompletedOnNeed(type):
    """The class side of ``Model``: a dataclass attribute asked of a class completes it."""

    if not TYPE_CHECKING:  # to a type checker, every model is a dataclass already

        def __getattr__(cls, name: str) -> Any:
            if name in _DATACLASS_NAMES and name not in cls.__dict__:
                complete(cls)
                if name in cls.__dict__:
                    return cls.__dict__[name]
            raise AttributeError(f"type object {cls.__name__!r} has no attribute {name!r}")


def _completing(name: str) -> Any:
    """``Model``'s stand-in for a dataclass method: completes the object's class, then
    calls the method the dataclass gave it."""

    def method(self: Any, *args: Any, **kwargs: Any) -> Any:
        cls = type(self)
        complete(cls)
        made = getattr(cls, name)
        if made is getattr(Model, name):  # not a model's dataclass method: never loop
            raise TypeError(f"{cls.__name__} is not a complete model")
        return made(self, *args, **kwargs)

    method.__name__ = name
    return method


@dataclass_transform(frozen_default=True, kw_only_default=True, field_specifiers=(Field,))
class Model(metaclass=_CompletedOnNeed):
    """Base for content models: frozen, keyword-only, unknown keys refused by validation."""

    __pydantic_config__: ClassVar[dict[str, Any]] = {"extra": "forbid"}

    if not TYPE_CHECKING:  # each model's own dataclass methods replace these when completed
        __init__ = _completing("__init__")
        __eq__ = _completing("__eq__")
        __hash__ = _completing("__hash__")
        __repr__ = _completing("__repr__")
        __setattr__ = _completing("__setattr__")
        __delattr__ = _completing("__delattr__")

        def __getattr__(self, name: str) -> Any:
            if name in _DATACLASS_NAMES:
                return getattr(type(self), name)
            raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        for base in cls.__mro__[1:]:  # a model derived from another completes at once
            if base is not Model and issubclass(base, Model):
                complete(cls)
                break

    def model_copy(self, *, update: dict[str, Any] | None = None) -> Any:
        """A copy with some fields replaced (as pydantic's ``model_copy``)."""
        return dataclasses.replace(self, **(update or {}))  # type: ignore[type-var]

    def model_dump(self, *, exclude_defaults: bool = False) -> dict[str, Any]:
        """The fields as plain data, nested models as mappings (as pydantic's ``model_dump``)."""
        dumped: dict[str, Any] = {}
        for spec in dataclasses.fields(self):  # type: ignore[arg-type]
            value = getattr(self, spec.name)
            if exclude_defaults and value == _default_of(spec):
                continue
            dumped[spec.name] = _plain(value)
        return dumped


def _default_of(spec: dataclasses.Field[Any]) -> Any:
    if spec.default is not dataclasses.MISSING:
        return spec.default
    if spec.default_factory is not dataclasses.MISSING:
        return spec.default_factory()
    return dataclasses.MISSING


def _plain(value: Any) -> Any:
    if isinstance(value, Model):
        return value.model_dump()
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple):
        return [_plain(item) for item in value]
    return value


class Before:
    """``Annotated[T, Before(function)]``: ``function`` sees the raw value first (e.g. to
    lower-case a word before it is matched against a list)."""

    def __init__(self, function: Callable[[Any], Any]) -> None:
        self.function = function

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema

        return core_schema.no_info_before_validator_function(self.function, handler(source))


class After:
    """``Annotated[T, After(function)]``: ``function`` checks (or changes) the validated
    value; a ``ValueError`` it raises becomes a content problem naming the field."""

    def __init__(self, function: Callable[[Any], Any]) -> None:
        self.function = function

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        from pydantic_core import core_schema

        return core_schema.no_info_after_validator_function(self.function, handler(source))


class Limits:
    """``Annotated[T, Limits(ge=1)]``: pydantic's constraints on a type used in several
    places (``Field`` gives them to one field)."""

    def __init__(self, **constraints: Any) -> None:
        self.constraints = constraints

    def __get_pydantic_core_schema__(self, source: Any, handler: Any) -> Any:
        from typing import Annotated

        from pydantic import Field as PydanticField

        return handler(Annotated[source, PydanticField(**self.constraints)])


def _strip(value: Any) -> Any:
    return value.strip() if isinstance(value, str) else value


STRIP = Before(_strip)
"""``Annotated[str, STRIP]``: surrounding blanks are dropped before the value is checked."""
