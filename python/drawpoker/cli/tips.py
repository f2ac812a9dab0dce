"""``drawpoker tips [HAND]``: the rules page's draw tips with their exact numbers, or the
discard choices of any five-card hand.

Without a hand, prints the tips table; ``--markdown``, ``--json`` and ``--chart`` (SVG) also
write it to files. With ``--objective`` the figures printed are that objective's values.

>>> import argparse
>>> from drawpoker.cli import main
>>> main(["tips", "--deck", "52"])
Pair: keep the pair, draw three  [52 cards]  Jh Jd 7c 4s 2h
  advised draw 3 (7c 4s 2h): two pair or better 28.71%, improve 28.71% (place 1 of 26)
  best alternative draw 2 (7c 4s): two pair or better 25.90%, improve 25.90%
...
0
>>> main(["tips", "Ks 9s 6s 3s 8d", "--objective", "at_least:FLUSH", "--top", "2"])
Ks 9s 6s 3s 8d  [52 cards, draw limit 3-or-4-with-ace, objective at_least:FLUSH]
  1. draw 1 (8d): flush or better 19.15%, improve 44.68%
  2. draw 2 (Ks 8d): flush or better 3.33%, improve 43.29%
0
"""

from __future__ import annotations

import argparse
from pathlib import Path

from drawpoker.analysis.draw import DiscardChoice, discard_choices
from drawpoker.analysis.tips import Tip, build_tips, tips_json, tips_markdown, tips_svg
from drawpoker.cards import format_cards, to_card_list
from drawpoker.engine.spec import DRAW_LIMITS
from drawpoker.errors import InvalidArgumentError

NAME = "tips"
HELP = (
    "the draw tips (pair, two pair, trips, four-flush, pat hands) with exact numbers, or every "
    "discard choice of a hand: drawpoker tips 'Jh Jd 7c 4s 2h'"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Adds the hand, the deck, the objective, the draw limit and the output files.

    >>> parser = argparse.ArgumentParser()
    >>> add_arguments(parser)
    >>> parser.parse_args([]).deck, parser.parse_args(["Jh Jd 7c 4s 2h"]).hand
    ('both', 'Jh Jd 7c 4s 2h')
    """
    parser.add_argument(
        "hand",
        nargs="?",
        default=None,
        help="five cards to analyse, e.g. 'Jh Jd 7c 4s 2h' (default: the tips table)",
    )
    parser.add_argument(
        "--joker",
        action="store_true",
        help="the 53-card deck with the joker wild (same as --deck 53; default: off)",
    )
    parser.add_argument(
        "--deck",
        choices=("52", "53", "both"),
        default="both",
        help="tips table: 52 cards, 53 with the joker wild, or both (default: %(default)s)",
    )
    parser.add_argument(
        "--objective",
        default=None,
        help="rank choices by, and print, mean_strength, beat_random or at_least:CATEGORY "
        "(default: each tip's goal; beat_random for a hand)",
    )
    parser.add_argument(
        "--limit",
        choices=DRAW_LIMITS,
        default="3-or-4-with-ace",
        help="how many cards a player may draw (default: %(default)s)",
    )
    parser.add_argument(
        "--top",
        type=int,
        default=5,
        help="with a hand: how many of its best choices to print (default: %(default)s)",
    )
    parser.add_argument(
        "--markdown", type=Path, help="tips table: also write it as Markdown here (default: none)"
    )
    parser.add_argument(
        "--json", type=Path, help="tips table: also write it as JSON here (default: none)"
    )
    parser.add_argument(
        "--chart", type=Path, help="tips table: also write a bar chart here, .svg (default: none)"
    )


def _draw_text(choice_discards: str) -> str:
    count = len(choice_discards.split())
    return f"draw {count} ({choice_discards})" if choice_discards else "stand pat"


def objective_figure(objective: str, choice: DiscardChoice) -> str:
    """The value of a choice under a named objective, as printed.

    >>> from drawpoker.analysis.draw import discard_choices
    >>> best = discard_choices("9c 9d 9h 7s Kd", objective="mean_strength")[0]
    >>> objective_figure("mean_strength", best)
    'mean strength 5,676.9'
    """
    if objective == "mean_strength":
        return f"mean strength {choice.value:,.1f}"
    if objective == "beat_random":
        return f"beats a random hand {100 * choice.value:.2f}%"
    if objective.startswith("at_least:"):
        goal = objective.split(":", 1)[1].lower().replace("_", " ")
        return f"{goal} or better {100 * choice.value:.2f}%"
    return f"value {choice.value:.4f}"


def _line(tip: Tip, objective: str | None) -> str:
    a, b = tip.advised, tip.alternative
    goal = tip.goal.name.lower().replace("_", " ") + " or better"

    def figure(choice: DiscardChoice) -> str:
        if objective is not None:
            return objective_figure(objective, choice)
        return f"{goal} {100 * tip.goal_probability(choice):.2f}%"

    return (
        f"{tip.advice}  [{tip.deck}]  {tip.hand}\n"
        f"  advised {_draw_text(tip.discards)}: {figure(a)}, "
        f"improve {100 * a.improve_probability:.2f}% (place {tip.place} of {tip.choices})\n"
        f"  best alternative {_draw_text(b.discards)}: {figure(b)}, "
        f"improve {100 * b.improve_probability:.2f}%"
    )


def analyse(args: argparse.Namespace) -> int:
    """Prints the best ``--top`` discard choices of ``args.hand`` by the objective.

    >>> from drawpoker.cli import build_parser
    >>> analyse(build_parser().parse_args(["tips", "Jh Jd 7c 4s 2h", "--top", "1", "--joker"]))
    Jh Jd 7c 4s 2h  [53 cards (joker wild), draw limit 3-or-4-with-ace, objective beat_random]
      1. draw 3 (7c 4s 2h): beats a random hand 81.65%, improve 33.17%
    0
    """
    cards = to_card_list(args.hand)
    if len(cards) != 5:
        raise InvalidArgumentError(f"tips analyses five cards, got {len(cards)}: {args.hand!r}")
    if args.top < 1:
        raise InvalidArgumentError(f"--top must be at least 1, not {args.top}")
    joker = args.joker or args.deck == "53"
    objective = args.objective or "beat_random"
    choices = discard_choices(
        cards,
        ranking="joker" if joker else "high",
        joker=joker,
        limit=args.limit,
        objective=objective,
    )
    deck = "53 cards (joker wild)" if joker else "52 cards"
    print(f"{format_cards(cards)}  [{deck}, draw limit {args.limit}, objective {objective}]")
    for place, choice in enumerate(choices[: args.top], start=1):
        print(
            f"  {place}. {_draw_text(choice.discards)}: {objective_figure(objective, choice)}, "
            f"improve {100 * choice.improve_probability:.2f}%"
        )
    return 0


def run(args: argparse.Namespace) -> int:
    """Prints the tips (or a hand's choices) and writes the files asked for."""
    if args.hand is not None:
        return analyse(args)
    if args.chart is not None and args.chart.suffix.lower() != ".svg":
        raise InvalidArgumentError("the chart is written as SVG: give a path ending in .svg")
    deck = "53" if args.joker else args.deck
    decks = {"52": [False], "53": [True], "both": [False, True]}[deck]
    tips = [
        tip
        for joker in decks
        for tip in build_tips(joker=joker, objective=args.objective, limit=args.limit)
    ]
    for tip in tips:
        print(_line(tip, args.objective))
    if args.markdown is not None:
        args.markdown.write_text(tips_markdown(tips))
    if args.json is not None:
        args.json.write_text(tips_json(tips))
    if args.chart is not None:
        args.chart.write_text(tips_svg(tips))
    return 0
