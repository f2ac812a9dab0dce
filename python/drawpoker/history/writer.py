"""A hand of the engine as a hand history: the house's copy (every card) or one seat's copy (what
that seat saw: its own cards, the board, the hands shown; the others' hidden cards ``??``).

The players are the seats dealt in, from the seat left of the button (p1) round to the button
(the last), as the standard lists them (stud: from seat 0, the dealer's left); ``seats`` and
``seat_count`` say where they sat. The
forced bets are not actions in PHH (the variant's fields say them). A draw is written as the
standard's example writes it: each player's ``sd`` (the cards discarded; none to stand pat), then
the new cards of each, ``d dh pN``; a redeal (nobody opened) is a commentary, ``# redeal``; a hand
tabled when an all-in ends the betting (R-HE-8) or shown at the showdown is ``sm``. The actions
are written from the engine's events in Rust (``rust/history/actions.rs``; the TOML too,
``rust/history/toml.rs``: writing is most of the time a table session spends on its histories);
:func:`hand_text` writes a hand's whole document at once, as ``dumps`` of a hand does.

>>> from drawpoker.engine import Hand, game
>>> hand = Hand(game("holdem"), [1000, 1000, 1000], button=2, deck="As 7c Qd Ks 2h Qh")
>>> hand.fold(); hand.fold()
>>> history = from_hand(hand, players=["Ann", "Bob", "Cy"])
>>> history.actions
['d dh p1 AsKs', 'd dh p2 7c2h', 'd dh p3 QdQh', 'p3 f', 'p1 f']
>>> history.get("finishing_stacks"), history.get("winnings"), history.get("players")
([950, 1050, 1000], [0, 100, 0], ['Ann', 'Bob', 'Cy'])
>>> from_hand(hand, seat=1).actions[:3]
['d dh p1 ????', 'd dh p2 7c2h', 'd dh p3 ????']
"""

from __future__ import annotations

import datetime
from collections.abc import Sequence
from typing import Any

from drawpoker import _core
from drawpoker.engine import GameSpec, Hand
from drawpoker.errors import HistoryError, InvalidArgumentError
from drawpoker.history.record import History
from drawpoker.history.text import format_fields
from drawpoker.history.variants import Variant, variant_of
from drawpoker.validate import encodable_text

_Fields = tuple[tuple[tuple[str, Any], ...], tuple[tuple[str, Any], ...]]
_FIELDS: dict[tuple[str, object, int], _Fields] = {}
"""The variant fields of each game (by name and settings) and player count, worked out once:
the standard's, then the user-defined ones (written last)."""


def _fields(variant: Variant, spec: GameSpec, players: int) -> _Fields:
    """The variant's fields of a hand of ``spec`` with ``players`` (lists as tuples: copy)."""
    key = (spec.name, spec.settings, players)
    known = _FIELDS.get(key)
    if known is None:
        assert variant.fields is not None
        items = [
            (name, tuple(value) if isinstance(value, list) else value)
            for name, value in variant.fields(spec, players).items()
        ]
        known = _FIELDS[key] = (
            tuple(item for item in items if item[0][0] != "_"),
            tuple(item for item in items if item[0][0] == "_"),
        )
    return known


_TEXTS: dict[tuple[str, object], tuple[Variant, dict[int, tuple[str, str]]]] = {}
"""Each game's variant and, by player count, its fields written as PHH (:func:`_texts`)."""


def _variant_texts(spec: GameSpec) -> tuple[Variant, dict[int, tuple[str, str]]]:
    """The variant of ``spec`` (:func:`variant_of`) and its fields written so far, by player
    count: found with one look-up a hand."""
    key = (spec.name, spec.settings)
    known = _TEXTS.get(key)
    if known is None:
        known = _TEXTS[key] = (variant_of(spec), {})
    return known


def _texts(variant: Variant, spec: GameSpec, players: int) -> tuple[str, str]:
    """The variant's fields written as PHH (:func:`_fields`): ``variant`` and the standard's, and
    the user-defined ones (a newline first, or nothing)."""
    standard, custom = _fields(variant, spec, players)
    custom_text = format_fields(dict(custom))
    return (
        format_fields({"variant": variant.code, **dict(standard)}),
        f"\n{custom_text}" if custom_text else "",
    )


def _checked_seat(hand: Hand, seat: int | None) -> None:
    if seat is not None and (type(seat) is not int or not 0 <= seat < hand.seats):
        raise HistoryError(f"seat {seat!r} is not a seat of {hand.seats}")


def _checked_names(hand: Hand, players: Sequence[str] | None) -> list[str] | None:
    if players is None:
        return None
    if (
        isinstance(players, str)
        or len(players) != hand.seats
        or not all(isinstance(p, str) for p in players)
    ):
        raise HistoryError(f"players must be {hand.seats} names, one a seat")
    return [encodable_text("a player's name", p, HistoryError) for p in players]


def _checked_fields(table: object, number: object, started: object) -> None:
    """``table`` and ``number`` a string or whole number (the standard's types for ``table``
    and ``hand``), ``started`` a datetime: what a history writes must load again."""
    for name, value in (("table", table), ("number", number)):
        if value is not None and (type(value) is not int and not isinstance(value, str)):
            raise HistoryError(f"{name} must be a string or a whole number, not {value!r}")
        if isinstance(value, str):
            encodable_text(name, value, HistoryError)
    if started is not None and not isinstance(started, datetime.datetime):
        raise HistoryError(f"started must be a datetime.datetime, not {started!r}")


def _checked_order(hand: Hand, order: list[int]) -> None:
    if hand.game.button_moves and order[-1] != hand.button:
        raise HistoryError(
            "the standard lists the players from the seat left of the button to the button: "
            f"the button (seat {hand.button}) sits out of this hand"
        )


def _when(
    hand: Hand, number: int | None, started: datetime.datetime | None
) -> tuple[list[tuple[str, Any]], int | None]:
    """The fields written between the actions and the seats (``time``, ``day``, ``month``,
    ``year``, ``hand``), and the hand's number."""
    middle: list[tuple[str, Any]] = []
    if started is not None:
        middle += [
            ("time", started.time().replace(microsecond=0)),
            ("day", started.day),
            ("month", started.month),
            ("year", started.year),
        ]
    if number is None and hand.number:
        number = hand.number
    if number is not None:
        middle.append(("hand", number))
    return middle, number


def from_hand(
    hand: Hand,
    *,
    seat: int | None = None,
    players: Sequence[str] | None = None,
    table: str | int | None = None,
    number: int | None = None,
    started: datetime.datetime | None = None,
) -> History:
    """The history of ``hand`` (finished or not): the house's copy, or with ``seat`` (a seat of
    the hand) that seat's own copy. ``players`` are the names by seat; ``table``, ``number``
    (the ``hand`` field; default: the hand's number when it has one) and ``started`` (written as
    the standard's ``time``, ``day``, ``month`` and ``year``; give a UTC time, as the standard
    reads a time without a zone) are written when given.

    >>> from drawpoker.engine import FiveCardDraw, Hand
    >>> hand = Hand(FiveCardDraw(), [500, 500], seed=1)
    >>> history = from_hand(hand, number=7)
    >>> history.get("hand"), history.get("_draw_limit"), history.actions[0][:8]
    (7, '3-or-4-with-ace', 'd dh p1 ')
    """
    variant = variant_of(hand.game)
    _checked_seat(hand, seat)
    _checked_fields(table, number, started)
    names = _checked_names(hand, players)
    try:
        order, actions, starting, finishing, winnings = _core.phh_hand(hand._state, seat)
    except InvalidArgumentError as error:
        raise HistoryError(str(error)) from None
    _checked_order(hand, order)
    values: dict[str, Any] = {"variant": variant.code}
    standard, custom = _fields(variant, hand.game, len(order))
    for name, value in standard:
        values[name] = list(value) if type(value) is tuple else value
    values["starting_stacks"] = starting
    values["actions"] = actions
    middle, number = _when(hand, number, started)
    values.update(middle)
    values["seats"] = [s + 1 for s in order]
    values["seat_count"] = hand.seats
    if table is not None:
        values["table"] = table
    if names is not None:
        values["players"] = [names[s] for s in order]
    values["finishing_stacks"] = finishing
    if winnings is not None:
        values["winnings"] = winnings
    for name, value in custom:
        values[name] = list(value) if type(value) is tuple else value
    return History(values, f"hand {number}" if number is not None else "hand")


def hand_text(
    hand: Hand,
    *,
    seat: int | None = None,
    players: Sequence[str] | None = None,
    table: str | int | None = None,
    number: int | None = None,
    started: datetime.datetime | None = None,
) -> str:
    """``from_hand(hand, ...).dumps()``, written at once without making the :class:`History`
    (the fields after the variant's are written in Rust, the variant's once a game): how
    :func:`~drawpoker.history.dumps_all` writes hands.

    >>> from drawpoker.engine import FiveCardDraw, Hand
    >>> hand = Hand(FiveCardDraw(), [500, 500], seed=1)
    >>> hand_text(hand, seat=1, table=3) == from_hand(hand, seat=1, table=3).dumps()
    True
    """
    variant, by_count = _variant_texts(hand.game)
    _checked_seat(hand, seat)
    _checked_fields(table, number, started)
    names = _checked_names(hand, players)
    middle, _number = _when(hand, number, started)
    try:
        order, body = _core.phh_hand_text(hand._state, seat, middle, table, names)
    except InvalidArgumentError as error:
        raise HistoryError(str(error)) from None
    _checked_order(hand, order)
    texts = by_count.get(len(order))
    if texts is None:
        texts = by_count[len(order)] = _texts(variant, hand.game, len(order))
    head, custom = texts
    return f"{head}\n{body}{custom}"
