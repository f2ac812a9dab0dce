"""``drawpoker tips``: the rules page's draw tips with their exact numbers.

Prints the table; ``--markdown``, ``--json`` and ``--chart`` (SVG) also write it to files.

>>> import argparse
>>> args = argparse.Namespace(deck="52", objective=None, limit="3-or-4-with-ace",
...                           markdown=None, json=None, chart=None)
>>> run(args)
Pair: keep the pair, draw three  [52 cards]  Jh Jd 7c 4s 2h
  advised draw 3 (7c 4s 2h): two pair or better 28.71%, improve 28.71% (place 1 of 26)
  best alternative draw 2 (7c 4s): two pair or better 25.90%, improve 25.90%
...
0
"""

from __future__ import annotations

import argparse
from pathlib import Path

from drawpoker.draw import DRAW_LIMITS
from drawpoker.errors import InvalidArgumentError
from drawpoker.tips import Tip, build_tips, tips_json, tips_markdown, tips_svg

NAME = "tips"
HELP = "the draw tips (pair, two pair, trips, four-flush, pat hands) with exact numbers"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Adds the deck, the objective, the draw limit and the output files."""
    parser.add_argument(
        "--deck",
        choices=("52", "53", "both"),
        default="both",
        help="52 cards, 53 with the joker wild, or both (default)",
    )
    parser.add_argument(
        "--objective",
        default=None,
        help="rank choices by mean_strength, beat_random or at_least:CATEGORY "
        "(default: each tip's goal)",
    )
    parser.add_argument("--limit", choices=DRAW_LIMITS, default="3-or-4-with-ace")
    parser.add_argument("--markdown", type=Path, help="write the table as Markdown here")
    parser.add_argument("--json", type=Path, help="write the table as JSON here")
    parser.add_argument("--chart", type=Path, help="write a bar chart here (.svg)")


def _line(tip: Tip) -> str:
    a, b = tip.advised, tip.alternative
    goal = tip.goal.name.lower().replace("_", " ") + " or better"

    def text(choice_discards: str) -> str:
        count = len(choice_discards.split())
        return f"draw {count} ({choice_discards})" if choice_discards else "stand pat"

    return (
        f"{tip.advice}  [{tip.deck}]  {tip.hand}\n"
        f"  advised {text(tip.discards)}: {goal} {100 * tip.goal_probability(a):.2f}%, "
        f"improve {100 * a.improve_probability:.2f}% (place {tip.place} of {tip.choices})\n"
        f"  best alternative {text(b.discards)}: {goal} {100 * tip.goal_probability(b):.2f}%, "
        f"improve {100 * b.improve_probability:.2f}%"
    )


def run(args: argparse.Namespace) -> int:
    """Prints the tips and writes the files asked for."""
    if args.chart is not None and args.chart.suffix.lower() != ".svg":
        raise InvalidArgumentError("the chart is written as SVG: give a path ending in .svg")
    decks = {"52": [False], "53": [True], "both": [False, True]}[args.deck]
    tips = [
        tip
        for joker in decks
        for tip in build_tips(joker=joker, objective=args.objective, limit=args.limit)
    ]
    for tip in tips:
        print(_line(tip))
    if args.markdown is not None:
        args.markdown.write_text(tips_markdown(tips))
    if args.json is not None:
        args.json.write_text(tips_json(tips))
    if args.chart is not None:
        args.chart.write_text(tips_svg(tips))
    return 0
