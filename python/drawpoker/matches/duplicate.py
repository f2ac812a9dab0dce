"""Duplicate matches between CPU players, on any :class:`concurrent.futures.Executor`.

Every deal is played once per rotation of the players round the seats: in rotation ``r`` seat
``s`` is played by player ``(s + r) % n``, so each of the ``n`` players gets every seat's cards
once, and the luck of the cards cancels. Heads-up that is each deal played twice with the seats
swapped; with more seats than players, the players alternate round the table. Every hand starts
from the same stacks and is scored alone. The deals are played in sessions of ``session`` deals
(each rotation a table of its own whose players are made at the start of the session and keep
what they learnt through it); session ``k`` is dealt from ``seed + 7919 * k`` like a game of
:func:`~drawpoker.matches.simulation.simulate`, and seat ``s``'s player is seeded from that plus
``s`` whichever player sits there, so a player against itself plays every rotation alike and scores
exactly zero.

Each player's rate is in the game's unit per 100 hands (:func:`match_unit`) with a 95%
confidence interval over deals, plain and all-in adjusted (:mod:`drawpoker.matches.allin`), and the
hands after which its interval excluded zero for good.

>>> summary = match("holdem", ["checkcall", "stabber"], deals=20, seed=1)
>>> summary.hands, [r.name for r in summary.results]
(40, ['checkcall', 'stabber'])
>>> summary.results[0].per_100.value == -summary.results[1].per_100.value
True
>>> match("holdem", ["rules", "rules"], deals=10).results[0].per_100
Estimate(value=0.0, low=0.0, high=0.0)
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Executor
from dataclasses import dataclass, field
from fractions import Fraction
from functools import partial
from typing import Any

from drawpoker.bots import make_bot
from drawpoker.engine import GameSpec, Hand, game, spec_from_dict
from drawpoker.engine.betting import FixedLimit
from drawpoker.engine.validate import positive
from drawpoker.engine.validate import seed as checked_seed
from drawpoker.errors import InvalidArgumentError
from drawpoker.matches.allin import adjusted_nets, dealt
from drawpoker.matches.simulation import GAME_SEED_STEP, Z95, Estimate, chip_unit, run_chunks
from drawpoker.table.player import Player
from drawpoker.validate import SEED_MAX

Entrant = str | Callable[..., Player]
"""A player of a match: a CPU type's name, or a callable (such as a player class) that takes a
``seed`` keyword and returns a :class:`~drawpoker.table.player.Player`."""


def match_unit(spec: GameSpec) -> tuple[int, str]:
    """The chips a match's rates are counted in, and their name: the big bet in fixed limit,
    else :func:`~drawpoker.matches.simulation.chip_unit`'s (big blinds; Five-Card Draw's unit of two
    antes).

    >>> match_unit(game("omaha-hi-lo")), match_unit(game("holdem"))
    ((200, 'big bets (200 chips)'), (100, 'big blinds'))
    >>> match_unit(game("five-card-draw"))
    (20, 'units (20 chips)')
    """
    if isinstance(spec.betting, FixedLimit):
        return spec.betting.big, f"big bets ({spec.betting.big} chips)"
    return chip_unit(spec)


@dataclass(frozen=True)
class DealRecord:
    """One deal's result for each player, summed over the rotations: chips won (plain) and
    chips won all-in adjusted, and how many of its hands were adjusted.

    >>> DealRecord((100, -100), (40.0, -40.0), 1).won
    (100, -100)
    """

    won: tuple[int, ...]
    adjusted: tuple[float, ...]
    all_in: int


def _player(entrant: Entrant, seed: int, name: str) -> Player:
    if isinstance(entrant, str):
        return make_bot(entrant, seed=seed, game=name)
    return entrant(seed=seed)


def play_sessions(
    spec_data: Mapping[str, Any],
    entrants: Sequence[Entrant],
    seats: int,
    stack: int,
    seed: int,
    session: int,
    deals: int,
    numbers: Sequence[int],
) -> list[DealRecord]:
    """Plays the sessions ``numbers`` of a match of ``deals`` deals (a module-level function,
    so that process pools and Dask can send it to workers).

    >>> [r.won for r in play_sessions(game("holdem").to_dict(), ["checkcall", "maniac"], 2,
    ...                               10_000, 0, 2, 3, [1])]
    [(0, 0)]
    """
    spec = spec_from_dict(dict(spec_data))
    n = len(entrants)
    session_seed = [(seed + GAME_SEED_STEP * k) % (SEED_MAX + 1) for k in numbers]
    records = []
    for k, table_seed in zip(numbers, session_seed, strict=True):
        tables = [
            [_player(entrants[(s + r) % n], table_seed + s, spec.name) for s in range(seats)]
            for r in range(n)
        ]
        for deal in range(k * session, min((k + 1) * session, deals)):
            won, adjusted = [0] * n, [Fraction(0)] * n
            all_in = 0
            for r, players in enumerate(tables):
                plain, fair = _play_hand(spec, players, stack, table_seed, deal)
                all_in += plain != fair
                for s in range(seats):
                    won[(s + r) % n] += plain[s]
                    adjusted[(s + r) % n] += fair[s]
            records.append(DealRecord(tuple(won), tuple(float(a) for a in adjusted), all_in))
    return records


def _play_hand(
    spec: GameSpec, players: Sequence[Player], stack: int, seed: int, deal: int
) -> tuple[list[int], list[Fraction]]:
    """One hand from equal stacks: each seat's chips won, plain and all-in adjusted."""
    seats = len(players)
    button = deal % seats if spec.button_moves else seats - 1
    start = [stack] * seats
    hand = Hand(spec, start, button, seed, number=deal)
    before = dealt(hand)
    while (seat := hand.actor) is not None:
        before = dealt(hand)
        hand.act(players[seat].choose(hand.view(seat)))
    plain = [end - begin for end, begin in zip(hand.stacks, start, strict=True)]
    return plain, adjusted_nets(hand, start, before)


def mean_estimate(values: Sequence[float]) -> Estimate:
    """The mean with its 95% interval by the normal approximation (the sample standard
    deviation over the square root of the count); NaN bounds for a single value.

    >>> mean_estimate([1.0, 2.0, 3.0, 4.0])
    Estimate(value=2.5, low=1.234..., high=3.765...)
    """
    n = len(values)
    mean = math.fsum(values) / n
    if n < 2:
        return Estimate(mean, math.nan, math.nan)
    variance = math.fsum((v - mean) ** 2 for v in values) / (n - 1)
    half = Z95 * math.sqrt(variance / n)
    return Estimate(mean, mean - half, mean + half)


def deals_to_exclude_zero(values: Sequence[float]) -> int | None:
    """The fewest leading values after which the 95% interval of their mean (as
    :func:`mean_estimate`'s) excludes zero and goes on excluding it to the last; None when it
    does not exclude zero at the end.

    >>> deals_to_exclude_zero([1.0, -1.0, 2.0, 2.0, 2.0, 2.0])
    5
    >>> deals_to_exclude_zero([1.0, -1.0, 1.0, -1.0]) is None
    True
    """
    mean, squares = 0.0, 0.0
    needed: int | None = None
    for count, value in enumerate(values, start=1):  # Welford's running mean and squares
        delta = value - mean
        mean += delta / count
        squares += delta * (value - mean)
        half = Z95 * math.sqrt(squares / (count - 1) / count) if count > 1 else math.inf
        excluded = abs(mean) > half
        needed = (needed or count) if excluded else None
    return needed


@dataclass(frozen=True)
class PlayerResult:
    """One player's rate per 100 hands in the match's unit, plain and all-in adjusted, and the
    hands after which each interval excluded zero for good (None: it does not).

    >>> PlayerResult("rules", Estimate(5.0, 1.0, 9.0), Estimate(4.0, 2.0, 6.0), 800, 200).name
    'rules'
    """

    name: str
    per_100: Estimate
    adjusted: Estimate
    hands_to_exclude_zero: int | None
    adjusted_hands_to_exclude_zero: int | None


@dataclass(frozen=True)
class MatchSummary:
    """What a match came to (``elapsed`` does not count in comparisons: the same seed gives an
    equal summary on any executor). ``hands`` are the hands each player played (the deals times
    the seats); ``all_in`` the hands whose result the all-in adjustment changed.

    >>> s = match("holdem", ["checkcall", "min-raiser"], deals=4, seed=2)
    >>> s.deals, s.hands, s.seats
    (4, 8, 2)
    """

    game: str
    names: tuple[str, ...]
    seats: int
    deals: int
    hands: int
    all_in: int
    unit: int
    unit_name: str
    results: tuple[PlayerResult, ...]
    records: tuple[DealRecord, ...] = field(repr=False)
    elapsed: float = field(default=0.0, compare=False)
    interrupted: bool = field(default=False, compare=False)

    def lines(self) -> list[str]:
        """The summary as printed by ``drawpoker match``.

        >>> print("\\n".join(match("holdem", ["checkcall", "station"], deals=3).lines()))
        3 deals, 6 hands per player at 2 seats (0 all-in hands adjusted) in ... s
        checkcall: +0.0 (95% CI +0.0..+0.0) big blinds per 100 hands; all-in adjusted +0.0 \
(95% CI +0.0..+0.0); the interval includes zero
          station: +0.0 (95% CI +0.0..+0.0) big blinds per 100 hands; all-in adjusted +0.0 \
(95% CI +0.0..+0.0); the interval includes zero
        """
        lines = [
            f"{self.deals} deals, {self.hands} hands per player at {self.seats} seats "
            f"({self.all_in} all-in hands adjusted) in {self.elapsed:.1f} s"
        ]
        width = max(len(r.name) for r in self.results)
        for r in self.results:
            line = (
                f"{r.name:>{width}}: {r.per_100.text('{:+.1f}')} {self.unit_name} per 100 hands; "
                f"all-in adjusted {r.adjusted.text('{:+.1f}')}; "
            )
            plain, fair = r.hands_to_exclude_zero, r.adjusted_hands_to_exclude_zero
            if plain is None and fair is None:
                line += "the interval includes zero"
            else:
                line += f"zero excluded after {_hands(plain)} hands ({_hands(fair)} adjusted)"
            lines.append(line)
        return lines


def _hands(count: int | None) -> str:
    return "-" if count is None else f"{count:,}"


def summarize_match(
    spec: GameSpec,
    names: Sequence[str],
    seats: int,
    records: Sequence[DealRecord],
    elapsed: float = 0.0,
    interrupted: bool = False,
) -> MatchSummary:
    """The summary of a match's deal records (in deal order).

    >>> records = [DealRecord((200, -200), (100.0, -100.0), 1),
    ...            DealRecord((0, 0), (0.0, 0.0), 0)]
    >>> s = summarize_match(game("holdem"), ["a", "b"], 2, records)
    >>> s.results[0].per_100, s.all_in
    (Estimate(value=50.0, low=-47.998..., high=147.998...), 1)
    """
    unit, unit_name = match_unit(spec)
    scale = 100 / seats / unit  # a deal's chips to units per 100 hands
    results = []
    for p, name in enumerate(names):
        plain = [r.won[p] * scale for r in records]
        fair = [r.adjusted[p] * scale for r in records]
        plain_deals, fair_deals = deals_to_exclude_zero(plain), deals_to_exclude_zero(fair)
        results.append(
            PlayerResult(
                name,
                mean_estimate(plain),
                mean_estimate(fair),
                None if plain_deals is None else plain_deals * seats,
                None if fair_deals is None else fair_deals * seats,
            )
        )
    return MatchSummary(
        game=spec.name,
        names=tuple(names),
        seats=seats,
        deals=len(records),
        hands=len(records) * seats,
        all_in=sum(r.all_in for r in records),
        unit=unit,
        unit_name=unit_name,
        results=tuple(results),
        records=tuple(records),
        elapsed=elapsed,
        interrupted=interrupted,
    )


def entrant_names(entrants: Sequence[Entrant]) -> list[str]:
    """The players' names: a CPU type's name, else the callable's name; a name given twice is
    numbered.

    >>> from drawpoker.bots import HoldemRulesBot
    >>> entrant_names(["strong", HoldemRulesBot, "strong"])
    ['strong', 'HoldemRulesBot', 'strong #2']
    """
    names: list[str] = []
    for entrant in entrants:
        name = entrant if isinstance(entrant, str) else getattr(entrant, "__name__", repr(entrant))
        seen = sum(1 for other in names if other.split(" #")[0] == name)
        names.append(name if not seen else f"{name} #{seen + 1}")
    return names


def _checked_entrants(entrants: object, spec: GameSpec) -> list[Entrant]:
    if isinstance(entrants, str) or not isinstance(entrants, Sequence) or len(entrants) < 2:
        raise InvalidArgumentError(
            f"players must be a list of two or more CPU types or player classes, not {entrants!r}"
        )
    for entrant in entrants:
        if isinstance(entrant, str):
            make_bot(entrant, game=spec.name)  # refuses a type that does not play the game
        elif not callable(entrant):
            raise InvalidArgumentError(
                f"a player is a CPU type's name or a callable taking a seed, not {entrant!r}"
            )
        elif not isinstance(player := entrant(seed=0), Player):
            raise InvalidArgumentError(f"{entrant!r} made {player!r}, which has no choose(view)")
    return list(entrants)


def match(
    game_name: str | GameSpec,
    players: Sequence[Entrant] = ("strong", "rules"),
    *,
    deals: int = 1000,
    seats: int | None = None,
    settings: Mapping[str, Any] | None = None,
    stack: int | None = None,
    seed: int = 0,
    session: int = 100,
    executor: Executor | None = None,
    chunk_size: int = 1,
    progress: Callable[[int, int], None] | None = None,
) -> MatchSummary:
    """A duplicate match of ``players`` (CPU types' names or player classes; see
    :data:`Entrant`) at ``game_name`` (a registered game or a
    :class:`~drawpoker.engine.GameSpec`, with ``settings`` by field name): ``deals`` deals at
    ``seats`` seats (default: one per player), each played in every rotation, every hand from
    ``stack`` chips (default: the game's). ``executor`` plays the sessions (``None``: here),
    ``chunk_size`` sessions to a task; ``progress(done, total)`` is called as sessions finish.
    On Ctrl-C the summary of the sessions finished so far comes back with ``interrupted`` set.

    >>> match("holdem", ["strong"])
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: players must be a list of two or more CPU types or \
player classes, not ['strong']
    >>> match("holdem", ["strong", "rules"], seats=1)
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: seats must be at least the 2 players and at most \
holdem's 10, not 1
    """
    start = time.perf_counter()
    spec = game_name if isinstance(game_name, GameSpec) else game(game_name, settings)
    if spec.betting is None:
        raise InvalidArgumentError(f"{spec.name} has no betting: a match scores chips won")
    entrants = _checked_entrants(players, spec)
    seats = len(entrants) if seats is None else seats
    low, high = max(len(entrants), spec.seats[0]), spec.seats[1]
    if not isinstance(seats, int) or not low <= seats <= high:
        raise InvalidArgumentError(
            f"seats must be at least the {low} players and at most {spec.name}'s {high}, "
            f"not {seats!r}"
        )
    deals, session = positive("deals", deals), positive("session", session)
    chunk_size, seed = positive("chunk_size", chunk_size), checked_seed("seed", seed)
    stack = spec.default_stack if stack is None else positive("stack", stack)
    task = partial(
        play_sessions, spec.to_dict(), tuple(entrants), seats, stack, seed, session, deals
    )
    sessions = list(range(math.ceil(deals / session)))
    chunks = [sessions[i : i + chunk_size] for i in range(0, len(sessions), chunk_size)]
    records, interrupted = run_chunks(task, chunks, executor, progress)
    elapsed = time.perf_counter() - start
    return summarize_match(spec, entrant_names(entrants), seats, records, elapsed, interrupted)
