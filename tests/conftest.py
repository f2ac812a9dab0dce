"""Shared fixtures."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from postgres_cluster import PostgresCluster, postgres_or_skip
from reference import random_hands


@pytest.fixture
def hands7() -> np.ndarray:
    """20,000 random seven-card hands."""
    return random_hands(np.random.default_rng(7), 20_000, 7)


@pytest.fixture(scope="session")
def postgres() -> Iterator[PostgresCluster]:
    """A PostgreSQL server of the tests' own (skipped without PostgreSQL, failed with CI set)."""
    cluster = PostgresCluster(postgres_or_skip()).start()
    try:
        yield cluster
    finally:
        cluster.remove()


@pytest.fixture(params=["sqlite", "postgresql"])
def store_url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """Where a test's store lives, once per backend: an SQLite file, and a new database of the
    tests' PostgreSQL server."""
    if request.param == "sqlite":
        return str(tmp_path / "site.db")
    cluster: PostgresCluster = request.getfixturevalue("postgres")
    return cluster.new_database()
