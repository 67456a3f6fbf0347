"""Content loading: every packaged YAML file loads; errors name file:line and field."""

from __future__ import annotations

from pathlib import Path

import pytest

from gmtool.content.checker import check_paths
from gmtool.content.paths import DATA_FOLDERS, data_root
from gmtool.content.schema import Model, validate
from gmtool.content.yamlfile import deep_merge, load_yaml, parse_yaml
from gmtool.errors import ContentError

PACKAGED = sorted(
    p
    for folder in DATA_FOLDERS
    for p in (data_root() / folder).rglob("*")
    if p.suffix in (".yaml", ".yml")
)


@pytest.mark.parametrize("path", PACKAGED, ids=lambda p: str(p.relative_to(data_root())))
def test_every_packaged_yaml_file_loads(path: Path) -> None:
    assert load_yaml(path).data is not None


def test_all_packaged_content_and_campaigns_check_clean() -> None:
    problems, checked = check_paths([])
    assert problems == []
    assert checked == len(PACKAGED)


def test_malformed_yaml_names_file_and_line() -> None:
    with pytest.raises(ContentError, match=r"^bad.yaml:3: malformed YAML"):
        parse_yaml("a: [1,\n  2\nb: 3\n", "bad.yaml")


class Item(Model):
    hp: int


class Table(Model):
    items: dict[str, Item]


def test_schema_errors_name_line_and_field() -> None:
    doc = parse_yaml("items:\n  rat:\n    hp: 3\n  ogre:\n    hp: lots\n    hpp: 2\n", "t.yaml")
    with pytest.raises(ContentError) as info:
        validate(Table, doc.data, [doc])
    assert info.value.problems == [
        "t.yaml:5: items.ogre.hp: Input should be a valid integer, unable to parse string as an"
        " integer",
        "t.yaml:6: items.ogre.hpp: unknown field (check its spelling)",
    ]


def test_deep_merge_overrides_and_adds() -> None:
    base = {"missions": {"a": {"kp": 2, "scenes": ["x"]}}, "n": 1}
    merged = deep_merge(base, {"missions": {"a": {"kp": 3}, "b": {"kp": 1}}})
    assert merged == {"missions": {"a": {"kp": 3, "scenes": ["x"]}, "b": {"kp": 1}}, "n": 1}
    assert base["missions"]["a"]["kp"] == 2


def test_check_reports_problems_in_a_campaign_file(tmp_path: Path, gmtool) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "bad.yaml"
    bad.write_text("system: originem\nextra: 1\n")
    result = gmtool("check", str(bad))
    assert result.code == 3
    assert f"{bad}:2: extra: unknown field" in result.err
    broken = tmp_path / "broken.yaml"
    broken.write_text("a: [\n")
    assert f"{broken}:2: malformed YAML" in gmtool("check", str(broken)).err


def test_schema_error_is_traced_to_the_file_holding_the_key() -> None:
    first = parse_yaml("items:\n  rat:\n    hp: 3\n", "first.yaml")
    second = parse_yaml("# the second file\nother:\n  ogre:\n    hp: lots\n", "second.yaml")

    class Both(Model):
        items: dict[str, Item]
        other: dict[str, Item]

    with pytest.raises(ContentError) as info:
        validate(Both, {**first.data, **second.data}, [first, second])
    assert info.value.problems[0].startswith("second.yaml:4: other.ogre.hp:")


def test_problems_that_name_their_file_are_not_prefixed_again() -> None:
    from gmtool.content.checker import names_a_file

    assert names_a_file("/x/scenes/puzzle.yaml:12: bands: overlap")
    assert names_a_file("camp.yml:3: content.missions: unknown")
    assert not names_a_file("content.missions.x.scenes.1: Field required")
    assert not names_a_file("campaign content: rules: bad")


def test_an_empty_menu_is_refused_cleanly() -> None:
    from gmtool.cli.playloop.scripted import ScriptedPrompts
    from gmtool.errors import UsageError

    with pytest.raises(UsageError, match="nothing to choose from"):
        ScriptedPrompts().select("Who attacks?", [])


BAD_PARTY = (
    "system: starships\noptions:\n  party:\n    Ana:\n      hp: 10\n      defense: 10\n"
    "      row: sideways\n"
)


def test_option_problems_in_a_campaign_file_name_its_line(tmp_path: Path, gmtool) -> None:  # type: ignore[no-untyped-def]
    bad = tmp_path / "party.yaml"
    bad.write_text(BAD_PARTY)
    checked = gmtool("check", str(bad))
    assert checked.code == 3
    assert checked.err.startswith(f"{bad}:7: options.party.Ana: row:")
    created = gmtool("campaign", "new", "x", "--from", str(bad))
    assert created.code != 0 and created.err.startswith(f"error: {bad}:7: options.party.Ana")


def test_empty_entered_faces_are_refused(gmtool) -> None:  # type: ignore[no-untyped-def]
    result = gmtool("roll", "1d6", "--dice", "")
    assert result.code == 5 and "no faces" in result.err


def test_a_file_that_is_not_utf8_text_is_one_content_error(tmp_path: Path, gmtool) -> None:  # type: ignore[no-untyped-def]
    binary = tmp_path / "binary.yaml"
    binary.write_bytes(b"\xff\xfe\x00system: originem")
    with pytest.raises(ContentError, match=r"binary.yaml: cannot read: not UTF-8 text \(byte 0xff"):
        load_yaml(binary)
    for args in (("check", str(binary)), ("campaign", "new", "x", "--from", str(binary))):
        result = gmtool(*args)
        assert result.code == 3 and "not UTF-8 text" in result.err, args


BOMB = "".join(
    f"{name}: &{name} [{', '.join([f'*{prev}' if prev else 'lol'] * 9)}]\n"
    for prev, name in zip(["", *"abcdefgh"], "abcdefghi", strict=True)
)


def test_an_alias_bomb_is_refused_quickly() -> None:
    # Nine levels of nine aliases: 387 million values once expanded.
    with pytest.raises(ContentError, match=r"bomb.yaml: .*more than 100,000 values"):
        parse_yaml(BOMB, "bomb.yaml")


def test_an_alias_that_holds_itself_is_refused() -> None:
    with pytest.raises(ContentError, match=r"^loop.yaml:2: .*refers back to itself"):
        parse_yaml("system: originem\noptions: &a\n  self: *a\n", "loop.yaml")


def test_deeply_nested_yaml_loads_or_is_refused_cleanly() -> None:
    text = "a: " + "[" * 990 + "]" * 990
    try:
        doc = parse_yaml(text, "deep.yaml")
    except ContentError as error:
        assert error.problems[0].startswith("deep.yaml:1: malformed YAML")
    else:
        assert doc.line_of(("a", 0, 0, 0)) == 1


def test_anchors_and_merge_keys_still_work() -> None:
    doc = parse_yaml("base: &b {hp: 3}\nrat:\n  <<: *b\n  speed: 2\n", "ok.yaml")
    assert doc.data["rat"] == {"hp": 3, "speed": 2}
    assert doc.line_of(("rat", "speed")) == 4


def test_a_key_given_twice_is_refused_with_both_lines() -> None:
    # YAML keeps the last silently: a campaign file saying 'system:' twice played astral.
    text = "system: originem\noptions:\n  length: 30\nsystem: astral\n"
    with pytest.raises(ContentError, match=r"^twice.yaml:4: .*duplicate key 'system' \(first"):
        parse_yaml(text, "twice.yaml")
    nested = "rat:\n  hp: 3\n  speed: 1\n  hp: 4\n"
    with pytest.raises(ContentError, match=r"^n.yaml:4: .*'hp' \(first on line 2\)"):
        parse_yaml(nested, "n.yaml")


def test_a_merged_key_may_be_given_again() -> None:
    doc = parse_yaml("base: &b {hp: 3, speed: 1}\nrat:\n  <<: *b\n  hp: 5\n", "ok.yaml")
    assert doc.data["rat"] == {"hp": 5, "speed": 1}


@pytest.mark.parametrize(
    ("text", "problem"),
    [
        ("system: [originem]\n", ":1: system: must be the name of a system"),
        ("system: originem\nname: 2024-01-01\n", ":2: name: must be text"),
        ("system: originem\ndescription: {a: 1}\n", ":2: description: must be text"),
    ],
)
def test_campaign_file_fields_of_the_wrong_kind(tmp_path: Path, gmtool, text, problem) -> None:  # type: ignore[no-untyped-def]
    path = tmp_path / "camp.yaml"
    path.write_text(text)
    for args in (("campaign", "new", "x", "--from", str(path)), ("check", str(path))):
        result = gmtool(*args)
        assert result.code == 3 and f"{path}{problem}" in result.err, (args, result.err)
    assert gmtool("campaign", "list", "--json").out.strip() == "[]"


def test_a_missing_file_in_some_folder_is_not_swapped_for_the_bundled_one(
    tmp_path: Path, gmtool, monkeypatch: pytest.MonkeyPatch
) -> None:  # type: ignore[no-untyped-def]
    monkeypatch.chdir(tmp_path)
    typo = tmp_path / "my-campaings" / "originem-demo.yaml"
    result = gmtool("campaign", "new", "x", "--from", str(typo))
    assert result.code == 2 and f"campaign file '{typo}' does not exist" in result.err
    bundled_names = ["originem-demo", "originem-demo.yaml", "campaigns/originem-demo.yaml"]
    for index, bundled in enumerate(bundled_names):
        assert gmtool("campaign", "new", f"x{index}", "--from", bundled).code == 0, bundled
