"""The player screens of the games with hidden information, one module per system."""
