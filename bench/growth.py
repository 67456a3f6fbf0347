"""Growth: ``roll 1d20`` and ``status`` on a campaign with 100,000 logged rolls, against
the same commands on an empty campaign (the target is within 1.5x)."""

from __future__ import annotations

import json
import subprocess

from common import gmtool, scratch_home, time_commands

ROLLS = 100_000


def fill(name: str, count: int) -> None:
    """Append ``count`` real roll entries, as the roll command writes them, in one go."""
    from gmtool.dice import DiceDoor, Rng
    from gmtool.store.campaign import CampaignStore
    from gmtool.store.records import now_text

    store = CampaignStore.open(name)
    door = DiceDoor(Rng(1))
    rows = []
    for _ in range(count):
        roll = door.roll("1d20")
        rows.append((now_text(), "roll", "", "1d20", str(roll.total), json.dumps([roll.to_json()])))
    with store.transaction():
        store.conn.executemany(
            "INSERT INTO entries (time, kind, who, what, outcome, dice, result)"
            " VALUES (?, ?, ?, ?, ?, ?, '{}')",
            rows,
        )
    store.close()


def main() -> None:
    scratch_home()
    for name in ("empty", "full"):
        subprocess.run(
            gmtool("campaign", "new", name, "--system", "originem"), check=True, capture_output=True
        )
    fill("full", ROLLS)
    for command in (("roll", "1d20"), ("status",)):
        empty, full = time_commands(gmtool("-c", "empty", *command), gmtool("-c", "full", *command))
        label = " ".join(command)
        print(
            f"{label:10} empty {empty * 1000:7.1f} ms   {ROLLS:,} rolls {full * 1000:7.1f} ms"
            f"   ratio {full / empty:5.2f} (target <= 1.50)"
        )


if __name__ == "__main__":
    main()
