"""Draw analysis: drawpoker beside poker-equity and pokerkit on the tasks of issue 4.

drawpoker's figures come from a child process with ``RAYON_NUM_THREADS=1`` (one thread), so
they compare with the one-thread goals; the peers run as they come (poker-equity may use
several threads). A peer that cannot do a task is listed with no figure and a note.
"""

from __future__ import annotations

import numpy as np

from bench.figures import Figure, best_seconds, run_child

JJ = [("Jh Jd", 3), ("As Ks Qs 8s", 1)]
JJ_DEAD = "7c 4s 2h 3d"
THREE_V_THREE = [("Jh Jd", 3), ("As Ks", 3)]
PAIR_V_FIVE = [("Jh Jd", 3), ("", 5)]


def drawpoker_child() -> dict[str, float]:
    """drawpoker's figures in seconds, measured in this process (run in a one-thread child)."""
    from drawpoker.analysis.draw import discard_choices, draw_category_counts_batch
    from drawpoker.analysis.draw_equity import draw_equity
    from drawpoker.analysis.video_poker import canonical_deals, hold_values

    discard_choices("As 9d 7c 4h 2s", limit="5")
    figures = {
        "choices32": best_seconds(lambda: discard_choices("As 9d 7c 4h 2s", limit="5")),
        "choices_default": best_seconds(lambda: discard_choices("As 9d 7c 4h 2s")),
        "jj": best_seconds(lambda: draw_equity(JJ, dead=JJ_DEAD)),
        "three_v_three": best_seconds(lambda: draw_equity(THREE_V_THREE, dead=JJ_DEAD)),
        "pair_v_five": best_seconds(lambda: draw_equity(PAIR_V_FIVE), repeat=1, min_time=0),
    }
    canonical_deals()
    figures["hold_table"] = best_seconds(hold_values, repeat=2, min_time=0)
    rng = np.random.default_rng(4)
    hands = np.argsort(rng.random((10_000, 52)), axis=1)[:, :5].astype(np.uint8)
    masks = np.full(10_000, 0b11100, dtype=np.uint8)
    figures["batch"] = best_seconds(
        lambda: draw_category_counts_batch(hands, masks), repeat=2, min_time=0
    )
    return figures


def poker_equity_figures() -> list[Figure]:
    """poker-equity's exact draw equity where it answers."""
    try:
        import poker_equity
    except ImportError:
        return [
            Figure(
                "draw: JJ vs four-flush exact", "poker-equity", None, "ms", False, "not installed"
            )
        ]

    def exact(hands: list[str], dead: str) -> object:
        return poker_equity.exact_from_text("five_card_draw", hands, "", dead)

    jj = ["JhJd", "AsKsQs8s"]
    figures = [
        Figure(
            "draw: JJ vs four-flush exact",
            "poker-equity",
            best_seconds(lambda: exact(jj, JJ_DEAD.replace(" ", "")), repeat=3) * 1e3,
            "ms",
            False,
            "exact_from_text, five_card_draw",
        ),
    ]
    answer = exact(["JhJd", "AsKs"], JJ_DEAD.replace(" ", ""))
    figures.append(
        Figure(
            "draw: 3-vs-3 heads-up exact",
            "poker-equity",
            None,
            "ms",
            False,
            "refuses (exact_from_text returns None: too many deals)"
            if answer is None
            else "answers",
        )
    )
    return figures


def pokerkit_figures() -> list[Figure]:
    """pokerkit samples only; one figure for the JJ spot at 10,000 samples."""
    try:
        from pokerkit import Card, Deck, StandardHighHand, calculate_equities, parse_range
    except ImportError:
        return [
            Figure("draw: JJ vs four-flush exact", "pokerkit", None, "ms", False, "not installed")
        ]
    dead = set(Card.parse(JJ_DEAD.replace(" ", "")))
    deck = tuple(c for c in Deck.STANDARD if c not in dead)
    ranges = (parse_range("JhJd"), parse_range("AsKsQs8s"))

    def sample() -> object:
        return calculate_equities(
            ranges,
            (),
            5,
            0,
            deck,
            (StandardHighHand,),  # type: ignore[arg-type]
            sample_count=10_000,
        )

    return [
        Figure(
            "draw: JJ vs four-flush exact",
            "pokerkit",
            best_seconds(sample, repeat=1, min_time=0) * 1e3,
            "ms",
            False,
            "cannot enumerate: Monte Carlo, 10,000 samples (not exact)",
        )
    ]


def measure() -> list[Figure]:
    """Every draw figure of this run."""
    one = run_child("bench.peers.draw", 1)
    ms = 1e3
    figures = [
        Figure(
            "draw: all 32 discard choices of one hand",
            "drawpoker",
            one["choices32"] * ms,
            "ms",
            False,
            "exact, one thread, limit 5; goal <= 1 ms",
        ),
        Figure(
            "draw: discard choices under the default limit",
            "drawpoker",
            one["choices_default"] * ms,
            "ms",
            False,
            "exact, one thread, 3-or-4-with-ace",
        ),
        Figure(
            "draw: JJ vs four-flush exact",
            "drawpoker",
            one["jj"] * ms,
            "ms",
            False,
            "exact, one thread; goal <= 1 ms",
        ),
        Figure(
            "draw: 3-vs-3 heads-up exact",
            "drawpoker",
            one["three_v_three"] * ms,
            "ms",
            False,
            "exact, one thread; goal <= 10 ms",
        ),
        Figure(
            "draw: pair draw 3 vs draw 5 exact",
            "drawpoker",
            one["pair_v_five"] * ms,
            "ms",
            False,
            "exact, one thread; goal <= 1 s",
        ),
        Figure(
            "draw: whole 2,598,960 x 32 hold table",
            "drawpoker",
            one["hold_table"],
            "s",
            False,
            "9/6 JoB EVs via 134,459 suit classes, one thread; goal <= 2 s",
        ),
        Figure(
            "draw: batch category counts",
            "drawpoker",
            10_000 / one["batch"],
            "hands/s",
            True,
            "10,000 hands drawing three, one thread",
        ),
    ]
    for task in ("all 32 discard choices of one hand", "whole 2,598,960 x 32 hold table"):
        for peer in ("poker-equity", "pokerkit"):
            figures.append(
                Figure(f"draw: {task}", peer, None, "ms", False, "no API for discard analysis")
            )
    figures += poker_equity_figures()
    figures += pokerkit_figures()
    return figures


if __name__ == "__main__":
    for figure in measure():
        print(figure)
