"""gmtool log: the table, and the md, csv and json exports."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st


def test_log_exports(gmtool, toy_campaign) -> None:  # type: ignore[no-untyped-def]
    gmtool("roll", "1d6", "--dice", "4")
    gmtool("roll", "1d6", "--dice", "5")
    gmtool("undo")
    md = gmtool("log", "--format", "md").out
    assert md.startswith("# Campaign journal: c1") and "~~2~~" in md and "1d6 [4] entered" in md
    csv_lines = gmtool("log", "--format", "csv").out.strip().splitlines()
    assert csv_lines[0].startswith("seq,time,who,what,dice,outcome")
    assert len(csv_lines) == 3 and csv_lines[2].endswith(",yes")
    assert len(json.loads(gmtool("log", "--last", "1", "--json").out)) == 1
    table = gmtool("log")
    assert table.code == 0 and "1d6" in table.out


def test_log_table_shows_mission_column_only_when_used(gmtool, toy_campaign) -> None:  # type: ignore[no-untyped-def]
    gmtool("roll", "1d6", "--dice", "4")
    assert "mission" not in gmtool("log").out


def test_markdown_journal_keeps_one_row_per_entry_whatever_the_text() -> None:
    import io
    import re

    from gmtool.engine.journal import COLUMNS, write_markdown

    # A row as the store gives it: seq, time, who, what, dice (JSON text), outcome,
    # mission, scene, voided.
    row = (
        1,
        "2024-01-01T10:00:00+00:00",
        "a\\|b",
        'say "hi,\nthere" | x',
        "[]",
        "line1\r\nline2\\",
        "",
        "",
        0,
    )
    out = io.StringIO()
    write_markdown("c", [row], out)
    lines = out.getvalue().splitlines()
    assert len(lines) == 5
    row = lines[-1]
    # Cells are split at pipes not escaped by a backslash (a backslash escapes the next char).
    cells = re.findall(r"(?:\\.|[^|\\])+", row.strip().strip("|"))
    assert len(cells) == len(COLUMNS)
    assert cells[2].strip() == "a\\\\\\|b" and "hi,<br>there" in cells[3]
    assert cells[5].strip() == "line1<br>line2\\\\"


def test_log_table_marks_undone_entries_in_words(gmtool, toy_campaign) -> None:  # type: ignore[no-untyped-def]
    # Struck-through text is lost when the table goes to a file or a pager without colours.
    gmtool("roll", "1d6", "--dice", "4")
    gmtool("roll", "1d6", "--dice", "5")
    gmtool("undo")
    rows = [line for line in gmtool("log").out.splitlines() if "1d6 [" in line]
    assert len(rows) == 2
    assert "undone" not in rows[0] and "5 (undone)" in rows[1]


def test_log_marks_exploded_dice_as_the_roll_did(gmtool, toy_campaign) -> None:  # type: ignore[no-untyped-def]
    assert "1d6! = 14  [6!, 6!, 2]" in gmtool("roll", "d6!", "--dice", "6,6,2").out
    assert "1d6! [6!,6!,2] entered" in gmtool("log", "--format", "csv").out


def test_a_long_dice_list_is_summarised_in_the_table_and_whole_in_the_exports(
    gmtool, toy_campaign
) -> None:  # type: ignore[no-untyped-def]
    # ``ftl map new`` logs 100 and more rolls in one entry: one very wide row.
    from gmtool.render.log import DICE_SHOWN

    faces = ",".join(str(n % 6 + 1) for n in range(40))
    assert gmtool("roll", "40d6", "--dice", faces).code == 0
    many = {
        "seq": 2,
        "time": "2024-01-01T10:00:00+00:00",
        "who": "",
        "what": "map new",
        "dice": [
            {"expression": "2d6", "dice": [{"face": 3}, {"face": n % 6 + 1}]} for n in range(100)
        ],
        "outcome": "",
        "mission": "",
        "scene": "",
        "voided": False,
    }
    from gmtool.render.log import dice_cell

    cell = dice_cell(many["dice"])
    assert cell.count("2d6 [") == DICE_SHOWN
    assert f"{100 - DICE_SHOWN} more rolls" in cell and "--format json" in cell
    long_roll = dice_cell([{"expression": "40d6", "dice": [{"face": 2}] * 40}])
    assert long_roll.count("2") < 30 and "more" in long_roll
    table = gmtool("log").out
    assert "40d6 [" in table and "more" in table
    assert len(max(table.splitlines(), key=len)) < 200
    csv = gmtool("log", "--format", "csv").out
    assert f"40d6 [{faces}] entered" in csv
    doc = json.loads(gmtool("log", "--json").out)
    assert len(doc[-1]["dice"][0]["dice"]) == 40


def test_the_csv_export_writes_every_row_across_its_chunks() -> None:
    """Rows are written a thousand at a time: none is lost or doubled at a chunk's edge,
    and a word with a comma or a quote is quoted as the csv module quotes it."""
    import csv
    import io

    from gmtool.engine.journal import COLUMNS, write_csv

    rows = [
        (seq, "2026-12-01 10:00", f'Ana, "the {seq}"', "1d6", "[]", "3", "", "", 0)
        for seq in range(1, 2502)
    ]
    out = io.StringIO()
    write_csv(rows, out)
    read = list(csv.reader(io.StringIO(out.getvalue())))
    assert read[0] == list(COLUMNS)
    assert [int(row[0]) for row in read[1:]] == list(range(1, 2502))
    assert read[1000][2] == 'Ana, "the 1000"' and read[-1][2] == 'Ana, "the 2501"'


def _csv_module_export(rows: list[Any]) -> str:
    """The export as the csv module writes every row: what the quick joining must match."""
    import csv
    import io

    from gmtool.engine.journal import COLUMNS, cells, csv_cell

    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(COLUMNS)
    writer.writerows([csv_cell(cell) for cell in row] for row in cells(rows))
    return out.getvalue()


def _export(rows: list[Any]) -> str:
    import io

    from gmtool.engine.journal import write_csv

    out = io.StringIO()
    write_csv(rows, out)
    return out.getvalue()


def test_a_row_joined_as_it_stands_is_what_the_csv_module_writes() -> None:
    """Rows with nothing to quote are joined without the csv module: every kind of word that
    needs quoting or escaping, in each column, still comes out as the csv module writes it."""
    roll = json.dumps([{"expression": "3d6", "dice": [{"face": 4}, {"face": 2}, {"face": 6}]}])
    one = json.dumps([{"expression": "1d20", "dice": [{"face": 14}], "who": 'Di "Red"'}])
    odd_who = json.dumps([{"expression": "1d4", "dice": [{"face": 1}], "who": "Bo\x1b[2J"}])
    plain = (1, "2026-12-01T10:00:00+00:00", "Ana", "3d6", roll, "12", "M", "puzzle", 0)
    awkward_words = ["Ana, Cy", 'say "hi"', "two\nlines", "tab\there", "Zoë", "\u202eevil", ""]
    rows: list[tuple[Any, ...]] = [
        plain,
        (*plain[:4], "[]", *plain[5:8], 1),
        (*plain[:4], one, *plain[5:]),
        (*plain[:4], odd_who, *plain[5:]),
    ]
    for column in (1, 2, 3, 5, 6, 7):
        for word in awkward_words:
            row = list(plain)
            row[column] = word
            rows.append(tuple(row))
    # A damaged row: a number, bytes or nothing where text belongs; a voided flag as text.
    rows += [(*plain[:2], 7, *plain[3:]), (*plain[:3], b"x,y", *plain[4:]), (*plain[:8], "0")]
    rows += [(*plain[:6], None, *plain[7:]), (*plain[:5], 1.5e20, *plain[6:])]
    assert _export(rows) == _csv_module_export(rows)
    lines = _export(rows).splitlines()
    assert lines[1] == '1,2026-12-01T10:00:00+00:00,Ana,3d6,"3d6 [4,2,6]",12,M,puzzle,'
    assert lines[3] == '1,2026-12-01T10:00:00+00:00,Ana,3d6,"Di ""Red"" 1d20 [14]",12,M,puzzle,'


@given(
    st.lists(
        st.tuples(
            st.text(alphabet=st.sampled_from('ab ,"\n\r\té\u200b\x1b=+-@1'), max_size=6),
            st.sampled_from(["", "[]", json.dumps([{"expression": "2d6", "dice": [{"face": 1}]}])]),
            st.integers(0, 1),
        ),
        max_size=8,
    )
)
@settings(max_examples=200, deadline=None)
def test_any_word_is_written_as_the_csv_module_writes_it(
    words: list[tuple[str, str, int]],
) -> None:
    rows = [
        (seq, "t", word, word[::-1], dice or "[]", word, "", word, voided)
        for seq, (word, dice, voided) in enumerate(words, start=1)
    ]
    assert _export(rows) == _csv_module_export(rows)


def test_a_csv_cell_that_a_spreadsheet_would_run_is_shown_as_text() -> None:
    """A name, a scene or a roll's owner beginning with = + - @ tab or CR is exported with a
    leading ' (spreadsheets show such a cell as text); a plain negative number is not."""
    import csv
    import io

    roll = json.dumps([{"expression": "1d4", "dice": [{"face": 2}], "who": "=cmd()"}])
    plain = (1, "2026-12-01T10:00:00+00:00", "Ana", "1d4", "[]", "-3", "M", "puzzle", 0)
    formulas = ['=HYPERLINK("http://x","y")', "+cmd|' /C calc'!A0", "-2+3", "@SUM(A1)", "\tx"]
    rows: list[tuple[Any, ...]] = [plain, (*plain[:4], roll, *plain[5:])]
    for column in (2, 3, 5, 6, 7):
        for word in [*formulas, "\r=1"]:
            row = list(plain)
            row[column] = word
            rows.append(tuple(row))
    read = list(csv.reader(io.StringIO(_export(rows))))[1:]
    assert read[0][5] == "-3" and read[1][4] == "'=cmd() 1d4 [2]"
    cells = [cell for row in read[2:] for cell in row[1:8]]
    for word in formulas:
        assert cells.count("'" + word) == 5, word
    assert not [cell for cell in cells if cell and cell[0] in "=+-@\t\r" and cell != "-3"]


def test_the_markdown_journal_shows_html_as_text() -> None:
    from gmtool.engine.journal import cells, markdown_lines

    plain = (7, "t", "<img src=x onerror=alert(1)>", "a & b", "[]", "<b>6</b>", "", "", 0)
    written = list(markdown_lines("x", cells([plain])))[4]
    assert "<" not in written.replace("<br>", "") and ">" not in written
    assert "&lt;img src=x onerror=alert(1)&gt;" in written and "a &amp; b" in written


def test_a_markdown_row_with_nothing_to_escape_is_written_as_escaping_would() -> None:
    """Rows with nothing to escape are joined as they stand: any other word, in any column,
    and an undone row, are written as escaping every cell writes them."""
    from gmtool.engine.journal import _markdown_row, cells, markdown_lines

    roll = json.dumps([{"expression": "3d6", "dice": [{"face": 4}, {"face": 2}]}])
    plain = (7, "2026-12-01T10:00:00+00:00", "Ana", "3d6", roll, "6", "M", "puzzle", 0)
    rows: list[tuple[Any, ...]] = [plain, (*plain[:8], 1)]
    for column in (1, 2, 3, 5, 6, 7):
        for word in ("a|b", "back\\slash", "two\nlines", "\x1b[2J", "Zoë", "tab\tx", "", "<i>&"):
            row = list(plain)
            row[column] = word
            rows.append(tuple(row))
    rows_as_cells = list(cells(rows))
    written = list(markdown_lines("x", rows_as_cells))[4:]
    assert written == [_markdown_row(row) for row in rows_as_cells]
    assert (
        written[0]
        == "| 7 | 2026-12-01T10:00:00+00:00 | Ana | 3d6 | 3d6 [4,2] | 6 | M | puzzle |  |"
    )
    assert written[1].startswith("| ~~7~~ |") and written[1].endswith(" | ~~yes~~ |")
