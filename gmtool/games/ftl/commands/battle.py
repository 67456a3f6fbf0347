"""``gmtool ftl tick|power|weapon|drone|aim|autofire|crew|doors|lock|dodge|show``: the battle.

Each order is one logged, undoable action; ``tick`` runs seconds. Named dice take coins
as heads/tails: ``--dice evade=7 --dice fire=heads,tails``.
"""

from __future__ import annotations

from typing import Any

import typer

from gmtool.cli.common import JSON_OPTION, emit, open_game, print_json
from gmtool.games.ftl.commands.shared import coin_faces, json_errors


def _names(part: str) -> Any:
    """``autocompletion=`` with the campaign's ships (``seats``), or every ship's
    ``weapons``, ``rooms`` or ``crew``."""

    def names(game: Any) -> list[str]:
        players = game.state["players"]
        if part == "seats":
            return list(players)
        ships = [player["ship"] for player in players.values() if player.get("ship")]
        if part == "weapons":
            return [w for ship in ships for w in ship.get("weapons") or [] if isinstance(w, str)]
        key = "id" if part == "rooms" else "name"
        return [item[key] for ship in ships for item in ship.get(part) or []]

    def complete(ctx: Any, args: list[str], incomplete: str) -> list[str]:
        from gmtool.cli.completion import from_campaign

        return from_campaign("ftl", names)(ctx, args, incomplete)

    return complete


SHIP = typer.Argument(
    ..., help="The ship (its seat name, e.g. Red).", autocompletion=_names("seats")
)


def _order(ctx: typer.Context, kind: str, as_json: bool, **fields: Any) -> None:
    with json_errors(as_json):
        game = open_game(ctx, "ftl")
        outcome = game.play({"type": f"order_{kind}", **fields}, game.door(entered=[]))
    if as_json:
        print_json(outcome.result)
    else:
        from gmtool.games.ftl.rules.battle.story import story

        typer.echo(story([outcome.result["order"]]))


def _on_off(value: str, on: str = "on", off: str = "off") -> bool:
    from gmtool.errors import UsageError

    lowered = value.lower()
    if lowered not in (on, off):
        raise UsageError(f"'{value}' is neither {on} nor {off}", hint=f"say {on} or {off}")
    return lowered == on


def register(app: typer.Typer) -> None:
    """Add the battle's commands to the ``ftl`` command group."""
    _odds_command(app)

    @app.command("tick")
    def tick(
        ctx: typer.Context,
        seconds: int = typer.Option(1, "--seconds", "-n", help="How many seconds to run."),
        dice: list[str] = typer.Option(
            None,
            "--dice",
            help="Faces by roll name, NAME=F,F (evade, stun_chance, fire_chance, "
            "breach_chance, fire, breach, fire_spread, spread, rock_plating, casing, "
            "ion_field, replicator, asteroid, drone_delay, drone_move, drone_room, "
            "drone_toward, drone_repair, drone_pick, asteroid_space, vengeance, "
            "vengeance_room; coins as heads/tails), or every face in order as F,F,...",
        ),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """Run the battle one second (or --seconds N) in its fixed order."""
        with json_errors(as_json):
            game = open_game(ctx, "ftl")
            door = battle_door(game, dice or [])
            outcome = game.play({"type": "tick", "seconds": seconds}, door)
        if as_json:
            print_json(outcome.result)
        else:  # plain text: a second is run often, and rich costs more to start than it
            from gmtool.games.ftl.render_tick import tick_text

            typer.echo(tick_text(outcome.result))

    @app.command("power")
    def power(
        ctx: typer.Context,
        ship: str = SHIP,
        system: str = typer.Argument(..., help="A powered system, e.g. shields."),
        bars: int = typer.Argument(..., help="The bars it should hold."),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """Put N bars of reactor power into a system (more or fewer)."""
        _order(ctx, "power", as_json, ship=ship, system=system, bars=bars)

    @app.command("weapon")
    def weapon(
        ctx: typer.Context,
        ship: str = SHIP,
        weapon: str = typer.Argument(
            ..., help="Weapon id or slot number (1 = first).", autocompletion=_names("weapons")
        ),
        state: str = typer.Argument(..., help="on or off."),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """Power a weapon from weapon control, or take its power away."""
        _order(ctx, "weapon", as_json, ship=ship, weapon=weapon, on=_on_off(state))

    @app.command("aim")
    def aim(
        ctx: typer.Context,
        ship: str = SHIP,
        weapon: str = typer.Argument(
            ..., help="Weapon id or slot number.", autocompletion=_names("weapons")
        ),
        room: str = typer.Argument(
            ...,
            help="The enemy room, drone:N for the enemy's drone N flying outside, or 'none' "
            "to hold fire.",
            autocompletion=_names("rooms"),
        ),
        corner: int = typer.Option(
            None, "--corner", help="A beam's start corner in the room (1 = first; default 1)."
        ),
        toward: str = typer.Option(
            None, "--toward", help="A beam's direction: right, left, up, down (default right)."
        ),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """Aim a powered weapon at an enemy room: it fires once charged. A beam starts at
        a corner of the room and goes one way."""
        target = None if room.lower() == "none" else room
        fields: dict[str, Any] = {"ship": ship, "weapon": weapon, "room": target}
        if corner is not None:
            fields["corner"] = corner
        if toward is not None:
            fields["toward"] = toward.lower()
        _order(ctx, "aim", as_json, **fields)

    @app.command("autofire")
    def autofire(
        ctx: typer.Context,
        ship: str = SHIP,
        state: str = typer.Argument(..., help="on (weapons keep their targets) or off."),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """With autofire on, weapons fire at their target each time they charge."""
        _order(ctx, "autofire", as_json, ship=ship, on=_on_off(state))

    @app.command("drone")
    def drone(
        ctx: typer.Context,
        ship: str = SHIP,
        drone: str = typer.Argument(..., help="Drone id or slot number (1 = first)."),
        state: str = typer.Argument(..., help="on (launched for a drone part if not out) or off."),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """Power a drone from drone control (a drone part each launch), or take its power."""
        _order(ctx, "drone", as_json, ship=ship, drone=drone, on=_on_off(state))

    @app.command("crew")
    def crew(
        ctx: typer.Context,
        ship: str = SHIP,
        name: str = typer.Argument(..., help="The crew member.", autocompletion=_names("crew")),
        room: str = typer.Argument(
            ..., help="The room to walk to (by the doors).", autocompletion=_names("rooms")
        ),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """Send a crew member to a room of their ship."""
        _order(ctx, "crew", as_json, ship=ship, name=name, room=room)

    @app.command("doors")
    def doors(
        ctx: typer.Context,
        ship: str = SHIP,
        room: str = typer.Argument(..., help="A room with a door to space (or --to a room)."),
        state: str = typer.Argument(..., help="open (vents the room) or closed."),
        to: str = typer.Option(
            None, "--to", help="The room on the other side: the door between the two rooms."
        ),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """Open or shut a room's door to space, or (--to ROOM) the door between two rooms."""
        fields: dict[str, Any] = {"ship": ship, "room": room}
        if to is not None:
            fields["to"] = to
        _order(ctx, "doors", as_json, open=_on_off(state, "open", "closed"), **fields)

    @app.command("lock")
    def lock(
        ctx: typer.Context,
        ship: str = SHIP,
        name: str = typer.Argument(..., help="A crystal crew member."),
        room: str = typer.Argument(..., help="The room across the door to lock."),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """A crystal crew member locks a door of its room: nobody passes for 15 s."""
        _order(ctx, "lock", as_json, ship=ship, name=name, room=room)

    @app.command("dodge")
    def dodge(
        ctx: typer.Context,
        ship: str = SHIP,
        numbers: str = typer.Argument(..., help="d20 numbers to dodge on, e.g. 3,7,12."),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """Pick the d20 numbers that dodge (the lowest others fill up to the evasion)."""
        from gmtool.dice import parse_faces

        _order(ctx, "dodge", as_json, ship=ship, numbers=parse_faces(numbers))

    @app.command("cloak")
    def cloak(ctx: typer.Context, ship: str = SHIP, as_json: bool = JSON_OPTION) -> None:
        """Cloak: +60% evasion and no enemy targeting, for 5/10/15 s by cloaking's power."""
        _order(ctx, "cloak", as_json, ship=ship)

    @app.command("battery")
    def battery(ctx: typer.Context, ship: str = SHIP, as_json: bool = JSON_OPTION) -> None:
        """Switch the backup battery on: +2/+4 reactor bars for 30 s, then it rests."""
        _order(ctx, "battery", as_json, ship=ship)

    @app.command("teleport")
    def teleport(
        ctx: typer.Context,
        ship: str = SHIP,
        room: str = typer.Argument(..., help="The enemy room to send them to."),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """Send the crew standing in the teleporter room to an enemy room."""
        _order(ctx, "teleport", as_json, ship=ship, room=room)

    @app.command("retrieve")
    def retrieve(ctx: typer.Context, ship: str = SHIP, as_json: bool = JSON_OPTION) -> None:
        """Bring one's crew back from the enemy ship to the teleporter room."""
        _order(ctx, "retrieve", as_json, ship=ship)

    @app.command("mind")
    def mind(
        ctx: typer.Context,
        ship: str = SHIP,
        name: str = typer.Argument(..., help="The enemy crew member to take over."),
        by: str = typer.Option(
            None, "--by", help="A slug of yours who takes the mind (default: the system)."
        ),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """Mind control: an enemy crew member fights on your side for a while (by the
        mind control system, or --by one of your slugs)."""
        fields: dict[str, Any] = {"ship": ship, "name": name}
        if by is not None:
            fields["by"] = by
        _order(ctx, "mind", as_json, **fields)

    @app.command("hack")
    def hack(
        ctx: typer.Context,
        ship: str = SHIP,
        system: str = typer.Argument(..., help="The enemy system to hack."),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """Hack an enemy system (while your hacking has power)."""
        _order(ctx, "hack", as_json, ship=ship, system=system)

    @app.command("show")
    def show(
        ctx: typer.Context,
        ship: str = typer.Argument(None, help="Only this ship (default both)."),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """Draw the battle: rooms, crew, fires, breaches, air, bars, shots in flight."""
        from gmtool.games.ftl.render_battle import show as render_show
        from gmtool.games.ftl.rules.battle.document import battle_document
        from gmtool.games.ftl.rules.battle.handlers import battle_as_it_opens
        from gmtool.games.ftl.rules.battle.state import ship_of

        game = open_game(ctx, "ftl")
        state = game.state
        # Before the first battle command the battle is shown as it will open.
        battle = battle_as_it_opens(state, game.content)
        doc = battle_document(battle)
        if ship is not None:
            name = ship_of(battle, ship)["name"]
            if as_json:
                doc["ships"] = {name: doc["ships"][name]}
            else:  # drawn alone, but with the enemy's aims on it
                doc["only"] = name
        emit(doc, as_json, render_show)


def _odds_command(app: typer.Typer) -> None:
    @app.command("odds")
    def odds(
        ctx: typer.Context,
        ship: str = SHIP,
        weapon: str = typer.Argument(
            ..., help="Weapon id or slot number, or an offensive drone's id."
        ),
        room: str = typer.Argument(
            None, help="The enemy room (a drone's is rolled: leave it out for all rooms)."
        ),
        as_json: bool = JSON_OPTION,
    ) -> None:
        """Exact odds of one volley (or one drone's firing) now: hits, expected hull damage,
        fire and breach."""
        from gmtool.games.ftl.render_battle_odds import odds as render_odds
        from gmtool.games.ftl.rules.battle.drone_odds import odds_of
        from gmtool.games.ftl.rules.battle.handlers import battle_as_it_opens
        from gmtool.games.ftl.rules.battle.state import ship_of

        game = open_game(ctx, "ftl")
        state = game.state
        battle = battle_as_it_opens(state, game.content)
        emit(odds_of(battle, ship_of(battle, ship), weapon, room), as_json, render_odds)


def battle_door(game: Any, items: list[str]) -> Any:
    """``--dice NAME=F,F`` by roll name (coins as heads/tails), or one ``--dice F,F``."""
    from gmtool.errors import UsageError

    flat = [item for item in items if "=" not in item]
    named = [item for item in items if "=" in item]
    if len(flat) > 1 or (flat and named):
        raise UsageError(
            "give every face in order in one --dice, or name each roll",
            hint="e.g. --dice 7,12 or --dice evade=7 --dice fire=heads,tails",
        )
    if flat:
        return game.door(entered=coin_faces(flat[0]))
    return game.door(entered_by=faces_by_name(named) or None)


def faces_by_name(items: list[str]) -> dict[str, list[int]]:
    """``["evade=7,12", "fire=heads"]`` -> ``{"evade": [7, 12], "fire": [1]}``: each name
    a roll of the battle, given once."""
    from gmtool.errors import UsageError
    from gmtool.games.ftl.rules.battle.rolls import NAMES

    by_name: dict[str, list[int]] = {}
    for item in items:
        name, _, faces = item.partition("=")
        name = name.strip().lower()
        if name not in NAMES:
            raise UsageError(
                f"'{name}' is not a roll of the battle", hint=f"rolls: {', '.join(NAMES)}"
            )
        if name in by_name:
            raise UsageError(f"faces for {name} are given twice", hint=f"one --dice {name}=F,F")
        by_name[name] = coin_faces(faces)
    return by_name


def door_from_words(game: Any, words: str) -> Any:
    """The play loop's answer ``evade=7,12 fire=heads`` (blank: roll everything); faces may
    be split by spaces as well as commas (``evade=7 12``, or ``7 12`` for all in order)."""
    return battle_door(game, words_to_items(words))


def words_to_items(words: str) -> list[str]:
    """``evade=7 12 fire=heads`` -> ``["evade=7,12", "fire=heads"]``."""
    items: list[str] = []
    for token in words.replace(";", " ").replace(",", " ").split():
        if "=" in token or not items:
            items.append(token)
        elif items[-1].endswith("="):
            items[-1] += token
        else:
            items[-1] += "," + token
    return items
