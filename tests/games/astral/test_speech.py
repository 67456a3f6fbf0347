"""SPEAK: in a language the speaker knows, heard by those Near, understood by those who know it."""

from __future__ import annotations

import pytest

from gmtool.errors import RulesError
from gmtool.games.astral.game import SYSTEM
from gmtool.games.astral.render import describe
from tests.games.astral.conftest import door, events, new_state, play, tick


def polyglots(content):  # type: ignore[no-untyped-def]
    """Ana knows Common and Elvish, Cy only Common (the shared one), Wisp only Wisp-song."""
    return new_state(
        content,
        entities={
            "Ana": {"languages": ["Common", "Elvish"]},
            "Cy": {},
            "Wisp": {"kind": "npc", "tn": 7, "aura": 6, "languages": ["Wisp-song"]},
        },
    )


def test_one_shared_language_changes_nothing(content):
    out = tick(polyglots(content), content, "Cy speak hello")
    assert events(out, "speak") == [
        {"event": "speak", "who": "Cy", "message": "hello", "heard_by": ["Ana", "Wisp"],
         "language": "Common", "not_understood": ["Wisp"]}
    ]  # fmt: skip
    plain = tick(new_state(content, entities={"Ana": {}, "Cy": {}}), content, "Ana speak hi")
    assert events(plain, "speak")[0] == {
        "event": "speak",
        "who": "Ana",
        "message": "hi",
        "heard_by": ["Cy"],
    }


def test_a_message_in_a_language_a_listener_does_not_know_is_not_understood(content):
    out = tick(polyglots(content), content, "Ana speak in elvish: Mellon")
    speech = events(out, "speak")[0]
    assert speech["message"] == "Mellon" and speech["language"] == "Elvish"
    assert speech["heard_by"] == ["Cy", "Wisp"]
    assert speech["not_understood"] == ["Cy", "Wisp"]
    line, _ = describe(speech)
    assert line == 'Ana says in Elvish "Mellon" (heard by Cy, Wisp; Cy, Wisp cannot understand it)'


def test_in_something_that_is_not_a_known_language_is_part_of_the_message(content):
    out = tick(polyglots(content), content, "Cy speak in time: all will be well")
    assert events(out, "speak")[0]["message"] == "in time: all will be well"


def test_a_language_the_speaker_does_not_know_is_refused(content):
    action = {"type": "tick", "declarations": [
        {"who": "Cy", "action": "speak", "message": "hi", "language": "Elvish"}]}  # fmt: skip
    with pytest.raises(RulesError, match="Cy does not know Elvish"):
        play(polyglots(content), content, action, door())


def test_languages_can_be_given_later(content):
    state = polyglots(content)
    state = play(state, content, {"type": "set", "name": "Cy", "languages": "Common, Elvish"},
                 door()).state  # fmt: skip
    out = tick(state, content, "Ana speak in Elvish: Mellon")
    assert events(out, "speak")[0]["not_understood"] == ["Wisp"]


def test_a_speaker_knocked_out_this_tick_still_speaks_in_the_rules_order(content):
    # Attacks first, then "All other Actions take effect", then the knock-outs: Wisp at 1
    # is hit to 0 by Ana's 8, yet its speech is heard, and it hears Cy.
    state = polyglots(content)
    state["entities"][2]["aura"] = 1
    out = tick(state, content, "Ana attack Wisp", "Wisp speak in Wisp-song: ooo",
               "Cy speak run", dice=door(Ana=(4, 4)))  # fmt: skip
    assert out.result["knocked_out"] == ["Wisp"]
    wisp, cy = events(out, "speak")
    assert wisp["heard_by"] == ["Ana", "Cy"] and "Wisp" in cy["heard_by"]
    tuned = SYSTEM.load_content({"knockout": {"counted_after": "attacks"}})
    out = tick(state, tuned, "Ana attack Wisp", "Wisp speak in Wisp-song: ooo",
               "Cy speak run", dice=door(Ana=(4, 4)))  # fmt: skip
    wisp, cy = events(out, "speak")
    assert wisp["effect"] == "none: knocked out" and wisp["heard_by"] == []
    assert "Wisp" not in cy["heard_by"]
