"""Entry point: run the typer app and turn every user error into one line on stderr."""

from __future__ import annotations

import os
import sys


def main() -> None:
    debug = os.environ.get("GMTOOL_DEBUG") == "1"
    from gmtool.errors import GmtoolError

    try:
        from gmtool.cli.app import app

        app()
    except GmtoolError as error:
        if debug:
            raise
        sys.stderr.write(f"error: {error.line()}\n")
        sys.exit(error.exit_code)
    except KeyboardInterrupt:
        sys.stderr.write("interrupted: nothing was written for the unfinished command\n")
        sys.exit(130)
    except Exception as error:  # a bug, not a user error: say so briefly
        if debug:
            raise
        sys.stderr.write(
            f"internal error: {type(error).__name__}: {error} "
            "(run again with GMTOOL_DEBUG=1 for the traceback)\n"
        )
        sys.exit(70)
