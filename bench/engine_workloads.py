"""The engine workloads timed by bench_engine.py and peers/engine.py, peers/holdem.py,
peers/stud.py and peers/games.py: complete 6-player hands of Five-Card Draw (antes 10, stacks
2,000, second round from the left of the dealer so that an all-check first round goes on to the
draw instead of redealing forever), of no-limit Hold'em and pot-limit Omaha (blinds 50/100,
stacks 10,000), of fixed-limit Seven-Card Stud (antes 40, bring-in 50, bets 200/400, stacks
20,000) and of fixed-limit 2-7 triple draw (bets 100/200, blinds 50/100, stacks 10,000), through
the public API."""

from __future__ import annotations

from collections.abc import Iterator, Sequence

from drawpoker.bots import (
    CheckCallBot,
    HoldemRulesBot,
    LowballRulesBot,
    OmahaRulesBot,
    RulesOfThumbBot,
    StrongBot,
    StudRulesBot,
)
from drawpoker.bots.lowball_reading import deuce_seven_discards
from drawpoker.engine import Action, DrawSettings, FiveCardDraw, GameSpec, Hand, game
from drawpoker.engine.variants.lowball import TripleDrawSettings
from drawpoker.table.player import Player

PLAYERS = 6
DRAW = FiveCardDraw(DrawSettings(second_round="left-of-dealer"))
HOLDEM = game("holdem")
STUD = game("stud")
OMAHA = game("omaha")
TRIPLE_DRAW = game("2-7-triple-draw", TripleDrawSettings(small_bet=100, big_bet=200))
CHECK, CALL, PAT = Action.check(), Action.call(), Action.draw()


def check_call_hands(count: int, seed: int = 0) -> int:
    """Five-Card Draw hands where everyone checks or calls and stands pat, each decision made
    from the hand's public fields; returns the actions played."""
    actions = 0
    for number in range(count):
        hand = Hand(DRAW, [2000] * PLAYERS, number % PLAYERS, seed + number)
        while hand.actor is not None:
            if hand.phase == "draw":
                hand.act(PAT)
            elif hand.current_bet > hand.bets[hand.actor]:
                hand.act(CALL)
            else:
                hand.act(CHECK)
            actions += 1
    return actions


def _hands(spec: GameSpec, stack: int, count: int, seed: int) -> Iterator[Hand]:
    """``count`` new hands of ``spec`` (stacks ``stack``), numbered from 0 with ``seed``; the
    button moves round the table, or sits at the last seat in a game where it does not move
    (stud)."""
    for number in range(count):
        button = number % PLAYERS if spec.button_moves else PLAYERS - 1
        yield Hand(spec, [stack] * PLAYERS, button, seed, number=number)


def _check_call_hands(spec: GameSpec, stack: int, count: int, seed: int) -> int:
    """Plays ``count`` hands with ``Hand.check_or_call`` until each is over; returns the actions
    played."""
    actions = 0
    for hand in _hands(spec, stack, count, seed):
        while not hand.is_over:
            hand.check_or_call()
            actions += 1
    return actions


def _bot_hands(spec: GameSpec, stack: int, count: int, bots: Sequence[Player], seed: int) -> int:
    """Plays ``count`` hands with ``bots[seat]`` choosing every action from its seat's view;
    returns the actions played."""
    actions = 0
    for hand in _hands(spec, stack, count, seed):
        while (seat := hand.actor) is not None:
            hand.act(bots[seat].choose(hand.view(seat)))
            actions += 1
    return actions


def holdem_check_call_hands(count: int, seed: int = 0) -> int:
    """Hold'em hands where everyone checks or calls (``Hand.check_or_call``, as PokerKit's
    ``check_or_call`` and OpenSpiel's action 1); returns the actions played."""
    return _check_call_hands(HOLDEM, 10_000, count, seed)


def check_call_bot_hands(count: int, seed: int = 0) -> int:
    """Five-Card Draw hands played through the CPU-player interface (:class:`CheckCallBot`)."""
    return _bot_hands(DRAW, 2000, count, [CheckCallBot()] * PLAYERS, seed)


def rules_of_thumb_hands(count: int, seed: int = 0) -> int:
    """Five-Card Draw hands of six rules-of-thumb CPU players (draws by the tips, bets by
    category)."""
    bots = [RulesOfThumbBot(seed=seed + s) for s in range(PLAYERS)]
    return _bot_hands(DRAW, 2000, count, bots, seed)


def strong_hands(count: int, seed: int = 0) -> int:
    """Five-Card Draw hands of six strong CPU players (the exact draw analysis of every hand
    dealt)."""
    return _bot_hands(DRAW, 2000, count, [StrongBot(seed=seed + s) for s in range(PLAYERS)], seed)


def holdem_rules_of_thumb_hands(count: int, seed: int = 0) -> int:
    """Hold'em hands of six rules-of-thumb CPU players (hand groups by position, pot odds)."""
    bots = [HoldemRulesBot(seed=seed + s) for s in range(PLAYERS)]
    return _bot_hands(HOLDEM, 10_000, count, bots, seed)


def stud_check_call_hands(count: int, seed: int = 0) -> int:
    """Seven-Card Stud hands where the bring-in is posted and everyone calls or checks to the
    showdown (``Hand.check_or_call``, which posts a bring-in); returns the actions played."""
    return _check_call_hands(STUD, 20_000, count, seed)


def stud_rules_of_thumb_hands(count: int, seed: int = 0) -> int:
    """Seven-Card Stud hands of six rules-of-thumb CPU players (third-street starting hands,
    live cards, boards, draws and pot odds)."""
    bots = [StudRulesBot(seed=seed + s) for s in range(PLAYERS)]
    return _bot_hands(STUD, 20_000, count, bots, seed)


def omaha_check_call_hands(count: int, seed: int = 0) -> int:
    """Pot-limit Omaha hands where everyone checks or calls (``Hand.check_or_call``); returns
    the actions played (24 a hand)."""
    return _check_call_hands(OMAHA, 10_000, count, seed)


def triple_draw_check_call_hands(count: int, seed: int = 0) -> int:
    """2-7 triple draw hands where everyone checks or calls and stands pat in every draw
    (``Hand.check_or_call`` does both); returns the actions played (42 a hand: four betting
    rounds and three draws of six)."""
    return _check_call_hands(TRIPLE_DRAW, 10_000, count, seed)


def triple_draw_drawing_hands(count: int, seed: int = 0) -> int:
    """2-7 triple draw hands where everyone checks or calls in the betting but draws what the
    rule of thumb says (:func:`drawpoker.bots.lowball_reading.deuce_seven_discards`: keep one
    card of each rank seven or lower, ...), so the stub is dealt from and reshuffled as in real
    play; returns the actions played."""
    actions = 0
    for hand in _hands(TRIPLE_DRAW, 10_000, count, seed):
        while (seat := hand.actor) is not None:
            if hand.phase == "draw":
                left = 4 - hand.street  # the draws of streets 1-3, this one counted
                hand.act(Action.draw(deuce_seven_discards(hand.seat_cards(seat), left)))
            else:
                hand.check_or_call()
            actions += 1
    return actions


def omaha_rules_of_thumb_hands(count: int, seed: int = 0) -> int:
    """Pot-limit Omaha hands of six rules-of-thumb CPU players (Hutchison's points, the board
    read over every two-card holding, outs, pot odds)."""
    bots = [OmahaRulesBot(seed=seed + s) for s in range(PLAYERS)]
    return _bot_hands(OMAHA, 10_000, count, bots, seed)


def triple_draw_rules_of_thumb_hands(count: int, seed: int = 0) -> int:
    """2-7 triple draw hands of six rules-of-thumb CPU players (the draw rule, bets by made hand
    and draw counts)."""
    bots = [LowballRulesBot(seed=seed + s) for s in range(PLAYERS)]
    return _bot_hands(TRIPLE_DRAW, 10_000, count, bots, seed)
