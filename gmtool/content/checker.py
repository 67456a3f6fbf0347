"""``gmtool check``: validate packaged content and campaign files, collecting every problem."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from gmtool.content.campaignfile import locate_problem, names_a_file, read_campaign_file
from gmtool.content.paths import DATA_FOLDERS, data_root
from gmtool.content.yamlfile import Document, kind_of, load_yaml, path_text
from gmtool.errors import ContentError, GmtoolError

YAML_SUFFIXES = (".yaml", ".yml")


def check_paths(paths: list[Path]) -> tuple[list[str], int]:
    """Returns (problems, number of files checked). No paths: all packaged content.
    Everything is read and validated again, whatever the content cache holds."""
    from gmtool.content.cache import validating

    with validating():
        return _check_paths(paths)


def _check_paths(paths: list[Path]) -> tuple[list[str], int]:
    from gmtool.systems import SYSTEMS

    problems: list[str] = []
    if not paths:
        paths = [data_root() / folder for folder in DATA_FOLDERS]
        for name in SYSTEMS:
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
        elif isinstance(doc.data, dict) and "system" in doc.data:
            problems += _campaign_problems(path, doc.data)
        elif isinstance(doc.data, dict) and {"name", "rooms", "slots"} <= set(doc.data):
            from gmtool.systems.ftl.checks import document_problems

            problems += document_problems(doc)
    return problems, len(files)


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


def _system_problems(name: str, overrides: dict[str, Any]) -> list[str]:
    from gmtool.systems import get_system

    try:
        get_system(name).load_content(overrides)
    except ContentError as error:
        return error.problems
    return []


def _campaign_problems(path: Path, data: dict[str, Any]) -> list[str]:
    from gmtool.dice import DiceDoor, Rng
    from gmtool.systems import get_system

    document = None
    try:
        data = read_campaign_file(path)
        document = data["content"].document
        system = get_system(str(data["system"]))
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
