"""gmtool log at length: the table's latest page, whole words, dates, and streamed exports."""

from __future__ import annotations

import csv
import io
import json
import re

import pytest

from gmtool.store.campaign import CampaignStore


def fill(name: str, count: int, **fields: str) -> None:
    """``count`` roll entries written as ``roll`` writes them, straight into the store."""
    store = CampaignStore.open(name)
    dice = [{"expression": "1d20", "dice": [{"sides": 20, "face": 7}], "total": 7}]
    with store.transaction():
        for _ in range(count):
            store.append(
                kind="roll",
                fields={"what": "1d20", "outcome": "7", **fields},
                action=None,
                dice=dice,
                result={},
                rng=1,
                state=None,
            )
    store.close()


def table_rows(out: str) -> list[str]:
    return [line for line in out.splitlines() if "1d20 [" in line]


def test_the_table_shows_the_latest_page_and_says_how_to_see_more(gmtool, toy_campaign) -> None:  # type: ignore[no-untyped-def]
    fill(toy_campaign, 60)
    shown = gmtool("log")
    rows = table_rows(shown.out)
    assert len(rows) == 50 and rows[0].split()[0] == "11" and rows[-1].split()[0] == "60"
    assert "--last N" in shown.out and "--format md" in shown.out
    assert len(table_rows(gmtool("log", "--last", "55").out)) == 55
    assert "--last N" not in gmtool("log", "--last", "5").out
    assert len(table_rows(gmtool("log", "--last", "60").out)) == 60


def test_a_short_log_shows_everything_without_a_note(gmtool, toy_campaign) -> None:  # type: ignore[no-untyped-def]
    fill(toy_campaign, 50)
    shown = gmtool("log").out
    assert len(table_rows(shown)) == 50 and "--last N" not in shown


def test_a_filter_that_finds_nothing_says_so_not_that_the_log_is_empty(
    gmtool, toy_campaign
) -> None:  # type: ignore[no-untyped-def]
    assert "no entries yet" in gmtool("log").out
    fill(toy_campaign, 3, who="Ana")
    shown = gmtool("log", "--who", "Nobody", "--scene", "cave")
    assert shown.code == 0 and table_rows(shown.out) == []
    assert "no entries match --who Nobody --scene cave" in shown.out
    assert "no entries yet" not in shown.out
    assert len(table_rows(gmtool("log", "--who", "ana").out)) == 3


@pytest.mark.parametrize("width", ["80", "50"])
def test_the_table_keeps_words_whole(gmtool, toy_campaign, monkeypatch, width) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.setenv("COLUMNS", width)
    fill(toy_campaign, 2, who="Larlen", mission="Map Out Ancient Forest", scene="exploration")
    out = gmtool("log").out
    words = set(out.split())
    assert {"exploration", "Larlen", "Ancient", "Forest"} <= words
    assert not {"exploratio", "explorat", "n", "Fores"} & words


def test_a_fight_outside_any_mission_leaves_the_mission_cell_empty(gmtool, toy_campaign) -> None:  # type: ignore[no-untyped-def]
    fill(toy_campaign, 1, mission="Map Out Ancient Forest", scene="exploration")
    fill(toy_campaign, 1, scene="combat")
    lines = gmtool("log").out.splitlines()
    header = next(line for line in lines if " mission " in line)
    fight = next(line for line in lines if line.rstrip().endswith("combat"))
    mission_at = header.index("mission")
    assert fight[mission_at : mission_at + len("mission")].strip() == ""
    assert " scene" in header


def test_dates_are_shown_when_the_entries_span_days(gmtool, toy_campaign) -> None:  # type: ignore[no-untyped-def]
    fill(toy_campaign, 2)
    assert not re.search(r"\d{4}-\d\d-\d\d", table_rows(gmtool("log").out)[0])  # no date
    store = CampaignStore.open(toy_campaign)
    with store.transaction():
        store.conn.execute("UPDATE entries SET time = '2024-03-01T21:15:00+00:00' WHERE seq = 1")
        store.conn.execute("UPDATE entries SET time = '2024-03-02T00:05:00+00:00' WHERE seq = 2")
    store.close()
    rows = table_rows(gmtool("log").out)
    assert "2024-03-01 21:15:00" in rows[0] and "2024-03-02 00:05:00" in rows[1]


def test_exports_hold_every_entry_in_log_order(gmtool, toy_campaign) -> None:  # type: ignore[no-untyped-def]
    fill(toy_campaign, 120, who="Zoë", what='say "hi, there"')
    gmtool("undo")
    entries = json.loads(gmtool("log", "--format", "json").out)
    assert [e["seq"] for e in entries] == list(range(1, 121))
    assert entries[-1]["voided"] and not entries[0]["voided"]
    assert entries[0]["who"] == "Zoë" and entries[0]["dice"][0]["total"] == 7
    assert set(entries[0]) == {
        "seq", "time", "kind", "who", "what", "dice", "outcome", "mission", "scene", "voided"
    }  # fmt: skip
    assert json.loads(gmtool("log", "--json").out) == entries
    last = json.loads(gmtool("log", "--last", "3", "--json").out)
    assert [e["seq"] for e in last] == [118, 119, 120]
    table = list(csv.reader(io.StringIO(gmtool("log", "--format", "csv").out)))
    assert len(table) == 121 and table[1][3] == 'say "hi, there"' and table[120][-1] == "yes"
    md = gmtool("log", "--format", "md").out.splitlines()
    assert len(md) == 4 + 120 and md[-1].startswith("| ~~120~~")
    assert json.loads(gmtool("log", "--who", "nobody", "--json").out) == []


def test_an_export_of_a_damaged_entry_is_one_line(gmtool, toy_campaign) -> None:  # type: ignore[no-untyped-def]
    fill(toy_campaign, 2)
    store = CampaignStore.open(toy_campaign)
    with store.transaction():
        store.conn.execute("UPDATE entries SET dice = '[{' WHERE seq = 2")
    store.close()
    for fmt in ("json", "csv", "md"):
        result = gmtool("log", "--format", fmt)
        assert result.code == 6 and "entry #2" in result.err, result.err
        assert len(result.err.strip().splitlines()) == 1
