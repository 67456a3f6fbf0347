"""The rules, pure: no printing, no clock, no I/O, nothing of the command line or the screens."""
