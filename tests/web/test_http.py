"""The web application at the HTTP level (Starlette's test client): tokens, 404s, moves
posted and checked by the rules, and no secret in any page."""

from __future__ import annotations

import html
import json
import sqlite3
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from gmtool.store.schema import SCHEMA_VERSION
from gmtool.web.app import build_app
from gmtool.web.campaign import LiveCampaign
from tests.core.old_schema import as_schema

SEATS = ["Ana", "Bo", "Cy", "Di"]


@dataclass
class Page:
    """A response with its text as a reader sees it (HTML entities turned back)."""

    status_code: int
    text: str
    headers: Any


def page(response: Any) -> Page:
    return Page(response.status_code, html.unescape(response.text), response.headers)


@dataclass
class Table:
    client: TestClient
    links: dict[str, str]
    campaign: LiveCampaign

    def get(self, path: str) -> Page:
        return page(self.client.get(path))

    def seat(self, name: str, part: str = "") -> Page:
        return self.get(f"/p/{self.links[name]}{part}")

    def post(self, name: str, verb: str = "move", **form: str) -> Page:
        return page(self.client.post(f"/p/{self.links[name]}/{verb}", data=form))


def new_match(gmtool, name: str = "ff") -> None:  # type: ignore[no-untyped-def]
    args = ["--players", ",".join(SEATS), "--starter", "Ana", "--seed", "7"]
    assert gmtool("campaign", "new", name, "--system", "foodfight", *args).code == 0


def serving(name: str) -> Iterator[Table]:
    campaign = LiveCampaign(name)
    links = campaign.links(renew=False)
    with TestClient(build_app(campaign, links)) as client:
        yield Table(client, links, campaign)
    campaign.close()


@pytest.fixture
def table(gmtool) -> Iterator[Table]:  # type: ignore[no-untyped-def]
    new_match(gmtool)
    yield from serving("ff")


BLIND = """\
system: foodfight
options: {players: [Ana, Bo, Cy, Di], starter: Ana, seed: 7}
content: {rules: {fortune_timing: blind}}
"""


@pytest.fixture
def blind(gmtool, tmp_path: Path) -> Iterator[Table]:  # type: ignore[no-untyped-def]
    """A table that declares Fortunes with the attack, before the cards are compared."""
    (tmp_path / "blind.yaml").write_text(BLIND)
    assert gmtool("campaign", "new", "ff", "--from", str(tmp_path / "blind.yaml")).code == 0
    yield from serving("ff")


def secrets_of(gmtool) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    """Each player's face-down foods and held Fortune texts, from the referee's view."""
    board = json.loads(gmtool("foodfight", "show", "--json").out)
    return {
        p["name"]: [
            *(c["food"] for pile in p["piles"] for c in pile if not c["face_up"]),
            *(f["text"] for f in p["fortunes"]),
        ]
        for p in board["players"]
    }


def entries(gmtool) -> list[dict[str, Any]]:  # type: ignore[no-untyped-def]
    found: list[dict[str, Any]] = json.loads(gmtool("log", "--json").out)
    return found


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


def test_a_battle_is_answered_from_each_players_own_screen(table: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    for seat in SEATS:
        table.post(seat, move="discard", pile="1")
    hand = {
        s: json.loads(gmtool("foodfight", "peek", "--player", s, "--json").out)["fortunes"]
        for s in ("Ana", "Bo")
    }
    opened = table.post("Ana", move="attack", pile="2", target="Bo:2")
    assert "face up; Ana may play a Fortune or pass" in opened.text
    assert "The cards are face up: your answer" in opened.text
    tv = table.get("/").text
    assert "Battle: Ana's" in tv and "Ana</strong> may play a Fortune or pass" in tv
    assert hand["Ana"][0]["text"] not in tv  # held, not played: still Ana's secret
    assert "your answer" not in table.seat("Bo").text
    assert "refused: " in table.post("Bo", move="pass").text
    assert "refused: choose a Fortune" in table.post("Ana", move="fortune").text
    assert "refused" not in table.post("Ana", move="pass").text
    played = table.post("Bo", move="fortune", fortune=hand["Bo"][0]["id"], on="theirs")
    assert "refused" not in played.text
    assert [e["who"].split(", ")[0] for e in entries(gmtool)[-3:]] == ["Ana", "Ana", "Bo"]
    assert "Battle:" not in table.get("/").text


def test_a_blind_defender_answers_an_attack_from_their_own_screen(blind: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    table = blind
    for seat in SEATS:
        table.post(seat, move="discard", pile="1")
    hidden = secrets_of(gmtool)
    ana_fortune = json.loads(gmtool("foodfight", "peek", "--player", "Ana", "--json").out)
    fid = ana_fortune["fortunes"][0]["id"]
    asked = table.post("Ana", move="attack", pile="2", target="Bo:2", fortune=fid, on="mine")
    assert "waiting for Bo to answer" in asked.text
    assert len(entries(gmtool)) == 4  # nothing is played until Bo answers
    tv = table.get("/").text
    assert "Ana attacks Bo's pile 2: Bo may answer with a Fortune" in tv
    assert fid not in tv and not [v for v in hidden["Ana"] if v in tv]  # Ana's choice stays hers
    bo = table.seat("Bo").text
    assert "Ana attacks your pile 2 with their pile 2" in bo
    assert not [v for v in hidden["Ana"] if v in bo]
    assert "refused: nothing is waiting" in table.post("Cy", "answer").text
    answered = table.post("Bo", "answer", fortune="")
    assert "refused" not in answered.text
    last = entries(gmtool)[-1]
    assert (last["who"], last["what"]) == ("Ana, Bo", "attack 2 Bo:2")
    assert "Bo may answer" not in table.get("/").text


def test_a_question_ends_when_the_gm_undoes_or_the_attacker_takes_it_back(
    blind: Table, gmtool
) -> None:  # type: ignore[no-untyped-def]
    table = blind
    for seat in SEATS:
        table.post(seat, move="discard", pile="1")
    table.post("Ana", move="attack", pile="2", target="Bo:2")
    assert "Take the attack back" in table.seat("Ana").text
    assert "taken back" in table.post("Ana", "withdraw").text
    assert "may answer" not in table.get("/").text
    table.post("Ana", move="attack", pile="2", target="Bo:2")
    assert gmtool("undo").code == 0  # the GM takes back Di's discard: the question is gone
    assert "refused: nothing is waiting" in table.post("Bo", "answer").text


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
        "foodfight": ["Turn: <strong", "Fortune deck"],
        "zauberer": ["Before the first turn", "<svg"],
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


def test_a_zauberer_team_sees_its_own_spell_card_and_nobody_else_does(gmtool) -> None:  # type: ignore[no-untyped-def]
    teams = ["--teams", "fire=Ana,water=Bo+Eve,air=Cy,earth=Di", "--first", "fire"]
    assert gmtool("campaign", "new", "z", "--system", "zauberer", *teams, "--seed", "4").code == 0
    for command in (
        "move --dice 6 --way nb1",
        "dungeon --dice 3,4",
        "end-turn",
        "move --dice 4 --way eb1",
        "dungeon --dice 2,3 --card ice_pike",
    ):
        assert gmtool("zauberer", *command.split()).code == 0, command
    board = json.loads(gmtool("zauberer", "show", "--json").out)
    spells = {t["clan"]: t["spell"] for t in board["teams"] if t["spell"]}
    assert set(spells) == {"fire", "water"}
    campaign = LiveCampaign("z")
    try:
        links = campaign.links(renew=False)
        assert list(links) == ["fire", "water", "air", "earth"]
        with TestClient(build_app(campaign, links)) as client:
            pages = {seat: page(client.get(f"/p/{token}")).text for seat, token in links.items()}
            public = [page(client.get(path)).text for path in ("/", "/part", "/log")]
    finally:
        campaign.close()
    assert "Your spell card" in pages["air"] and "one, face down" in public[0]
    for clan, spell in spells.items():
        secret = [spell["name"], spell["text"]]
        assert all(value in pages[clan] for value in secret)
        for other, text in [
            *((s, t) for s, t in pages.items() if s != clan),
            *(("table", t) for t in public),
        ]:
            assert not [value for value in secret if value in text], (clan, other)


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
