"""A game as data: a frozen :class:`GameSpec` that the one hand engine (Rust,
``rust/engine/``) reads. No game is a class of its own and no rule is written twice: the spec
says *which* rule applies (deck, forced bets, streets, betting structure, who acts first, the
showdown), the engine says *how*.

>>> from drawpoker.engine import game
>>> spec = game("holdem")
>>> [(s.down, s.board) for s in spec.streets], spec.streets[0].first
([(2, 0), (0, 3), (0, 1), (0, 1)], 'left-of-big-blind')
>>> spec.forced.big_blind, spec.betting
(100, NoLimit(min_bet=100))
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple, Protocol

from drawpoker import _core
from drawpoker.cards import JOKER, RANKS, SUITS
from drawpoker.engine.betting import BettingStructure, FixedLimit, NoLimit, PotLimit, UnitBetting
from drawpoker.validate import encodable_text

DRAW_LIMITS: tuple[str, ...] = tuple(_core.draw_limits())
"""The draw-limit settings of RULES.md section 4 (R-DRAW-7), as the core names them: ``"3"``,
``"3-or-4-with-ace"`` (the default: a 4-card draw keeps an ace or the joker) and ``"5"``."""

FIRST_TO_ACT = ("left-of-button", "left-of-big-blind", "opener", "bring-in", "best-board")
"""Who starts a street's betting (the engine moves on to the first seat that can act):
the first seat left of the button; the seat left of the big blind; the first bettor of the first
betting round (left of the button when nobody bet); the worst up card, which brings in
(R-STUD-2); the best board showing, ties to the first left of the button (R-STUD-6)."""

BET_SIZES = ("small", "big", "small-or-big-with-open-pair")
"""A fixed-limit street's bet: the small bet, the big bet, or the small bet with the big one
allowed when an open pair shows on any board (R-STUD-4)."""

SHOW_ORDERS = ("left-of-button", "last-aggressor", "last-aggressor-any-street")
"""Where the showdown starts: left of the button; the last bettor or raiser of the last betting
round played (left of the button when nobody bet); the last bettor or raiser of the hand, else
the first seat of the last round's acting order (R-STUD-8)."""

CARD_ORDERS = ("high", "low")
"""How up cards rank in stud: ace high (the lowest card brings in, clubs lowest; the best high
board acts first) or ace low (the highest card brings in, spades highest; the best low board,
pairs counting against it, acts first)."""

ODD_CHIPS = ("left-of-button", "high-card-by-suit", "low-card-by-suit")
"""Who takes the odd chips of a split share: one at a time from the seat left of the button
(R-POT-3); the hand with the highest card by suit (R-STUD-10); the one with the lowest card,
ace low, by suit (R-RAZZ-1)."""


@dataclass(frozen=True)
class Deck:
    """The deck as data: its ranks and suits (each rank in each suit once) and whether the joker
    joins them. A shuffle starts from the cards in card-number order.

    >>> from drawpoker.cards import format_cards
    >>> short = Deck(ranks="6789TJQKA")
    >>> len(short.cards()), format_cards(short.cards()[:3]), short.name
    (36, '6c 6d 6h', 'short')
    >>> len(Deck(joker=True).cards()), Deck().name
    (53, 'standard')
    """

    ranks: str = RANKS
    suits: str = SUITS
    joker: bool = False

    @property
    def name(self) -> str:
        """What the rules pages call the deck: ``standard``, ``joker`` (the 53-card deck),
        ``short`` (six through ace) or ``custom``.

        >>> Deck(joker=True).name
        'joker'
        """
        if (self.ranks, self.suits) == (RANKS, SUITS):
            return "joker" if self.joker else "standard"
        if (self.ranks, self.suits, self.joker) == (SHORT_RANKS, SUITS, False):
            return "short"
        return "custom"

    def cards(self) -> list[int]:
        """The cards, in the order a shuffle starts from (a new list each time, listed once
        for each deck: the strong Hold'em player asks for them at each of its samples).

        >>> Deck(ranks="A", suits="s").cards()
        [51]
        """
        return list(_listed_cards(self))


@functools.cache
def _listed_cards(deck: Deck) -> tuple[int, ...]:
    """The cards of ``deck`` (:meth:`Deck.cards`), listed."""
    cards = tuple(
        4 * RANKS.index(r) + SUITS.index(s)
        for r in RANKS
        if r in deck.ranks
        for s in SUITS
        if s in deck.suits
    )
    return (*cards, JOKER) if deck.joker else cards


SHORT_RANKS = "6789TJQKA"
"""The ranks of the 36-card short deck, six through ace (R-SD-1)."""


@dataclass(frozen=True)
class Street:
    """One street: ``down`` cards dealt face down to each seat, ``up`` face up, ``board`` to the
    board; then a draw when ``draw`` names its limit (a name of
    :data:`DRAW_LIMITS`); then a betting round when ``betting`` (and the
    game has a betting structure), started by ``first`` (a name of :data:`FIRST_TO_ACT`);
    ``bet_size`` is the fixed-limit size of its bets (a name of :data:`BET_SIZES`).

    >>> Street(down=2, first="left-of-big-blind").betting
    True
    """

    down: int = 0
    up: int = 0
    board: int = 0
    draw: str | None = None
    betting: bool = True
    bet_size: str = "small"
    first: str = "left-of-button"


@dataclass(frozen=True)
class ForcedBets:
    """The chips a hand starts with: an ante from every seat, a small and a big blind from the
    two seats left of the button (heads-up the button posts the small blind, R-HE-1), a
    big-blind ante (one ante for the table, posted by the big blind before its blind, dead money
    in the main pot: TDA practice; it counts toward no bet and is never returned), and the stud
    bring-in the worst up card posts (or completes to the small bet, R-STUD-2).

    >>> ForcedBets(small_blind=50, big_blind=100).ante
    0
    """

    ante: int = 0
    small_blind: int = 0
    big_blind: int = 0
    big_blind_ante: int = 0
    bring_in: int = 0


@dataclass(frozen=True)
class Opening:
    """Who may make the first bet of the first betting round: only a seat whose cards rank at
    least ``at_least`` by ``ranking``; ``name`` says it in refusals (R-DRAW-6).

    >>> from drawpoker.cards import parse_cards
    >>> Opening("jacks or better", "high", tuple(parse_cards("Jc Jd 4h 3s 2c"))).name
    'jacks or better'
    """

    name: str
    ranking: str
    at_least: tuple[int, ...]


@dataclass(frozen=True)
class ShowdownPart:
    """One part of the showdown: a ranking (a name of :data:`drawpoker.RANKINGS`) of each live
    seat's cards: ``best-of-all`` (the best hand the ranking finds among the seat's own cards and
    the board) or ``two-hole-three-board`` (exactly two own cards and three board cards, Omaha);
    ``qualifier`` ``eight-or-better`` admits only eight-or-better lows (R-A5-4); ``odd_chip`` (a
    name of :data:`ODD_CHIPS`) says who takes the odd chips of its split shares. In a split game
    each pot is divided among the parts someone qualifies for, the first part taking the odd
    chip (R-SPLIT-1).

    >>> ShowdownPart("ace-five", qualifier="eight-or-better").odd_chip
    'left-of-button'
    """

    ranking: str
    cards: str = "best-of-all"
    qualifier: str | None = None
    odd_chip: str = "left-of-button"


def setting(default: Any, help: str, choices: Sequence[Any] | None = None) -> Any:
    """A field of a game's settings dataclass, with what people need to set it: a help text and,
    for a choice, the values allowed (the terminal commands build their options from these, so
    a new game's settings need no command-line code).

    >>> from dataclasses import fields
    >>> from drawpoker.engine import DrawSettings
    >>> [f.metadata["choices"] for f in fields(DrawSettings) if f.name == "opening"]
    [('none', 'jacks')]
    """
    return field(default=default, metadata={"help": help, "choices": choices})


class Settings(Protocol):
    """What a game's settings offer: plain data out (``to_dict``), and equality.

    >>> from drawpoker.engine import game
    >>> game("holdem").settings.to_dict()["big_blind"]
    100
    """

    def to_dict(self) -> dict[str, Any]:
        """The settings as plain data."""
        ...


class Stake(NamedTuple):
    """The chips that stand for a game's stakes, and what they are (``"big blind"``,
    ``"unit"``, ``"small bet"``, ``"minimum bet"`` or ``"ante"``): see :attr:`GameSpec.stake`.

    >>> Stake(100, "big blind")
    Stake(chips=100, name='big blind')
    """

    chips: int
    name: str


@dataclass(frozen=True)
class GameSpec:
    """A whole game. Build one with :func:`drawpoker.engine.game` (the registered games); the
    fields are checked by the engine when the spec is made, so a spec that exists is playable.

    ``settings`` are the game's own settings (what ``to_dict`` writes: a spec is saved as its
    name and settings and rebuilt from the registry, never read field by field from a file);
    ``default_stack`` is the starting stack a table uses unless told otherwise.

    >>> from drawpoker.engine import game
    >>> spec = game("five-card-draw", {"ante": 5})
    >>> spec.forced.ante, spec.betting, spec.to_dict()["name"]
    (5, UnitBetting(unit=10), 'five-card-draw')
    """

    name: str
    settings: Settings
    streets: tuple[Street, ...]
    showdown: tuple[ShowdownPart, ...]
    deck: Deck = Deck()
    seats: tuple[int, int] = (2, 10)
    forced: ForcedBets = ForcedBets()
    betting: BettingStructure | None = None
    opening: Opening | None = None
    redeal_if_unopened: bool = False
    show_order: str = "left-of-button"
    card_order: str = "high"
    button_moves: bool = True
    """Whether the button moves after each hand (stud deals from seat 0 every hand: the
    button stays at the last seat)."""
    default_stack: int = 2000
    rules: _core.Rules = field(init=False, repr=False, compare=False)
    """The engine's compiled form of the spec (made, and checked, when the spec is made)."""

    def __post_init__(self) -> None:
        data = self.core_data()
        for key, value in data.items():
            _refuse_lone_surrogates(f"game spec {key}", value)
        object.__setattr__(self, "rules", _core.Rules(data))

    def __getstate__(self) -> dict[str, Any]:
        """What ``pickle`` keeps of the spec: every field but the engine's compiled ``rules``,
        which are made again (and checked again) when the spec is unpickled, so a spec can go
        to a process pool with the hands and views that name it.

        >>> import pickle
        >>> from drawpoker.engine import game
        >>> spec = game("2-7-triple-draw", {"ante": 5})
        >>> copy = pickle.loads(pickle.dumps(spec))
        >>> copy == spec, copy.rules is spec.rules, copy.rules.name
        (True, False, '2-7-triple-draw')
        """
        state = dict(self.__dict__)
        del state["rules"]
        return state

    def __setstate__(self, state: dict[str, Any]) -> None:
        """Restore the fields :meth:`__getstate__` kept and compile the rules from them."""
        self.__dict__.update(state)
        self.__post_init__()

    @property
    def joker(self) -> bool:
        """Whether the deck has the joker.

        >>> from drawpoker.engine import game
        >>> game("five-card-draw", {"joker": True}).joker
        True
        """
        return self.deck.joker

    @property
    def ranking(self) -> str:
        """The ranking of the (first) showdown part.

        >>> from drawpoker.engine import game
        >>> game("holdem").ranking
        'high'
        """
        return self.showdown[0].ranking

    @property
    def stake(self) -> Stake:
        """What the game's stakes are counted in (CPU players' sizes, observations, match
        rates): the big blind; without one, the base bet of its betting (Five-Card Draw's unit,
        the fixed-limit small bet, the no-limit or pot-limit minimum bet); without betting, the
        ante (at least 1 chip).

        >>> from drawpoker.engine import game
        >>> game("holdem").stake, game("five-card-draw").stake
        (Stake(chips=100, name='big blind'), Stake(chips=20, name='unit'))
        >>> game("stud").stake
        Stake(chips=200, name='small bet')
        """
        if self.forced.big_blind:
            return Stake(self.forced.big_blind, "big blind")
        betting = self.betting
        if isinstance(betting, UnitBetting):
            return Stake(betting.unit, "unit")
        if isinstance(betting, FixedLimit):
            return Stake(betting.small, "small bet")
        if isinstance(betting, NoLimit | PotLimit):
            return Stake(betting.min_bet, "minimum bet")
        return Stake(max(self.forced.ante, 1), "ante")

    @property
    def max_seats(self) -> int:
        """The most seats a hand of the game may have.

        >>> from drawpoker.engine import game
        >>> game("five-card-draw").max_seats
        6
        """
        return self.seats[1]

    def deck_cards(self) -> list[int]:
        """The cards of one deck, in the order a shuffle starts from.

        >>> from drawpoker.engine import game
        >>> len(game("five-card-draw", {"joker": True}).deck_cards())
        53
        """
        return self.deck.cards()

    def core_data(self) -> dict[str, Any]:
        """The spec as the engine reads it.

        >>> from drawpoker.engine import game
        >>> game("holdem").core_data()["betting"]
        {'kind': 'no-limit', 'min_bet': 100}
        """
        return {
            "name": self.name,
            "deck": vars(self.deck),
            "seats": self.seats,
            "ante": self.forced.ante,
            "small_blind": self.forced.small_blind,
            "big_blind": self.forced.big_blind,
            "big_blind_ante": self.forced.big_blind_ante,
            "bring_in": self.forced.bring_in,
            "streets": [vars(street) for street in self.streets],
            "betting": None if self.betting is None else self.betting.to_dict(),
            "opening": None if self.opening is None else vars(self.opening),
            "redeal_if_unopened": self.redeal_if_unopened,
            "showdown": [vars(part) for part in self.showdown],
            "show_order": self.show_order,
            "card_order": self.card_order,
            "button_moves": self.button_moves,
        }

    def to_dict(self) -> dict[str, Any]:
        """The game's name and settings (``games.spec_from_dict`` rebuilds the spec).

        >>> from drawpoker.engine import game
        >>> game("holdem").to_dict()
        {'name': 'holdem', 'settings': {'small_blind': 50, 'big_blind': 100, 'ante': 0, \
'big_blind_ante': 0}}
        """
        return {"name": self.name, "settings": dict(self._settings_data)}

    @functools.cached_property
    def _settings_data(self) -> dict[str, Any]:
        """The settings as plain data, made once per spec (settings are frozen, their values
        plain: :meth:`to_dict` gives each caller a copy): a store writes them with every hand
        dealt and ended, where ``asdict`` was most of the time a hand's row took to make."""
        return self.settings.to_dict()


def _refuse_lone_surrogates(name: str, value: object) -> None:
    """Every text in ``value`` (plain data) checked to be encodable before the core reads it."""
    if isinstance(value, str):
        encodable_text(name, value)
    elif isinstance(value, dict):
        for item in value.values():
            _refuse_lone_surrogates(name, item)
    elif isinstance(value, list | tuple):
        for item in value:
            _refuse_lone_surrogates(name, item)


@dataclass(frozen=True)
class GameType:
    """A registered game: its name, a title for people, its settings class and its builder.

    >>> from drawpoker.engine.registry import GAMES
    >>> GAMES["holdem"].title
    "Texas Hold'em, no limit"
    """

    name: str
    title: str
    settings: type
    build: Callable[[Any], GameSpec]
