"""The log as text: dice summaries and the csv, markdown and JSON exports.

The exports write as they read (``CampaignStore.log_rows``): a log of a million entries is
written one row at a time, in flat memory. Each format reads only the columns it prints:
the csv and markdown exports ``PRINTED``, the JSON export ``LOG_COLUMNS`` (the kind too),
the dice still the JSON text the store keeps; only the dice column is decoded, and only for
the formats that print it as text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from typing import Any, TextIO

from gmtool.store.records import DamagedRow, load_json
from gmtool.text import printable

COLUMNS = ("seq", "time", "who", "what", "dice", "outcome", "mission", "scene", "voided")
"""The csv and markdown exports' columns, in the order they print them."""
PRINTED = ", ".join(COLUMNS)
"""The columns the csv and markdown exports read (``CampaignStore.log_rows(columns=)``)."""
FORMULA_START = "=+-@\t\r"
"""A CSV cell beginning with one of these is read by a spreadsheet as a formula (or, for a
tab or carriage return, can hide one): the export puts a ``'`` before it, as spreadsheet
guidance says, so ``=HYPERLINK(...)`` or ``+cmd|...`` in a name is shown, never run. A plain
negative number (``-3``) is left as it is: it is a number, not a formula."""
_RISKY = re.compile(r"[=+\-@\t\r]")
_NUMBER = re.compile(r"-[0-9]+(\.[0-9]+)?")
Row = tuple[Any, ...]
"""A row of ``PRINTED`` (the dice as their JSON text), or of ``LOG_COLUMNS`` for JSON."""


def dice_text(rolls: list[dict[str, Any]], what: str = "the dice of an entry") -> str:
    """``Pierre 1d10 [7]; 1d6! [6!,2] entered`` — every roll with its faces and source.
    Dice that are not what gmtool writes (a damaged row) raise ``DamagedRow`` naming
    ``what`` they are."""
    try:
        return _dice_text(rolls)
    except (KeyError, TypeError, AttributeError):
        raise DamagedRow(f"{what} are not what gmtool writes there") from None


def _dice_text(rolls: list[dict[str, Any]]) -> str:
    parts = []
    for roll in rolls:
        faces = ",".join(_face_text(die) for die in roll["dice"])
        who = f"{roll['who']} " if roll.get("who") else ""
        source = " entered" if roll.get("source") == "entered" else ""
        if roll.get("source") == "seeded":
            source = f" seeded {roll.get('seed')}"
        unused = f" not counted: {roll['not_counted']}" if roll.get("not_counted") else ""
        parts.append(f"{who}{roll['expression']} [{faces}]{source}{unused}")
    return "; ".join(parts)


def _face_text(die: dict[str, Any]) -> str:
    """``6!`` for a die that exploded, ``~2~`` for one dropped or rerolled (as ``roll`` shows)."""
    text = f"{die['face']}{'!' if die.get('exploded') else ''}"
    return text if die.get("kept", True) else f"~{text}~"


class _DiceTexts(dict[str, str]):
    """Stored dice JSON -> its text. A log repeats the same few rolls ("1d20 [14]") many
    times, so each is decoded once; the memory stays bounded however long the log.
    Undecodable dice raise ``DamagedRow``."""

    LIMIT = 4096

    def text(self, stored: str, seq: int) -> str:
        found = self.get(stored)
        if found is None:
            if len(self) >= self.LIMIT:
                self.clear()
            what = f"the dice of entry #{seq}"
            found = self[stored] = dice_text(load_json(stored, what, list), what)
        return found


def _all_printable(words: Iterable[Any]) -> bool:
    """Whether every word is text with nothing to escape (a damaged row may hold a number
    or bytes where text belongs: those take the long way, through ``str``)."""
    try:
        return "".join(words).isprintable()
    except TypeError:
        return False


def cells(rows: Iterable[Row]) -> Iterator[list[Any]]:
    """Each row as the exports' ``COLUMNS``, users' words escaped (``gmtool.text``).

    A row whose words are all printable has nothing to escape (no control, bidirectional
    or separator character is printable), so nearly every row is checked once, whole."""
    texts = _DiceTexts()
    known = texts.get  # the loop runs a million times: a seen roll is one lookup
    for seq, time, who, what, dice, outcome, mission, scene, voided in rows:
        dice_words = known(dice)
        if dice_words is None:
            dice_words = texts.text(dice, seq)
        words = [time, who, what, dice_words, outcome, mission, scene]
        if not _all_printable(words):
            words = [printable(str(word)) for word in words]
        words.insert(0, seq)
        words.append("yes" if voided else "")
        yield words


def write_csv(rows: Iterable[Row], out: TextIO) -> None:
    """The rows (``PRINTED``) as CSV, written a thousand lines at a time (one ``write`` a
    line to the output costs more than the line).

    Nearly every row needs neither quoting nor escaping: its words are printable and hold
    no comma and no quote, so it is joined as it stands, the dice's cell (quoted when its
    faces hold commas) made once per roll (``_DiceCells``). Any other row takes the long way,
    through ``cells`` and the csv module, which quote it as they always have."""
    import csv
    from itertools import islice

    lines: list[str] = []
    escaped = csv.writer(_Lines(lines), lineterminator="\n")
    escaped.writerow(COLUMNS)
    dice_cells = _DiceCells()
    known = dice_cells.get  # the loop runs a million times: a seen roll is one lookup
    rows = iter(rows)
    while True:
        for row in islice(rows, 1000):
            seq, time, who, what, dice, outcome, mission, scene, voided = row
            dice_cell = known(dice, _UNSEEN)
            if dice_cell is _UNSEEN:
                dice_cell = dice_cells.cell(dice, seq)
            try:
                words = time + who + what + outcome + mission + scene
                starts = time[:1] + who[:1] + what[:1] + outcome[:1] + mission[:1] + scene[:1]
            except TypeError:  # a damaged row: a number, bytes or nothing where text belongs
                words = starts = None  # (bytes add up to bytes: hence the type checked below)
            if (
                dice_cell is not None
                and type(words) is str
                and words.isprintable()
                and "," not in words
                and '"' not in words
                and (starts.isalnum() or not _RISKY.search(starts))
            ):
                lines.append(
                    f"{seq},{time},{who},{what},{dice_cell},{outcome},{mission},{scene},"
                    f"{'yes' if voided else ''}\n"
                )
            else:
                escaped.writerows([csv_cell(cell) for cell in words] for words in cells([row]))
        if not lines:
            break
        out.write("".join(lines))
        lines.clear()


_UNSEEN = object()


def csv_cell(cell: Any) -> Any:
    """A cell a spreadsheet shows as text: a leading ``'`` when it begins with one of
    FORMULA_START (a negative number excepted)."""
    if isinstance(cell, str) and cell[:1] in FORMULA_START and cell and not _NUMBER.fullmatch(cell):
        return "'" + cell
    return cell


class _DiceCells(dict[Any, "str | None"]):
    """Stored dice JSON -> its CSV cell: the dice's text, quoted as the csv module quotes
    it when it holds a comma or a quote; None when the text is not printable (its row is
    escaped whole). Bounded like ``_DiceTexts``."""

    def __init__(self) -> None:
        super().__init__()
        self.texts = _DiceTexts()

    def cell(self, stored: Any, seq: int) -> str | None:
        if len(self) >= _DiceTexts.LIMIT:
            self.clear()
        text = self.texts.text(stored, seq)
        if not text.isprintable() or _RISKY.match(text):
            found = None
        elif "," in text or '"' in text:
            found = '"' + text.replace('"', '""') + '"'
        else:
            found = text
        self[stored] = found
        return found


class _Lines:
    """A file for ``csv.writer`` that keeps what it is given in a list."""

    def __init__(self, lines: list[str]) -> None:
        self.write = lines.append


def write_markdown(name: str, rows: Iterable[Row], out: TextIO) -> None:
    """A campaign journal of the rows (``PRINTED``): a heading and one table row per entry,
    undone rows struck; written a thousand lines at a time, as the CSV is."""
    from itertools import islice

    lines = markdown_lines(name, cells(rows))
    while chunk := list(islice(lines, 1000)):
        out.write("\n".join(chunk) + "\n")


def markdown_lines(name: str, rows: Iterable[list[Any]]) -> Iterator[str]:
    yield f"# Campaign journal: {name}"
    yield ""
    yield "| " + " | ".join(COLUMNS) + " |"
    yield "|" + "---|" * len(COLUMNS)
    for row in rows:
        words = row[1:-1]
        text = "".join(words)
        if not row[-1] and text.isprintable() and not _MARKDOWN_SPECIAL.search(text):
            # Nothing to escape, no line to break and nothing struck (nearly every row).
            yield f"| {row[0]} | {' | '.join(words)} |  |"
        else:
            yield _markdown_row(row)


def _markdown_row(row: list[Any]) -> str:
    """A table row with every cell escaped (``_markdown_cell``), struck when undone."""
    row_cells = [_markdown_cell(str(cell)) for cell in row]
    if row[-1]:
        row_cells = [f"~~{c}~~" if c else c for c in row_cells]
    return "| " + " | ".join(row_cells) + " |"


def write_json(rows: Iterable[Row], out: TextIO) -> None:
    """The rows (``LOG_COLUMNS``) as one JSON document: the list of ``Entry.to_json()``
    documents, the dice copied as stored (they are JSON already)."""
    from json.encoder import encode_basestring

    from gmtool.text import json_text

    def text(value: Any) -> str:  # bidi and C1 characters as \u escapes, as print_json
        # str(): a damaged row may hold a number where text belongs
        return json_text(encode_basestring(value if isinstance(value, str) else str(value)))

    checked = _DiceTexts()  # the dice are copied, but only once checked to be JSON
    out.write("[")
    first = True
    for seq, time, kind, who, what, outcome, mission, scene, dice, voided in rows:
        checked.text(dice, seq)
        # Printable words hold nothing json_text would escape: JSON's own quoting will do.
        words = (time, kind, who, what, outcome, mission, scene)
        q = encode_basestring if _all_printable(words) else text
        out.write(
            ('{"seq": ' if first else ', {"seq": ')
            + f'{seq}, "time": {q(time)}, "kind": {q(kind)}, "who": {q(who)},'
            f' "what": {q(what)}, "dice": {dice}, "outcome": {q(outcome)},'
            f' "mission": {q(mission)}, "scene": {q(scene)},'
            f' "voided": {"true" if voided else "false"}}}'
        )
        first = False
    out.write("]\n")


_MARKDOWN_SPECIAL = re.compile(r"[|\\<>&]")


def _markdown_cell(text: str) -> str:
    """Text that stays inside its cell and stays text: backslashes and pipes escaped, HTML's
    ``&``, ``<`` and ``>`` as entities (a name such as ``<img onerror=...>`` is shown, never
    run, wherever the journal is rendered), line breaks as ``<br>`` (a bare newline would
    end the table row)."""
    text = text.replace("\\", "\\\\").replace("|", "\\|")
    text = text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    return "<br>".join(text.splitlines())
