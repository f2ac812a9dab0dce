"""Draw equity against the published spot and a plain enumeration written here."""

from __future__ import annotations

import itertools
import random

import numpy as np
import pytest
from drawpoker import InvalidArgumentError, InvalidCardError, evaluate_batch
from drawpoker.analysis.draw_equity import draw_equity
from drawpoker.cards import parse_cards


def plain_equity(players: list[tuple[list[int], int]], dead: list[int]) -> list[float]:
    """Shares by walking every joint draw with itertools (ties split equally)."""
    known = {c for kept, _ in players for c in kept} | set(dead)
    unseen = [c for c in range(52) if c not in known]
    finals: list[list[list[int]]] = [[] for _ in players]

    def deal(index: int, pool: list[int], hands: list[list[int]]) -> None:
        if index == len(players):
            for i, hand in enumerate(hands):
                finals[i].append(hand)
            return
        kept, draws = players[index]
        for drawn in itertools.combinations(pool, draws):
            rest = [c for c in pool if c not in drawn]
            deal(index + 1, rest, [*hands, kept + list(drawn)])

    deal(0, unseen, [])
    strengths = np.stack([evaluate_batch(np.array(f, dtype=np.uint8)) for f in finals])
    best = strengths.max(axis=0)
    winners = (strengths == best).sum(axis=0)
    shares = ((strengths == best) / winners).mean(axis=1)
    return [float(s) for s in shares]


def test_jacks_against_a_four_flush_published() -> None:
    e = draw_equity([("Jh Jd", 3), ("As Ks Qs 8s", 1)], dead="7c 4s 2h 3d")
    assert e.exact and e.outcomes == 11480 * 39
    assert e.shares[0] == pytest.approx(0.661635, abs=5e-7)
    # No tie is possible here: jacks always hold a pair, the flush draw at best an ace-high pair.
    assert e.ties == (0.0, 0.0)
    assert e.wins[0] == pytest.approx(e.shares[0])


def test_unknown_discards_stay_unseen() -> None:
    known = draw_equity([("Jh Jd", 3), ("As Ks Qs 8s", 1)], dead="7c 4s 2h 3d")
    unknown = draw_equity([("Jh Jd", 3), ("As Ks Qs 8s", 1)], dead="7c 4s 2h")
    assert unknown.outcomes == 12341 * 40  # C(43, 3) draws for the jacks, then 40 cards
    assert unknown.shares[0] != known.shares[0]


def test_heads_up_matches_plain_enumeration() -> None:
    rng = random.Random(5)
    for _ in range(6):
        cards = rng.sample(range(52), 10 + 28)
        a_draws, b_draws = rng.choice([(1, 2), (2, 1), (0, 2), (2, 2), (1, 0)])
        a = (cards[: 5 - a_draws], a_draws)
        b = (cards[5 : 10 - b_draws], b_draws)
        dead = cards[10:]
        e = draw_equity([a, b], dead=dead)
        expected = plain_equity([a, b], dead)
        assert e.shares == pytest.approx(expected, abs=1e-12)


def test_ties_split_the_pot() -> None:
    # Both play the board-like straight: always a tie unless a flush or a pair comes.
    e = draw_equity([("9c 8d 7h 6s", 1), ("9d 8h 7s 6c", 1)], dead="Tc Td Th Ts 5c 5d 5h 5s")
    assert e.ties[0] > 0.0
    assert e.shares[0] == pytest.approx(e.wins[0] + e.ties[0] / 2)
    assert sum(e.shares) == pytest.approx(1.0)


def test_multiway_exact_matches_plain_enumeration() -> None:
    players = [
        (list(parse_cards("Jh Jd Kc Qd")), 1),
        (list(parse_cards("As Ks Qs 8s")), 1),
        (list(parse_cards("9c 9h 9d 2c")), 1),
    ]
    dead = list(parse_cards("7c 4s 2h 3d"))
    e = draw_equity(players, dead=dead)
    assert e.exact
    assert e.shares == pytest.approx(plain_equity(players, dead), abs=1e-12)


def test_multiway_sampling_is_seeded_and_within_error() -> None:
    players = [("Jh Jd Kc Qd", 1), ("As Ks Qs 8s", 1), ("9c 9h 9d 2c", 1)]
    exact = draw_equity(players, dead="7c 4s 2h 3d")
    first = draw_equity(players, dead="7c 4s 2h 3d", budget=0, samples=30_000, seed=9)
    again = draw_equity(players, dead="7c 4s 2h 3d", budget=0, samples=30_000, seed=9)
    assert first == again and not first.exact
    for share, truth, error in zip(first.shares, exact.shares, first.std_errors, strict=True):
        assert abs(share - truth) < 5 * error


def test_bad_spots_raise() -> None:
    with pytest.raises(InvalidCardError, match="duplicate"):
        draw_equity([("Jh Jd", 3), ("Jh Ks Qs 8s", 1)])
    with pytest.raises(InvalidArgumentError, match="also a live card"):
        draw_equity([("Jh Jd", 3), ("As Ks Qs 8s", 1)], dead="Jh")
    with pytest.raises(InvalidArgumentError, match="a hand has 5"):
        draw_equity([("Jh Jd", 2), ("As Ks Qs 8s", 1)])
    with pytest.raises(InvalidArgumentError, match="at least two"):
        draw_equity([("Jh Jd", 3)])
    with pytest.raises(
        InvalidArgumentError, match=r"cards drawn must be an integer in 0\.\.5, not 6"
    ):
        draw_equity([("", 6), ("As Ks Qs 8s", 1)])
