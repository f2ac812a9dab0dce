"""The tables the CPU players look things up in, computed offline and shipped as data
(``tables.json`` beside this module), so that no player spends seconds building one on its
first decision of a game: the Hold'em starting hands' strengths
(:func:`~drawpoker.bots.holdem.compute_preflop_strengths`), the spread of Omaha starting hands'
points (:func:`~drawpoker.bots.omaha.compute_points_spread`) and the lowball opponent models'
final strengths (:func:`~drawpoker.bots.lowball_model.simulate_finals`), how many dealt hands
reach each lowball strength (:func:`~drawpoker.bots.lowball.count_dealt_hands`) and the stud
down cards that make a third-street raise plausible under each up card
(:func:`~drawpoker.bots.stud.compute_third_street_downs`). Each computing
function's doctest checks that the shipped table is what it computes. After changing one,
rewrite the file with :mod:`drawpoker.bots.make_tables`::

    python -m drawpoker.bots.make_tables

Sorted numbers (and the counts of dealt hands) are kept as runs, ``[value, count]`` pairs
(:func:`runs`, :func:`expand`).
:func:`drawpoker.bots.seating.prepare` readies them, with all else a first decision would
otherwise build or import, when the players are seated.

>>> sorted(shipped())
['dealt-hands', 'holdem-preflop', 'lowball-finals', 'omaha-points', 'stud-third-street']
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Sequence
from functools import cache
from pathlib import Path
from typing import Any

TABLES = Path(__file__).with_name("tables.json")
"""Where the tables are shipped."""

LOWBALL_GAMES = ("2-7-single-draw", "2-7-triple-draw", "badugi")
"""The games with a lowball opponent model."""


@cache
def shipped() -> dict[str, Any]:
    """The shipped tables, read once per process.

    >>> len(shipped()["holdem-preflop"]), sorted(shipped()["omaha-points"])
    (169, ['high', 'hilo'])
    """
    tables: dict[str, Any] = json.loads(TABLES.read_text(encoding="utf-8"))
    return tables


def runs(values: Iterable[float]) -> list[list[float]]:
    """``values`` (sorted) as ``[value, count]`` pairs of equal neighbours.

    >>> runs([3, 3, 2, 1, 1, 1])
    [[3, 2], [2, 1], [1, 3]]
    """
    pairs: list[list[float]] = []
    for value in values:
        if pairs and pairs[-1][0] == value:
            pairs[-1][1] += 1
        else:
            pairs.append([value, 1])
    return pairs


def expand(pairs: Sequence[Sequence[float]]) -> list[float]:
    """The values :func:`runs` wrote as pairs.

    >>> expand([[3, 2], [2, 1], [1, 3]])
    [3, 3, 2, 1, 1, 1]
    """
    return [value for value, count in pairs for _ in range(int(count))]
