"""Rendering: result documents -> rich renderables. Imported only to print for people."""
