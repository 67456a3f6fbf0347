"""The artillery and asteroid fields from the command line: power, aim, a volley, odds,
show, refusals, and a battle at an asteroid-field beacon."""

from __future__ import annotations

import json
from pathlib import Path

from gmtool.content.paths import packaged


def _artillery_ship(tmp_path: Path) -> Path:
    """The packaged Red Kestrel with its drone bay holding a level-2 artillery beam."""
    text = packaged("campaigns", "ftl-red.yaml").read_text()
    text = text.replace("system: drone_control", "system: artillery_beam")
    text = text.replace("  drone_control: 2", "  artillery_beam: 2")
    text = text.replace("drones: [anti_personnel_drone]", "drones: []")
    path = tmp_path / "red-artillery.yaml"
    path.write_text(text)
    return path


def test_a_short_battle_with_the_artillery_beam(gmtool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    red = _artillery_ship(tmp_path)
    campaign = tmp_path / "guns.yaml"
    campaign.write_text(f"system: ftl\noptions:\n  ships: {{Red: {red}, Blue: ftl-blue.yaml}}\n")
    assert gmtool("campaign", "new", "guns", "--from", str(campaign)).code == 0
    before = len(json.loads(gmtool("log", "--format", "json").out))
    refused = gmtool("ftl", "weapon", "Red", "artillery_beam", "on")
    assert refused.code == 4 and "powered by its own bars" in refused.err
    assert refused.err.count("\n") == 1
    refused = gmtool("ftl", "power", "Red", "artillery_beam", "2")
    assert refused.code == 4 and "reactor has 0 free bars" in refused.err
    assert len(json.loads(gmtool("log", "--format", "json").out)) == before
    for order in (
        ("power", "Red", "medbay", "0"),
        ("power", "Red", "artillery_beam", "2"),
        ("aim", "Red", "artillery_beam", "bridge", "--corner", "1", "--toward", "down"),
    ):
        result = gmtool("ftl", *order)
        assert result.code == 0, (order, result.err)
    odds = json.loads(gmtool("ftl", "odds", "Red", "artillery_beam", "bridge", "--json").out)
    # bridge, gunnery and the drone bay, 1 each: the 3 hull the ticks below take
    assert odds["shields"] == 2 and odds["expected_hull_damage"]["fraction"] == "3/1"
    doc = json.loads(gmtool("ftl", "tick", "--seconds", "29", "--json").out)
    gun = doc["ships"]["Red"]["weapons"][-1]
    assert (gun["id"], gun["artillery"], gun["charge"], gun["cooldown"]) == (
        "artillery_beam",
        True,
        29,
        30,
    )
    # 30 s: it fires down from the bridge's first corner through 4 corners: bridge, then
    # gunnery (2 corners) this second, the drone bay the next (2 rooms a second)
    doc = json.loads(gmtool("ftl", "tick", "--json").out)
    hits = [e["room"] for e in doc["events"] if e["event"] == "hit"]
    assert hits == ["bridge", "gunnery"] and doc["ships"]["Blue"]["hull"] == 28
    doc = json.loads(gmtool("ftl", "tick", "--json").out)
    assert doc["ships"]["Blue"]["hull"] == 27
    assert doc["ships"]["Blue"]["shields"]["up"] == 2  # passed, not popped
    shown = gmtool("ftl", "show", "Red")
    assert shown.code == 0 and "artillery_beam" in shown.out


def test_a_battle_at_an_asteroid_field(gmtool, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    campaign = tmp_path / "rocks.yaml"
    campaign.write_text(
        "system: ftl\noptions:\n  ships: {Red: ftl-red.yaml, Blue: ftl-blue.yaml}\n"
        "content:\n  map: {removals: 0}\n"
    )
    assert gmtool("campaign", "new", "rocks", "--from", str(campaign)).code == 0
    # asteroid fields at (1,1) and (6,6), an ion storm at (3,2); Red at (2,1), Blue at (1,2)
    dice = "heads,1,1,6,6,heads,3,2,2,1,1,2"
    sector = json.loads(gmtool("ftl", "map", "new", "--dice", dice, "--json").out)
    assert [1, 1] in sector["asteroids"] and sector["starts"]["Red"] == [2, 1]
    jumped = json.loads(gmtool("ftl", "jump", "Red", "1", "1", "--json").out)
    assert jumped["hazard"] == "asteroid field" and "battle" not in jumped
    met = json.loads(gmtool("ftl", "jump", "Blue", "1", "1", "--json").out)
    assert met["battle"] == 1  # both ships at one beacon: the battle begins in the field
    shown = json.loads(gmtool("ftl", "show", "--json").out)
    assert shown["ships"]["Red"]["next_asteroid"] == 10
    assert shown["ships"]["Blue"]["next_asteroid"] == 10  # Blue is in the field too
    refused = gmtool(
        "ftl", "tick", "--seconds", "10", "--dice", "asteroid=12", "--dice", "evade=20"
    )
    assert refused.code == 5 and refused.err.count("\n") == 1  # Red has 11 rooms
    # the 10th room of Red's file is the bridge, Blue's first its bridge; 20 dodges
    # nothing; a shield stops each
    doc = json.loads(
        gmtool(
            "ftl",
            "tick",
            "--seconds",
            "10",
            "--dice",
            "asteroid=10,1",
            "--dice",
            "evade=20,20",
            "--json",
        ).out
    )
    assert [r["roll"] for r in doc["rolls"]] == ["asteroid", "evade", "asteroid", "evade"]
    assert doc["ships"]["Red"]["shields"]["up"] == 2 and doc["ships"]["Red"]["next_asteroid"] == 20
    assert "an asteroid flies at Blue bridge" in " ".join(doc["story"])
    assert "an asteroid flies at Red bridge" in " ".join(doc["story"])
