"""A hand of the engine as a hand history: the house's copy (every card) or one seat's copy (what
that seat saw: its own cards, the board, the hands shown; the others' hidden cards ``??``).

The players are the seats dealt in, from the seat left of the button (p1) round to the button
(the last), as the standard lists them; ``seats`` and ``seat_count`` say where they sat. The
forced bets are not actions in PHH (the variant's fields say them). A draw is written as the
standard's example writes it: each player's ``sd`` (the cards discarded; none to stand pat), then
the new cards of each, ``d dh pN``; a redeal (nobody opened) is a commentary, ``# redeal``; a hand
tabled when an all-in ends the betting (R-HE-8) or shown at the showdown is ``sm``.

>>> from drawpoker.games import Hand, game
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

from drawpoker.errors import HistoryError
from drawpoker.games import Hand
from drawpoker.history.notation import CARD_TEXT, UNKNOWN
from drawpoker.history.record import History
from drawpoker.history.variants import variant_of

REDEAL = "# redeal"
"""The commentary written where a deal nobody opened is dealt again (R-DRAW-5, 6)."""

_VERBS = {"check": "cc", "call": "cc", "fold": "f", "bet": "cbr", "raise": "cbr"}


def _text(cards: Sequence[int], hidden: bool) -> str:
    if hidden:
        return UNKNOWN * len(cards)
    text = CARD_TEXT
    return "".join([text[c] for c in cards])


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

    >>> from drawpoker.games import FiveCardDraw, Hand
    >>> hand = Hand(FiveCardDraw(), [500, 500], seed=1)
    >>> history = from_hand(hand, number=7)
    >>> history.get("hand"), history.get("_draw_limit"), history.actions[0][:8]
    (7, '3-or-4-with-ace', 'd dh p1 ')
    """
    variant = variant_of(hand.game)
    if seat is not None and (type(seat) is not int or not 0 <= seat < hand.seats):
        raise HistoryError(f"seat {seat!r} is not a seat of {hand.seats}")
    events = hand.events
    order: list[int] = []
    for event in events:
        if event.kind == "deal":
            if event.seat in order:
                break
            order.append(event.seat)  # type: ignore[arg-type]
        elif order:
            break
    if not order:
        raise HistoryError("a hand history starts with the deal: this hand dealt no cards")
    if order[-1] != hand.button:
        raise HistoryError(
            "the standard lists the players from the seat left of the button to the button: "
            f"the button (seat {hand.button}) sits out of this hand"
        )
    player: dict[int | None, str] = {s: f"p{k}" for k, s in enumerate(order, 1)}
    actions: list[str] = []
    receipts: list[str] = []
    discards: dict[int | None, tuple[int, ...]] = {}
    shown: set[int | None] = set()
    append = actions.append
    for kind, who, _to, amount, cards in events:
        if receipts and kind not in ("discard", "receive", "draw", "reshuffle"):
            actions += receipts
            receipts = []
        verb = _VERBS.get(kind)
        if verb is not None:
            append(f"{player[who]} {verb} {amount}" if verb == "cbr" else f"{player[who]} {verb}")
        elif kind == "deal":
            append(f"d dh {player[who]} {_text(cards, seat is not None and who != seat)}")
        elif kind == "board":
            append(f"d db {_text(cards, False)}")
        elif kind == "discard":
            discards[who] = cards
        elif kind == "receive":
            hidden = seat is not None and who != seat
            receipts.append(f"d dh {player[who]} {_text(cards, hidden)}")
        elif kind == "draw":
            out = discards.pop(who, ())
            hidden = seat is not None and who != seat
            cards_out = _text(out, hidden) if out else ""
            append(f"{player[who]} sd {cards_out}".rstrip() if amount else f"{player[who]} sd")
        elif kind == "redeal":
            append(REDEAL)
            shown.clear()
        elif (kind == "expose" or kind == "show") and who not in shown:
            shown.add(who)
            append(f"{player[who]} sm {_text(cards, False)}")
    actions += receipts
    values: dict[str, Any] = {"variant": variant.code}
    assert variant.fields is not None
    values |= variant.fields(hand.game, len(order))
    start = hand.start_stacks
    values["starting_stacks"] = [start[s] for s in order]
    values["actions"] = actions
    if started is not None:
        values |= {
            "time": started.time().replace(microsecond=0),
            "day": started.day,
            "month": started.month,
            "year": started.year,
        }
    if number is None and hand.number:
        number = hand.number
    if number is not None:
        values["hand"] = number
    values["seats"] = [s + 1 for s in order]
    values["seat_count"] = hand.seats
    if table is not None:
        values["table"] = table
    if players is not None:
        if len(players) != hand.seats or not all(isinstance(p, str) for p in players):
            raise HistoryError(f"players must be {hand.seats} names, one a seat")
        values["players"] = [players[s] for s in order]
    stacks = hand.stacks
    values["finishing_stacks"] = [stacks[s] for s in order]
    if hand.is_over:
        payouts = hand.payouts
        values["winnings"] = [payouts[s] for s in order]
    return History(values, f"hand {number}" if number is not None else "hand")
