"""``gmtool play`` itself: choosing the campaign, the demos."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from gmtool.cli.play import open_demo
from gmtool.store.home import current_campaign


def test_a_demo_does_not_become_the_current_campaign(gmtool: Callable[..., Any]) -> None:
    assert gmtool("campaign", "new", "friday", "--system", "astral").code == 0
    assert open_demo("originem") == "demo-originem"
    assert current_campaign() == "friday"  # the GM's next command still runs on friday
