"""What a lowball hand is worth against what the opponents' draws suggest, for
:class:`~drawpoker.bots.lowball.LowballStrongBot`.

- The opponents (:class:`OpponentModel`): a typical player is simulated once per game (8,000
  seeded deals, each drawn by the rules of thumb of :mod:`drawpoker.bots.lowball_reading` through
  every draw), and its final hands are kept by the cards it exchanged in each draw; an opponent
  who exchanged ``k`` cards in its latest draw ``j`` is then expected to end like the simulated
  players who did, the stronger of them when it bet or raised (a pat hand that never bet only
  half believed).
- Its own hand (:class:`DrawAnalysis`): the exact outcome of every discard choice
  (:func:`drawpoker.analysis.draw.discard_choices` with the strength histograms; 2-7 draws of up
  to three cards, and the four-card draw keeping a poor hand's one low card; every choice of
  badugi's four cards), each choice worth its chance to beat every opponent; with more draws to
  come a choice is valued as the best of that many draws of its cards (a rule of thumb: the final
  strength's distribution function raised to the number of draws).

>>> model = opponent_model("badugi")
>>> table = model.beat_table([0])  # an opponent who stood pat in the first draw
>>> from drawpoker import evaluate
>>> wheel, rough = evaluate("Ac 2d 3h 4s", "badugi"), evaluate("Kc Qd Jh 3s", "badugi")
>>> float(table[wheel]) > 0.95 > float(table[rough])
True
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from drawpoker import _core
from drawpoker.analysis.draw import discard_choices, draw_outcome
from drawpoker.analysis.evaluation import ranking_system
from drawpoker.bots.lowball_reading import SEVEN, badugi_discards, deuce_seven_discards
from drawpoker.bots.tables import expand, shipped
from drawpoker.engine import game

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

RULES: dict[str, Callable[[Sequence[int], int], list[int]]] = {
    "deuce-seven": deuce_seven_discards,
    "badugi": badugi_discards,
}
"""The rules-of-thumb draw of each lowball ranking."""

SIMULATED = 8_000
"""Deals simulated per game for the opponent model."""

RAISE_KEEPS = 0.4
"""The share of its likely hands that a player who raises once more in a betting round (no
limit, where each raise is large) is still likely to hold: the strongest of them."""
MIN_BUCKET = 150
"""Fewest simulated players an opponent's draw count is matched against (else the nearest
smaller count with enough is used)."""


@dataclass(frozen=True)
class OpponentModel:
    """A typical player's final strengths in one game, kept by its draws: ``finals[(j, k)]`` are
    the final strengths (sorted, weakest first) of the simulated players who exchanged ``k``
    cards in draw ``j`` (1 = the first); ``everyone`` every simulated player's final strength.

    >>> model = opponent_model("2-7-single-draw")
    >>> model.draws, model.max_strength
    (1, 7462)
    """

    ranking: str
    draws: int
    max_strength: int
    finals: dict[tuple[int, int], npt.NDArray[np.int64]]
    everyone: npt.NDArray[np.int64]

    def strengths(self, counts: Sequence[int], pressure: int = 0) -> npt.NDArray[np.int64]:
        """The final strengths an opponent who exchanged ``counts`` cards (one per draw so far)
        likely ends with; ``pressure`` 1 (it called a raise, or bet earlier in the hand) or 2 (it
        bet or raised in this round) keeps the strongest 85% or 65% of them, each level more
        (a raise more in the round, in no limit) :data:`RAISE_KEEPS` of those.

        >>> model = opponent_model("2-7-triple-draw")
        >>> len(model.strengths([1], pressure=2)) < len(model.strengths([1]))
        True
        """
        if counts:
            draw = min(len(counts), self.draws)
            k = counts[draw - 1]
            finals = None
            while k >= 0 and finals is None:
                bucket = self.finals.get((draw, k))
                if bucket is not None and len(bucket) >= MIN_BUCKET:
                    finals = bucket
                k -= 1
            if finals is None:
                finals = self.everyone
        else:
            finals = self.everyone
        if pressure:
            kept = (105 - 20 * min(pressure, 2)) * RAISE_KEEPS ** max(0, pressure - 2)
            finals = finals[len(finals) - max(1, round(len(finals) * kept / 100)) :]
        return finals

    def beat_table(self, counts: Sequence[int], pressure: int = 0) -> npt.NDArray[np.float64]:
        """The chance that each strength (the index) beats such an opponent's final hand, ties
        counted half. An opponent who stood pat in its latest draw but never bet or raised is
        half believed: half the chance against the pat hands, half against everyone (a pat
        hand that only calls is often a weak one, or a player who does not draw as the model
        does).

        >>> model = opponent_model("badugi")
        >>> table = model.beat_table([])
        >>> float(table[0]), float(table[-1]) > 0.99
        (0.0, True)
        >>> bool(model.beat_table([0], 0)[600] > model.beat_table([0], 1)[600])
        True
        """
        table = self._table(self.strengths(counts, pressure))
        if counts and counts[-1] == 0 and not pressure:
            table = (table + self._table(self.everyone)) / 2
        return table

    def _table(self, finals: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
        import numpy as np  # lazy: NumPy loads on first array use (issue 2)

        hist = np.bincount(finals, minlength=self.max_strength + 1).astype(np.float64)
        below = np.cumsum(hist) - hist
        table: npt.NDArray[np.float64] = (below + hist / 2) / len(finals)
        table[0] = 0.0
        return table


@cache
def opponent_model(name: str) -> OpponentModel:
    """The opponent model of the lowball game named ``name``: the final strengths
    :func:`simulate_finals` found, read from the shipped tables (:mod:`drawpoker.bots.tables`)
    once per process.

    >>> opponent_model("badugi").ranking
    'badugi'
    """
    import numpy as np  # lazy: NumPy loads on first array use (issue 2)

    spec = game(name)
    ranking = spec.showdown[0].ranking
    saved = shipped()["lowball-finals"][name]
    return OpponentModel(
        ranking=ranking,
        draws=sum(1 for street in spec.streets if street.draw),
        max_strength=ranking_system(ranking).max_strength,
        finals={
            _bucket(key): np.array(expand(runs), dtype=np.int64)
            for key, runs in saved["finals"].items()
        },
        everyone=np.array(expand(saved["everyone"]), dtype=np.int64),
    )


def _bucket(key: str) -> tuple[int, int]:
    """The ``(draw, count)`` a shipped key ``"draw,count"`` names."""
    draw, count = key.split(",")
    return int(draw), int(count)


def simulate_finals(name: str) -> tuple[dict[tuple[int, int], list[int]], list[int]]:
    """The final strengths of :data:`SIMULATED` seeded players of the lowball game ``name``
    drawing by the rules of thumb, kept by ``(draw, cards exchanged)``, and all of them, each
    sorted (about 1 s, so it runs offline: ``python -m drawpoker.bots.make_tables``).

    >>> finals, everyone = simulate_finals("2-7-single-draw")
    >>> model = opponent_model("2-7-single-draw")  # the shipped table is up to date
    >>> everyone == model.everyone.tolist()
    True
    >>> finals == {key: values.tolist() for key, values in model.finals.items()}
    True
    """
    spec = game(name)
    ranking = spec.showdown[0].ranking
    size = spec.streets[0].down
    draws = sum(1 for street in spec.streets if street.draw)
    rule = RULES[ranking]
    rng = random.Random(2024)
    buckets: dict[tuple[int, int], list[int]] = {}
    everyone = []
    deck = list(range(52))
    for _ in range(SIMULATED):
        rng.shuffle(deck)
        hand, top = deck[:size], size
        counts = []
        for draw in range(draws):
            thrown = rule(hand, draws - draw)
            hand = [c for c in hand if c not in thrown] + deck[top : top + len(thrown)]
            top += len(thrown)
            counts.append(len(thrown))
        final = _core.evaluate(hand, ranking)
        everyone.append(final)
        for draw, count in enumerate(counts, start=1):
            buckets.setdefault((draw, count), []).append(final)
    return {key: sorted(values) for key, values in buckets.items()}, sorted(everyone)


@dataclass(frozen=True)
class DrawAnalysis:
    """Every discard choice of a hand considered, with its exact final-strength distribution:
    ``choices[i]`` is ``(discards, strengths reached, their probabilities)`` (strengths in
    increasing order).

    >>> from drawpoker.cards import parse_cards
    >>> analysis = analyse_draw(parse_cards("Ac 2d 3h 3s"), "badugi")
    >>> len(analysis.choices)
    16
    """

    choices: tuple[tuple[tuple[int, ...], npt.NDArray[np.intp], npt.NDArray[np.float64]], ...]

    def best(self, beat: npt.NDArray[np.float64], draws: int) -> tuple[tuple[int, ...], float]:
        """The choice worth most against the chances ``beat`` (per final strength) with
        ``draws`` draws to come (this one counted), and its worth; ties go to fewer discards.

        >>> from drawpoker.cards import format_cards, parse_cards
        >>> analysis = analyse_draw(parse_cards("Ac 2d 3h 3s"), "badugi")
        >>> discards, worth = analysis.best(opponent_model("badugi").beat_table([]), 3)
        >>> format_cards(discards) in ("3h", "3s"), worth > 0.7
        (True, True)
        """
        import numpy as np  # lazy: NumPy loads on first array use (issue 2)

        best: tuple[float, int, tuple[int, ...]] | None = None
        for discards, strengths, probabilities in self.choices:
            if draws > 1 and discards:  # the best of ``draws`` tries: F(s) ** draws
                reached = np.cumsum(probabilities) ** draws
                probabilities = np.diff(reached, prepend=0.0)
            worth = float(probabilities @ beat[strengths])
            if best is None or (worth, -len(discards)) > best[:2]:
                best = (worth, -len(discards), discards)
        assert best is not None
        return best[2], best[0]


def analyse_draw(cards: Sequence[int], ranking: str, dead: Sequence[int] = ()) -> DrawAnalysis:
    """The exact analysis of a lowball hand's discard choices (:class:`DrawAnalysis`): 2-7 draws
    of up to three cards, and the four-card draw keeping its one card seven or lower when the
    hand holds no other that low; badugi every choice. ``dead`` cards are out of the stub.

    >>> from drawpoker.cards import parse_cards
    >>> len(analyse_draw(parse_cards("Kh Qd 9c 8s 2s"), "deuce-seven").choices)  # 26 + 1
    27
    """
    import numpy as np  # lazy: NumPy loads on first array use (issue 2)

    limit = "5" if ranking == "badugi" else "3"
    found = discard_choices(
        list(cards),
        dead=list(dead),
        ranking=ranking,
        limit=limit,
        objective="mean_strength",
        histograms=True,
    )
    rows = [(_thrown(cards, c.discard_mask), c.histogram) for c in found]
    if ranking == "deuce-seven":
        lows = [c for c in cards if c >> 2 <= SEVEN]
        if len({c >> 2 for c in lows}) == 1:
            thrown = [c for c in cards if c != lows[0]]
            outcome = draw_outcome(
                list(cards), thrown, dead=list(dead), ranking=ranking, histogram=True
            )
            rows.append((tuple(thrown), outcome.histogram))
    choices = []
    for discards, histogram in rows:
        assert histogram is not None
        strengths = np.flatnonzero(histogram)
        counts = histogram[strengths].astype(np.float64)
        choices.append((discards, strengths, counts / counts.sum()))
    return DrawAnalysis(tuple(choices))


def _thrown(cards: Sequence[int], mask: int) -> tuple[int, ...]:
    return tuple(c for i, c in enumerate(cards) if mask >> i & 1)
