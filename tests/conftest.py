"""Shared fixtures, and the suite's SIGINT (see :func:`pytest_sessionstart`)."""

from __future__ import annotations

import signal
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest
from postgres_cluster import PostgresCluster, postgres_or_skip
from reference import random_hands


def pytest_sessionstart(session: pytest.Session) -> None:
    """A shell without job control starts background commands with SIGINT ignored, and a child
    inherits that: Python then installs no KeyboardInterrupt handler in it. The tests that press
    Ctrl-C in a child check drawpoker, not how pytest was started, so the suite takes SIGINT
    back (Python's own handler): a handled signal is reset to the default in every program it
    starts, as it is for a program started from a terminal."""
    if signal.getsignal(signal.SIGINT) is signal.SIG_IGN:
        signal.signal(signal.SIGINT, signal.default_int_handler)


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
