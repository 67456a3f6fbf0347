"""The battle's settings are FTL content: validated with file:line, read lazily."""

from __future__ import annotations

from pathlib import Path

from gmtool.content.paths import packaged
from gmtool.content.yamlfile import load_yaml


def test_bad_battle_settings_are_named_by_line(gmtool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.yaml"
    bad.write_text(
        "system: ftl\noptions:\n  ships: {Red: ftl-red.yaml, Blue: ftl-blue.yaml}\n"
        "content:\n  battle: {hull: 0, ion: {clears: sometimes}}\n"
    )
    result = gmtool("check", str(bad))
    assert result.code == 3
    assert f"{bad}:5: battle.hull:" in result.out + result.err
    assert "battle.ion.clears" in result.out + result.err
    result = gmtool("campaign", "new", "bad", "--from", str(bad))
    assert result.code == 3 and result.err.count("\n") == 1


def test_a_battle_second_does_not_load_the_content() -> None:
    from gmtool.games.ftl.game import SYSTEM, LazyContent

    content = SYSTEM.load_content({})
    assert isinstance(content, LazyContent) and content.__dict__["_content"] is None
    assert content.budget == 2100  # read on first use
    assert content.__dict__["_content"] is not None


def test_every_setting_of_battle_yaml_is_read() -> None:
    import gmtool.games.ftl.rules.battle as battle

    settings = load_yaml(packaged("tables", "ftl", "battle.yaml")).data["battle"]
    source = "".join(p.read_text() for p in Path(battle.__file__).parent.glob("*.py"))
    for key in settings:
        assert f'"{key}"' in source, key
