"""The games gmtool referees: the one list of them, and where each keeps its parts.

Every game lives in its own package, ``gmtool/games/NAME/``, with the same parts:

- ``game``: the declaration the engine plays (``SYSTEM``, an ``engine.system.System``);
- ``rules/``: the rules, pure (imported by ``game``, never by another game);
- ``commands``: its command group, ``gmtool NAME ...`` (``app``);
- ``play``: its part of ``gmtool play`` (``run(game)``);
- ``render``: its terminal drawings (``status``, and ``seat_status`` when it has secrets);
- ``recap``: its part of a session's recap (``story(entries, *, public)``);
- ``web`` (when its players have screens of their own) and ``templates/``: its pages in
  ``gmtool serve``;
- its demo campaign, ``campaigns/NAME-demo.yaml``, and its YAML in ``tables/NAME`` and
  ``scenes/NAME``.

The package itself (``gmtool/games/NAME/__init__.py``) answers, cheaply, the few questions
shared commands ask before any part is imported (see ``package``): ``CAMPAIGN_OPTIONS``,
the options of ``gmtool campaign new`` the game takes (its ``commands`` turns them into the
campaign's options with ``campaign_options`` when they need reading), and
``file_problems``, which ``gmtool check`` asks about a file that is neither a campaign file
nor a table (FTL's ship files).

Every front end finds a game here and nowhere else, and imports a part only when it needs
it. Adding a game is a new package and one line in ``GAMES``.
"""

from __future__ import annotations

import importlib
import importlib.util
from types import ModuleType
from typing import TYPE_CHECKING, Literal

from gmtool.errors import unknown

if TYPE_CHECKING:
    from gmtool.engine.system import System

GAMES: dict[str, str] = {
    "originem": "gmtool.games.originem",
    "astral": "gmtool.games.astral",
    "starships": "gmtool.games.starships",
    "foodfight": "gmtool.games.foodfight",
    "ftl": "gmtool.games.ftl",
    "zauberer": "gmtool.games.zauberer",
}
"""Game name -> its package, in the order help and menus list them."""

Part = Literal["game", "commands", "play", "render", "web", "recap", "rules.forecast"]


def game_name(text: str, what: str = "system") -> str:
    """The game ``text`` names, whatever its case (``Originem`` is ``originem``); an
    unknown name lists the known ones (as ``what``)."""
    name = text.strip().lower()
    if name not in GAMES:
        raise unknown(what, text, sorted(GAMES))
    return name


def get_game(name: str) -> System:
    """The declaration of game ``name``."""
    system: System = part(game_name(name), "game").SYSTEM
    return system


def package(name: str) -> ModuleType:
    """The package of game ``name``: its ``__init__`` only, none of its parts."""
    return importlib.import_module(GAMES[name])


def part(name: str, which: Part) -> ModuleType:
    """One part of game ``name`` (see above), imported now."""
    return importlib.import_module(f"{GAMES[name]}.{which}")


def has_part(name: str, which: Part) -> bool:
    """Whether game ``name`` has that part (not every game has player screens)."""
    return importlib.util.find_spec(f"{GAMES[name]}.{which}") is not None


def demo_file(name: str) -> str:
    """The file name of game ``name``'s demo campaign, in the packaged ``campaigns/``."""
    return f"{name}-demo.yaml"
