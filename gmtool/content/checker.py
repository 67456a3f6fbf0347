"""``gmtool check``: validate packaged content and campaign files, collecting every problem."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gmtool.content.campaignfile import locate_problem, names_a_file, read_campaign_file
from gmtool.content.paths import DATA_FOLDERS, data_root
from gmtool.content.yamlfile import Document, kind_of, load_yaml, path_text
from gmtool.errors import ContentError, GmtoolError

YAML_SUFFIXES = (".yaml", ".yml")


def check_paths(paths: list[Path], found: list[str] | None = None) -> tuple[list[str], int]:
    """Returns (problems, number of files checked). No paths: all packaged content.
    Everything is read and validated again, whatever the content cache holds. ``found``
    (when given) gets "FILE: what it is" for each file that passed."""
    from gmtool.content.cache import validating

    with validating():
        return _check_paths(paths, [] if found is None else found)


def _check_paths(paths: list[Path], found: list[str]) -> tuple[list[str], int]:
    from gmtool.games import GAMES

    problems: list[str] = []
    packaged = not paths
    if packaged:
        paths = [data_root() / folder for folder in DATA_FOLDERS]
        for name in GAMES:
            problems += _system_problems(name, {})
    files = _yaml_files(paths, problems)
    for path in files:
        try:
            doc = load_yaml(path)
        except ContentError as error:
            problems += error.problems
            continue
        if doc.data is None:  # what campaign new --from refuses, check refuses too
            problems.append(f"{path}:1: (top): the file is empty (no mapping in it)")
            continue
        if packaged and not (isinstance(doc.data, dict) and "system" in doc.data):
            continue  # the packaged tables were validated with their system above
        what, trouble = _file_problems(path, doc)
        problems += trouble
        if not trouble and not packaged:
            found.append(f"{path}: {what}")
    return problems, len(files)


def _file_problems(path: Path, doc: Document) -> tuple[str, list[str]]:
    """What the file is, and its problems."""
    from gmtool.content.kinds import as_overrides, describe, kinds_of

    data = doc.data
    if isinstance(data, dict) and "system" in data:
        title = _system_title(data["system"])
        return f"{title} campaign file", _campaign_problems(path, data)
    own = _game_file_problems(doc)
    if own is not None:
        return own
    kinds = kinds_of(data)
    if not kinds:
        sections = ", ".join(map(str, data)) if isinstance(data, dict) else type(data).__name__
        return "", [
            f"{path}:1: not a campaign file or gmtool content: no `system:`, and its "
            f"sections ({sections}) are not those of any gmtool table"
        ]
    trouble: list[str] = []
    for kind in kinds:  # sections shared by systems: fine if any system takes it
        found = _system_problems(kind.system, as_overrides(kind, path, doc))
        if not found:
            return describe(kind), []
        trouble += found if len(kinds) == 1 else [f"{p} (as {describe(kind)})" for p in found]
    return "", trouble


def _game_file_problems(doc: Document) -> tuple[str, list[str]] | None:
    """A file of a game's own (an FTL ship), asked of each game that checks files of its
    own (its package's ``file_problems``); None when no game knows the file."""
    from gmtool.games import GAMES, package

    for name in GAMES:
        file_problems = getattr(package(name), "file_problems", None)
        found: tuple[str, list[str]] | None = file_problems(doc) if file_problems else None
        if found is not None:
            return found
    return None


def _system_title(name: Any) -> str:
    from gmtool.games import GAMES, get_game

    if not isinstance(name, str) or name not in GAMES:
        return str(name)
    return str(getattr(get_game(str(name)), "title", name))


def _yaml_files(paths: list[Path], problems: list[str]) -> list[Path]:
    files: list[Path] = []
    for path in paths:
        try:
            kind = kind_of(path)
            if kind == "folder":
                files += sorted(p for p in path.rglob("*") if p.suffix in YAML_SUFFIXES)
        except ContentError as error:
            problems += error.problems
            continue
        except OSError as error:  # a folder inside that cannot be listed
            problems.append(f"{path_text(path)}: cannot read: {error.strerror or error}")
            continue
        if kind == "file":
            files.append(path)
        elif kind is None:
            problems.append(f"{path_text(path)}: no such file or folder")
    return files


def _system_problems(name: str, overrides: Any) -> list[str]:
    from gmtool.games import get_game

    try:
        get_game(name).load_content(overrides)
    except ContentError as error:
        return error.problems
    return []


def _campaign_problems(path: Path, data: dict[str, Any]) -> list[str]:
    from gmtool.dice import DiceDoor, Rng
    from gmtool.games import get_game

    document = None
    try:
        data = read_campaign_file(path)
        document = data["content"].document
        system = get_game(str(data["system"]))
        content = system.load_content(data.get("content") or {})
    except ContentError as error:
        return [_located(path, document, "content", problem) for problem in error.problems]
    except GmtoolError as error:
        return [_located(path, document, "system", error.line())]
    try:
        system.new_state(content, dict(data.get("options") or {}), DiceDoor(Rng(0)))
    except ContentError as error:
        return [_located(path, document, "options", problem) for problem in error.problems]
    except GmtoolError as error:
        return [_located(path, document, "options", error.line())]
    return []


def _located(path: Path, document: Document | None, part: str, problem: str) -> str:
    """``file:line: part: problem`` as far as it can be told."""
    if names_a_file(problem):
        return problem
    if not problem.startswith(part):
        problem = f"{part}: {problem}"
    located = locate_problem(document, problem)
    return located if located != problem else f"{path}: {problem}"
