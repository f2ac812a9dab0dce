"""The check of a starting dealer's options against the other dealers' (drawpoker.site.
dealer_options) on a real ``redis-server``: a dealer started at the same moment as another,
before either is alive, was let through with other options; each check now claims its
options in the same script that compares them.

tests/test_roles.py starts real dealers; here the check is called as ``serve`` calls it."""

from __future__ import annotations

import threading
import time

import pytest
import redis
from drawpoker.errors import InvalidArgumentError
from drawpoker.site.dealer_options import (
    check_same_options,
    differences,
    options_key,
    options_text,
)
from drawpoker.site.lanes import dealers_key, unix_ms
from redis_server import RedisServer, redis_server  # noqa: F401 (the fixture)

SLOW = {"--think": 0.5, "--open-tables": 20}
FAST = {"--think": 0.001, "--open-tables": 20}


def test_a_dealer_starting_beside_one_with_other_options_is_refused(
    redis_server: RedisServer,  # noqa: F811
) -> None:
    """Neither dealer is alive yet (no mark in the dealers' set): the first claims its options,
    the second, with others, is refused naming the difference and the dealer starting; a third
    with the first's options starts beside it."""
    check_same_options(redis_server.url, FAST, "dealer-a")
    with pytest.raises(InvalidArgumentError) as refused:
        check_same_options(redis_server.url, SLOW, "dealer-b")
    said = str(refused.value)
    assert "dealer-a, starting, was started with other options" in said, said
    assert "--think 0.5 (a dealer starting: 0.001)" in said, said
    assert "--open-tables" not in said, said
    check_same_options(redis_server.url, FAST, "dealer-c")
    client = redis.Redis.from_url(redis_server.url, decode_responses=True)
    assert set(client.hkeys(options_key())) == {"dealer-a", "dealer-c"}


def test_of_two_dealers_checked_at_once_with_other_options_one_is_refused(
    redis_server: RedisServer,  # noqa: F811
) -> None:
    """Twenty pairs of checks, each pair in two threads let go at the same moment (a start of
    two dealers by one compose file): one of each pair is refused, never neither. Each pair
    on an empty Redis."""
    client = redis.Redis.from_url(redis_server.url)
    for pair in range(20):
        client.flushall()
        go = threading.Barrier(2)
        refused: list[str] = []

        threads = [
            threading.Thread(target=_check, args=(redis_server.url, FAST, "fast", go, refused)),
            threading.Thread(target=_check, args=(redis_server.url, SLOW, "slow", go, refused)),
        ]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
        assert len(refused) == 1, (pair, refused)


def _check(
    url: str, options: dict[str, float], name: str, go: threading.Barrier, refused: list[str]
) -> None:
    """One dealer's check, let go with another's by ``go``; ``name`` in ``refused`` if refused."""
    go.wait()
    try:
        check_same_options(url, options, name)
    except InvalidArgumentError:
        refused.append(name)


def test_a_claim_lapses_and_the_options_of_dealers_gone_are_forgotten(
    redis_server: RedisServer,  # noqa: F811
) -> None:
    """A dealer that claimed its options and never came alive (its start failed) holds them
    only for the claim's term: then other options start, and its entry is dropped. A dealer
    alive keeps its claim on them, however old."""
    check_same_options(redis_server.url, FAST, "dealer-a", claim_ms=300)
    time.sleep(0.4)
    check_same_options(redis_server.url, SLOW, "dealer-b", claim_ms=300)
    client = redis.Redis.from_url(redis_server.url, decode_responses=True)
    assert set(client.hkeys(options_key())) == {"dealer-b"}
    now_ms = unix_ms(client.time())
    client.zadd(dealers_key("drawpoker"), {"dealer-b": now_ms + 60_000})  # alive
    time.sleep(0.4)
    with pytest.raises(InvalidArgumentError, match="dealer-b, alive, was started"):
        check_same_options(redis_server.url, FAST, "dealer-c", claim_ms=300)
    assert client.hget(options_key(), "dealer-b") == options_text(SLOW)


def test_differences_name_an_option_only_the_other_dealer_has() -> None:
    """A dealer of another drawpoker version may have an option this one lacks: its text
    differs, and the refusal says which option (it said nothing)."""
    assert differences({"--think": 0.5}, {"--think": 0.5, "--new": 3}) == [
        "--new not given (a dealer alive: 3)"
    ]
