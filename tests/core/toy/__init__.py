"""A toy game for the engine tests."""
