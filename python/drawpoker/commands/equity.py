"""``drawpoker equity HAND HAND ...``: each hand's share of the pot, exact or sampled.

>>> import argparse
>>> run(argparse.Namespace(hands=["AsKs", "QhQd"], board="", dead="", game="holdem",
...                        max_outcomes=10_000_000, samples=200_000, seed=0))
As Ks: equity 46.21% (wins 46.02%, ties 0.39%)
Qh Qd: equity 53.79% (wins 53.59%, ties 0.39%)
exact over 1,712,304 outcomes
0
"""

from __future__ import annotations

import argparse

from drawpoker.cards import format_cards, parse_cards
from drawpoker.equity import (
    DEFAULT_MAX_OUTCOMES,
    DEFAULT_SAMPLES,
    GAMES,
    MAX_OUTCOMES,
    MAX_SAMPLES,
    equity,
)

NAME = "equity"
HELP = "equity of each hand, e.g. drawpoker equity AsKs QhQd --board 'Ts 9d 2s'"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Adds the hands, board, dead cards, game and budget."""
    parser.add_argument("hands", nargs="+", help="one argument per player, e.g. AsKs QhQd")
    parser.add_argument("--board", default="", help="known board cards (0, 3, 4 or 5)")
    parser.add_argument("--dead", default="", help="cards out of play")
    parser.add_argument("--game", default="holdem", choices=GAMES, help="default: holdem")
    parser.add_argument(
        "--max-outcomes",
        type=int,
        default=DEFAULT_MAX_OUTCOMES,
        help=f"enumerate exactly up to this many deals, else sample (at most {MAX_OUTCOMES:,})",
    )
    parser.add_argument(
        "--samples",
        type=int,
        default=DEFAULT_SAMPLES,
        help=f"Monte Carlo deals (at most {MAX_SAMPLES:,})",
    )
    parser.add_argument("--seed", type=int, default=0, help="Monte Carlo seed (0..2**64-1)")


def run(args: argparse.Namespace) -> int:
    """Prints each hand's equity, then how it was computed."""
    result = equity(
        args.hands,
        args.board,
        args.dead,
        game=args.game,
        max_outcomes=args.max_outcomes,
        samples=args.samples,
        seed=args.seed,
    )
    for hand, player in zip(args.hands, result.players, strict=True):
        error = "" if result.exact else f" ± {player.std_error:.2%}"
        print(
            f"{format_cards(parse_cards(hand))}: equity {player.equity:.2%}{error} "
            f"(wins {player.win:.2%}, ties {player.tie:.2%})"
        )
    how = "exact over" if result.exact else "Monte Carlo,"
    unit = "outcomes" if result.exact else "samples"
    print(f"{how} {result.outcomes:,} {unit}")
    return 0
