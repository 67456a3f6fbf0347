"""The layers hold: import-linter keeps the contracts of ``pyproject.toml`` (a game's rules
import no front end, the shared layers no game, a game no other game), and no modules
import each other, directly or round a longer circle.

import-linter's own ``acyclic_siblings`` contract looks at packages, not modules: it counts
``gmtool.cli`` and ``gmtool.games`` as a circle because the registry sits in
``gmtool.games`` and a game's commands use ``gmtool.cli.common``, which is the layout meant.
So the circles are found here, module by module, on the graph import-linter builds (grimp).
An import inside a function counts (it is still a circle, only a later one); one under
``if TYPE_CHECKING`` does not (it is never run).
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import grimp
import pytest

ROOT = Path(__file__).resolve().parents[2]

KNOWN_CIRCLES: set[frozenset[str]] = set()
"""The circles that remain, each waiting for the change that removes it. A circle that
is gone must leave this list too (``test_every_known_circle_is_still_there``)."""


def test_the_import_contracts_are_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    from importlinter.cli import EXIT_STATUS_SUCCESS, lint_imports

    monkeypatch.chdir(ROOT)  # import-linter reads ./pyproject.toml
    assert lint_imports(no_cache=True, no_logo=True) == EXIT_STATUS_SUCCESS


@pytest.fixture(scope="module")
def circles() -> list[frozenset[str]]:
    graph = grimp.build_graph("gmtool", exclude_type_checking_imports=True, cache_dir=None)
    return list(import_circles(graph))


def test_no_module_is_in_an_import_circle(circles: list[frozenset[str]]) -> None:
    unknown = [sorted(circle) for circle in circles if circle not in KNOWN_CIRCLES]
    assert not unknown, f"modules that import each other: {unknown}"


def test_every_known_circle_is_still_there(circles: list[frozenset[str]]) -> None:
    gone = [sorted(circle) for circle in KNOWN_CIRCLES if circle not in circles]
    assert not gone, f"no longer circles (take them off KNOWN_CIRCLES): {gone}"


def test_a_circle_is_found_whatever_its_length() -> None:
    graph = grimp.ImportGraph()
    for importer, imported in [("a", "b"), ("b", "c"), ("c", "a"), ("c", "d"), ("e", "e")]:
        graph.add_import(importer=importer, imported=imported)
    assert list(import_circles(graph)) == [frozenset({"a", "b", "c"})]


def import_circles(graph: grimp.ImportGraph) -> Iterator[frozenset[str]]:
    """Each set of two or more modules that reach each other by imports (the graph's
    strongly connected components, by Tarjan's algorithm, without recursion)."""
    order: dict[str, int] = {}
    lowest: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    for start in sorted(graph.modules):
        if start in order:
            continue
        order[start] = lowest[start] = len(order)
        stack.append(start)
        on_stack.add(start)
        path = [(start, iter(sorted(graph.find_modules_directly_imported_by(start))))]
        while path:
            module, onward = path[-1]
            following = next(onward, None)
            if following is None:
                path.pop()
                if path:
                    parent = path[-1][0]
                    lowest[parent] = min(lowest[parent], lowest[module])
                if lowest[module] == order[module]:
                    circle = set()
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        circle.add(member)
                        if member == module:
                            break
                    if len(circle) > 1:
                        yield frozenset(circle)
            elif following not in order:
                order[following] = lowest[following] = len(order)
                stack.append(following)
                on_stack.add(following)
                path.append(
                    (following, iter(sorted(graph.find_modules_directly_imported_by(following))))
                )
            elif following in on_stack:
                lowest[module] = min(lowest[module], order[following])
