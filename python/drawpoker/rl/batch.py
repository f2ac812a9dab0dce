"""The batch engine (:class:`BatchGame`): N independent hands of one game held in Rust, stepped
one action per hand per call from NumPy arrays, with the GIL released while they are played.

The actions and observations are the PettingZoo environment's (:class:`ActionSpace`,
:class:`ObservationLayout`, docs/rl.md): an index of the game's action space for each hand, and
the observation of each hand's seat to act. A hand that ends reports each seat's reward and its
slot deals the next hand. Hand ``k`` (1, 2, ...) of a seed is the table's round ``k``: every
seat starts with ``stack`` chips, the button sits at seat ``(k - 1) % seats`` (the last seat in
stud, whose button does not move), and the cards come from ``(seed, k)``; slots take hand
numbers in turn as they need one, so hand ``k`` is the same whatever the batch size.

>>> import numpy as np
>>> games = BatchGame("holdem", batch=4, seats=6, seed=1)
>>> games.legal().shape, games.observe().shape
((4, 9), (4, 1377))
>>> rewards, done = games.step(np.ones(4, dtype=np.int64))  # everyone calls or checks
>>> rewards.shape, done.tolist()
((4, 6), [False, False, False, False])

A batch of :data:`PARALLEL_MIN` hands or more is played on several threads, with the same
results as on one; a batch holds at most :data:`MAX_BATCH` hands:

>>> few, many = (BatchGame("razz", batch=n, seats=2, seed=3) for n in (2, PARALLEL_MIN))
>>> calls = np.ones(PARALLEL_MIN, dtype=np.int64)
>>> np.array_equal(few.step(calls[:2])[0], many.step(calls)[0][:2])
True
>>> np.array_equal(few.observe(), many.observe()[:2])
True
>>> BatchGame("razz", batch=MAX_BATCH + 1)
Traceback (most recent call last):
...
drawpoker.errors.InvalidArgumentError: batch must be 1..65536 hands, not 65537
"""

from __future__ import annotations

import operator
from typing import Any

import numpy as np
import numpy.typing as npt

from drawpoker import _core
from drawpoker.engine.hand import Hand
from drawpoker.engine.spec import GameSpec
from drawpoker.engine.validate import seed as checked_seed
from drawpoker.errors import InvalidArgumentError
from drawpoker.rl.actions import ActionSpace
from drawpoker.rl.games import spec_of, table_options
from drawpoker.rl.observation import DEALING_KINDS, HISTORY_KINDS, ObservationLayout
from drawpoker.validate import is_integer

_SEED_END = 2**64

MAX_BATCH: int = _core.MAX_BATCH
"""The most hands a batch may hold."""

PARALLEL_MIN: int = _core.PARALLEL_MIN
"""The fewest hands a batch steps and encodes on several threads (fewer are quicker on one);
the results are the same whatever the number of threads."""


class BatchGame:
    """``batch`` hands of ``game`` (a registered game's name or a :class:`GameSpec`; ``settings``
    only with a name) for ``seats`` seats of ``stack`` chips each (the game's default stack when
    ``None``), dealt from ``seed``; observations hold the last ``history`` public actions, in
    the compact layout when ``compact`` (:mod:`drawpoker.rl.observation`: a fifth of the numbers
    in 6-seat Hold'em, for the learners that step millions of hands).

    :meth:`legal` gives each hand's action mask, :meth:`observe` the observation of each hand's
    seat to act (:meth:`actors`), :meth:`step` applies one action index to each hand, and
    :meth:`sample_legal` picks a seeded uniformly random legal index for each hand in Rust.
    A refused argument raises :class:`~drawpoker.errors.InvalidArgumentError`, an action the
    mask refuses :class:`~drawpoker.errors.IllegalActionError`; either changes nothing.

    >>> games = BatchGame("2-7-triple-draw", batch=2, seats=3, seed=7)
    >>> games.actions.size, games.layout.size, games.actors().tolist()
    (35, 1098, [0, 1])
    >>> BatchGame("holdem", batch=2, seats=6, compact=True).observe().shape
    (2, 251)
    >>> BatchGame("holdem", batch=0)
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: batch must be 1..65536 hands, not 0
    """

    def __init__(
        self,
        game: str | GameSpec = "holdem",
        *,
        batch: int,
        seats: int = 2,
        seed: int = 0,
        stack: int | None = None,
        settings: Any = None,
        history: int = 32,
        compact: bool = False,
    ) -> None:
        self.game = spec_of(game, settings)
        if not is_integer(batch) or not 1 <= batch <= MAX_BATCH:
            raise InvalidArgumentError(f"batch must be 1..{MAX_BATCH} hands, not {batch!r}")
        batch = operator.index(batch)
        seats, start, history = table_options(self.game, seats, stack, history)
        self.seats, self.stack, self.seed = seats, start, checked_seed("seed", seed)
        self._options = {"batch": batch, "seats": seats, "seed": self.seed, "stack": start}
        self._options |= {"history": history, "compact": compact}
        self.actions = ActionSpace(self.game)
        if type(compact) is not bool:
            raise InvalidArgumentError(f"compact must be True or False, not {compact!r}")
        self.layout = ObservationLayout(
            self.game, seats, history, chips=start * seats, compact=compact
        )
        self._hands = _core.BatchHands(
            self.game.rules,
            batch,
            seats,
            start,
            self.seed,
            list(self.actions.sizes),
            self.actions.discard_slots,
            {segment.name: segment.start for segment in self.layout.segments},
            self.layout.size,
            self.layout.cards,
            compact,
            self.layout.unit,
            history,
            list(HISTORY_KINDS),
            sorted(DEALING_KINDS),
        )

    def copy(self) -> BatchGame:
        """An independent copy: the same hands at the same points, each dealt and stepped on
        from there as the original would be (for a search that tries actions ahead). Also
        ``copy.copy`` and ``copy.deepcopy``.

        >>> games = BatchGame("holdem", batch=2, seats=3, seed=5)
        >>> ahead = games.copy()
        >>> _ = ahead.step(ahead.sample_legal(1))
        >>> games.numbers().tolist() == [1, 2], np.array_equal(games.observe(), ahead.observe())
        (True, False)
        """
        twin = object.__new__(BatchGame)
        twin.__dict__.update(self.__dict__)
        twin._hands = self._hands.copy()
        return twin

    def __copy__(self) -> BatchGame:
        return self.copy()

    def __deepcopy__(self, memo: dict[int, Any]) -> BatchGame:
        return self.copy()

    def __reduce__(self) -> Any:
        """What pickle keeps: the batch's game and options, and where it stands (each slot's
        hand and the last one it finished, as their numbers and actions). Unpickled, the batch
        is made again from its seed and each hand played again to where it was, every action
        checked by the rules: it steps on exactly as the original would, and a position that
        is not one of this batch (a forged pickle) is refused.

        >>> import pickle
        >>> games = BatchGame("razz", batch=3, seats=3, seed=9)
        >>> _ = games.step(games.sample_legal(2))
        >>> again = pickle.loads(pickle.dumps(games))
        >>> np.array_equal(again.observe(), games.observe()), again.numbers().tolist()
        (True, [1, 2, 3])
        """
        return (_unpickled, (self.game, self._options, self._hands.position()))

    def __len__(self) -> int:
        """How many hands the batch holds.

        >>> len(BatchGame("razz", batch=3, seats=2))
        3
        """
        return len(self._hands)

    def legal(self) -> npt.NDArray[np.bool_]:
        """Each hand's action mask, ``bool[N, A]``: the indices its seat to act may take now.

        >>> BatchGame("holdem", batch=1, seats=3).legal().astype(int).tolist()
        [[1, 1, 1, 0, 0, 0, 1, 1, 1]]
        """
        return self._hands.legal()

    def observe(self, out: npt.NDArray[np.float32] | None = None) -> npt.NDArray[np.float32]:
        """The observation of each hand's seat to act, ``float32[N, layout.size]``
        (:class:`ObservationLayout`): what that seat may see and nothing else. Given ``out``, a
        writeable C-contiguous ``float32[N, layout.size]`` array, it is written over and
        returned (no new array each step); anything else is refused before a number is written.

        >>> games = BatchGame("holdem", batch=2, seats=2, seed=3)
        >>> games.layout.read(games.observe()[0], "bets").tolist()  # the button's small blind
        [0.5, 1.0]
        >>> buffer = np.zeros((2, games.layout.size), dtype=np.float32)
        >>> games.observe(out=buffer) is buffer, np.array_equal(buffer, games.observe())
        (True, True)
        >>> games.observe(out=np.zeros((2, games.layout.size)))
        Traceback (most recent call last):
        ...
        drawpoker.errors.InvalidArgumentError: out must be a writeable C-contiguous NumPy float32
        array of shape (2, 797), not an array of dtype float64 and shape (2, 797)
        """
        return self._hands.observe(out)

    def actors(self) -> npt.NDArray[np.int64]:
        """The seat to act in each hand, ``int64[N]``.

        >>> BatchGame("holdem", batch=2, seats=3).actors().tolist()
        [0, 1]
        """
        return self._hands.actors()

    def numbers(self) -> npt.NDArray[np.uint64]:
        """Each slot's hand number (hand ``k`` of the seed), ``uint64[N]``.

        >>> BatchGame("holdem", batch=3).numbers().tolist()
        [1, 2, 3]
        """
        return self._hands.numbers()

    def sample_legal(
        self, seed: int | np.integer[Any] | np.random.Generator | np.random.RandomState
    ) -> npt.NDArray[np.int64]:
        """One uniformly random legal index for each hand, ``int64[N]``, picked in Rust (no
        NumPy pick a step): a random policy's actions, ready for :meth:`step`. The picks are a
        pure function of ``seed`` (an integer in ``0 .. 2**64 - 1``), the hand's slot and its
        mask, so the same seed over the same hands picks the same actions whatever the batch
        size or the number of threads. Given a :class:`numpy.random.Generator` (or a legacy
        ``RandomState``), the seed is one number drawn from it (``integers(2**64,
        dtype=uint64)``): a seeded generator replays a run. Slot ``i`` takes the SplitMix64
        number ``i + 1`` of the stream from the mixed seed, ``draw``, and its
        ``(draw * legal) >> 64``-th legal index for ``legal`` legal indices.

        >>> games = BatchGame("holdem", batch=3, seats=6, seed=2)
        >>> picks = games.sample_legal(11)
        >>> picks.dtype, picks.tolist() == games.sample_legal(11).tolist()
        (dtype('int64'), True)
        >>> bool(games.legal()[np.arange(3), picks].all())  # every pick is legal
        True
        >>> rng = np.random.default_rng(5)
        >>> rewards, done = games.step(games.sample_legal(rng))
        >>> games.sample_legal(-1)
        Traceback (most recent call last):
        ...
        drawpoker.errors.InvalidArgumentError: seed must be an integer in 0..2**64-1, not -1
        """
        if type(seed) is int and 0 <= seed < _SEED_END:
            return self._hands.sample_legal(seed)  # the common case, each step: no more checks
        if isinstance(seed, np.random.Generator):
            seed = int(seed.integers(2**64, dtype=np.uint64))
        elif isinstance(seed, np.random.RandomState):  # NumPy's legacy generator
            seed = int(seed.randint(0, 2**64, dtype=np.uint64))
        elif isinstance(seed, np.integer):
            seed = int(seed)
        return self._hands.sample_legal(checked_seed("seed", seed))

    def step(
        self, actions: npt.NDArray[np.int64] | npt.NDArray[np.int32]
    ) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.bool_]]:
        """Applies ``actions[i]`` (``int64[N]`` or ``int32[N]``, an index the mask allows; other
        dtypes are refused rather than cast) to hand ``i``, the GIL released; returns
        the rewards, ``float64[N, seats]``: each seat's chips won or lost in the hands that
        ended (in a game without betting, its share of the point less ``1 / seats``), 0 in the
        others; and which hands ended, ``bool[N]`` (their slots hold the next hand already).

        >>> games = BatchGame("holdem", batch=1, seats=2, seed=3)
        >>> rewards, done = games.step(np.zeros(1, dtype=np.int64))  # the button folds
        >>> rewards.tolist(), done.tolist(), games.numbers().tolist()
        ([[-50.0, 50.0]], [True], [2])
        """
        return self._hands.step(actions)

    def hand(self, slot: int) -> Hand:
        """A copy of the hand in slot ``slot`` (house knowledge: every seat's cards): dealt and
        played again from its actions, with its full events (the batch keeps records of them).

        >>> BatchGame("holdem", batch=2, seed=4).hand(1).number
        2
        >>> BatchGame("holdem", batch=2).hand(-1)
        Traceback (most recent call last):
        ...
        drawpoker.errors.InvalidArgumentError: slot must be a slot of the batch, 0..1, not -1
        """
        return Hand.from_state(self.game, self._hands.hand(self._slot(slot)))

    def finished(self, slot: int) -> Hand | None:
        """A copy of the last hand slot ``slot`` finished, or ``None`` (played again, as
        :meth:`hand`).

        >>> BatchGame("holdem", batch=2).finished(0) is None
        True
        """
        state = self._hands.finished(self._slot(slot))
        return None if state is None else Hand.from_state(self.game, state)

    def _slot(self, slot: object) -> int:
        """``slot`` as a slot of the batch (an integer, not a bool), else refused."""
        if not is_integer(slot) or not 0 <= slot < len(self):  # type: ignore[operator]
            raise InvalidArgumentError(
                f"slot must be a slot of the batch, 0..{len(self) - 1}, not {slot!r}"
            )
        return operator.index(slot)  # type: ignore[arg-type]


__all__ = ["MAX_BATCH", "PARALLEL_MIN", "BatchGame"]


def _unpickled(game: GameSpec, options: dict[str, Any], position: Any) -> BatchGame:
    """A pickled :class:`BatchGame` made again from its options and put back where it stood."""
    games = BatchGame(game, **options)
    games._hands.restore(*position)
    return games
