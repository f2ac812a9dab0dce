"""``drawpoker eval CARDS``: the strength and name of a hand.

>>> import argparse
>>> run(argparse.Namespace(cards=["Kh Kd Ks 3c 3d"], ranking="high"))
Kh Kd Ks 3c 3d: 7274 (Full house, kings full of threes)
0
"""

from __future__ import annotations

import argparse

from drawpoker.analysis.evaluation import RANKINGS, describe, evaluate, ranking_system
from drawpoker.cards import JOKER, format_cards, parse_cards
from drawpoker.errors import InvalidCardError

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
    >>> run(argparse.Namespace(cards=["Jk As Ad Ah Ac"], ranking="high"))
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidCardError: the joker (Jk) has no value in the high ranking: \
use --ranking joker
    """
    cards = parse_cards(" ".join(args.cards))
    system = ranking_system(args.ranking)
    if JOKER in cards and not system.allows_joker:
        joker = [name for name in RANKINGS if ranking_system(name).allows_joker]
        raise InvalidCardError(
            f"the joker (Jk) has no value in the {args.ranking} ranking: "
            f"use --ranking {' or '.join(joker)}"
        )
    strength = evaluate(cards, args.ranking)
    print(f"{format_cards(cards)}: {strength} ({describe(strength, args.ranking)})")
    return 0
