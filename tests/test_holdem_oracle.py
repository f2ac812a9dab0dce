"""Self-checks of the PokerKit no-limit hold'em oracle (tests/holdem_oracle.py).

They would fail if the oracle misread the PHH file, mapped PokerKit's players to the wrong seats,
named actions wrongly, settled pots differently from PokerKit, or generated hands that are not
reproducible, not conserving chips, or too uniform to be worth replaying.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from collections.abc import Sequence

import pokerkit
import pytest
from holdem_oracle import (
    BLINDS,
    KINDS,
    PHH_NT_PATH,
    HoldemCase,
    OracleError,
    Played,
    Table,
    card_index,
    card_text,
    load_phh_cases,
    make_case,
    pokerkit_finishing_stacks,
    pokerkit_player,
    pokerkit_seat,
    random_pokerkit_case,
    random_pokerkit_cases,
    replay,
    to_pokerkit_state,
)

pytestmark = pytest.mark.pokerkit

RANDOM_COUNT = 2_000
RANDOM_SEED = 2024


@pytest.fixture(scope="module")
def phh_cases() -> list[HoldemCase]:
    return load_phh_cases(PHH_NT_PATH)


@pytest.fixture(scope="module")
def phh_raw() -> dict[str, dict[str, object]]:
    with PHH_NT_PATH.open("rb") as file:
        return tomllib.load(file)


@pytest.fixture(scope="module")
def random_cases() -> list[HoldemCase]:
    return random_pokerkit_cases(RANDOM_COUNT, RANDOM_SEED)


@pytest.fixture(scope="module")
def random_replays(random_cases: list[HoldemCase]) -> list[Played]:
    return [replay(case) for case in random_cases]


def _cards(text: str) -> tuple[int, ...]:
    return tuple(card_index(text[i : i + 2]) for i in range(0, len(text), 2))


def _hole(text: str) -> tuple[int, int]:
    first, second = _cards(text)
    return (first, second)


# Cards and seats


def test_cards_follow_drawpoker_numbering() -> None:
    assert (card_index("2c"), card_index("2s"), card_index("Kd"), card_index("As")) == (
        0,
        3,
        45,
        51,
    )
    assert [card_index(card_text(card)) for card in range(52)] == list(range(52))


@pytest.mark.parametrize("seats", range(2, 10))
def test_pokerkit_seat_mapping_is_a_rotation(seats: int) -> None:
    for button in range(seats):
        mapped = [pokerkit_seat(seats, button, k) for k in range(seats)]
        assert sorted(mapped) == list(range(seats))
        assert mapped[-1] == button  # PokerKit's last player is the button
        assert [pokerkit_player(seats, button, seat) for seat in mapped] == list(range(seats))


# The PHH file


def test_every_phh_hand_loads(phh_cases: list[HoldemCase], phh_raw: dict[str, object]) -> None:
    assert len(phh_raw) == 197
    assert len(phh_cases) == 197
    assert [case.source for case in phh_cases] == [f"NT.phhs hand {i}" for i in range(1, 198)]
    for case in phh_cases:
        assert case.button == case.seats - 1
        assert len(case.actions) == len(case.actors)
        assert all(kind in KINDS for kind, _ in case.actions)


def test_phh_neutral_form_replays_to_the_files_finishing_stacks(
    phh_cases: list[HoldemCase], phh_raw: dict[str, dict[str, object]]
) -> None:
    for case in phh_cases:
        hand = phh_raw[case.source.split()[-1]]
        # PHH p_k is seat k - 1, so the file's lists are already in seat order.
        assert list(case.stacks) == hand["starting_stacks"]
        assert list(pokerkit_finishing_stacks(case)) == hand["finishing_stacks"], case.source
        assert case.finishing_stacks == case.card_room_stacks  # odd-chip hands were taken out
        assert not case.odd_chip_split


def test_phh_cases_agree_with_pokerkits_own_phh_reader(phh_cases: list[HoldemCase]) -> None:
    with PHH_NT_PATH.open("rb") as file:
        histories = list(pokerkit.HandHistory.load_all(file))
    assert len(histories) == len(phh_cases)
    for history, case in zip(histories, phh_cases, strict=True):
        *_, state = history  # the state after the last action
        assert tuple(state.stacks) == case.finishing_stacks, case.source


def test_phh_tags_agree_with_the_files(
    phh_cases: list[HoldemCase], phh_raw: dict[str, dict[str, object]]
) -> None:
    compared = {"showdown", "all_in", "side_pot", "split_pot"}
    for case in phh_cases:
        tags = phh_raw[case.source.split()[-1]]["_tags"]
        assert isinstance(tags, list)
        assert set(tags) & compared == case.tags & compared, case.source


def test_phh_mix(phh_cases: list[HoldemCase]) -> None:
    counts = Counter(tag for case in phh_cases for tag in case.tags)
    assert counts["heads_up"] == 27
    assert counts["showdown"] == 163
    assert counts["side_pot"] == 83
    assert counts["antes"] > 50  # the file is not ante-free: uniform and big-blind antes
    assert Counter(case.seats for case in phh_cases) == {6: 63, 4: 42, 3: 35, 5: 30, 2: 27}


def test_phh_heads_up_hand_seat_mapping(
    phh_cases: list[HoldemCase], phh_raw: dict[str, dict[str, object]]
) -> None:
    # Hand 3: p1 posts the big blind (5), p2 is the button and posts the small blind (2) and acts
    # first before the flop; after the flop p1 acts first.
    case = phh_cases[2]
    assert phh_raw["3"]["blinds_or_straddles"] == [2, 5]
    assert (case.seats, case.button, case.small_blind_seat, case.big_blind_seat) == (2, 1, 1, 0)
    assert case.stacks == (52, 730)
    assert case.hole == (_hole("Kd2h"), _hole("Th4h"))
    assert case.actions[:3] == (("call", 0), ("raise", 10), ("call", 0))
    assert case.actors[:5] == (1, 0, 1, 0, 1)  # the button completes, the big blind raises
    assert case.actions[3] == ("bet", 5)  # the big blind opens the flop
    state = to_pokerkit_state(case)
    blinds = [
        (op.player_index, op.amount)
        for op in state.operations
        if isinstance(op, pokerkit.BlindOrStraddlePosting)
    ]
    assert sorted(blinds) == [(0, 5), (1, 2)]  # PokerKit's p1 (index 0) posts the big blind
    assert case.finishing_stacks == (0, 782)


def test_phh_heads_up_big_blind_ante(phh_cases: list[HoldemCase]) -> None:
    # Hand 70: antes = [0, 10] heads-up; PokerKit reverses them like the blinds, so p1 (the big
    # blind, seat 0) antes 10. The button folds its small blind: seat 0 wins 5.
    case = phh_cases[69]
    assert (case.seats, case.antes, case.big_blind_seat) == (2, (10, 0), 0)
    assert case.actions == (("fold", 0),) and case.actors == (1,)
    assert case.finishing_stacks == (case.stacks[0] + 5, case.stacks[1] - 5)


def test_phh_six_handed_hand_seat_mapping(phh_cases: list[HoldemCase]) -> None:
    # Hand 2: six players, p1 small blind 2, p2 big blind 5, p6 the button; p3 (seat 2) acts
    # first before the flop. p2 raises all-in to 51; p4 (seat 3) bets its last 3 chips on the
    # flop, less than a big blind, which reopens nothing for p3, who had checked.
    case = phh_cases[1]
    assert (case.seats, case.button, case.small_blind_seat, case.big_blind_seat) == (6, 5, 0, 1)
    assert (case.small_blind, case.big_blind) == (2, 5)
    assert case.actors[:6] == (2, 3, 4, 5, 0, 1)
    assert case.actions[5] == ("raise", 51)
    assert case.actors[11:14] == (2, 3, 4) and case.actions[11:14] == (
        ("check", 0),
        ("bet", 3),
        ("call", 0),
    )
    assert case.actions[14] == ("call", 0)  # p3 may only call the short bet
    assert case.finishing_stacks == (112, 214, 434, 0, 273, 658)


def test_phh_big_blind_ante_is_posted_by_the_big_blind(phh_cases: list[HoldemCase]) -> None:
    bb_antes = [c for c in phh_cases if c.seats > 2 and sum(1 for a in c.antes if a) == 1]
    assert bb_antes
    for case in bb_antes:
        assert case.antes[case.big_blind_seat] > 0


# Turn order and action names, checked from PokerKit's operations in seat terms


def _check_order(case: HoldemCase, played: Played) -> None:
    n = case.seats
    ops = played.state.operations
    stacks = list(case.stacks)
    bets = [0] * n
    folded: set[int] = set()
    street = 0
    previous: int | None = None
    kinds = iter(case.actions)

    def active(seat: int) -> bool:
        return seat not in folded and stacks[seat] > 0

    def next_active(after: int) -> int:
        return next(s for s in ((after + i) % n for i in range(1, n + 1)) if active(s))

    for op in ops:
        if isinstance(op, pokerkit.AntePosting):
            seat = pokerkit_seat(n, case.button, op.player_index)
            assert op.amount == case.antes[seat]
            stacks[seat] -= op.amount
        elif isinstance(op, pokerkit.BlindOrStraddlePosting):
            seat = pokerkit_seat(n, case.button, op.player_index)
            blind = {case.small_blind_seat: case.small_blind, case.big_blind_seat: case.big_blind}
            assert op.amount == blind[seat], case.source
            stacks[seat] -= op.amount
            bets[seat] = op.amount
        elif isinstance(op, pokerkit.BoardDealing):
            street += 1
            bets = [0] * n
            previous = None
        elif isinstance(
            op,
            pokerkit.Folding | pokerkit.CheckingOrCalling | pokerkit.CompletionBettingOrRaisingTo,
        ):
            seat = pokerkit_seat(n, case.button, op.player_index)
            assert active(seat), case.source
            if previous is None:  # first to act: left of the big blind, then left of the button
                start = case.big_blind_seat if street == 0 else case.button
                assert seat == next_active(start), case.source
            else:
                assert seat == next_active(previous), case.source
            kind, amount = next(kinds)
            if isinstance(op, pokerkit.Folding):
                assert kind == "fold"
                folded.add(seat)
            elif isinstance(op, pokerkit.CheckingOrCalling):
                assert kind == ("check" if op.amount == 0 else "call"), case.source
                stacks[seat] -= op.amount
                bets[seat] += op.amount
            else:
                expected = "bet" if street > 0 and not any(bets) else "raise"
                assert (kind, amount) == (expected, op.amount), case.source
                stacks[seat] -= op.amount - bets[seat]
                bets[seat] = op.amount
            previous = seat
    assert next(kinds, None) is None


def test_phh_turn_order_and_action_names(phh_cases: list[HoldemCase]) -> None:
    for case in phh_cases:
        _check_order(case, replay(case))


def test_random_turn_order_and_action_names(
    random_cases: list[HoldemCase], random_replays: list[Played]
) -> None:
    for case, played in zip(random_cases, random_replays, strict=True):
        _check_order(case, played)


# Random hands


def test_random_cases_are_as_many_as_asked(random_cases: list[HoldemCase]) -> None:
    assert len(random_cases) == RANDOM_COUNT


def test_random_cases_are_reproducible(random_cases: list[HoldemCase]) -> None:
    again = random_pokerkit_cases(40, RANDOM_SEED)
    assert again == random_cases[:40]
    assert random_pokerkit_case(RANDOM_SEED, 123) == random_cases[123]
    assert random_cases[7].source == f"random seed {RANDOM_SEED} hand 7"
    other = random_pokerkit_cases(40, RANDOM_SEED + 1)
    assert sum(a.hole == b.hole for a, b in zip(other, again, strict=True)) == 0


def test_random_cases_replay_to_their_finishing_stacks(
    random_cases: list[HoldemCase], random_replays: list[Played]
) -> None:
    for case, played in zip(random_cases, random_replays, strict=True):
        assert played.finishing_stacks == case.finishing_stacks, case.source
        assert played.actors == case.actors
        assert played.board == case.board


def test_remembered_hands_change_nothing(
    phh_cases: list[HoldemCase], random_cases: list[HoldemCase]
) -> None:
    """The oracle plays with a hand class that remembers evaluations; plain PokerKit agrees."""
    for case in phh_cases[::4] + random_cases[:150]:
        assert pokerkit_finishing_stacks(case, plain=True) == case.finishing_stacks, case.source


def test_random_cases_conserve_chips(random_cases: list[HoldemCase]) -> None:
    for case in random_cases:
        total = sum(case.stacks)
        assert sum(case.finishing_stacks) == total == sum(case.card_room_stacks), case.source
        assert min(case.finishing_stacks) >= 0 and min(case.card_room_stacks) >= 0
        if case.finishing_stacks != case.card_room_stacks:
            assert case.odd_chip_split


def test_random_tables_are_valid(random_cases: list[HoldemCase]) -> None:
    for case in random_cases:
        n = case.seats
        assert 2 <= n <= 9 and 0 <= case.button < n
        assert (case.small_blind, case.big_blind) in BLINDS
        assert all(stack >= case.big_blind for stack in case.stacks)
        assert not any(case.antes)
        cards = [c for pair in case.hole for c in pair] + list(case.board)
        assert len(set(cards)) == len(cards) and all(0 <= c < 52 for c in cards)
        assert len(case.board) in (0, 3, 4, 5)
        assert "showdown" not in case.tags or len(case.board) == 5


def test_random_mix_is_varied(random_cases: list[HoldemCase]) -> None:
    tags = Counter(tag for case in random_cases for tag in case.tags)
    seats = Counter(case.seats for case in random_cases)
    kinds = Counter(kind for case in random_cases for kind, _ in case.actions)
    print(f"\ntags {dict(tags)}\nseats {dict(sorted(seats.items()))}\nactions {dict(kinds)}")
    changed = sum(c.finishing_stacks != c.card_room_stacks for c in random_cases)
    print(f"card-room stacks differ from PokerKit's in {changed} cases")
    share = {tag: count / len(random_cases) for tag, count in tags.items()}
    assert share["showdown"] > 0.5
    assert share["all_in"] > 0.4
    assert share["side_pot"] > 0.2
    assert share["multiway_all_in"] > 0.1
    assert share["heads_up"] > 0.15
    assert tags["split_pot"] >= 30
    assert tags["odd_chip"] >= 10
    for street in ("preflop", "flop", "turn", "river"):
        assert tags[street] >= 20, street
    assert set(seats) == set(range(2, 10))
    assert set(kinds) == set(KINDS)
    assert {(c.small_blind, c.big_blind) for c in random_cases} == set(BLINDS)
    assert len({c.button == c.seats - 1 for c in random_cases}) == 2
    short_all_in_raises = sum(
        1
        for case in random_cases
        for kind, amount in case.actions
        if kind in ("bet", "raise") and amount < 2 * case.big_blind
    )
    assert short_all_in_raises > 0


def test_random_cases_with_antes() -> None:
    cases = random_pokerkit_cases(150, 11, antes=True)
    with_antes = [case for case in cases if any(case.antes)]
    assert 60 < len(with_antes) < 140
    uniform = [c for c in with_antes if len(set(c.antes)) == 1]
    big_blind = [c for c in with_antes if len(set(c.antes)) > 1]
    assert uniform and big_blind
    for case in big_blind:
        assert case.antes[case.big_blind_seat] == case.big_blind
    for case in with_antes:
        assert pokerkit_finishing_stacks(case) == case.finishing_stacks
        assert sum(case.finishing_stacks) == sum(case.stacks)


# Hand-written hands: the settlement and the card-room rules


def _table(stacks: Sequence[int], button: int, blinds: tuple[int, int]) -> Table:
    return Table(len(stacks), button, blinds[0], blinds[1], (0,) * len(stacks), tuple(stacks))


def test_three_way_split_with_two_odd_chips() -> None:
    # Four seats, button 0: seat 3 shoves, seats 0 and 2 call, the small blind (seat 1) folds its
    # 2; a royal flush on board splits 302 three ways: 100 each and 2 odd chips. PokerKit gives
    # both to the first winner left of the button (seat 2); the card room one each to seats 2, 3.
    case = make_case(
        _table([100] * 4, 0, (2, 5)),
        [_hole("2c3d"), _hole("4c5d"), _hole("2d3c"), _hole("2h3h")],
        _cards("AsKsQsJsTs"),
        [("raise", 100), ("call", 0), ("fold", 0), ("call", 0)],
        "three-way split",
    )
    assert case.actors == (3, 0, 1, 2)
    assert case.finishing_stacks == (100, 98, 102, 100)
    assert case.card_room_stacks == (100, 98, 101, 101)
    assert case.odd_chip_split and {"split_pot", "odd_chip", "showdown"} <= case.tags


def test_pokerkit_merges_pots_after_killing_the_losers() -> None:
    # Seat 3 is all-in for 51 and loses; seats 0 and 2 tie with queens. The main pot (205, seats
    # 0, 2, 3) and the side pot (177, seats 0 and 2) each leave an odd chip, which the card room
    # gives to seat 2 (the first left of the button) twice; PokerKit kills seat 3's hand, re-forms
    # the pots among seats 0 and 2 (one pot of 382) and splits it evenly.
    case = make_case(
        _table([300, 300, 300, 51, 300], 0, (1, 2)),
        [_hole("QsQh"), _hole("Td6h"), _hole("QdQc"), _hole("8c9c"), _hole("JdJh")],
        _cards("AhKd7c4s2h"),
        [("raise", 51), ("raise", 104), ("call", 0), ("fold", 0), ("call", 0)]
        + [("bet", 9), ("fold", 0), ("call", 0)]
        + [("check", 0)] * 4,
        "merged pots",
    )
    assert case.finishing_stacks == (378, 299, 378, 0, 196)
    assert case.card_room_stacks == (377, 299, 379, 0, 196)
    assert case.odd_chip_split and "side_pot" in case.tags


def test_two_way_odd_chip_in_one_pot_is_the_same_both_ways() -> None:
    # The shared data's pokerkit-differs NT hand 138: 1389 split two ways; both rules give the odd
    # chip to the big blind (seat 1), the first winner left of the button.
    case = make_case(
        _table([1275, 682, 1340], 2, (25, 50)),
        [_hole("Jh7c"), _hole("Qh2c"), _hole("Qc2h")],
        _cards("9s4sKc5cAs"),
        [("call", 0), ("fold", 0), ("raise", 682), ("call", 0)],
        "two-way split",
    )
    assert case.finishing_stacks == case.card_room_stacks == (1250, 695, 1352)
    assert case.odd_chip_split


def _short_all_in_table() -> tuple[Table, list[tuple[int, int]], tuple[int, ...]]:
    # Three seats, button 0 acts first before the flop; the small blind (seat 1) has 15 chips.
    table = _table([1000, 15, 1000], 0, (5, 10))
    return table, [_hole("AsAd"), _hole("KsKd"), _hole("QsQd")], _cards("2c3d4h8s9c")


def test_short_all_in_does_not_reopen_the_betting() -> None:
    # The button limps, the small blind raises all-in to 15 (5 more: not a full raise), the big
    # blind calls. PokerKit lets the button raise (a short all-in that is the round's first raise
    # reopens there); the card room does not, and neither does the oracle.
    table, hole, board = _short_all_in_table()
    start = [("call", 0), ("raise", 15), ("call", 0)]
    with pytest.raises(OracleError, match="raising is not allowed"):
        make_case(table, hole, board, [*start, ("raise", 30)], "reopen")
    state = pokerkit.NoLimitTexasHoldem.create_state(
        (
            pokerkit.Automation.ANTE_POSTING,
            pokerkit.Automation.BET_COLLECTION,
            pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
            pokerkit.Automation.CARD_BURNING,
            pokerkit.Automation.HOLE_DEALING,
        ),
        False,
        0,
        (5, 10),
        10,
        (15, 1000, 1000),  # PokerKit order: small blind, big blind, button
        3,
    )
    state.check_or_call()
    state.complete_bet_or_raise_to(15)
    state.check_or_call()
    assert state.actor_index == 2 and state.can_complete_bet_or_raise_to(30)
    calls = [*start, ("call", 0)] + [("check", 0)] * 6
    case = make_case(table, hole, board, calls, "no reopen")
    assert case.finishing_stacks == (1030, 0, 985)


@pytest.mark.parametrize(
    ("actions", "message"),
    [
        ([("bet", 20)], "it is a raise"),
        ([("raise", 15)], "outside 20..1000"),
        ([("check", 0)], "it is a call"),
        ([("call", 0), ("fold", 0), ("check", 0), ("raise", 30)], "it is a bet"),
        ([("call", 0), ("fold", 0), ("fold", 0)], "folding when checking is free"),
        ([("call", 5)], "carries no amount"),
    ],
)
def test_illegal_actions_are_refused(actions: list[tuple[str, int]], message: str) -> None:
    table, hole, board = _short_all_in_table()
    with pytest.raises(OracleError, match=message):
        make_case(table, hole, board, actions, "illegal")
