"""Computes the tables the CPU players look things up in and writes them where
:mod:`drawpoker.bots.tables` reads them (several seconds; run after changing how one is
computed)::

    python -m drawpoker.bots.make_tables
"""

from __future__ import annotations

import json
from typing import Any

from drawpoker.bots.holdem import compute_preflop_strengths
from drawpoker.bots.lowball import LOWBALL_RANKINGS, count_dealt_hands
from drawpoker.bots.lowball_model import simulate_finals
from drawpoker.bots.omaha import compute_points_spread
from drawpoker.bots.stud import compute_third_street_downs
from drawpoker.bots.tables import LOWBALL_GAMES, TABLES, runs


def compute() -> dict[str, Any]:
    """Every table, computed (several seconds).

    >>> from drawpoker.bots.tables import shipped
    >>> compute() == shipped()  # the shipped tables are up to date
    True
    """
    lowball = {}
    for name in LOWBALL_GAMES:
        finals, everyone = simulate_finals(name)
        lowball[name] = {
            "finals": {f"{draw},{count}": runs(v) for (draw, count), v in sorted(finals.items())},
            "everyone": runs(everyone),
        }
    return {
        "holdem-preflop": compute_preflop_strengths(),
        "omaha-points": {
            "high": runs(compute_points_spread(hilo=False)),
            "hilo": runs(compute_points_spread(hilo=True)),
        },
        "lowball-finals": lowball,
        "dealt-hands": {ranking: runs(count_dealt_hands(ranking)) for ranking in LOWBALL_RANKINGS},
        "stud-third-street": compute_third_street_downs(),
    }


def main() -> None:
    """Computes every table and writes :data:`TABLES`."""
    TABLES.write_text(json.dumps(compute(), separators=(",", ":")) + "\n", encoding="utf-8")
    print(f"wrote {TABLES}")


if __name__ == "__main__":
    main()
