"""The FTL drive charging in battle, and the jump that ends the battle as an escape."""

from __future__ import annotations

import pytest

from gmtool.errors import RulesError
from gmtool.games.ftl.rules.battle.ftl_drive import escape
from tests.games.ftl.battle.helpers import battle, order, ship, tick


def test_the_drive_charges_by_engine_bars_with_a_pilot() -> None:
    state = battle()
    red = state["battle"]["ships"]["Red"]
    tick(state, seconds=4)  # 2 engine bars: 1.5 s of charge a second
    assert red["ftl"] == 600
    red["crew"][0]["room"] = "hall"  # nobody at the helm: no charge
    tick(state)
    assert red["ftl"] == 600


def test_a_jammer_halves_and_a_booster_adds_a_quarter() -> None:
    state = battle(red=ship(augments=["ftl_recharge_booster"]), blue=ship(augments=["ftl_jammer"]))
    tick(state)
    red, blue = state["battle"]["ships"]["Red"], state["battle"]["ships"]["Blue"]
    assert red["ftl"] == 150 * 125 // 100 // 2  # booster, then Blue's jammer
    assert blue["ftl"] == 150


def test_escape_needs_a_charged_drive_and_ends_the_battle() -> None:
    state = battle()
    b = state["battle"]
    with pytest.raises(RulesError, match="charged 0 of 60 s: it cannot jump yet"):
        escape(b, b["ships"]["Red"])
    tick(state, seconds=40)  # 40 x 1.5 = 60
    assert escape(b, b["ships"]["Red"])["event"] == "escape"
    assert (b["over"], b["winner"]) == ("Red escaped", None)
    with pytest.raises(RulesError, match="the battle is over"):
        order(state, "autofire", ship="Blue", on=True)


def test_the_jump_command_escapes_a_battle(gmtool, tmp_path) -> None:  # type: ignore[no-untyped-def]
    import json

    campaign = tmp_path / "run.yaml"
    campaign.write_text(
        "system: ftl\noptions:\n  seed: 3\n  ships: {Red: ftl-red.yaml, Blue: ftl-blue.yaml}\n"
        "content:\n  map: {removals: 0}\n"
    )
    assert gmtool("campaign", "new", "run", "--from", str(campaign)).code == 0
    # fields at (1,1), (6,6), a storm at (3,2); Red starts at (2,1), Blue at (2,3)
    assert gmtool("ftl", "map", "new", "--dice", "heads,1,1,6,6,heads,3,2,2,1,2,3").code == 0
    assert gmtool("ftl", "jump", "Red", "2", "2").code == 0
    assert gmtool("ftl", "jump", "Blue", "2", "2").code == 0  # the battle begins
    assert gmtool("ftl", "tick").code == 0
    refused = gmtool("ftl", "jump", "Red", "2", "1")
    assert refused.code == 4 and "cannot jump yet" in refused.err
    # Red: engines 3 bars, a pilot: 1.75 s a second; 60 s after 35 seconds
    assert gmtool("ftl", "tick", "--seconds", "34").code == 0
    done = gmtool("ftl", "jump", "Red", "2", "1", "--json")
    assert done.code == 0 and json.loads(done.out)["escaped"] is True
    shown = json.loads(gmtool("ftl", "show", "--json").out)
    assert shown["over"] == "Red escaped"
