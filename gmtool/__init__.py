"""gmtool: a game master's assistant at the table."""

__version__ = "0.1.0"
