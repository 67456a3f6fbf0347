"""``gmtool serve``: the campaign in a browser, live: the table screen, the roll feed, and a
private screen for each seat. The web libraries are imported here only."""

from __future__ import annotations

import typer

from gmtool.cli.common import campaign_name
from gmtool.errors import UsageError

WEB_MODULES = {"starlette", "uvicorn", "jinja2", "segno", "anyio", "h11", "markupsafe"}


def serve(
    ctx: typer.Context,
    port: int = typer.Option(
        8765, "--port", min=0, max=65535, help="The port to listen on (0: any free one)."
    ),
    lan: bool = typer.Option(
        False, "--lan", help="Listen on the local network too, so phones can connect."
    ),
    no_open: bool = typer.Option(False, "--no-open", help="Do not open the table screen here."),
    new_links: bool = typer.Option(
        False, "--new-links", help="Give every seat a new private link; the old ones stop working."
    ),
    qr: list[str] = typer.Option(
        None, "--qr", metavar="SEAT", help="Print SEAT's link as a QR code (repeat for more)."
    ),
) -> None:
    """Show the campaign live in a browser: the table screen, the roll feed, and a private
    screen for each player."""
    try:
        from gmtool.web.server import serve as run
    except ImportError as error:
        missing = (error.name or "").partition(".")[0]
        if missing not in WEB_MODULES:
            raise
        raise UsageError(
            f"gmtool serve needs the web libraries ({missing} is missing)",
            hint="install them with: pip install 'gmtool[web]'",
        ) from None
    name = campaign_name(ctx)  # -c NAME, before or after the command
    assert name is not None
    run(name, port=port, lan=lan, open_browser=not no_open, new_links=new_links, qr=qr or [])


def register(app: typer.Typer) -> None:
    app.command()(serve)
