"""``roll --by NAME``: a free roll says who rolled it."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any


def test_a_free_roll_logs_who_rolled(gmtool: Callable[..., Any]) -> None:
    assert gmtool("campaign", "new", "friday", "--system", "originem").code == 0
    assert gmtool("roll", "1d20", "--by", "Ana", "--dice", "17").code == 0
    entries = json.loads(gmtool("log", "--json").out)
    assert entries[-1]["who"] == "Ana" and entries[-1]["outcome"] == "17"
    assert json.loads(gmtool("log", "--who", "ana", "--json").out)[-1]["what"] == "1d20"


def test_roll_by_without_a_campaign_names_the_roller(gmtool: Callable[..., Any]) -> None:
    result = gmtool("roll", "2d6", "--by", "Bo", "--dice", "3,4", "--json")
    assert result.code == 0 and json.loads(result.out)["who"] == "Bo"
