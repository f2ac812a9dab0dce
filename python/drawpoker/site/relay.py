"""A dealer's side of the bus (:mod:`drawpoker.site.bus`): every message its rooms send, put in
one ordered queue at its position and published by one task, so that a welcome (on its
connection's reply channel) is published only after every seat message made before it.

A seat's channel takes the message of a change at ``Position(seq, part)``: ``seq`` the seat's
event number after the change, ``part`` counting the messages at the same ``seq``. A dealer
that takes a table over starts from the channel's top (:meth:`Publisher.start`), so its
positions go on from its predecessor's. A reply is ``"<after> <text>"``: ``after`` is the
position of the connection's channel the welcome was made at (from there the gateway follows
the channel; empty in other replies).

>>> import asyncio
>>> from drawpoker.site.bus import LocalBus
>>> async def demo():
...     publisher = Publisher(LocalBus())
...     first = publisher.position("t1:seat:0", 3)
...     again = publisher.position("t1:seat:0", 3)
...     return first, again, publisher.position("t1:seat:0", 5)
>>> asyncio.run(demo())
(Position(seq=3, part=0), Position(seq=3, part=1), Position(seq=5, part=0))
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Iterable
from typing import TYPE_CHECKING

from drawpoker.site.bus import BACKOFF, Bus, BusUnavailable, Position, public_channel, seat_channel

if TYPE_CHECKING:
    from drawpoker.site.room import Room

log = logging.getLogger("drawpoker.site")

BATCH = 500
"""The most messages a dealer publishes in one round trip."""

QUEUE = 100000
"""Messages a dealer queues while the bus is down before it drops the oldest (a gateway's
connection that misses one resumes from the store's events with ``since``)."""


def reply_text(after: Position | None, text: str) -> str:
    """A reply's payload: the channel position a welcome was made at, then the message.

    >>> reply_text(Position(4, 1), '{"type":"welcome"}'), reply_text(None, "{}")
    ('4-1 {"type":"welcome"}', ' {}')
    """
    return f"{'' if after is None else after.entry_id} {text}"


def split_reply(payload: str) -> tuple[Position | None, str]:
    """The two parts of :func:`reply_text`.

    >>> split_reply('4-1 {"type":"welcome"}'), split_reply(" {}")
    ((Position(seq=4, part=1), '{"type":"welcome"}'), (None, '{}'))
    """
    after, text = payload.split(" ", 1)
    return (Position.of_entry(after) if after else None), text


def in_languages(texts: dict[str, str]) -> str:
    r"""One channel message holding an update in each language its readers read: a line per
    language, its tag and then the text (an encoded message holds no line break).

    >>> in_languages({"ar": '{"a":1}', "en": '{"a":2}'})
    'ar {"a":1}\nen {"a":2}'
    """
    return "\n".join(f"{tag} {text}" for tag, text in texts.items())


def in_language(payload: str, tag: str) -> tuple[str, bool]:
    r"""The text for a reader of ``tag`` in :func:`in_languages`'s payload, and whether it is
    in that language (when it is not there: the first language's, and ``False``).

    >>> in_language('ar {"a":1}\nen {"a":2}', "en"), in_language('en {"a":2}', "ar")
    (('{"a":2}', True), ('{"a":2}', False))
    """
    first = None
    for line in payload.split("\n"):
        said, text = line.split(" ", 1)
        if said == tag:
            return text, True
        first = text if first is None else first
    assert first is not None
    return first, False


class Publisher:
    """The dealer's queue of messages and the task publishing them in order (retrying while
    the bus is down).

    >>> import asyncio
    >>> from drawpoker.site.bus import LocalBus
    >>> async def demo():
    ...     bus = LocalBus()
    ...     await bus.publish("t1:seat:0", Position(7, 2), "before the take-over")
    ...     publisher = Publisher(bus)
    ...     await publisher.start(["t1:seat:0"])
    ...     return publisher.position("t1:seat:0", 7)
    >>> asyncio.run(demo())
    Position(seq=7, part=3)
    """

    def __init__(self, bus: Bus) -> None:
        self.bus = bus
        self.tops: dict[str, Position] = {}
        self.queue: deque[tuple[str, Position, str]] = deque(maxlen=QUEUE)
        self.ready = asyncio.Event()

    async def start(self, channels: Iterable[str]) -> None:
        """Goes on from the top of each of ``channels`` (a table taken over)."""
        for channel in channels:
            top = await self.bus.top(channel)
            self.tops[channel] = max(top, self.tops.get(channel, Position(0)))

    def forget(self, channels: Iterable[str]) -> None:
        """Forgets the tops of ``channels`` (their table went to another dealer)."""
        for channel in channels:
            self.tops.pop(channel, None)

    def position(self, channel: str, seq: int) -> Position:
        """The position of the next message of ``channel``, whose audience is at ``seq``."""
        top = self.tops.get(channel, Position(0))
        position = Position(seq, 0) if seq > top.seq else Position(top.seq, top.part + 1)
        self.tops[channel] = position
        return position

    def put(self, channel: str, position: Position, payload: str) -> None:
        """Queues a message."""
        self.queue.append((channel, position, payload))
        self.ready.set()

    async def run(self) -> None:
        """Publishes the queue in order for as long as the dealer runs: what was queued
        meanwhile goes out together (at most :data:`BATCH` messages in one round trip);
        after a failure the same messages again (the bus keeps each once)."""
        failures = 0
        while True:
            await self.ready.wait()
            while self.queue:
                batch = [self.queue[i] for i in range(min(BATCH, len(self.queue)))]
                try:
                    await self.bus.publish_many(batch)
                except BusUnavailable as error:
                    failures += 1
                    log.warning("%s; trying again", error)
                    await asyncio.sleep(BACKOFF.compute(failures))
                    continue
                failures = 0
                for sent in batch:
                    if self.queue and self.queue[0] is sent:
                        self.queue.popleft()
            self.ready.clear()


class TableRelay:
    """A room's :class:`~drawpoker.site.room.Relay`: each seat's update on its seat channel, the
    public one on the table's public channel (while a watcher is known), at the seat's ``seq``.

    >>> import asyncio
    >>> from drawpoker.site.bus import LocalBus
    >>> from drawpoker.site.lobby import parse_new_table
    >>> from drawpoker.site.room import Pace, Room
    >>> from drawpoker.site.store import Store
    >>> async def demo():
    ...     room = Room.new("t1", 0.0, parse_new_table({"game": "holdem", "seats": ["person",
    ...                     "cpu:rules"]}), Store(":memory:"), Pace(), seed=1)
    ...     publisher = Publisher(LocalBus())
    ...     room.relay = TableRelay(publisher, room)
    ...     room.start()
    ...     return [(channel, position) for channel, position, _ in publisher.queue]
    >>> asyncio.run(demo())  # nobody watches: nothing on t1:public
    [('t1:seat:0', Position(seq=3, part=0))]
    """

    def __init__(self, publisher: Publisher, room: Room) -> None:
        self.publisher = publisher
        self.room = room

    def channels(self) -> list[str]:
        """Every channel of the table: each seat's and the public one."""
        room = self.room
        return [seat_channel(room.id, s) for s in range(len(room.seats))] + [
            public_channel(room.id)
        ]

    def send(self, seat: int | None, texts: dict[str, str]) -> None:
        """Queues the message for the seat's channel (``None``: the public one), in each of
        its languages (:func:`in_languages`)."""
        room = self.room
        channel = public_channel(room.id) if seat is None else seat_channel(room.id, seat)
        seq = room.streams.last[-1 if seat is None else seat]
        self.publisher.put(channel, self.publisher.position(channel, seq), in_languages(texts))

    def published(self, seat: int | None) -> int:
        """The ``seq`` of the last message queued for the seat's channel (``None``: the public
        one), or of its top when this dealer took the table over (0: none).

        >>> import asyncio
        >>> from drawpoker.site.bus import LocalBus
        >>> from drawpoker.site.lobby import parse_new_table
        >>> from drawpoker.site.room import Pace, Room
        >>> from drawpoker.site.store import Store
        >>> async def demo():
        ...     room = Room.new("t1", 0.0, parse_new_table({"game": "holdem", "seats": ["person",
        ...                     "cpu:rules"]}), Store(":memory:"), Pace(), seed=1)
        ...     relay = TableRelay(Publisher(LocalBus()), room)
        ...     room.relay = relay
        ...     room.start()
        ...     return relay.published(0), relay.published(None)
        >>> asyncio.run(demo())
        (3, 0)
        """
        channel = public_channel(self.room.id) if seat is None else seat_channel(self.room.id, seat)
        return self.publisher.tops.get(channel, Position(0)).seq


class RemoteOutbox:
    """A connection held by a gateway, as its room sees it: the welcome (the first message it
    is sent) goes to the connection's reply channel at the request's number, marked with the
    position of ``channel`` it was made at; the updates go to the channels (:class:`TableRelay`),
    not here.

    >>> import asyncio
    >>> from drawpoker.site.bus import LocalBus
    >>> async def demo():
    ...     publisher = Publisher(LocalBus())
    ...     publisher.position("t1:seat:0", 4)
    ...     outbox = RemoteOutbox(publisher, "reply:g1:c1", 1, "t1:seat:0")
    ...     outbox.send('{"type":"welcome"}'); outbox.send('{"type":"update"}')
    ...     return list(publisher.queue)
    >>> asyncio.run(demo())
    [('reply:g1:c1', Position(seq=1, part=0), '4-0 {"type":"welcome"}')]
    """

    def __init__(self, publisher: Publisher, reply: str, number: int, channel: str) -> None:
        self.publisher = publisher
        self.reply = reply
        self.number = number
        self.channel = channel
        self.welcomed = False

    def send(self, text: str) -> bool:
        """The welcome to the reply channel; later messages are the relay's."""
        if not self.welcomed:
            self.welcomed = True
            after = self.publisher.tops.get(self.channel, Position(0))
            self.publisher.put(self.reply, Position(self.number), reply_text(after, text))
        return True

    def close(self, code: int = 1000, reason: str = "") -> None:
        """Nothing: a remote connection is never too slow for its room (the gateway's own
        outbox closes a browser that does not read)."""
