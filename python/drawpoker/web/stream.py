"""Each seat's stream of events: the events that seat may see (``event.to`` is ``None`` or the
seat), over every hand of the table in order, numbered 1, 2, 3, ... (the ``seq``). An update
carries the new events of the stream; a reconnect asks for the events after the last ``seq``
it has. The numbers follow from the table alone, so they survive a restart of the server. The stream
after the last seat's (index ``seats``) is the public one that watchers follow: only the events
every seat sees.

>>> from drawpoker.games import Table, game
>>> table = Table(game("five-card-draw"), 2, seed=1)
>>> streams = SeatStreams(table)
>>> streams.last
[3, 3, 2]
>>> table.act(1, table.default_action())
>>> [[e["kind"] for e in new] for new in streams.advance(table)]
[['check'], ['check'], ['check']]
"""

from __future__ import annotations

from typing import Any

from drawpoker.games import Table
from drawpoker.web.seatview import event_json, rankings_of

MAX_REPLAY = 1000
"""The most events a reconnect is sent (the state it gets is whole all the same)."""


class SeatStreams:
    """The numbering of every seat's stream, and the point of the table's events reached so
    far (the hand and the count of its events, the house's count: private ones included).
    ``timed`` holds the events (hand index, event index) that the turn timer caused: the room
    adds them, and they are sent with ``timer`` (this process's memory only: after a restart
    they read as the seat's own actions).

    >>> from drawpoker.games import Table, game
    >>> SeatStreams(Table(game("holdem"), 3, seed=2)).last  # two blinds, then the seat's deal
    [3, 3, 3, 2]
    """

    def __init__(self, table: Table) -> None:
        self.seats = len(table.names)
        self.rankings = rankings_of(table.game)
        self.last = [0] * (self.seats + 1)
        self.hand = 0
        self.count = 0
        self.timed: set[tuple[int, int]] = set()
        self.advance(table)

    def advance(self, table: Table) -> list[list[dict[str, Any]]]:
        """The events each seat has not been given yet, numbered, and the point moved past
        them.

        >>> from drawpoker.games import Table, game
        >>> table = Table(game("holdem"), 2, seed=2)
        >>> streams = SeatStreams(table)
        >>> table.act(0, table.default_action())
        >>> [[e["kind"] for e in new] for new in streams.advance(table)][1]
        ['fold', 'return', 'win', 'blind', 'blind', 'deal']
        >>> streams.last
        [9, 9, 7]
        """
        new: list[list[dict[str, Any]]] = [[] for _ in range(self.seats + 1)]
        hands = table.hands
        for index in range(self.hand, len(hands)):
            events = hands[index].events
            start = self.count if index == self.hand else 0
            for number in range(start, len(events)):
                event = events[number]
                timer = (index, number) in self.timed
                for seat in range(self.seats + 1) if event.to is None else (event.to,):
                    self.last[seat] += 1
                    new[seat].append(
                        event_json(event, self.last[seat], index, self.rankings, timer)
                    )
            self.hand, self.count = index, len(events)
        return new

    def since(self, table: Table, seat: int, since: int | None) -> list[dict[str, Any]]:
        """The events of ``seat``'s stream (the public one when ``seat`` is the number of
        seats) after ``since`` (``None``: those of the current
        hand), at most :data:`MAX_REPLAY` of the latest.

        >>> from drawpoker.games import Table, game
        >>> table = Table(game("holdem"), 2, seed=2)
        >>> streams = SeatStreams(table)
        >>> [e["kind"] for e in streams.since(table, 1, 1)]
        ['blind', 'deal']
        """
        found: list[dict[str, Any]] = []
        seq = 0
        current = len(table.hands) - 1
        for index, hand in enumerate(table.hands):
            for number, event in enumerate(hand.events):
                if event.to is not None and event.to != seat:
                    continue
                seq += 1
                if (since is None and index == current) or (since is not None and seq > since):
                    timer = (index, number) in self.timed
                    found.append(event_json(event, seq, index, self.rankings, timer))
        return found[-MAX_REPLAY:]
