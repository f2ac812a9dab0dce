"""What a seat observes, as one flat ``float32`` array (:class:`ObservationLayout`), made from
the engine's view of that seat (:meth:`drawpoker.engine.Hand.view`) and nothing else: its own
cards, the cards it saw, the public facts and the betting so far.

Seats are relative: slot ``j`` of every per-seat segment is the seat ``j`` places to the left
of the observer (slot 0 is the observer). Cards are one-hot over the deck (card ``c`` at
position ``c``; 52 is the joker). Chip amounts are in units of the game's big blind
(:attr:`~drawpoker.engine.GameSpec.stake`: in a game without one, what stands for it). The
segments, in order (``n`` seats, ``C`` cards in the deck, ``K`` cards a seat may hold, ``S``
streets, ``H`` history slots):

>>> from drawpoker.engine import game
>>> layout = ObservationLayout(game("holdem"), seats=2, history=4)
>>> for segment in layout.segments[:6]:
...     print(segment.name, segment.shape)
own_cards (2, 52)
board (52,)
up_cards (2, 52)
shown (2, 52)
discarded (52,)
stacks (2,)
>>> layout.size
489

The compact layout (``compact=True``) holds the same facts in fewer numbers, for a learner
that steps millions of hands (the batch engine writes a quarter as many bytes): the own cards
are card numbers plus one (0: no card), each card set (the board, each seat's up cards and
tabled cards, the discards) is ``ceil(C / 13)`` integers, number ``j`` the sum of
``2 ** (c - 13 * j)`` over the set's cards ``c`` with ``c // 13 == j`` (:func:`card_set_of`
reads one back), and a history row is four numbers: the seat's slot plus one, its kind's index
in :data:`HISTORY_KINDS` plus one (a row of zeros: no action), the amount, and the dealt flag.
The other segments are the same.

>>> compact = ObservationLayout(game("holdem"), seats=2, history=4, compact=True)
>>> [(segment.name, segment.shape) for segment in compact.segments[:5]]
[('own_cards', (2,)), ('board', (4,)), ('up_cards', (2, 4)), ('shown', (2, 4)), ('discarded', (4,))]
>>> compact.size, compact.segment("history").shape
(71, (4, 4))
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from typing import TYPE_CHECKING, NamedTuple

import numpy as np
import numpy.typing as npt

if TYPE_CHECKING:
    from drawpoker.engine.events import HandView
    from drawpoker.engine.spec import GameSpec

HISTORY_KINDS = ("fold", "check", "call", "bet", "raise", "bring-in", "draw")
"""The public actions the history records, in the order of its kind one-hot."""

DEALING_KINDS = frozenset({"deal", "up", "board", "redeal"})
"""Events that mark cards dealt between two actions (a new street)."""

PHASES = ("bet", "draw", "done")

_KIND_INDEX = {kind: index for index, kind in enumerate(HISTORY_KINDS)}

CARD_SET_BITS = 13
"""Cards a number of a card set holds in the compact layout (exact in a ``float32``)."""


def card_set_of(numbers: npt.NDArray[np.float32]) -> list[int]:
    """The cards of a card set of the compact layout (its ``ceil(C / 13)`` numbers), in card
    order.

    >>> card_set_of(np.array([5.0, 0.0, 0.0, 4096.0], dtype=np.float32))  # cards 0, 2 and 51
    [0, 2, 51]
    """
    return [
        CARD_SET_BITS * part + bit
        for part, number in enumerate(numbers.astype(np.int64).tolist())
        for bit in range(CARD_SET_BITS)
        if number >> bit & 1
    ]


class Segment(NamedTuple):
    """One named part of the observation: where it starts, its shape, its largest value (1 for
    one-hot and flags, every chip at the table for chip amounts) and what it holds.

    >>> from drawpoker.engine import game
    >>> ObservationLayout(game("holdem"), 2).segment("pot").meaning
    'every chip committed to the hand (big blinds)'
    """

    name: str
    start: int
    shape: tuple[int, ...]
    high: float
    meaning: str

    @property
    def size(self) -> int:
        """How many numbers it holds.

        >>> Segment("x", 0, (3, 4), 1.0, "").size
        12
        """
        return math.prod(self.shape)


class ObservationLayout:
    """The observation of one seat of ``game`` at a table of ``seats``, with the last
    ``history`` public actions (:attr:`segments` in order; :meth:`encode` fills it); ``chips``
    is every chip at the table (the bound of chip amounts; the game's default stack a seat
    when ``None``); ``compact`` chooses the compact layout (the module's doc).

    >>> from drawpoker.engine import Hand, game
    >>> layout = ObservationLayout(game("holdem"), seats=3)
    >>> hand = Hand(game("holdem"), [10000] * 3, deck="As Kd Qh Jc Ts 9d")
    >>> obs = layout.encode(hand.view(1))
    >>> np.flatnonzero(layout.read(obs, "own_cards")[0]).tolist()  # As is card 51
    [51]
    >>> layout.read(obs, "bets").tolist()  # seat 1 (small blind), 2 (big blind), 0
    [0.5, 1.0, 0.0]
    """

    def __init__(
        self,
        game: GameSpec,
        seats: int,
        history: int = 32,
        chips: int | None = None,
        *,
        compact: bool = False,
    ) -> None:
        self.game, self.seats, self.history, self.compact = game, seats, history, compact
        self.unit = game.stake.chips
        cards = 53 if game.joker else 52
        held = sum(street.down + street.up for street in game.streets)
        streets = len(game.streets)
        every_chip = game.default_stack * seats if chips is None else chips
        n, most = seats, max(float(held), every_chip / self.unit)
        self.set_width = -(-cards // CARD_SET_BITS) if compact else cards
        """How many numbers a card set takes."""
        width, set_high = self.set_width, 2.0**CARD_SET_BITS - 1 if compact else 1.0
        parts: list[tuple[str, tuple[int, ...], float, str]] = [
            ("own_cards", (held, cards), 1.0, "the seat's own cards, one slot each, in view order"),
            ("board", (cards,), 1.0, "the board cards"),
            ("up_cards", (n, width), set_high, "each seat's face-up cards (stud)"),
            (
                "shown",
                (n, width),
                set_high,
                "each seat's cards tabled: shown at the showdown, or exposed all-in (R-HE-8)",
            ),
            ("discarded", (width,), set_high, "the cards this seat discarded in the hand's draws"),
            ("stacks", (n,), most, "each seat's chips behind (big blinds)"),
            ("bets", (n,), most, "each seat's chips in this betting round (big blinds)"),
            ("committed", (n,), most, "each seat's chips in the hand (big blinds)"),
            ("pot", (1,), most, "every chip committed to the hand (big blinds)"),
            ("current_bet", (1,), most, "the bet to match in this round (big blinds)"),
            ("to_call", (1,), most, "what this seat must add to call (big blinds)"),
            ("live", (n,), 1.0, "1 for each seat still in the hand"),
            ("card_counts", (n,), float(held), "how many cards each seat holds"),
            ("drawn", (n,), float(held), "cards each seat exchanged in the latest draw"),
            ("has_drawn", (n,), 1.0, "1 for each seat that drew in the latest draw"),
            ("button", (n,), 1.0, "one-hot: the button"),
            ("actor", (n,), 1.0, "one-hot: whose turn it is (all 0 when nobody's)"),
            ("my_turn", (1,), 1.0, "1 when it is this seat's turn"),
            ("street", (streets,), 1.0, "one-hot: the current street (all 0 after the last)"),
            ("phase", (len(PHASES),), 1.0, "one-hot: bet, draw or done"),
            (
                "history",
                (history, n + len(HISTORY_KINDS) + 2),
                most,
                "the last public actions, oldest first: seat one-hot, kind one-hot, amount "
                "(big blinds; cards exchanged for a draw), 1 if cards were dealt just before",
            ),
        ]
        if compact:
            parts[0] = (
                "own_cards",
                (held,),
                float(cards),
                "the seat's own cards in view order, each its card number plus 1 (0: none)",
            )
            parts[1] = ("board", (width,), set_high, "the board cards")
            parts[-1] = (
                "history",
                (history, 4),
                max(most, float(n), float(len(HISTORY_KINDS))),
                "the last public actions, oldest first: seat slot + 1, kind index + 1, amount "
                "(big blinds; cards exchanged for a draw), 1 if cards were dealt just before",
            )
        self.segments: tuple[Segment, ...] = ()
        start = 0
        for name, shape, high, meaning in parts:
            segment = Segment(name, start, shape, high, meaning)
            self.segments += (segment,)
            start += segment.size
        self.size = start
        self.cards = cards
        self._by_name = {segment.name: segment for segment in self.segments}
        self._start = {segment.name: segment.start for segment in self.segments}
        self._orders = [np.arange(me, me + n) % n for me in range(n)]
        """By observer: the seats of the relative slots."""

    def segment(self, name: str) -> Segment:
        """The segment called ``name``.

        >>> from drawpoker.engine import game
        >>> ObservationLayout(game("stud"), 2).segment("own_cards").shape
        (7, 52)
        """
        return self._by_name[name]

    def high(self) -> npt.NDArray[np.float32]:
        """The largest value of each position (the observation space's upper bound).

        >>> from drawpoker.engine import game
        >>> ObservationLayout(game("holdem"), 2).high()[:2].tolist()
        [1.0, 1.0]
        """
        bound = np.empty(self.size, dtype=np.float32)
        for segment in self.segments:
            bound[segment.start : segment.start + segment.size] = segment.high
        return bound

    def read(self, observation: npt.NDArray[np.float32], name: str) -> npt.NDArray[np.float32]:
        """The segment ``name`` of ``observation``, in its shape.

        >>> from drawpoker.engine import Hand, game
        >>> layout = ObservationLayout(game("holdem"), 2)
        >>> layout.read(layout.encode(Hand(game("holdem"), [1000, 1000]).view(0)), "pot")
        array([1.5], dtype=float32)
        """
        segment = self._by_name[name]
        return observation[segment.start : segment.start + segment.size].reshape(segment.shape)

    def encode(self, view: HandView) -> npt.NDArray[np.float32]:
        """The observation of the seat whose view this is (only the view is read: what the
        seat may know, never the hand's hidden state).

        >>> from drawpoker.engine import Hand, game
        >>> layout = ObservationLayout(game("holdem"), 2)
        >>> obs = layout.encode(Hand(game("holdem"), [1000, 1000]).view(1))
        >>> layout.read(obs, "to_call").tolist(), layout.read(obs, "my_turn").tolist()
        ([0.0], [0.0])
        """
        # Every one-hot and flag position is gathered into one list and set at once, and the
        # per-seat numbers are written as whole rotated blocks: an observation is made at every
        # step of a learner, so it is built with a handful of NumPy calls.
        obs = np.zeros(self.size, dtype=np.float32)
        n, me, unit, width, at = self.seats, view.seat, self.unit, self.set_width, self._start
        order = self._orders[me]
        own = at["own_cards"]
        ones: list[int] = []
        sets: dict[int, int] = {}  # the compact layout's card sets, by where they start
        if self.compact:
            obs[own : own + len(view.cards)] = [card + 1 for card in view.cards]
        else:
            ones += [own + slot * width + card for slot, card in enumerate(view.cards)]
        self._add_cards(at["board"], view.board, ones, sets)
        up_cards, shown, revealed = at["up_cards"], at["shown"], view.revealed
        for slot, seat in enumerate(order.tolist()):
            self._add_cards(up_cards + slot * width, view.up_cards[seat], ones, sets)
            if seat in revealed:
                self._add_cards(shown + slot * width, revealed[seat], ones, sets)
        chips = np.array((view.stacks, view.bets, view.committed), dtype=np.float64)
        obs[at["stacks"] : at["stacks"] + 3 * n] = (chips[:, order] / unit).ravel()
        to_call = max(0, view.current_bet - view.bets[me])
        obs[at["pot"] : at["pot"] + 3] = (view.pot / unit, view.current_bet / unit, to_call / unit)
        drawn = view.drawn
        seats = np.array(
            (view.live, view.card_counts, [max(0, d) for d in drawn], [d >= 0 for d in drawn]),
            dtype=np.float64,
        )
        obs[at["live"] : at["live"] + 4 * n] = seats[:, order].ravel()
        ones.append(at["button"] + (view.button - me) % n)
        if view.actor is not None:
            ones.append(at["actor"] + (view.actor - me) % n)
            if view.actor == me:
                ones.append(at["my_turn"])
        if view.street < len(self.game.streets):  # past the last street once the hand is over
            ones.append(at["street"] + view.street)
        ones.append(at["phase"] + PHASES.index(view.phase))
        self._encode_events(view, obs, ones, sets)
        obs[ones] = 1
        for start, bits in sets.items():
            for part in range(width):
                obs[start + part] = bits >> (CARD_SET_BITS * part) & (2**CARD_SET_BITS - 1)
        return obs

    def _add_cards(
        self, start: int, cards: Iterable[int], ones: list[int], sets: dict[int, int]
    ) -> None:
        """Adds ``cards`` to the card set at ``start``: their places join ``ones``, or in the
        compact layout their bits join the set's in ``sets``."""
        if self.compact:
            sets[start] = sets.get(start, 0) | sum(1 << card for card in set(cards))
        else:
            ones += [start + card for card in cards]

    def _encode_events(
        self, view: HandView, obs: npt.NDArray[np.float32], ones: list[int], sets: dict[int, int]
    ) -> None:
        """The seat's discards and the public actions (the last :attr:`history` of them), from
        the events the view lets the seat see: positions to set to 1 join ``ones`` and cards
        ``sets`` (:meth:`_add_cards`), the other numbers are written."""
        n, me, unit = self.seats, view.seat, self.unit
        discarded = self._start["discarded"]
        rows: list[tuple[int, int, float, bool]] = []
        dealt = False
        for event in view.events:
            kind = event.kind
            if kind in DEALING_KINDS:
                dealt = True
            elif kind == "discard":
                self._add_cards(discarded, event.cards, ones, sets)
            elif kind == "expose" and event.seat is not None:
                shown = self._start["shown"] + (event.seat - me) % n * self.set_width
                self._add_cards(shown, event.cards, ones, sets)
            elif kind in HISTORY_KINDS and event.seat is not None:
                amount = event.amount if kind == "draw" else event.amount / unit
                rows.append(((event.seat - me) % n, _KIND_INDEX[kind], amount, dealt))
                dealt = False
        width, amount_column = n + len(HISTORY_KINDS) + 2, n + len(HISTORY_KINDS)
        base = self._start["history"]
        if self.compact:
            for row, (slot, kind_index, amount, after_deal) in enumerate(rows[-self.history :]):
                start = base + 4 * row
                obs[start : start + 4] = (slot + 1, kind_index + 1, amount, float(after_deal))
            return
        for row, (slot, kind_index, amount, after_deal) in enumerate(rows[-self.history :]):
            start = base + row * width
            ones += (start + slot, start + n + kind_index)
            obs[start + amount_column] = amount
            if after_deal:
                ones.append(start + amount_column + 1)
