"""SPEAK: "an arbitrarily long message in a language they know to all Entities within Near".

Every being speaks the shared language (``speech.shared_language``) unless the campaign
gives it its own ``languages``; then it knows only those. A listener who does not know the
message's language hears speech it cannot understand.
"""

from __future__ import annotations

import re
from typing import Any

from gmtool.errors import RulesError
from gmtool.games.astral.rules.content import AstralContent
from gmtool.games.astral.rules.lookups import BEINGS, Entity, State, find, within

Event = dict[str, Any]

_IN_LANGUAGE = re.compile(r"in\s+([^:\s][^:]*?)\s*:\s*(.+)", re.IGNORECASE | re.DOTALL)
"""``in Elvish: mellon`` chooses the language; anything else is the whole message."""


def languages_of(entity: Entity, content: AstralContent) -> list[str]:
    known: list[str] = entity.get("languages") or []
    return known or [content.speech.shared_language]


def knows(entity: Entity, language: str, content: AstralContent) -> bool:
    return language.casefold() in (k.casefold() for k in languages_of(entity, content))


def choose_language(
    state: State, content: AstralContent, who: str, message: str, language: str | None
) -> tuple[str, str]:
    """The language and message of ``who``'s speech: the one named (``language``, or an
    ``in LANGUAGE:`` prefix naming a language ``who`` knows), else ``who``'s first."""
    speaker = find(state, who)
    known = languages_of(speaker, content)
    if language is None:
        prefix = _IN_LANGUAGE.fullmatch(message)
        if prefix and knows(speaker, prefix.group(1), content):
            language, message = prefix.group(1), prefix.group(2).strip()
    if language is None:
        return known[0], message
    for name in known:
        if name.casefold() == language.casefold():
            return name, message
    raise RulesError(
        f"{who} does not know {language}",
        hint=f"{who} speaks {', '.join(known)}",
    )


def speak(
    state: State, content: AstralContent, declaration: dict[str, Any], knocked: list[str]
) -> Event:
    """Who hears the message and who understands it. ``knocked`` are those already counted
    out (only when ``knockout.counted_after`` is ``attacks``): they neither speak nor hear."""
    who = declaration["who"]
    language = declaration.get("language") or languages_of(find(state, who), content)[0]
    event: Event = {"event": "speak", "who": who, "message": declaration["message"]}
    if who in knocked:
        return {**event, "heard_by": [], "effect": "none: knocked out"}
    reach = content.speech.heard_within
    listeners = [
        e
        for e in state["entities"]
        if e["name"] != who
        and e["kind"] in BEINGS
        and e["condition"] == "active"
        and e["name"] not in knocked
        and within(state, who, e["name"], reach)
    ]
    event["heard_by"] = [e["name"] for e in listeners]
    lost = [e["name"] for e in listeners if not knows(e, language, content)]
    if language.casefold() != content.speech.shared_language.casefold() or lost:
        event["language"] = language
    if lost:
        event["not_understood"] = lost
    return event
