"""Video poker (Jacks or Better) under optimal holds: the whole-deck hold table.

Every one of the 2,598,960 deals is analysed with all 32 discard choices, exactly, through
the 134,459 suit-canonical deals (each standing for ``weight`` deals). The counts come from
the Rust core by inclusion-exclusion over card-subset tallies (see ``rust/draw/holds.rs``);
the whole-deck functions take under a second on two cores, and stop on Ctrl-C.

>>> best_hold("Ah Kh Qh Jh 9c")
('9c', 18.553...)
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import lru_cache
from os import PathLike
from typing import TYPE_CHECKING

from drawpoker import _core
from drawpoker.analysis.draw import discard_choices
from drawpoker.analysis.evaluation import HandCategory, category, evaluate
from drawpoker.errors import InvalidArgumentError
from drawpoker.validate import finite, name_in

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    from drawpoker.cards import CardsLike

PAY_CLASSES = (
    "nothing",
    "jacks or better",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
    "royal flush",
)
"""The pay classes of Jacks or Better, worst first (a pair below jacks pays nothing)."""

JACKS_OR_BETTER_9_6: Mapping[str, float] = {
    "nothing": 0,
    "jacks or better": 1,
    "two pair": 2,
    "three of a kind": 3,
    "straight": 4,
    "flush": 6,
    "full house": 9,
    "four of a kind": 25,
    "straight flush": 50,
    "royal flush": 800,
}
"""The full-pay 9/6 Jacks or Better table (payout per unit bet, five-coin royal)."""


@lru_cache(maxsize=1)
def pay_class_of_strength() -> npt.NDArray[np.uint8]:
    """The Jacks-or-Better pay class (index into :data:`PAY_CLASSES`) of every high strength.

    >>> int(pay_class_of_strength()[evaluate("Jc Jd 7h 4s 2c")])
    1
    """
    import numpy as np  # lazy: NumPy loads on first array use (issue 2)

    jacks = evaluate("Jc Jd 4h 3s 2c")
    classes = np.zeros(7463, dtype=np.uint8)
    for strength in range(1, 7463):
        hand_category = category(strength)
        if hand_category == HandCategory.ONE_PAIR:
            classes[strength] = 1 if strength >= jacks else 0
        elif hand_category > HandCategory.ONE_PAIR:
            classes[strength] = int(hand_category)
    classes[7462] = 9
    return classes


def _pays(pay_table: Mapping[str, float]) -> npt.NDArray[np.float64]:
    """The payout of every pay class, in :data:`PAY_CLASSES` order (missing classes pay 0)."""
    if not isinstance(pay_table, Mapping):
        raise InvalidArgumentError(
            f"pay_table must be a mapping {{pay class: payout}}, not {pay_table!r}"
        )
    for name in pay_table:
        name_in("pay class", name, PAY_CLASSES)
    import numpy as np  # lazy: NumPy loads on first array use (issue 2)

    return np.array(
        [finite(f"the payout of {name!r}", pay_table.get(name, 0.0)) for name in PAY_CLASSES]
    )


def canonical_deals() -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint32]]:
    """The 134,459 suit-canonical deals ``uint8[N, 5]`` and how many deals each stands for.

    >>> hands, weights = canonical_deals()
    >>> hands.shape, int(weights.sum())
    ((134459, 5), 2598960)
    """
    return _core.canonical_deals()


def hold_table() -> npt.NDArray[np.uint32]:
    """Final hands per pay class ``uint32[134459, 32, 10]`` of each canonical deal and discard.

    Row ``[d, m]`` counts the replacements of deal ``d`` discarding mask ``m`` by pay class;
    it sums to C(47, number discarded).

    >>> table = hold_table()
    >>> table.shape, int(table[0, 0b11111].sum()), int(table[0, 0b00001].sum())
    ((134459, 32, 10), 1533939, 47)
    """
    return _core.hold_table(pay_class_of_strength(), len(PAY_CLASSES))


def hold_values(pay_table: Mapping[str, float] = JACKS_OR_BETTER_9_6) -> npt.NDArray[np.float64]:
    """Expected payout ``float64[134459, 32]`` of every canonical deal and discard mask.

    >>> values = hold_values()
    >>> values.shape, bool((values >= 0).all())
    ((134459, 32), True)
    """
    return _core.hold_values(pay_class_of_strength(), _pays(pay_table))


def video_poker_return(pay_table: Mapping[str, float] = JACKS_OR_BETTER_9_6) -> float:
    """The return of the game under optimal holds: the mean over every deal of its best hold.

    >>> round(video_poker_return(), 10)
    0.9954390437
    """
    _, weights = canonical_deals()
    best = hold_values(pay_table).max(axis=1)
    return float(best.dot(weights) / weights.sum())


def best_hold(
    hand: CardsLike, pay_table: Mapping[str, float] = JACKS_OR_BETTER_9_6
) -> tuple[str, float]:
    """The discards of the best hold of one deal and its expected payout.

    >>> best_hold("Jc Jd 7h 4s 2c")
    ('7h 4s 2c', 1.53...)
    """
    values = _pays(pay_table)[pay_class_of_strength()]
    values[0] = 0.0
    best = discard_choices(hand, limit="5", objective=values)[0]
    return best.discards, best.value


def save_hold_table(path: str | PathLike[str]) -> None:
    """Writes the canonical deals, their weights and the hold table to a compressed ``.npz``.

    >>> import os, tempfile
    >>> path = os.path.join(tempfile.mkdtemp(), "holds.npz")
    >>> save_hold_table(path)
    >>> import numpy as np
    >>> with np.load(path) as data:
    ...     data["counts"].shape, int(data["weights"].sum())
    ((134459, 32, 10), 2598960)
    """
    import numpy as np  # lazy: NumPy loads on first array use (issue 2)

    if not isinstance(path, str | PathLike):
        raise InvalidArgumentError(f"path must be a str or a path, not {path!r}")
    hands, weights = canonical_deals()
    np.savez_compressed(
        path, hands=hands, weights=weights, counts=hold_table(), pay_classes=np.array(PAY_CLASSES)
    )
