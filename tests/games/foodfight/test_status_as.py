"""``gmtool status --as NAME``: the dashboard as one player sees it, through ``view``."""

from __future__ import annotations

import json

HIDDEN_CARD = {"food": None, "salt": None, "face_up": False}


def _doc(result):  # type: ignore[no-untyped-def]
    assert result.code == 0, result.err
    return json.loads(result.out)


def _sections(out: str) -> dict[str, str]:
    """The board's text cut into one piece per player, by their headings."""
    found: dict[str, list[str]] = {}
    current = ""
    for line in out.splitlines():
        words = line.split()
        if words and words[0] in ("Ana", "Bo", "Cy", "Di") and "(" in line:
            current = words[0]
        found.setdefault(current, []).append(line)
    return {name: "\n".join(lines) for name, lines in found.items()}


def test_status_as_shows_only_the_seats_own_secrets(game) -> None:  # type: ignore[no-untyped-def]
    assert game("foodfight", "discard", "2").code == 0  # Ana draws a Fortune
    assert game("foodfight", "discard", "2").code == 0  # so does Bo
    table = _doc(game("foodfight", "show", "--all", "--json"))  # the referee's view: every secret
    ana_fortune = table["players"][0]["fortunes"][0]
    bo_fortune = table["players"][1]["fortunes"][0]
    assert ana_fortune["id"] != bo_fortune["id"]

    raw = game("status", "--as", "ana", "--json")
    seen = _doc(raw)
    assert seen["as"] == "Ana" and seen["system"] == "foodfight" and seen["turn"] == "Cy"
    assert seen["players"][0] == table["players"][0]  # all of Ana's own cards and Fortune
    for other in seen["players"][1:]:
        for pile in other["piles"]:
            assert all(card == HIDDEN_CARD for card in pile if not card["face_up"])
        assert all(f == {"id": None, "text": None, "delta": None} for f in other["fortunes"])
    assert bo_fortune["id"] not in raw.out and bo_fortune["text"] not in raw.out

    out = game("status", "--as", "Ana").out
    assert out.startswith("as Ana sees it")
    parts = _sections(out)
    salt = table["players"][0]["piles"][0][-1]["salt"]
    assert f"({salt})" in parts["Ana"] and f"[{ana_fortune['id']} " in parts["Ana"]
    for name in ("Bo", "Cy", "Di"):
        assert "(" not in parts[name].split("\n", 1)[1]  # no face-down salt in brackets
        assert "▒" in parts[name]
    assert "[?]" in parts["Bo"] and bo_fortune["id"] not in out


def test_status_without_as_still_hides_every_secret(game) -> None:  # type: ignore[no-untyped-def]
    assert game("foodfight", "discard", "2").code == 0
    fortune = _doc(game("foodfight", "show", "--all", "--json"))["players"][0]["fortunes"][0]
    assert fortune["id"] not in game("status", "--json").out
    assert fortune["id"] not in game("status").out


def test_status_as_a_stranger_lists_the_players(game) -> None:  # type: ignore[no-untyped-def]
    result = game("status", "--as", "Zed")
    assert result.code == 2 and result.out == ""
    assert result.err.strip() == "error: unknown player 'Zed' (valid: Ana, Bo, Cy, Di)"
    assert game("status", "--as", "", "--json").code == 2  # no seat is not the referee
