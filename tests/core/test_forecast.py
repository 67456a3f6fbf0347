"""The shared forecast mechanism: intervals, quantiles, enumeration of every branch."""

from __future__ import annotations

import pytest
from rich.console import Console

from gmtool.dice import DiceDoor
from gmtool.engine.forecast import (
    EnumeratingRng,
    Record,
    Tally,
    chance,
    measure,
    report,
    wilson,
)
from gmtool.render.forecast import forecast, svg


def test_wilson_interval_of_half_in_a_hundred() -> None:
    # (p + z²/2n ± z·sqrt(p(1-p)/n + z²/4n²)) / (1 + z²/n), with z = 1.96, p = 0.5, n = 100
    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-4)
    assert high == pytest.approx(0.5962, abs=1e-4)


def test_wilson_interval_of_none_seen_is_not_empty() -> None:
    low, high = wilson(0, 10)
    assert low == 0.0
    assert high == pytest.approx(0.2775, abs=1e-4)


def test_an_exact_chance_has_no_interval() -> None:
    assert chance(1, 4, exact=True) == {"p": 0.25, "exact": True}
    assert set(chance(1, 4, exact=False)) == {"p", "low", "high"}


def test_enumerating_two_dice_walks_all_36_sums_with_their_chances() -> None:
    rng = EnumeratingRng()
    totals: dict[int, float] = {}
    paths = 0
    while True:
        rng.depth = 0
        total = DiceDoor(rng).roll("2d6").total
        totals[total] = totals.get(total, 0.0) + rng.weight()
        paths += 1
        if not rng.advance():
            break
    assert paths == 36
    assert totals[7] == pytest.approx(6 / 36)
    assert totals[2] == pytest.approx(1 / 36)
    assert sum(totals.values()) == pytest.approx(1.0)


def test_measures_give_median_and_percentiles_from_weights() -> None:
    tally = Tally(("a", "b"))
    for value in range(1, 11):  # 1..10, once each
        tally.add(Record("a", measures={"n": float(value)}))
    figures = measure(tally.measures["n"])
    assert figures["median"] == 5.0
    assert figures["p10"] == 1.0
    assert figures["p90"] == 9.0
    assert figures["mean"] == 5.5


def test_merged_tallies_add_up() -> None:
    one, two = Tally(("a",)), Tally(("a",))
    one.add(Record("a", ("down: x",), {"n": 1.0}))
    two.add(Record("", (), {"n": 2.0}))
    one.merge(two)
    assert one.games == 2 and one.wins == {"a": 1.0, "": 1.0}
    assert one.events == {"down: x": 1.0} and one.measures["n"] == {1.0: 1.0, 2.0: 1.0}


def test_a_win_is_said_in_the_game_s_words_and_a_seat_keeps_its_name() -> None:
    tally = Tally(("party", "enemies", "Red"))
    for winner in ("party", "party", "party", "enemies", "Red"):
        tally.add(Record(winner, (), {"rounds": 1.0}))
    said = {"party": "the party wins", "enemies": "the enemies win"}
    doc = report(tally, exact=False, main="rounds", seed=1, policies={}, what="x", wins_said=said)
    assert doc["wins_said"] == {**said, "Red": "Red wins"}
    console = Console(width=80, record=True)
    console.print(forecast(doc))
    shown = console.export_text()
    assert "the party wins   60.0%" in shown and "the enemies win  20.0%" in shown
    assert "Red wins" in shown and "enemies wins" not in shown
    assert "the party wins 60.0%; the enemies win 20.0%; Red wins 20.0%" in svg(doc)


def test_ctrl_c_keeps_the_figures_of_the_games_finished() -> None:
    from gmtool.engine import forecast as F
    from gmtool.games.astral.game import SYSTEM
    from gmtool.games.astral.rules import forecast as rules

    content = SYSTEM.load_content({})
    options = {
        "entities": {"Ana": {"kind": "pc"}, "Rex": {"kind": "npc", "tn": 7, "aura": 6}},
        "distances": ["Ana Rex near"],
    }
    state = SYSTEM.new_state(content, options, DiceDoor(F.Rng(0)))
    start = rules.start(SYSTEM, state, content, fresh=False)
    setup = F.Setup(SYSTEM, rules, content, start, F.policies_for(rules, {"pcs": "random"}))

    def interrupt(done: int) -> None:
        if done == 12:
            raise KeyboardInterrupt

    outcome = F.forecast(setup, 1000, seed=3, on_game=interrupt)
    assert outcome.stopped and outcome.tally.runs == 12
    # Over two processes: the shares finished before it (the first 32 of 1000 games,
    # 16 shares a process), the same games as one process plays first.
    shared = F.forecast(setup, 1000, seed=3, jobs=2, on_game=_stop_at_once)
    assert shared.stopped and shared.tally.runs == 32
    alone = F.forecast(setup, 32, seed=3)
    assert shared.tally.wins == alone.tally.wins and shared.tally.measures == alone.tally.measures
    doc = F.report(
        outcome.tally,
        exact=False,
        main="ticks",
        seed=3,
        policies=setup.policies,
        what="",
        stopped=True,
    )
    assert doc["runs"] == 12 and doc["stopped"] is True


def _stop_at_once(done: int) -> None:
    raise KeyboardInterrupt
