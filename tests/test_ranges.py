"""Hand ranges: the notation, card removal, and range equity checked against averages of exact
hand equities computed here from :func:`drawpoker.equity` and against eval7's Monte Carlo."""

from __future__ import annotations

import itertools
import math

import eval7
import numpy as np
import pytest
from drawpoker import equity, format_cards, parse_cards
from drawpoker.analysis.range_equity import range_equity
from drawpoker.analysis.range_grid import cell_name, cell_of, equity_grid, grid_svg
from drawpoker.analysis.ranges import Range
from drawpoker.errors import InvalidArgumentError, InvalidCardError

NOTATION = [
    ("QQ+", 18),
    ("AKs", 4),
    ("AKo", 12),
    ("AK", 16),
    ("22+", 78),
    ("K9s+", 16),
    ("A2s+", 48),
    ("random", 1326),
    ("JJ-99", 18),
    ("99-JJ", 18),
    ("A5s-A2s", 16),
    ("KTo-K8o", 36),
    ("AhKh", 1),
    ("A♥K♥", 1),
    ("10h9h", 1),
    ("QQ+, AKs", 22),
    ("QQ+, AK, QQ", 34),  # a repeat counts once
    ("JJ-99, AQs+", 26),
    ("22+, A2s+, K9s+, AKo", 78 + 48 + 16 + 12),
    ("AA:0.5, KK:0.25, AhKh", 13),
    ("kk, aks", 10),
]


@pytest.mark.parametrize(("text", "count"), NOTATION)
def test_range_notation_counts(text: str, count: int) -> None:
    assert len(Range(text)) == count


def test_range_notation_names_the_right_combos() -> None:
    assert {format_cards(c) for c, _ in Range("K9s+")} == {
        f"K{s} {r}{s}" for r in "9TJQ" for s in "cdhs"
    }
    assert {format_cards(c)[0] + format_cards(c)[3] for c, _ in Range("JJ-99")} == {
        "JJ",
        "TT",
        "99",
    }
    assert all(a & 3 != b & 3 for (a, b), _ in Range("AKo"))


def test_range_weights_and_iteration() -> None:
    r = Range("AA:0.5, KK, AhAd")
    assert r.weight("AsAc") == 0.5
    assert r.weight("AdAh") == 1.0  # the later token wins
    assert r.weight("QsQc") == 0.0
    assert sorted(w for _, w in r) == [0.5] * 5 + [1.0] * 7
    assert r.total_weight == 9.5


@pytest.mark.parametrize(
    ("text", "token"),
    [
        ("QQ+, AKx", "AKx"),
        ("AAs", "AAs"),
        ("JJ-A9s", "JJ-A9s"),
        ("AKs-QJs", "AKs-QJs"),
        ("AA:2", "AA:2"),
        ("AA:x", "AA:x"),
        ("AhAh", "AhAh"),
        ("Ah", "Ah"),
        ("Z9", "Z9"),
    ],
)
def test_range_parse_errors_name_the_token(text: str, token: str) -> None:
    with pytest.raises(InvalidArgumentError, match=f"bad range token '{token}'"):
        Range(text)


def test_dead_card_removal() -> None:
    assert len(Range("QQ+", dead="Qs")) == 15
    assert len(Range("QQ+", dead="Qs Qh")) == 13
    assert len(Range("AK", dead=["As", "Kd"])) == 9
    assert len(Range("random", dead="As Kd Qh")) == math.comb(49, 2)
    assert len(Range("AKs").without("Ah Kd")) == 2
    removed = Range("QQ+, AKs").without("As")
    assert all(51 not in combo for combo, _ in removed)


def _exact_average(players: list[Range], board: str = "", dead: str = "") -> list[float]:
    """Each player's equity as the weighted average of exact equities of explicit hands,
    over every assignment of combos sharing no card (and no board or dead card)."""
    blocked = set(parse_cards(board + " " + dead))
    sums = [0.0] * len(players)
    total = 0.0
    for assignment in itertools.product(*players):
        cards = [c for combo, _ in assignment for c in combo]
        if len(set(cards)) != len(cards) or blocked.intersection(cards):
            continue
        weight = math.prod(w for _, w in assignment)
        result = equity([list(combo) for combo, _ in assignment], board, dead)
        for p, player in enumerate(result.players):
            sums[p] += weight * player.equity
        total += weight
    return [s / total for s in sums]


@pytest.mark.parametrize(
    ("texts", "board", "dead"),
    [
        (["AA, AKs", "KK, QJs"], "", ""),
        (["AA:0.5, KK", "QQ+:0.25, AKo"], "", "2c"),
        (["AhAd", "KK+", "QQ, AKs"], "2c 7d 9h", ""),
        (["TT+, AQs+", "88-66, KQs"], "Ts 7s 2d 3c", "Ah"),
        (["AKs, 72o", "QQ", "JTs", "22"], "As Kd 9c", ""),
    ],
)
def test_range_equity_is_the_average_of_exact_hand_equities(
    texts: list[str], board: str, dead: str
) -> None:
    players = [Range(t) for t in texts]
    result = equity(players, board, dead, max_outcomes=10**12)
    assert result.exact
    expected = _exact_average(players, board, dead)
    for got, want in zip(result.players, expected, strict=True):
        assert got.equity == pytest.approx(want, abs=1e-12)


def test_suit_symmetry_computes_each_matchup_once() -> None:
    # AsKs against the six queens: the queen of spades is in three combos and not in three.
    result = range_equity([Range("AsKs"), Range("QQ")])
    assert result.matchups == 2
    assert result.outcomes == 6 * math.comb(48, 5)


def test_per_combo_equities_are_hand_against_range() -> None:
    hero, villain = Range("AKs, QQ"), Range("JJ+, AQs")
    result = range_equity([hero, villain], board="Qs 8d 3c")
    combos = result.combos[0]
    assert combos.combos.shape == (len(hero.without("Qs 8d 3c")), 2)
    for row, combo in enumerate(combos.combos):
        alone = range_equity([[int(c) for c in combo], villain], board="Qs 8d 3c")
        assert combos.equity[row] == pytest.approx(alone.players[0].equity, abs=1e-12)
    assert float(np.sum(combos.frequency)) == pytest.approx(1.0)
    assert float(np.sum(combos.frequency * combos.equity)) == pytest.approx(
        result.players[0].equity
    )


def test_a_preflop_matchup_costs_the_walks_steps_not_its_boards() -> None:
    """ "QQ+, AKs" against "JJ-99, AQs+": 43 matchups after suit symmetry, each 1,712,304 boards
    but at most 185,375 steps of the walk by rank multisets, so 7,971,125 against the budget:
    exact with the default 10,000,000, sampled with one step less than it needs."""
    players = [Range("QQ+, AKs"), Range("JJ-99, AQs+")]
    default = range_equity(players)
    assert default.exact and default.matchups == 43
    assert default.outcomes == 516 * 1_712_304
    assert range_equity(players, max_outcomes=43 * 185_375).exact
    assert not range_equity(players, max_outcomes=43 * 185_375 - 1, samples=1_000).exact
    # On a flop a matchup costs its 990 boards.
    flop = range_equity(players, board="Ts 9d 2s", max_outcomes=10**12)
    assert range_equity(players, board="Ts 9d 2s", max_outcomes=flop.matchups * 990).exact
    assert not range_equity(
        players, board="Ts 9d 2s", max_outcomes=flop.matchups * 990 - 1, samples=1_000
    ).exact


def test_monte_carlo_beyond_the_budget_is_seeded_with_a_standard_error() -> None:
    players = [Range("QQ+, AKs"), Range("JJ-99, AQs+")]
    exact = range_equity(players)
    sampled = range_equity(players, max_outcomes=1_000_000, samples=50_000, seed=5)
    again = range_equity(players, max_outcomes=1_000_000, samples=50_000, seed=5)
    assert exact.exact and not sampled.exact
    assert sampled.players[0].equity == again.players[0].equity
    p = sampled.players[0]
    assert 0 < p.std_error < 0.005
    assert abs(p.equity - exact.players[0].equity) < 4 * p.std_error


def test_range_equity_matches_eval7_within_its_standard_error() -> None:
    hero, villain = "QQ+, AKs", "JJ-99, AQs+"
    ours = range_equity([Range(hero), Range(villain)], max_outcomes=10**12)
    assert ours.exact
    iterations = 40_000
    villain_range = eval7.HandRange(villain)
    frequencies = []
    theirs = []
    for row, combo in enumerate(ours.combos[0].combos):
        hand = [eval7.Card(text) for text in format_cards(combo).split()]
        estimate = eval7.py_hand_vs_range_monte_carlo(hand, villain_range, [], iterations)
        # eval7 samples one villain combo and one board per iteration: a share's variance is
        # at most p(1 - p).
        error = math.sqrt(max(estimate * (1 - estimate), 1e-4) / iterations)
        assert abs(ours.combos[0].equity[row] - estimate) < 4.5 * error, format_cards(combo)
        # The combo's frequency, computed here: the villain combos it leaves possible.
        blocked = set(int(c) for c in combo)
        frequencies.append(sum(1 for v, _ in Range(villain) if not blocked.intersection(v)))
        theirs.append(estimate)
    weights = np.array(frequencies, dtype=float) / sum(frequencies)
    eval7_range_equity = float(np.dot(weights, theirs))
    assert abs(ours.players[0].equity - eval7_range_equity) < 4.5 * math.sqrt(
        0.25 / (iterations * len(theirs))
    )


def test_range_equity_errors() -> None:
    with pytest.raises(InvalidArgumentError, match=r"hands\[1\]'s range has no combo left"):
        range_equity([Range("AK"), Range("QQ")], dead="Qs Qh Qd")
    with pytest.raises(InvalidArgumentError, match="no deal in common"):
        range_equity([Range("AsAh"), Range("AsKs, AhKh")])
    with pytest.raises(InvalidArgumentError, match="Hold'em ranges"):
        equity([Range("AA"), "KsKh"], game="stud")
    with pytest.raises(InvalidArgumentError, match=r"hands\[0\] must be two hole cards"):
        range_equity(["AsKsQs", Range("AA")])
    with pytest.raises(InvalidCardError):
        range_equity([Range("AA"), Range("KK")], board="As Ks Zz")


def test_grid_cells_and_heat_map() -> None:
    assert cell_name(0, 0) == "AA"
    assert cell_name(0, 1) == "AKs" and cell_of(*parse_cards("AhKh")) == (0, 1)
    assert cell_name(1, 0) == "AKo" and cell_of(*parse_cards("AhKd")) == (1, 0)
    grid = equity_grid(Range("AA, AKs, AKo"), [Range("QQ")], max_outcomes=10**12)
    cells = {cell_name(r, c) for r, c in zip(*np.nonzero(grid.frequency), strict=True)}
    assert cells == {"AA", "AKs", "AKo"}
    assert float(grid.frequency.sum()) == pytest.approx(1.0)
    # AKs against QQ, the average of the four suited combos' exact equities.
    aks = _exact_average([Range("AKs").without(""), Range("QQ")])[0]
    assert float(grid.equity[0, 1]) == pytest.approx(aks, abs=1e-12)
    svg = grid_svg(grid)
    assert svg.count("<rect") == 169 and "AKo" in svg
