"""Hold'em and Stud equity: known figures, agreement with a slow reference, Monte Carlo, errors."""

from __future__ import annotations

import pytest
from drawpoker import InvalidArgumentError, InvalidCardError, _core, equity, parse_cards
from drawpoker.analysis.equity import GAMES
from drawpoker.engine import registry
from equity_reference import assert_matches_reference, reference_equity
from hypothesis import given, settings
from hypothesis import strategies as st


def cards(text: str) -> list[int]:
    return parse_cards(text)


def test_ace_king_suited_against_queens_preflop_exactly():
    result = equity(["AsKs", "QhQd"])
    assert result.exact
    assert result.outcomes == 1_712_304
    ak, qq = result.players
    assert (ak.wins, qq.wins, ak.ties, qq.ties) == (787_966, 917_606, 6_732, 6_732)
    assert ak.equity == pytest.approx((787_966 + 6_732 / 2) / 1_712_304, abs=1e-15)
    assert ak.equity + qq.equity == pytest.approx(1.0, abs=1e-15)


@pytest.mark.parametrize(
    ("hands", "board", "dead"),
    [
        (["AsKs", "QhQd"], "2s 7s Jd 9c", ""),
        (["Ah2h", "KcKd", "7s8s"], "3h 4h 9c", "Qh Tc"),
        (["9h9s", "TdJd", "2c2d", "AsQs"], "Ks Kc Kd 5s", ""),
        (["7h6h", "5h4h"], "8h 9h Th", "Jh"),
        (["AcKc", "AdKd", "AhKh"], "Qs Js 2c 3d", ""),
        (["5c5d", "6h7h"], "2h 8h Kd Ac 3h", ""),
    ],
)
def test_holdem_agrees_with_the_reference(hands: list[str], board: str, dead: str):
    result = equity(hands, board, dead)
    reference = reference_equity([cards(h) for h in hands], cards(board), cards(dead), 2, 5)
    assert_matches_reference(result, reference)


@pytest.mark.parametrize(
    ("hands", "dead"),
    [
        (["As Ad 7c 8c 9h Kd", "Ks Kh Qd Jd Td 2s"], "3c 4c"),
        pytest.param(  # the reference walks every deal in Python
            ["2c 3c 4c 5c 9d Js", "Ah Ad Kh Kd Qs 2s", "7s 7h 7d 6s 5s 4s"],
            "Jh Jd",
            marks=pytest.mark.slow,
        ),
        (["Ts Js Qs Ks 2d 3d 9c", "Ah Ac 8h 8c 4d 4h"], "As"),
    ],
)
def test_stud_agrees_with_the_reference(hands: list[str], dead: str):
    result = equity(hands, dead=dead, game="stud")
    reference = reference_equity([cards(h) for h in hands], [], cards(dead), 7, 0)
    assert_matches_reference(result, reference)


def test_split_pot_when_the_board_plays():
    result = equity(["2c3d", "2h3s"], board="Ah Kh Qh Jh Th")
    assert [(p.wins, p.ties, p.equity, p.tie_equity) for p in result.players] == [
        (0, 1, 0.5, 0.5),
        (0, 1, 0.5, 0.5),
    ]


def test_monte_carlo_lands_within_a_few_standard_errors_of_the_exact_value():
    exact = equity(["AsKs", "QhQd", "7c8c"], board="Ts 9d 2s")
    sampled = equity(
        ["AsKs", "QhQd", "7c8c"], board="Ts 9d 2s", max_outcomes=100, samples=40_000, seed=5
    )
    assert not sampled.exact
    assert sampled.outcomes == 40_000
    for mc, ex in zip(sampled.players, exact.players, strict=True):
        assert 0 < mc.std_error < 0.01
        assert abs(mc.equity - ex.equity) < 4 * mc.std_error


def test_stud_third_street_samples_and_the_seed_replays():
    hands = ["Ah Ad 7c", "Kh Ks Qd", "9s 8s 7s"]
    first = equity(hands, game="stud", samples=30_000, seed=11)
    again = equity(hands, game="stud", samples=30_000, seed=11)
    other = equity(hands, game="stud", samples=30_000, seed=12)
    assert not first.exact
    assert first == again
    assert first != other
    assert sum(p.equity for p in first.players) == pytest.approx(1.0)


def test_monte_carlo_of_stud_agrees_with_exact_enumeration():
    hands = ["As Ad 7c 8c 9h", "Ks Kh Qd Jd Td"]
    exact = equity(hands, game="stud")
    sampled = equity(hands, game="stud", max_outcomes=0, samples=60_000, seed=3)
    assert exact.exact
    assert exact.outcomes == 861 * 780
    for mc, ex in zip(sampled.players, exact.players, strict=True):
        assert abs(mc.equity - ex.equity) < 4 * mc.std_error


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        ({"hands": ["AsKs", "Qh"]}, InvalidArgumentError, "player 1 has 1 cards"),
        ({"hands": ["AsKsQd", "QhQc"]}, InvalidArgumentError, "player 0 has 3 cards"),
        ({"hands": ["AsKs", "QhQd"], "board": "2c3c"}, InvalidArgumentError, "board"),
        ({"hands": ["AsKs", "AsQd"]}, InvalidCardError, "duplicate card As"),
        ({"hands": ["AsKs", "QhQd"], "board": "Qh 2c 3c"}, InvalidCardError, "duplicate"),
        ({"hands": ["AsKs", "QhQd"], "dead": "Ks"}, InvalidCardError, "duplicate"),
        ({"hands": ["AsKs"]}, InvalidArgumentError, "2 to 10 players"),
        ({"hands": ["AsKs"] * 11}, InvalidArgumentError, "2 to 10 players"),
        (
            {"hands": ["As Ks Qs Js", "Ah Kh Qh Jh"], "game": "stud", "board": "2c 3c 4c"},
            InvalidArgumentError,
            "no board",
        ),
        ({"hands": [""] * 9, "game": "stud"}, InvalidArgumentError, "only 52 are left"),
        ({"hands": ["AsKs", "QhQd"], "game": "bridge"}, InvalidArgumentError, "unknown game"),
        ({"hands": "AsKs QhQd"}, InvalidArgumentError, "one entry per player"),
        ({"hands": ["AsKs", "QhQd"], "samples": -1}, InvalidArgumentError, "samples"),
        (
            {"hands": ["AsKs", "QhQd"], "max_outcomes": 5, "samples": 0},
            InvalidArgumentError,
            "exceed the budget",
        ),
        ({"hands": [[51, 60], "QhQd"]}, InvalidCardError, "60"),
        ({"hands": ["AsKx", "QhQd"]}, InvalidCardError, "Kx"),
    ],
)
def test_bad_input_raises_a_clear_error(kwargs: dict, error: type, message: str):
    with pytest.raises(error, match=message):
        equity(**kwargs)


def test_ten_players_fit_but_stud_deck_limit_is_enforced():
    holes = ["AsKs", "AhKh", "AdKd", "AcKc", "QsJs", "QhJh", "QdJd", "QcJc", "Ts9s", "Th9h"]
    result = equity(holes, board="2c 3d 4h")
    assert result.exact
    assert sum(p.equity for p in result.players) == pytest.approx(1.0)
    seven = equity(["2c 3c 4c"] + [""] * 6, game="stud", samples=2_000)
    assert len(seven.players) == 7


def test_cli_equity_prints_each_hand_and_refuses_bad_input(capsys):
    from drawpoker.cli import main

    assert main(["equity", "AsKs", "QhQd", "--board", "Ts 9d 2s", "--max-outcomes", "0"]) == 0
    out = capsys.readouterr().out
    assert "As Ks: equity" in out and "±" in out and "Monte Carlo, 200,000 samples" in out
    assert main(["equity", "AsKs", "AsQd"]) == 2
    assert "duplicate card As" in capsys.readouterr().out


@settings(max_examples=15, deadline=None)
@given(st.integers(2, 4), st.sampled_from([4, 5]), st.randoms(use_true_random=False))
def test_random_turn_and_river_spots_agree_with_the_reference(players, board_size, rng):
    deck = list(range(52))
    rng.shuffle(deck)
    hands = [deck[2 * p : 2 * p + 2] for p in range(players)]
    board = deck[2 * players : 2 * players + board_size]
    dead = deck[2 * players + board_size : 2 * players + board_size + rng.randrange(3)]
    result = equity(hands, board, dead)
    assert_matches_reference(result, reference_equity(hands, board, dead, 2, 5))


def test_equity_reads_the_game_from_its_spec_and_refuses_a_draw_game():
    draws = {name for name in registry.GAMES if not _core.equity_scores(registry.game(name).rules)}
    assert draws == {"five-card-draw", "2-7-single-draw", "2-7-triple-draw", "badugi"}
    assert set(GAMES) == set(registry.GAMES) - draws
    with pytest.raises(InvalidArgumentError, match="equity cannot score badugi: it draws cards"):
        _core.equity(registry.game("badugi").rules, [[0, 1, 2, 3], [4, 5, 6, 7]], [], [], 10, 0, 0)
