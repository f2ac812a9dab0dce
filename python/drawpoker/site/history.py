"""A seat's hand-history download: every finished hand of the table as that seat saw it (its
own cards, the public facts, the hands shown, its events), never the house's copy.

Two formats: this site's JSON (:data:`FORMAT`, the seat's views and events) and PHH
(:func:`phh_history`, :mod:`drawpoker.history`'s seat copy: other seats' hidden cards ``??``).

>>> from drawpoker.table import Table
>>> from drawpoker.engine import game
>>> table = Table(game("holdem"), 2, seed=3)
>>> table.act(0, table.default_action())
>>> data = seat_history("t1", table, 1, ["Ann", "Bob"])
>>> data["format"], [h["hand"] for h in data["hands"]], data["hands"][0]["won"]
('drawpoker.seat-history/1', [0], [{'seat': 1, 'amount': 100}])
"""

from __future__ import annotations

from typing import Any

from drawpoker.engine import GAMES
from drawpoker.history import dumps_all
from drawpoker.site.seatview import event_json, hand_json
from drawpoker.table import Table

FORMAT = "drawpoker.seat-history/1"
"""The ``format`` field of a download."""


def seat_history(table_id: str, table: Table, seat: int, names: list[str]) -> dict[str, Any]:
    """The finished hands of ``table`` as ``seat`` saw them: for each, the seat's view at the
    end (:func:`~drawpoker.site.seatview.hand_json`) with its round and starting stacks, and
    the events the seat could see.

    >>> from drawpoker.table import Table
    >>> from drawpoker.engine import game
    >>> seat_history("t", Table(game("holdem"), 2), 0, ["A", "B"])["hands"]
    []
    """
    hands = []
    for index, hand in enumerate(table.hands):
        if not hand.is_over:
            continue
        record = hand_json(hand.view(seat), index, hand.winners)
        record["round"] = hand.number
        record["start_stacks"] = list(hand.start_stacks)
        record["events"] = [
            event_json(event, n, index)
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


def phh_history(table_id: str, table: Table, seat: int, names: list[str]) -> str:
    """The seat's finished hands as a ``.phhs`` document: :mod:`drawpoker.history`'s seat copy
    of each (the seat's own cards, the board and up cards, the hands shown; the others ``??``).

    >>> from drawpoker.table import Table
    >>> from drawpoker.engine import game
    >>> table = Table(game("holdem"), 2, seed=3)
    >>> table.act(0, table.default_action())
    >>> text = phh_history("t1", table, 1, ["Ann", "Bob"])
    >>> [line for line in text.splitlines() if line.startswith(("variant", "table"))]
    ["variant = 'NT'", "table = 't1'"]
    """
    finished = [hand for hand in table.hands if hand.is_over]
    return dumps_all(finished, seat=seat, players=names, table=table_id)
