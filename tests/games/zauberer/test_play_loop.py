"""``gmtool play`` for Zauberer, driven by scripted answers on the shared play loop."""

from __future__ import annotations

from typing import Any

from gmtool.cli.playloop.scripted import ENTER, ESC
from gmtool.engine.game import Game
from gmtool.games.zauberer import play as play_zauberer
from tests.prefix_prompts import PrefixPrompts


def new_game(**options: Any) -> Game:
    teams = {"fire": ["Ana"], "water": ["Bo", "Eve"]}
    return Game.create(
        "loop",
        system_name="zauberer",
        options={"teams": teams, **options},
        overrides={},
        seed=5,
    )


def test_roll_off_moves_forks_a_dungeon_and_the_player_of_the_round() -> None:
    game = new_game()
    script = ["roll off", "6 6 1 2"]  # fire 12, water 3
    script += ["fire rolls to move", "nb1", "6"]  # n0 -> n1 -> nb1: the dungeon stops it
    script += ["fire enters the dungeon", "3 4", "fire ends its turn"]
    script += ["water rolls to move", "Eve", "ea1", "4"]  # e1, ea1: a fountain
    prompts = PrefixPrompts(*script, "quit")
    play_zauberer.run(game, prompts)
    assert prompts.script == []
    state = game.state
    fire, water = state["teams"]
    assert fire["space"] == "nb1" and fire["spell"] is not None
    assert water["space"] == "ea1" and state["phase"] == "blue" and state["player"] == "Eve"
    log = [(e.who, e.what) for e in game.store.entries()]
    assert log == [
        ("fire, water", "roll off"),
        ("fire (Ana)", "move"),
        ("fire (Ana)", "dungeon"),
        ("fire (Ana)", "end turn"),
        ("water (Eve)", "move"),
    ]
    assert "At the fork n1, which way?" in prompts.asked


def duel_game(fire_card: str, earth_card: str | None = None) -> Game:
    game = Game.create(
        "duel",
        system_name="zauberer",
        options={"teams": {"fire": ["Ana"], "earth": ["Di"]}, "first": "fire"},
        overrides={},
        seed=3,
    )
    state = game.state
    state["teams"][0]["space"] = "n5"
    state["teams"][1]["space"] = "centre"
    for team, card in ((state["teams"][0], fire_card), (state["teams"][1], earth_card)):
        if card:
            team["spell"] = card
            state["decks"][state["cards"][card]["clan"]].remove(card)
    state["phase"] = "white"
    with game.store.transaction():
        game.store.set_head_state(state, 0)
    return game


def test_a_duel_roll_asks_attack_cards_shows_the_dice_then_asks_defence_cards() -> None:
    game = duel_game("fireball", "natural_barrier")
    script = ["fire calls out earth", "roll 1"]
    # fire may play its attack card, behind its gate; earth's card is no attack card
    script += [ENTER, "play Fireball"]
    script += ["2 2 1 5"]  # both teams' dice in one question
    script += [ENTER, "no card"]  # earth's defence, after the dice are shown
    prompts = PrefixPrompts(*script, "quit")
    play_zauberer.run(game, prompts)
    assert prompts.script == [], prompts.script
    gates = [q for q in prompts.asked if q.startswith("Pass the screen")]
    assert gates == [
        "Pass the screen to fire (Ana) — press Enter when only fire (Ana) can see it",
        "Pass the screen to earth (Di) — press Enter when only earth (Di) can see it",
    ]
    assert prompts.clears >= 2
    entry = game.store.entries()[-1]
    assert entry.what == "duel round"
    rolls = {roll["who"]: roll for roll in entry.dice}
    assert [d["face"] for d in rolls["fire"]["dice"]] == [2, 2]
    assert [d["face"] for d in rolls["earth"]["dice"]] == [1, 5]
    assert rolls["fire"]["source"] == "entered" == rolls["earth"]["source"]
    assert entry.outcome.startswith("round 1: fire 2+2 [Fireball] +1 fire over earth +2")


def test_a_roll_with_no_card_to_play_is_two_keys_and_no_gate() -> None:
    game = duel_game("hells_wrath")  # a card, but none to play in a duel
    prompts = PrefixPrompts("fire calls out earth", "roll 1", "", "quit")
    play_zauberer.run(game, prompts)
    assert prompts.script == [], prompts.script
    duel = prompts.asked[prompts.asked.index("The duel of fire and earth:") :]
    assert len(duel) == 3  # the menu, the dice (Enter: rolled), the menu again
    assert not any(q.startswith("Pass the screen") for q in prompts.asked)
    assert game.store.entries()[-1].what == "duel round"


def test_a_wrong_count_of_duel_faces_is_asked_again() -> None:
    game = duel_game("hells_wrath")
    prompts = PrefixPrompts("fire calls out earth", "roll 1", "2 2 3", "2 2 3 3", "quit")
    play_zauberer.run(game, prompts)
    assert prompts.script == [], prompts.script
    faces = [q for q in prompts.asked if q.startswith("Faces for fire's two d6, then earth's")]
    assert len(faces) == 2 and game.store.count_entries() == 2


def test_a_defence_card_is_chosen_after_seeing_the_dice(capsys) -> None:  # type: ignore[no-untyped-def]
    game = duel_game("flame_spire")
    script = ["fire calls out earth", "roll 1"]  # no attack card to play: no gate
    script += ["1 2 6 6"]  # the dice are shown to fire before it chooses
    script += [ENTER, "play Flame Spire", "quit"]
    prompts = PrefixPrompts(*script)
    play_zauberer.run(game, prompts)
    assert prompts.script == [], prompts.script
    shown = capsys.readouterr().out
    assert "fire rolled 1 + 2: " in shown and "; earth rolled 6 + 6: 12 Power Points" in shown
    assert game.state["duel"]["hp"] == {"fire": 4, "earth": 4}  # blocked


def test_entered_dice_ask_for_the_die_a_card_adds() -> None:
    game = duel_game("mysterious_fan", "ice_mirror")
    script = ["fire calls out earth", "roll 1", ENTER, "play Mysterious Fan"]
    script += ["2 2 5 3 3"]  # fire's two dice and the Fan's, earth's two
    script += [ENTER, "play Ice Mirror", "6"]  # earth's Mirror die: twice 6
    prompts = PrefixPrompts(*script, "quit")
    play_zauberer.run(game, prompts)
    assert prompts.script == [], prompts.script
    assert (
        "Faces for fire's two d6 and the Mysterious Fan's d6, then earth's two d6, in order"
        in " ".join(prompts.asked)
    )
    assert "earth's Ice Mirror d6 (its face)" in prompts.asked
    outcome = game.store.entries()[-1].outcome
    assert "+3 Mysterious Fan (5) = 8 vs earth 3+3 replaced by 2×6 [Ice Mirror] = 12" in outcome, (
        outcome
    )


def test_a_vaporous_field_shows_the_dice_only_after_the_defence(capsys) -> None:  # type: ignore[no-untyped-def]
    game = duel_game("vaporous_field", "flame_spire")
    script = ["fire calls out earth", "roll 1", ENTER, "play Vaporous Field"]
    script += ["1 1 6 6", ENTER, "no card"]  # earth is asked while the dice stay hidden
    prompts = PrefixPrompts(*script, "quit")
    play_zauberer.run(game, prompts)
    assert prompts.script == [], prompts.script
    shown = capsys.readouterr().out
    assert "fire rolled" not in shown  # never shown before earth chose
    assert "fire 1+1" in shown  # the round's result, once it is played


def test_casting_a_spell_behind_the_gate_and_going_back() -> None:
    game = duel_game("hells_wrath")
    state = game.state
    state["teams"][0]["space"] = "n0"
    state["phase"] = "move"
    with game.store.transaction():
        game.store.set_head_state(state, 0)
    # Esc at "cast?" goes back to the gate (the screen is passed again), Esc there to the menu
    script = ["fire looks at its spell", ENTER, ESC, ESC]
    script += ["fire looks at its spell", ENTER, "cast Hell", "na1"]
    prompts = PrefixPrompts(*script, "quit")
    play_zauberer.run(game, prompts)
    assert prompts.script == []
    fire = game.state["teams"][0]
    assert fire["space"] == "na1" and fire["spell"] is None
    assert game.state["phase"] == "move"


def test_a_refused_step_is_asked_again_and_the_game_ends() -> None:
    game = duel_game("hells_wrath")
    state = game.state
    state["teams"][0]["space"] = "centre"
    state["teams"][0]["centre_turns"] = 2
    state["turn_start_space"] = "centre"
    state["teams"][1]["space"] = "e0"
    with game.store.transaction():
        game.store.set_head_state(state, 0)
    prompts = PrefixPrompts("fire ends its turn", "quit")
    play_zauberer.run(game, prompts)
    assert game.state["winner"] == "fire" and game.state["ended_by"] == "centre"
    assert prompts.menus["The game is over."] == [
        "show the board",
        "forecast from here",
        "roll dice",
        "show the log",
        "note",
        "undo",
        "redo",
        "quit",
    ]


def test_a_team_that_will_not_enter_a_dungeon_is_back_at_its_menu() -> None:
    game = duel_game("hells_wrath")
    state = game.state
    state["teams"][0]["space"] = "nb1"  # a dungeon, fire holding a spell
    state["turn_start_space"] = "n0"
    state["phase"] = "dungeon"
    with game.store.transaction():
        game.store.set_head_state(state, 0)
    script = ["fire enters the dungeon", "do not enter", "fire ends its turn", "quit"]
    prompts = PrefixPrompts(*script)
    play_zauberer.run(game, prompts)
    assert prompts.script == [], prompts.script
    holds = [q for q in prompts.asked if "holds a spell" in q]
    assert len(holds) == 1  # asked once, not forever
    assert game.state["teams"][0]["spell"] == "hells_wrath"
    assert [e.what for e in game.store.entries()] == ["end turn"]
