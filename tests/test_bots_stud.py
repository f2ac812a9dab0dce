"""The stud CPU players (Seven-Card Stud, Razz, Stud Hi/Lo): legal play through the table,
seeding, the third-street rules, reading boards as the engine does, deciding from the seat's
view alone, and beating the check/call player."""

from __future__ import annotations

import random
from itertools import combinations

import pytest
from bot_matches import assert_reproducible, cpu_table
from drawpoker.bots import (
    SEEDED_BOTS,
    CheckCallBot,
    StudRulesBot,
    StudStrongBot,
    make_bot,
    restore_bot,
    saved_bot,
)
from drawpoker.bots.stud import high_level, low_level, steal_spot, third_street_downs
from drawpoker.bots.stud_reading import (
    Sight,
    board_key,
    high_draws,
    low_key,
    third_street,
)
from drawpoker.cards import parse_cards
from drawpoker.engine import Hand, game
from drawpoker.errors import InvalidCardError
from drawpoker.table import Table, TableSettings
from drawpoker.table.player import Player

STUD_GAMES = ("stud", "razz", "stud-hi-lo")


def score(cards: str, seen: str = "", name: str = "stud") -> int:
    return third_street(parse_cards(cards), parse_cards(seen), name).score


def test_the_stud_players_are_registered_for_every_stud_game() -> None:
    assert StudRulesBot in SEEDED_BOTS and StudStrongBot in SEEDED_BOTS
    for name in STUD_GAMES:
        assert type(make_bot("rules", 1, game=name)) is StudRulesBot
        assert type(make_bot("strong", 1, game=name)) is StudStrongBot
        saved = saved_bot(make_bot("strong", 7, game=name), 0)
        assert type(restore_bot(saved)) is StudStrongBot


# ---------------------------------------------------------------- third street


def test_stud_third_street_order_of_starting_hands() -> None:
    ranked = [
        score("7c 7d 7h"),  # rolled up
        score("Ac Ad 4h"),  # a big pair
        score("Jc Jd 4h"),
        score("Tc Td 4h"),
        score("Kh 8h 4h"),  # three live hearts
        score("6c 6d 4h"),  # a small pair
        score("9c Td Jh"),  # three to a straight
        score("Kc 2d 7h"),  # nothing
    ]
    assert ranked == sorted(ranked, reverse=True) and len(set(ranked)) >= 6
    assert ranked[0] == 10 and ranked[-1] == 0


@pytest.mark.parametrize("family", ["stud", "razz", "stud-hi-lo"])
def test_third_street_downs_read_from_the_tables_are_the_pairs_that_score_four(
    family: str,
) -> None:
    """The down pairs a strong player draws for a third-street raiser, read from the shipped
    tables, are the pairs under the up card whose three cards score 4 or more, in order."""
    for up in (0, 17, 30, 51):
        pairs = [(a, b) for a, b in combinations(range(52), 2) if up not in (a, b)]
        expected = [(a, b) for a, b in pairs if third_street([a, b, up], [], family).score >= 4]
        assert third_street_downs(family, up) == expected, (family, up)


def test_stud_third_street_counts_live_cards_and_overcards() -> None:
    assert score("Qc Qd 4h") > score("Qc Qd 4h", "Qs") > score("Qc Qd 4h", "Qs Qh")  # the pair
    assert score("8c 8d 4h") > score("8c 8d 4h", "Kd")  # an overcard showing
    assert score("6c 6d As") > score("6c 6d 4h")  # an ace kicker
    assert score("Kh 8h 4h") > score("Kh 8h 4h", "2h 5h") > score("Kh 8h 4h", "2h 5h 9h Th")
    assert score("9c Td Jh") > score("9c Td Jh", "7s 7d 7h 8c 8d Qs Qd Kc Kd")  # its cards out


def test_razz_third_street_wants_three_low_cards() -> None:
    order = [score(h, name="razz") for h in ("Ac 2d 3h", "Ac 4d 6h", "2c 5d 7h", "3c 5d 8h")]
    assert order == sorted(order, reverse=True) and order[-1] >= 5
    assert score("Ac 2d Kh", name="razz") < 4  # a king: fold
    assert score("3c 3d 5h", name="razz") < 4  # a pair: fold
    assert score("Kc Kd Kh", name="razz") == 0  # rolled-up kings are the worst
    assert score("2c 4d 6h", "Ad 3s 5c 7h", "razz") < score("2c 4d 6h", "Kd Qs Jc Th", "razz")


def test_stud_hi_lo_third_street_three_lows_and_aces() -> None:
    assert score("Ac Ad 9s", name="stud-hi-lo") == 9
    assert score("Ac 2d 4h", name="stud-hi-lo") == 8  # three low with an ace
    assert score("3c 5d 7h", name="stud-hi-lo") >= 6
    assert score("Kc Kd 9s", name="stud-hi-lo") == 6  # no ace showing, the kings live
    assert score("Kc Kd 9s", "As", "stud-hi-lo") == 3  # an ace showing over them
    assert score("9c 9d Ks", name="stud-hi-lo") < 4  # middle pairs are trouble


def test_steal_spot_reads_the_best_up_card() -> None:
    def spot(family: str, mine: str, others: str) -> bool:
        up = tuple(parse_cards(mine))
        rivals = {s: (c,) for s, c in enumerate(parse_cards(others), 1)}
        return steal_spot(Sight(family, (0, 1, *up), up, rivals, (), ()))

    assert spot("stud", "Ks", "9c Qd") and not spot("stud", "Ks", "9c Ad")
    assert spot("razz", "3s", "9c 5d") and not spot("razz", "3s", "9c Ad")
    assert spot("stud-hi-lo", "Ah", "Kc Ad")


# ---------------------------------------------------------------- later streets


def test_high_level_against_the_boards() -> None:
    def level(mine: str, *boards: str) -> int:
        cards = tuple(parse_cards(mine))
        rivals = {s: tuple(parse_cards(b)) for s, b in enumerate(boards, 1)}
        return high_level(Sight("stud", cards, cards[2:], rivals, (), ()))

    assert level("9c 9d 9h 2s", "Ac Kd") == 4
    assert level("9c 9d 2h 2s", "Ac Kd") == 3
    assert level("Kc Kd 2h 5s", "Qc Jd") == 2
    assert level("6c 6d 2h Ks", "Qc Jd") == 1  # a queen showing over the sixes
    assert level("Kc Kd 2h 5s", "Ac Ad") == 0  # the board beats the hand
    assert level("Kc Qd 2h 5s", "Jc 9d") == 0


def test_low_level_and_low_key() -> None:
    def level(mine: str, *boards: str, eight: bool = False) -> int:
        cards = tuple(parse_cards(mine))
        rivals = {s: tuple(parse_cards(b)) for s, b in enumerate(boards, 1)}
        return low_level(Sight("razz", cards, cards[2:], rivals, (), ()), eight)

    assert level("Ac 2d 3h 4s 6d", "Kc Qd 5h") == 4  # a made six-low
    assert level("Ac 2d 3h 4s 8d", "Kc Qd 5h") == 3  # a made eight-low
    assert level("Ac 2d 3h Ks", "Qc Jd") == 2  # one bad card, boards with two
    assert level("Ac 2d Kh Ks", "2c 3d") == 1
    assert level("Kc Kd Qh Qs Jd Jh", "2c 3d 4s 5h") == 0  # no low in reach
    assert low_key(parse_cards("6c 4d 2h")) > low_key(parse_cards("7c 3d 2h"))


def test_high_draws_count_live_outs_once() -> None:
    assert high_draws(parse_cards("Ah 9h 4h 2h"), []) == 9
    assert high_draws(parse_cards("Ah 9h 4h 2h"), parse_cards("Kh Qh 3h")) == 6
    assert high_draws(parse_cards("5h 6h 7h 8h Kc"), []) == 9 + 6  # flush and open-ended
    assert high_draws(parse_cards("5h 6h 7h 8h 9h"), []) == 0  # made


def test_r_split_1_the_bots_score_a_showdown_with_the_games_own_parts() -> None:
    """The common-card equity scores its deals by the engine's showdown (no scorer of its own)."""
    shares = lambda name, hands, board=(): game(name).rules.showdown_shares(hands, board)  # noqa: E731
    scoop = [parse_cards("Ac 2c 3c 4c 5c Kd Kh"), parse_cards("Qs Qd Qh 9c 9d Tc Jd")]
    assert shares("stud-hi-lo", scoop) == [1.0, 0.0]  # a straight flush and the wheel
    no_low = [parse_cards("Kc Kd 9h 9s Tc Td Qh"), parse_cards("As Ad Qs Qd Jh Js 9c")]
    assert shares("stud-hi-lo", no_low) == [0.0, 1.0]
    split = [parse_cards("As 2s 3d 4c 8h Kd Kc"), parse_cards("Qs Qd Qh 9c 9d Tc Jd")]
    assert shares("stud-hi-lo", split) == [0.5, 0.5]
    razz = [parse_cards("Ks 8d 7h 5s 3c 2d Ah"), *no_low]
    assert shares("razz", razz) == [1.0, 0.0, 0.0]
    # a common card (R-STUD-7) is the board every hand plays with
    tied = [parse_cards("As Ah Kd Kh 2c 3d"), parse_cards("Ac Ad Ks Kc 2d 3c")]
    assert shares("stud", tied, parse_cards("9h")) == [0.5, 0.5]
    # a card twice: the engine's own refusal of a repeated card, in the hands or with the board
    with pytest.raises(InvalidCardError, match=r"^duplicate card As$"):
        shares("stud", [tied[0], tied[0]])
    with pytest.raises(InvalidCardError, match=r"^duplicate card 9h$"):
        shares("stud", tied, parse_cards("9h 9h"))
    with pytest.raises(InvalidCardError, match=r"^duplicate card Kd$"):
        shares("stud", tied, parse_cards("Kd"))


def random_stud_hand(rng: random.Random, name: str, players: int) -> Hand:
    hand = Hand(game(name), [20_000] * players, players - 1, rng.randrange(2**32))
    bots = [CheckCallBot() for _ in range(players)]
    streets = rng.randrange(1, 5)
    while hand.actor is not None and hand.street < streets:
        hand.act(bots[hand.actor].choose(hand.view(hand.actor)))
    return hand


@pytest.mark.parametrize("name", STUD_GAMES)
def test_board_key_names_the_seat_the_engine_lets_act_first(name: str) -> None:
    """From fourth street the best board acts first (ties: the lowest seat); the players'
    reading of boards must agree with the engine's on random deals."""
    rng = random.Random(5)
    checked = 0
    for _ in range(150):
        hand = random_stud_hand(rng, name, rng.randrange(2, 9))
        if hand.actor is None or hand.street == 0:
            continue
        view = hand.view(0)
        low = name == "razz"
        keys = [board_key(up, low) if up else None for up in view.up_cards]
        best = max(k for k in keys if k is not None)
        assert hand.actor == keys.index(best), (view.up_cards, hand.actor)
        checked += 1
    assert checked > 60


# ---------------------------------------------------------------- play at the table


@pytest.mark.parametrize("name", STUD_GAMES)
def test_the_stud_players_play_legal_games_and_conserve_chips(name: str) -> None:
    start = game(name).default_stack
    for seed, kinds in enumerate(
        [
            ["rules", "strong", "checkcall"],
            ["strong", "rules", "rules", "strong", "checkcall", "rules"],
            ["rules", "rules"],
            ["strong", "strong"],
        ]
    ):
        table = cpu_table(name, kinds, seed=seed * 13)
        assert table.is_over and len(table.hands) == 4
        assert sum(table.stacks) == start * len(kinds)
        kinds_played = {a.kind for h in table.hands for a in h.actions}
        assert kinds_played <= {"bring-in", "fold", "check", "call", "bet", "raise"}


def test_eight_players_to_seventh_street_share_a_common_card() -> None:
    """Eight check/call players reach seventh street with too few cards left: the common card
    (R-STUD-7) is dealt, and the strong player's equity there is its own sampling."""
    cpu: dict[int, Player] = {s: CheckCallBot() for s in range(7)}
    cpu[7] = StudStrongBot(seed=3, samples=200)
    table = Table(game("stud"), 8, seed=2, cpu=cpu, settings=TableSettings(rounds=2))
    table.play_cpu()
    assert table.is_over and sum(table.stacks) == 8 * game("stud").default_stack
    assert any(hand.board for hand in table.hands)
    last = next(hand for hand in table.hands if hand.board)
    assert any(a.kind != "call" for a in last.actions)


@pytest.mark.parametrize("name", STUD_GAMES)
def test_the_stud_players_are_reproducible(name: str) -> None:
    assert_reproducible(name, ["rules", "strong", "rules", "checkcall"], seed=21, rounds=3)


@pytest.mark.parametrize("name", STUD_GAMES)
@pytest.mark.parametrize("kind", ["rules", "strong"])
def test_the_stud_players_decide_from_their_view_alone(name: str, kind: str) -> None:
    """Two deals that differ only in cards seat 0 cannot see (the others' down cards) give seat
    0 the same view, so the same seeded player must act the same."""
    rng = random.Random(8)
    for _ in range(12):
        cards = rng.sample(range(52), 52)
        mine, theirs, rest = cards[:2], cards[2:6], cards[6:]
        other = rest[:4]
        # three seats, button 2: the deal starts at seat 0; seat 0's down cards are deck[0], [3]
        first = [mine[0], theirs[0], theirs[1], mine[1], theirs[2], theirs[3], *rest[4:]]
        second = [mine[0], other[0], other[1], mine[1], other[2], other[3], *rest[4:]]
        hands = [Hand(game(name), [20_000] * 3, 2, 0, deck=deck) for deck in (first, second)]
        for hand in hands:  # everyone to act before seat 0 calls or brings in
            while hand.actor != 0:
                hand.act(CheckCallBot().choose(hand.view(hand.actor)))
        views = [hand.view(0) for hand in hands]
        assert views[0].up_cards == views[1].up_cards and views[0].cards == views[1].cards
        choices = [make_bot(kind, seed=4, game=name).choose(view) for view in views]
        assert choices[0] == choices[1]


def big_bets_per_100(name: str, kind: str, hands: int, seed: int = 0) -> float:
    """Six seats, three of them ``kind`` against three check/call players (alternate seats,
    swapped each hand), each hand from fresh stacks of 50 big bets: the ``kind`` seats' net
    chips in big bets per 100 hands per seat."""
    spec = game(name)
    big = spec.settings.big_bet  # type: ignore[attr-defined]
    stack = 50 * big
    net = 0
    for number in range(hands):
        bots: list[Player] = [
            make_bot(kind, seed=seed + 1000 * number + s, game=name)
            if (s + number) % 2 == 0
            else CheckCallBot()
            for s in range(6)
        ]
        hand = Hand(spec, [stack] * 6, 5, seed, number=number)
        while (seat := hand.actor) is not None:
            hand.act(bots[seat].choose(hand.view(seat)))
        net += sum(hand.stacks[s] - stack for s in range(6) if (s + number) % 2 == 0)
    return net / big / (hands * 3) * 100


@pytest.mark.parametrize("name", STUD_GAMES)
@pytest.mark.parametrize(("kind", "hands"), [("rules", 300), ("strong", 120)])
def test_the_stud_players_beat_check_call(name: str, kind: str, hands: int) -> None:
    won = big_bets_per_100(name, kind, hands, seed=1)
    assert won > 10, f"{kind} in {name}: {won:+.1f} big bets per 100 hands over {hands} hands"
