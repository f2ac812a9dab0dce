"""``drawpoker equity HAND|RANGE HAND|RANGE ...``: each player's share of the pot, exact or
sampled. In Hold'em a player may be a range (``QQ+,AKs``, see :mod:`drawpoker.analysis.ranges`).

>>> from drawpoker.cli import main
>>> main(["equity", "AsKs", "QhQd"])
As Ks: equity 46.21% (wins 46.02%, ties 0.39%)
Qh Qd: equity 53.79% (wins 53.59%, ties 0.39%)
exact over 1,712,304 outcomes
0
>>> main(["equity", "A♠K♠", "QQ", "--board", "Q♦ 7♣ 2♥", "--symbols"])
A♠ K♠: equity 1.62% (wins 1.62%, ties 0.00%)
QQ (3 combos): equity 98.38% (wins 98.38%, ties 0.00%)
exact over 2,970 outcomes (3 matchups after suit symmetry)
0
"""

from __future__ import annotations

import argparse
from pathlib import Path

from drawpoker.analysis.equity import (
    DEFAULT_MAX_OUTCOMES,
    DEFAULT_SAMPLES,
    GAMES,
    MAX_OUTCOMES,
    MAX_SAMPLES,
    EquityResult,
    equity,
)
from drawpoker.analysis.range_equity import RangeEquityResult
from drawpoker.analysis.range_grid import grid_of, grid_svg
from drawpoker.analysis.ranges import Range
from drawpoker.cards import format_cards, parse_cards
from drawpoker.errors import DrawPokerError, InvalidArgumentError

NAME = "equity"
HELP = (
    "equity of each hand or Hold'em range, e.g. drawpoker equity 'QQ+,AKs' 'JJ-99,AQs+' "
    "--board 'Ts 9d 2s'"
)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """Adds the players, board, dead cards, game, budget and outputs.

    >>> parser = argparse.ArgumentParser()
    >>> add_arguments(parser)
    >>> parser.parse_args(["AA", "KK"]).max_outcomes
    10000000
    """
    parser.add_argument(
        "hands",
        nargs="+",
        metavar="HAND_OR_RANGE",
        help="one argument per player: cards (AsKs), or in Hold'em a range (QQ+,AKs; JJ-99; "
        "K9s+; AA:0.5; random)",
    )
    parser.add_argument(
        "--board", default="", help="known board cards: 0, 3, 4 or 5 (default: none)"
    )
    parser.add_argument("--dead", default="", help="cards out of play (default: none)")
    parser.add_argument(
        "--game", default="holdem", choices=GAMES, help="the game (default: %(default)s)"
    )
    parser.add_argument(
        "--max-outcomes",
        type=int,
        default=DEFAULT_MAX_OUTCOMES,
        help="enumerate exactly up to this many deals (ranges: distinct matchups times the "
        "boards of each, or before the flop its 185,375 steps), "
        f"else sample (at most {MAX_OUTCOMES:,}; default: %(default)s)",
    )
    parser.add_argument(
        "--samples",
        type=int,
        default=DEFAULT_SAMPLES,
        help=f"Monte Carlo deals when not exact (at most {MAX_SAMPLES:,}; default: %(default)s)",
    )
    parser.add_argument(
        "--seed", type=int, default=0, help="Monte Carlo seed, 0..2**64-1 (default: 0)"
    )
    parser.add_argument(
        "--symbols",
        action="store_true",
        help="print suits as Unicode symbols, A♠ K♥ (default: letters, As Kh)",
    )
    parser.add_argument(
        "--chart",
        type=Path,
        help="Hold'em: write a 13x13 heat map (.svg) of the first player's equity by starting "
        "hand (default: none)",
    )


def player_of(text: str, game: str) -> Range | list[int]:
    """Cards when the text is card text; in Hold'em, otherwise a range.

    >>> player_of("AsKs", "holdem"), player_of("QQ+", "holdem")
    ([51, 47], Range('QQ+')  # 18 combos)
    """
    try:
        cards = parse_cards(text)
    except DrawPokerError:
        if game != "holdem":
            raise
        return Range(text)
    if game == "holdem" and len(cards) != 2:
        return Range(text)
    return cards


def _label(player: Range | list[int], symbols: bool) -> str:
    if isinstance(player, Range):
        return f"{player.text} ({len(player)} combo{'s' if len(player) != 1 else ''})"
    return format_cards(player, symbols=symbols)


def run(args: argparse.Namespace) -> int:
    """Prints each player's equity, then how it was computed; writes the chart if asked."""
    if args.chart is not None and args.chart.suffix.lower() != ".svg":
        raise InvalidArgumentError("the chart is written as SVG: give a path ending in .svg")
    players = [player_of(text, args.game) for text in args.hands]
    if args.chart is not None and args.game != "holdem":
        raise InvalidArgumentError("--chart draws Hold'em starting hands; the game is not holdem")
    first = players[0]
    if args.chart is not None and isinstance(first, list):
        players[0] = Range.from_combos([first])
    result: EquityResult = equity(
        players,
        args.board,
        args.dead,
        game=args.game,
        max_outcomes=args.max_outcomes,
        samples=args.samples,
        seed=args.seed,
    )
    if isinstance(result, RangeEquityResult):
        # Shown after card removal: the combos that can still be dealt.
        players = [
            p if isinstance(p, list) else combos.range
            for p, combos in zip(players, result.combos, strict=True)
        ]
    for player, figures in zip(players, result.players, strict=True):
        error = "" if result.exact else f" ± {figures.std_error:.2%}"
        print(
            f"{_label(player, args.symbols)}: equity {figures.equity:.2%}{error} "
            f"(wins {figures.win:.2%}, ties {figures.tie:.2%})"
        )
    how = "exact over" if result.exact else "Monte Carlo,"
    unit = "outcomes" if result.exact else "samples"
    extra = ""
    if isinstance(result, RangeEquityResult) and result.exact:
        extra = f" ({result.matchups:,} matchups after suit symmetry)"
    print(f"{how} {result.outcomes:,} {unit}{extra}")
    if args.chart is not None and isinstance(result, RangeEquityResult):
        title = f"{_label(players[0], False)} against " + ", ".join(
            _label(p, False) for p in players[1:]
        )
        args.chart.write_text(grid_svg(grid_of(result.combos[0], title)))
        print(f"chart written to {args.chart}")
    return 0
