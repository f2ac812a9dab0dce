"""Each seat's stream of events: the events that seat may see (``event.to`` is ``None`` or the
seat), over every hand of the table in order, numbered 1, 2, 3, ... (the ``seq``). An update
carries the new events of the stream; a reconnect asks for the events after the last ``seq``
it has. The numbers follow from the table alone, so they survive a restart of the server. The stream
after the last seat's (index ``seats``) is the public one that watchers follow: only the events
every seat sees.

Each event carries its ``sentence``: the narration's (:mod:`drawpoker.narration`) for the
reader, in the reader's language. The sentences of new events are made once for every language
tag in :attr:`SeatStreams.tags` (those of the people connected) and picked per connection
(:func:`spoken`).

>>> from drawpoker.table import Table
>>> from drawpoker.engine import game
>>> table = Table(game("five-card-draw"), 2, seed=1)
>>> streams = SeatStreams(table)
>>> streams.last
[3, 3, 2]
>>> table.act(1, table.default_action())
>>> [[spoken(e, "en")["sentence"] for e in new] for new in streams.advance(table)]
[['Player 2 checks'], ['You check'], ['Player 2 checks']]
"""

from __future__ import annotations

from collections.abc import Callable, Container, Iterable, Sequence
from typing import Any

from drawpoker.catalogues import DEFAULT_LANGUAGE
from drawpoker.engine import Event, Hand
from drawpoker.narration import Scene, sentence
from drawpoker.site.seatview import event_json
from drawpoker.table import Table

MAX_REPLAY = 1000
"""The most events a reconnect is sent (the state it gets is whole all the same)."""


def spoken(event: dict[str, Any], tag: str) -> dict[str, Any]:
    """A stream's event as one reader gets it: its ``sentence`` in the tag's language (the
    sentences made for every tag are not sent).

    >>> spoken({"kind": "check", "sentences": {"en": "Ann checks", "ar": "Ann يمرّر"}}, "ar")
    {'kind': 'check', 'sentence': 'Ann يمرّر'}
    >>> spoken({"kind": "check", "sentences": {"en": "Ann checks"}}, "ar")["sentence"]
    'Ann checks'
    """
    data = dict(event)
    sentences = data.pop("sentences", None)
    if sentences:
        data["sentence"] = sentences.get(tag) or sentences[DEFAULT_LANGUAGE]
    return data


class SeatStreams:
    """The numbering of every seat's stream, and the point of the table's events reached so
    far (the hand and the count of its events, the house's count: private ones included).
    ``timed`` holds the events (hand index, event index) that the turn timer caused: the room
    adds them, and they are told as the timer's (this process's memory only: after a restart
    they read as the seat's own actions). ``names`` gives the seats' names as the sentences say
    them in a tag's language (a CPU seat's name is said in the reader's); ``tags`` are the
    languages the new events' sentences are made in.

    >>> from drawpoker.table import Table
    >>> from drawpoker.engine import game
    >>> SeatStreams(Table(game("holdem"), 3, seed=2)).last  # two blinds, then the seat's deal
    [3, 3, 3, 2]
    """

    def __init__(self, table: Table, names: Callable[[str], Sequence[str]] | None = None) -> None:
        self.seats = len(table.names)
        self.names = names or (lambda tag: table.names)
        self.betting = table.betting
        self.tags: set[str] = {DEFAULT_LANGUAGE}
        self.last = [0] * (self.seats + 1)
        self.hand = 0
        self.count = 0
        self.scene: Scene | None = None
        self.timed: set[tuple[int, int]] = set()
        self._advance(table, readers=())

    def _scene(self, hand: Hand) -> Scene:
        names = self.names(DEFAULT_LANGUAGE)
        return Scene(hand.game, names, hand.start_stacks, betting=self.betting)

    def advance(
        self, table: Table, readers: Container[int] | None = None
    ) -> list[list[dict[str, Any]]]:
        """The events each stream has not been given yet, numbered, and the point moved past
        them. With ``readers`` (the streams someone will be sent), the other streams are only
        numbered on: their events are neither made nor told (nobody would read them).

        >>> from drawpoker.table import Table
        >>> from drawpoker.engine import game
        >>> table = Table(game("holdem"), 2, seed=2)
        >>> streams = SeatStreams(table)
        >>> table.act(0, table.default_action())
        >>> [[e["kind"] for e in new] for new in streams.advance(table)][1]
        ['fold', 'return', 'award', 'blind', 'blind', 'deal']
        >>> streams.last
        [9, 9, 7]
        >>> table.act(1, table.default_action())
        >>> [len(new) for new in streams.advance(table, readers={1})], streams.last
        ([0, 6, 0], [15, 15, 12])
        """
        return self._advance(table, range(self.seats + 1) if readers is None else readers)

    def _advance(self, table: Table, readers: Container[int]) -> list[list[dict[str, Any]]]:
        """:meth:`advance`, the events made for the streams in ``readers`` alone."""
        new: list[list[dict[str, Any]]] = [[] for _ in range(self.seats + 1)]
        said: dict[str, list[str]] = {}  # the seats' names by tag, asked once for the events
        hands = table.hands
        for index in range(self.hand, len(hands)):
            hand = hands[index]
            events = hand.events
            start = self.count if index == self.hand else 0
            if self.scene is None or start == 0:
                self.scene = self._scene(hand)
            for number in range(start, len(events)):
                event = events[number]
                self.scene.add(event)
                timer = (index, number) in self.timed
                told: dict[bool, dict[str, str]] = {}  # by "is the reader the event's seat"
                for seat in range(self.seats + 1) if event.to is None else (event.to,):
                    self.last[seat] += 1
                    if seat not in readers:
                        continue
                    own = seat == event.seat
                    if own not in told:  # the others all read the sentence the public reads
                        told[own] = self._told(event, seat, self.scene, timer, self.tags, said)
                    data = event_json(event, self.last[seat], index, timer)
                    data["sentences"] = told[own]
                    new[seat].append(data)
            self.hand, self.count = index, len(events)
            if index < len(hands) - 1:  # a finished hand, told whole: its events are made
                hand.forget_events()  # again if asked (the table keeps the hand for ever)
        return new

    def _told(
        self,
        event: Event,
        seat: int,
        scene: Scene,
        timer: bool,
        tags: Iterable[str],
        said: dict[str, list[str]] | None = None,
    ) -> dict[str, str]:
        """The event told to ``seat`` (the public, for the watchers' stream) in each tag's
        language: the narration speaks to a reader as "you" only of their own seat's events,
        so every other reader gets the public's sentence. The names are the seats' names now
        (a seat taken since is told by its new name), said in each tag's language; ``said``
        keeps them by tag for the next events told at the same moment (asked once).

        >>> from drawpoker.table import Table
        >>> from drawpoker.engine import game
        >>> table = Table(game("holdem"), 2, seed=2)
        >>> streams, said = SeatStreams(table), {}
        >>> event = table.hand.events[0]
        >>> streams._told(event, 1, streams._scene(table.hand), False, ["en"], said), said
        ({'en': 'Player 1 posts the small blind 50'}, {'en': ['Player 1', 'Player 2']})
        """
        viewer = seat if seat == event.seat else None
        told = {}
        for tag in tags:
            names = None if said is None else said.get(tag)
            if names is None:
                names = list(self.names(tag))
                if said is not None:
                    said[tag] = names
            scene.names = names
            told[tag] = sentence(event, viewer, tag, scene, timer=timer)
        return told

    def since(
        self, table: Table, seat: int, since: int | None, tag: str = DEFAULT_LANGUAGE
    ) -> list[dict[str, Any]]:
        """The events of ``seat``'s stream (the public one when ``seat`` is the number of
        seats) after ``since`` (``None``: those of the current hand), at most
        :data:`MAX_REPLAY` of the latest, each with its sentence in the language of ``tag``.

        >>> from drawpoker.table import Table
        >>> from drawpoker.engine import game
        >>> table = Table(game("holdem"), 2, seed=2)
        >>> streams = SeatStreams(table)
        >>> [e["sentence"] for e in streams.since(table, 1, 1)]
        ['You post the big blind 100', 'Your cards: 5d 7s']
        """
        found: list[dict[str, Any]] = []
        seq = 0
        current = len(table.hands) - 1
        tags = [tag]
        said: dict[str, list[str]] = {}
        for index, hand in enumerate(table.hands):
            scene = self._scene(hand)
            for number, event in enumerate(hand.events):
                scene.add(event)
                if event.to is not None and event.to != seat:
                    continue
                seq += 1
                if (since is None and index == current) or (since is not None and seq > since):
                    timer = (index, number) in self.timed
                    data = event_json(event, seq, index, timer)
                    told = self._told(event, seat, scene, timer, tags, said)
                    found.append(spoken({**data, "sentences": told}, tag))
            if index < current:
                hand.forget_events()  # (as :meth:`advance` does)
        return found[-MAX_REPLAY:]
