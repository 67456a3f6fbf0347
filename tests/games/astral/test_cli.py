"""The astral command group end to end: JSON contracts, the log, undo, and bad input."""

from __future__ import annotations

import json

import pytest

from gmtool.content.paths import packaged


@pytest.fixture
def demo(gmtool):  # type: ignore[no-untyped-def]
    path = str(packaged("campaigns", "astral-demo.yaml"))
    result = gmtool("campaign", "new", "astral1", "--from", path, "--seed", "5")
    assert result.code == 0, result.err
    return gmtool


def log_size(gmtool) -> int:  # type: ignore[no-untyped-def]
    return len(json.loads(gmtool("log", "--json").out))


def test_tick_json_contract(demo):
    result = demo(
        "astral",
        "tick",
        "--act",
        "Ana attack Wisp",
        "--act",
        "Wisp attack Ana",
        "--act",
        "Cy speak Careful!",
        "--dice",
        "ana=5,6",
        "--json",
    )
    assert result.code == 0, result.err
    doc = json.loads(result.out)
    assert set(doc) == {"tick", "cv", "aura", "knocked_out", "distances", "events"}
    assert doc["tick"] == 1
    assert doc["cv"] == {"Ana": 11 - 2, "Wisp": 7 - 2}
    assert doc["aura"]["Wisp"] == {"before": 6, "after": 2}
    assert doc["aura"]["Ana"] == {"before": 12, "after": 12}
    assert doc["knocked_out"] == []
    assert doc["distances"]["Ana"]["Wisp"] == doc["distances"]["Wisp"]["Ana"] == "far"
    assert all(isinstance(e, dict) and "event" in e for e in doc["events"])
    speech = next(e for e in doc["events"] if e["event"] == "speak")
    assert speech["heard_by"] == ["Ana"]


def test_tick_is_logged_and_undoable(demo):
    assert log_size(demo) == 0
    demo("astral", "tick", "--act", "Ana attack Wisp", "--dice", "Ana=6,6")
    status = json.loads(demo("status", "--json").out)
    wisp = next(e for e in status["entities"] if e["name"] == "Wisp")
    assert status["tick"] == 1 and wisp["aura"] == 3
    entry = json.loads(demo("log", "--json").out)[0]
    assert entry["what"] == "tick 1" and entry["outcome"] == "Wisp -3"
    assert demo("undo").code == 0
    status = json.loads(demo("status", "--json").out)
    assert status["tick"] == 0
    assert next(e for e in status["entities"] if e["name"] == "Wisp")["aura"] == 6
    assert demo("redo").code == 0
    assert json.loads(demo("status", "--json").out)["tick"] == 1


def test_a_fight_and_a_task_from_the_terminal(demo):
    assert (
        demo("astral", "add", "Shade", "--npc", "--tn", "5", "--aura", "2", "--at", "near").code
        == 0
    )
    doc = json.loads(
        demo("astral", "tick", "--act", "Cy attack Shade", "--dice", "Cy=4,4", "--json").out
    )
    assert doc["knocked_out"] == ["Shade"]
    out = demo("astral", "disturb", "Ana", "Shade", "--dice", "2,2", "--json")
    assert json.loads(out.out)["events"][0]["woke"] is True
    for faces in (None, None, "3,3"):
        args = ["astral", "tick", "--act", "Ana work Unseal"]
        demo(*args, *(["--dice", f"Ana={faces}"] if faces else []))
    task = json.loads(demo("status", "--json").out)["tasks"][0]
    assert task["status"] == "partial"
    doc = json.loads(demo("astral", "task", "salvage", "unseal", "--dice", "4,4", "--json").out)
    assert doc["events"][0]["status"] == "succeeded"
    assert log_size(demo) == 7  # add, tick, disturb, three ticks of work, salvage


def test_away_lockout_and_final_attack(demo):
    demo("astral", "distance", "Cy", "Wisp", "near")
    demo(
        "astral",
        "tick",
        "--act",
        "Wisp attack Cy",
        "--act",
        "Ana move Cy to away",
        "--dice",
        "Cy=3,3",
        "--dice",
        "GM=1,1",
    )
    result = demo("astral", "tick", "--act", "Ana move Cy to near")
    assert (
        result.code == 4 and "cannot come back for 14 more ticks and the final attack" in result.err
    )
    assert demo("astral", "final-attack").code == 0
    status = json.loads(demo("status", "--json").out)
    assert status["timers"][0]["waits_for_final_attack"] is False


def test_odds_json_is_exact(demo):
    doc = json.loads(demo("astral", "odds", "Ana", "Wisp", "--json").out)
    assert doc["attacker_cv"] == "2d6-2" and doc["target_cv"] == "TN 7"
    assert doc["beats"]["fraction"] == "1/6"  # 2d6 - 2 > 7: ten or more


def test_human_views_render(demo):
    for args in (("status",), ("astral", "odds", "Ana", "Cy", "--blocked-by", "Wisp")):
        result = demo(*args)
        assert result.code == 0 and result.out.strip(), result.err
    result = demo("astral", "tick", "--act", "Ana move Gate to touching")
    assert result.code == 0 and "distances" in result.out


@pytest.mark.parametrize(
    ("args", "needle", "code"),
    [
        (
            ("tick", "--act", "Zed attack Ana"),
            "unknown character 'Zed' (valid: Ana, Cy, Wisp, Warden)",
            2,
        ),
        (("tick", "--act", "Ana attack Wisp", "--act", "Ana rest"), "two actions", 4),
        (("tick", "--act", "Ana juggle"), "unknown action 'juggle'", 2),
        (("tick", "--act", "Ana attack Warden"), "Warden is Away from Ana", 4),
        (("tick", "--act", "Ana attack Wisp", "--dice", "Cy=3,3"), "Cy, who rolls no dice", 5),
        (("tick", "--act", "Ana attack Wisp", "--dice", "Wisp=3,3"), "Wisp is an NPC", 5),
        (
            ("tick", "--act", "Ana attack Wisp", "--dice", "Ana=3,7"),
            "face for Ana, 7, is not on a d6",
            5,
        ),
        (
            ("tick", "--act", "Ana attack Wisp", "--dice", "Ana=0,2"),
            "face for Ana, 0, is not on a d6",
            5,
        ),
        (("tick", "--act", "Ana attack Wisp", "--dice", "Ana=x,2"), "not a whole number", 5),
        (("tick", "--act", "Ana attack Wisp", "--dice", "1,2", "--dice", "3,4"), "one --dice", 2),
        (
            ("tick", "--act", "Ana attack Wisp", "--dice", "Ana=1,2", "--dice", "ana=3,4"),
            "faces for Ana are given twice",
            2,
        ),
        (("add", "Ana"), "already an entity called Ana", 4),
        (("add", "Rock", "--npc", "--object"), "not both", 2),
        (("distance", "Ana", "Cy", "beside"), "unknown distance 'beside'", 2),
        (("task", "new", "T", "--by", "Lens", "--ticks", "2"), "Lens is an object", 4),
        (("task", "salvage", "Unseal"), "only a partial success", 4),
        (("disturb", "Ana", "Wisp"), "not unconscious", 4),
        (("final-attack",), "no attack", 4),
        (
            ("set", "Ana", "--aura", "99"),
            "Ana's Aura would be 99, above their starting Aura of 12",
            4,
        ),
        (("set", "Ana", "--aura", "-1"), "at least 1, not -1", 4),
        (("set", "Cy", "--starting-aura", "8"), "give --aura 8 as well, or add --force", 4),
        (("odds", "Ana", "Nobody"), "unknown character 'Nobody'", 2),
        (("odds", "Ana", "Cy", "--target-action", "dance"), "unknown action 'dance'", 2),
    ],
)
def test_bad_input_one_line_non_zero_nothing_logged(demo, args, needle, code):
    result = demo("astral", *args)
    assert result.code == code, (result.out, result.err)
    assert result.err.count("\n") == 1 and result.err.startswith("error: ")
    assert needle in result.err
    assert result.out == ""
    assert log_size(demo) == 0


def test_astral_commands_refuse_another_system(gmtool):
    assert gmtool("campaign", "new", "other", "--system", "starships").code == 0
    result = gmtool("astral", "tick")
    assert result.code == 2 and "plays starships, not astral" in result.err


def test_every_command_has_help(gmtool):
    for args in (
        ("tick",),
        ("add",),
        ("set",),
        ("distance",),
        ("task", "new"),
        ("task", "salvage"),
        ("disturb",),
        ("final-attack",),
        ("odds",),
    ):
        result = gmtool("astral", *args, "--help")
        assert result.code == 0 and len(result.out) > 100


def test_undo_replays_virtual_dice_exactly(demo):
    steps = [
        ("astral", "distance", "Cy", "Wisp", "near"),
        ("astral", "tick", "--act", "Cy attack Wisp", "--act", "Ana move Cy to away"),
        ("astral", "tick", "--act", "Ana work Unseal", "--act", "Cy attack Wisp"),
    ]
    for args in steps:
        assert demo(*args).code == 0
    before = json.loads(demo("status", "--json").out)
    assert before["timers"] and before["timers"][0]["kind"] == "lockout"
    assert demo("astral", "tick", "--act", "Ana work Unseal", "--act", "Cy rest").code == 0
    assert json.loads(demo("status", "--json").out) != before
    assert demo("undo").code == 0
    assert json.loads(demo("status", "--json").out) == before


def test_a_pc_rolling_twice_in_a_tick_gives_all_its_faces_in_order(demo):
    for _ in range(2):
        assert demo("astral", "tick", "--act", "Ana work Unseal").code == 0
    args = ("--act", "Ana work Unseal", "--act", "Wisp attack Ana", "--dice", "Ana=4,5,3,3")
    doc = json.loads(demo("astral", "tick", *args, "--json").out)
    assert doc["cv"]["Ana"] == 9
    work = next(e for e in doc["events"] if e["event"] == "work")
    assert (work["total"], work["status"]) == (3 + 3 + 2, "partial")


def test_set_aura_beyond_the_bounds_only_with_force(demo):
    forced = demo("astral", "set", "Ana", "--aura", "14", "--force", "--json")
    assert forced.code == 0, forced.err
    ana = next(
        e for e in json.loads(demo("status", "--json").out)["entities"] if e["name"] == "Ana"
    )
    assert (ana["aura"], ana["starting_aura"]) == (14, 12)
    assert demo("astral", "set", "Ana", "--aura", "12").code == 0
    assert demo("astral", "set", "Ana", "--aura", "0", "--force").code == 0
    # Aura 0 set by hand: the next tick counts Ana out, as the rules' last step says.
    ticked = json.loads(demo("astral", "tick", "--dice", "GM=1,1", "--json").out)
    assert ticked["knocked_out"] == ["Ana"]
