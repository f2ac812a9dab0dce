"""What every CPU player shares: the check/call player of any game, and saving a seeded
player's state (its parameters and where its random generator is) as plain data.

>>> from drawpoker.engine import Hand, game
>>> hand = Hand(game("holdem"), [1000, 1000, 1000])
>>> CheckCallBot().choose(hand.view(hand.actor))
Action(kind='call', amount=0, cards=())
"""

from __future__ import annotations

import base64
import random
import struct
from abc import ABC, abstractmethod
from typing import Any, ClassVar, Protocol, Self

from drawpoker.engine.actions import BRING_IN, CALL, CHECK, STAND_PAT, Action
from drawpoker.engine.events import HandView
from drawpoker.errors import InvalidArgumentError


class CheckCallBot:
    """Checks when it can, else calls; stands pat in a draw; posts a stud bring-in (any game;
    the benchmark player).

    >>> from drawpoker.engine import FiveCardDraw, Hand
    >>> hand = Hand(FiveCardDraw(), [100, 100], seed=1)
    >>> CheckCallBot().choose(hand.view(hand.actor))
    Action(kind='check', amount=0, cards=())
    """

    kind: ClassVar[str] = "checkcall"
    quick: ClassVar[bool] = True
    """Decides in well under a millisecond (no search): a server asks it in its event loop,
    not in a worker thread (:class:`SeededBot`'s ``quick``)."""

    def choose(self, view: HandView) -> Action:
        """Check, call, or stand pat.

        >>> from drawpoker.engine import FiveCardDraw, Hand
        >>> hand = Hand(FiveCardDraw(), [300, 300], seed=5)
        >>> hand.bet(20); CheckCallBot().choose(hand.view(hand.actor)).kind
        'call'
        """
        if view.phase == "draw":
            return STAND_PAT
        if view.current_bet > view.bets[view.seat]:
            return CALL
        # a view makes the legal actions anew at each read (half a microsecond): read them only
        # where a bring-in may be due, on a street the bring-in opens with nothing to call yet
        if view.game.streets[view.street].first != "bring-in":
            return CHECK
        legal = view.legal
        return BRING_IN if legal is not None and "bring-in" in legal.kinds else CHECK

    def to_dict(self) -> dict[str, Any]:
        """Plain data (:func:`drawpoker.bots.restore_bot` reads it back).

        >>> CheckCallBot().to_dict()
        {'kind': 'checkcall', 'game': None}
        """
        return {"kind": self.kind, "game": None}


class CountedRandom(random.Random):
    """A Mersenne Twister generator (:class:`random.Random`, the same numbers for the same seed)
    that counts the 32-bit words it has drawn since its base: its seed, or a state it was given
    whole (every method draws through :meth:`random`, two words, or :meth:`getrandbits`, a word
    per 32 bits). So its state saves as its seed and that count (:meth:`to_data`: a few bytes,
    where ``getstate`` gives 625 numbers, about 6.7 KB of JSON) and comes back by drawing as many
    words again (:meth:`load`). Past :attr:`rebase_draws` words (a strong Omaha player draws
    about 2,400 a hand, a rules player under 10) the state now becomes the base, saved packed
    (3.3 KB), so that a restore never draws more than that.

    >>> rng = CountedRandom(7); _ = rng.random(), rng.randrange(10**12), rng.sample(range(52), 5)
    >>> rng.to_data()
    {'seed': 7, 'draws': 10}
    >>> again = CountedRandom.from_data(rng.to_data())
    >>> again.getstate() == rng.getstate(), again.random() == rng.random()
    (True, True)
    """

    rebase_draws: ClassVar[int] = 1 << 20
    """The words drawn past which :meth:`to_data` makes the state now its base (a restore draws
    them again: about 12 ms)."""

    _base: int | tuple[Any, ...] | None
    """The seed the words are counted from, or the state (as ``getstate`` gives it); None for
    a state given whole between the two numbers of a ``gauss`` pair: saved whole."""
    draws: int
    """The 32-bit words drawn since the base."""

    def seed(self, a: Any = None, version: int = 2) -> None:
        """Seeds it as :meth:`random.Random.seed` does; the count starts from there."""
        super().seed(a, version)
        self._base = a if type(a) is int and version == 2 else None
        self.draws = 0

    def setstate(self, state: tuple[Any, ...]) -> None:
        """Takes a state whole (:meth:`random.Random.setstate`); the count starts from it."""
        super().setstate(state)
        self._base = state if state[0] == 3 and state[2] is None else None
        self.draws = 0

    def random(self) -> float:
        """:meth:`random.Random.random` (two words)."""
        self.draws += 2
        return super().random()

    def getrandbits(self, k: int, /) -> int:
        """:meth:`random.Random.getrandbits` (a word per 32 bits, none for no bits)."""
        self.draws += (k + 31) // 32
        return super().getrandbits(k)

    def sample(self, population: Any, k: int, *, counts: Any = None) -> list[Any]:
        """:meth:`random.Random.sample`: the same picks from the same words. A few cards of a
        deck (at most five of a range, list or tuple of ``n`` items, ``n`` from 22 below
        ``2**32``: the case where ``sample`` draws places below ``n`` until it has ``k``
        distinct ones) are drawn here without its general set-up, about three times as fast:
        the strong players sample opponents' hands this way hundreds of times a decision.

        >>> fast, plain = CountedRandom(5), random.Random(5)
        >>> fast.sample(range(52), 4) == plain.sample(range(52), 4), fast.draws
        (True, 4)
        """
        n = len(population) if type(population) in (range, list, tuple) else 0
        if counts is not None or not 0 <= k <= 5 or not 21 < n < 1 << 32:
            return super().sample(population, k, counts=counts)
        bits = n.bit_length()
        draw = super().getrandbits  # one word a draw (at most 32 bits), counted below
        picked: list[int] = []
        words = 0
        while len(picked) < k:
            place = draw(bits)
            words += 1
            if place < n and place not in picked:
                picked.append(place)
        self.draws += words
        return [population[place] for place in picked]

    def to_data(self) -> dict[str, Any] | list[Any]:
        """Plain data: its seed (or its base state, packed: :func:`packed_state`) and the words
        drawn since; between the two numbers of a ``gauss`` pair, or without a base, the state
        as ``getstate`` gives it, its numbers in a list, as players were saved before the count.

        >>> rng = CountedRandom(); rng.setstate(CountedRandom(3).getstate()); _ = rng.random()
        >>> data = rng.to_data(); len(data["state"]), data["draws"]
        (3336, 2)
        """
        if self._base is not None and getattr(self, "gauss_next", None) is None:
            if self.draws > self.rebase_draws:
                self._base, self.draws = super().getstate(), 0
            if isinstance(self._base, int):
                return {"seed": self._base, "draws": self.draws}
            return {"state": packed_state(self._base), "draws": self.draws}
        version, state, gauss = self.getstate()
        return [version, list(state), gauss]

    def load(self, data: Any) -> None:
        """Takes the state :meth:`to_data` wrote (any form) in place (a player that shares its
        generator keeps sharing it); a malformed one raises ``KeyError``, ``TypeError`` or
        ``ValueError`` and changes nothing.

        >>> CountedRandom().load({"seed": 1, "draws": -2})
        Traceback (most recent call last):
        ...
        ValueError: a generator's draws are a count from 0 to 1,048,576, not -2

        A count past :attr:`rebase_draws` is refused too: :meth:`to_data` never writes one, and
        drawing it again would hold up whoever loads it (a forged snapshot's 10**15 words).
        """
        if not isinstance(data, dict):
            version, state, gauss = data
            self.setstate((version, tuple(state), gauss))
            return
        draws = data["draws"]
        if type(draws) is not int or not 0 <= draws <= self.rebase_draws:
            raise ValueError(
                f"a generator's draws are a count from 0 to {self.rebase_draws:,}, not {draws!r}"
            )
        if "state" in data:
            base = unpacked_state(data["state"])
            self.setstate(base)
        else:
            seed = data["seed"]
            if type(seed) is not int:
                raise TypeError(f"a generator's seed is an integer, not {seed!r}")
            self.seed(seed)
        while self.draws < draws:  # the same words again, at most 2**20 at once
            self.getrandbits(32 * min(draws - self.draws, 1 << 20))

    @classmethod
    def from_data(cls, data: Any) -> CountedRandom:
        """A generator in the state :meth:`to_data` wrote (:meth:`load`)."""
        rng = cls()
        rng.load(data)
        return rng


_STATE_WORDS = struct.Struct("<625I")
"""A Mersenne Twister state's 624 words and its position, little-endian."""


def packed_state(state: tuple[Any, ...]) -> str:
    """A generator's state (as ``getstate`` gives it, no ``gauss`` number kept) as text: its
    625 numbers as 2,500 bytes in base64.

    >>> state = random.Random(1).getstate()
    >>> len(packed_state(state)), unpacked_state(packed_state(state)) == state
    (3336, True)
    """
    version, words, gauss = state
    if version != 3 or gauss is not None:
        raise ValueError(f"not a version 3 state without a gauss number: {version}, {gauss}")
    return base64.b64encode(_STATE_WORDS.pack(*words)).decode("ascii")


def unpacked_state(text: Any) -> tuple[Any, ...]:
    """The state :func:`packed_state` wrote; ``TypeError`` or ``ValueError`` for other text.

    >>> unpacked_state("AAAA")
    Traceback (most recent call last):
    ...
    ValueError: a packed generator state is 2500 bytes, not 3
    """
    if not isinstance(text, str):
        raise TypeError(f"a packed generator state is text, not {text!r}")
    raw = base64.b64decode(text, validate=True)
    if len(raw) != _STATE_WORDS.size:
        raise ValueError(f"a packed generator state is {_STATE_WORDS.size} bytes, not {len(raw)}")
    return (3, _STATE_WORDS.unpack(raw), None)


class SeededBot(ABC):
    """A CPU player with a seeded generator (``self.rng``) and keyword parameters
    (``self.params``): saved as its kind, its game, its parameters and the generator's state.

    >>> from drawpoker.bots import RulesOfThumbBot
    >>> bot = RulesOfThumbBot(seed=3)
    >>> _ = bot.rng.random()
    >>> again = RulesOfThumbBot.from_dict(bot.to_dict())
    >>> again.rng.random() == bot.rng.random()
    True
    """

    kind: ClassVar[str]
    games: ClassVar[tuple[str, ...]]
    """The games this player plays (a snapshot names the first)."""
    quick: ClassVar[bool] = False
    """Whether it decides in well under a millisecond (rules of thumb, no search; measured:
    the rules players' median 0.02-0.04 ms, longest 3 ms, the strong ones' median up to 9 ms
    and longest 0.1 s): a server asks a quick player in its event loop, where a worker
    thread's hand-over would cost more than the decision, and the others in a worker thread.

    >>> from drawpoker.bots import HoldemRulesBot, HoldemStrongBot
    >>> HoldemRulesBot.quick, HoldemStrongBot.quick, CheckCallBot.quick
    (True, False, True)
    """

    def __init__(self, seed: int, **params: Any) -> None:
        self.params: dict[str, Any] = {"seed": seed, **params}
        self.rng = CountedRandom(seed)

    @abstractmethod
    def choose(self, view: HandView) -> Action:
        """The action for the seat whose view this is."""

    def to_dict(self) -> dict[str, Any]:
        """Plain data: kind, game, parameters and the generator's state
        (:meth:`CountedRandom.to_data`: its seed and the words drawn since).

        >>> from drawpoker.bots import RulesOfThumbBot
        >>> bot = RulesOfThumbBot(seed=3); _ = bot.rng.random(); bot.to_dict()["rng"]
        {'seed': 3, 'draws': 2}
        """
        return {
            "kind": self.kind,
            "game": self.games[0],
            "params": dict(self.params),
            "rng": self.rng.to_data(),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Any:
        """The player written by :meth:`to_dict`; its generator saved in either form
        (:meth:`CountedRandom.from_data`: players saved before the count hold the state whole).

        >>> from drawpoker.bots import RulesOfThumbBot
        >>> bot = RulesOfThumbBot(seed=3); _ = bot.rng.random()
        >>> version, state, gauss = bot.rng.getstate()
        >>> former = {**bot.to_dict(), "rng": [version, list(state), gauss]}
        >>> RulesOfThumbBot.from_dict(former).rng.random() == bot.rng.random()
        True
        """
        try:
            bot = cls(**data["params"])
            bot.rng.load(data["rng"])  # in place: a simple player shares it with its drawer
        except (KeyError, TypeError, ValueError) as error:
            raise InvalidArgumentError(f"not a saved {cls.kind} player: {error}") from None
        return bot


class Reader(Protocol):
    """What a player reads of the other seats from its views across hands, kept as plain data."""

    def observe(self, view: HandView) -> None:
        """Takes in what the view shows that was not seen yet."""

    def to_data(self) -> dict[str, Any]:
        """Plain data for a snapshot."""
        ...

    @classmethod
    def from_data(cls, data: Any) -> Self:
        """The reader :meth:`to_data` wrote."""
        ...


class ReadingBot(SeededBot):
    """A seeded player with a :class:`Reader` of its opponents (``self.reader``, a new
    ``reader_type``), saved with it: a snapshot from before the reader restores a fresh one.

    >>> from drawpoker.bots import HoldemStrongBot
    >>> bot = HoldemStrongBot(seed=2); bot.reader.folds[1] = [3, 2]
    >>> HoldemStrongBot.from_dict(bot.to_dict()).reader.folds
    {1: [3, 2]}
    """

    reader_type: ClassVar[type[Reader]]

    def __init__(self, seed: int, **params: Any) -> None:
        super().__init__(seed, **params)
        self.reader = self.reader_type()

    def to_dict(self) -> dict[str, Any]:
        """Plain data: :meth:`SeededBot.to_dict`'s and the reader's."""
        return {**super().to_dict(), "reader": self.reader.to_data()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Any:
        """The player :meth:`to_dict` wrote."""
        bot = super().from_dict(data)
        if "reader" in data:
            try:
                bot.reader = cls.reader_type.from_data(data["reader"])
            except (KeyError, TypeError, ValueError) as error:
                raise InvalidArgumentError(f"not a saved {cls.kind} player: {error}") from None
        return bot
