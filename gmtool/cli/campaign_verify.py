"""``gmtool campaign verify [NAME]`` and ``gmtool campaign rebuild NAME``."""

from __future__ import annotations

import typer

from gmtool.cli.common import JSON_OPTION, campaign_name, print_json
from gmtool.errors import StoreError


def _campaigns(incomplete: str) -> list[str]:
    from gmtool.cli.completion import campaign_names

    return campaign_names(incomplete)


def verify(
    ctx: typer.Context,
    name: str = typer.Argument(
        None, help="The campaign (default: the current one).", autocompletion=_campaigns
    ),
    as_json: bool = JSON_OPTION,
) -> None:
    """Prove a campaign whole: SQLite's integrity check, every checksum of the log, the
    snapshots, and a replay of the log compared with the stored state."""
    from gmtool.engine.integrity import verify as verify_campaign
    from gmtool.text import printable

    chosen = name or campaign_name(ctx)
    assert chosen is not None
    name = chosen
    report = verify_campaign(name)
    if as_json:
        print_json(report.to_json())
    elif report.is_whole:
        typer.echo(f"campaign '{name}' is whole ({report.path})")
        typer.echo("  SQLite integrity check: ok")
        typer.echo(f"  log: {report.entries} entries, every checksum link holds")
        typer.echo("  head state: matches its checksum")
        typer.echo(f"  snapshots: {report.snapshots}, each what the replay gives")
        typer.echo(f"  replay: {report.replayed} live actions give the head state")
        typer.echo("  names: the index of who did what matches the log")
    else:
        typer.echo(f"campaign '{name}' is damaged ({report.path}):")
        for problem in report.problems:
            typer.echo(f"  - {printable(problem, one_line=True)}")
    if not report.is_whole:
        raise StoreError(
            f"campaign '{name}' failed verification: {len(report.problems)} problem(s)"
            f" (the first: {report.problems[0]})",
            hint=f"'gmtool campaign rebuild {name}' restores the state when the log is whole;"
            " otherwise restore the file from a backup",
        )


def rebuild(
    name: str = typer.Argument(..., help="The campaign to rebuild.", autocompletion=_campaigns),
    as_json: bool = JSON_OPTION,
) -> None:
    """Build a campaign's head state and snapshots again from its log (the log must be
    whole), in its own file under the write lock; a copy of the file as it was is kept."""
    from gmtool.engine.integrity import rebuild as rebuild_campaign

    done = rebuild_campaign(name)
    if as_json:
        print_json(done.to_json())
        return
    typer.echo(
        f"rebuilt campaign '{name}': {done.entries} entries kept, {done.replayed} live actions"
        f" replayed, {done.snapshots} snapshot(s) ({done.path})"
    )
    typer.echo(f"the file as it was is kept as {done.kept}")


def register(campaign_group: typer.Typer) -> None:
    """Add ``verify`` and ``rebuild`` to the ``campaign`` group."""
    campaign_group.command("verify")(verify)
    campaign_group.command("rebuild")(rebuild)
