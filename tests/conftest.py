"""Shared fixtures."""

from __future__ import annotations

import numpy as np
import pytest
from reference import random_hands


@pytest.fixture
def hands7() -> np.ndarray:
    """20,000 random seven-card hands."""
    return random_hands(np.random.default_rng(7), 20_000, 7)
