"""Content models without pydantic: frozen stdlib dataclasses that pydantic validates.

A system's content classes subclass ``Model`` and read like pydantic models (``hp: int =
Field(ge=1)``); every subclass becomes a frozen, keyword-only dataclass. pydantic validates
them (``gmtool.content.schema.validate``) only when the content has changed: otherwise
``gmtool.content.cache`` unpickles the objects it validated last time, and a rules command
imports neither pydantic nor YAML.

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
from typing import Any, ClassVar, dataclass_transform


def Field(  # noqa: N802 - named as the pydantic function it stands for
    default: Any = dataclasses.MISSING,
    *,
    default_factory: Callable[[], Any] | Any = dataclasses.MISSING,
    **constraints: Any,
) -> Any:
    """A field with pydantic's constraints (``ge``, ``le``, ``gt``, ``min_length``,
    ``pattern``, ``alias``...), applied when the content is validated."""
    return dataclasses.field(default=default, default_factory=default_factory, metadata=constraints)


@dataclass_transform(frozen_default=True, kw_only_default=True, field_specifiers=(Field,))
class Model:
    """Base for content models: frozen, keyword-only, unknown keys refused by validation."""

    __pydantic_config__: ClassVar[dict[str, Any]] = {"extra": "forbid"}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        dataclasses.dataclass(frozen=True, kw_only=True)(cls)

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
