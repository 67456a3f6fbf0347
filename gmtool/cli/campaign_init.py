"""``gmtool campaign init NAME --system S``: a commented campaign file to start from, with
a mission, a scene table and an enemy of the GM's own (whichever of them the game has),
which ``gmtool check`` passes as it is written."""

from __future__ import annotations

from pathlib import Path

import typer

from gmtool.errors import UsageError


def init(
    name: str = typer.Argument(..., help="The campaign's title (and the file's name)."),
    system: str = typer.Option(..., "--system", "-s", help="The game."),
    to: Path = typer.Option(None, "--to", help="Where to write it (default: NAME.yaml here)."),
) -> None:
    """Write a commented campaign file to fill in (check it, forecast it, then play it)."""
    from gmtool.content.jsonschema import file_name
    from gmtool.content.paths import packaged
    from gmtool.games import game_name

    system = game_name(system.lower())
    target = to or Path(f"{_file_stem(name)}.yaml")
    if target.exists():
        raise UsageError(f"{target} already exists", hint="pick another name, or --to PATH")
    schema = packaged("schemas", file_name("campaign", system)).resolve()
    text = packaged("starters", f"{system}.yaml").read_text(encoding="utf-8")
    text = text.replace("$schema=SCHEMA", f"$schema={schema.as_uri()}", 1)
    text = text.replace("name: TITLE", f"name: {_quoted(name)}", 1)
    text = text.replace("FILE", str(target)).replace(" NAME ", f" {_file_stem(name)} ")
    try:
        with target.open("x", encoding="utf-8") as out:
            out.write(text)
    except OSError as error:
        raise UsageError(f"cannot write {target}: {error.strerror}") from None
    typer.echo(f"wrote {target}: fill it in, then 'gmtool check {target}'")


def _file_stem(name: str) -> str:
    stem = "".join(c if c.isalnum() or c in "-_." else "-" for c in name.strip()).strip("-.")
    if not stem:
        raise UsageError(f"'{name}' makes no file name", hint="use letters or digits")
    return stem


def _quoted(text: str) -> str:
    import json

    return json.dumps(text, ensure_ascii=False)


def register(app: typer.Typer) -> None:
    app.command("init")(init)
