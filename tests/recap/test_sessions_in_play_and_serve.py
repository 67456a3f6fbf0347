"""A ``play`` run and a ``serve`` run are each a session; "note" is on every play menu; the
recap and dice pages read on a phone and on a TV."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from gmtool.cli.play import open_demo
from gmtool.cli.playloop import QUIT
from gmtool.cli.playloop.loop import NOTE
from gmtool.cli.playloop.scripted import ScriptedPrompts
from gmtool.engine.game import Game
from gmtool.engine.sessions import of_game
from gmtool.games import GAMES, part
from tests.web.browsing import gm
from tests.web.harness import start_server
from tests.web.specimens import typed as in_process

CAMPAIGNS = Path(__file__).resolve().parents[2] / "campaigns"


@pytest.mark.parametrize("system", sorted(GAMES))
def test_a_note_from_every_play_menu_in_a_session_of_its_own(system: str, capsys) -> None:  # type: ignore[no-untyped-def]
    game = Game.open(open_demo(system))
    before = len(of_game(game))
    script = ScriptedPrompts(NOTE, "   ", "Ana keeps the map", QUIT)
    part(system, "play").run(game, script)
    out = capsys.readouterr().out
    assert NOTE in script.offered[0] and "Traceback" not in out
    assert "the note is empty" in out  # and the question again: nothing written for it
    (note,) = game.store.entries(last=1)
    assert (note.kind, note.who, note.what) == ("note", "GM", "Ana keeps the map")
    sessions = of_game(game)
    assert len(sessions) == before + 1
    assert sessions[-1].began == "play" and sessions[-1].ended
    assert [e.seq for e in sessions[-1].entries] == [note.seq]
    assert [m.mark for m in game.store.session_marks()][-2:] == ["start", "end"]


def test_a_play_run_without_entries_leaves_no_session(capsys) -> None:  # type: ignore[no-untyped-def]
    game = Game.open(open_demo("astral"))
    for _ in range(3):
        part("astral", "play").run(game, ScriptedPrompts(QUIT))
    assert len(of_game(game)) == 1  # only the run now begun... and ended: the last, kept empty
    assert of_game(game)[-1].entries == []


@pytest.mark.parametrize(("width", "height"), [(360, 740), (1280, 720)])
def test_the_recap_and_dice_pages_fit_the_screen(
    browser: Any, served: list, home: Path, width: int, height: int
) -> None:  # type: ignore[type-arg]
    typed = [  # in this process (quicker than a process each); the server is its own
        ["campaign", "new", "o", "--from", str(CAMPAIGNS / "originem-demo.yaml")],
        ["-c", "o", "originem", "mission", "start", "Map Out Ancient Forest"],
        ["-c", "o", "note", "A long note " + "without_any_break_in_it_" * 6],
        *[["-c", "o", "roll", "10d6", "--dice", "1,2,3,4,5,6,6,6,6,6", "--by", "Pierre"]] * 6,
    ]
    for words in typed:
        code, _, err = in_process(home, words)
        assert code == 0 and not err, (words, err)
    served.append(server := start_server(home, "o"))
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    for path in ("/recap", "/dice"):
        page.goto(server.base + path)
        sideways = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
        assert sideways <= 0, (path, sideways)
    assert "shows 6 more often than chance explains" in page.content()
    assert page.locator("svg.faces rect").count() == 6
    context.close()
    assert server.process.poll() is None
    import json

    sessions = json.loads(gm(home, "-c", "o", "session", "list", "--json"))["sessions"]
    assert sessions[-1]["began"] == "serve"  # the server's run began a session
