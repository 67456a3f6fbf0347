"""The command line: thin typer commands over the engine and systems."""
