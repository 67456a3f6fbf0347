"""The word ``gmtool serve`` leaves beside a campaign (``store.serving``): heard only while
the server holds its lock, so a server that died says nothing."""

from __future__ import annotations

from pathlib import Path

from gmtool.store.serving import Serving, ServingMark, lock_path, said_path, serving


def test_the_mark_is_heard_while_held_and_not_once_released_or_left_by_a_dead_server(
    tmp_path: Path,
) -> None:
    path = tmp_path / "o.db"
    assert serving(path) is None  # never served
    mark = ServingMark(path)
    assert mark.hold()
    assert serving(path) == Serving()
    mark.say(Serving(("Larlen",), 3, "Larlen", "the GM waits for Larlen's exploration roll"))
    heard = serving(path)
    assert heard is not None and heard.asked == 3 and heard.asking == "Larlen"
    assert not ServingMark(path).hold()  # a second server of the campaign holds nothing
    mark.release()
    assert serving(path) is None and not said_path(path).exists()
    # What a killed server leaves: its word, and the lock file nobody holds.
    lock_path(path).write_text("")
    said_path(path).write_text('{"phones": ["Larlen"], "asked": 3, "asking": "Larlen"}')
    assert serving(path) is None
