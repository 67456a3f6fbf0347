"""The web application under Starlette's test client, for the web tests and the games':
a ``Table`` posts to a seat's link and reads pages as a reader would, and ``table`` is the
specimen campaign (a seeded Food Fight match) served so."""

from __future__ import annotations

import html
import json
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from starlette.testclient import TestClient

from gmtool.web.app import build_app
from gmtool.web.campaign import LiveCampaign

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


def secrets_of(gmtool) -> dict[str, list[str]]:  # type: ignore[no-untyped-def]
    """Each player's face-down foods and held Fortune texts, from the referee's view."""
    board = json.loads(gmtool("foodfight", "show", "--all", "--json").out)
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
