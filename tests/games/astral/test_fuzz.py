"""Any declarations and faces either resolve or raise a handled error; replaying the
recorded faces gives the same state (what undo and redo rely on)."""

from __future__ import annotations

import copy
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from gmtool.dice import DiceDoor, Rng
from gmtool.errors import GmtoolError
from gmtool.games.astral.game import SYSTEM
from tests.games.astral.conftest import cast

NAMES = ["Ana", "Cy", "Wisp", "Orb", "Zed"]
ACTIONS = ["attack", "block", "defend", "examine", "hesitate", "rest", "speak", "dance"]
DISTANCES = ["touching", "near", "far", "away"]

declaration = st.one_of(
    st.builds(
        lambda w, a, t: f"{w} {a} {t}",
        st.sampled_from(NAMES),
        st.sampled_from(ACTIONS),
        st.sampled_from(NAMES),
    ),
    st.builds(lambda w, a: f"{w} {a}", st.sampled_from(NAMES), st.sampled_from(ACTIONS)),
    st.builds(
        lambda w, t, d: f"{w} move {t} to {d}",
        st.sampled_from(NAMES),
        st.sampled_from(NAMES),
        st.sampled_from(DISTANCES),
    ),
)
pairs = st.lists(
    st.tuples(st.sampled_from(NAMES[:4]), st.sampled_from(NAMES[:4]), st.sampled_from(DISTANCES)),
    max_size=4,
)


def by(who: str) -> st.SearchStrategy[str | None]:
    """A declaration for ``who`` that is usually legal."""
    targets = st.sampled_from(NAMES[:4])
    return st.one_of(
        st.none(),
        st.builds(lambda a, t: f"{who} {a} {t}", st.sampled_from(["attack", "block"]), targets),
        st.builds(lambda a: f"{who} {a}", st.sampled_from(["defend", "hesitate", "rest"])),
        st.builds(lambda t, d: f"{who} move {t} to {d}", targets, st.sampled_from(DISTANCES)),
    )


mostly_legal = st.tuples(by("Ana"), by("Cy"), by("Wisp")).map(lambda t: [d for d in t if d])
ticks = st.lists(
    st.one_of(mostly_legal, mostly_legal, st.lists(declaration, max_size=5)), min_size=1, max_size=4
)


@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    plan=ticks,
    layout=pairs,
    seed=st.integers(0, 2**32),
    auras=st.tuples(st.integers(1, 12), st.integers(1, 12), st.integers(1, 6)),
)
def test_ticks_resolve_or_refuse_and_replay_exactly(content, plan, layout, seed, auras):
    state = cast(content)
    for a, b, d in layout:
        if a != b:
            state["distances"][a][b] = state["distances"][b][a] = d
    for entity, aura in zip(state["entities"], auras, strict=False):
        entity["aura"] = aura
    for index, decls in enumerate(plan):
        state = _tick_and_replay(content, state, decls, seed + index)


def _tick_and_replay(content, state, decls, seed):  # type: ignore[no-untyped-def]
    action = {"type": "tick", "declarations": decls}
    door = DiceDoor(Rng(seed))
    try:
        outcome = SYSTEM.apply(copy.deepcopy(state), action, door, content)
    except GmtoolError as error:
        assert error.line() and "\n" not in error.line()
        return state
    matrix = outcome.state["distances"]
    assert all(matrix[a][b] == matrix[b][a] for a in matrix for b in matrix[a])
    assert set(outcome.result) == {"tick", "cv", "aura", "knocked_out", "distances", "events"}
    for name in outcome.result["knocked_out"]:
        gone = next(e for e in outcome.state["entities"] if e["name"] == name)
        assert gone["aura"] <= 0 and gone["condition"] in ("gone", "unconscious")
    faces = [face for roll in door.rolls for face in roll.faces]
    replay = DiceDoor(entered=faces)
    again = SYSTEM.apply(copy.deepcopy(state), action, replay, content)
    replay.finish()
    assert again.state == outcome.state
    recorded = json.dumps(outcome.result).replace('"source": "rolled"', '"source": "entered"')
    assert json.dumps(again.result) == recorded
    return outcome.state
