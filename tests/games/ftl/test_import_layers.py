"""The FTL game imports in one direction: no circle anywhere in ``gmtool.games.ftl``, and
the battle referee in its layers (``gmtool/games/ftl/rules/battle/__init__.py``)."""

from __future__ import annotations

import ast
import subprocess
import sys
from functools import cache
from pathlib import Path

import grimp

from tests.core.test_layers import import_circles

GAME = "gmtool.games.ftl"
BATTLE = f"{GAME}.rules.battle"

LAYERS = (
    # the clock and the orders
    grimp.Layer(
        "second", "actions", "choices", "document", "odds", "drone_odds", "setup", "rules",
        "handlers", independent=False,
    ),
    # resolution: shots, drones, crew and air each second
    grimp.Layer(
        "damage", "beams", "weapons", "projectiles", "asteroids", "drone_shots",
        "drone_flight", "drone_crew", "boarding", "hacking", "minds", "air_and_fire",
        "crew_work", "zoltans", "ftl_drive",
        independent=False,
    ),
    # built on one mechanic each
    grimp.Layer("hazards", "cloak_battery", "drones"),
    # the mechanics, none importing another
    grimp.Layer("power", "shields_evasion", "doors", "augments", "vengeance", "zoltan_shield"),
    # the leaves
    grimp.Layer(
        "state", "rolls", "every_die", "story", "hooks", "crew", "artillery", "spread",
        "drone_moves", independent=False,
    ),
)  # fmt: skip


@cache
def _graph() -> grimp.ImportGraph:
    return grimp.build_graph("gmtool", exclude_type_checking_imports=True, cache_dir=None)


def test_no_import_circle_in_the_ftl_game() -> None:
    graph = _graph()
    assert len([m for m in graph.modules if m.startswith(f"{GAME}.")]) > 60  # the whole game
    circles = [sorted(c) for c in import_circles(graph) if any(m.startswith(GAME) for m in c)]
    assert not circles, "import circles: " + "; ".join(" <-> ".join(c) for c in circles)


def test_the_battle_imports_downward_only() -> None:
    graph = _graph()
    battle = {m.removeprefix(f"{BATTLE}.") for m in graph.find_children(BATTLE)}
    layered = {tail for layer in LAYERS for tail in layer.module_tails}
    assert battle == layered, "every battle module has its layer"
    broken = graph.find_illegal_dependencies_for_layers(layers=LAYERS, containers={BATTLE})
    assert not broken, "\n".join(
        f"{d.importer} -> {d.imported}: {[r.importer for r in d.routes]}" for d in broken
    )


def test_every_battle_import_is_at_the_top_or_says_why_not() -> None:
    """An import inside a function is kept only to spare a cold command, and says so."""
    folder = Path(__file__).resolve().parents[3] / "gmtool" / "games" / "ftl" / "rules" / "battle"
    late: list[str] = []
    for path in sorted(folder.glob("*.py")):
        lines = path.read_text().splitlines()
        tree = ast.parse("\n".join(lines))
        for node in ast.walk(tree):
            for inner in ast.iter_child_nodes(node):
                if _for_mypy_only(node):  # ``if TYPE_CHECKING:`` imports run never
                    continue
                inside = isinstance(inner, ast.Import | ast.ImportFrom) and inner.col_offset > 0
                if inside and "#" not in lines[inner.lineno - 1]:
                    late.append(f"{path.name}:{inner.lineno}")
    assert len(list(folder.glob("*.py"))) > 40
    assert late == []


def _for_mypy_only(node: ast.AST) -> bool:
    return isinstance(node, ast.If) and getattr(node.test, "id", None) == "TYPE_CHECKING"


def test_the_hooks_are_filled_by_importing_any_battle_module() -> None:
    script = (
        f"from {BATTLE}.power import cap_power\n"
        f"from {BATTLE}.hooks import HOOKS, Hooks, _empty\n"
        "print([name for name in Hooks.__slots__ if getattr(HOOKS, name) is _empty])\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"
