"""Tasks: ticks of work, the final roll against the TN, and the one salvage roll."""

from __future__ import annotations

import pytest

from gmtool.errors import RulesError, UsageError
from gmtool.games.astral.game import SYSTEM
from tests.games.astral.conftest import cast, door, events, play, tick


def with_task(content, ticks=2, tn=8, knowledge="runes", by="Ana"):
    action = {
        "type": "task_new",
        "name": "Unseal",
        "by": by,
        "ticks": ticks,
        "tn": tn,
        "knowledge": knowledge,
    }
    return play(cast(content), content, action, door()).state


def finish(state, content, faces, who="Ana"):
    for _ in range(state["tasks"][0]["ticks"] - 1):
        state = tick(state, content, f"{who} work Unseal").state
    return tick(
        state, content, f"{who} work unseal", dice=door(**{who: faces}) if faces else door()
    )


def test_work_advances_one_tick_without_rolling(content):
    state = with_task(content, ticks=3)
    out = tick(state, content, "Ana work Unseal")
    assert out.state["tasks"][0]["done"] == 1 and out.state["tasks"][0]["status"] == "open"
    assert "roll" not in events(out, "work")[0]


@pytest.mark.parametrize(
    ("faces", "knowledge", "status"),
    [
        ((3, 3), "runes", "partial"),  # 6 + 2 = 8 = TN
        ((3, 4), "runes", "succeeded"),  # 9 > 8
        ((2, 3), "runes", "failed"),  # 7 < 8
        ((4, 4), "stars", "partial"),  # no relevant Knowledge: 8 = TN
        ((3, 4), "stars", "failed"),  # 7 < 8
        ((4, 5), "stars", "succeeded"),
    ],
)
def test_task_roll_against_tn_with_knowledge(content, faces, knowledge, status):
    out = finish(with_task(content, knowledge=knowledge), content, faces)
    task = out.state["tasks"][0]
    assert task["status"] == status and task["done"] == 2
    work = events(out, "work")[0]
    assert work["knowledge_bonus"] == (2 if knowledge == "runes" else 0)


def test_task_without_tn_cannot_fail(content):
    out = finish(with_task(content, tn=None), content, ())
    assert out.state["tasks"][0]["status"] == "succeeded"


def test_knowledge_matches_any_case(content):
    out = finish(with_task(content, knowledge="RUNES"), content, (3, 4))
    assert events(out, "work")[0]["total"] == 9


@pytest.mark.parametrize(("faces", "status"), [((3, 2), "failed"), ((3, 3), "succeeded")])
def test_salvage_once_at_plus_one_fails_at_or_below_tn(content, faces, status):
    # partial at 8; salvage: 2d6 + 1 + 2 (runes); 5+3 = 8 <= 8 fails, 6+3 = 9 succeeds
    state = finish(with_task(content), content, (3, 3)).state
    out = play(state, content, {"type": "salvage", "task": "Unseal"}, door(Ana=faces))
    assert out.state["tasks"][0]["status"] == status
    assert out.result["events"][0]["bonus"] == 3
    with pytest.raises(RulesError, match="only a partial success"):
        play(out.state, content, {"type": "salvage", "task": "Unseal"}, door(Ana=(6, 6)))


def test_salvage_without_knowledge_bonus_setting(content):
    tuned = SYSTEM.load_content({"tasks": {"salvage_keeps_knowledge_bonus": False}})
    state = finish(with_task(content), content, (3, 3)).state
    out = play(state, tuned, {"type": "salvage", "task": "Unseal"}, door(Ana=(4, 4)))
    assert out.result["events"][0]["total"] == 9
    assert out.state["tasks"][0]["status"] == "succeeded"


def test_salvage_only_after_a_tie(content):
    state = finish(with_task(content), content, (6, 6)).state
    with pytest.raises(RulesError, match="succeeded"):
        play(state, content, {"type": "salvage", "task": "Unseal"}, door(Ana=(1, 1)))


def test_finished_task_cannot_be_worked(content):
    state = finish(with_task(content), content, (6, 6)).state
    with pytest.raises(RulesError, match="already finished"):
        tick(state, content, "Ana work Unseal")


def test_only_the_owner_works_a_task(content):
    with pytest.raises(RulesError, match="Ana's, not Cy's"):
        tick(with_task(content), content, "Cy work Unseal")


def worker_hit_down(content, rules, *, ticks=2, ana=(1, 1)):
    """Ana (1 Aura) works on Unseal while Cy's 12 takes her to 1 - (12 - 2) = -9."""
    state = with_task(content, ticks=ticks)
    state["entities"][0]["aura"] = 1
    faces = door(Ana=ana, Cy=(6, 6), GM=(1, 1))
    return state, tick(state, rules, "Ana work Unseal", "Cy attack Ana", dice=faces)


def test_a_worker_knocked_out_this_tick_still_works_before_the_count(content):
    # Her work still "takes effect" (the rules' order) before she suffers the knock-out.
    _, out = worker_hit_down(content, content)
    assert out.state["tasks"][0]["done"] == 1
    assert out.result["knocked_out"] == ["Ana"]


def test_knocked_out_worker_makes_no_progress_when_counted_after_attacks(content):
    tuned = SYSTEM.load_content({"knockout": {"counted_after": "attacks"}})
    _, out = worker_hit_down(content, tuned)
    assert out.state["tasks"][0]["done"] == 0


def test_task_faces_of_a_worker_knocked_out_first_are_logged_not_counted(content):
    # Counted after the attacks, Ana is out before her last tick of work lands; the table
    # already rolled her task dice (4, 5): they are kept, not counted.
    tuned = SYSTEM.load_content({"knockout": {"counted_after": "attacks"}})
    state, out = worker_hit_down(content, tuned, ticks=1, ana=(1, 1, 4, 5))
    assert out.state["tasks"][0] == {**state["tasks"][0], "done": 0, "status": "open"}
    unused = events(out, "not_counted")
    assert len(unused) == 1 and unused[0]["who"] == "Ana"
    assert [d["face"] for d in unused[0]["roll"]["dice"]] == [4, 5]
    assert unused[0]["why"] == "Ana was knocked out before finishing Unseal"
    # Without those faces nothing is rolled for the task at all.
    _, quiet = worker_hit_down(content, tuned, ticks=1)
    assert events(quiet, "not_counted") == []


def test_task_errors(content):
    state = cast(content)
    with pytest.raises(RulesError, match="at least 1 tick"):
        play(state, content, {"type": "task_new", "name": "X", "by": "Ana", "ticks": 0}, door())
    with pytest.raises(UsageError) as info:
        play(state, content, {"type": "task_new", "name": "X", "by": "Zed", "ticks": 1}, door())
    assert "valid: Ana, Cy, Wisp" in info.value.line()
    with pytest.raises(RulesError, match="object"):
        play(state, content, {"type": "task_new", "name": "X", "by": "Orb", "ticks": 1}, door())
    with pytest.raises(UsageError, match="unknown task"):
        tick(state, content, "Ana work Nothing")


@pytest.mark.parametrize("act", ["Ana work Open the gate", 'Ana work "open the gate"'])
def test_a_task_named_in_several_words_can_be_worked(content, act):
    action = {"type": "task_new", "name": "Open the gate", "by": "Ana", "ticks": 2}
    state = play(cast(content), content, action, door()).state
    out = tick(state, content, act)
    assert out.state["tasks"][0]["done"] == 1


@pytest.mark.parametrize("done", [0, 1])
def test_two_workers_finishing_a_task_together_roll_once(content, done):
    shared = SYSTEM.load_content({"tasks": {"only_owner_works": False}})
    state = with_task(content, ticks=2, tn=6, knowledge=None)
    state["tasks"][0]["done"] = done
    out = tick(state, shared, "Ana work Unseal", "Cy work Unseal", dice=door(Ana=(3, 4)))
    task = out.state["tasks"][0]
    assert (task["status"], task["done"]) == ("succeeded", 2)  # 7 > TN 6
    rolled = [None, 7] if done == 0 else [7, None]  # the worker who finishes it rolls
    assert [e.get("total") for e in events(out, "work")] == rolled
