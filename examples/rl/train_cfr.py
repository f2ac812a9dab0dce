"""Trains heads-up no-limit 2-7 single draw by outcome-sampling Monte Carlo CFR (NumPy only,
driven through ``drawpoker.rl.BatchGame``), saves the average strategy as a small ``.npz`` file
and measures it against the project's CPU players in duplicate matches (docs/rl.md, "A worked
example").

    python examples/rl/train_cfr.py --hands 400000 --out single_draw_policy.npz --deals 2000

Outcome sampling (Lanctot et al., "Monte Carlo Sampling for Regret Minimization in Extensive
Games", 2009) plays whole hands with an exploring version of the current strategy and, once a
hand ends, updates the regrets of every information set it visited by importance-weighted
counterfactual values. It needs nothing but forward play, which is what a batch engine gives:
every slot of the batch is one sampled hand, and all slots are updated with a few array
operations when their hands end. Both seats learn the one table (the button is in the key).

>>> policy = train(hands=300, batch=64, seed=1)
>>> policy.strategy.shape, policy.hands >= 300
((5120, 4), True)
"""

from __future__ import annotations

import argparse
import sys
import time
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import numpy.typing as npt
from abstraction import ACTIONS, GAME, KEYS, Abstraction
from drawpoker.rl import BatchGame

MAX_DECISIONS = 64
"""The most decisions a recorded hand may have (a hand of 2-7 single draw has far fewer)."""

FloatArray = npt.NDArray[np.float64]


@dataclass
class Policy:
    """A trained table: ``strategy[key]`` sums each abstract action's average-strategy weight
    at an information set, ``visits[key]`` counts the decisions taken there in training."""

    strategy: FloatArray
    visits: npt.NDArray[np.int64]
    hands: int
    seed: int

    def save(self, path: str | Path) -> None:
        """Writes the table to ``path`` (NumPy's ``.npz``, float32, compressed: the shipped one
        is about 11 KB)."""
        np.savez_compressed(
            path,
            game=GAME,
            strategy=self.strategy.astype(np.float32),
            visits=self.visits,
            hands=self.hands,
            seed=self.seed,
        )

    @classmethod
    def load(cls, path: str | Path) -> Policy:
        """The table :meth:`save` wrote."""
        with np.load(path) as data:
            if str(data["game"]) != GAME or data["strategy"].shape != (KEYS, ACTIONS):
                raise ValueError(f"{path} is not a {GAME} policy of this example")
            return cls(
                data["strategy"].astype(np.float64),
                data["visits"],
                int(data["hands"]),
                int(data["seed"]),
            )


def regret_matching(regrets: FloatArray, legal: npt.NDArray[np.bool_]) -> FloatArray:
    """The current strategy: legal actions in proportion to their positive regret, uniform
    over the legal ones when none is positive.

    >>> regret_matching(np.array([[2.0, -1.0, 6.0, 0.0]]), np.array([[1, 1, 1, 0]], bool))
    array([[0.25, 0.  , 0.75, 0.  ]])
    """
    positive = np.where(legal, np.maximum(regrets, 0.0), 0.0)
    total = positive.sum(axis=1, keepdims=True)
    uniform = legal / legal.sum(axis=1, keepdims=True)
    strategy: FloatArray = np.where(total > 0, positive / np.where(total > 0, total, 1), uniform)
    return strategy


def train(
    hands: int,
    batch: int = 512,
    seed: int = 0,
    exploration: float = 0.6,
    progress: bool = False,
) -> Policy:
    """Runs outcome-sampling MCCFR until ``hands`` hands have finished, ``batch`` at a time,
    exploring with probability ``exploration`` (uniform over the legal abstract actions)."""
    games = BatchGame(GAME, batch=batch, seats=2, seed=seed)
    abstraction = Abstraction(games.layout, games.actions)
    unit = games.game.stake.chips
    rng = np.random.default_rng(seed)
    regrets = np.zeros((KEYS, ACTIONS))
    strategy_sum = np.zeros((KEYS, ACTIONS))
    visits = np.zeros(KEYS, dtype=np.int64)

    shape = (batch, MAX_DECISIONS)
    keys = np.zeros(shape, dtype=np.int64)
    actors = np.zeros(shape, dtype=np.int64)
    taken = np.zeros(shape, dtype=np.int64)
    sigmas = np.zeros((*shape, ACTIONS))
    legals = np.zeros((*shape, ACTIONS), dtype=np.bool_)
    reach = np.ones((batch, 2))  # each seat's reach of the hand so far
    sampled = np.ones(batch)  # the probability the sampling strategy played the hand so far
    depth = np.zeros(batch, dtype=np.int64)
    rows = np.arange(batch)
    finished, started = 0, time.perf_counter()

    while finished < hands:
        key, legal, engine = abstraction.situations(games.observe(), games.legal())
        actor = games.actors()
        sigma = regret_matching(regrets[key], legal)
        explore = exploration * legal / legal.sum(axis=1, keepdims=True) + (1 - exploration) * sigma
        cumulative = np.cumsum(explore, axis=1)
        # the last legal action's bound is the row's total, so rounding never picks past it
        choice = (rng.random((batch, 1)) * cumulative[:, -1:] >= cumulative).sum(axis=1)
        at = depth
        if at.max() >= MAX_DECISIONS:
            raise RuntimeError(f"a hand took more than {MAX_DECISIONS} decisions")
        keys[rows, at], actors[rows, at], taken[rows, at] = key, actor, choice
        sigmas[rows, at], legals[rows, at] = sigma, legal
        # the average strategy, weighted by the actor's reach over the sampling probability
        np.add.at(strategy_sum, key, sigma * (reach[rows, actor] / sampled)[:, None])
        np.add.at(visits, key, 1)
        reach[rows, actor] *= sigma[rows, choice]
        sampled *= explore[rows, choice]
        depth += 1
        rewards, done = games.step(engine[rows, choice])
        if done.any():
            records = (keys, actors, taken, sigmas, legals)
            _update(regrets, rewards[done] / unit, done, records, reach, sampled, depth)
            reach[done], sampled[done], depth[done] = 1.0, 1.0, 0
            finished += int(done.sum())
            if progress and finished % 50_000 < done.sum():
                rate = finished / (time.perf_counter() - started)
                print(f"{finished:,} hands ({rate:,.0f} a second)", file=sys.stderr)
    return Policy(strategy_sum, visits, finished, seed)


def _update(
    regrets: FloatArray,
    utility: FloatArray,
    done: npt.NDArray[np.bool_],
    records: tuple[
        npt.NDArray[np.int64],
        npt.NDArray[np.int64],
        npt.NDArray[np.int64],
        FloatArray,
        npt.NDArray[np.bool_],
    ],
    reach: FloatArray,
    sampled: FloatArray,
    depth: npt.NDArray[np.int64],
) -> None:
    """Adds the sampled counterfactual regrets of the hands that ended (rows ``done``), from
    their recorded decisions (``records``: key, actor, abstract action taken, current strategy
    and legal actions of each), their reaches and their sampling probabilities.

    A decision of seat ``i`` at information set ``I`` that took ``a`` has the sampled value
    ``u_i * pi_-i(z) / q(z) * pi_i(a -> z)`` for ``a`` (the seat's payoff, the opponent's reach
    of the end over the probability that the hand was sampled, and the seat's own probability
    of its later actions), 0 for the other actions, and ``sigma(a)`` times that for ``I``;
    each legal action's regret grows by its value less ``I``'s.
    """
    keys, actors, taken, sigmas, legals = records
    n = int(done.sum())
    width = int(depth[done].max())
    valid = np.arange(width)[None, :] < depth[done][:, None]
    actor = actors[done, :width]
    choice = taken[done, :width]
    sigma = sigmas[done, :width]
    chosen = np.take_along_axis(sigma, choice[..., None], axis=2)[..., 0]
    # each decision's tail: the actor's own probability of its later actions in the hand
    tail = np.ones((n, width))
    for seat in (0, 1):
        factor = np.where(valid & (actor == seat), chosen, 1.0)
        after = np.cumprod(factor[:, ::-1], axis=1)[:, ::-1]
        later = np.concatenate([after[:, 1:], np.ones((n, 1))], axis=1)
        tail = np.where(actor == seat, later, tail)
    rows = np.arange(n)[:, None]
    opponent_reach = reach[done][rows, 1 - actor]
    weight = utility[rows, actor] * opponent_reach / sampled[done][:, None]  # u * pi_-i(z) / q(z)
    value_taken = weight * tail  # the sampled counterfactual value of the action taken
    value_here = value_taken * chosen  # ... and of the information set
    delta = -value_here[..., None] * legals[done, :width]
    np.put_along_axis(
        delta,
        choice[..., None],
        np.take_along_axis(delta, choice[..., None], axis=2) + value_taken[..., None],
        axis=2,
    )
    delta = np.where(legals[done, :width], delta, 0.0)
    np.add.at(regrets, keys[done, :width][valid], delta[valid])


def evaluate(policy_path: Path, deals: int, seed: int, opponents: list[str]) -> list[str]:
    """Duplicate matches of the saved policy against each CPU type: one line each."""
    from drawpoker.matches.duplicate import match
    from policy_player import loader

    player = loader(policy_path)
    lines = []
    for opponent in opponents:
        summary = match(GAME, [player, opponent], deals=deals, seed=seed)
        result = summary.results[0]
        lines.append(
            f"policy vs {opponent}: {result.per_100.text('{:+.1f}')} {summary.unit_name} per 100 "
            f"hands over {summary.hands:,} hands ({deals:,} deals, each played twice)"
        )
    return lines


def main(argv: list[str] | None = None) -> int:
    """Trains, saves and measures (the command line)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=400_000, help="hands to train on")
    parser.add_argument("--batch", type=int, default=512, help="hands stepped together")
    parser.add_argument("--seed", type=int, default=0, help="the training seed")
    parser.add_argument("--out", type=Path, default=Path("single_draw_policy.npz"))
    parser.add_argument("--deals", type=int, default=2000, help="deals per match (0: none)")
    parser.add_argument("--match-seed", type=int, default=1, help="the matches' seed")
    parser.add_argument(
        "--opponents", nargs="+", default=["checkcall", "rules", "station"], help="CPU types"
    )
    args = parser.parse_args(argv)
    start = time.process_time()
    policy = train(args.hands, batch=args.batch, seed=args.seed, progress=True)
    seconds = time.process_time() - start
    policy.save(args.out)
    print(f"trained on {policy.hands:,} hands in {seconds:.0f} CPU seconds; saved {args.out}")
    if args.deals:
        for line in evaluate(args.out, args.deals, args.match_seed, args.opponents):
            print(line)
    return 0


if __name__ == "__main__":
    sys.exit(main())
