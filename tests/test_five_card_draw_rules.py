"""Section 4 of RULES.md: Five-Card Draw in betting mode, no-bet mode, and table behaviour."""

from __future__ import annotations

import re

import pytest
from drawpoker.bots import CPU_PLAYERS, CheckCallBot, RulesOfThumbBot
from drawpoker.cards import parse_cards
from drawpoker.engine import Action, DrawSettings, FiveCardDraw, Hand
from drawpoker.errors import IllegalActionError, InvalidArgumentError
from drawpoker.table import Table, TableSettings
from engine_helpers import check_or_call, rigged, stacked_deal

LEFT = DrawSettings(second_round="left-of-dealer")


def test_r_draw_1_seats_and_button_moves_left() -> None:
    for players in (1, 7):
        with pytest.raises(InvalidArgumentError):
            Table(FiveCardDraw(), players)
    with pytest.raises(InvalidArgumentError):
        Hand(FiveCardDraw(), [100] * 7)
    cpu = {s: CheckCallBot() for s in range(4)}
    game = Table(FiveCardDraw(LEFT), 4, seed=1, cpu=cpu, settings=TableSettings(rounds=4))
    buttons = []
    while not game.is_over:
        buttons.append(game.hand.button)
        game.play_cpu(limit=1)
    buttons.append(game.hand.button)
    assert sorted(set(buttons)) == [0, 1, 2, 3]
    assert [h.button for h in game.hands] == [0, 1, 2, 3]


def test_r_draw_2_round_order_antes_deal_bet_draw_bet_showdown() -> None:
    hand = Hand(FiveCardDraw(LEFT), [500, 500, 500], button=1, seed=4)
    deck_before = list(hand.deck)
    kinds = [e.kind for e in hand.events]
    assert kinds[:3] == ["ante"] * 3 and kinds[3:] == ["deal"] * 3
    assert all(len(c) == 5 for c in hand.cards) and len(deck_before) == 52 - 15
    # One card at a time from the seat left of the dealer: seat 2 gets cards 0, 3, 6, ...
    full = hand.cards[2] + hand.cards[0] + hand.cards[1]
    dealt = [None] * 15
    for position, seat in enumerate([2, 0, 1] * 5):
        dealt[position] = hand.cards[seat][position // 3]
    assert sorted(dealt) == sorted(full)  # type: ignore[type-var]
    phases = []
    while not hand.is_over:
        phases.append(hand.phase)
        check_or_call(hand)
    assert phases == ["bet"] * 3 + ["draw"] * 3 + ["bet"] * 3
    assert [e.kind for e in hand.events][-4:-1] == ["show"] * 3


def test_r_draw_2_deal_is_one_card_at_a_time_from_left_of_dealer() -> None:
    from drawpoker.engine.dealing import shuffled

    hand = Hand(FiveCardDraw(), [500, 500, 500], button=1, seed=4)
    deck = shuffled(FiveCardDraw().deck_cards(), 4)
    assert hand.cards[2] == deck[0:15:3]
    assert hand.cards[0] == deck[1:15:3]
    assert hand.cards[1] == deck[2:15:3]


def test_r_draw_3_bets_in_units_of_two_antes() -> None:
    hand = Hand(FiveCardDraw(), [1000, 1000, 75], button=2, seed=1)
    legal = hand.legal_actions()
    assert (legal.min_to, legal.step) == (20, 20)
    for bad in (10, 30, 0):
        assert not hand.can_bet(bad)
    hand.bet(60)
    assert not hand.can_raise_to(100)  # adds 40: less than the largest raise (60)
    assert not hand.can_raise_to(130)  # not a whole number of units over the bet
    assert hand.can_raise_to(120) and hand.can_raise_to(140)
    hand.raise_to(140)
    legal = hand.legal_actions()
    assert legal.kinds == ("fold", "call") and legal.call == 65  # all-in for less is a call
    hand.call()
    assert hand.committed[2] == 75 and hand.stacks[2] == 0


def test_r_draw_3_all_in_for_less_than_a_unit() -> None:
    hand = Hand(FiveCardDraw(), [1000, 25], button=1, seed=1)
    hand.check()
    hand.bet(15)  # seat 1's whole stack after the ante, less than one unit
    assert hand.committed == [10, 25]


def test_r_draw_4_first_round_order_and_end() -> None:
    hand = Hand(FiveCardDraw(), [500] * 4, button=2, seed=6)
    assert hand.actor == 3
    assert hand.legal_actions().kinds == ("check", "bet")
    hand.check()
    hand.bet(20)
    assert hand.legal_actions().kinds == ("fold", "call", "raise")
    assert not hand.can_check()
    hand.call()
    hand.fold()
    assert hand.actor == 3 and hand.phase == "bet"  # seat 3 has not acted on the bet yet
    hand.call()
    assert hand.phase == "draw"


def _refused(hand: Hand, action: Action, message: str) -> None:
    """``action`` is refused with ``message``, and the hand is as it was."""
    before = hand.to_dict()
    assert hand.why_illegal(action) == message
    with pytest.raises(IllegalActionError, match=re.escape(message)):
        hand.act(action)
    assert hand.to_dict() == before


def test_r_draw_3_and_4_a_refused_bet_says_what_the_seat_may_do() -> None:
    hand = Hand(FiveCardDraw(), [500] * 3, button=2, seed=6)
    legal_totals = "20 to 480 in steps of 20, or 490 (all-in)"  # R-DRAW-3: units of 20, 490 left
    _refused(hand, Action("raise", 40), "no bet to raise")
    _refused(hand, Action("call"), "there is no bet to call; check instead")
    _refused(hand, Action("fold"), "there is no bet to call; check instead")
    _refused(hand, Action("shove"), "unknown action 'shove'")
    for total in (25, -5, 500):
        _refused(hand, Action("bet", total), f"{total} is not a legal total: {legal_totals}")
    hand.bet(20)
    _refused(hand, Action("bet", 40), "there is a bet: raise instead")
    _refused(hand, Action("check"), "20 to call")
    raise_totals = "40 to 480 in steps of 20, or 490 (all-in)"  # a unit more than the bet at least
    _refused(hand, Action("raise", 30), f"30 is not a legal total: {raise_totals}")
    hand.call()
    hand.call()
    assert hand.phase == "draw"
    for action in (Action("check"), Action("bet", 20), Action("fold")):
        _refused(hand, action, "it is the draw")


def test_r_draw_5_redeal_when_all_check() -> None:
    cpu = {s: CheckCallBot() for s in range(3)}
    game = Table(FiveCardDraw(), 3, seed=2, cpu={1: cpu[1], 2: cpu[2]})
    first_cards = [list(c) for c in game.hand.cards]
    game.act(1, Action.check())
    game.play_cpu()  # seats 2 and 0: seat 0 is a person
    game.act(0, Action.check())
    hand = game.hand
    assert hand.deal_number == 1 and len(game.hands) == 1
    assert game.round == 1 and hand.button == 0
    assert hand.pot == 60 and hand.stacks == [1980, 1980, 1980]
    assert [e.kind for e in hand.events].count("redeal") == 1
    assert [list(c) for c in hand.cards] != first_cards
    assert hand.phase == "bet" and hand.actor == 1


def test_r_draw_5_left_of_dealer_setting_goes_to_draw() -> None:
    hand = Hand(FiveCardDraw(LEFT), [500] * 3, seed=2)
    for _ in range(3):
        hand.check()
    assert hand.phase == "draw" and hand.deal_number == 0


def test_r_draw_6_no_one_opens_without_jacks_or_better() -> None:
    jacks = DrawSettings(opening="jacks")
    cards = {0: "Ts Td 4c 5h 9s", 1: "Jh Jc 2d 7s 8c", 2: "As Kd Qh 3c 6d"}
    hand = rigged([500] * 3, cards, settings=jacks, button=0)
    assert hand.actor == 1 and hand.can_bet(20)  # a pair of jacks opens
    hand.check()
    assert hand.legal_actions().kinds == ("check",)  # ace high may not open
    _refused(hand, Action("bet", 20), "jacks or better are needed to open")
    hand.check()
    assert not hand.can_bet(20)  # tens may not open
    hand.check()
    assert hand.deal_number == 1 and hand.pot == 60  # nobody opened: redeal, pot kept


def test_r_draw_6_non_openers_may_call_and_raise_once_opened() -> None:
    jacks = DrawSettings(opening="jacks", second_round="left-of-dealer")
    cards = {0: "Ts Td 4c 5h 9s", 1: "Qh Qc 2d 7s 8c", 2: "As Kd Qs 3c 6d"}
    hand = rigged([500] * 3, cards, settings=jacks, button=0)
    hand.bet(20)
    assert hand.can_raise_to(40) and hand.can_call()
    hand.raise_to(40)
    hand.call()
    assert hand.phase == "bet" and hand.actor == 1


def test_r_draw_6_redeal_also_with_left_of_dealer_setting() -> None:
    jacks = DrawSettings(opening="jacks", second_round="left-of-dealer")
    hand = rigged([500] * 2, {0: "2c 3d 5h 7s 9c", 1: "2d 3h 5s 7c 9d"}, settings=jacks)
    hand.check()
    hand.check()
    assert hand.deal_number == 1 and hand.phase == "bet"


def _at_draw(settings: DrawSettings, cards: dict[int, str], seats: int = 3) -> Hand:
    hand = rigged([500] * seats, cards, settings=settings, button=seats - 1)
    for _ in range(seats):
        hand.check()
    assert hand.phase == "draw"
    return hand


def test_r_draw_7_four_card_draw_needs_an_ace_kept() -> None:
    cards = {0: "As 9d 7h 4c 2s", 1: "Kh 9c 7d 4h 2d", 2: "Qs Jd 8c 6h 3s"}
    hand = _at_draw(LEFT, cards)
    assert hand.actor == 0 and hand.legal_actions().max_discards == 4
    assert hand.can_draw(parse_cards("9d 7h 4c 2s"))
    assert not hand.can_draw(parse_cards("As 9d 7h 4c"))
    assert not hand.can_draw(parse_cards("As 9d 7h 4c 2s"))
    hand.draw(parse_cards("9d 7h 4c 2s"))
    assert not hand.can_draw(parse_cards("9c 7d 4h 2d"))  # seat 1 keeps a king
    assert hand.can_draw(parse_cards("9c 7d 4h"))
    with pytest.raises(IllegalActionError):
        hand.draw(parse_cards("Qs"))  # not seat 1's card
    hand.draw(parse_cards("9c 7d 4h"))
    hand.draw()  # standing pat
    assert hand.drawn == [4, 3, 0] and hand.phase == "bet"


def test_r_draw_7_limits_three_and_five() -> None:
    cards = {0: "As 9d 7h 4c 2s", 1: "Kh 9c 7d 4h 2d"}
    three = _at_draw(DrawSettings(draw_limit="3", second_round="left-of-dealer"), cards, 2)
    assert not three.can_draw(parse_cards("9d 7h 4c 2s"))
    assert three.legal_actions().max_discards == 3
    five = _at_draw(DrawSettings(draw_limit="5", second_round="left-of-dealer"), cards, 2)
    assert five.can_draw(parse_cards("As 9d 7h 4c 2s"))


def test_r_draw_7_a_refused_discard_names_its_fault_and_its_cards() -> None:
    cards = {0: "As 9d 7h 4c 2s", 1: "Kh 9c 7d 4h 2d", 2: "Qs Jd 8c 6h 3s"}
    hand = _at_draw(LEFT, cards)

    def draw(text: str) -> Action:
        return Action.draw(parse_cards(text))

    _refused(hand, draw("As 9d 7h 4c"), "exchanging 4 cards needs an ace (or the joker) kept")
    _refused(hand, draw("Qs"), "card Qs is not in the hand")  # seat 2's card, named as text
    _refused(hand, Action("draw", cards=(29, 29)), "a card is repeated in 9d 9d")
    _refused(hand, Action("draw", cards=(99,)), "99 is not a card")
    three = _at_draw(DrawSettings(draw_limit="3", second_round="left-of-dealer"), cards)
    _refused(three, draw("9d 7h 4c 2s"), "at most 3 cards may be exchanged")


def test_r_draw_7_draw_counts_are_public_discards_private() -> None:
    hand = _at_draw(LEFT, {0: "As 9d 7h 4c 2s"})
    hand.draw(parse_cards("9d 7h"))
    for seat in range(3):
        counts = [e for e in hand.visible_events(seat) if e.kind == "draw"]
        assert [(e.seat, e.amount) for e in counts] == [(0, 2)]
        assert hand.view(seat).drawn[0] == 2
        private = [e for e in hand.visible_events(seat) if e.kind in ("discard", "receive")]
        assert bool(private) == (seat == 0)


def test_r_draw_8_reshuffle_without_the_drawers_own_discards() -> None:
    # Six players each exchanging four need 24 cards; 22 remain. Six kept aces do not exist (four
    # aces, one joker), so the limit-5 setting lets every seat exchange four.
    five = DrawSettings(draw_limit="5", second_round="left-of-dealer")
    hand = Hand(FiveCardDraw(five), [500] * 6, button=5, seed=9)
    for _ in range(6):
        hand.check()
    assert len(hand.deck) == 22
    earlier: list[int] = []
    for seat in range(6):
        discards = hand.cards[seat][:4]
        kept = hand.cards[seat][4]
        hand.draw(discards)
        new = hand.cards[seat][1:]
        assert hand.cards[seat][0] == kept
        assert not set(new) & set(discards)
        if seat == 5:
            assert [e.kind for e in hand.events].count("reshuffle") == 1
            assert set(new[2:]) <= set(earlier)  # two from the deck, two from the reshuffle
        earlier += discards
    every = [c for cards in hand.cards for c in cards]
    assert len(set(every)) == 30


def test_r_draw_9_second_round_starts_with_the_opener() -> None:
    hand = Hand(FiveCardDraw(), [500] * 4, button=0, seed=3)
    hand.check()  # seat 1
    hand.bet(20)  # seat 2 opens
    for _ in range(3):
        hand.call()
    for _ in range(4):
        hand.draw()
    assert hand.actor == 2


def test_r_draw_9_opener_folded_next_seat_to_the_left_starts() -> None:
    hand = Hand(FiveCardDraw(), [500] * 4, button=0, seed=3)
    hand.check()  # seat 1
    hand.bet(20)  # seat 2 opens
    hand.fold()  # seat 3
    hand.raise_to(40)  # seat 0
    hand.call()  # seat 1
    hand.fold()  # seat 2, the opener
    for _ in range(2):
        hand.draw()
    assert hand.actor == 0  # seat 3 folded too: the next remaining seat left of the opener


def test_r_draw_9_left_of_dealer_setting() -> None:
    hand = Hand(FiveCardDraw(LEFT), [500] * 4, button=0, seed=3)
    hand.check()
    hand.bet(20)
    for _ in range(3):
        hand.call()
    for _ in range(4):
        hand.draw()
    assert hand.actor == 1


def test_r_draw_10_showdown_best_hand_wins_ties_split() -> None:
    cards = {0: "Kc Kd 7h 7s 2c", 1: "Ac Ad 3h 4s 9c", 2: "Kh Ks 7c 7d 2d"}
    hand = rigged([300] * 3, cards, settings=LEFT, button=2)
    while not hand.is_over:
        check_or_call(hand)
    assert sorted(hand.winners) == [0, 2]
    assert hand.payouts == [15, 0, 15]
    shown = {e.seat for e in hand.events if e.kind == "show"}
    assert shown == {0, 1, 2}


def test_r_draw_11_game_ends_after_rounds_and_standings() -> None:
    cpu = {s: RulesOfThumbBot(seed=s) for s in range(3)}
    game = Table(
        FiveCardDraw(), ["Ann", "Bob", "Cy"], seed=4, cpu=cpu, settings=TableSettings(rounds=3)
    )
    game.play_cpu()
    assert game.is_over and game.round == 3 and len(game.hands) == 3
    table = game.standings()
    assert [s.score for s in table] == sorted(game.stacks, reverse=True)
    assert table[0].place == 1 and sum(s.score for s in table) == 6000
    with pytest.raises(IllegalActionError):
        game.act(0, Action.check())


def test_r_draw_11_bust_players_sit_out_and_game_ends_with_one_stack() -> None:
    cpu = {s: RulesOfThumbBot(seed=10 + s) for s in range(3)}
    game = Table(FiveCardDraw(), 3, seed=3, cpu=cpu, settings=TableSettings(stack=60, rounds=1000))
    game.play_cpu()
    assert game.is_over and game.round < 1000
    assert sorted(game.stacks)[-2:] == [0, 180]
    for hand in game.hands:
        for seat, stack in enumerate(hand.start_stacks):
            assert hand.live[seat] or stack > 0 or not hand.cards[seat]
            if stack == 0:
                assert hand.cards[seat] == [] and hand.committed[seat] == 0


def test_r_draw_11_equal_stacks_share_the_place() -> None:
    game = Table(FiveCardDraw(), 3, seed=1, settings=TableSettings(rounds=1))
    game.stacks = [2500, 2500, 1000]
    assert [(s.place, s.seat) for s in game.standings()] == [(1, 0), (1, 1), (3, 2)]


def test_r_nobet_1_points_with_ties() -> None:
    nobet = FiveCardDraw(DrawSettings(mode="no-bet"))
    cards = {0: "Kc Kd 7h 7s 2c", 1: "Ac Ad 3h 4s 9c", 2: "Kh Ks 7c 7d 2d"}
    hand = Hand(nobet, [0, 0, 0], deck=stacked_deal(nobet, [0, 0, 0], 0, cards))
    assert hand.pot == 0 and hand.phase == "draw"  # no antes, no betting
    for _ in range(3):
        hand.draw()
    assert sorted(hand.winners) == [0, 2] and hand.payouts == [0, 0, 0]
    game = Table(nobet, 3, seed=5, settings=TableSettings(rounds=6))
    while not game.is_over:
        game.act(game.to_act, Action.draw())  # type: ignore[arg-type]
    wins = [sum(seat in h.winners for h in game.hands) for seat in range(3)]
    assert game.points == wins and sum(wins) >= 6 and game.stacks == [0, 0, 0]
    assert game.standings()[0].score == max(game.points)


def test_r_table_1_timer_checks_folds_and_stands_pat() -> None:
    now = [0.0]
    timed = TableSettings(turn_timer=30)
    game = Table(FiveCardDraw(), 3, seed=1, settings=timed, clock=lambda: now[0])
    assert game.time_left() == 30
    now[0] = 29.9
    assert not game.enforce_timer()
    now[0] = 30.0
    assert game.enforce_timer()  # seat 1 checks
    assert game.hand.events[-1].kind == "check"
    game.act(2, Action.bet(20))
    now[0] = 70.0
    assert game.enforce_timer()  # seat 0 faces a bet: folds
    assert game.hand.events[-1].kind == "fold"
    game.act(1, Action.call())
    now[0] = 200.0
    assert game.enforce_timer()  # the draw: stands pat
    assert game.hand.drawn[1] == 0
    assert Table(FiveCardDraw(), 2).time_left() is None


def test_r_table_2_cpu_plays_for_a_player_who_left() -> None:
    rounds = TableSettings(rounds=3)
    game = Table(FiveCardDraw(), 2, seed=6, settings=rounds, cpu_players=CPU_PLAYERS)
    assert game.to_act == 1 and not game.is_cpu_turn()
    before = game.hand.to_dict()
    with pytest.raises(IllegalActionError):
        game.act(0, Action.check())  # not seat 0's turn: refused, nothing changes
    assert game.hand.to_dict() == before
    game.leave(1)
    assert game.is_cpu_turn()
    game.play_cpu()
    assert game.hand.actions  # the stand-in acted for seat 1
    assert game.to_act == 0 and not game.is_cpu_turn()
    game.come_back(1)
    while not game.is_over:
        seat = game.to_act
        assert seat is not None and not game.is_cpu_turn()  # both seats are people again
        hand = game.hand
        if hand.phase == "draw":
            action = Action.draw()
        else:
            action = Action.check() if hand.can_check() else Action.call()
        game.act(seat, action)
    assert sum(game.stacks) == 4000


def test_r_table_3_chips_never_carry_into_another_game() -> None:
    cpu = {s: RulesOfThumbBot(seed=s) for s in range(2)}
    first = Table(FiveCardDraw(), 2, seed=1, cpu=cpu, settings=TableSettings(rounds=2))
    first.play_cpu()
    second = Table(FiveCardDraw(), 2, seed=1, settings=TableSettings(rounds=2))
    assert second.stacks == [2000, 2000] and first.stacks != second.stacks


def test_r_draw_10_joker_showdown_five_of_a_kind_wins() -> None:
    joker = DrawSettings(joker=True, second_round="left-of-dealer")
    hand = rigged([300] * 2, {0: "As Ad Ah Ac Jk", 1: "Ks Qs Js Ts 9s"}, settings=joker)
    assert len(hand.game.deck_cards()) == 53
    while not hand.is_over:
        check_or_call(hand)
    assert hand.winners == [0]


def test_r_draw_6_jacks_or_better_with_the_joker() -> None:
    settings = DrawSettings(opening="jacks", joker=True)
    cards = {1: "Jk 9d 2c 5h 7s", 2: "Jk Jd 2d 5c 9s", 0: "Jk As 3c 6h 8d"}
    for seat, opens in ((1, False), (2, True), (0, True)):
        hand = rigged([500] * 3, {seat: cards[seat]}, settings=settings, button=(seat + 2) % 3)
        assert hand.actor == seat and hand.can_bet(20) is opens
