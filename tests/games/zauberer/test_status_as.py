"""``gmtool status --as CLAN``: the board and the teams as one clan sees them."""

from __future__ import annotations

import json

HIDDEN_SPELL = {"id": None, "name": None, "kind": None, "text": None}


def _fire_holds_a_spell(game) -> dict[str, str]:  # type: ignore[no-untyped-def]
    assert game("zauberer", "move", "--dice", "6", "--way", "nb1").code == 0
    assert game("zauberer", "dungeon", "--dice", "3,4").code == 0
    shown = json.loads(game("zauberer", "show", "--all", "--json").out)
    spell: dict[str, str] = shown["teams"][0]["spell"]
    assert spell["name"]
    return spell


def test_status_as_the_clan_shows_its_own_spell(game) -> None:  # type: ignore[no-untyped-def]
    spell = _fire_holds_a_spell(game)
    doc = json.loads(game("status", "--as", "Fire", "--json").out)
    assert doc["as"] == "fire" and doc["system"] == "zauberer" and "board" in doc
    assert doc["teams"][0]["spell"] == spell
    out = game("status", "--as", "fire").out
    assert out.startswith("as fire sees it") and "● white  ● dungeon" in out
    assert f"{spell['name']} ({spell['kind']})" in out
    by_player = json.loads(game("status", "--as", "Ana", "--json").out)
    assert by_player["as"] == "fire" and by_player["teams"][0]["spell"] == spell


def test_status_as_another_clan_never_shows_the_spell(game) -> None:  # type: ignore[no-untyped-def]
    spell = _fire_holds_a_spell(game)
    raw = game("status", "--as", "water", "--json").out
    doc = json.loads(raw)
    assert doc["as"] == "water" and doc["teams"][0]["spell"] == HIDDEN_SPELL
    assert spell["id"] not in raw and spell["name"] not in raw
    out = game("status", "--as", "water").out
    assert "a hidden card" in out and spell["name"] not in out and spell["id"] not in out


def test_status_as_shows_the_duel_under_way(game) -> None:  # type: ignore[no-untyped-def]
    game("zauberer", "move", "--dice", "6", "--way", "nb1")
    shown = game("status", "--as", "earth")
    assert shown.code == 0 and "Turn 1: fire to play" in shown.out
    assert json.loads(game("status", "--as", "earth", "--json").out)["duel"] is None


def test_status_as_a_stranger_lists_the_clans(game) -> None:  # type: ignore[no-untyped-def]
    result = game("status", "--as", "nope")
    assert result.code == 2 and result.out == ""
    assert result.err.strip() == (
        "error: unknown team or player 'nope' (valid: fire, water, air, earth, Ana, Bo, Eve, "
        "Cy, Di)"
    )
