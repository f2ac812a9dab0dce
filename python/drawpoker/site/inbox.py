"""Requests from the gateways to the dealer of a table: each lane (:mod:`drawpoker.site.lanes`)
has an inbox, a Redis stream that any gateway appends to (``XADD``, Redis choosing the entry
ids, so many writers never clash) and that only the lane's holder reads (``XREAD`` after the
last id it handled). The holder records that id after each request it handled (the lane's
``done`` key), and the store records the id of the request whose changes it writes in the
same transaction as those changes (:meth:`~drawpoker.site.store.Store.inbox_position`). A
dealer taking the lane over goes on from the later of the two: a request whose changes were
committed is never handled again, even when its dealer died before recording it done, and a
request sent while the lane had no holder (its dealer died) waits in the inbox and is handled
by the next one.

A request is a JSON object naming its ``op`` (``hello``, ``act``, ``create``, ...) and its
``table``; the dealer answers on the bus (:mod:`drawpoker.site.bus`), on the reply channel the
request names. Only a request that wrote nothing (a hello, a refusal) may be handled twice:
when its dealer died before recording it done and Redis lost the ``done`` key.

>>> RedisInbox(Redis(), "redis://localhost:6379/0").key(3)
'drawpoker:inbox:3'
"""

from __future__ import annotations

import json
from typing import Any

from redis.asyncio import Redis

from drawpoker.site.bus import REDIS_DOWN, BusUnavailable
from drawpoker.site.resp import Command, LinkKeeper

KEEP = 10000
"""Requests an inbox keeps (a lane without a holder for long drops its oldest)."""

BLOCK_MS = 500
"""The longest one read waits: between two, a dealer sees the lanes it gained or lost."""

START = "0-0"
"""Where a lane's reading starts when no dealer handled a request of it yet."""

CONNECTIONS_KEPT = 24 * 3600
"""Seconds a table's connection notes outlive their last writing: a note of a connection
whose gateway and dealer both died before its disconnect lapses by then."""

NOTES_RENEWED_EVERY = 3600.0
"""Seconds between two renewals of the connection notes of a living gateway's tables
(:meth:`~drawpoker.site.gateway.Gateway.renew_notes`): a watcher who stays longer than
:data:`CONNECTIONS_KEPT` is still known to the table's next dealer."""


def connections_key(prefix: str, table_id: str) -> str:
    """The Redis hash of a table's connections (by connection id: seat, reply channel and
    language), written by the gateway with each hello or watch, in the same transaction as
    the request (:meth:`RedisInbox.send`), and by the dealer when it is told a language again;
    read by a dealer taking the table over, which so knows every watcher welcomed (it
    publishes the public update only while it knows of one).

    >>> connections_key("drawpoker", "abc")
    'drawpoker:conns:abc'
    """
    return f"{prefix}:conns:{table_id}"


def tips_key(prefix: str, table_id: str) -> str:
    """The Redis hash of a table's tips settings (by seat: "1" on, "0" off), read by a dealer
    taking the table over: the pages send theirs only after a hello, which a connection kept
    through a gateway does not say again.

    >>> tips_key("drawpoker", "abc")
    'drawpoker:tips:abc'
    """
    return f"{prefix}:tips:{table_id}"


def connection_note(seat: int | None, reply: str, tag: str) -> str:
    """A connection's note in :func:`connections_key`'s hash.

    >>> connection_note(None, "reply:g1:c1", "ar")
    '{"seat": null, "reply": "reply:g1:c1", "lang": "ar"}'
    """
    return json.dumps({"seat": seat, "reply": reply, "lang": tag})


def later(entry: str, other: str | None) -> str:
    """The later of two inbox entry ids (Redis's ``<ms>-<n>``); ``entry`` without ``other``.

    >>> later("1700000000000-9", "1700000000001-0"), later("5-2", "5-10"), later("5-2", None)
    ('1700000000001-0', '5-10', '5-2')
    """
    if other is None:
        return entry
    return max(entry, other, key=lambda e: tuple(int(part) for part in e.split("-")))


class RedisInbox:
    """The lanes' inboxes in Redis: lane ``n``'s stream is ``{prefix}:inbox:n`` and the id of
    its last request handled ``{prefix}:inbox:n:done``.

    >>> RedisInbox(Redis(), "redis://localhost:6379/0", prefix="site").key(0, "done")
    'site:inbox:0:done'
    """

    def __init__(self, client: Redis, url: str, prefix: str = "drawpoker") -> None:
        self.client = client
        self.prefix = prefix
        self.reading = LinkKeeper(url)
        """The link of the blocking reads (:meth:`read`): alone on it, so that a read waiting
        holds up nothing else."""
        self.writing = LinkKeeper(url)
        """The link of the requests sent and the ids recorded handled."""

    def key(self, lane: int, what: str = "") -> str:
        """The Redis key of ``lane``'s inbox (or of its ``done`` mark).

        >>> RedisInbox(Redis(), "redis://localhost:6379/0").key(5, "done")
        'drawpoker:inbox:5:done'
        """
        return f"{self.prefix}:inbox:{lane}" + (f":{what}" if what else "")

    async def send(
        self, lane: int, request: dict[str, Any], note: tuple[str, str, str | None] | None = None
    ) -> None:
        """Appends ``request`` to ``lane``'s inbox; :class:`BusUnavailable` when Redis is down.
        With ``note`` (a hash's key, a field and its value, or ``None`` to delete the field),
        the hash is written in the same transaction (``MULTI``), before the request: a
        connection's note is in Redis whenever its hello is (:func:`connections_key`), and
        kept :data:`CONNECTIONS_KEPT` seconds."""
        append = ("XADD", self.key(lane), "MAXLEN", "~", KEEP, "*", "r", json.dumps(request))
        if note is None:
            commands: list[Command] = [append]
        else:
            key, field, value = note
            noted: list[Command] = (
                [("HDEL", key, field)]
                if value is None
                else [("HSET", key, field, value), ("EXPIRE", key, CONNECTIONS_KEPT)]
            )
            commands = [("MULTI",), *noted, append, ("EXEC",)]
        try:
            replies = await (await self.writing.link()).execute_many(commands)
        except REDIS_DOWN as error:
            raise BusUnavailable(self.key(lane)) from error
        if isinstance(replies[-1], list):  # EXEC's: the replies of the transaction's commands
            replies += replies[-1]
        refused = next((reply for reply in replies if isinstance(reply, Exception)), None)
        if refused is not None:
            raise refused

    async def resume_from(self, lane: int, committed: str | None = None) -> str:
        """The id after which a new holder of ``lane`` reads: the later of its last request
        recorded done and ``committed``, the last whose changes the store holds."""
        done = await self.client.get(self.key(lane, "done"))
        return later(START if done is None else str(done), committed)

    async def read(
        self, after: dict[int, str], block_ms: int = BLOCK_MS
    ) -> list[tuple[int, str, dict[str, Any]]]:
        """The requests of the lanes of ``after`` past each lane's id, in order per lane:
        ``(lane, id, request)``; an empty list when none came within ``block_ms``."""
        if not after:
            return []
        keys = [self.key(lane) for lane in after]
        read: list[str | int] = ["XREAD", "COUNT", 100, "BLOCK", block_ms, "STREAMS", *keys]
        reply = await (await self.reading.link()).execute(*read, *after.values())
        found = []
        for key, entries in reply or []:
            lane = int(key.rsplit(":", 1)[1])
            for entry, fields in entries:
                request = fields[fields.index("r") + 1]  # (fields and values in turn)
                found.append((lane, entry, json.loads(request)))
        return found

    async def handled(self, lane: int, entry: str) -> None:
        """Records ``entry`` as ``lane``'s last request handled."""
        await (await self.writing.link()).execute("SET", self.key(lane, "done"), entry)

    def close(self) -> None:
        """Closes the links of the reads and the writes."""
        self.reading.close()
        self.writing.close()
