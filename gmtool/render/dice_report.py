"""``gmtool dice`` as text: each roller's table, then each physical die's faces as bars."""

from __future__ import annotations

from typing import Any

from gmtool.render.plain import BAR, Lines, table

HISTOGRAM = 30
"""The widest a face's bar is drawn, in columns."""


def luck_words(luck: float) -> str:
    """0.83: "luckier than 83%"; 0.2: "unluckier than 80%"; the middle: "average"."""
    if 0.4 <= luck <= 0.6:
        return "about average"
    if luck > 0.5:
        return f"luckier than {luck:.0%}"
    return f"unluckier than {1 - luck:.0%}"


def dice_lines(doc: dict[str, Any]) -> Lines:
    out = Lines().add((f"What the dice did in {doc['campaign']}, {doc['scope']}", "bold"))
    if not doc["rollers"]:
        return out.add("no dice were thrown")
    rows = [
        [
            r["who"],
            r["die"],
            str(r["rolls"]),
            f"{r['mean']:.2f}",
            f"{r['fair_mean']:g}",
            luck_words(r["luck"]) + ("" if r["luck_exact"] else " (≈)"),
        ]
        for r in doc["rollers"]
    ]
    header = [
        ("who", "bold"),
        ("die", "bold"),
        ("rolls", "bold"),
        ("mean", "bold"),
        ("fair", "bold"),
        ("luck", "bold"),
    ]
    out.extend(table(header, rows, right={2, 3, 4}))
    for die in doc["physical"]:
        out.add("")
        style = "bold red" if die["unusual"] else "bold"
        out.add((f"physical {die['die']}: ", "bold"), (die["verdict"], style))
        if die["rolls"] < die["needed"]:
            continue  # too few to draw: the verdict says how many a verdict needs
        most = max(die["counts"].values()) or 1
        out_faces = {entry["face"] for entry in die["standing_out"]}
        for face, count in die["counts"].items():
            bar = BAR * round(HISTOGRAM * count / most)
            mark = " ◀" if int(face) in out_faces else ""
            out.add(f"{face:>4} {count:>5} ", (bar, "cyan"), mark)
        out.add(f"     expected {die['expected_per_face']:.1f} a face")
    return out


def dice_charts(doc: dict[str, Any]) -> dict[str, str]:
    """Each physical die's faces as an SVG bar chart (the faces standing out in red), and
    each roller's luck: the charts of the web's dice page, by name."""
    from gmtool.render.svg import bar_chart

    charts = {}
    if doc["rollers"]:
        rows = [
            (f"{r['who']} {r['die']}", r["luck"], luck_words(r["luck"])) for r in doc["rollers"]
        ]
        charts["luck"] = bar_chart(rows, label="each roller's luck", kind="luck", width=560)
    for die in doc["physical"]:
        out = {entry["face"] for entry in die["standing_out"]}
        rows = [(face, float(count), str(count)) for face, count in die["counts"].items()]
        marked = frozenset(i for i, (face, _, _) in enumerate(rows) if int(face) in out)
        charts[die["die"]] = bar_chart(
            rows, label=f"faces of the physical {die['die']}", kind="faces", marked=marked
        )
    return charts
