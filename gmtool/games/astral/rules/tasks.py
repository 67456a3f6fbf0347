"""Tasks: ticks of work, then 2d6 (+ Knowledge) against the TN; a salvage roll on a tie."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from gmtool.dice import DiceDoor
from gmtool.engine.system import Outcome
from gmtool.errors import RulesError
from gmtool.games.astral.rules.content import AstralContent
from gmtool.games.astral.rules.lookups import BEINGS, State, Task, check_present, find, find_task

Event = dict[str, Any]


def new_task(state: State, action: Mapping[str, Any], content: AstralContent) -> Outcome:
    name = str(action.get("name", "")).strip()
    if not name:
        raise RulesError(
            "a task needs a name", hint='e.g. task new "Open the gate" --by Ana --ticks 3'
        )
    if any(t["name"].casefold() == name.casefold() for t in state["tasks"]):
        raise RulesError(f"there is already a task called {name}", hint="choose another name")
    owner = find(state, str(action.get("by", "")), kinds=BEINGS)
    ticks, tn = action.get("ticks"), action.get("tn")
    if isinstance(ticks, bool) or not isinstance(ticks, int) or ticks < 1:
        raise RulesError(
            f"task {name} needs at least 1 tick of work, not {ticks}",
            hint="the Referee sets how many ticks, e.g. --ticks 3",
        )
    if tn is not None and (isinstance(tn, bool) or not isinstance(tn, int) or tn < 0):
        raise RulesError(f"task {name}'s TN must be a whole number of 0 or more, not {tn}")
    knowledge = action.get("knowledge") or None
    task: Task = {
        "name": name,
        "by": owner["name"],
        "ticks": ticks,
        "done": 0,
        "tn": tn,
        "knowledge": knowledge,
        "status": "open",
        "salvaged": False,
    }
    state["tasks"].append(task)
    odds = f"TN {tn}" if tn is not None else "cannot fail"
    return Outcome(
        state,
        {"event": "task_new", "task": task},
        who=owner["name"],
        what=f"task {name}",
        outcome=f"{ticks} ticks, {odds}",
    )


def is_relevant(state: State, task: Task) -> bool:
    """Whether the worker's Knowledge includes the task's area."""
    if not task["knowledge"]:
        return False
    owner = find(state, task["by"])
    return task["knowledge"].casefold() in (k.casefold() for k in owner["knowledge"])


def finishes_with_roll(task: Task, workers: int = 1) -> bool:
    """Whether this many ticks of work end the task with a roll."""
    return task["done"] < task["ticks"] <= task["done"] + workers and task["tn"] is not None


def work(state: State, content: AstralContent, dice: DiceDoor, who: str, name: str) -> Event:
    """One tick of work; the roll comes when the last tick is done."""
    task = find_task(state, name)
    if task["status"] != "open":  # another worker finished it earlier in this tick
        return {"event": "work", "who": who, "task": task["name"], "effect": "none: finished"}
    task["done"] += 1
    event: Event = {
        "event": "work",
        "who": who,
        "task": task["name"],
        "done": task["done"],
        "ticks": task["ticks"],
    }
    if task["done"] < task["ticks"]:
        return event
    if task["tn"] is None:
        task["status"] = "succeeded"
        event["status"] = "succeeded"
        return event
    bonus = content.tasks.knowledge_bonus if is_relevant(state, task) else 0
    roll = dice.roll(content.tasks.dice, who=task["by"], label=f"task {task['name']}")
    total = roll.total + bonus
    if total < task["tn"]:
        task["status"] = "failed"
    elif total > task["tn"]:
        task["status"] = "succeeded"
    else:
        task["status"] = "partial"
    event.update(
        {
            "roll": roll.to_json(),
            "knowledge_bonus": bonus,
            "total": total,
            "tn": task["tn"],
            "status": task["status"],
        }
    )
    return event


def salvage(
    state: State, action: Mapping[str, Any], dice: DiceDoor, content: AstralContent
) -> Outcome:
    task = find_task(state, str(action.get("task", "")))
    if task["status"] != "partial":
        raise RulesError(
            f"task {task['name']} is {task['status']}: only a partial success can be salvaged",
            hint="salvage after a task's roll equals its TN",
        )
    if task["salvaged"]:
        raise RulesError(f"task {task['name']} was already salvaged once")
    check_present(state, find(state, task["by"]), "salvage a task")
    keeps = content.tasks.salvage_keeps_knowledge_bonus and is_relevant(state, task)
    bonus = content.tasks.salvage_bonus + (content.tasks.knowledge_bonus if keeps else 0)
    roll = dice.roll(content.tasks.dice, who=task["by"], label=f"salvage {task['name']}")
    total = roll.total + bonus
    task["salvaged"] = True
    tn = task["tn"]
    assert tn is not None  # only a task with a TN can be partly done
    task["status"] = "failed" if total <= tn else "succeeded"
    event = {
        "event": "salvage",
        "who": task["by"],
        "task": task["name"],
        "roll": roll.to_json(),
        "bonus": bonus,
        "total": total,
        "tn": task["tn"],
        "status": task["status"],
    }
    return Outcome(
        state,
        {"events": [event]},
        who=task["by"],
        what=f"salvage {task['name']}",
        outcome=f"{total} vs TN {task['tn']}: {task['status']}",
    )
