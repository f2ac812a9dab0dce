"""The parts a table is saved in and reassembled from (whatever the store): its header, its
hands as dealt and played, its seats and results, and the checks a loaded table must pass.

>>> from drawpoker.table import Table
>>> from drawpoker.engine import game
>>> table = Table(game("holdem"), 2, seed=4)
>>> assemble(table_header(table), [], [], [h.to_dict() for h in table.hands]) == table.to_dict()
True
"""

from __future__ import annotations

import functools
from dataclasses import asdict, dataclass
from typing import Any

from drawpoker.engine import Action, Hand, spec_from_dict
from drawpoker.errors import IllegalActionError, InvalidArgumentError
from drawpoker.site.jsontext import encode
from drawpoker.site.ratings import Rating
from drawpoker.table import Table, TableSettings
from drawpoker.table.table import SNAPSHOT_FORMAT

ROLES = ("cpu", "away")
"""A CPU player's role: the seat's own CPU player, or the stand-in of an away person."""


def compact_json(data: Any) -> str:
    """``data`` as JSON without spaces, as the store keeps it
    (:func:`drawpoker.site.jsontext.encode`).

    >>> compact_json({"a": [1, 2]})
    '{"a":[1,2]}'
    """
    return encode(data)


def table_header(table: Table) -> dict[str, Any]:
    """The table's snapshot without its hands and CPU players (what changes with each round,
    not with each action, plus what never changes).

    >>> from drawpoker.table import Table
    >>> from drawpoker.engine import game
    >>> sorted(table_header(Table(game("holdem"), 2)))[:4]
    ['button', 'format', 'game', 'is_over']
    """
    return {
        "format": SNAPSHOT_FORMAT,
        "game": table.game.to_dict(),
        "settings": dict(_settings_data(table.settings)),
        "names": list(table.names),
        "seed": table.seed,
        "stacks": list(table.stacks),
        "points": list(table.points),
        "button": table.button,
        "round": table.round,
        "is_over": table.is_over,
    }


@functools.lru_cache(maxsize=1024)
def _settings_data(settings: TableSettings) -> dict[str, Any]:
    """A table's settings as plain data, made once per settings (frozen; their values plain:
    :func:`table_header` copies it), rather than by ``asdict`` at every hand's end."""
    return asdict(settings)


def played(dealt: dict[str, Any], actions: list[Any]) -> dict[str, Any]:
    """The snapshot of a hand being played, from its deal (:meth:`Hand.deal_dict`, or its
    whole snapshot as dealt, as the store wrote it before) and its actions since: the deal
    replayed with the actions (each checked by the engine as it is replayed).

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("holdem"), [1000, 1000], seed=8)
    >>> dealt, deal = hand.to_dict(), hand.deal_dict()
    >>> hand.call(); hand.check()
    >>> actions = [a.to_dict() for a in hand.actions]
    >>> played(dealt, actions) == played(deal, actions) == hand.to_dict()
    True
    """
    try:
        moves = [Action.from_dict(action) for action in actions]
        hand = Hand.replay(
            spec_from_dict(dealt["game"]),
            dealt["start_stacks"],
            dealt["button"],
            dealt["seed"],
            moves,
            number=dealt["number"],
            shuffles=dealt["shuffles"],
        )
    except (KeyError, TypeError, IllegalActionError) as error:
        raise InvalidArgumentError(f"a saved hand does not replay: {error}") from None
    return hand.to_dict()


def assemble(
    header: dict[str, Any],
    cpu: list[list[Any]],
    away: list[list[Any]],
    hands: list[dict[str, Any]],
) -> dict[str, Any]:
    """The table snapshot (:meth:`Table.to_dict`) from its saved parts; ``cpu`` and ``away``
    are ``[seat, saved player]`` pairs.

    >>> assemble({"format": "x"}, [], [[1, {"kind": "checkcall", "game": None}]], [])["away"]
    [[1, {'kind': 'checkcall', 'game': None}]]
    """
    data = dict(header)
    data["cpu"] = sorted(cpu, key=lambda entry: entry[0])
    data["away"] = sorted(away, key=lambda entry: entry[0])
    data["hands"] = hands
    return data


@dataclass
class SeatRecord:
    """A seat as the server keeps it: the CPU player's type (``None`` for a person's seat),
    the name shown, the hash of the person's seat token (``None`` while nobody took it) and
    the id of the device that took it (``None`` when taken without one, or not taken).

    >>> SeatRecord(None, "Open seat", None).taken
    False
    """

    cpu: str | None
    name: str
    token_hash: str | None
    device: int | None = None

    @property
    def taken(self) -> bool:
        """Whether the seat is a CPU's or a person took it.

        >>> SeatRecord("rules", "CPU 2", None).taken
        True
        """
        return self.cpu is not None or self.token_hash is not None


@dataclass(frozen=True)
class SeatResult:
    """A seat's result in a finished game: place (equal scores share one), score (chips, or
    points in no-bet mode) and, when the game was rated, the rating shown before and after.

    >>> SeatResult(0, 1, 2500).rating_after is None
    True
    """

    seat: int
    place: int
    score: int
    rating_before: float | None = None
    rating_after: float | None = None


@dataclass(frozen=True)
class GameResult:
    """What a finished game leaves in the store: each seat's result, and the new ratings of
    its devices in ``game`` (empty when the game is not rated).

    >>> GameResult("holdem", [], {}).ratings
    {}
    """

    game: str
    seats: list[SeatResult]
    ratings: dict[int, Rating]


@dataclass
class SavedTable:
    """A table as loaded: its id, creation time, request, status, seats and snapshot.

    >>> SavedTable("t1", 0.0, {}, "waiting", [], {}).status
    'waiting'
    """

    id: str
    created: float
    request: dict[str, Any]
    status: str
    seats: list[SeatRecord]
    snapshot: dict[str, Any]


def check_seats(table_id: str, kinds: list[Any], rows: list[tuple[Any, ...]]) -> None:
    """Raises :class:`InvalidArgumentError` unless ``rows`` (seat, cpu, ...) are the seats
    0, 1, ... of the request's ``kinds`` (``"person"`` or ``"cpu:TYPE"``), each of its kind.

    >>> check_seats("t", ["person", "cpu:rules"], [(0, "rules", "A", None), (1, None, "B", None)])
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: table t: seat 0's row is a CPU 'rules', its request \
says 'person'
    """
    numbers = [row[0] for row in rows]
    if numbers != list(range(len(kinds))):
        raise InvalidArgumentError(
            f"table {table_id} has seat rows {numbers} for its {len(kinds)} seats"
        )
    for (seat, cpu, *_), kind in zip(rows, kinds, strict=True):
        if ("person" if cpu is None else f"cpu:{cpu}") != kind:
            found = "a person's" if cpu is None else f"a CPU {cpu!r}"
            raise InvalidArgumentError(
                f"table {table_id}: seat {seat}'s row is {found}, its request says {kind!r}"
            )
