"""A seat's hand-history download: every finished hand of the table as that seat saw it (its
own cards, the public facts, the hands shown, its events), never the house's copy.

The format is this site's JSON (:data:`FORMAT`). The Poker Hand History format (PHH) is to
come from ``drawpoker.history`` (being written on another branch): :func:`phh_history` is the
hook for it, and says so plainly until that module exists. Whatever writes PHH here must write
the seat's view (other seats' cards only once shown), not the engine's full hand.

>>> from drawpoker.games import Table, game
>>> table = Table(game("holdem"), 2, seed=3)
>>> table.act(0, table.default_action())
>>> data = seat_history("t1", table, 1, ["Ann", "Bob"])
>>> data["format"], [h["hand"] for h in data["hands"]], data["hands"][0]["won"]
('drawpoker.seat-history/1', [0], [{'seat': 1, 'amount': 100}])
"""

from __future__ import annotations

import importlib
from typing import Any

from drawpoker.errors import InvalidArgumentError
from drawpoker.games import GAMES, Table
from drawpoker.web.seatview import event_json, hand_json, rankings_of

FORMAT = "drawpoker.seat-history/1"
"""The ``format`` field of a download."""

PHH_MODULE = "drawpoker.history"
"""The module that will write PHH files (issue 17)."""


def seat_history(table_id: str, table: Table, seat: int, names: list[str]) -> dict[str, Any]:
    """The finished hands of ``table`` as ``seat`` saw them: for each, the seat's view at the
    end (:func:`~drawpoker.web.seatview.hand_json`) with its round and starting stacks, and
    the events the seat could see.

    >>> from drawpoker.games import Table, game
    >>> seat_history("t", Table(game("holdem"), 2), 0, ["A", "B"])["hands"]
    []
    """
    hands = []
    rankings = rankings_of(table.game)
    for index, hand in enumerate(table.hands):
        if not hand.is_over:
            continue
        record = hand_json(hand.view(seat), index, hand.winners, hand.start_stacks)
        record["round"] = hand.number
        record["start_stacks"] = list(hand.start_stacks)
        record["events"] = [
            event_json(event, n, index, rankings)
            for n, event in enumerate(hand.visible_events(seat), start=1)
        ]
        hands.append(record)
    return {
        "format": FORMAT,
        "table": table_id,
        "game": {"name": table.game.name, "title": GAMES[table.game.name].title},
        "settings": table.game.settings.to_dict(),
        "seat": seat,
        "names": names,
        "hands": hands,
    }


def phh_available() -> bool:
    """Whether this version can write PHH (``drawpoker.history`` with a ``seat_phh``).

    >>> isinstance(phh_available(), bool)
    True
    """
    try:
        module = importlib.import_module(PHH_MODULE)
    except ImportError:
        return False
    return hasattr(module, "seat_phh")


def phh_history(table_id: str, table: Table, seat: int, names: list[str]) -> str:
    """The seat's finished hands in PHH: the hook for ``drawpoker.history.seat_phh`` (called
    with the table, the seat and the names; it must write only what the seat saw). Until that
    exists this raises :class:`InvalidArgumentError` saying so.

    >>> from drawpoker.games import Table, game
    >>> if not phh_available():
    ...     try:
    ...         phh_history("t", Table(game("holdem"), 2), 0, ["A", "B"])
    ...     except InvalidArgumentError as error:
    ...         print(str(error)[:40])
    ... else:
    ...     print("PHH hand histories are not in this versi")
    PHH hand histories are not in this versi
    """
    if not phh_available():
        raise InvalidArgumentError(
            "PHH hand histories are not in this version yet (they come with "
            f"{PHH_MODULE}); download the JSON history instead"
        )
    module = importlib.import_module(PHH_MODULE)
    text: str = module.seat_phh(table, seat, names)
    return text
