# ruff: noqa: E501  (the expected recaps are written as they print)
"""``gmtool recap`` after a short scripted session of each demo game, against the recap
written out by hand from the moves (the luck of each notable roll worked out as the
mid-percentile of its faces: a 20 on a d20 is (19 + 1/2) / 20 = 97.5%, shown as 98%)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

CAMPAIGNS = Path(__file__).resolve().parents[2] / "campaigns"

SCRIPTS: dict[str, list[tuple[str, ...]]] = {
    "originem": [
        ("campaign", "new", "night", "--from", "originem-demo.yaml"),
        ("originem", "mission", "start", "Map Out Ancient Forest"),
        ("originem", "scene", "exploration", "--by", "Larlen", "--by", "Larlen", "--by", "Remmy",
         "--dice", "3,2,2"),
        ("note", "The map is wrong"),
        ("roll", "1d20", "--dice", "20"),
        ("roll", "1d6", "--dice", "4"),
        ("undo",),
    ],
    "foodfight": [
        ("campaign", "new", "lunch", "--system", "foodfight", "--players", "Ana,Bo,Cy,Di",
         "--starter", "Cy", "--seed", "7"),
        ("foodfight", "layout", "--strategy", "weakest_on_top", "--player", "Bo"),
        ("foodfight", "attack", "1", "Di:1"),
        ("foodfight", "discard", "9"),
        ("foodfight", "attack", "2", "Di:1"),
        ("foodfight", "fortune", "f02", "--on", "mine"),
    ],
    "zauberer": [
        ("campaign", "new", "arena", "--system", "zauberer", "--teams",
         "fire=Ana,water=Bo+Eve,air=Cy,earth=Di"),
        ("zauberer", "roll-off", "--dice", "fire=6,5", "--dice", "water=6,6", "--dice",
         "air=2,3", "--dice", "earth=1,4"),
        ("zauberer", "move", "--dice", "6", "--way", "eb1"),
        ("zauberer", "dungeon", "--dice", "4,2", "--card", "ice_pike"),
        ("zauberer", "end-turn"),
    ],
    "astral": [
        ("campaign", "new", "observatory", "--from", "astral-demo.yaml"),
        ("astral", "add", "Shade", "--npc", "--tn", "6", "--aura", "4", "--at", "near"),
        ("astral", "tick", "--act", "Ana attack Shade", "--act", "Shade defend", "--dice",
         "Ana=6,6"),
    ],
    "starships": [
        ("campaign", "new", "lantern", "--from", "starships-demo.yaml"),
        ("starships", "add", "Rook", "--enemy", "--hp", "39", "--defense", "12", "--might", "2",
         "--melee", "1d8:Kinetic", "--affinity", "Kinetic=weak"),
        ("starships", "encounter", "start", "--enemy", "Drone", "--dice", "7,7,15,4"),
        ("starships", "attack", "Ana", "Rook", "--melee", "--dice", "14"),
        ("starships", "hp", "Bo", "+4", "--reason", "medkit"),
    ],
    "ftl": [
        ("campaign", "new", "duel", "--from", "ftl-demo.yaml"),
        ("ftl", "power", "Red", "medbay", "0"),
        ("ftl", "tick", "--seconds", "2"),
    ],
}  # fmt: skip

EXPECTED = {
    "originem": r"""
# Recap of night (Originem)

session 1, WHEN · 4 entries: 2 moves, 1 free roll, 1 note (1 undone, left out)

## Map Out Ancient Forest

- **The crew takes on the mission Map Out Ancient Forest.** (#1)
- Larlen, Remmy: exploration scene, lost. (#2)
- The GM rolls 1d20: 20. (#4)

## Where the crew stands

- Knowledge: 0 of the 5 the final mission needs
- HP: Pierre 80/80, Delilah 70/70, Remmy 60/60, Larlen 50/50

## Notes

- The map is wrong (Map Out Ancient Forest · exploration) (#3)

## Notable rolls

- Highest: 1d20 = 20 \[20\] (higher than 98% of throws) (#4)
- Lowest: Larlen 1d10 = 2 \[2\] (lower than 85% of throws) (#2); Remmy 1d8 = 2 \[2\] (lower than 81% of throws) (#2); Larlen 1d10 = 3 \[3\] (lower than 75% of throws) (#2)
- Criticals: 1d20 = 20 \[20\] (natural 20) (#4)
""",
    "foodfight": r"""
# Recap of lunch (Food Fight)

session 1, WHEN · 5 entries: 5 moves, 0 free rolls, 0 notes

## The match

- Bo lays out their towers (laid out weakest\_on\_top). (#1)
- Cy's Jumbo Salted Pretzel 9 vs Di's Pickled Herring 9: a tie, won by Di (the defender). (#2)
- Di: discard pile 9, the top card of pile 9, face down, goes to the box. (#3)
- Ana's Salmon Bagel 9 vs Di's Pickled Herring 9, face up; Di may play a Fortune or pass. (#4)
- Di plays f02 (+1) on Di's card; Ana's Salmon Bagel 9 vs Di's Pickled Herring 9 +1 (Di) = 10: Di wins the battle. (#5)

- 2 battles fought
""",
    "zauberer": r"""
# Recap of arena (Zauberer)

session 1, WHEN · 4 entries: 4 moves, 0 free rolls, 0 notes

## The arena

- The roll-off: fire 11, water 12, air 5, earth 5: water plays first. (#1)
- Water (Bo): dungeon, dice 4, 2: draws a spell card. (#3)

## Notable rolls

- Highest: water 2d6 = 12 \[6,6\] (higher than 99% of throws) (#1); fire 2d6 = 11 \[6,5\] (higher than 94% of throws) (#1); water 1d6 = 6 \[6\] (higher than 92% of throws) (#2)
- Lowest: air 2d6 = 5 \[2,3\] (lower than 78% of throws) (#1); earth 2d6 = 5 \[1,4\] (lower than 78% of throws) (#1)
""",
    "astral": r"""
# Recap of observatory (Astral)

session 1, WHEN · 2 entries: 2 moves, 0 free rolls, 0 notes

## On the Astral Plane

- Shade: add npc, Shade joins, near to all. (#1)
- Tick 1: Shade -4; Shade knocked out (Ana attack Shade; Shade defend). (#2)
- **Shade is knocked out.** (#2)

- 1 tick played
- Knocked out: Shade

## Notable rolls

- Highest: Ana 2d6 = 12 \[6,6\] (higher than 99% of throws) (#2)
""",
    "starships": r"""
# Recap of lantern (Stars & Starships encounters)

session 1, WHEN · 4 entries: 4 moves, 0 free rolls, 0 notes

## Exploration

- Rook: join the enemies, 39 HP. (#1)

## Encounter 1

- **Encounter 1 against Rook, Drone: initiative 7-7, 15-4 (party-enemies): the party goes first.** (#2)
- Ana: melee attack on Rook, hit (14 → 17) MAX DMG!: 13 damage to Rook; Momentum +2. (#3)
- Bo: HP +4 (medkit), +0 (at most 20); 20/20 HP. (#4)

## Notable rolls

- Lowest: enemies 1d20 = 4 \[4\] (lower than 82% of throws) (#2)
""",
    "ftl": r"""
# Recap of duel (FTL multiplayer board game)

session 1, WHEN · 2 entries: 2 moves, 0 free rolls, 0 notes

## The battle

- After second 2: hull Red 30, Blue 30
""",
}
"""Each line by hand: the moves' outcomes as each game words them, the chapters by mission
(Originem) or encounter (Stars & Starships), the quiet moves (ending a turn, a power order)
left out, and the rolls in the top or bottom quarter of what their dice could make."""

WHEN = re.compile(r"session 1, \d{4}-\d\d-\d\d \d\d:\d\d–(\d{4}-\d\d-\d\d )?\d\d:\d\d")


def play_script(gmtool, monkeypatch, game: str) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(CAMPAIGNS)
    for args in SCRIPTS[game]:
        result = gmtool(*args)
        assert result.code == 0, (args, result.err)


@pytest.mark.parametrize("game", sorted(SCRIPTS))
def test_a_recap_reads_as_the_story_of_the_session(gmtool, monkeypatch, game) -> None:  # type: ignore[no-untyped-def]
    play_script(gmtool, monkeypatch, game)
    told = gmtool("recap")
    assert told.code == 0, told.err
    assert WHEN.sub("session 1, WHEN", told.out).strip() == EXPECTED[game].strip()


@pytest.mark.parametrize("game", sorted(SCRIPTS))
def test_the_recap_and_the_export_agree_entry_by_entry(gmtool, monkeypatch, game) -> None:  # type: ignore[no-untyped-def]
    play_script(gmtool, monkeypatch, game)
    exported = {entry["seq"]: entry for entry in json.loads(gmtool("log", "--json").out)}
    recap = json.loads(gmtool("recap", "--json").out)
    told = [line for chapter in recap["chapters"] for line in chapter["lines"]]
    for line in told:
        entry = exported[line["seq"]]
        assert not entry["voided"], line  # an undone entry is never told
    told_seqs = {line["seq"] for line in told} | {note["seq"] for note in recap["notes"]}
    moves_and_notes = {
        seq for seq, entry in exported.items() if not entry["voided"] and entry["kind"] == "note"
    }
    assert {note["seq"] for note in recap["notes"]} == moves_and_notes
    live = [entry for entry in exported.values() if not entry["voided"]]
    assert recap["counts"]["entries"] == len(live)
    assert recap["counts"]["undone"] == len(exported) - len(live)
    assert told_seqs <= {entry["seq"] for entry in live}


def test_the_table_sees_no_private_choice(gmtool, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    from gmtool.engine.game import Game
    from gmtool.engine.recap import for_game
    from gmtool.render.recap import html_body, markdown

    play_script(gmtool, monkeypatch, "foodfight")
    assert gmtool("roll", "1d20", "--secret", "--dice", "17").code == 0
    public = for_game(Game.open("lunch"), public=True)
    for text in (markdown(public), html_body(public)):
        assert "weakest" not in text
        assert ": 17" not in text and "[17]" not in text
        assert "The GM rolled in secret." in text
    referee = markdown(for_game(Game.open("lunch")))
    assert "weakest\\_on\\_top" in referee and "1d20 (secret): 17" in referee


def test_the_html_recap_is_one_page_with_every_word_escaped(gmtool, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    play_script(gmtool, monkeypatch, "originem")
    assert gmtool("note", '<script>alert("x")</script> & [link](http://x)').code == 0
    page = gmtool("recap", "--format", "html").out
    assert page.startswith("<!doctype html>")
    assert "<script" not in page and "&lt;script&gt;" in page
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", page)  # no outside asset
    assert "<style>" in page
    md = gmtool("recap").out
    assert "\\<script\\>" in md and "\\[link\\]" in md  # shown as written, not as markup


def test_recap_of_every_session_and_of_one(gmtool, monkeypatch) -> None:  # type: ignore[no-untyped-def]
    play_script(gmtool, monkeypatch, "zauberer")
    assert gmtool("session", "end").code == 0
    assert gmtool("note", "Second evening").code == 0
    second = json.loads(gmtool("recap", "--json").out)
    assert [s["session"] for s in second["sessions"]] == [2]
    assert [n["text"] for n in second["notes"]] == ["Second evening"]
    first = json.loads(gmtool("recap", "--session", "1", "--json").out)
    assert first["counts"]["moves"] == 4 and first["notes"] == []
    every = json.loads(gmtool("recap", "--all", "--json").out)
    assert [s["session"] for s in every["sessions"]] == [1, 2]
    assert every["counts"]["entries"] == 5


def test_the_end_of_a_match_is_its_turning_point() -> None:
    from gmtool.engine.recap import Told
    from gmtool.games.foodfight.recap import story as food_fight
    from gmtool.games.zauberer.recap import story as zauberer
    from gmtool.store.records import Entry

    last = Entry(
        9, "2026-12-01T21:00:00+00:00", "action", "Bo", "discard pile 2", "the last card goes",
        "", "", {"type": "discard"}, [], {"eliminated": ["Bo"], "game_winner": "Ana"}, False,
    )  # fmt: skip
    (chapter,) = food_fight(Told([last]))
    assert [(line.text, line.turning) for line in chapter.lines] == [
        ("Bo: discard pile 2, the last card goes.", False),
        ("Bo is out of the game.", True),
        ("Ana wins the match.", True),
    ]
    after = {
        "teams": [{"clan": "fire", "out": False}, {"clan": "water", "out": True}],
        "winner": "fire",
        "ended_by": "centre",
    }
    (chapter,) = zauberer(Told([], after=after))
    assert chapter.summary == ["Out of the game: water", "fire wins the game (centre)"]
