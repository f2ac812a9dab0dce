"""An oracle of the table engine's other games played by PokerKit, in a neutral form.

Games (drawpoker's name: PokerKit's class): ``omaha``: ``PotLimitOmahaHoldem``; ``omaha-hi-lo``:
``FixedLimitOmahaHoldemHighLowSplitEightOrBetter``; ``stud``: ``FixedLimitSevenCardStud``;
``razz``: ``FixedLimitRazz``; ``stud-hi-lo``: ``FixedLimitSevenCardStudHighLowSplitEightOrBetter``;
``2-7-single-draw``: ``NoLimitDeuceToSevenLowballSingleDraw``; ``2-7-triple-draw``:
``FixedLimitDeuceToSevenLowballTripleDraw``; ``badugi``: ``FixedLimitBadugi``; ``short-deck``:
``NoLimitShortDeckHoldem`` (dealt from its 36 cards, played with blinds). No-limit
hold'em (``NoLimitTexasHoldem``, :data:`HOLDEM`) is played by the same mechanism but is not in
:data:`GAMES`: ``holdem_oracle.py`` gives its hands their own form (the PHH file, its random mix).

A :class:`GameCase` is one hand: the game and its stakes, the table (seats, button, stacks), the
order of every shuffle (the deal, then each reshuffle of the discards), every action in order
with its actor and the legal actions the seat should be offered, every seat's cards and the
board, and the finishing stacks: PokerKit's, and the card room's (drawpoker's rules, worked out
here independently of both engines).

Conventions are drawpoker's and the seat mapping is :mod:`differential_common`'s (stud: player
``k`` is seat ``k``, the button at the last seat). Actions are :class:`Move` ``(kind, amount,
cards)``: ``fold``, ``check``, ``call``, ``bring-in`` (amount 0), ``bet``/``raise`` with the
player's total in the betting round after the action ("to"; ``bet`` when nobody has bet in the
round, else ``raise``: before the flop and after a bring-in every increase is a raise, and the
bring-in seat's completion is a bet), and ``draw`` with the discarded cards.

Cards: the oracle deals from a seeded shuffle in the order drawpoker deals (one card at a time
round the table from the seat left of the button; stud: every seat's first down card, then the
second, then the up card; later streets to the live seats from seat 0; board cards from the top;
the cards a draw receives next from the stub, in the order the draws take them). When a draw
needs more cards than the stub holds, the oracle does what drawpoker does (R-DRAW-8): it takes
the rest of the stub, then shuffles the discards of the players who already drew (never the
drawer's own current discards, never a folded hand) into a new stub, records that order as the
next shuffle, and deals from it. PokerKit is dealt exactly those cards (it accepts any card,
warning when one is not among those it would deal itself: its own refill takes every burn,
mucked hand and discard; the hands where it warned are tagged ``pokerkit_off_deck``).

Every action is chosen among those legal both in PokerKit and by card-room rules (drawpoker's
rules, docs/rules.md, and docs/engine.md's choices where they are silent); where the two part,
the hand records which documented divergence it met (:data:`DIVERGENCES`) and the expected legal
actions are the card room's.
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Final, NamedTuple

from differential_common import (
    AUTOMATIONS,
    OracleError,
    Pot,
    blind_seats,
    cards_text,
    layers,
    pokerkit_seat,
    remembered,
    uncalled,
)
from pokerkit import (
    FixedLimitBadugi,
    FixedLimitDeuceToSevenLowballTripleDraw,
    FixedLimitOmahaHoldemHighLowSplitEightOrBetter,
    FixedLimitRazz,
    FixedLimitSevenCardStud,
    FixedLimitSevenCardStudHighLowSplitEightOrBetter,
    Hand,
    Mode,
    NoLimitDeuceToSevenLowballSingleDraw,
    NoLimitShortDeckHoldem,
    NoLimitTexasHoldem,
    Poker,
    PotLimitOmahaHoldem,
    State,
)

BET_KINDS: Final = ("fold", "check", "call", "bring-in", "bet", "raise")
KINDS: Final = (*BET_KINDS, "draw")
CAP: Final = 4
"""Fixed limit: a bet and three raises a round (R-LIMIT-3; the big blind or the completion of a
bring-in counts as the first)."""

DIVERGENCES: Final[dict[str, str]] = {
    "first_short_all_in_reopens": (
        "PokerKit lets a short all-in that is the round's first bet or raise reopen the betting "
        "(its largest-raise counter starts at zero each round); R-POT-6 does not"
    ),
    "fifth_bet": (
        "fixed limit with blinds: PokerKit does not count the big blind as the round's first bet "
        "and allows a fifth; R-LIMIT-3 caps at a bet and three raises"
    ),
    "half_bet_reopens": (
        "fixed limit: a bet or raise that counts as full (an all-in of at least half a bet, "
        "R-POT-6; a completion of the bring-in, R-STUD-2) reopens the betting for every player "
        "who acted before it; PokerKit reopens only after the bet rose by a full bet"
    ),
    "short_all_in_completion": (
        "fixed limit: facing an all-in of less than half a bet (or a bring-in), the card room's "
        "raise completes the wager, one bet over the last full bet (docs/engine.md; Robert's "
        "Rules); PokerKit raises one bet over the all-in"
    ),
    "short_all_ins_capped": (
        "fixed limit: PokerKit counts all-ins of less than half a bet toward the cap; the card "
        "room counts only full bets and raises (docs/engine.md)"
    ),
    "bring_in_all_in": (
        "a bring-in seat with no more than the bring-in can only post it; PokerKit also lets it "
        "'complete' all-in for that amount"
    ),
    "open_pair_big_bet": (
        "stud hi, fourth street with an open pair: the big bet is allowed (R-STUD-4); PokerKit has "
        "no open-pair rule (the oracle never bets big there)"
    ),
    "omaha_hi_lo_pot_limit": (
        "PokerKit's FixedLimitOmahaHoldemHighLowSplitEightOrBetter plays pot limit (its class "
        "takes PotLimitPokerMixin: no cap, any amount up to the pot); the oracle bets and raises "
        "by exactly one bet, at most four a round (R-LIMIT-3)"
    ),
}
"""The documented ways PokerKit's legal actions part from the card room's, by label."""


# The games


@dataclass(frozen=True)
class Part:
    """A showdown part: PokerKit's hand type (remembered) and where a split's odd chips go:
    ``seat`` one at a time from the seat left of the button, ``high-card`` to the highest card
    by suit first, ``low-card`` to the lowest card (ace low) by suit first (R-POT-3)."""

    hand: type[Hand]
    odd_chip: str


@dataclass(frozen=True)
class Game:
    """One of the games: drawpoker's name, PokerKit's class (with remembered hand types), the
    family (``flop``, ``stud``, ``draw``), the betting structure, the showdown parts, the most
    seats played, whether stud hi's open pair allows the big bet, and the deck's cards."""

    name: str
    pokerkit: type[Poker]
    family: str
    structure: str
    parts: tuple[Part, ...]
    max_seats: int
    open_pair: bool = False
    deck: tuple[int, ...] = tuple(range(52))

    @property
    def fixed(self) -> bool:
        return self.structure == "fixed-limit"


def _remembering(base: type[Poker]) -> type[Poker]:
    """PokerKit's game ``base`` with its hand types remembered (:func:`remembered`)."""
    hand_types = tuple(remembered(hand) for hand in base.hand_types)
    return type(f"Remembering{base.__name__}", (base,), {"hand_types": hand_types})


def _game(
    name: str,
    base: type[Poker],
    family: str,
    structure: str,
    odd_chips: tuple[str, ...],
    max_seats: int,
    *,
    open_pair: bool = False,
    deck: tuple[int, ...] = tuple(range(52)),
) -> Game:
    pokerkit = _remembering(base)
    parts = tuple(Part(h, o) for h, o in zip(pokerkit.hand_types, odd_chips, strict=True))
    return Game(name, pokerkit, family, structure, parts, max_seats, open_pair, deck)


HOLDEM: Final = _game("holdem", NoLimitTexasHoldem, "flop", "no-limit", ("seat",), 9)
"""No-limit hold'em (the hands of ``holdem_oracle.py``)."""

GAMES: Final[dict[str, Game]] = {
    game.name: game
    for game in (
        _game("omaha", PotLimitOmahaHoldem, "flop", "pot-limit", ("seat",), 6),
        _game(
            "omaha-hi-lo",
            FixedLimitOmahaHoldemHighLowSplitEightOrBetter,
            "flop",
            "fixed-limit",
            ("seat", "seat"),
            6,
        ),
        _game(
            "stud",
            FixedLimitSevenCardStud,
            "stud",
            "fixed-limit",
            ("high-card",),
            7,
            open_pair=True,
        ),
        _game("razz", FixedLimitRazz, "stud", "fixed-limit", ("low-card",), 7),
        _game(
            "stud-hi-lo",
            FixedLimitSevenCardStudHighLowSplitEightOrBetter,
            "stud",
            "fixed-limit",
            ("high-card", "low-card"),
            7,
        ),
        _game(
            "2-7-single-draw",
            NoLimitDeuceToSevenLowballSingleDraw,
            "draw",
            "no-limit",
            ("seat",),
            6,
        ),
        _game(
            "2-7-triple-draw",
            FixedLimitDeuceToSevenLowballTripleDraw,
            "draw",
            "fixed-limit",
            ("seat",),
            6,
        ),
        _game("badugi", FixedLimitBadugi, "draw", "fixed-limit", ("seat",), 6),
        _game(
            "short-deck",
            NoLimitShortDeckHoldem,
            "flop",
            "no-limit",
            ("seat",),
            9,
            deck=tuple(range(16, 52)),  # six through ace
        ),
    )
}
"""The games of :class:`GameCase` hands, by drawpoker's name."""


def game_of(name: str) -> Game:
    """The game of a table: one of :data:`GAMES`, or :data:`HOLDEM`."""
    game = HOLDEM if name == HOLDEM.name else GAMES.get(name)
    if game is None:
        raise OracleError(f"unknown game {name!r}")
    return game


# The neutral form


@dataclass(frozen=True)
class Stakes:
    """A hand's forced bets and bet sizes: ``small_bet``/``big_bet`` are the fixed-limit bets
    (no limit and pot limit: ``small_bet`` is the minimum bet, the big blind); ``ante`` is each
    seat's, ``big_blind_ante`` the big blind's alone (hold'em); blinds in the flop and draw
    games, the bring-in in stud. Antes are dead money: PokerKit puts every ante in the main pot
    and never returns one as an uncalled bet (and so does the card room's settlement here)."""

    ante: int = 0
    big_blind_ante: int = 0
    small_blind: int = 0
    big_blind: int = 0
    bring_in: int = 0
    small_bet: int = 0
    big_bet: int = 0


@dataclass(frozen=True)
class Table:
    """A hand's set-up in drawpoker's seat order."""

    game: str
    seats: int
    button: int
    stakes: Stakes
    stacks: tuple[int, ...]

    @property
    def big_blind_seat(self) -> int:
        """The seat that posts the big blind (:func:`~differential_common.blind_seats`; stud has
        no blinds)."""
        return blind_seats(self.seats, self.button)[1]

    @property
    def antes(self) -> tuple[int, ...]:
        """The ante each seat posts (``big_blind_ante`` at the big blind)."""
        stakes = self.stakes
        antes = [stakes.ante] * self.seats
        if stakes.big_blind_ante:
            antes[self.big_blind_seat] += stakes.big_blind_ante
        return tuple(antes)


class Move(NamedTuple):
    """An action: ``kind``, the total ``amount`` of a bet or raise, a draw's discarded
    ``cards``."""

    kind: str
    amount: int = 0
    cards: tuple[int, ...] = ()


class Legal(NamedTuple):
    """The legal actions a seat should be offered (card-room rules): the kinds (in
    :data:`KINDS` order), the chips a call (or the bring-in) costs, the bet or raise totals
    ``min_to..max_to`` (0, 0 when none is open), the most cards a draw may exchange."""

    seat: int
    kinds: tuple[str, ...]
    call: int = 0
    min_to: int = 0
    max_to: int = 0
    max_discards: int = 0


@dataclass(frozen=True)
class GameCase:
    """One hand, in drawpoker's seat order.

    - ``table``: game, seats, button (stud: the last seat), stakes, starting stacks (every stack
      covers its blind and ante, and has a chip beyond its ante).
    - ``shuffles``: the order of the deal's deck (all 52 cards, in the order drawpoker deals
      them) and of each reshuffle of the discards (the new stub, top first).
    - ``actions``, ``actors``: every action and its seat; ``legal``: the legal actions the seat
      should have been offered before it; ``idle``: PokerKit's idle options (a seat that has
      matched the bet while every other live seat is all-in, where only a check is possible:
      PokerKit still asks, drawpoker goes on at once; docs/engine.md).
    - ``cards``: each seat's cards at the end (folded seats: when they folded), ``up``: which of
      them are face up (stud), ``board``: the board cards dealt.
    - ``finishing_stacks``: PokerKit's; ``card_room_stacks``: by drawpoker's rules (R-POT-*,
      R-SPLIT-1: pots contested by every live hand, hi/lo halves among the parts some seat in
      the pot qualifies for, the high half taking the odd chip, odd chips of a tie by seat from
      the left of the button in flop and draw games, by the highest or lowest card by suit in
      stud). They differ where ``differences`` says why: ``odd_chips`` (PokerKit gives a split
      pot's whole remainder to its first winner, after killing the hands that win nothing and
      re-forming the pots) or ``phantom_low`` (PokerKit splits a pot into high and low halves
      when anyone at the showdown has a low, even when nobody in that pot has one, and then
      shares the low half among that pot's hands).
    - ``divergences``: the labels of :data:`DIVERGENCES` met in the hand's decisions.
    - ``tags``: what the hand exercises (see :func:`_tags`).
    - ``source``: where the hand comes from, e.g. ``"stud random seed 3 hand 7"``.
    """

    table: Table
    shuffles: tuple[tuple[int, ...], ...]
    actions: tuple[Move, ...]
    actors: tuple[int, ...]
    legal: tuple[Legal, ...]
    idle: tuple[bool, ...]
    cards: tuple[tuple[int, ...], ...]
    up: tuple[tuple[bool, ...], ...]
    board: tuple[int, ...]
    finishing_stacks: tuple[int, ...]
    card_room_stacks: tuple[int, ...]
    differences: frozenset[str]
    divergences: frozenset[str]
    tags: frozenset[str]
    source: str

    @property
    def game(self) -> Game:
        return game_of(self.table.game)


@dataclass(frozen=True)
class Options:
    """What the player in turn may do, legal both in PokerKit and by card-room rules.

    ``phase`` is ``bet`` or ``draw``. Betting: ``kinds`` may be played; a ``bet``/``raise``
    (``raise_kind``, when in ``kinds``) to any total from ``min_to`` to ``max_to``; ``level``
    is the bet to match, ``to_call`` what a call costs, ``pot`` every chip put in so far,
    ``idle`` an option with nothing to decide (see :class:`GameCase`). Draw: ``cards`` is the
    hand, ``max_discards`` the most it may exchange.
    """

    seat: int
    street: int
    phase: str
    kinds: tuple[str, ...]
    level: int = 0
    to_call: int = 0
    raise_kind: str = ""
    min_to: int = 0
    max_to: int = 0
    pot: int = 0
    idle: bool = False
    cards: tuple[int, ...] = ()
    max_discards: int = 0


Decider = Callable[[Options], Move]


# The card room's betting round


class _Round:
    """Card-room bookkeeping of one betting round, in PokerKit's player indices: the bet to
    match, the size of a full raise (no limit, pot limit) or the round's bet (fixed limit), the
    total of the last full bet or raise and the full bets made (fixed limit: the cap), and the
    bet each player faced when they last acted (to know who may raise again).

    Fixed limit (R-LIMIT-3, R-POT-6, docs/engine.md "Fixed limit", Robert's Rules): the big
    blind, or a completion of the bring-in, is the round's first full bet; a bet or raise is
    full when it puts the bet at least half a bet over the last full one (so an all-in of half a
    bet or more counts as a full bet or raise, and several smaller all-ins add up); only full
    ones count toward the cap; a raise goes one bet over the last full bet (over a bring-in or a
    smaller all-in it completes the wager: bet 100, all-in to 140, a raise is to 200)."""

    def __init__(self, game: Game, street: int, level: int, size: int, extra: int) -> None:
        self.game = game
        self.street = street
        self.level = level
        self.size = size
        self.extra = extra
        self.full = size
        self.full_to = level  # the big blind (0 when the round starts unopened)
        self.count = 1 if level > 0 else 0  # the big blind counts as the first bet
        self.acted: dict[int, int] = {}

    def reopened(self, player: int) -> bool:
        """A player who already acted may raise again only if the bet rose since then by a full
        raise (no limit, pot limit; R-POT-6: short all-ins add up), or, in fixed limit, if a bet
        or raise that counts as full (a completion, an all-in of half a bet or more over the
        last full one) was made since (R-STUD-2, R-LIMIT-3), however little the bet rose."""
        faced = self.acted.get(player)
        if faced is None:
            return True
        if self.game.fixed:
            return self.full_to > faced
        return self.level - faced >= self.full

    def target(self) -> int:
        """Fixed limit: the total a bet or raise goes to, one bet over the last full bet."""
        return self.full_to + self.size

    def record(self, player: int, kind: str, to: int) -> None:
        if kind == "bring-in":
            self.level = to
        elif kind in ("bet", "raise"):
            increment = to - self.level
            if self.game.fixed:
                if 2 * (to - self.full_to) >= self.size:
                    self.full_to = to
                    self.count += 1
            elif increment >= self.full:
                self.full = increment
            self.level = to
        if kind != "fold":
            self.acted[player] = self.level


# Dealing


class _Stub:
    """drawpoker's stub and discard pile (R-DRAW-8), dealing in the order drawpoker deals and
    recording each shuffle. A reshuffle's order comes from ``reshuffles`` (hand-written hands)
    or, once those run out, from ``rng``."""

    def __init__(
        self, order: Sequence[int], rng: random.Random | None, reshuffles: Sequence[Sequence[int]]
    ) -> None:
        if len(set(order)) != len(order) or not set(order) <= set(range(52)):
            raise OracleError("the deal's order must hold cards of the deck once each")
        self.deck = list(order)
        self.pile: list[int] = []
        self.shuffles: list[tuple[int, ...]] = [tuple(order)]
        self.rng = rng
        self._given = [list(r) for r in reshuffles]

    def take(self, count: int) -> list[int]:
        if count > len(self.deck):
            raise OracleError(f"{count} cards wanted, {len(self.deck)} in the stub")
        out = self.deck[:count]
        del self.deck[:count]
        return out

    def exchange(self, discards: Sequence[int]) -> list[int]:
        """The cards a draw of ``discards`` receives: the stub's, then (when it runs short) a new
        stub shuffled from the earlier discards; the discards join the pile afterwards."""
        count = len(discards)
        new = self.take(min(count, len(self.deck)))
        if len(new) < count:
            if self._given:
                order = self._given.pop(0)
            elif self.rng is not None:
                order = list(self.pile)
                self.rng.shuffle(order)
            else:
                raise OracleError("a reshuffle is needed and no order was given")
            if sorted(order) != sorted(self.pile):
                raise OracleError(f"reshuffle {order} is not the discard pile {self.pile}")
            self.shuffles.append(tuple(order))
            self.deck, self.pile = list(order), []
            new += self.take(count - len(new))
        self.pile.extend(discards)
        return new


# Playing a hand in PokerKit


@dataclass
class Played:
    """A hand played through PokerKit (:func:`play`), in drawpoker's seat order."""

    table: Table
    shuffles: tuple[tuple[int, ...], ...]
    actions: list[Move] = field(default_factory=list)
    actors: list[int] = field(default_factory=list)
    legal: list[Legal] = field(default_factory=list)
    idle: list[bool] = field(default_factory=list)
    cards: list[list[int]] = field(default_factory=list)
    up: list[list[bool]] = field(default_factory=list)
    board: list[int] = field(default_factory=list)
    committed: list[int] = field(default_factory=list)
    live: list[bool] = field(default_factory=list)
    last_street: int = 0
    pokerkit_pots: tuple[Pot, ...] = ()
    finishing_stacks: tuple[int, ...] = ()
    divergences: set[str] = field(default_factory=set)
    notes: set[str] = field(default_factory=set)
    state: State | None = None
    """PokerKit's state at the end (for what PokerKit writes of the hand)."""


def pokerkit_game(table: Table, *, plain: bool = False) -> Poker:
    """PokerKit's game of the table's hand (its stakes; the hand types remembered, or with
    ``plain`` PokerKit's own class, which its hand histories know)."""
    game = game_of(table.game)
    kind = game.pokerkit.__bases__[0] if plain else game.pokerkit
    n = table.seats
    stakes = table.stakes
    # PokerKit's antes go by position as its blinds do: the big blind's is the second (heads-up
    # too, where PokerKit reverses both).
    antes = (stakes.ante, stakes.ante + stakes.big_blind_ante) + (stakes.ante,) * (n - 2)
    if game.family == "stud":
        return kind(  # type: ignore[call-arg]
            AUTOMATIONS,
            False,
            antes,
            stakes.bring_in,
            stakes.small_bet,
            stakes.big_bet,
            mode=Mode.TOURNAMENT,
        )
    blinds = (stakes.small_blind, stakes.big_blind) + (0,) * (n - 2)
    bets = (stakes.small_bet, stakes.big_bet) if game.fixed else (stakes.small_bet,)
    return kind(  # type: ignore[call-arg]
        AUTOMATIONS, False, antes, blinds, *bets, mode=Mode.TOURNAMENT
    )


def new_state(table: Table, *, plain: bool = False) -> State:
    """PokerKit's state of the table's hand, before any card is dealt (``plain``: see
    :func:`pokerkit_game`)."""
    n = table.seats
    order = [pokerkit_seat(n, table.button, k) for k in range(n)]
    stacks = tuple(table.stacks[seat] for seat in order)
    return pokerkit_game(table, plain=plain)(stacks, n)


def check_table(table: Table) -> None:
    """Refuse a set-up the oracle cannot stand behind."""
    game = game_of(table.game)
    n, stakes = table.seats, table.stakes
    if not 2 <= n <= game.max_seats or len(table.stacks) != n:
        raise OracleError(f"bad table {table}")
    if stakes.big_blind_ante and game is not HOLDEM:
        raise OracleError("only hold'em has a big-blind ante")
    if game.family == "stud":
        if table.button != n - 1:
            raise OracleError("stud's button sits at the last seat")
        if not 0 < stakes.bring_in < stakes.small_bet <= stakes.big_bet:
            raise OracleError(f"bad stud stakes {stakes}")
        blind_of: dict[int, int] = {}
    else:
        if not 0 <= table.button < n or not 0 < stakes.small_blind <= stakes.big_blind:
            raise OracleError(f"bad table {table}")
        if stakes.small_bet != stakes.big_blind:
            raise OracleError("the big blind must be the (small) bet")
        if game.fixed != (stakes.big_bet > 0):
            raise OracleError("fixed limit needs a big bet, no limit and pot limit none")
        sb_seat, bb_seat = blind_seats(n, table.button)
        blind_of = {sb_seat: stakes.small_blind, bb_seat: stakes.big_blind}
    for seat, (stack, ante) in enumerate(zip(table.stacks, table.antes, strict=True)):
        if stack < ante + max(1, blind_of.get(seat, 0)):
            raise OracleError(f"seat {seat} cannot cover its ante and blind with a chip to play")


def play(
    table: Table,
    deck: Sequence[int],
    decide: Decider,
    *,
    rng: random.Random | None = None,
    reshuffles: Sequence[Sequence[int]] = (),
    plain: bool = False,
) -> Played:
    """Play one hand in PokerKit: ``decide`` picks each action (and each draw) from the
    :class:`Options`; cards are dealt from ``deck`` (the deal's order, all 52 cards) and
    reshuffles ordered by ``reshuffles``, then ``rng``, as :class:`_Stub` says.

    Every action is checked against PokerKit and against card-room rules; a breach, or a
    difference between PokerKit and the card room that :data:`DIVERGENCES` does not explain,
    raises :class:`OracleError`. PokerKit warnings are errors (except its warning that a draw's
    card is not among those it would deal: see the module's doc). ``plain`` plays with
    PokerKit's own hand classes instead of the remembering ones (slower, same results).
    """
    check_table(table)
    game = game_of(table.game)
    n = table.seats
    seat_of = [pokerkit_seat(n, table.button, k) for k in range(n)]
    stub = _Stub(deck, rng, reshuffles)
    state = new_state(table, plain=plain)
    played = Played(
        table,
        (),
        cards=[[] for _ in range(n)],
        up=[[] for _ in range(n)],
        committed=[0] * n,
        live=[True] * n,
        state=state,
    )
    committed = played.committed  # PokerKit order until the end
    cards: list[list[int]] = [[] for _ in range(n)]  # PokerKit order
    up: list[list[bool]] = [[] for _ in range(n)]
    discards: dict[int, list[int]] = {}
    posted = False
    round_: _Round | None = None
    pk_pots: tuple[Pot, ...] | None = None
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        while state.status:
            street = state.street_index
            if not posted and street is not None:
                for k in range(n):
                    committed[k] = table.stacks[seat_of[k]] - state.stacks[k]
                posted = True
            if street is not None:
                played.last_street = max(played.last_street, street)
            if state.actor_index is not None:
                assert street is not None
                if round_ is None or round_.street != street:
                    round_ = _new_round(game, table, state, street)
                k = state.actor_index
                options, legal = _bet_options(game, table, state, round_, k, seat_of, played)
                move = decide(options)
                before = state.stacks[k]
                _apply(state, options, move)
                committed[k] += before - state.stacks[k]
                to = state.bets[k]
                round_.record(k, move.kind, to)
                if game.fixed and round_.count >= CAP:
                    played.notes.add("capped")
                if move.kind == "fold":
                    played.live[seat_of[k]] = False
                played.actions.append(Move(move.kind, move.amount))
                played.actors.append(seat_of[k])
                played.legal.append(legal)
                played.idle.append(options.idle)
            elif state.stand_patter_or_discarder_index is not None:
                assert street is not None
                k = state.stand_patter_or_discarder_index
                hand = tuple(cards[k])
                options = Options(
                    seat_of[k], street, "draw", ("draw",), cards=hand, max_discards=len(hand)
                )
                move = decide(options)
                out = move.cards
                if move.kind != "draw" or len(set(out)) != len(out) or not set(out) <= set(hand):
                    raise OracleError(f"seat {seat_of[k]}: bad draw {move} from {hand}")
                state.stand_pat_or_discard(cards_text(out))
                discards[k] = list(out)
                cards[k] = [c for c in cards[k] if c not in out]
                played.actions.append(Move("draw", 0, tuple(out)))
                played.actors.append(seat_of[k])
                played.legal.append(Legal(seat_of[k], ("draw",), max_discards=len(hand)))
                played.idle.append(False)
            elif state.card_burning_status:
                _refilling(played, partial(state.burn_card, "??"))
            elif state.hole_dealee_index is not None:
                k = state.hole_dealee_index
                pending = state.hole_dealing_statuses[k]
                if game.family == "draw" and street is not None and street > 0:
                    thrown = discards.pop(k)
                    if len(thrown) != len(pending):
                        raise OracleError(f"player {k}: {len(pending)} due, {len(thrown)} out")
                    new = stub.exchange(thrown)
                    _refilling(played, partial(state.deal_hole, cards_text(new), k))
                else:
                    new = stub.take(1)
                    state.deal_hole(cards_text(new), k)
                    up[k].append(state.hole_card_statuses[k][-1])
                cards[k] += new
                if game.family == "draw":
                    up[k] = [False] * len(cards[k])
            elif state.board_dealing_count is not None:
                new = stub.take(state.board_dealing_count)
                state.deal_board(cards_text(new))
                played.board += new
            elif state.can_show_or_muck_hole_cards():
                if pk_pots is None:  # before PokerKit kills the losing hands
                    pk_pots = _pokerkit_pots(state, seat_of)
                state.show_or_muck_hole_cards(True)
            elif state.can_push_chips():
                if pk_pots is None:
                    pk_pots = _pokerkit_pots(state, seat_of)
                state.push_chips()
            else:
                raise OracleError(f"PokerKit is stuck: {state.operations[-1]}")
    played.shuffles = tuple(stub.shuffles)
    for k in range(n):
        played.cards[seat_of[k]] = cards[k]
        played.up[seat_of[k]] = up[k]
    by_seat = [0] * n
    for k in range(n):
        by_seat[seat_of[k]] = committed[k]
    played.committed = by_seat
    played.pokerkit_pots = pk_pots or ()
    final = [0] * n
    for k in range(n):
        final[seat_of[k]] = state.stacks[k]
    played.finishing_stacks = tuple(final)
    return played


def _refilling(played: Played, operation: Callable[[], object]) -> None:
    """Run a draw street's burn or deal in PokerKit. PokerKit warns when its stub runs short (it
    then refills it from every burn, mucked hand and discard: expected when drawpoker
    reshuffles) and when a card is not among those it would deal itself (its refill holds more
    than drawpoker's pile: the hand is noted ``pokerkit_off_deck``); any other warning is an
    error."""
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        operation()
    for warning in caught:
        text = str(warning.message)
        if "not recommended to be dealt" in text:
            played.notes.add("pokerkit_off_deck")
        elif not text.startswith("Returning reserved"):
            raise OracleError(f"PokerKit warns: {text}")


def _new_round(game: Game, table: Table, state: State, street: int) -> _Round:
    assert state.street is not None
    size = state.street.min_completion_betting_or_raising_amount
    extra = 0
    if game.open_pair and street == 1:
        for i in state.player_indices:
            ranks = [card.rank for card in state.get_up_cards(i)]
            if state.statuses[i] and len(set(ranks)) < len(ranks):
                extra = table.stakes.big_bet - table.stakes.small_bet
                break
    return _Round(game, street, max(state.bets), size, extra)


def _bet_options(
    game: Game,
    table: Table,
    state: State,
    round_: _Round,
    k: int,
    seat_of: Sequence[int],
    played: Played,
) -> tuple[Options, Legal]:
    """The options of PokerKit's player ``k`` (legal in both) and the card room's legal
    actions, after checking PokerKit against the card room."""
    seat = seat_of[k]
    where = f"{table.game} street {round_.street} seat {seat}"
    bets, stacks = state.bets, state.stacks
    level = round_.level
    if level != max(bets):
        raise OracleError(f"{where}: card-room bet {level} is not PokerKit's {max(bets)}")
    all_in = bets[k] + stacks[k]
    pot = sum(table.stacks) - sum(stacks)  # every chip put in (PokerKit's total_pot_amount)
    pk_may = state.can_complete_bet_or_raise_to()
    pk_min = state.min_completion_betting_or_raising_to_amount if pk_may else None
    pk_max = state.max_completion_betting_or_raising_to_amount if pk_may else None
    if state.bring_in_status:
        bring = min(table.stakes.bring_in, stacks[k])
        if state.effective_bring_in_amount != bring:
            raise OracleError(f"{where}: bring-in {state.effective_bring_in_amount} != {bring}")
        if all_in <= table.stakes.bring_in:
            if pk_may:
                played.divergences.add("bring_in_all_in")
            legal = Legal(seat, ("bring-in",), bring)
            return Options(seat, round_.street, "bet", ("bring-in",), to_call=bring), legal
        target = min(round_.target(), all_in)
        if not pk_may or (pk_min, pk_max) != (target, target):
            raise OracleError(f"{where}: completion {pk_min}..{pk_max}, card room {target}")
        legal = Legal(seat, ("bring-in", "bet"), bring, target, target)
        options = Options(
            seat,
            round_.street,
            "bet",
            ("bring-in", "bet"),
            level=level,
            to_call=bring,
            raise_kind="bet",
            min_to=target,
            max_to=target,
            pot=pot,
        )
        return options, legal
    to_call = min(level - bets[k], stacks[k])
    if state.checking_or_calling_amount != to_call:
        raise OracleError(f"{where}: call {state.checking_or_calling_amount}, card room {to_call}")
    others = [i for i in state.player_indices if i != k and state.statuses[i]]
    idle = to_call == 0 and all(stacks[i] == 0 for i in others)
    someone = any(stacks[i] > 0 and bets[i] + stacks[i] > level for i in others)
    capped = game.fixed and round_.count >= CAP
    room_may = not capped and all_in > level and someone and round_.reopened(k)
    if game.fixed:
        room_min = min(round_.target(), all_in)
        room_max = min(round_.target() + round_.extra, all_in)
    else:
        room_min = min(level + round_.full, all_in)
        room_max = all_in if game.structure == "no-limit" else min(level + pot + to_call, all_in)
    may = room_may and pk_may
    low, high = room_min, room_max
    if may:
        assert pk_min is not None and pk_max is not None
        if game.fixed:
            high = room_min  # one bet (never stud hi's open-pair big bet)
            if room_max > room_min:
                played.divergences.add("open_pair_big_bet")
            if not pk_min <= room_min <= pk_max:
                if round_.full_to >= round_.level:
                    raise OracleError(f"{where}: PokerKit {pk_min}..{pk_max}, room {room_min}")
                played.divergences.add("short_all_in_completion")
                may = False
            elif (pk_min, pk_max) != (room_min, room_min):
                if game.name != "omaha-hi-lo" or pk_min != room_min:
                    raise OracleError(f"{where}: PokerKit {pk_min}..{pk_max}, room {room_min}")
                played.divergences.add("omaha_hi_lo_pot_limit")
        elif (pk_min, pk_max) != (room_min, room_max):
            raise OracleError(f"{where}: PokerKit {pk_min}..{pk_max}, room {room_min}..{room_max}")
    elif pk_may:
        played.divergences.add(_why_pokerkit_may(game, round_, k, capped, where))
    elif room_may:
        played.divergences.add(_why_pokerkit_may_not(game, state, round_, k, where))
    raise_kind = "bet" if level == 0 else "raise"
    base = ("check",) if to_call == 0 else ("fold", "call")
    room_kinds = (*base, raise_kind) if room_may else base
    legal = Legal(
        seat,
        room_kinds,
        to_call,
        room_min if room_may else 0,
        room_max if room_may else 0,
    )
    kinds = (*base, raise_kind) if may else base
    options = Options(
        seat,
        round_.street,
        "bet",
        kinds,
        level=level,
        to_call=to_call,
        raise_kind=raise_kind,
        min_to=low if may else 0,
        max_to=high if may else 0,
        pot=pot,
        idle=idle,
    )
    return options, legal


def _why_pokerkit_may(game: Game, round_: _Round, k: int, capped: bool, where: str) -> str:
    """The divergence that lets PokerKit raise where the card room does not."""
    if capped:
        if game.name == "omaha-hi-lo":
            return "omaha_hi_lo_pot_limit"
        if game.family != "stud" and round_.street == 0:
            return "fifth_bet"
    elif not round_.reopened(k):
        return "first_short_all_in_reopens"
    raise OracleError(f"{where}: PokerKit may raise, the card room may not")


def _why_pokerkit_may_not(game: Game, state: State, round_: _Round, k: int, where: str) -> str:
    """The divergence that stops PokerKit raising where the card room may."""
    if game.fixed:
        assert state.street is not None
        if state.completion_betting_or_raising_count == CAP and round_.count < CAP:
            return "short_all_ins_capped"
        faced = round_.acted.get(k)
        if faced is not None and round_.level - faced < round_.full:
            return "half_bet_reopens"
    raise OracleError(f"{where}: the card room may raise, PokerKit may not")


def _apply(state: State, options: Options, move: Move) -> None:
    where = f"seat {options.seat} street {options.street}: {move}"
    kind = move.kind
    if kind not in BET_KINDS:
        raise OracleError(f"{where}: unknown action")
    if move.cards or (kind not in ("bet", "raise") and move.amount):
        raise OracleError(f"{where}: {kind} carries no amount and no cards")
    if kind not in options.kinds:
        raise OracleError(f"{where}: {_refusal(options, kind)}")
    if kind == "fold":
        state.fold()
    elif kind in ("check", "call"):
        state.check_or_call()
    elif kind == "bring-in":
        state.post_bring_in()
    else:
        if not options.min_to <= move.amount <= options.max_to:
            raise OracleError(f"{where}: outside {options.min_to}..{options.max_to}")
        state.complete_bet_or_raise_to(move.amount)


def _refusal(options: Options, kind: str) -> str:
    """Why a betting action of ``kind`` is not among the options."""
    kinds = options.kinds
    if kind == "fold" and "check" in kinds:
        return "folding when checking is free"
    if kind in ("check", "call") and {"check", "call"} & set(kinds):
        return "it is a check" if "check" in kinds else "it is a call"
    if kind in ("bet", "raise") and options.raise_kind and kind != options.raise_kind:
        return f"it is a {options.raise_kind}"
    if kind in ("bet", "raise"):
        return "raising is not allowed here"
    return f"not among {kinds}"


def _pokerkit_pots(state: State, seat_of: Sequence[int]) -> tuple[Pot, ...]:
    return tuple(
        Pot(pot.amount, tuple(sorted(seat_of[k] for k in pot.player_indices))) for pot in state.pots
    )


# Settling a hand here


@dataclass(frozen=True)
class Settlement:
    """How a finished hand's chips go back: ``winnings[seat]`` (refunds included), its pots, and
    what the split pots did: ``odd_chips`` (some split left a remainder), ``split`` (some pot or
    half was shared by tied hands), ``low_half`` (some pot was split between a high and a low),
    ``phantom_low`` (PokerKit's rules only: a low half shared among hands with no low)."""

    winnings: tuple[int, ...]
    pots: tuple[Pot, ...]
    odd_chips: bool
    split: bool
    low_half: bool
    phantom_low: bool


def strengths(
    game: Game, cards: Sequence[Sequence[int]], board: Sequence[int], seats: Sequence[int]
) -> list[dict[int, Hand | None]]:
    """Each showdown part's hand (PokerKit's ranking) of each of ``seats``; ``None`` where the
    seat has none (no qualifying low)."""
    board_text = cards_text(board)
    out: list[dict[int, Hand | None]] = []
    for part in game.parts:
        hands: dict[int, Hand | None] = {}
        for seat in seats:
            try:
                hands[seat] = part.hand.from_game(cards_text(cards[seat]), board_text)
            except ValueError:
                hands[seat] = None
        out.append(hands)
    return out


def _odd_chip_order(part: Part, tied: list[int], cards: Sequence[Sequence[int]]) -> list[int]:
    """The tied winners in the order they take a split's odd chips (R-POT-3, R-STUD-10,
    R-RAZZ-1, R-STUD8-1): by seat from the left of the button (``tied`` comes in that order), by
    the highest card by suit (4 * rank + suit, ace high), or by the lowest card by suit with the
    ace low."""
    if part.odd_chip == "high-card":
        return sorted(tied, key=lambda s: -max(cards[s]))
    if part.odd_chip == "low-card":
        return sorted(tied, key=lambda s: min(((c // 4 + 1) % 13, c % 4) for c in cards[s]))
    return tied


def settle(played: Played, *, pokerkit: bool = False) -> Settlement:
    """Settle a played hand here, independently of PokerKit's pushes and of drawpoker.

    The uncalled part of the highest commitment goes back (R-POT-2); antes are dead money in the
    main pot (where PokerKit puts them; with uniform antes every stack covers, this is the same
    as layering them with the other chips, as drawpoker does, and drawpoker's big-blind ante is
    dead money too; layering a big-blind ante with the bets would change about 40% of those
    hands: it would come back as uncalled or sit in a side pot); the rest forms pots layered by
    commitment (R-POT-1).

    Card room (drawpoker's rules, the default): every live hand contests the pots it paid into;
    each pot is split between the parts (high, low) some hand in it has, the first (high) part
    taking the odd chip (R-SPLIT-1, R-A5-4); each part goes to its best hands, a tie's odd chips
    one at a time in :func:`_odd_chip_order`.

    PokerKit (``pokerkit=True``): the hands that can win nothing are killed first and the pots
    layered again among the survivors; each pot is split between the parts some surviving hand
    anywhere has (a pot with no low among its hands still gives a low half, shared by its hands:
    ``phantom_low``), the first part taking the remainder; a part's remainder goes whole to its
    first winner in PokerKit's order (from the seat left of the button; stud: from seat 0).
    """
    table = played.table
    game = game_of(table.game)
    n = table.seats
    order = [(table.button + 1 + i) % n for i in range(n)]
    antes = [min(ante, stack) for ante, stack in zip(table.antes, table.stacks, strict=True)]
    contrib = [played.committed[s] - antes[s] for s in range(n)]
    live = [s for s in order if played.live[s]]
    total = sum(played.committed)
    winnings = [0] * n
    if len(live) == 1:
        winnings[live[0]] = total
        return Settlement(tuple(winnings), (), False, False, False, False)
    refund = uncalled(contrib)
    if refund is not None:
        winnings[refund[0]] += refund[1]
    hands = strengths(game, played.cards, played.board, live)

    def winners(part: int, pot: Pot) -> list[int]:
        held = [h for s in pot.eligible if (h := hands[part][s]) is not None]
        if not held:
            return list(pot.eligible)  # PokerKit's phantom low: every hand "ties" with none
        best = max(held)
        return [s for s in pot.eligible if hands[part][s] == best]

    pots = layers(contrib, sum(antes), live)
    room_pots = tuple(Pot(p.amount, tuple(sorted(p.eligible))) for p in pots)
    active = list(range(len(game.parts)))
    if pokerkit:
        survivors = [s for s in live if _can_win(s, pots, hands)]
        pots = layers(contrib, sum(antes), survivors)
        active = [j for j in active if any(hands[j][s] is not None for s in survivors)]
    odd = split = low_half = phantom = False
    for pot in pots:
        parts = active
        if not pokerkit:
            parts = [j for j in active if any(hands[j][s] is not None for s in pot.eligible)]
        share, remainder = divmod(pot.amount, len(parts))
        odd = odd or remainder > 0
        low_half = low_half or len(parts) > 1
        for i, j in enumerate(parts):
            amount = share + (remainder if i == 0 else 0)
            if not amount:
                continue
            if all(hands[j][s] is None for s in pot.eligible):
                phantom = True
            tied = winners(j, pot)
            each, rest = divmod(amount, len(tied))
            split = split or len(tied) > 1
            odd = odd or rest > 0
            if pokerkit:
                for s in tied:
                    winnings[s] += each
                winnings[tied[0]] += rest
            else:
                for m, s in enumerate(_odd_chip_order(game.parts[j], tied, played.cards)):
                    winnings[s] += each + (1 if m < rest else 0)
    if sum(winnings) != total:
        raise OracleError("chips lost in settling")
    return Settlement(tuple(winnings), room_pots, odd, split, low_half, phantom)


def _can_win(seat: int, pots: Sequence[Pot], hands: Sequence[dict[int, Hand | None]]) -> bool:
    """PokerKit's ``can_win_now`` at the showdown: some pot of the seat where its hand of some
    part is at least as good as every hand of that part in the pot."""
    for pot in pots:
        if seat not in pot.eligible:
            continue
        for part in hands:
            mine = part[seat]
            if mine is None:
                continue
            if all(part[s] is None or part[s] <= mine for s in pot.eligible):  # type: ignore[operator]
                return True
    return False


_STREETS: Final = {
    "flop": ("preflop", "flop", "turn", "river"),
    "stud": ("third", "fourth", "fifth", "sixth", "seventh"),
    "draw": ("predraw", "first_draw", "second_draw", "third_draw"),
}


def case_of(played: Played, source: str) -> GameCase:
    """Check a played hand against the settlements made here and make it a case."""
    table = played.table
    pk = settle(played, pokerkit=True)
    room = settle(played)
    start = table.stacks
    n = table.seats
    pk_stacks = tuple(start[s] - played.committed[s] + pk.winnings[s] for s in range(n))
    room_stacks = tuple(start[s] - played.committed[s] + room.winnings[s] for s in range(n))
    if pk_stacks != played.finishing_stacks:
        raise OracleError(f"{source}: settled {pk_stacks}, PokerKit {played.finishing_stacks}")
    if room.pots and room.pots != played.pokerkit_pots:
        raise OracleError(f"{source}: pots {room.pots}, PokerKit's {played.pokerkit_pots}")
    if sum(played.finishing_stacks) != sum(start):
        raise OracleError(f"{source}: chips not conserved")
    differences = set()
    if room_stacks != pk_stacks:
        if pk.phantom_low:
            differences.add("phantom_low")
        if pk.odd_chips or room.odd_chips:
            differences.add("odd_chips")
        if not differences:
            raise OracleError(f"{source}: card room {room_stacks}, PokerKit {pk_stacks}")
    return GameCase(
        table=table,
        shuffles=played.shuffles,
        actions=tuple(played.actions),
        actors=tuple(played.actors),
        legal=tuple(played.legal),
        idle=tuple(played.idle),
        cards=tuple(tuple(c) for c in played.cards),
        up=tuple(tuple(u) for u in played.up),
        board=tuple(played.board),
        finishing_stacks=played.finishing_stacks,
        card_room_stacks=room_stacks,
        differences=frozenset(differences),
        divergences=frozenset(played.divergences),
        tags=_tags(played, room, pk),
        source=source,
    )


def _tags(played: Played, room: Settlement, pk: Settlement) -> frozenset[str]:
    """What a hand exercises: the last street reached (betting on it, or its cards dealt),
    ``showdown`` (two or more hands shown), ``all_in``, ``multiway_all_in`` (three or more),
    ``side_pot`` (a pot not every shown hand may win), ``split_pot`` (a pot or half shared by
    ties), ``odd_chip`` (a split with a remainder, in either settlement), ``low_half`` (a pot
    split between high and low), ``heads_up``, ``antes``, ``reshuffle`` (a draw dealt from
    reshuffled discards), ``pokerkit_off_deck`` (see the module's doc), ``bring_in`` and
    ``completion`` (third street opened by the bring-in or by a completion), ``capped`` (a
    fixed-limit round reached its cap), ``draw`` (some seat exchanged cards)."""
    table = played.table
    game = game_of(table.game)
    streets = _STREETS[game.family]
    reached = played.last_street
    if game.family == "flop":
        reached = max(reached, {0: 0, 3: 1, 4: 2, 5: 3}[len(played.board)])
    if game.family == "stud":
        reached = max(reached, max(len(c) for c in played.cards) - 3)
    tags = {streets[reached], *played.notes}
    shown = sum(played.live) > 1
    if shown:
        tags.add("showdown")
    all_in = sum(played.committed[s] == table.stacks[s] for s in range(table.seats))
    if all_in:
        tags.add("all_in")
    if all_in >= 3:
        tags.add("multiway_all_in")
    if shown and any(len(p.eligible) < sum(played.live) for p in room.pots):
        tags.add("side_pot")
    if room.split or pk.split:
        tags.add("split_pot")
    if room.odd_chips or pk.odd_chips:
        tags.add("odd_chip")
    if room.low_half:
        tags.add("low_half")
    if table.seats == 2:
        tags.add("heads_up")
    if any(table.antes):
        tags.add("antes")
    if len(played.shuffles) > 1:
        tags.add("reshuffle")
    kinds = [m.kind for m in played.actions]
    if "bring-in" in kinds:
        tags.add("bring_in")
    if game.family == "stud" and kinds[:1] == ["bet"]:
        tags.add("completion")
    if any(m.kind == "draw" and m.cards for m in played.actions):
        tags.add("draw")
    return frozenset(tags)


# Hand-written hands


def full_deck(top: Sequence[int]) -> list[int]:
    """A deal's order: ``top`` first, then the other cards from the deuce of clubs up."""
    rest = [c for c in range(52) if c not in set(top)]
    return [*top, *rest]


def scripted(moves: Sequence[Move], actors: Sequence[int] | None = None) -> Decider:
    """A decider that plays ``moves`` in order (and checks whose turn it is, if ``actors``)."""
    pending = iter(enumerate(moves))

    def decide(options: Options) -> Move:
        step = next(pending, None)
        if step is None:
            raise OracleError(f"seat {options.seat} is to act but the actions ran out")
        i, move = step
        if actors is not None and actors[i] != options.seat:
            raise OracleError(f"action {i}: seat {options.seat} acts, not seat {actors[i]}")
        return move

    return decide


def make_case(
    table: Table,
    deck: Sequence[int],
    moves: Sequence[Move],
    source: str,
    reshuffles: Sequence[Sequence[int]] = (),
) -> GameCase:
    """A case written by hand: played in PokerKit from these cards (``deck``: the top of the
    deal's order, the rest by :func:`full_deck`) and actions (every one must be used)."""
    played = play(table, full_deck(deck), scripted(moves), reshuffles=reshuffles)
    if len(played.actions) != len(moves):
        raise OracleError(f"{source}: the hand ended before its last actions")
    return case_of(played, source)


def replay(case: GameCase) -> Played:
    """Replay a case's neutral form (table, shuffles, actions) in PokerKit, checking each
    action's actor."""
    moves = [Move(m.kind, m.amount, m.cards) for m in case.actions]
    played = play(
        case.table,
        case.shuffles[0],
        scripted(moves, case.actors),
        reshuffles=case.shuffles[1:],
    )
    if len(played.actions) != len(case.actions):
        raise OracleError(f"{case.source}: the hand ended before its last actions")
    return played


# Random hands


@dataclass(frozen=True)
class Style:
    """How a random hand's players act: chances to fold facing a bet, to raise facing one, to bet
    when checking is free, to shove when raising (no limit, pot limit), to complete rather than
    bring in (stud), and to stand pat in a draw (draw games)."""

    fold: float
    raise_: float
    open_: float
    shove: float
    complete: float = 0.0
    pat: float = 0.0


BLINDS: Final = ((1, 2), (1, 3), (2, 5), (5, 10), (25, 50), (50, 100), (100, 200))
"""The (small, big) blinds of the flop and draw games (fixed limit: the small bet is the big
blind, the big bet twice it)."""

STUD_STAKES: Final = (
    # (small bet, big bet, ante, bring-in)
    (2, 4, 0, 1),
    (3, 6, 1, 1),
    (5, 10, 1, 2),
    (10, 20, 2, 3),
    (20, 40, 5, 5),
    (100, 200, 25, 25),
    (200, 400, 40, 50),
)


def random_table(game: Game, rng: random.Random) -> Table:
    """A random set-up: 2 to the game's most seats (heads-up more often), stakes from
    :data:`BLINDS` or :data:`STUD_STAKES` (an ante in a third of the blind games' hands), a
    random button (stud: the last seat), stacks from under a bet to hundreds of bets, sometimes
    equal, so that all-ins and side pots are common."""
    n = 2 if rng.random() < 0.2 else rng.randint(2, game.max_seats)
    if game.family == "stud":
        small, big, ante, bring_in = rng.choice(STUD_STAKES)
        stakes = Stakes(ante=ante, bring_in=bring_in, small_bet=small, big_bet=big)
        button = n - 1
        blind_of: dict[int, int] = {}
        unit = small
    else:
        sb, bb = rng.choice(BLINDS)
        ante = max(1, bb // rng.choice((2, 5, 10))) if rng.random() < 1 / 3 else 0
        big_bet = 2 * bb if game.fixed else 0
        stakes = Stakes(ante=ante, small_blind=sb, big_blind=bb, small_bet=bb, big_bet=big_bet)
        button = rng.randrange(n)
        sb_seat, bb_seat = blind_seats(n, button)
        blind_of = {sb_seat: sb, bb_seat: bb}
        unit = bb
    deep = 150 if game.fixed else 400
    stacks: list[int] = []
    for seat in range(n):
        floor = ante + max(1, blind_of.get(seat, 0))
        u = rng.random()
        if stacks and u < 0.12:
            stack = rng.choice(stacks)
        elif u < 0.45:
            stack = rng.randint(1, 10 * unit)
        elif u < 0.8:
            stack = rng.randint(10 * unit, 50 * unit)
        else:
            stack = rng.randint(50 * unit, deep * unit)
        stacks.append(max(stack, floor))
    return Table(game.name, n, button, stakes, tuple(stacks))


def random_case(game_name: str, seed: int, index: int) -> GameCase:
    """Hand ``index`` of :func:`random_cases` of a game with ``seed`` (each hand has its own
    ``random.Random``, so any one can be made again alone)."""
    return random_played(game_name, seed, index)[0]


def random_played(game_name: str, seed: int, index: int) -> tuple[GameCase, Played]:
    """:func:`random_case` with the hand as played in PokerKit (its final ``state``)."""
    game = GAMES[game_name]
    rng = random.Random(f"games-oracle {game_name} seed {seed} hand {index}")
    table = random_table(game, rng)
    deck = list(game.deck)
    rng.shuffle(deck)
    style = Style(
        fold=rng.choice((0.02, 0.08, 0.15, 0.3)),
        raise_=rng.choice((0.1, 0.2, 0.35)),
        open_=rng.choice((0.15, 0.3, 0.5)),
        shove=rng.choice((0.05, 0.15, 0.3)),
        complete=rng.choice((0.1, 0.3, 0.6)),
        pat=rng.choice((0.1, 0.25, 0.5)),
    )
    played = play(table, deck, random_decider(rng, style), rng=rng)
    return case_of(played, f"{game_name} random seed {seed} hand {index}"), played


def random_cases(game_name: str, count: int, seed: int) -> list[GameCase]:
    """``count`` random hands of a game played in PokerKit, reproducibly from ``seed``
    (:func:`random_table`; actions drawn among those legal both in PokerKit and by card-room
    rules, weighted so that most hands go a few streets and many reach a showdown)."""
    return [random_case(game_name, seed, i) for i in range(count)]


def random_decider(rng: random.Random, style: Style) -> Decider:
    """A decider drawing each action from ``rng`` in the ways of ``style``: a fold more likely
    after the first street, a bet or raise to the minimum, about the pot, all-in or in between."""

    def decide(options: Options) -> Move:
        if options.phase == "draw":
            if rng.random() < style.pat:
                return Move("draw")
            count = rng.randint(1, options.max_discards)
            return Move("draw", 0, tuple(rng.sample(options.cards, count)))
        kinds = options.kinds
        if "bring-in" in kinds:
            if "bet" in kinds and rng.random() < style.complete:
                return Move("bet", options.min_to)
            return Move("bring-in")
        raising = options.raise_kind in kinds
        if options.to_call == 0:
            if raising and rng.random() < style.open_:
                return Move(options.raise_kind, _size(options))
            return Move("check")
        u = rng.random()
        fold = style.fold if options.street == 0 else min(0.6, 1.5 * style.fold)
        if u < fold:
            return Move("fold")
        if raising and u < fold + style.raise_:
            return Move(options.raise_kind, _size(options))
        return Move("call")

    def _size(options: Options) -> int:
        low, high = options.min_to, options.max_to
        u = rng.random()
        if low >= high or u < style.shove:
            return high
        if u < 0.5:
            return low
        if u < 0.75:  # about the pot
            return min(high, max(low, options.level + options.pot + options.to_call))
        return low + int((high - low) * rng.random() ** 2)

    return decide
