"""A refusal on a phone is the rule's words: no command to type, in the message or its hint."""

from __future__ import annotations

from gmtool.errors import RulesError
from gmtool.web.campaign import in_words


def test_a_command_in_the_reason_or_the_hint_is_left_out_and_a_plain_hint_kept() -> None:
    aiming = RulesError(
        "Red's burst_laser_ii is off: power it before aiming "
        "(gmtool ftl weapon Red burst_laser_ii on)"
    )
    assert in_words(aiming) == "Red's burst_laser_ii is off: power it before aiming"
    lost = RulesError(
        "the crew has lost: the NOVA counter reached zero", hint="'undo' to step back"
    )
    assert in_words(lost) == "the crew has lost: the NOVA counter reached zero"
    fight = RulesError("a fight is under way", hint="finish it first, or 'combat end'")
    assert in_words(fight) == "a fight is under way"
    kept = RulesError("choose: Which enemy?", hint="pick one from the list")
    assert in_words(kept) == "choose: Which enemy? (pick one from the list)"
