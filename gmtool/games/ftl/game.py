"""The FTL multiplayer board game: ships built from priced parts within a budget, checked
against the building rules, a sector map laid out by dice, and the battle between two
ships one second at a time.

``SYSTEM`` is what the engine uses. Its ``apply`` dispatches on ``action["type"]`` through
``actions.ACTIONS``; a battle action goes straight to ``battle.handlers`` (imported only
then, so the map, jumps and status do not load the battle referee), and the content
is read only when something looks inside it, so a battle second (which reads only the
state) imports neither the ship builder nor the content models.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from gmtool.dice import DiceDoor
from gmtool.engine.system import Move, Outcome, State


class LazyContent:
    """The FTL content (``content.CONTENT.load``), loaded on the first attribute asked for."""

    def __init__(self, overrides: Mapping[str, Any]) -> None:
        from gmtool.content.cache import is_validating

        self.__dict__["_overrides"] = overrides
        self.__dict__["_content"] = None
        if is_validating():  # ``gmtool check``: validate now, not never
            self.loaded()

    def loaded(self) -> Any:
        if self.__dict__["_content"] is None:
            from gmtool.games.ftl.rules.content import CONTENT

            self.__dict__["_content"] = CONTENT.load(self.__dict__["_overrides"])
        return self.__dict__["_content"]

    def __getattr__(self, name: str) -> Any:
        return getattr(self.loaded(), name)


def real(content: Any) -> Any:
    """The content itself, whether ``content`` is the lazy holder or not."""
    return content.loaded() if isinstance(content, LazyContent) else content


class Ftl:
    """The FTL referee: ships, their bills, the sector map, jumps and battles."""

    name = "ftl"
    title = "FTL multiplayer board game"
    short_title = "FTL"
    has_secrets = False

    def load_content(self, overrides: Mapping[str, Any]) -> LazyContent:
        return LazyContent(overrides)

    def new_state(self, content: Any, options: Mapping[str, Any], dice: DiceDoor) -> State:
        from gmtool.games.ftl.rules.setup import new_state

        return new_state(real(content), options, dice)

    def apply(
        self, state: State, action: Mapping[str, Any], dice: DiceDoor, content: Any
    ) -> Outcome:
        if _may_be_battle(action.get("type")):
            from gmtool.games.ftl.rules.battle.handlers import ACTION_TYPES, battle_action

            if action.get("type") in ACTION_TYPES:
                return battle_action(state, action, dice, content)
        from gmtool.games.ftl.rules.actions import apply_action

        return apply_action(state, action, dice, real(content))

    def status(self, state: State, *, now: float) -> dict[str, Any]:
        from gmtool.games.ftl.rules.players import status

        return status(state)

    # The declaration's questions (``rules.moves`` answers them, imported when asked so
    # a command that asks none pays nothing for them).
    def seats(self, state: State) -> list[str]:
        """The two captains (each sees what the table sees: ``has_secrets`` is False)."""
        from gmtool.games.ftl.rules.moves import captains

        return captains(state)

    def options(
        self,
        state: State,
        seat: str | None,
        *,
        content: Any = None,
        kinds: Collection[str] | None = None,
        wanted: Any = None,
    ) -> list[Move]:
        """The moves ``seat`` (None: the GM) may make now: in a battle the orders its checks
        pass, and the seconds; between battles the jumps and the map. With the campaign's
        ``content`` the jumps are checked too, and a battle not begun yet offers the
        orders it would open with. ``kinds``: those moves of the list only (``order_``
        kinds without the prefix, ``jump``), and ``wanted`` (kind, fields) -> bool those
        orders only, for a forecast's captain."""
        from gmtool.games.ftl.rules.moves import options

        return options(state, seat, None if content is None else real(content), kinds, wanted)

    def view(self, state: State, seat: str | None, *, content: Any = None) -> dict[str, Any]:
        """What ``status`` shows the table, with the battle under way as ``ftl show
        --json`` prints it (``battle``: None between the battles of a match on the map).
        With the campaign's ``content``, a campaign with no map shows the battle about to
        open before its first second, the ships as built. FTL hides nothing, so every
        seat sees it too."""
        seen = self.status(state, now=0.0)
        battle = state.get("battle")
        if state.get("map") is not None and (battle is None or battle.get("over")):
            return {**seen, "battle": None}  # on the map (the match's last battle is over)
        from gmtool.games.ftl.rules.moves import battle_of

        shown = battle_of(state, None if content is None else real(content))
        if shown is None:  # no map, no content to open the battle from
            return {**seen, "battle": None}
        from gmtool.games.ftl.rules.battle.document import battle_document

        return {**seen, "battle": battle_document(shown)}

    def to_move(self, state: State, *, content: Any = None) -> list[str]:
        """The captains whose orders a battle awaits (under way, or about to open in a
        campaign with no map: the GM may lay one out instead), or whose turn it is on the
        map; none once the match is over."""
        from gmtool.games.ftl.rules.moves import to_move

        return to_move(state)


def _may_be_battle(kind: object) -> bool:
    """The battle's action types are ``tick`` and ``order_...``: known by their shape, so
    a map or jump action never imports the battle referee."""
    return kind == "tick" or (isinstance(kind, str) and kind.startswith("order_"))


SYSTEM = Ftl()

__all__ = ["SYSTEM", "Ftl", "LazyContent"]
