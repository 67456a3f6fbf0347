"""``gmtool schema KIND``: the JSON Schema of a kind of content file."""

from __future__ import annotations

import typer


def schema(
    kind: str = typer.Argument(
        ..., help="campaign, tables, mission, scene-table, enemy-list, ship, board."
    ),
    system: str = typer.Option(None, "--system", "-s", help="The game, when several have one."),
) -> None:
    """Print the JSON Schema of a content file kind (for an editor's completion and checks)."""
    from gmtool.cli.common import print_json
    from gmtool.content.jsonschema import schema as schema_of

    print_json(schema_of(kind, system))


def register(app: typer.Typer) -> None:
    app.command()(schema)
