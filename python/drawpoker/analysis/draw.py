"""Exact draw analysis: the outcome of one discard choice, every choice of a hand, batches.

A draw replaces the discarded cards by cards from the *stub*: the deck (52 cards, or 53 with
the joker) minus the hand and any dead cards (e.g. other players' known discards). Every
possible replacement is counted exactly once, so the numbers are exact, not sampled.

>>> outcome = draw_outcome("Jh Jd 7c 4s 2h", discard="7c 4s 2h")
>>> outcome.improved, outcome.total
(4656, 16215)
>>> best = discard_choices("Jh Jd 7c 4s 2h", objective="at_least:THREE_OF_A_KIND")[0]
>>> best.discards
'7c 4s 2h'
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from enum import IntEnum
from functools import lru_cache
from typing import TYPE_CHECKING, TypeAlias

from drawpoker import _core
from drawpoker.analysis.evaluation import BadugiCategory, HandCategory, ranking_system
from drawpoker.cards import as_card_array, format_cards, to_card_list
from drawpoker.engine.spec import DRAW_LIMITS
from drawpoker.errors import InvalidArgumentError
from drawpoker.validate import finite, flag, integer, is_integer, name_in

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from drawpoker.cards import CardsLike


# Quoted so that importing drawpoker does not import NumPy (see CardsLike).
ObjectiveLike: TypeAlias = "str | Mapping[HandCategory | int, float] | npt.ArrayLike"
"""What a discard choice is ranked by: a name, a pay table by category, or values by strength."""


@dataclass(frozen=True)
class DrawOutcome:
    """The exact distribution of the final hand of one discard choice.

    ``counts[c]`` is the number of replacements ending in category ``c`` (a
    :class:`HandCategory` number for high hands); every replacement is equally likely.

    >>> o = draw_outcome("9c 9d 7h 7s Kd", discard="Kd")
    >>> o.counts[HandCategory.FULL_HOUSE], o.total
    (4, 47)
    """

    hand: tuple[int, ...]
    discard_mask: int
    counts: tuple[int, ...]
    improved: int
    histogram: npt.NDArray[np.uint64] | None = field(default=None, compare=False)

    @property
    def total(self) -> int:
        """Number of equally likely replacements, C(stub size, cards drawn)."""
        return sum(self.counts)

    @property
    def discards(self) -> str:
        """The discarded cards as text.

        >>> draw_outcome("Jh Jd 7c 4s 2h", discard_mask=0b11100).discards
        '7c 4s 2h'
        """
        return format_cards(_masked(self.hand, self.discard_mask, True))

    @property
    def kept(self) -> str:
        """The kept cards as text.

        >>> draw_outcome("Jh Jd 7c 4s 2h", discard="7c 4s 2h").kept
        'Jh Jd'
        """
        return format_cards(_masked(self.hand, self.discard_mask, False))

    def probability(self, category: HandCategory | int) -> float:
        """Chance that the final hand falls in ``category``.

        >>> round(draw_outcome("Ks 9s 6s 3s 8d", discard="8d").probability(HandCategory.FLUSH), 4)
        0.1915
        """
        return self.counts[integer("category", category, 0, len(self.counts) - 1)] / self.total

    @property
    def improve_probability(self) -> float:
        """Chance that the final hand improves on the hand before the draw: a better category
        for high and joker hands (a pair drawing to a bigger kicker has not improved), any
        better strength for the lows and badugi.

        >>> round(draw_outcome("Jh Jd 7c 4s 2h", discard="7c 4s 2h").improve_probability, 4)
        0.2871
        """
        return self.improved / self.total


@dataclass(frozen=True)
class DiscardChoice(DrawOutcome):
    """One discard choice among all of a hand, with the expectation of the objective.

    >>> choice = discard_choices("9c 9d 9h 7s Kd", objective="mean_strength")[0]
    >>> choice.discards, choice.improved
    ('7s Kd', 112)
    """

    value: float = 0.0


def _masked(hand: Sequence[int], mask: int, discarded: bool) -> list[int]:
    return [c for i, c in enumerate(hand) if bool(mask >> i & 1) == discarded]


def discard_mask(hand: CardsLike, discards: CardsLike) -> int:
    """The discard mask (bit ``i`` = card ``i`` of the hand is thrown) of some cards of a hand.

    >>> discard_mask("Jh Jd 7c 4s 2h", "2h 7c")
    20
    """
    return _core.discard_mask_of(to_card_list(hand, "hand"), to_card_list(discards, "discards"))


def draw_outcome(
    hand: CardsLike,
    discard: CardsLike | None = None,
    *,
    discard_mask: int | None = None,
    dead: CardsLike = (),
    ranking: str = "high",
    joker: bool = False,
    histogram: bool = False,
) -> DrawOutcome:
    """The exact outcome of discarding some cards of ``hand`` (by cards or by mask) and drawing.

    ``dead`` cards are out of the stub; ``joker`` plays the 53-card deck; ``histogram=True``
    also keeps the count of every final strength (index = strength).

    >>> o = draw_outcome("9c 9d 9h 7s Kd", discard="7s Kd")
    >>> o.counts[HandCategory.FULL_HOUSE], o.counts[HandCategory.FOUR_OF_A_KIND], o.total
    (66, 46, 1081)
    """
    cards = to_card_list(hand, "hand")
    mask = _resolve_mask(cards, discard, discard_mask)
    ranking = ranking_system(ranking).name
    joker, histogram = flag("joker", joker), flag("histogram", histogram)
    strengths, improved = _core.draw_histogram(
        cards, mask, to_card_list(dead, "dead"), ranking, joker
    )
    return DrawOutcome(
        hand=tuple(cards),
        discard_mask=mask,
        counts=_category_counts(strengths, ranking),
        improved=improved,
        histogram=strengths if histogram else None,
    )


def _resolve_mask(cards: list[int], discard: CardsLike | None, mask: int | None) -> int:
    if (discard is None) == (mask is None):
        raise InvalidArgumentError("give either the discarded cards or a discard mask")
    if discard is not None:
        return int(_core.discard_mask_of(cards, to_card_list(discard, "discard")))
    if not is_integer(mask):
        raise InvalidArgumentError(f"discard_mask must be an integer, not {mask!r}")
    mask = int(mask)  # type: ignore[arg-type]
    if not 0 <= mask < 1 << len(cards):
        raise InvalidArgumentError(
            f"discard mask {mask} names positions outside a hand of {len(cards)} cards"
        )
    return mask


def _category_counts(strengths: npt.NDArray[np.uint64], ranking: str) -> tuple[int, ...]:
    import numpy as np  # lazy: NumPy loads on first array use (issue 2)

    table = _category_table(ranking)
    counts = np.bincount(table, weights=strengths.astype(np.float64), minlength=table.max() + 1)
    return tuple(round(c) for c in counts)


@lru_cache(maxsize=8)
def _category_table(ranking: str) -> npt.NDArray[np.intp]:
    import numpy as np  # lazy: NumPy loads on first array use (issue 2)

    top = ranking_system(ranking).max_strength
    table = np.zeros(top + 1, dtype=np.intp)
    for strength in range(1, top + 1):
        table[strength] = _core.category(strength, ranking)
    return table


def categories_of(ranking: str) -> type[IntEnum]:
    """The categories of a ranking's hands: :class:`BadugiCategory` for badugi, else
    :class:`HandCategory`.

    >>> categories_of("badugi").BADUGI
    <BadugiCategory.BADUGI: 4>
    """
    return BadugiCategory if ranking_system(ranking).name == "badugi" else HandCategory


def deck_histogram(ranking: str = "high", joker: bool = False) -> npt.NDArray[np.uint64]:
    """How many hands of the whole deck (53 cards with ``joker``) reach each strength.

    >>> int(deck_histogram().sum()), int(deck_histogram("joker", joker=True).sum())
    (2598960, 2869685)
    """
    return _deck_histogram(ranking_system(ranking).name, flag("joker", joker))


@lru_cache(maxsize=8)
def _deck_histogram(ranking: str, joker: bool) -> npt.NDArray[np.uint64]:
    return _core.deck_histogram(ranking, joker)


def objective_values(
    objective: ObjectiveLike, ranking: str = "high", *, joker: bool = False
) -> npt.NDArray[np.float64]:
    """What each final strength is worth under an objective (index = strength, 0 unused).

    An objective is one of:

    - ``"mean_strength"``: the strength itself;
    - ``"beat_random"``: the chance to beat a random hand of the whole deck (ties count half;
      the 53-card deck with ``joker``);
    - ``"at_least:CATEGORY"``: 1 for a final hand of that category or better
      (e.g. ``"at_least:FLUSH"``);
    - a pay table ``{category: payout}`` (a :class:`HandCategory`, for badugi a
      :class:`BadugiCategory`, or its number; missing categories pay 0);
    - an array of one value per strength.

    Payouts and values must be finite numbers.

    >>> from drawpoker import evaluate
    >>> values = objective_values({HandCategory.FLUSH: 6.0})
    >>> float(values[evaluate("Ks 9s 6s 3s 8s")]), float(values[evaluate("Ks 9s 6s 3s 8d")])
    (6.0, 0.0)
    >>> objective_values({99: 1.0})
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: pay table key 99 is not a HandCategory (0..9)
    """
    import numpy as np  # lazy: NumPy loads on first array use (issue 2)

    ranking = ranking_system(ranking).name
    joker = flag("joker", joker)
    if isinstance(objective, str):
        return _named_objective(objective, ranking, joker)
    table = _category_table(ranking)
    if isinstance(objective, Mapping):
        return _pay_table_values(objective, ranking, table)
    try:
        array = np.asarray(objective)
    except (TypeError, ValueError):  # ragged rows, or values NumPy cannot hold
        array = None
    if array is None or array.dtype.kind not in "iuf" or array.shape != (len(table),):
        raise InvalidArgumentError(
            "objective must be a name, a pay table {category: payout} or an array of"
            f" {len(table)} values (one per strength), not {objective!r}"
        )
    values = np.ascontiguousarray(array, dtype=np.float64)
    bad = np.flatnonzero(~np.isfinite(values))
    if bad.size:
        raise InvalidArgumentError(
            f"values per strength must be finite, not {values[bad[0]]} at strength {bad[0]}"
        )
    return values


def _pay_table_values(
    pay_table: Mapping[HandCategory | int, float], ranking: str, table: npt.NDArray[np.intp]
) -> npt.NDArray[np.float64]:
    """Values per strength of a pay table by category, its keys and payouts checked."""
    import numpy as np  # lazy: NumPy loads on first array use (issue 2)

    categories = categories_of(ranking)
    numbers = [c.value for c in categories]
    pays = np.zeros(max(numbers) + 1, dtype=np.float64)
    for key, pay in pay_table.items():
        if not (is_integer(key) and key in numbers):
            raise InvalidArgumentError(
                f"pay table key {key!r} is not a {categories.__name__}"
                f" ({min(numbers)}..{max(numbers)})"
            )
        pays[int(key)] = finite(f"the payout of {categories(key).name}", pay)
    values = pays[table]
    values[0] = 0.0
    return values


@lru_cache(maxsize=32)
def _named_objective(objective: str, ranking: str, joker: bool) -> npt.NDArray[np.float64]:
    """The values of a named objective, computed once and kept read-only."""
    values = _compute_named_objective(objective, ranking, joker)
    values.setflags(write=False)
    return values


def _compute_named_objective(objective: str, ranking: str, joker: bool) -> npt.NDArray[np.float64]:
    import numpy as np  # lazy: NumPy loads on first array use (issue 2)

    table = _category_table(ranking)
    if objective == "mean_strength":
        return np.arange(len(table), dtype=np.float64)
    if objective == "beat_random":
        counts = deck_histogram(ranking, joker).astype(np.float64)
        below = np.cumsum(counts) - counts
        beat: npt.NDArray[np.float64] = (below + counts / 2) / counts.sum()
        return beat
    if objective.startswith("at_least:"):
        name = objective.split(":", 1)[1].strip().upper()
        categories = categories_of(ranking)
        if name not in categories.__members__:
            raise InvalidArgumentError(f"unknown category {name!r} in objective {objective!r}")
        values = (table >= categories[name]).astype(np.float64)
        values[0] = 0.0
        return values
    raise InvalidArgumentError(
        f"unknown objective {objective!r} (known: mean_strength, beat_random,"
        " at_least:CATEGORY, a pay table, or values per strength)"
    )


def discard_choices(
    hand: CardsLike,
    *,
    dead: CardsLike = (),
    ranking: str = "high",
    joker: bool = False,
    limit: str = "3-or-4-with-ace",
    objective: ObjectiveLike = "beat_random",
    histograms: bool = False,
) -> list[DiscardChoice]:
    """Every discard choice that the draw ``limit`` allows, best first by ``objective``.

    Limits: ``"3"``, ``"3-or-4-with-ace"`` (a 4-card draw keeps an ace or the joker) and
    ``"5"`` (all 32 choices). Ties in value go to the fewer discards.

    >>> choices = discard_choices("Ks 9s 6s 3s 8d", objective="at_least:FLUSH")
    >>> choices[0].discards, choices[0].counts[HandCategory.FLUSH], choices[0].total
    ('8d', 9, 47)
    >>> len(discard_choices("Ks 9s 6s 3s 8d", limit="5"))
    32
    >>> discard_choices(["K♠", "9♠", "6♠", "3♠", "8♦"], objective="at_least:FLUSH")[0].discards
    '8d'

    """
    limit = name_in("draw limit", limit, DRAW_LIMITS)
    cards = to_card_list(hand, "hand")
    ranking, joker = ranking_system(ranking).name, flag("joker", joker)
    histograms = flag("histograms", histograms)
    values = objective_values(objective, ranking, joker=joker)
    rows = _core.draw_choices(
        cards, to_card_list(dead, "dead"), ranking, joker, limit, values, histograms
    )
    return [
        DiscardChoice(
            hand=tuple(cards),
            discard_mask=mask,
            counts=tuple(counts),
            improved=improved,
            histogram=histogram,
            value=value,
        )
        for mask, _total, counts, improved, value, histogram in rows
    ]


def draw_category_counts_batch(
    hands: npt.ArrayLike, masks: npt.ArrayLike, *, ranking: str = "high", joker: bool = False
) -> npt.NDArray[np.uint64]:
    """Category counts ``[N, categories]`` of the draws of ``hands[N, 5]`` (``[N, 4]`` for
    badugi) with ``masks[N]``.

    Rows are checked first (bad cards, repeats, masks out of range raise naming the row), then
    computed in parallel with the GIL released; a large batch stops on Ctrl-C.

    >>> import numpy as np
    >>> hands = np.array([[39, 38, 20, 13, 2], [36, 37, 38, 21, 44]], dtype=np.uint8)
    >>> draw_category_counts_batch(hands, np.array([0b11100, 0b11000], dtype=np.uint8))[:, 6]
    array([165,  66], dtype=uint64)
    """
    import numpy as np  # lazy: NumPy loads on first array use (issue 2)

    system, joker = ranking_system(ranking), flag("joker", joker)
    size = min(system.hand_sizes)  # a draw is of the ranking's smallest hand: 5, badugi 4
    array = as_card_array(hands, widths=(size,), allow_joker=joker, name="hands")
    try:
        mask_array = np.asarray(masks)
    except (TypeError, ValueError):  # ragged, or values NumPy cannot hold
        mask_array = np.asarray(None)
    if mask_array.dtype.kind not in "iu" or mask_array.shape != (array.shape[0],):
        raise InvalidArgumentError(
            f"masks must be {array.shape[0]} integers, got {mask_array.dtype} {mask_array.shape}"
        )
    top = (1 << size) - 1
    if mask_array.size and (mask_array.min() < 0 or mask_array.max() > top):
        row = int(np.flatnonzero((mask_array < 0) | (mask_array > top))[0])
        raise InvalidArgumentError(f"discard mask {mask_array[row]} is out of range in row {row}")
    return _core.draw_category_counts_batch(
        array, np.ascontiguousarray(mask_array, dtype=np.uint8), system.name, joker
    )
