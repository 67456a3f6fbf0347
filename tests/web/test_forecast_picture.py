"""The table sees the odds: once the GM runs ``gmtool forecast`` on the served campaign,
the table screen shows its win bar and histogram as an SVG picture."""

from __future__ import annotations

import time

from tests.web.client import Table


def test_a_forecast_puts_its_picture_on_the_table_screen(table: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    before = table.get("/part")
    assert before.status_code == 200 and 'class="forecast"' not in before.text
    version = table.campaign.version
    made = gmtool("-c", "ff", "forecast", "--runs", "10", "--seed", "2")
    assert made.code == 0, made.err
    # A page redraws when its event stream tells it of a change: wait as it would, for the
    # watcher to notice the new picture, then fetch the table's part.
    deadline = time.monotonic() + 10
    while table.campaign.version == version and time.monotonic() < deadline:
        time.sleep(0.05)
    assert table.campaign.version != version, "the watcher never noticed the forecast"
    shown = table.get("/part")
    assert (
        '<svg xmlns="http://www.w3.org/2000/svg"' in shown.text and 'class="forecast"' in shown.text
    )
    assert "Ana wins" in shown.text or "Bo wins" in shown.text  # the bar's labels
    assert table.campaign.call(table.campaign._seen)[1] > 0  # what the watcher compares


def test_a_forecast_of_a_file_leaves_the_table_screen_alone(table: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    made = gmtool("forecast", "--from", "campaigns/foodfight-demo.yaml", "--runs", "5")
    assert made.code == 0, made.err
    assert 'class="forecast"' not in table.get("/part").text
