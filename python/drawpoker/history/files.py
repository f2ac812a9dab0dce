"""Reading and writing PHH text and files: one hand (``.phh``) or many (``.phhs``: tables
``[1]``, ``[2]``, ... as PokerKit's ``dump_all`` writes them).

Reading is all or nothing: every hand is checked (its fields, and for a variant the engine
plays, a replay of every action, which must end with stacks that add up to the starting
stacks), and the first hand at fault raises :class:`~drawpoker.errors.HistoryError` naming it
and the field or action; nothing is returned half-loaded.

>>> from drawpoker.engine import Hand, game
>>> hand = Hand(game("holdem"), [1000, 1000], button=1, deck="As Kd Ks 7c")
>>> hand.fold()
>>> text = dumps_all([hand, hand])
>>> [h.outcome.stacks for h in loads(text)]
[[1050, 950], [1050, 950]]
"""

from __future__ import annotations

import datetime
import os
from collections.abc import Iterable, Sequence
from pathlib import Path

from drawpoker.engine import Hand
from drawpoker.errors import HistoryError
from drawpoker.history.record import History
from drawpoker.history.text import format_hands, parse
from drawpoker.history.writer import hand_text


def _text(
    item: Hand | History,
    seat: int | None,
    players: Sequence[str] | None,
    table: str | int | None,
    started: datetime.datetime | None,
) -> str:
    """One hand's PHH document: a History's :meth:`~History.dumps`, a Hand's
    :func:`~drawpoker.history.writer.hand_text` (the same text as its history's, made at once)."""
    if isinstance(item, History):
        return item.dumps()
    if isinstance(item, Hand):
        return hand_text(item, seat=seat, players=players, table=table, started=started)
    raise HistoryError(f"a hand history is written from a Hand or a History, not {item!r}")


def dumps(
    item: Hand | History,
    *,
    seat: int | None = None,
    players: Sequence[str] | None = None,
    table: str | int | None = None,
    started: datetime.datetime | None = None,
) -> str:
    """One hand (a :class:`~drawpoker.engine.Hand` or a :class:`History`) as a PHH document; for
    a hand, the house's copy or ``seat``'s own (the text of
    :func:`~drawpoker.history.writer.from_hand`'s history, written at once).

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("holdem"), [1000, 1000], deck="As Kd Ks 7c")
    >>> print(dumps(hand, seat=0))
    variant = 'NT'
    ante_trimming_status = false
    antes = [0, 0]
    blinds_or_straddles = [50, 100]
    min_bet = 100
    starting_stacks = [1000, 1000]
    actions = ['d dh p1 ????', 'd dh p2 Kd7c']
    seats = [2, 1]
    seat_count = 2
    finishing_stacks = [900, 950]
    """
    return _text(item, seat, players, table, started)


def dumps_all(
    items: Iterable[Hand | History],
    *,
    seat: int | None = None,
    players: Sequence[str] | None = None,
    table: str | int | None = None,
) -> str:
    """Many hands as one ``.phhs`` document (``[1]``, ``[2]``, ...).

    >>> from drawpoker.engine import FiveCardDraw, Hand
    >>> print(dumps_all([Hand(FiveCardDraw(), [500, 500], seed=2)]).splitlines()[0])
    [1]
    """
    return format_hands([_text(item, seat, players, table, None) for item in items]) + "\n"


def dump(
    items: Iterable[Hand | History],
    path: str | os.PathLike[str],
    *,
    seat: int | None = None,
    players: Sequence[str] | None = None,
    table: str | int | None = None,
) -> None:
    """Writes many hands to the file ``path`` as a ``.phhs`` (:func:`dumps_all`).

    >>> import tempfile, pathlib
    >>> from drawpoker.engine import FiveCardDraw, Hand
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "hands.phhs"
    >>> dump([Hand(FiveCardDraw(), [500, 500], seed=2)], path)
    >>> len(load(path))
    1
    """
    text = dumps_all(items, seat=seat, players=players, table=table)
    Path(path).write_text(text, encoding="utf-8")


def loads(text: str) -> list[History]:
    """The hands of a PHH document: one hand (its fields at the top) or many (tables ``[1]``,
    ``[2]``, ..., read in the file's order), each checked and, for a variant the engine plays,
    replayed (:attr:`History.outcome`).

    >>> loads("[1]\\nvariant = 'NT'\\n")
    Traceback (most recent call last):
    ...
    drawpoker.errors.HistoryError: hand 1: missing required field 'antes'
    """
    document = parse(text)
    tables = [key for key, value in document.items() if isinstance(value, dict)]
    if "variant" in document or not tables:
        histories = [History.from_fields(document, "hand 1")]
    elif len(tables) == len(document):
        histories = [History.from_fields(document[key], f"hand {key}") for key in tables]
    else:
        raise HistoryError(
            f"a document holds one hand (fields) or many (tables), not both: "
            f"tables {tables[:3]} beside fields"
        )
    for history in histories:
        _validate(history)
    return histories


def _validate(history: History) -> None:
    """Replays a history the engine plays; its stacks must add up."""
    if not history.variant.plays:
        return
    outcome = history.outcome
    finishing = history.get("finishing_stacks")
    if outcome.over and finishing is not None and sum(finishing) != sum(history.starting_stacks):
        raise HistoryError(
            f"{history.name}: field 'finishing_stacks' adds up to {sum(finishing)}, the "
            f"starting stacks to {sum(history.starting_stacks)}"
        )


def load(path: str | os.PathLike[str]) -> list[History]:
    """The hands of the PHH file ``path`` (:func:`loads`); errors name the file.

    >>> load("no-such-file.phhs")
    Traceback (most recent call last):
    ...
    drawpoker.errors.HistoryError: cannot read no-such-file.phhs: No such file or directory
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as error:
        raise HistoryError(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError as error:
        raise HistoryError(f"{path.name}: not UTF-8 text ({error.reason})") from None
    try:
        return loads(text)
    except HistoryError as error:
        raise type(error)(f"{path.name}: {error}") from None
