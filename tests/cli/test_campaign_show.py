"""``campaign show``: a table for people, one JSON document with --json."""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from gmtool.content.paths import packaged


def test_campaign_show_reads_as_a_table(gmtool: Callable[..., Any]) -> None:
    demo = str(packaged("campaigns", "originem-demo.yaml"))
    assert gmtool("campaign", "new", "friday", "--from", demo).code == 0
    shown = gmtool("campaign", "show")
    assert shown.code == 0
    assert "{'" not in shown.out and "[{" not in shown.out  # no Python reprs
    lines = [line.strip() for line in shown.out.splitlines()]
    assert any(line.startswith("system") and "originem" in line for line in lines)
    assert any("length" in line and "30" in line for line in lines)
    assert any("Pierre" in line and "combat_specialist" in line for line in lines)
    assert any("Larlen" in line and "scientist" in line for line in lines)
    doc = json.loads(gmtool("campaign", "show", "--json").out)
    assert doc["options"]["crew"][0] == {"name": "Pierre", "class": "combat_specialist"}
