"""Commands at the table against their yardsticks: every rules command, ``status``,
``undo``, ``redo`` and ``roll`` against ``python -c "import d20; d20.roll('1d20')"``
(D20), and every ``odds`` against a bare icepool script of the same distribution."""

from __future__ import annotations

from common import PYTHON, Bench, Figure, Step

D20 = [PYTHON, "-c", "import d20; d20.roll('1d20')"]
FLOOR = [PYTHON, "-c", "pass"]


def set_up(bench: Bench) -> None:
    """One campaign per system, each at a point where the timed commands are legal."""
    g = bench.gmtool
    for argv in (
        g("campaign", "new", "o", "--from", "originem-demo", "--length", "45"),
        g("-c", "o", "originem", "mission", "start", "Map Out Ancient Forest"),
        g("campaign", "new", "a", "--from", "astral-demo"),
        g("-c", "a", "astral", "add", "Shade", "--npc", "--tn", "6", "--aura", "4", "--at", "near"),
        g("campaign", "new", "s", "--from", "starships-demo"),
        g("-c", "s", "starships", "add", "Rook", "--enemy", "--hp", "30", "--defense", "12",
          "--might", "2", "--melee", "1d8:Kinetic"),
        g("-c", "s", "starships", "encounter", "start", "--enemy", "Drone", "--dice", "7,7,15,4"),
        g("campaign", "new", "f", "--system", "foodfight", "--players", "Ana,Bo,Cy,Di",
          "--starter", "Cy", "--seed", "7"),
        g("-c", "f", "foodfight", "layout", "--strategy", "weakest_on_top", "--player", "Bo"),
        g("campaign", "new", "t", "--from", "ftl-demo", "--seed", "4"),
    ):  # fmt: skip
        bench.run(argv)


RULES: list[tuple[str, str, list[str]]] = [
    # (figure, campaign, command); each is undone (untimed) before the next round
    ("`originem scene exploration`", "o",
     ["originem", "scene", "exploration", "--by", "Larlen", "--dice", "Larlen=3,2,2"]),
    ("`astral tick`", "a",
     ["astral", "tick", "--act", "Ana attack Shade", "--act", "Shade defend", "--dice", "Ana=4,5"]),
    ("`starships attack`", "s",
     ["starships", "attack", "Ana", "Rook", "--melee", "--dice", "14,5"]),
    ("`foodfight attack` (a move)", "f", ["foodfight", "attack", "1", "Di:1"]),
    ("`ftl map new` (20 removals and their re-rolls)", "t", ["ftl", "map", "new"]),
]  # fmt: skip


def table_figures(bench: Bench) -> list[Figure]:
    g = bench.gmtool
    steps = [Step("d20", D20), Step("floor", FLOOR)]
    steps += [Step("`gmtool -c C roll 1d20`", g("-c", "o", "roll", "1d20"))]
    steps += [Step("`status` (Originem)", g("-c", "o", "status"))]
    steps += [Step("`foodfight show`", g("-c", "f", "foodfight", "show"))]
    for label, campaign, command in RULES:
        steps.append(Step(label, g("-c", campaign, *command)))
        if campaign == "o":
            steps.append(Step("`undo`", g("-c", campaign, "undo")))
            steps.append(Step("`redo`", g("-c", campaign, "redo")))
        steps.append(Step(f"undo {label}", g("-c", campaign, "undo"), timed=False))
    medians = bench.time_rounds(steps)
    d20 = medians.pop("d20")
    figures = [
        Figure("`python -c pass` (the floor)", f"{medians.pop('floor') / d20:.2f}", "D20", "", None)
    ]
    for label, seconds in medians.items():
        limit = 0.6 if label.startswith("`gmtool -c C roll") else 1.0
        ratio = seconds / d20
        figures.append(Figure(label, f"{ratio:.2f}", "D20", f"≤ {limit}", ratio <= limit))
    figures.append(Figure("D20 itself", f"{d20 * 1000:.0f} ms", "", "", None))
    return figures


ICEPOOL: list[tuple[list[str], str]] = [
    (["odds", "3d6", "--vs", "10"], "d = 3 @ icepool.d6; print(d); print(d >= 10)"),
    (["odds", "1d20"], "print(icepool.d20)"),
    (["odds", "4d6kh3"], "print(icepool.d6.highest(4, 3))"),
    (["odds", "8d6"], "print(8 @ icepool.d6)"),
    (["odds", "10d10kh3"], "print(icepool.d10.highest(10, 3))"),
    (["odds", "20d6"], "print(20 @ icepool.d6)"),
    (["odds", "d6!"], "print(icepool.d6.explode(depth=5))"),
    (["-c", "o", "originem", "odds", "exploration", "--by", "Larlen"], "print(3 @ icepool.d10)"),
    (["-c", "a", "astral", "odds", "Ana", "Shade", "--target-action", "defend"],
     "x = 2 @ icepool.d6 - (6 + 2); print(x); print(x > 0)"),  # Shade: TN 6, +2 defending
    (["-c", "s", "starships", "odds", "Ana", "Rook", "--melee"],
     "print(icepool.d20 + 3 >= 12); print(icepool.d10 + 3)"),
]  # fmt: skip


def odds_figures(bench: Bench) -> list[Figure]:
    steps: list[Step] = []
    for command, script in ICEPOOL:
        steps.append(Step(" ".join(command), bench.gmtool(*command)))
        steps.append(Step(f"icepool {script}", [PYTHON, "-c", f"import icepool; {script}"]))
    medians = bench.time_rounds(steps)
    figures = []
    for command, script in ICEPOOL:
        label = " ".join(command)
        ratio = medians[label] / medians[f"icepool {script}"]
        shown = label.replace("-c o ", "").replace("-c a ", "").replace("-c s ", "")
        figures.append(
            Figure(f"`{shown}`", f"{ratio:.2f}", "icepool script", "≤ 1.5", ratio <= 1.5)
        )
    return figures
