"""``gmtool dice``: each roller's figures and the physical dice's verdicts, worked by hand."""

from __future__ import annotations

import json


def test_each_rollers_dice_and_their_luck(gmtool) -> None:  # type: ignore[no-untyped-def]
    assert gmtool("campaign", "new", "luck", "--system", "originem").code == 0
    assert gmtool("roll", "2d6", "--dice", "6,6", "--by", "Ana").code == 0
    assert gmtool("roll", "1d20", "--dice", "1", "--by", "Ana").code == 0
    assert gmtool("roll", "1d20", "--dice", "20", "--by", "Bo").code == 0
    assert gmtool("roll", "1d20", "--dice", "11", "--by", "Bo").code == 0
    assert gmtool("roll", "1d20", "--dice", "2", "--by", "Cy").code == 0
    assert gmtool("undo").code == 0  # Cy's 2 no longer counts
    doc = json.loads(gmtool("dice", "--json").out)
    assert [(r["who"], r["die"], r["rolls"], r["total"]) for r in doc["rollers"]] == [
        ("Ana", "d6", 2, 12),
        ("Ana", "d20", 1, 1),
        ("Bo", "d20", 2, 31),
    ]
    ana_d6, ana_d20, bo_d20 = (r["luck"] for r in doc["rollers"])
    assert ana_d6 == round(71 / 72, 4)  # 12 on 2d6: 35 throws below, 1 equal
    assert ana_d20 == round(1 / 40, 4)
    # Bo's 31 on 2d20: below it 1+2+...+19 for totals 2..20 (190) plus 21..30 (20+19+...+11
    # = 155), 345 in all; equal: 10 throws (11+20 ... 20+11).
    assert bo_d20 == round((2 * 345 + 10) / 800, 4)
    assert [r["mean"] for r in doc["rollers"]] == [6.0, 1.0, 15.5]
    only = json.loads(gmtool("dice", "--who", "bo", "--die", "d20", "--json").out)
    assert [r["who"] for r in only["rollers"]] == ["Bo"]
    text = gmtool("dice").out
    assert "luckier than 99%" in text and "unluckier than 98%" in text


def test_a_loaded_physical_d6_is_named(gmtool) -> None:  # type: ignore[no-untyped-def]
    assert gmtool("campaign", "new", "loaded", "--system", "originem").code == 0
    # 60 rolls of ten d6: 150 sixes and 90 of each other face, as a die loaded to 6 gives.
    faces = [6] * 150 + [face for face in range(1, 6) for _ in range(90)]
    for start in range(0, 600, 10):
        chunk = ",".join(str(face) for face in faces[start : start + 10])
        assert gmtool("roll", "10d6", "--dice", chunk).code == 0
    physical = json.loads(gmtool("dice", "--json").out)["physical"]
    assert len(physical) == 1
    (d6,) = physical
    assert d6["rolls"] == 600 and d6["chi_square"] == 30.0 and d6["unusual"] is True
    assert (
        d6["verdict"] == "this d6 shows 6 more often than chance explains (p = 1.5e-05, 600 rolls)"
    )
    out = gmtool("dice").out
    assert "physical d6: this d6 shows 6 more often" in out
    assert "   6   150 " in out and "◀" in out  # the histogram marks the face


def test_rolled_dice_are_not_tested_as_physical_ones(gmtool) -> None:  # type: ignore[no-untyped-def]
    assert gmtool("campaign", "new", "v", "--system", "originem").code == 0
    assert gmtool("roll", "6d6").code == 0
    assert gmtool("roll", "3d6", "--dice", "1,2,3").code == 0
    doc = json.loads(gmtool("dice", "--json").out)
    assert [p["rolls"] for p in doc["physical"]] == [3]
    assert doc["physical"][0]["verdict"] == "too few rolls for a verdict: a d6 needs 30 (3 so far)"
    assert doc["rollers"][0]["rolls"] == 9
