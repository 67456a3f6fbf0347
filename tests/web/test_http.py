"""The web application at the HTTP level (Starlette's test client): tokens, 404s, moves
posted and checked by the rules, and no secret in any page."""

from __future__ import annotations

import sqlite3
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from gmtool.store.schema import SCHEMA_VERSION
from gmtool.web.app import build_app
from gmtool.web.campaign import LiveCampaign
from tests.core.old_schema import as_schema
from tests.web.client import SEATS, Table, entries, new_match, secrets_of


def test_each_seat_has_its_own_long_random_token_kept_with_the_campaign(
    table: Table, gmtool_home: Path
) -> None:
    assert list(table.links) == SEATS
    tokens = list(table.links.values())
    assert len(set(tokens)) == 4
    assert all(len(token) >= 32 for token in tokens)  # 24 random bytes: 192 bits
    stored = sqlite3.connect(gmtool_home / "campaigns" / "ff.db").execute(
        "SELECT seat, token FROM seat_links ORDER BY rowid"
    )
    assert dict(stored.fetchall()) == table.links
    assert table.campaign.links(renew=False) == table.links
    for seat in SEATS:
        screen = table.seat(seat)
        assert screen.status_code == 200 and f"private screen of {seat}" in screen.text


def test_new_links_replace_every_token_and_the_old_ones_open_nothing(table: Table) -> None:
    renewed = table.campaign.links(renew=True)
    assert not set(renewed.values()) & set(table.links.values())
    with TestClient(build_app(table.campaign, renewed)) as client:
        assert client.get(f"/p/{table.links['Ana']}").status_code == 404
        assert client.get(f"/p/{renewed['Ana']}").status_code == 200


def test_unknown_paths_and_bad_tokens_get_the_same_404(table: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    new_match(gmtool, "other")
    elsewhere = LiveCampaign("other")
    try:
        foreign = elsewhere.links(renew=False)["Ana"]  # a real token, of another campaign
    finally:
        elsewhere.close()
    ana = table.links["Ana"]
    paths = [
        "/nothing",
        "/p/",
        "/p/not-a-token",
        f"/p/{ana[:-1]}{'A' if ana[-1] != 'A' else 'B'}",
        f"/p/{ana}x",
        f"/p/{ana.upper()}",
        f"/p/{foreign}",
        f"/p/{foreign}/part",
        "/static/app.py",
        "/static/../pyproject.toml",
        "/static/%2e%2e%2fpyproject.toml",
        "/static/..%2f..%2fREADME.md",
        "/templates/base.html",
    ]
    bodies = set()
    for path in paths:
        answer = table.client.get(path)
        assert answer.status_code == 404, path
        bodies.add(answer.text)
    assert len(bodies) == 1 and "Nothing here." in bodies.pop()
    assert table.client.post(f"/p/{foreign}/move", data={"move": "discard"}).status_code == 404
    assert table.client.get("/static/live.js").status_code == 200


def test_every_response_says_how_a_browser_must_guard_it(table: Table) -> None:
    headers = table.seat("Ana").headers
    assert headers["referrer-policy"] == "same-origin"  # a link never leaves for another site
    assert "default-src 'self'" in headers["content-security-policy"]
    assert headers["cache-control"] == "no-store"


def test_no_page_shows_a_secret_it_may_not(table: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    for seat in SEATS:  # everyone discards once: each draws a Fortune only they may read
        assert "refused" not in table.post(seat, move="discard", pile="1").text
    hidden = secrets_of(gmtool)
    assert all(len(values) == 17 + 1 for values in hidden.values())  # 17 cards, 1 Fortune
    everything = [value for values in hidden.values() for value in values]
    for path in ("/", "/part", "/log", "/log/part", "/log?who=Ana"):
        text = table.get(path).text
        assert not [value for value in everything if value in text], path
    for seat in SEATS:
        for part in ("", "/part"):
            text = table.seat(seat, part).text
            assert all(value in text for value in hidden[seat])  # they see their own
            others = [v for name, values in hidden.items() if name != seat for v in values]
            assert not [value for value in others if value in text], (seat, part)


def test_a_move_goes_through_the_rules_as_the_seat_whose_link_it_is(table: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    refused = table.post("Bo", move="discard", pile="1")
    assert "refused: it is Ana's turn (Yellow), not Bo's" in refused.text
    assert entries(gmtool) == []
    # A form that names another player still moves for the link's own seat.
    done = table.post("Ana", move="discard", pile="2", player="Bo")
    assert "refused" not in done.text and "goes to the box" in done.text
    (entry,) = entries(gmtool)
    assert (entry["who"], entry["what"]) == ("Ana", "discard pile 2")
    # Bo's turn now: the same move from Bo is legal, and undo stays with the GM.
    assert "refused" not in table.post("Bo", move="discard", pile="1").text
    assert table.client.post(f"/p/{table.links['Bo']}/undo").status_code == 404
    assert [e["who"] for e in entries(gmtool)] == ["Ana", "Bo"]


@pytest.mark.parametrize(
    ("form", "reason"),
    [
        ({"move": "jump"}, "refused: choose a move"),
        ({"move": "discard", "pile": "x"}, "refused: choose a pile"),
        ({"move": "discard", "pile": "12"}, "refused: "),
        ({"move": "attack", "pile": "1", "target": "Zed:1"}, "refused: unknown player 'Zed'"),
        ({"move": "attack", "pile": "1", "target": "Ana:1"}, "refused: "),
        ({"move": "attack", "pile": "1", "target": "Bo:1", "fortune": "f01"}, "after the cards"),
        ({"move": "layout", "strategy": "upside_down"}, "refused: choose how to stack"),
    ],
)
def test_a_bad_or_illegal_move_is_refused_in_one_line_and_nothing_is_written(
    table: Table,
    gmtool,
    form: dict[str, str],
    reason: str,  # type: ignore[no-untyped-def]
) -> None:
    shown = table.post("Ana", **form)
    assert shown.status_code == 200
    notice = shown.text.split('<p class="notice refused">', 1)[1].split("</p>", 1)[0]
    assert notice.startswith("refused: ") and reason in notice and "\n" not in notice
    assert entries(gmtool) == []


def test_posts_from_another_site_a_flood_or_a_huge_body_are_refused(table: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    url = f"/p/{table.links['Ana']}/move"
    other_site = table.client.post(
        url, data={"move": "discard", "pile": "1"}, headers={"origin": "http://elsewhere.example"}
    )
    assert other_site.status_code == 403 and entries(gmtool) == []
    assert table.client.get(url).status_code == 405
    huge = table.client.post(
        url,
        content=b"move=discard&pile=1&x=" + b"a" * 10_000,
        headers={"content-type": "application/x-www-form-urlencoded"},
    )
    assert huge.status_code == 413 and entries(gmtool) == []
    codes = [table.post("Bo", move="discard", pile="1").status_code for _ in range(25)]
    assert codes.count(200) == 10 and codes.count(429) == 15
    assert table.client.get("/").status_code == 200
    assert table.post("Ana", move="discard", pile="1").status_code == 200  # others go on
    assert len(entries(gmtool)) == 1


def test_the_roll_feed_shows_the_newest_first_and_filters_by_who(table: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    for seat in SEATS[:3]:
        table.post(seat, move="discard", pile="1")
    assert gmtool("undo").code == 0
    feed = table.get("/log").text
    assert feed.index('data-seq="3"') < feed.index('data-seq="2"') < feed.index('data-seq="1"')
    assert '<li class="entry undone" data-seq="3">' in feed and "(undone)" in feed
    only_bo = table.get("/log?who=Bo").text
    assert 'data-seq="2"' in only_bo and 'data-seq="1"' not in only_bo


def test_every_system_has_a_table_screen(gmtool) -> None:  # type: ignore[no-untyped-def]
    from gmtool.games import GAMES

    root = Path(__file__).resolve().parents[2] / "campaigns"
    expected = {
        "originem": ["NOVA", "Knowledge", "Pierre", "Missions"],
        "astral": ["Tick 0", "Distances", "Warden", "touching"],
        "starships": ["Ana", "Momentum", "Defense"],
        "foodfight": ['Turn: <strong class="turn">', "Fortune deck"],
        "zauberer": ["Before the first turn", "<svg"],
        "ftl": [
            "Second <b>0</b>",  # the battle about to open (or a map: the GM's)
            "or the GM lays out the sector map",
            "Red Kestrel",
            "Blue Lanternfish",
        ],
    }
    for system in GAMES:
        demo = root / f"{system}-demo.yaml"
        if not demo.exists():
            continue
        assert gmtool("campaign", "new", system, "--from", str(demo)).code == 0
        campaign = LiveCampaign(system)
        try:
            with TestClient(build_app(campaign, campaign.links(renew=False))) as client:
                answer = client.get("/")
        finally:
            campaign.close()
        assert answer.status_code == 200, system
        # A system without a template of its own is shown by the generic one.
        needles = expected.get(system, ['class="panel generic"'])
        assert all(needle in answer.text for needle in needles), system


def test_a_campaign_made_before_serve_existed_gains_its_links(gmtool, gmtool_home: Path) -> None:  # type: ignore[no-untyped-def]
    new_match(gmtool)
    path = gmtool_home / "campaigns" / "ff.db"
    as_schema(path, 2, "DROP TABLE seat_links")
    assert gmtool("status").code == 0  # read as it is
    campaign = LiveCampaign("ff")
    try:
        links = campaign.links(renew=False)
    finally:
        campaign.close()
    conn = sqlite3.connect(path)
    assert conn.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert dict(conn.execute("SELECT seat, token FROM seat_links").fetchall()) == links
    assert gmtool("campaign", "verify", "ff").code == 0
