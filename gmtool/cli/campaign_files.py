"""``gmtool campaign delete|restore|rename|copy|archive|import``: campaigns as files.

The file work is ``store.housekeeping`` and ``store.archive`` (each step crash-safe, and a
campaign open in another gmtool is not moved); these commands ask and say what was done.
"""

from __future__ import annotations

import sys
from pathlib import Path

import typer

from gmtool.errors import UsageError


def _campaigns(incomplete: str) -> list[str]:
    from gmtool.cli.completion import campaign_names

    return campaign_names(incomplete)


def _trashed(incomplete: str) -> list[str]:
    from gmtool.cli.completion import trashed_names

    return trashed_names(incomplete)


NAME = typer.Argument(..., help="The campaign.", show_default=False, autocompletion=_campaigns)
NEW_NAME = typer.Argument(..., help="The new name (letters, digits, - _ .).", show_default=False)


def delete(
    name: str = NAME,
    yes: bool = typer.Option(False, "--yes", "-y", help="Do not ask first."),
) -> None:
    """Move a campaign to the trash ('campaign restore' brings it back)."""
    from gmtool.store.home import existing_campaign_path

    existing_campaign_path(name)
    if not yes:
        if not sys.stdin.isatty():
            raise UsageError(
                f"deleting campaign '{name}' needs a yes", hint="add --yes (it goes to the trash)"
            )
        if not typer.confirm(f"Move campaign '{name}' to the trash?", default=False):
            typer.echo("nothing deleted")
            return
    from gmtool.store.housekeeping import delete as delete_campaign

    place = delete_campaign(name)
    typer.echo(
        f"campaign '{name}' moved to the trash ({place}); 'gmtool campaign restore {name}' "
        "brings it back"
    )


def restore(
    name: str = typer.Argument(
        None, help="The campaign to bring back (none: list the trash).", autocompletion=_trashed
    ),
    as_name: str = typer.Option(None, "--as", help="Bring it back under another name."),
) -> None:
    """Bring a deleted campaign back from the trash (the latest deleted under that name)."""
    from gmtool.store.housekeeping import restore as restore_campaign
    from gmtool.store.housekeeping import trashed

    if name is None:
        found = trashed()
        if not found:
            typer.echo("the trash is empty")
        for stem, path in found:
            typer.echo(f"{stem}  (deleted {path.parent.name[:15].replace('-', ' ', 1)})")
        return
    back = restore_campaign(name, as_name)
    typer.echo(f"campaign '{back}' is back")


def rename(name: str = NAME, new: str = NEW_NAME) -> None:
    """Rename a campaign (the current campaign follows)."""
    from gmtool.store.housekeeping import rename as rename_campaign

    rename_campaign(name, new)
    typer.echo(f"campaign '{name}' is now '{new}'")


def copy(name: str = NAME, new: str = NEW_NAME) -> None:
    """Copy a campaign whole: log, content, state and dice."""
    from gmtool.store.housekeeping import copy as copy_campaign

    copy_campaign(name, new)
    typer.echo(f"campaign '{name}' copied to '{new}'")


def archive(
    name: str = NAME,
    out: Path = typer.Option(
        None, "--out", "-o", help="The archive to write (default: NAME.gmtool.zip here)."
    ),
) -> None:
    """Write a campaign to one file: its database, its log and its content."""
    from gmtool.store.archive import default_archive_name, write_archive

    target = out or default_archive_name(name)
    manifest = write_archive(name, target)
    typer.echo(f"campaign '{name}' archived to {target} ({manifest['entries']} log entries)")


def import_(
    source: Path = typer.Argument(..., help="An archive written by 'campaign archive'."),
    as_name: str = typer.Option(None, "--name", help="Import it under this name."),
) -> None:
    """Read a campaign archive back as a campaign (refusing a damaged or foreign file)."""
    from gmtool.store.archive import read_archive

    name, manifest = read_archive(source, as_name)
    typer.echo(f"imported campaign '{name}' ({manifest['system']}, {manifest['entries']} entries)")


def register(group: typer.Typer) -> None:
    """Add the file commands to the ``campaign`` group."""
    group.command("delete")(delete)
    group.command("restore")(restore)
    group.command("rename")(rename)
    group.command("copy")(copy)
    group.command("archive")(archive)
    group.command("import")(import_)
