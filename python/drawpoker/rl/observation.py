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
"""

from __future__ import annotations

import math
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
    when ``None``).

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
        self, game: GameSpec, seats: int, history: int = 32, chips: int | None = None
    ) -> None:
        self.game, self.seats, self.history = game, seats, history
        self.unit = game.stake.chips
        cards = 53 if game.joker else 52
        held = sum(street.down + street.up for street in game.streets)
        streets = len(game.streets)
        every_chip = game.default_stack * seats if chips is None else chips
        n, most = seats, max(float(held), every_chip / self.unit)
        parts: list[tuple[str, tuple[int, ...], float, str]] = [
            ("own_cards", (held, cards), 1.0, "the seat's own cards, one slot each, in view order"),
            ("board", (cards,), 1.0, "the board cards"),
            ("up_cards", (n, cards), 1.0, "each seat's face-up cards (stud)"),
            (
                "shown",
                (n, cards),
                1.0,
                "each seat's cards tabled: shown at the showdown, or exposed all-in (R-HE-8)",
            ),
            ("discarded", (cards,), 1.0, "the cards this seat discarded in the hand's draws"),
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
        n, me, unit, cards, at = self.seats, view.seat, self.unit, self.cards, self._start
        order = self._orders[me]
        own = at["own_cards"]
        ones = [own + slot * cards + card for slot, card in enumerate(view.cards)]
        board = at["board"]
        ones += [board + card for card in view.board]
        up_cards, shown, revealed = at["up_cards"], at["shown"], view.revealed
        for slot, seat in enumerate(order.tolist()):
            ones += [up_cards + slot * cards + card for card in view.up_cards[seat]]
            if seat in revealed:
                ones += [shown + slot * cards + card for card in revealed[seat]]
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
        self._encode_events(view, obs, ones)
        obs[ones] = 1
        return obs

    def _encode_events(self, view: HandView, obs: npt.NDArray[np.float32], ones: list[int]) -> None:
        """The seat's discards and the public actions (the last :attr:`history` of them), from
        the events the view lets the seat see: positions to set to 1 join ``ones``, the
        amounts are written."""
        n, me, unit = self.seats, view.seat, self.unit
        discarded = self._start["discarded"]
        rows: list[tuple[int, int, float, bool]] = []
        dealt = False
        for event in view.events:
            kind = event.kind
            if kind in DEALING_KINDS:
                dealt = True
            elif kind == "discard":
                ones += [discarded + card for card in event.cards]
            elif kind == "expose" and event.seat is not None:
                shown = self._start["shown"] + (event.seat - me) % n * self.cards
                ones += [shown + card for card in event.cards]
            elif kind in HISTORY_KINDS and event.seat is not None:
                amount = event.amount if kind == "draw" else event.amount / unit
                rows.append(((event.seat - me) % n, _KIND_INDEX[kind], amount, dealt))
                dealt = False
        width, amount_column = n + len(HISTORY_KINDS) + 2, n + len(HISTORY_KINDS)
        base = self._start["history"]
        for row, (slot, kind_index, amount, after_deal) in enumerate(rows[-self.history :]):
            start = base + row * width
            ones += (start + slot, start + n + kind_index)
            obs[start + amount_column] = amount
            if after_deal:
                ones.append(start + amount_column + 1)
