"""Random hands for the tests, drawn with fixed seeds."""

from __future__ import annotations

import numpy as np


def random_hands(n: int, k: int, seed: int, deck: int = 52) -> np.ndarray:
    """``n`` random hands of ``k`` distinct cards from a ``deck``-card deck, as uint8[n, k]."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, deck)), axis=1)[:, :k].astype(np.uint8)
