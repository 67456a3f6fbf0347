"""The SQL that picks log entries for ``gmtool log``'s filters."""

from __future__ import annotations

from typing import Any

from gmtool.store.records import ENTRY_COLUMNS

LOG_COLUMNS = "seq, time, kind, who, what, outcome, mission, scene, dice, voided"
"""What the log prints: no action, no result, and the dice left as the JSON text stored."""


def log_query(
    *,
    who: str | None,
    mission: str | None,
    scene: str | None,
    last: int | None,
    columns: str = ENTRY_COLUMNS,
    newest_first: bool = False,
) -> tuple[str, list[Any]]:
    """The query and its parameters: entries by ``who`` (one of several names counts), of a
    mission or scene (by title or id), all in log order (or ``newest_first``) or the
    ``last`` N newest first. Newest first, the rows come from the end of the primary key,
    so a reader that stops early reads no more of the log than it used."""
    where: list[str] = []
    params: list[Any] = []
    if who is not None:
        # An entry by several people lists them as "Ana, Cy": match any one of them.
        where.append(
            "(who = ? COLLATE NOCASE OR who LIKE ?1 || ', %' ESCAPE '\\'"
            " OR who LIKE '%, ' || ?1 ESCAPE '\\'"
            " OR who LIKE '%, ' || ?1 || ', %' ESCAPE '\\')".replace("?1", "?")
        )
        literal = who.replace("\\", "\\\\").replace("%", "\\%").replace("_", "\\_")
        params += [who, literal, literal, literal]
    for column, value in (("mission", mission), ("scene", scene)):
        if value is not None:
            # The title as shown ("Map Out Ancient Forest") or its id (map_out_ancient_forest).
            where.append(
                f"({column} = ? COLLATE NOCASE"
                f" OR replace(replace(lower({column}), ' ', '_'), '-', '_') = ?)"
            )
            params += [value, value.casefold().replace(" ", "_").replace("-", "_")]
    sql = f"SELECT {columns} FROM entries"
    if where:
        sql += " WHERE " + " AND ".join(where)
    if last is None:
        return sql + (" ORDER BY seq DESC" if newest_first else " ORDER BY seq"), params
    params.append(min(last, 2**63 - 1))  # SQLite's integers stop there
    return sql + " ORDER BY seq DESC LIMIT ?", params
