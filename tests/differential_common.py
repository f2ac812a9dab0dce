"""Pieces shared by the PokerKit oracle (``games_oracle.py``, and ``holdem_oracle.py``, which
gives its hold'em hands their own form) and the differential tests: card numbering, the seat
mapping and the blinds' seats, PokerKit's automations, remembered hand evaluations, pots layered
by commitment, and the form in which drawpoker's legal actions are compared.

Conventions (drawpoker's): cards are ints ``4 * rank + suit`` (rank 0 = deuce .. 12 = ace, suits
c d h s = 0 1 2 3); seats ``0 .. seats - 1`` clockwise.

Seat mapping to PokerKit: PokerKit's player ``k`` (0-based) sits at drawpoker seat
``(button + 1 + k) % seats``. In the flop and draw games PokerKit's first player is the small
blind and its last the button (heads-up PokerKit reverses the blinds: its first player is the big
blind, its second the button and small blind, which the same formula gives). Stud has no button
in PokerKit and player ``k`` is seat ``k``: drawpoker's stud button sits at the last seat, so the
same formula holds with ``button = seats - 1``.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property
from itertools import combinations
from typing import ClassVar, Final, TypeVar

from drawpoker.engine import LegalActions
from pokerkit import (
    Automation,
    BoardCombinationHand,
    Card,
    CardsLike,
    CombinationHand,
    Entry,
    Hand,
    HoleBoardCombinationHand,
)

RANKS: Final = "23456789TJQKA"
SUITS: Final = "cdhs"

AUTOMATIONS: Final = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PULLING,
)
"""What PokerKit does by itself; burns, deals, draws, showdowns and pot pushes are done by the
oracles."""


class OracleError(AssertionError):
    """A hand the oracle cannot stand behind: illegal, inconsistent, or not what PokerKit did."""


def card_index(text: str) -> int:
    """The drawpoker card of a two-character PokerKit card such as ``"Kd"``.

    >>> card_index("2c"), card_index("Kd"), card_index("As")
    (0, 45, 51)
    """
    return 4 * RANKS.index(text[0]) + SUITS.index(text[1])


def card_text(card: int) -> str:
    """The two-character text of a drawpoker card.

    >>> card_text(45)
    'Kd'
    """
    return RANKS[card // 4] + SUITS[card % 4]


def cards_text(cards: Iterable[int]) -> str:
    """PokerKit's text of several cards, e.g. ``"AsKd"`` (empty for none).

    >>> cards_text([51, 45])
    'AsKd'
    """
    return "".join(card_text(card) for card in cards)


def parse_cards_text(text: str) -> list[int]:
    """The cards of a text such as ``"AsKd"`` (no separators).

    >>> parse_cards_text("AsKd")
    [51, 45]
    """
    if len(text) % 2:
        raise OracleError(f"bad cards {text!r}")
    return [card_index(text[i : i + 2]) for i in range(0, len(text), 2)]


def pokerkit_seat(seats: int, button: int, player: int) -> int:
    """The drawpoker seat of PokerKit's player index ``player`` (0-based).

    >>> [pokerkit_seat(6, 5, k) for k in range(6)]  # PHH order and stud: the button last
    [0, 1, 2, 3, 4, 5]
    >>> [pokerkit_seat(2, 0, k) for k in range(2)]  # heads-up: PokerKit's first is the big blind
    [1, 0]
    """
    return (button + 1 + player) % seats


def blind_seats(seats: int, button: int) -> tuple[int, int]:
    """The seats of the small and the big blind: the two left of the button; heads-up the button
    posts the small blind and the other seat the big blind.

    >>> blind_seats(6, 5), blind_seats(2, 0)
    ((0, 1), (0, 1))
    """
    small = button if seats == 2 else (button + 1) % seats
    return small, (small + 1) % seats


def pokerkit_player(seats: int, button: int, seat: int) -> int:
    """PokerKit's player index of a drawpoker seat (the inverse of :func:`pokerkit_seat`)."""
    return (seat - button - 1) % seats


HandT = TypeVar("HandT", bound=Hand)


def best_combination(
    hand_type: type[Hand], hole: tuple[Card, ...], board: tuple[Card, ...]
) -> tuple[Card, ...] | None:
    """The cards of ``hand_type``'s best hand from ``hole`` and ``board`` (the same choice as
    PokerKit's ``from_game`` of a combination hand type: every five cards of hole and board, or
    exactly ``hole_card_count`` hole and ``board_card_count`` board cards), found by comparing
    PokerKit's lookup entries directly instead of making a hand of each combination; ``None``
    when no combination makes a hand (no qualifying low)."""
    if issubclass(hand_type, HoleBoardCombinationHand):
        combos: Iterable[tuple[Card, ...]] = (
            h + b
            for h in combinations(hole, hand_type.hole_card_count)
            for b in combinations(board, hand_type.board_card_count)
        )
    else:
        combos = combinations(hole + board, hand_type.card_count)  # type: ignore[attr-defined]
    lookup = hand_type.lookup
    best: tuple[Entry, tuple[Card, ...]] | None = None
    for combo in combos:
        try:
            entry = lookup.get_entry_or_none(combo)
        except ValueError:
            entry = None
        if entry is None:
            continue
        if best is None or (entry < best[0] if hand_type.low else entry > best[0]):
            best = (entry, combo)
    return None if best is None else best[1]


def remembered(base: type[HandT]) -> type[HandT]:
    """PokerKit's hand type ``base``, remembered: a hand made from the same cards is not worked
    out again (``None`` remembered too: no hand of that type, e.g. no qualifying low) and a
    hand's rank is looked up once. PokerKit re-evaluates every hand for every pot and hand type,
    which made showdowns most of the oracles' time. Combination hands (all but badugi) are found
    by :func:`best_combination`; the ranking itself is PokerKit's.

    >>> from pokerkit import StandardHighHand
    >>> High = remembered(StandardHighHand)
    >>> str(High.from_game("AsAd", "AcAh2c3d4h"))
    'Four of a kind (AsAdAcAh4h)'
    """
    combination = issubclass(base, CombinationHand) and not (
        issubclass(base, BoardCombinationHand) and not issubclass(base, HoleBoardCombinationHand)
    )

    class Remembered(base):  # type: ignore[valid-type,misc]
        _made: ClassVar[dict[tuple[tuple[Card, ...], tuple[Card, ...]], Hand | None]] = {}

        @classmethod
        def from_game(cls, hole_cards: CardsLike, board_cards: CardsLike = ()) -> Hand:
            key = (tuple(Card.clean(hole_cards)), tuple(Card.clean(board_cards)))
            if key in cls._made:
                hand = cls._made[key]
            else:
                if len(cls._made) >= 50_000:
                    cls._made.clear()
                if combination:
                    cards = best_combination(cls, *key)
                    hand = None if cards is None else cls(cards)
                else:
                    try:
                        hand = super().from_game(*key)
                    except ValueError:
                        hand = None
                cls._made[key] = hand
            if hand is None:
                raise ValueError(f"no {base.__name__} in {key}")
            return hand

        @cached_property
        def entry(self) -> Entry:
            entry: Entry = self.lookup.get_entry(self.cards)
            return entry

    Remembered.__name__ = Remembered.__qualname__ = f"Remembered{base.__name__}"
    return Remembered


@dataclass(frozen=True)
class Pot:
    """A main or side pot: its chips and the seats that may win it."""

    amount: int
    eligible: tuple[int, ...]


def layers(contrib: Sequence[int], dead: int, contenders: Sequence[int]) -> list[Pot]:
    """Pots layered by commitment: each layer holds what every seat paid between two commitment
    levels (``dead`` chips in the lowest) and is contested by the ``contenders`` (in their order)
    who paid all of it; adjacent layers with the same contestants are one pot, and a layer no
    contender reached joins the one below.

    >>> layers([50, 100, 200, 200], 0, [0, 1, 2, 3])  # R-POT-1's example
    [Pot(amount=200, eligible=(0, 1, 2, 3)), Pot(amount=150, eligible=(1, 2, 3)), \
Pot(amount=200, eligible=(2, 3))]
    """
    pots: list[Pot] = []
    previous = 0
    for level in sorted(set(contrib)):
        amount = sum(min(c, level) - min(c, previous) for c in contrib) + dead
        dead = 0
        previous = level
        eligible = tuple(s for s in contenders if contrib[s] >= level)
        if pots and (not eligible or pots[-1].eligible == eligible):
            pots[-1] = Pot(pots[-1].amount + amount, pots[-1].eligible)
        elif amount:
            pots.append(Pot(amount, eligible))
    return pots


def uncalled(contrib: list[int]) -> tuple[int, int] | None:
    """Take the uncalled part of the highest commitment out of ``contrib`` (R-POT-2); the seat
    and the chips returned, or ``None``."""
    top = max(range(len(contrib)), key=lambda s: contrib[s])
    second = max(contrib[s] for s in range(len(contrib)) if s != top)
    if contrib[top] <= second:
        return None
    refund = (top, contrib[top] - second)
    contrib[top] = second
    return refund


# drawpoker's side


def allows(legal: LegalActions, kind: str, amount: int) -> bool:
    """Whether drawpoker's ``legal`` allows the action: its kind is offered and a bet or raise is
    within ``min_to..max_to`` (or all-in)."""
    if kind not in legal.kinds:
        return False
    if kind in ("bet", "raise"):
        return legal.min_to <= amount <= legal.max_to or amount == legal.max_to
    return True


def ordered(kinds: Iterable[str], order: Sequence[str]) -> tuple[str, ...]:
    """``kinds`` in the order of ``order`` (those not in it dropped)."""
    present = set(kinds)
    return tuple(kind for kind in order if kind in present)
