"""The GM's secret rolls (``gmtool roll --secret``, ``--reveal SEQ``) and the roll feed as the
whole table may read it: no seat's private choice, no secret roll until it is shown."""

from __future__ import annotations

import csv
import io
import json

from tests.web.client import SEATS, Table, entries


def feed_entry(table: Table, seq: int, path: str = "/log") -> str:
    text = table.get(path).text
    start = text.rindex("<li", 0, text.index(f'data-seq="{seq}"'))
    return text[start : text.index("</li>", start)]


def test_a_secret_roll_is_the_gms_until_it_is_shown(table: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    rolled = gmtool("roll", "3d6+100", "--secret", "--dice", "6,5,4")
    assert rolled.code == 0
    assert "3d6 + 100 = 115" in rolled.out and "secret roll #1" in rolled.out
    assert "gmtool roll --reveal 1" in rolled.out
    (entry,) = entries(gmtool)
    assert entry["kind"] == "secret" and entry["what"] == "3d6 + 100 (secret)"  # the exports say
    assert "(secret)" in gmtool("log", "--format", "csv").out
    assert "(secret)" in gmtool("log", "--format", "md").out
    for path in ("/log", "/log/part", "/", "/part", f"/p/{table.links['Ana']}"):
        text = table.get(path).text
        assert "115" not in text and "3d6" not in text and "[6, 5, 4]" not in text, path
    assert "the GM" in feed_entry(table, 1) and "rolled" in feed_entry(table, 1)
    assert 'class="latest" data-seq="1">the GM · rolled</p>' in table.get("/part").text
    shown = gmtool("roll", "--reveal", "1")
    assert shown.code == 0 and "#2 shown to the table: secret roll #1, 115" in shown.out
    assert "115" in feed_entry(table, 1) and "secret-revealed" in feed_entry(table, 1)
    assert "115" in feed_entry(table, 2) and "reveal #1" in feed_entry(table, 2)
    assert gmtool("undo").code == 0  # the reveal is taken back: the roll is the GM's again
    assert "115" not in feed_entry(table, 1) and "(undone)" in feed_entry(table, 2)
    assert gmtool("redo").code == 0
    assert "115" in feed_entry(table, 1)


def test_a_secret_roll_by_a_name_is_not_among_that_names_entries(table: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    # 77: a total no entry's time (HH:MM:SS) holds; 17 was found in 06:17:00.
    assert gmtool("roll", "d100", "--secret", "--by", "Bo", "--dice", "77").code == 0
    assert gmtool("roll", "d4", "--by", "Bo", "--dice", "3").code == 0
    only_bo = table.get("/log?who=Bo").text
    assert 'data-seq="2"' in only_bo and 'data-seq="1"' not in only_bo
    everyone = feed_entry(table, 1)
    assert "Bo" not in everyone and "77" not in everyone


def test_revealing_no_secret_roll_is_one_line_and_writes_nothing(table: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    assert gmtool("roll", "d6").code == 0
    for seq, line in (
        ("1", "error: entry #1 is not a secret roll"),
        ("9", "error: entry #9 is not a secret roll"),
    ):
        refused = gmtool("roll", "--reveal", seq)
        assert refused.code != 0 and refused.err.startswith(line), refused.err
        assert len(refused.err.strip().splitlines()) == 1
    assert gmtool("roll", "d6", "--secret").code == 0
    assert gmtool("roll", "--reveal", "2").code == 0
    again = gmtool("roll", "--reveal", "2")
    assert again.code != 0 and "secret roll #2 is already shown" in again.err
    both = gmtool("roll", "d6", "--reveal", "2")
    assert both.code != 0 and "give no dice with it" in both.err
    assert len(entries(gmtool)) == 3
    assert gmtool("campaign", "verify", "ff").code == 0


def test_a_secret_roll_needs_a_campaign(gmtool) -> None:  # type: ignore[no-untyped-def]
    refused = gmtool("roll", "d6", "--secret")
    assert refused.code != 0 and "a secret roll is kept in a campaign's log" in refused.err


def test_the_feed_shows_no_seats_private_choice(table: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    strategies = ("weakest_on_top", "strongest_on_top", "shuffled", "weakest_on_top")
    for seat, strategy in zip(SEATS, strategies, strict=True):
        assert "refused" not in table.post(seat, move="layout", strategy=strategy).text
    logged = [entry["outcome"] for entry in entries(gmtool)]
    assert logged == [f"laid out {s}" for s in strategies]  # the GM's log keeps it
    for path in ("/log", "/log/part", "/", "/part"):
        text = table.get(path).text
        assert not [s for s in strategies if s in text or s.replace("_", " ") in text], path
    assert "laid out their towers" in feed_entry(table, 4)
    rows = list(csv.DictReader(io.StringIO(gmtool("log", "--format", "csv").out)))
    assert rows[0]["outcome"] == "laid out weakest_on_top"
    assert json.loads(gmtool("log", "--json").out)[1]["outcome"] == "laid out strongest_on_top"


def test_a_name_found_only_in_secret_rolls_is_not_in_the_feeds_list(table: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    assert gmtool("roll", "d20", "--secret", "--by", "Zoe").code == 0
    assert gmtool("roll", "d6", "--by", "Bo").code == 0
    feed = table.get("/log").text
    assert "?who=Bo" in feed and "Zoe" not in feed
    assert gmtool("roll", "--reveal", "1").code == 0  # shown: the roll is the table's too
    assert "?who=Zoe" in table.get("/log").text
