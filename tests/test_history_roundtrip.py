"""Hands played on the engine, written as PHH hand histories and read back: the house's copy
replays every action, card and stack (event for event); each seat's copy shows that seat
nothing it did not see and replays (its hidden cards filled) to the same stacks.

Thousands of random hands of every game of the engine, in the settings its variant writes
(short stacks, all-ins, side pots, partial antes, redeals, six-handed draws that reshuffle the
discards, the joker, stud bring-ins and completions, hands tabled before seventh street, hi/lo
splits), and whole table sessions of CPU players.
"""

from __future__ import annotations

import datetime
import random
from pathlib import Path
from typing import Final

import pytest
from drawpoker.bots import make_bot
from drawpoker.cards import format_cards, parse_cards
from drawpoker.engine import Action, Hand, game
from drawpoker.errors import HistoryError
from drawpoker.history import dumps, dumps_all, from_hand, load, loads
from drawpoker.history.notation import parse_action
from drawpoker.history.writer import hand_text
from drawpoker.table import Table, TableSettings
from history_helpers import random_hand, random_hands

HOLDEM_SETTINGS: Final = (
    {},
    {"ante": 10},
    {"big_blind_ante": 100},
    {"small_blind": 25, "big_blind": 50},
)
DRAW_SETTINGS: Final = (
    {},
    {"opening": "jacks"},
    {"joker": True, "draw_limit": "5"},
    {"opening": "jacks", "joker": True, "second_round": "left-of-dealer"},
    {"draw_limit": "3", "second_round": "left-of-dealer"},
    {"draw_limit": "5", "opening": "jacks"},
    {"mode": "no-bet"},
)
OTHER_SETTINGS: Final = (
    ("omaha", {}),
    ("omaha", {"ante": 10}),
    ("omaha-hi-lo", {}),
    ("omaha-hi-lo", {"heads_up_uncapped": True}),
    ("stud", {}),
    ("stud", {"ante": 0, "bring_in": 10, "small_bet": 20, "big_bet": 40}),
    ("razz", {}),
    ("stud-hi-lo", {"heads_up_uncapped": True}),
    ("2-7-single-draw", {}),
    ("2-7-single-draw", {"big_blind_ante": 100}),
    ("2-7-triple-draw", {}),
    ("2-7-triple-draw", {"ante": 10, "small_blind": 30}),
    ("badugi", {}),
    ("short-deck", {}),
    ("short-deck", {"ante": 25}),
)
"""Every other game in the settings a standard variant writes: PO, FO/8, F7S, FR, F7S/8,
N2L1D, F2L3D and FB."""
CASES: Final = [
    *(("holdem", s) for s in HOLDEM_SETTINGS),
    *(("five-card-draw", s) for s in DRAW_SETTINGS),
    *OTHER_SETTINGS,
]
PER_SETTING: Final = 300
"""Random hands a setting: 1,200 Hold'em hands (NT), 2,100 Five-Card Draw hands (_5CD), 300 to
600 of each other game."""
SEED: Final = 17
SEAT_COPIES: Final = 80
"""Hands a setting whose every seat's copy is written and replayed (1,920 hands, about 7,000
copies)."""


def _in_order(hand: Hand) -> list[int]:
    """The seats dealt in, from the seat left of the button (PHH's p1, p2, ...)."""
    order = []
    for event in hand.events:
        if event.kind == "deal":
            if event.seat in order:
                break
            order.append(event.seat)
    return order


def _known_cards(text: str) -> set[int]:
    """Every card written in a history's actions."""
    cards: set[int] = set()
    for action in loads(text)[0].actions:
        move = parse_action(action)
        cards.update(c for c in move.cards or () if c is not None)
    return cards


@pytest.fixture(scope="module")
def hands() -> dict[tuple[str, str], list[Hand]]:
    return {
        (name, repr(settings)): random_hands(name, settings, PER_SETTING, SEED)
        for name, settings in CASES
    }


@pytest.mark.parametrize(("name", "settings"), CASES, ids=[f"{n}-{s}" for n, s in CASES])
def test_house_copies_replay_every_action_card_and_stack(
    hands: dict[tuple[str, str], list[Hand]], name: str, settings: dict[str, object]
) -> None:
    played = hands[(name, repr(settings))]
    texts = dumps_all(played)
    histories = loads(texts)
    assert len(histories) == len(played) == PER_SETTING
    for hand, history in zip(played, histories, strict=True):
        again = history.play()
        assert again.events == hand.events, history.name
        assert again.stacks == hand.stacks and again.payouts == hand.payouts
        order = _in_order(hand)
        assert history.get("finishing_stacks") == [hand.stacks[s] for s in order]
        assert history.get("winnings") == [hand.payouts[s] for s in order]
        assert history.disagreement() is None
        assert from_hand(again).dumps() == from_hand(hand).dumps()  # written the same again


@pytest.mark.parametrize(("name", "settings"), CASES, ids=[f"{n}-{s}" for n, s in CASES])
def test_a_hand_is_written_at_once_as_its_history_writes_it(
    hands: dict[tuple[str, str], list[Hand]], name: str, settings: dict[str, object]
) -> None:
    """``dumps`` of a Hand (``hand_text``, the fields written in Rust at once) is the text of
    ``from_hand(...).dumps()``, for the house's copy and every seat's, with every optional
    field."""
    started = datetime.datetime(2024, 5, 6, 7, 8, 9, 123)
    for hand in hands[(name, repr(settings))][:SEAT_COPIES]:
        names = [f"O'Seat {s}" for s in range(hand.seats)]
        for seat in (None, *range(hand.seats)):
            if seat is not None and seat not in _in_order(hand):
                continue
            assert dumps(hand, seat=seat) == from_hand(hand, seat=seat).dumps()
            options = {"seat": seat, "players": names, "table": "T 1", "started": started}
            assert dumps(hand, **options) == from_hand(hand, **options).dumps()
            assert hand_text(hand, number=9, **options) == (
                from_hand(hand, number=9, **options).dumps()
            )


def test_the_random_hands_exercise_what_histories_must_carry(
    hands: dict[tuple[str, str], list[Hand]],
) -> None:
    every = [hand for played in hands.values() for hand in played]
    draws = [h for h in every if h.game.name == "five-card-draw"]
    assert sum(h.reshuffles > 0 for h in draws) >= 20  # the discards reshuffled
    assert sum(h.deal_number > 0 for h in draws) >= 300  # redeals
    assert sum(any(e.kind == "expose" for e in h.events) for h in every) >= 500  # all-in runs
    assert sum(sum(1 for p in h.payouts if p) >= 2 for h in every) >= 500  # pots split or side
    short_antes = [
        h
        for h in every
        if any(e.kind == "ante" and 0 < e.amount < h.game.forced.ante for e in h.events)
    ]
    assert len(short_antes) >= 100
    jokers = [h for h in draws if h.game.joker and any(52 in c for c in h.cards)]
    assert len(jokers) >= 100
    studs = [h for h in every if not h.game.button_moves]
    kinds = [[e.kind for e in h.events] for h in studs]
    assert sum("bring-in" in k for k in kinds) >= 300  # brought in
    assert sum("bring-in" not in k for k in kinds) >= 100  # completed instead
    # A hand tabled before seventh street, its last cards dealt after (shown again).
    assert sum("deal" in k[k.index("expose") :] for k in kinds if "expose" in k) >= 20
    lowball = [h for h in every if h.game.name in ("2-7-triple-draw", "badugi")]
    assert sum(h.reshuffles > 0 for h in lowball) >= 10
    hi_lo = [h for h in every if len(h.game.showdown) == 2]
    assert sum(any(e.kind == "low" for e in h.events) for h in hi_lo) >= 100


@pytest.mark.parametrize(("name", "settings"), CASES, ids=[f"{n}-{s}" for n, s in CASES])
def test_seat_copies_hide_what_the_seat_did_not_see_and_replay(
    hands: dict[tuple[str, str], list[Hand]], name: str, settings: dict[str, object]
) -> None:
    for hand in hands[(name, repr(settings))][:SEAT_COPIES]:
        house = loads(dumps(hand))[0]
        for seat in _in_order(hand):
            text = dumps(hand, seat=seat)
            seen = {c for e in hand.visible_events(seat) for c in e.cards}
            assert _known_cards(text) <= seen, (seat, text)
            copy = loads(text)[0]
            assert copy.outcome.stacks == house.outcome.stacks, (seat, text)
            replayed = copy.play()
            assert replayed.cards[seat] == hand.cards[seat]
            assert replayed.board == hand.board
            assert [e for e in replayed.events if e.kind in ("show", "expose", "award")] == [
                e for e in hand.events if e.kind in ("show", "expose", "award")
            ]


def test_a_seat_copy_writes_others_hidden_cards_as_unknown() -> None:
    spec = game("five-card-draw")
    hand = Hand(spec, [500, 500, 500], button=0, seed=3)
    hand.bet(20)
    hand.fold()
    hand.call()
    hand.draw(hand.cards[1][:2])
    hand.draw(hand.cards[0][:3])
    copy = dumps(hand, seat=1)
    actions = loads(copy)[0].actions
    assert actions[1] == "d dh p2 ??????????" and actions[2] == "d dh p3 ??????????"
    assert "p3 sd ??????" in actions and "d dh p3 ??????" in actions
    own = [a for a in actions if a.startswith("d dh p1")]
    assert len(own) == 2 and "?" not in "".join(own)


def test_a_stud_seat_copy_shows_the_others_up_cards_and_hides_their_down_cards() -> None:
    spec = game("stud", {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10})
    hand = Hand(spec, [100, 100, 100], button=2, deck="As Kd 2c 7c 2h 8c Qs 3d 9c Jh 4h Td")
    hand.act(Action.bring_in())  # seat 1's 3d
    hand.call()
    hand.call()
    house = loads(dumps(hand))[0].actions
    assert house[:3] == ["d dh p1 As7cQs", "d dh p2 Kd2h3d", "d dh p3 2c8c9c"]
    assert house[6:9] == ["d dh p1 Jh", "d dh p2 4h", "d dh p3 Td"]
    copy = loads(dumps(hand, seat=0))[0]
    assert copy.actions[:3] == ["d dh p1 As7cQs", "d dh p2 ????3d", "d dh p3 ????9c"]
    assert copy.actions[3:9] == house[3:9]  # the bring-in, the calls, fourth street's up cards
    assert copy.play().cards[0] == hand.cards[0]


@pytest.mark.parametrize("name", ["holdem", "five-card-draw", "stud", "omaha-hi-lo", "badugi"])
def test_table_sessions_of_cpu_players_replay(name: str) -> None:
    kinds = ("checkcall", "rules", "strong")
    for table_seed in range(3):
        rng = random.Random(table_seed)
        players = rng.randint(2, game(name).max_seats)
        cpu = {s: make_bot(kinds[(s + table_seed) % 3], seed=s, game=name) for s in range(players)}
        table = Table(
            game(name),
            [f"P{s}" for s in range(players)],
            seed=table_seed,
            cpu=cpu,
            settings=TableSettings(stack=rng.choice([300, 2000]), rounds=25),
        )
        table.play_cpu()
        histories = loads(dumps_all(table.hands, players=table.names, table=table_seed + 1))
        assert [h.get("hand") for h in histories] == [h.number for h in table.hands]
        for hand, history in zip(table.hands, histories, strict=True):
            order = _in_order(hand)
            assert history.get("players") == [table.names[s] for s in order]
            assert history.get("seats") == [s + 1 for s in order]
            assert history.get("seat_count") == players
            assert history.get("table") == table_seed + 1
            assert history.play().events == hand.events


def test_seats_without_chips_are_left_out_and_keep_their_numbers() -> None:
    hand = Hand(game("holdem"), [0, 1000, 0, 800, 600], button=3, seed=2)
    while not hand.is_over:
        hand.check_or_call()
    history = loads(dumps(hand))[0]
    assert history.get("seats") == [5, 2, 4] and history.get("seat_count") == 5
    assert history.starting_stacks == [600, 1000, 800]
    assert history.engine_seats == (5, [4, 1, 3], 3)
    assert history.play().events == hand.events


def test_a_hand_in_progress_is_written_and_replays_as_far_as_it_went() -> None:
    hand = Hand(game("holdem"), [1000] * 4, button=0, seed=9)
    hand.raise_to(300)
    hand.call()
    history = loads(dumps(hand))[0]
    replay = history.replay()
    replayed = replay.finish()
    assert not replayed.is_over and replayed.actor == hand.actor
    assert replayed.to_dict() == hand.to_dict() | {
        "seed": 0,
        "shuffles": replayed.to_dict()["shuffles"],
        "deck": replayed.deck,
    }
    assert history.get("winnings") is None
    assert history.outcome.stacks == [hand.stacks[s] for s in (1, 2, 3, 0)]


def test_replays_step_action_by_action_through_the_same_states() -> None:
    rng = random.Random(5)
    for _ in range(40):
        hand = random_hand(game("five-card-draw", {"draw_limit": "5"}), rng, 6)
        history = loads(dumps(hand))[0]
        replay = history.replay()
        applied = 0
        for text in replay:
            assert text == history.actions[replay.position - 1]
            done = replay.hand.actions
            assert done == hand.actions[: len(done)]
            applied += 1
        assert applied == len(history.actions) and replay.done
        assert replay.hand.events == hand.events
        with pytest.raises(HistoryError, match="every action has been replayed"):
            replay.step()


@pytest.mark.parametrize("name", ["stud", "razz", "stud-hi-lo"])
def test_r_stud_7_a_common_card_is_written_to_the_board_and_replays(name: str) -> None:
    """Eight players to seventh street leave four cards in the stub: one common card goes to
    the board (R-STUD-7). The house copy writes it as ``d db`` and replays; every seat's copy
    shows it (the board is public) and replays to the same stacks."""
    for seed in range(3):
        hand = Hand(game(name), [2000] * 8, button=seed, seed=seed)
        while not hand.is_over:
            hand.check_or_call()
        assert len(hand.board) == 1, seed
        text = dumps(hand)
        common = f"d db {format_cards(hand.board)}"
        assert loads(text)[0].actions.count(common) == 1
        again = loads(text)[0].play()
        assert again.events == hand.events and again.stacks == hand.stacks
        for seat in range(8):
            copy = loads(dumps(hand, seat=seat))[0]
            assert common in copy.actions
            replayed = copy.play()
            assert replayed.board == hand.board and replayed.stacks == hand.stacks
            assert replayed.cards[seat] == hand.cards[seat]


def test_seat_copies_whose_cards_pass_through_several_reshuffles_replay() -> None:
    """Two six-handed triple-draw seat copies that were once refused. In the first (p5's), p3
    draws the Jd from the fresh stub and discards it; it comes back in a reshuffle to a hidden
    hand, is discarded again unseen, and comes back in a later reshuffle as p6's last card,
    shown: the hidden discard that carried it must be a card dealt after the first of those
    reshuffles (whose pile held it), not any card dealt after some reshuffle. In the second,
    the first reshuffle's hidden discards are few enough that a later reshuffle must draw its
    cards from the second's."""
    path = Path(__file__).parent / "data" / "phh" / "seat-copy-reshuffles.phhs"
    jack, other = load(path)
    assert jack.disagreement() is None and other.disagreement() is None
    shown = next(parse_action(a) for a in jack.actions if a.startswith("p6 sm")).cards
    assert shown is not None and shown[-1] == parse_cards("Jd")[0]
    replayed = jack.play()
    assert replayed.reshuffles >= 3
    assert replayed.cards[jack.engine_seats[1][5]][-1] == parse_cards("Jd")[0]
    assert other.play().reshuffles >= 4
