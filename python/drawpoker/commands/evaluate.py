"""``drawpoker eval CARDS``: the strength and name of a hand.

>>> import argparse
>>> run(argparse.Namespace(cards=["Kh Kd Ks 3c 3d"], ranking="high"))
Kh Kd Ks 3c 3d: 7274 (Full house, kings full of threes)
0
"""

from __future__ import annotations

import argparse

from drawpoker.cards import format_cards, parse_cards
from drawpoker.evaluation import RANKINGS, describe, evaluate

NAME = "eval"
HELP = "evaluate a hand, e.g. drawpoker eval 'As Ks Qs Js Ts'"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Adds the hand and the ranking system.

    >>> parser = argparse.ArgumentParser()
    >>> add_arguments(parser)
    >>> parser.parse_args(["As Ks", "--ranking", "joker"]).ranking
    'joker'
    """
    parser.add_argument("cards", nargs="+", help="the cards, e.g. 'As Kd 7h 7c 2s'")
    parser.add_argument(
        "--ranking", default="high", choices=list(RANKINGS), help="ranking system (default: high)"
    )


def run(args: argparse.Namespace) -> int:
    """Prints the hand, its strength and its name.

    >>> run(argparse.Namespace(cards=["7c", "5d 4h 3s 2c"], ranking="deuce-seven"))
    7c 5d 4h 3s 2c: 7462 (Seven-five low: 7-5-4-3-2)
    0
    """
    cards = parse_cards(" ".join(args.cards))
    strength = evaluate(cards, args.ranking)
    print(f"{format_cards(cards)}: {strength} ({describe(strength, args.ranking)})")
    return 0
