"""Table engine vs Hold'em peers: complete 6-player no-limit Texas Hold'em hands per second.

Every library plays the same hands: six players, blinds 50/100, stacks 10,000, random cards,
everyone checks or calls (pre-flop the four players after the big blind and the small blind
call, the big blind checks; the flop, turn and river are checked around), so each hand has 24
actions and ends at a showdown of all six for a pot of 600. A figure is whole hands per second:
creating the hand's state, dealing, the actions and the showdown with its payout.

Each peer's driver can check the hands it plays (``verify=True``): it then counts only the hands
that reached the showdown with all six players and paid the 600 out as expected.
:func:`measure` plays a few checked hands first and refuses to report a figure for a driver
whose hands do not all pass; the timed hands run the same driver with the checks off.

The drawpoker figures come from ``bench.engine_workloads`` (``holdem_check_call_hands`` and
``holdem_rules_of_thumb_hands``), written with the engine's Hold'em.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Sequence

from bench.figures import Figure, best_seconds
from bench.pokerkit_dealer import dealer_automations

TASK = "complete 6-player no-limit Hold'em hands, check/call"
ROT_TASK = "complete 6-player no-limit Hold'em hands, rules-of-thumb CPUs"
PLAYERS = 6
SMALL_BLIND, BIG_BLIND = 50, 100
STACK = 10_000
POT = PLAYERS * BIG_BLIND
ACTIONS = 4 * PLAYERS  # every player acts once on each street
VERIFY_HANDS = 50
SEED = 2026
# Hands per timed call (best_seconds repeats a call until its round lasts 0.2 s).
HANDS, ROT_HANDS = 1000, 200
OPEN_SPIEL_GAME = (
    "universal_poker(betting=nolimit,bettingAbstraction=fcpa,numPlayers=6,numRounds=4,"
    f"blind={SMALL_BLIND} {BIG_BLIND} 0 0 0 0,firstPlayer=3 1 1 1,numSuits=4,numRanks=13,"
    f"numHoleCards=2,numBoardCards=0 3 1 1,stack={' '.join([str(STACK)] * PLAYERS)})"
)

Driver = Callable[[int, int, bool], int]


def payout_ok(payoffs: Sequence[float]) -> bool:
    """Whether ``payoffs`` (each player's net chips) are a check/call hand's: everyone put in
    the big blind, and the winners split the whole pot evenly (600 divides by 1 to 6)."""
    winners = [p for p in payoffs if p != -BIG_BLIND]
    return bool(winners) and all(p == POT / len(winners) - BIG_BLIND for p in winners)


def open_spiel_hands(count: int, seed: int = 0, verify: bool = False, uniform: bool = False) -> int:
    """``count`` hands of OpenSpiel's ``universal_poker``: each chance node's card drawn by a
    seeded ``random.Random`` from ``chance_outcomes()`` (or, with ``uniform``, from
    ``legal_actions()``: universal_poker deals every card left with the same chance), action 1
    (check/call) at every decision, ``returns()`` read at the end. Returns the hands played, or
    with ``verify`` the hands that dealt every card, had 24 actions and paid out as expected."""
    import pyspiel

    game = pyspiel.load_game(OPEN_SPIEL_GAME)
    rng = random.Random(seed)
    good = 0
    for _ in range(count):
        state = game.new_initial_state()
        actions = dealt = 0
        while not state.is_terminal():
            if not state.is_chance_node():
                state.apply_action(1)
                actions += 1
            elif uniform:
                state.apply_action(rng.choice(state.legal_actions()))
                dealt += 1
            else:
                state.apply_action(rng.choice(state.chance_outcomes())[0])
                dealt += 1
        returns = state.returns()
        if verify:
            good += dealt == 2 * PLAYERS + 5 and actions == ACTIONS and payout_ok(returns)
    return good if verify else count


def open_spiel_uniform_hands(count: int, seed: int = 0, verify: bool = False) -> int:
    """:func:`open_spiel_hands` drawing each card from ``legal_actions()``."""
    return open_spiel_hands(count, seed, verify, uniform=True)


def texasholdem_hands(count: int, seed: int = 0, verify: bool = False) -> int:
    """``count`` hands of texasholdem, each a new ``TexasHoldEm(10000, 100, 50, 6)`` table
    (its button placed at random) with one ``start_hand()``; ``take_action`` CALL when
    ``chips_to_call`` is positive, else CHECK, until the hand is no longer running (its
    settle phase evaluates the hands and pays the pot). texasholdem shuffles with the global
    ``random`` module, seeded here. With ``verify``, counts the hands with a five-card board,
    one pot of 600 won at a showdown, 24 actions and chips as expected."""
    from texasholdem import ActionType, TexasHoldEm

    random.seed(seed)
    call, check = ActionType.CALL, ActionType.CHECK
    good = 0
    for _ in range(count):
        game = TexasHoldEm(
            buyin=STACK, big_blind=BIG_BLIND, small_blind=SMALL_BLIND, max_players=PLAYERS
        )
        game.start_hand()
        actions = 0
        while game.is_hand_running():
            game.take_action(call if game.chips_to_call(game.current_player) else check)
            actions += 1
        if verify:
            pots = game.hand_history.settle.pot_winners
            shown = len(pots) == 1 and pots[0][0] == POT and pots[0][1] != -1
            good += (
                shown
                and len(game.board) == 5
                and actions == ACTIONS
                and payout_ok([player.chips - STACK for player in game.players])
            )
    return good if verify else count


def rlcard_hands(count: int, seed: int = 0, verify: bool = False) -> int:
    """``count`` hands of one RLCard ``no-limit-holdem`` env (6 players, 10,000 chips each, the
    env's ``seed``): ``reset()`` per hand, ``step(CHECK_CALL)`` until ``is_over()``, then
    ``get_payoffs()`` (RLCard judges the showdown only there). RLCard's config has no blinds (its
    game fixes 1/2), so the env's game is given 50/100 before the first hand. With ``verify``,
    counts the hands with a five-card board, all six alive, 24 steps and payoffs as expected."""
    import rlcard
    from rlcard.games.limitholdem import PlayerStatus
    from rlcard.games.nolimitholdem.round import Action

    env = rlcard.make(
        "no-limit-holdem",
        config={"game_num_players": PLAYERS, "chips_for_each": STACK, "seed": seed},
    )
    env.game.small_blind, env.game.big_blind = SMALL_BLIND, BIG_BLIND
    check_call = Action.CHECK_CALL.value
    good = 0
    for _ in range(count):
        env.reset()
        actions = 0
        while not env.is_over():
            env.step(check_call)
            actions += 1
        payoffs = env.get_payoffs()
        if verify:
            players = env.game.players
            good += (
                len(env.game.public_cards) == 5
                and all(p.status == PlayerStatus.ALIVE for p in players)
                and actions == ACTIONS
                and payout_ok(payoffs.tolist())
            )
    return good if verify else count


def pokerkit_hands(count: int, seed: int = 0, verify: bool = False) -> int:
    """``count`` hands of PokerKit: ``NoLimitTexasHoldem.create_state`` per hand (cash-game
    mode, no antes, blinds 50/100, min bet 100, stacks 10,000) with every automation but the
    players' actions, then ``check_or_call()`` while the state's ``status`` is on. PokerKit
    shuffles with the global ``random`` module, seeded here. With ``verify``, counts the hands
    with five board cards, six hands shown or mucked at the showdown, 24 actions and payoffs as
    expected."""
    from pokerkit import (
        HoleCardsShowingOrMucking,
        Mode,
        NoLimitTexasHoldem,
    )

    automations = dealer_automations()
    random.seed(seed)
    good = 0
    for _ in range(count):
        state = NoLimitTexasHoldem.create_state(
            automations,
            True,
            0,
            (SMALL_BLIND, BIG_BLIND),
            BIG_BLIND,
            STACK,
            PLAYERS,
            mode=Mode.CASH_GAME,
        )
        actions = 0
        while state.status:
            state.check_or_call()
            actions += 1
        if verify:
            shown = sum(isinstance(op, HoleCardsShowingOrMucking) for op in state.operations)
            good += (
                len(state.board_cards) == 5
                and shown == PLAYERS
                and actions == ACTIONS
                and payout_ok(state.payoffs)
            )
    return good if verify else count


CHANCE_NOTE = (
    "universal_poker (C++) through pyspiel, bettingAbstraction=fcpa: new_initial_state() per "
    "hand, each card drawn by random.Random from {}, action 1 (check/call) at every decision, "
    "returns() at the end"
)
# (library, module to import, driver, hands per timed call, note)
PEERS: list[tuple[str, str, Driver, int, str]] = [
    ("open_spiel", "pyspiel", open_spiel_hands, 500, CHANCE_NOTE.format("chance_outcomes()")),
    (
        "open_spiel (uniform deal)",
        "pyspiel",
        open_spiel_uniform_hands,
        500,
        CHANCE_NOTE.format("legal_actions() (the same uniform deal without the probabilities)"),
    ),
    (
        "texasholdem",
        "texasholdem",
        texasholdem_hands,
        200,
        "a new TexasHoldEm(10000, 100, 50, 6) table per hand (button placed at random) and "
        "start_hand(); take_action(CALL if chips_to_call else CHECK) until the hand ends "
        "(settle pays the showdown)",
    ),
    (
        "rlcard",
        "rlcard",
        rlcard_hands,
        200,
        "no-limit-holdem env (6 players, chips_for_each=10000; blinds 50/100 set on env.game, "
        "its config has none and the game fixes 1/2): reset() per hand, step(CHECK_CALL) until "
        "is_over(), get_payoffs() (which judges the showdown); the dealer seat never moves",
    ),
    (
        "pokerkit",
        "pokerkit",
        pokerkit_hands,
        10,
        "NoLimitTexasHoldem.create_state per hand (cash game, every automation but the "
        "players' actions), check_or_call() while status",
    ),
]


def peer_figure(library: str, module: str, driver: Driver, batch: int, note: str) -> Figure:
    """One peer's check/call figure, after checking that its driver plays the hands asked."""
    try:
        importlib.import_module(module)
    except ImportError:
        return Figure(TASK, library, None, "hands/s", True, "not installed")
    good = driver(VERIFY_HANDS, SEED, True)
    if good != VERIFY_HANDS:
        raise AssertionError(f"{library}: {good} of {VERIFY_HANDS} hands ended as expected")
    seconds = best_seconds(lambda: driver(batch, SEED, False), repeat=5)
    return Figure(TASK, library, batch / seconds, "hands/s", True, note)


def drawpoker_figure(task: str, workload: str, hands: int, goal: str) -> Figure:
    """drawpoker's figure for ``task`` from ``bench.engine_workloads.<workload>``."""
    from bench import engine_workloads

    work: Callable[[int, int], int] = getattr(engine_workloads, workload)
    per_hand = work(VERIFY_HANDS, SEED) / VERIFY_HANDS
    seconds = best_seconds(lambda: work(hands, SEED), repeat=5)
    note = f"engine_workloads.{workload} ({per_hand:.1f} actions/hand); {goal}"
    return Figure(task, "drawpoker", hands / seconds, "hands/s", True, note)


def measure() -> list[Figure]:
    """Hands per second of drawpoker and of every Hold'em peer, check/call and rules-of-thumb."""
    return [
        drawpoker_figure(
            TASK, "holdem_check_call_hands", HANDS, "goal >= 20,000 hands/s and 2x open_spiel"
        ),
        *(peer_figure(*peer) for peer in PEERS),
        drawpoker_figure(
            ROT_TASK, "holdem_rules_of_thumb_hands", ROT_HANDS, "goal >= 3,000 hands/s"
        ),
        Figure(ROT_TASK, "pokerkit", None, "hands/s", True, "no CPU players"),
    ]
