"""How a system declares and loads its content: read and validated when it changes, else
unpickled from a cache, so a rules command imports neither pydantic nor YAML.

A system declares a ``ContentSpec`` (its packaged files and its model) and loads through
``spec.load(overrides)``. The cache key holds everything the validated content depends
on: the files' paths, sizes and modification times, the campaign's overrides, gmtool's
version and the code that defines the models; any change rebuilds it. The cache is written
atomically (a temporary file renamed over the old one) and a damaged one is rebuilt.
"""

from __future__ import annotations

import os
import pickle
import sys
import zlib
from collections.abc import Callable, Iterator, Mapping
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, TypeVar

from gmtool import __version__

FORMAT = 1
"""Bumped when the cache file's layout changes."""

_validate_always = False


@contextmanager
def validating() -> Iterator[None]:
    """Inside: every load reads and validates the files (``gmtool check``), then refreshes
    the cache."""
    global _validate_always
    before, _validate_always = _validate_always, True
    try:
        yield
    finally:
        _validate_always = before


def is_validating() -> bool:
    """Whether loads now read and validate afresh (inside ``validating()``): a system that
    loads its content lazily loads it at once then, so ``gmtool check`` sees its problems."""
    return _validate_always


C = TypeVar("C")


@dataclass(frozen=True)
class ContentSpec(Generic[C]):
    """What a system's content is made of.

    ``files`` are paths under the packaged data folder (``tables/astral/rules.yaml``; a
    ``*`` pattern such as ``scenes/originem/*.yaml`` for a folder of tables). ``model`` is
    the ``gmtool.content.model.Model`` the content validates into. ``build(overrides)``
    reads and validates (it runs only when the cache misses); without it, the files are
    merged in order, the overrides laid over them, and the result validated against
    ``model``, then ``check(content, sources)`` (problems beyond one field, each as
    ``file:line: field: message``; ``sources`` are the documents, overrides first).
    """

    system: str
    model: type[C]
    files: tuple[str, ...]
    build: Callable[[Mapping[str, Any]], C] | None = None
    check: Callable[[Any, list[Any]], list[str]] | None = None

    def paths(self) -> list[Path]:
        from gmtool.content.paths import data_root

        root = data_root()
        found: list[Path] = []
        for pattern in self.files:
            found += sorted(root.glob(pattern)) if "*" in pattern else [root / pattern]
        return found

    def validate(self, overrides: Mapping[str, Any]) -> C:
        """Read the files and validate them with ``overrides`` laid over (no cache)."""
        if self.build is not None:
            return self.build(overrides)
        from gmtool.content.merged import merge_and_validate

        content: C = merge_and_validate(self, overrides)
        return content

    def load(self, overrides: Mapping[str, Any]) -> C:
        """The validated content, from the cache when nothing it depends on has changed."""
        key = self._key(overrides)
        path = _cache_folder() / f"{self.system}-{zlib.crc32(key[-1].encode()):08x}.pickle"
        if not _validate_always:
            cached = _read(path, key, self.model)
            if cached is not None:
                return cached
        content = self.validate(overrides)
        _write(path, key, content)
        return content

    def _key(self, overrides: Mapping[str, Any]) -> tuple[Any, ...]:
        stamps = [_stamp(path) for path in self.paths()]
        code = Path(sys.modules[self.model.__module__].__file__ or ".").parent
        return (
            FORMAT,
            __version__,
            sys.version,
            self.system,
            tuple(stamps),
            _code_stamps(code),
            _code_stamps(Path(__file__).parent),
            repr(overrides),
        )


def _stamp(path: Path) -> tuple[str, int, int]:
    try:
        stat = path.stat()
    except OSError:
        return (str(path), -1, -1)
    return (str(path), stat.st_size, stat.st_mtime_ns)


def _code_stamps(folder: Path) -> tuple[tuple[str, int, int], ...]:
    """Sizes and times of the modules that define the models: content pickled by other code
    would unpickle into the wrong shape (this matters in a checkout; a release changes the
    version anyway)."""
    try:
        with os.scandir(folder) as entries:
            return tuple(
                sorted(
                    (entry.name, entry.stat().st_size, entry.stat().st_mtime_ns)
                    for entry in entries
                    if entry.name.endswith(".py")
                )
            )
    except OSError:
        return ()


def _cache_folder() -> Path:
    from gmtool.store.home import home

    return home() / "cache" / "content"


def _read(path: Path, key: tuple[Any, ...], model: type[C]) -> C | None:
    """The cached content, or None when missing, stale or damaged (then it is rebuilt)."""
    try:
        with path.open("rb") as file:
            stored_key, content = pickle.load(file)
    except Exception:  # noqa: BLE001 - any damage means "rebuild", never a failed command
        return None
    if stored_key != key or not isinstance(content, model):
        return None
    return content


def _write(path: Path, key: tuple[Any, ...], content: Any) -> None:
    """Write atomically; a cache that cannot be written only costs the next command time."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    from gmtool.store.home import make_private_folder

    try:
        make_private_folder(path.parent)  # owner-only, as every folder gmtool makes
        with temporary.open("wb") as file:
            pickle.dump((key, content), file, protocol=pickle.HIGHEST_PROTOCOL)
        os.replace(temporary, path)
    except (OSError, pickle.PicklingError):
        with suppress(OSError):
            temporary.unlink(missing_ok=True)
