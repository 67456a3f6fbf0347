"""The engine: apply actions through a system, record them, undo and redo them."""
