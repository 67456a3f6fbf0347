"""The simulator: whole games end, cards and Fortunes are conserved, runs repeat."""

from __future__ import annotations

import copy

import pytest

from gmtool.dice import DiceDoor, Rng
from gmtool.errors import UsageError
from gmtool.games.foodfight.rules.match import Match
from gmtool.games.foodfight.rules.moves import apply_action, play
from gmtool.games.foodfight.rules.offers import defence, offer
from gmtool.games.foodfight.rules.policies import ANSWERS, POLICIES
from gmtool.games.foodfight.rules.setup import new_state
from gmtool.games.foodfight.rules.simulate import play_game, simulate
from gmtool.games.foodfight.rules.track import token_move_document

from .helpers import NAMES, content


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_reports_add_up_and_repeat_with_the_seed(policy: str) -> None:
    report = simulate(30, 5, policy)
    doc = report.to_json()
    assert sum(report.wins.values()) + report.unfinished + report.no_winner == 30
    assert report.unfinished == 0  # ties go to the defender, so every battle costs a card
    assert sum(report.ended_by.values()) == 30
    assert sum(report.eliminations.values()) == 3 * 30
    assert abs(sum(doc["win_rate"].values()) - 1) < 1e-3  # each rate is rounded to 4 places
    assert 18 <= doc["average_length"] <= 4 * 18 * 2
    assert simulate(30, 5, policy).to_json() == doc
    assert simulate(30, 6, policy).to_json() != doc


def test_progress_is_reported_per_game() -> None:
    seen: list[int] = []
    simulate(3, 1, "random", on_game=seen.append)
    assert seen == [1, 2, 3]


def test_an_unknown_policy_is_refused() -> None:
    with pytest.raises(UsageError, match="unknown policy 'smart'"):
        simulate(1, 1, "smart")


@pytest.mark.parametrize("policy", ["random", "greedy"])
def test_every_move_conserves_cards_and_fortunes(policy: str) -> None:
    choose, _ = POLICIES[policy]
    answer = ANSWERS[policy]
    for seed in range(4):
        door = DiceDoor(Rng(seed))
        thinking = Rng(seed + 100)
        state = new_state(content(), {"players": NAMES}, door)
        while not state["over"]:
            match = Match(state)
            offered = offer(match)
            assert offered is not None
            apply_action(state, (answer if offered.answering else choose)(match, offered, thinking))
            cards = sum(len(pile) for p in state["players"] for pile in p["piles"])
            assert cards + len(state["discards"]) == 72
            hands = sum(len(p["fortunes"]) for p in state["players"])
            played = len(state["battle"]["plays"]) if state["battle"] else 0
            held = hands + played + len(state["fortune_deck"])
            assert held + len(state["fortune_discards"]) == 16
            for p in state["players"]:
                assert 0 <= p["track_position"] <= 20
                assert (p["out"] is not None) == (p["track_position"] >= 20 or not any(p["piles"]))
        assert state["winner"] in NAMES


def test_a_game_replays_exactly_from_its_actions() -> None:
    choose, _ = POLICIES["random"]
    state = new_state(content(), {"players": NAMES}, DiceDoor(Rng(3)))
    start = copy.deepcopy(state)
    thinking = Rng(9)
    actions = []
    while not state["over"]:
        player = ANSWERS["random"] if state["battle"] is not None else choose
        match = Match(state)
        offered = offer(match)
        assert offered is not None
        actions.append(player(match, offered, thinking))
        apply_action(state, actions[-1])
    replayed = start
    for action in actions:
        apply_action(replayed, action)
    assert replayed == state


@pytest.mark.parametrize("policy", ["random", "greedy"])
@pytest.mark.parametrize("timing", ["after_reveal", "blind"])
def test_the_simulators_unchecked_quiet_moves_leave_the_referees_state(
    policy: str, timing: str
) -> None:
    # The simulator plays moves unchecked and without documents, and reads the open piles
    # and face-down salt the match keeps; the referee checks, documents and narrates.
    choose, defend = POLICIES[policy]
    refereed = new_state(content(), {"players": NAMES}, DiceDoor(Rng(4)))
    refereed["rules"]["fortune_timing"] = timing
    simulated = copy.deepcopy(refereed)
    match = Match(simulated)
    thinking = Rng(8)
    while not refereed["over"]:
        offered = offer(match)
        assert offered is not None
        action = choose(match, offered, thinking)
        if action["type"] == "attack" and timing == "blind":
            declared = defend(match, action, defence(match, action["target"]), thinking)
            action["fortunes"] = action.get("fortunes", []) + ([declared] if declared else [])
        done = apply_action(refereed, copy.deepcopy(action)).result
        quiet = play(match, action)
        while not done.get("resolved", True):
            match.store()
            assert quiet is None and simulated == refereed
            asked = offer(match)
            assert asked is not None and asked.answering
            answer = ANSWERS[policy](match, asked, thinking)
            done = apply_action(refereed, answer).result
            quiet = play(match, answer)
        match.store()
        assert quiet is not None and simulated == refereed
        assert [token_move_document(move) for move in quiet] == done["moves"]
        counted = Match(simulated)  # what the match kept up to date, counted again
        for kept, player, recounted in zip(
            match.players, simulated["players"], counted.players, strict=True
        ):
            stored = [number for number, pile in enumerate(player["piles"], 1) if pile]
            assert kept.open_piles == stored == recounted.open_piles
            assert kept.face_up_salt == recounted.face_up_salt
            assert (kept.hidden_salt, kept.hidden_cards) == (
                recounted.hidden_salt,
                recounted.hidden_cards,
            )
        assert [seat.name for seat in match.standing] == [seat.name for seat in counted.standing]


def test_one_game_record() -> None:
    record = play_game(content(), "greedy", 11)
    assert record["winner"] in {"Yellow", "Blue", "Red", "Green"}
    assert record["ended_by"] in {"towers", "health"} and len(record["out"]) == 3
    assert record["winner"] not in record["out"] and record["moves"] >= 18


@pytest.mark.parametrize("jobs", [2, 3])
def test_games_shared_between_processes_give_the_same_report(jobs: int) -> None:
    alone = simulate(25, 9, "greedy").to_json()
    seen: list[int] = []
    shared = simulate(25, 9, "greedy", jobs=jobs, on_game=seen.append)
    assert shared.to_json() == alone
    # progress comes as each share of the games is done, a few shares per process
    assert seen == sorted(seen) and seen[-1] == 25 and len(seen) > 1


def test_simulate_takes_jobs_on_the_command_line(gmtool) -> None:  # type: ignore[no-untyped-def]
    import json

    argv = ("foodfight", "simulate", "--games", "12", "--seed", "4", "--json")
    alone = json.loads(gmtool(*argv).out)
    shared = json.loads(gmtool(*argv, "--jobs", "2").out)
    alone.pop("games_per_second"), shared.pop("games_per_second")
    assert shared == alone and alone["games"] == 12


def test_simulate_starts_no_more_processes_than_the_cap(gmtool) -> None:  # type: ignore[no-untyped-def]
    from gmtool.cli.common import MAX_JOBS

    result = gmtool("foodfight", "simulate", "--games", "2", "--jobs", str(MAX_JOBS + 1))
    assert result.code == 2 and result.out == "" and "--jobs" in result.err


def test_on_the_nine_spaces_track_every_game_ends_on_health() -> None:
    # Eight steps: losing all eighteen cards (every tower) takes at least eighteen steps,
    # so a player always reaches the end of the track first.
    from gmtool.content.campaignfile import read_campaign_file
    from gmtool.content.paths import packaged
    from gmtool.games.foodfight.rules.content import load_content

    campaign = read_campaign_file(packaged("campaigns", "foodfight-nine-spaces.yaml"))
    nine = load_content(campaign["content"])
    assert nine.board.track.length == 8
    report = simulate(40, 2, "greedy", content=nine)
    assert report.ended_by == {"towers": 0, "health": 40}
    assert report.eliminations["towers"] == 0


def test_simulate_refuses_another_systems_campaign_file_in_one_line(gmtool) -> None:  # type: ignore[no-untyped-def]
    result = gmtool("foodfight", "simulate", "--games", "2", "--content", "zauberer-demo")
    assert result.code == 2 and result.out == ""
    assert result.err.strip().splitlines() == [
        "error: zauberer-demo plays zauberer, not foodfight "
        "(name a campaign file with 'system: foodfight')"
    ]
    bundled = gmtool("foodfight", "simulate", "--games", "2", "--content", "foodfight-nine-spaces")
    assert bundled.code == 0, bundled.err
