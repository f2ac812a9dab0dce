"""Lowball, badugi, joker and Omaha evaluation: drawpoker beside the peers that can do them.

pokerkit evaluates every system but the joker (``StandardLowHand`` = deuce-to-seven,
``RegularLowHand`` = ace-to-five, ``BadugiHand``, ``EightOrBetterLowHand``,
``OmahaHoldemHand``); phevaluator does Omaha high (``evaluate_omaha_cards``). treys, eval7 and
pkrbot evaluate high hands only, and no installable library plays the joker-wild 53-card deck,
so those rows carry a note instead of a figure. Before a peer is timed its answers are checked to
order the same hands as drawpoker's, so every figure is for the same task. drawpoker's
one-thread figures come from a child process with ``RAYON_NUM_THREADS=1``.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from bench.figures import Figure, run_child
from bench.peers.high import random_hands, rate, text

LARGE = 4_000_000
PEER_HANDS = 300


def joker_hands(n: int, seed: int = 2) -> np.ndarray:
    """``n`` random five-card hands from the 53-card deck (about 9% hold the joker)."""
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 53)), axis=1)[:, :5].astype(np.uint8)


def drawpoker_child() -> dict[str, float]:
    """drawpoker's figures, measured in this process (run me in a child for one thread)."""
    import drawpoker

    drawpoker._core.warm_up()
    figures = {}
    for ranking, k in [("deuce-seven", 5), ("ace-five", 5), ("ace-five", 7), ("badugi", 4)]:
        hands = random_hands(LARGE, k)
        figures[f"{ranking}{k}"] = rate(
            lambda a=hands, r=ranking: drawpoker.evaluate_batch(a, ranking=r), LARGE
        )
    jokers = joker_hands(LARGE)
    figures["joker5"] = rate(lambda: drawpoker.evaluate_batch(jokers, ranking="joker"), LARGE)
    sevens = random_hands(LARGE, 7)
    figures["low8_7"] = rate(lambda: drawpoker.evaluate_low8_batch(sevens), LARGE)
    omaha = random_hands(400_000, 9)
    hole, board = omaha[:, :4].copy(), omaha[:, 4:].copy()
    figures["omaha"] = rate(lambda: drawpoker.evaluate_omaha_batch(hole, board), len(omaha))
    figures["omaha_hilo"] = rate(
        lambda: drawpoker.evaluate_omaha_hilo_batch(hole, board), len(omaha)
    )
    return figures


def same_order(ours: Sequence[int], theirs: Sequence[Any]) -> bool:
    """Whether two evaluations order every pair of hands alike (bigger = better for both)."""
    n = len(ours)
    return all(
        (ours[i] < ours[j]) == (theirs[i] < theirs[j])
        and (ours[i] == ours[j]) == (theirs[i] == theirs[j])
        for i in range(n)
        for j in range(i + 1, n)
    )


def pokerkit_rate(
    hand_class: str, hands: np.ndarray, ours: Sequence[int], split: int | None = None
) -> tuple[float | None, str]:
    """pokerkit's rate with ``hand_class.from_game`` over ``hands`` (hole/board at ``split``)."""
    try:
        import pokerkit
    except ImportError:
        return None, "not installed"
    cls = getattr(pokerkit, hand_class)
    rows = [
        ("".join(map(text, h[:split])), "".join(map(text, h[split:])))
        if split
        else ("".join(map(text, h)), "")
        for h in hands.tolist()
    ]

    def evaluate_all() -> list[Any]:
        return [cls.from_game(hole, board) for hole, board in rows]

    if not same_order(ours, evaluate_all()):
        return None, f"{hand_class} disagrees with drawpoker on the sample; not timed"
    return rate(evaluate_all, len(rows)), f"{hand_class}.from_game; {len(rows)} hands"


def peers_for(
    task: str, run: Callable[[], tuple[float | None, str]], missing: Sequence[str]
) -> list[Figure]:
    """pokerkit's figure for ``task`` plus a note for each library that cannot do it."""
    value, note = run()
    figures = [Figure(task, "pokerkit", value, "M/s", True, note)]
    figures += [Figure(task, name, None, "M/s", True, "cannot evaluate this") for name in missing]
    return figures


def measure() -> list[Figure]:
    """Every ranking-system figure of this run."""
    import drawpoker

    one = run_child("bench.peers.rankings", 1)
    every = run_child("bench.peers.rankings", None)
    figures: list[Figure] = []

    def ours(task: str, key: str, note: str) -> None:
        figures.append(Figure(task, "drawpoker (1 thread)", one[key], "M/s", True, note))
        figures.append(
            Figure(task, f"drawpoker ({os.cpu_count()} threads)", every[key], "M/s", True, note)
        )

    high_only = ["treys", "eval7", "phevaluator", "pkrbot"]
    for ranking, k, peer_class in [
        ("deuce-seven", 5, "StandardLowHand"),
        ("ace-five", 5, "RegularLowHand"),
        ("ace-five", 7, "RegularLowHand"),
        ("badugi", 4, "BadugiHand"),
    ]:
        task = f"random {k}-card {ranking} hands, M hands/s"
        ours(task, f"{ranking}{k}", f"evaluate_batch(ranking={ranking!r}) on {LARGE:,} hands")
        sample = random_hands(PEER_HANDS, k, seed=3)
        strengths = drawpoker.evaluate_batch(sample, ranking=ranking).tolist()
        figures += peers_for(
            task,
            lambda c=peer_class, s=sample, v=strengths: pokerkit_rate(c, s, v),
            high_only,
        )

    task = "random 7-card eight-or-better lows, M hands/s"
    ours(task, "low8_7", f"evaluate_low8_batch on {LARGE:,} hands (0 = no low)")
    sample = random_hands(PEER_HANDS, 7, seed=4)
    lows = drawpoker.evaluate_low8_batch(sample)
    qualifying = sample[lows > 0]
    figures += peers_for(
        task,
        lambda: pokerkit_rate(
            "EightOrBetterLowHand", qualifying, drawpoker.evaluate_low8_batch(qualifying).tolist()
        ),
        high_only,
    )

    task = "random 5-card joker-wild hands (53-card deck), M hands/s"
    ours(task, "joker5", f"evaluate_batch(ranking='joker') on {LARGE:,} hands")
    figures += [
        Figure(task, name, None, "M/s", True, "no joker-wild evaluator")
        for name in ["pokerkit", *high_only]
    ]

    task = "random Omaha hands (4 hole + 5 board), M hands/s"
    ours(task, "omaha", "evaluate_omaha_batch on 400,000 hands")
    sample = random_hands(PEER_HANDS, 9, seed=5)
    strengths = drawpoker.evaluate_omaha_batch(sample[:, :4], sample[:, 4:]).tolist()
    figures += peers_for(
        task, lambda: pokerkit_rate("OmahaHoldemHand", sample, strengths, split=4), []
    )
    figures.append(phevaluator_omaha(task))
    figures += [
        Figure(task, name, None, "M/s", True, "cannot evaluate this")
        for name in ["treys", "eval7", "pkrbot"]
    ]

    task = "random Omaha Hi/Lo hands (high and eight-or-better low), M hands/s"
    ours(task, "omaha_hilo", "evaluate_omaha_hilo_batch on 400,000 hands")
    figures.append(
        Figure(
            task,
            "pokerkit",
            None,
            "M/s",
            True,
            "needs OmahaHoldemHand + OmahaEightOrBetterLowHand per hand (the low raises when"
            " absent); see the Omaha high row for the first half",
        )
    )
    return figures


def phevaluator_omaha(task: str) -> Figure:
    """phevaluator's Omaha high rate over 20,000 hands (its strengths: smaller = better)."""
    try:
        from phevaluator import evaluate_omaha_cards
    except ImportError:
        return Figure(task, "phevaluator", None, "M/s", True, "not installed")
    import drawpoker

    hands = random_hands(20_000, 9, seed=6)
    rows = [(*h[4:], *h[:4]) for h in hands.tolist()]  # board first, then the hole cards
    ours = drawpoker.evaluate_omaha_batch(hands[:, :4], hands[:, 4:]).tolist()
    if [7463 - evaluate_omaha_cards(*row) for row in rows] != ours:
        return Figure(task, "phevaluator", None, "M/s", True, "disagrees with drawpoker")
    value = rate(lambda: [evaluate_omaha_cards(*row) for row in rows], len(rows))
    return Figure(task, "phevaluator", value, "M/s", True, "evaluate_omaha_cards; 20,000 hands")
