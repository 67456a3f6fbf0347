"""Bills worked out by hand from the rules' price lists."""

from __future__ import annotations

from typing import Any

from gmtool.games.ftl.rules.bill import reactor_price, room_bonus, ship_bill
from gmtool.games.ftl.rules.ship import read_ship, ship_from_data
from tests.games.ftl.helpers import BLUE, RED, content, small_ship


def _by_group(bill: Any) -> dict[str, int]:
    groups: dict[str, int] = {}
    for item in bill.items:
        groups[item.group] = groups.get(item.group, 0) + item.scrap
    return groups


def test_the_red_example_ship_by_hand() -> None:
    ship, _ = read_ship(RED)
    bill = ship_bill(ship, content())
    # Systems: shields 6 = 125+100+20+30+40+60 = 375; engines 3 = 85+15+20 = 120; oxygen 25;
    # weapon control 6 = 75+40+25+35+50+75 = 300; drone control 2 = 65; medbay 2 = 85;
    # doors 2 = 85; backup battery 35; piloting 2 = 55. Together 1145.
    # Weapons: burst laser II 80 + Artemis 40 + heavy laser 55 = 175. Drone: 35.
    # Augment: automated re-loader 40.
    # Crew: the human and the rockman are the free two; mantis 55 + engi 50 = 105; training:
    # the human's piloting 2 = 15 + 30 = 45, the engi's weapon control 1 = 20. Together 170.
    # Reactor 12: 5 x 20 + 5 x 25 + 2 x 30 = 285.
    # Supplies: 10 missiles x 5 + 4 drone parts x 8 + 8 fuel x 3 = 50 + 32 + 24 = 106.
    assert _by_group(bill) == {
        "systems": 1145,
        "weapons": 175,
        "drones": 35,
        "augments": 40,
        "crew": 170,
        "reactor": 285,
        "supplies": 106,
    }
    # 11 rooms: one beyond 10 adds 10 to the 2,100.
    assert (bill.total, bill.budget, bill.bonus, bill.left) == (1956, 2100, 10, 154)


def test_the_blue_example_ship_by_hand() -> None:
    ship, _ = read_ship(BLUE)
    bill = ship_bill(ship, content())
    # Systems: shields 4 = 275, engines 2 = 100, oxygen 2 = 50, weapon control 3 = 140,
    # drone control 5 = 65+20+30+45 = 160, cloaking 150, clone bay 50, piloting 35, doors 50,
    # backup battery 2 = 85: 1095. Weapons: heavy ion 45 + bardiche 20 = 65. Drones: combat
    # drone I 50 + defense I 50 + system repair drone 20 = 120. Augments 50 + 50 = 100.
    # Crew: slug and human free; two crystals 120, zoltan 60, lanius 50 = 230; training:
    # slug shields 1 = 20, human piloting 2 = 45, zoltan engines 1 = 20: 315 in all.
    # Reactor 11 = 100 + 125 + 30 = 255. Supplies: 10 drone parts 80 + 8 fuel 24 = 104.
    assert _by_group(bill) == {
        "systems": 1095,
        "weapons": 65,
        "drones": 120,
        "augments": 100,
        "crew": 315,
        "reactor": 255,
        "supplies": 104,
    }
    assert (bill.total, bill.bonus, bill.left) == (2054, 20, 66)


def test_reactor_bands_at_every_edge() -> None:
    def cost(bars: int) -> int:
        return sum(
            (last - first + 1) * price for first, last, price in reactor_price(bars, content())
        )

    assert [cost(n) for n in (0, 1, 5, 6, 10, 11, 15, 16, 20, 21, 25)] == [
        0,
        20,
        100,
        125,
        225,
        255,
        375,
        410,
        550,
        590,
        750,
    ]


def test_room_bonus_starts_after_ten_rooms() -> None:
    assert [room_bonus(n, content()) for n in (1, 10, 11, 18)] == [0, 0, 10, 80]


def test_free_crew_are_the_dearest_of_the_free_races() -> None:
    crew = [
        {"race": "mantis"},
        {"race": "human"},
        {"race": "rockman"},
        {"race": "slug"},
    ]
    bill = ship_bill(ship_from_data(small_ship(crew=crew)), content())
    scrap = [item.scrap for item in bill.items if item.group == "crew"]
    # Rockman 55 and the first 45 (the human) are free; mantis 55 and slug 45 are paid.
    assert scrap == [55, 0, 0, 45]


def test_skill_prices_for_humans_and_others() -> None:
    crew = [
        {"race": "human", "skills": {"piloting": 1, "shields": 2}},
        {"race": "engi", "skills": {"engines": 2, "weapon_control": 0}},
    ]
    bill = ship_bill(ship_from_data(small_ship(crew=crew)), content())
    assert [(i.what, i.scrap) for i in bill.items if i.group == "crew"] == [
        ("crew 1 (human), free starting crew", 0),
        ("crew 1 (human): piloting skill 1", 15),
        ("crew 1 (human): shields skill 2", 45),
        ("crew 2 (engi)", 50),
        ("crew 2 (engi): engines skill 2", 55),
    ]


def test_the_bill_as_json() -> None:
    doc = ship_bill(ship_from_data(small_ship()), content()).to_json(["a problem"])
    # Piloting 35 + weapon control 75 + basic laser 20 + 2 reactor bars 40; the human is free.
    assert {k: doc[k] for k in ("total", "budget", "bonus", "left", "problems")} == {
        "total": 170,
        "budget": 2100,
        "bonus": 0,
        "left": 1930,
        "problems": ["a problem"],
    }
    assert doc["items"][0] == {"group": "systems", "what": "Piloting level 1", "scrap": 35}
