"""The recap and the dice figures as pages of ``gmtool serve``: as the whole table may read
them (no seat's private choice, no secret roll), charts as SVG, bad queries harmless."""

from __future__ import annotations

from tests.web.client import Table


def test_the_recap_page_tells_the_session_without_secrets(table: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    assert gmtool("foodfight", "layout", "--strategy", "weakest_on_top", "--player", "Bo").code == 0
    assert gmtool("note", "Bo <i>sulks</i>").code == 0
    assert gmtool("roll", "1d20", "--secret", "--dice", "19").code == 0
    page = table.get("/recap")
    assert page.status_code == 200
    assert "Bo lays out their towers." in page.text
    assert "weakest" not in page.text  # how Bo stacked them is his
    assert "The GM rolled in secret." in page.text and "= 19" not in page.text
    raw = table.client.get("/recap").text
    assert "<i>sulks</i>" not in raw and "&lt;i&gt;sulks&lt;/i&gt;" in raw
    assert '<a href="/recap">Recap</a>' in table.get("/").text  # linked from the table screen


def test_the_dice_page_draws_each_physical_die(table: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    faces = ",".join(str(face) for face in range(1, 7))  # each face once a roll
    for _ in range(5):
        assert gmtool("roll", "6d6", "--dice", faces, "--by", "Ana").code == 0
    assert gmtool("roll", "1d6", "--secret", "--dice", "6").code == 0  # not the table's
    page = table.get("/dice")
    assert page.status_code == 200
    assert "nothing unusual (p = 1.000, 30 rolls)" in page.text
    assert page.text.count("<svg") == 2  # each roller's luck, the physical d6's faces
    assert "the GM" not in page.text.split("each roller's luck")[1].split("</svg>")[0]


def test_a_bad_session_number_shows_the_latest(table: Table, gmtool) -> None:  # type: ignore[no-untyped-def]
    assert gmtool("roll", "1d6").code == 0
    for query in ("?session=99", "?session=x", "?session=-1", "?session=" + "9" * 40):
        page = table.get("/recap" + query)
        assert page.status_code == 200
        assert "The GM rolls 1d6" in page.text


def test_before_any_entry_the_pages_say_so(table: Table) -> None:
    assert "No session yet" in table.get("/recap").text
    assert "No dice thrown yet" in table.get("/dice").text
