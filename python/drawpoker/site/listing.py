"""The lobby's list of tables: each open table that is not private, as a row in words (the
game, its stakes and betting structure, the seats free, the people and CPU players, the
watchers, the status), read in bounded pages (:func:`page_bounds`), and pushed to every lobby
page connected (:class:`LobbyFeed`) shortly after a table changes.

>>> from drawpoker.engine import game
>>> stakes_text(game("holdem")), stakes_text(game("stud"))
('blinds 50/100', 'ante 40, bring-in 50, bets 200/400')
"""

from __future__ import annotations

import asyncio
import json
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from drawpoker.engine import GAMES, GameSpec
from drawpoker.errors import InvalidArgumentError
from drawpoker.site.protocol import TOO_SLOW
from drawpoker.site.seatview import betting_facts, structure_kind

if TYPE_CHECKING:
    from drawpoker.site.room import Outbox, Room

MAX_PAGE = 100
"""The most tables one page of the list holds."""

DEFAULT_PAGE = 50
"""The tables a page holds when no ``limit`` is asked for (and the lobby's pushed list)."""

SETTLE = 0.05
"""Seconds the feed waits after sending the list before it sends it again: a change goes out
at once, and a burst of changes (a hand ending at many tables) at most once more."""


STAKES_ENGLISH = {
    "blinds": "blinds {small}/{big}",
    "ante": "ante {amount}",
    "bring-in": "bring-in {amount}",
    "bets": "bets {small}/{big}",
    "no-forced-bets": "no forced bets",
    "no-betting": "no betting: each round's best hand scores a point",
}
"""Each part of :func:`stakes_parts` in English (the catalogues' ``stakes.<kind>`` say it in
the page's language)."""


def lobby_key(prefix: str) -> str:
    """The Redis hash of the dealers' lobby rows (by dealer name), and the channel on which a
    dealer says it wrote its rows (its name, the message).

    >>> lobby_key("drawpoker")
    'drawpoker:lobby'
    """
    return f"{prefix}:lobby"


def stakes_parts(spec: GameSpec) -> list[tuple[str, dict[str, int]]]:
    """The forced bets and fixed bets of a game as (kind, amounts) pairs, for a page to say in
    its own language.

    >>> from drawpoker.engine import game
    >>> stakes_parts(game("stud"))
    [('ante', {'amount': 40}), ('bring-in', {'amount': 50}), ('bets', {'small': 200, 'big': 400})]
    >>> stakes_parts(game("five-card-draw", {"mode": "no-bet"}))
    [('no-betting', {})]
    """
    if spec.betting is None:
        return [("no-betting", {})]
    forced = spec.forced
    parts: list[tuple[str, dict[str, int]]] = []
    if forced.big_blind:
        parts.append(("blinds", {"small": forced.small_blind, "big": forced.big_blind}))
    if forced.ante:
        parts.append(("ante", {"amount": forced.ante}))
    if forced.bring_in:
        parts.append(("bring-in", {"amount": forced.bring_in}))
    fixed = betting_facts(spec.betting)
    if fixed["small_bet"]:
        parts.append(("bets", {"small": fixed["small_bet"], "big": fixed["big_bet"]}))
    return parts or [("no-forced-bets", {})]


def stakes_text(spec: GameSpec) -> str:
    """The forced bets and fixed bets of a game, in English words.

    >>> from drawpoker.engine import game
    >>> stakes_text(game("five-card-draw", {"mode": "no-bet"}))
    "no betting: each round's best hand scores a point"
    """
    return ", ".join(STAKES_ENGLISH[kind].format(**amounts) for kind, amounts in stakes_parts(spec))


def table_row(room: Room) -> dict[str, Any]:
    """One table as the lobby lists it.

    >>> from drawpoker.site.lobby import parse_new_table
    >>> from drawpoker.site.room import Pace, Room
    >>> from drawpoker.site.store import Store
    >>> room = Room.new("t", 0.0, parse_new_table({"game": "omaha", "seats": ["person",
    ...                 "person", "cpu:rules"]}), Store(":memory:"), Pace(), seed=1)
    >>> row = table_row(room)
    >>> row["title"], row["stakes"], row["structure"], row["free"], row["people"], row["cpu"]
    ('Omaha, pot limit', 'blinds 50/100', 'pot limit', 2, 0, 1)
    >>> room.claim(0, "Ann", "hash"); room.claim(1, "Seat 2", "hash")
    >>> table_row(room)["seated"]  # doctest: +NORMALIZE_WHITESPACE
    [{'seat': 0, 'name': 'Ann', 'cpu': False, 'rating': None},
     {'seat': 1, 'name': None, 'cpu': False, 'rating': None},
     {'seat': 2, 'name': None, 'cpu': True, 'rating': 19.0}]
    """
    spec = room.table.game
    players = room.players()
    return {
        "id": room.id,
        "link": f"/table/{room.id}",
        "game": spec.name,
        "title": GAMES[spec.name].title,
        "stakes": stakes_text(spec),
        "structure": betting_facts(spec.betting)["structure"],
        "stakes_parts": stakes_parts(spec),
        "structure_kind": structure_kind(spec.betting),
        "seats": len(players),
        "free": len(room.open_seats()),
        "people": sum(1 for p in players if p["cpu"] is None and p["taken"]),
        "cpu": sum(1 for p in players if p["cpu"] is not None),
        "watching": len(room.watchers),
        "rounds": room.table.settings.rounds,
        "status": room.status,
        "seated": [
            {
                "seat": p["seat"],
                "name": p["name"] if room.named(p["seat"]) else None,
                "cpu": p["cpu"] is not None,
                "rating": p["rating"],
            }
            for p in players
            if p["taken"]
        ],
    }


def listed(rooms: list[Room]) -> list[Room]:
    """The tables the lobby lists: not private, not over; those waiting for players first,
    then the oldest first.

    >>> listed([])
    []
    """
    shown = [room for room in rooms if not room.request.private and room.status != "over"]
    return sorted(shown, key=listing_key)


def listing_key(room: Room) -> tuple[bool, float, str]:
    """Where a listed table stands in the list: those waiting for players first, then the
    oldest first (a gateway merges its dealers' lists by it).

    >>> from types import SimpleNamespace
    >>> listing_key(SimpleNamespace(status="playing", created=5.0, id="t1"))
    (True, 5.0, 't1')
    """
    return (room.status != "waiting", room.created, room.id)


def page_bounds(limit: str | None, offset: str | None) -> tuple[int, int]:
    """The page asked for by the query's ``limit`` (1..:data:`MAX_PAGE`, default
    :data:`DEFAULT_PAGE`) and ``offset`` (0 or more); :class:`InvalidArgumentError` naming the
    one that is wrong.

    >>> page_bounds(None, None), page_bounds("10", "20")
    ((50, 0), (10, 20))
    >>> page_bounds("500", None)
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: limit must be a whole number 1..100, not '500'
    """
    size = DEFAULT_PAGE if limit is None else whole_number("limit", limit, 1, MAX_PAGE)
    start = 0 if offset is None else whole_number("offset", offset, 0, 10**9)
    return size, start


def whole_number(name: str, text: str, low: int, high: int) -> int:
    """The number a query parameter or header ``name`` writes as ``text``, ``low``..``high`` in
    ASCII digits; :class:`InvalidArgumentError` naming it otherwise. (``str.isdigit`` alone
    lets through digits ``int`` cannot read, such as a superscript two.)

    >>> whole_number("seat", "3", 0, 9)
    3
    >>> whole_number("seat", "\u00b2", 0, 9)
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: seat must be a whole number 0..9, not '²'
    """
    short = len(text) <= len(str(high))  # and no long string is read as a number
    if not (short and text.isascii() and text.isdigit() and low <= int(text) <= high):
        raise InvalidArgumentError(f"{name} must be a whole number {low}..{high}, not {text!r}")
    return int(text)


def table_page(rooms: list[Room], limit: int, offset: int) -> dict[str, Any]:
    """One page of the list: its rows, the number of tables listed in all, and the page asked.

    >>> table_page([], 50, 0)
    {'tables': [], 'total': 0, 'limit': 50, 'offset': 0}
    """
    shown = listed(rooms)
    rows = [table_row(room) for room in shown[offset : offset + limit]]
    return {"tables": rows, "total": len(shown), "limit": limit, "offset": offset}


def row_page(rows: list[dict[str, Any]], limit: int, offset: int) -> dict[str, Any]:
    """One page of a list of rows made already (a gateway's, from its dealers' lists), as
    :func:`table_page`.

    >>> row_page([{"id": "a"}, {"id": "b"}], 1, 1)
    {'tables': [{'id': 'b'}], 'total': 2, 'limit': 1, 'offset': 1}
    """
    return {
        "tables": rows[offset : offset + limit],
        "total": len(rows),
        "limit": limit,
        "offset": offset,
    }


class LobbyFeed:
    """The lobby pages connected, each sent the first page of the list when it connects and
    again each time the list changes (at once, then at most once every :data:`SETTLE` seconds).

    >>> feed = LobbyFeed(lambda limit, offset: table_page([], limit, offset))
    >>> class Page:
    ...     def __init__(self): self.texts = []
    ...     def send(self, text): self.texts.append(text); return True
    ...     def close(self, code=1000, reason=""): pass
    >>> page = Page(); feed.join(page); page.texts
    ['{"type":"tables","tables":[],"total":0,"limit":50,"offset":0}']
    """

    def __init__(self, listing: Callable[[int, int], dict[str, Any]]) -> None:
        self.listing = listing
        self.pages: set[Outbox] = set()
        self.dirty = asyncio.Event()
        self.last: str | None = None

    def page(self, limit: int, offset: int) -> dict[str, Any]:
        """A page of the list (``limit`` rows from ``offset``: :func:`table_page`)."""
        return self.listing(limit, offset)

    def message(self) -> str:
        """The list as the lobby pages are sent it."""
        data = {"type": "tables", **self.page(DEFAULT_PAGE, 0)}
        return json.dumps(data, separators=(",", ":"))

    def changed(self) -> None:
        """A table changed: the list is looked at again soon."""
        self.dirty.set()

    def join(self, page: Outbox) -> None:
        """A lobby page connected: it gets the list now."""
        self.pages.add(page)
        page.send(self.message())

    def leave(self, page: Outbox) -> None:
        """A lobby page went away."""
        self.pages.discard(page)

    def push(self) -> None:
        """Sends the list to every page, when it differs from the one sent last."""
        if not self.pages:
            self.last = None
            return
        text = self.message()
        if text == self.last:
            return
        self.last = text
        for page in list(self.pages):
            if not page.send(text):
                self.pages.discard(page)
                page.close(TOO_SLOW, "too slow: reload the lobby")

    async def run(self) -> None:
        """Pushes the list after each change, for as long as the server runs. The wait comes
        after the push, not before it: waiting first added its whole length to every change's
        delay (bench/site_load.py's lobby run), while a burst still goes out in one more push."""
        while True:
            await self.dirty.wait()
            self.dirty.clear()
            self.push()
            await asyncio.sleep(SETTLE)
