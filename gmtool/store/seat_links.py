"""The private links of ``gmtool serve``: one secret token per seat, kept with the campaign.

A token is at least 128 bits from ``secrets``; it opens its own seat's screen and nothing
else. ``replace`` gives new tokens (``serve --new-links``): the old links stop working.
"""

from __future__ import annotations

import secrets

from gmtool.store.campaign import CampaignStore
from gmtool.store.connection import guarded
from gmtool.store.records import now_text

TOKEN_BYTES = 24
"""192 bits per token: far past guessing, and short enough for a QR code a phone reads."""


class SeatLinks:
    """The seat tokens of one campaign's database."""

    def __init__(self, store: CampaignStore) -> None:
        self.store = store
        # ``guarded`` names the campaign and its file in any SQLite error.
        self.name = store.name
        self.path = store.path

    @guarded
    def tokens(self) -> dict[str, str]:
        """Seat name -> its token."""
        rows = self.store.conn.execute("SELECT seat, token FROM seat_links ORDER BY rowid")
        return {str(seat): str(token) for seat, token in rows}

    def ensure(self, seats: list[str], *, renew: bool = False) -> dict[str, str]:
        """A token for each of ``seats``: those kept are reused unless ``renew``; seats
        that are no longer at the table lose theirs. One transaction."""
        with self.store.transaction():
            kept = {} if renew else self.tokens()
            links = {seat: kept.get(seat) or secrets.token_urlsafe(TOKEN_BYTES) for seat in seats}
            if links != kept:
                self._write(links)
        return links

    @guarded
    def _write(self, links: dict[str, str]) -> None:
        conn = self.store.conn
        conn.execute("DELETE FROM seat_links")
        created = now_text()
        conn.executemany(
            "INSERT INTO seat_links (seat, token, created) VALUES (?, ?, ?)",
            [(seat, token, created) for seat, token in links.items()],
        )
