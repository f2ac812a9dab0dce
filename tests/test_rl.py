"""The learning environments (drawpoker.rl): PettingZoo's and Gymnasium's own API checks for
every game, observations against the engine's seat view (and never another seat's hidden
cards), masks against the engine's legality, chip-exact zero-sum rewards, seeded replays, and
bad actions refused with nothing changed."""

from __future__ import annotations

import copy
import functools
import pickle
import random
import warnings

import numpy as np
import pytest
from drawpoker.bots import bot_kinds, make_bot
from drawpoker.cards import format_cards
from drawpoker.engine import GAMES, Action, Hand, game
from drawpoker.errors import IllegalActionError, InvalidArgumentError
from drawpoker.rl import BatchGame, SingleAgentEnv, env, raw_env
from drawpoker.rl.actions import SIZES
from drawpoker.rl.observation import HISTORY_KINDS, ObservationLayout
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, render_test, seed_test

GAME_NAMES = list(GAMES)


def random_episode(environment: raw_env, rng: random.Random, check=None) -> list[int]:
    """Plays random legal indices to the end of the episode; ``check`` runs before each one.
    Returns the indices played."""
    played = []
    for agent in environment.agent_iter():
        observation, _, terminated, truncated, _ = environment.last()
        if terminated or truncated:
            environment.step(None)
            continue
        if check is not None:
            check(environment)
        index = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
        played.append(index)
        environment.step(index)
        assert agent in environment.possible_agents
    return played


SETTINGS_VARIANTS = [
    ("five-card-draw", {"mode": "no-bet"}),
    ("five-card-draw", {"joker": True, "opening": "jacks", "draw_limit": "5"}),
    ("omaha", {"betting": "fixed-limit"}),
    ("2-7-triple-draw", {"small_bet": 2, "big_bet": 4, "ante": 1}),
]


@pytest.mark.parametrize(
    ("name", "settings"), [(name, None) for name in GAME_NAMES] + SETTINGS_VARIANTS
)
def test_pettingzoo_api_test_passes_for_every_game(name, settings):
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env(name, seats=3, hands=2, settings=settings), num_cycles=300)
    # The warnings allowed: a terminated agent's all-0 mask, and the two PettingZoo gives any
    # environment outside its own list whose observation is a dict with an action mask.
    allowed = {
        "Action mask numpy array is all zeros (no legal actions).",
        "Observation is not a NumPy array",
        "Observation space for each agent probably should be gymnasium.spaces.box or "
        "gymnasium.spaces.discrete",
    }
    messages = {str(w.message) for w in caught}
    assert messages <= allowed, messages


@pytest.mark.parametrize("name", ["holdem", "2-7-triple-draw", "stud"])
def test_pettingzoo_seed_test_passes(name):
    seed_test(lambda: env(name, seats=3, hands=2), num_cycles=50)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_single_agent_env_passes_gymnasium_check_env(name):
    opponents = "rules" if "rules" in bot_kinds(name) else "checkcall"
    # check_env samples the whole action space, so an index the mask refuses plays the table's
    # default action here (the default setting refuses it: test_single_agent_refuses_...).
    environment = SingleAgentEnv(
        name, seats=3, seat=1, opponents=opponents, hands=2, illegal="default"
    )
    check_env(environment, skip_render_check=True)


def card_positions(layout, observation) -> set[int]:
    """Every card the observation's card segments mention."""
    seen: set[int] = set()
    for name in ("own_cards", "board", "up_cards", "shown", "discarded"):
        segment = layout.read(observation, name)
        seen |= set(np.nonzero(segment)[-1].tolist())
    return seen


def check_observations_match_views(environment: raw_env) -> None:
    """Every agent's observation, read back segment by segment, is its seat's view; it names
    no card the seat may not know."""
    table, layout = environment.table, environment.layout
    hand, n = table.hand, environment.seats
    for seat, agent in enumerate(environment.possible_agents):
        view = hand.view(seat)
        observation = environment.observe(agent)["observation"]
        assert environment.observation_space(agent)["observation"].contains(observation)

        def read(name: str, observation=observation) -> np.ndarray:
            return layout.read(observation, name)

        own = read("own_cards")
        assert [int(np.flatnonzero(row)[0]) for row in own[: len(view.cards)]] == list(view.cards)
        assert not own[len(view.cards) :].any() and own.sum() == len(view.cards)
        assert np.flatnonzero(read("board")).tolist() == sorted(view.board)
        unit = layout.unit
        for slot in range(n):
            other = (seat + slot) % n
            assert np.flatnonzero(read("up_cards")[slot]).tolist() == sorted(view.up_cards[other])
            exposed = {
                c for e in view.events if e.kind == "expose" and e.seat == other for c in e.cards
            }
            shown = set(view.revealed.get(other, ())) | exposed
            assert np.flatnonzero(read("shown")[slot]).tolist() == sorted(shown)
            assert read("stacks")[slot] == np.float32(view.stacks[other] / unit)
            assert read("bets")[slot] == np.float32(view.bets[other] / unit)
            assert read("committed")[slot] == np.float32(view.committed[other] / unit)
            assert read("live")[slot] == view.live[other]
            assert read("card_counts")[slot] == view.card_counts[other]
            assert read("drawn")[slot] == max(0, view.drawn[other])
            assert read("has_drawn")[slot] == (view.drawn[other] >= 0)
            assert read("button")[slot] == (other == view.button)
            assert read("actor")[slot] == (other == view.actor)
        assert read("pot")[0] == np.float32(view.pot / unit)
        assert read("current_bet")[0] == np.float32(view.current_bet / unit)
        assert read("my_turn")[0] == (view.actor == seat)
        assert read("phase").tolist() == [view.phase == p for p in ("bet", "draw", "done")]
        public = [e for e in view.events if e.kind in HISTORY_KINDS]
        history = read("history")
        rows = public[-layout.history :]
        for row, event in zip(history, rows, strict=False):
            assert np.flatnonzero(row[:n]).tolist() == [(event.seat - seat) % n]
            assert np.flatnonzero(row[n : n + len(HISTORY_KINDS)]).tolist() == [
                HISTORY_KINDS.index(event.kind)
            ]
        assert not history[len(rows) :].any()
        mine = {c for e in view.events if e.kind == "discard" for c in e.cards}
        assert np.flatnonzero(read("discarded")).tolist() == sorted(mine)
        # No card another seat holds face down (unless shown), no card of the stub, no card
        # another seat discarded: nothing the seat may not know.
        hidden = set(hand.deck) | set(hand.discards)
        for other in range(n):
            if other != seat and other not in hand.revealed:
                up = hand.face_up[other]
                hidden |= {c for c, faceup in zip(hand.cards[other], up, strict=True) if not faceup}
        tabled = {c for e in view.events if e.kind == "expose" for c in e.cards}
        hidden -= mine | tabled | set(view.cards)
        assert not hidden & card_positions(layout, observation), (seat, hidden)


@pytest.mark.parametrize("name", GAME_NAMES)
def test_observations_are_the_seat_views_and_never_hidden_cards(name):
    rng = random.Random(name)
    for seed in range(4):
        environment = raw_env(name, seats=2 + seed % 3, hands=2, history=12)
        environment.reset(seed=seed)
        random_episode(environment, rng, check_observations_match_views)
        check_observations_match_views(environment)  # the showdown


def check_mask_is_the_engines_legality(environment: raw_env) -> None:
    """Each index the mask allows is an action the engine takes; a discard set the mask
    refuses, the engine refuses; fold and the passive action follow the legal kinds."""
    hand, space = environment.table.hand, environment.actions
    mask = space.mask(hand)
    legal = hand.legal_actions()
    for index in np.flatnonzero(mask):
        assert hand.why_illegal(space.action(int(index), hand)) is None, space.names[index]
    if hand.phase == "draw":
        cards = hand.seat_cards(legal.seat)
        for bits in range(2 ** len(cards)):
            action = Action.draw(c for i, c in enumerate(cards) if bits >> i & 1)
            assert mask[space.first_discard + bits] == (hand.why_illegal(action) is None)
        assert not mask[: space.first_discard].any()
    else:
        assert mask[0] == ("fold" in legal.kinds)
        assert mask[1] == bool({"check", "call", "bring-in"} & set(legal.kinds))
        assert not mask[space.first_discard :].any()
        assert mask[space.first_size : space.first_discard].any() == bool(
            {"bet", "raise"} & set(legal.kinds)
        )
        # Every engine preset has an index: the table of sizes misses none.
        for preset, _ in legal.presets:
            assert preset in space.sizes


@pytest.mark.parametrize("name", GAME_NAMES)
def test_action_mask_is_the_engines_legality(name):
    rng = random.Random(name)
    for seed in range(6):
        environment = raw_env(name, seats=2 + seed % 5 if name == "holdem" else 3, hands=3)
        environment.reset(seed=seed)
        random_episode(environment, rng, check_mask_is_the_engines_legality)


def test_the_sizes_of_no_limit_are_the_presets_min_and_all_in():
    environment = raw_env("holdem", seats=2, stack=10000)
    environment.reset(seed=1)
    space = environment.actions
    hand = environment.table.hand
    assert space.names[2:] == SIZES[type(game("holdem").betting)]
    totals = {
        space.names[i]: space.action(i, hand).amount
        for i in range(2, space.size)
        if space.mask(hand)[i]
    }
    assert totals == {"min bet/raise": 200, "2x": 200, "3x": 300, "all-in": 10000}


def test_a_discard_index_discards_the_cards_of_its_bits():
    environment = raw_env("2-7-triple-draw", seats=2)
    environment.reset(seed=5)
    while environment.table.hand.phase != "draw":
        environment.step(1)
    hand = environment.table.hand
    cards = hand.seat_cards(hand.actor)
    index = environment.actions.first_discard + 0b10101
    assert environment.actions.action(index, hand) == Action.draw([cards[0], cards[2], cards[4]])
    assert environment.actions.names[index] == "discard 0 2 4"


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("unit", ["chips", "big-blinds"])
def test_rewards_are_the_chips_won_and_sum_to_zero(name, unit):
    rng = random.Random(name + unit)
    for seed in range(3):
        environment = raw_env(name, seats=3, hands=4, reward=unit)
        environment.reset(seed=seed)
        totals = dict.fromkeys(environment.possible_agents, 0.0)
        for agent in environment.agent_iter():
            _, reward, terminated, truncated, _ = environment.last()
            totals[agent] += reward
            if terminated or truncated:
                environment.step(None)
                continue
            mask = environment.observe(agent)["action_mask"]
            environment.step(rng.choice(np.flatnonzero(mask).tolist()))
        table = environment.table
        start = table.hands[0].start_stacks
        scale = environment.reward_unit
        assert scale == (1 if unit == "chips" else environment.layout.unit)
        for seat, agent in enumerate(environment.possible_agents):
            assert totals[agent] == pytest.approx((table.stacks[seat] - start[seat]) / scale)
        assert sum(totals.values()) == pytest.approx(0.0, abs=1e-9)
        assert sum(table.stacks) == sum(start)  # no chip created or lost


def test_rewards_come_at_the_end_of_a_hand_only():
    environment = raw_env("holdem", seats=2)
    environment.reset(seed=2)
    environment.step(1)  # the small blind calls
    assert environment.rewards == {"player_0": 0.0, "player_1": 0.0}
    environment.step(2)  # the big blind raises
    environment.step(0)  # the small blind folds
    assert environment.rewards == {"player_0": -100.0, "player_1": 100.0}
    assert all(environment.terminations.values())


@pytest.mark.parametrize("name", GAME_NAMES)
def test_the_same_seed_and_actions_give_the_same_hand_the_engine_deals(name):
    rng = random.Random(name)
    environment = raw_env(name, seats=3)
    environment.reset(seed=11)
    played = random_episode(environment, rng)
    first = environment.table.hand
    environment.reset(seed=11)
    for index in played:
        environment.step(index)
    assert environment.table.hand.events == first.events
    # The episode's hand is the engine's hand of that seed (the table's first round).
    stacks = [environment.game.default_stack] * 3
    button = 0 if environment.game.button_moves else 2
    again = Hand.replay(environment.game, stacks, button, 11, first.actions, number=1)
    assert again.events == first.events


def test_unseeded_resets_follow_the_last_seed():
    one, two = raw_env("holdem", seats=4), raw_env("holdem", seats=4)
    one.reset(seed=3)
    two.reset(seed=3)
    one.reset()
    two.reset()
    assert one.table.seed == two.table.seed != 3


@pytest.mark.parametrize(
    "action",
    [5, 99, -1, 2.0, "1", True, None, np.float32(1), np.array([1]), [1]],
)
def test_a_bad_action_is_refused_and_changes_nothing(action):
    environment = raw_env("holdem", seats=3)
    environment.reset(seed=9)
    before = environment.table.to_dict()
    observations = {a: environment.observe(a) for a in environment.agents}
    with pytest.raises((IllegalActionError, ValueError)) as error:
        environment.step(action)
    assert "player_0" in str(error.value) or action is None
    assert environment.table.to_dict() == before
    assert environment.agent_selection == "player_0"
    for agent, seen in observations.items():
        now = environment.observe(agent)
        assert np.array_equal(now["observation"], seen["observation"])
        assert np.array_equal(now["action_mask"], seen["action_mask"])
    environment.step(1)  # and the environment plays on


def test_a_masked_discard_set_is_refused_with_its_name():
    environment = raw_env("five-card-draw", seats=2)  # draw limit 3, or 4 with an ace kept
    environment.reset(seed=1)
    while environment.table.hand.phase != "draw":
        environment.step(1)
    mask = environment.observe(environment.agent_selection)["action_mask"]
    refused = environment.actions.first_discard + 0b11111
    assert not mask[refused]
    with pytest.raises(IllegalActionError, match=r"action 35 \(discard 0 1 2 3 4\)"):
        environment.step(refused)


class _Fails:
    """A CPU player that cannot choose (a bug of its own, or a player made for another game)."""

    def choose(self, view: object) -> Action:
        raise ValueError("no idea")


def test_a_cpu_players_failure_is_named_and_the_learner_never_acts_for_its_seat():
    """A step whose CPU player failed left the CPU's seat selected, and the learner's next step
    was played for that seat."""
    single = SingleAgentEnv("holdem", seats=2, seat=0, opponents={1: _Fails()})
    single.reset(seed=3)
    with pytest.raises(InvalidArgumentError, match=r"CPU player of player_1 \(_Fails\)"):
        single.step(1)  # the learner calls, then the CPU seat must act
    actions = list(single.aec.table.hand.actions)
    for index in (0, 1):
        with pytest.raises(InvalidArgumentError, match="player_1's turn, not player_0's"):
            single.step(index)
    assert single.aec.table.hand.actions == actions  # nothing was played for seat 1
    single.opponents = {1: make_bot("checkcall")}
    single.reset(seed=3)  # reset mends it
    assert single.step(1)[4]["action_mask"].any()


def test_action_masks_is_the_mask_of_every_step_for_maskable_learners():
    """sb3-contrib's MaskablePPO reads env.action_masks(); it had to be wrapped by hand."""
    single = SingleAgentEnv("2-7-triple-draw", seats=3, opponents="rules", hands=2)
    _, info = single.reset(seed=8)
    rng, over, steps = random.Random(8), False, 0
    while not over:
        mask = single.action_masks()
        assert mask.dtype == np.bool_ and np.array_equal(mask, info["action_mask"] == 1)
        _, _, over, _, info = single.step(rng.choice(np.flatnonzero(mask).tolist()))
        steps += 1
    assert steps >= 2 and not single.action_masks().any()


def test_the_seed_option_seeds_a_single_agent_environments_first_reset():
    """It was taken and ignored: the first unseeded reset came from the operating system."""
    tables = []
    for _ in range(2):
        single = SingleAgentEnv("holdem", seats=2, opponents="checkcall", seed=5)
        single.reset()
        tables.append(single.aec.table.seed)
    plain = raw_env("holdem", seed=5)
    plain.reset()
    assert tables == [plain.table.seed] * 2


@pytest.mark.parametrize(("name", "seats", "stack"), [("holdem", 2, 50), ("stud", 3, 30)])
def test_stacks_all_in_before_anyone_acts_are_refused_by_every_environment(name, seats, stack):
    """raw_env dealt an episode over at its reset, and SingleAgentEnv dealt a hundred before
    blaming the opponents; BatchGame refused them already."""
    said = f"stacks of {stack} chips are all in before anyone acts: nothing to play"
    for make in (raw_env, SingleAgentEnv, functools.partial(BatchGame, batch=2)):
        with pytest.raises(InvalidArgumentError, match=said):
            make(name, seats=seats, stack=stack)
    raw_env(name, seats=seats, stack=stack * 3)  # deeper stacks play


def test_numpy_integers_are_options_as_python_integers_are():
    """seats, history and seat were refused as NumPy integers, with a message that named a
    number in range ('holdem seats 2..10, not np.int64(3)'); BatchGame took some of them."""
    three, eight = np.int64(3), np.int32(8)
    assert raw_env("holdem", seats=three, history=eight).layout.seats == 3
    assert SingleAgentEnv("holdem", seats=three, seat=np.int64(2)).seat == 2
    assert BatchGame("holdem", batch=np.int64(2), seats=three, history=eight).seats == 3
    with pytest.raises(InvalidArgumentError, match=r"stack must be an integer in 1\.\.2\*\*53-1"):
        raw_env("holdem", stack=2**64)


def test_bad_options_are_refused():
    with pytest.raises(InvalidArgumentError, match=r"holdem seats 2\.\.10"):
        raw_env("holdem", seats=11)
    with pytest.raises(InvalidArgumentError, match="unknown game"):
        raw_env("chess")
    with pytest.raises(InvalidArgumentError, match="reward must be one of"):
        raw_env("holdem", reward="dollars")
    with pytest.raises(InvalidArgumentError, match="unknown holdem settings"):
        raw_env("holdem", settings={"blind": 3})
    with pytest.raises(InvalidArgumentError, match="rounds must be a positive integer"):
        raw_env("holdem", hands=0)
    with pytest.raises(InvalidArgumentError, match=r"seat must be a seat 0\.\.1"):
        SingleAgentEnv("holdem", seat=2)
    with pytest.raises(IllegalActionError, match="call reset"):
        raw_env("holdem").observe("player_0")
    with pytest.raises(IllegalActionError, match="call reset"):
        raw_env("holdem").step(1)
    started = raw_env("holdem")
    started.reset(seed=0)
    with pytest.raises(InvalidArgumentError, match="unknown agent 'player_7'"):
        started.observe("player_7")


def test_settings_and_stack_reach_the_table():
    environment = raw_env("holdem", seats=2, settings={"small_blind": 1, "big_blind": 2}, stack=40)
    environment.reset(seed=0)
    assert environment.table.hand.start_stacks == [40, 40]
    assert environment.table.hand.bets == [1, 2]


def test_a_spec_is_played_as_given():
    spec = game("omaha", {"betting": "fixed-limit"})
    environment = raw_env(spec, seats=4)
    environment.reset(seed=0)
    assert environment.actions.names == ("fold", "check/call", "bet/raise")
    with pytest.raises(InvalidArgumentError, match="not with a GameSpec"):
        raw_env(spec, settings={})


def test_single_agent_rewards_are_the_seats_chips():
    environment = SingleAgentEnv("2-7-single-draw", seats=3, seat=2, hands=5)
    rng = random.Random(3)
    observation, info = environment.reset(seed=8)
    assert info["skipped"] == 0
    total, terminated = info["reward_before_first_turn"], False
    while not terminated:
        index = rng.choice(np.flatnonzero(observation["action_mask"]).tolist())
        observation, reward, terminated, _, info = environment.step(index)
        total += reward
    table = environment.aec.table
    assert total == table.stacks[2] - table.hands[0].start_stacks[2]
    with pytest.raises(InvalidArgumentError, match="episode is over"):
        environment.step(1)


def test_single_agent_refuses_a_masked_index_or_plays_the_default_when_told():
    strict = SingleAgentEnv("holdem", seats=2, opponents="checkcall")
    strict.reset(seed=1)
    before = strict.aec.table.to_dict()
    with pytest.raises(IllegalActionError, match="cannot take action 5 \\(pot\\)"):
        strict.step(5)
    assert strict.aec.table.to_dict() == before
    lenient = SingleAgentEnv("holdem", seats=2, opponents="checkcall", illegal="default")
    lenient.reset(seed=1)
    _, reward, terminated, _, info = lenient.step(5)  # facing the big blind: the default folds
    assert info["illegal"] and terminated and reward == -50
    lenient.reset(seed=1)
    with pytest.raises(IllegalActionError, match="must be an integer index"):
        lenient.step(1.0)


def test_no_bet_mode_rewards_the_winners_points_zero_sum():
    environment = raw_env("five-card-draw", seats=3, settings={"mode": "no-bet"}, hands=3)
    environment.reset(seed=4)
    assert environment.actions.names[:3] == ("fold", "check/call", "stand pat")
    totals = dict.fromkeys(environment.possible_agents, 0.0)
    rng = random.Random(4)
    for agent in environment.agent_iter():
        _, reward, terminated, truncated, _ = environment.last()
        totals[agent] += reward
        if terminated or truncated:
            environment.step(None)
            continue
        mask = environment.observe(agent)["action_mask"]
        environment.step(rng.choice(np.flatnonzero(mask).tolist()))
    points = environment.table.points
    assert sum(points) >= 3
    for seat, agent in enumerate(environment.possible_agents):
        won = sum(1 / len(hand.winners) for hand in environment.table.hands if seat in hand.winners)
        assert totals[agent] == pytest.approx(won - 3 / 3)
    assert sum(totals.values()) == pytest.approx(0.0, abs=1e-9)


def test_single_agent_deals_again_an_episode_the_seat_never_acts_in():
    # Heads-up the small blind (the button, seat 0 in the first hand) acts first: when it
    # folds, a one-hand episode ends before the big blind's first turn.
    class FoldsFirst:
        def __init__(self, folds):
            self.folds = folds

        def choose(self, view):
            if self.folds:
                self.folds -= 1
                return Action.fold()
            return Action.call()

    environment = SingleAgentEnv("holdem", seats=2, seat=1, opponents={0: FoldsFirst(2)})
    observation, info = environment.reset(seed=3)
    assert (info["skipped"], info["skipped_reward"]) == (2, 100.0)
    assert observation["action_mask"].any() and environment.aec.agent_selection == "player_1"
    # Opponents that end every episode first: reset gives up with a clear error.
    environment = SingleAgentEnv("holdem", seats=2, seat=1, opponents={0: FoldsFirst(10**6)})
    with pytest.raises(InvalidArgumentError, match="none of 100 episodes gave player_1 a turn"):
        environment.reset(seed=3)


@pytest.mark.parametrize(("name", "cards"), [("holdem", 2), ("2-7-triple-draw", 5)])
def test_an_observation_does_not_depend_on_the_other_seats_hidden_cards(name, cards):
    # Two deals alike for seat 1 (its cards and the board) whose other seats hold different
    # cards: seat 1 observes the same arrays at every turn until the showdown shows them.
    spec = game(name)
    layout = ObservationLayout(spec, seats=3)
    mine = ["As", "Kd", "9c", "7h", "3s"][:cards]
    others = [
        ["2c", "2d", "4c", "4d", "5h", "5s", "6c", "6d", "8h", "8s"],
        ["Jc", "Jd", "Qc", "Qd", "Tc", "Td", "Th", "Ts", "Kc", "Ks"],
    ]
    board = ["Ah", "Ad", "7c", "7d", "3c"] if name == "holdem" else []
    hands = []
    for other in others:
        deck = []
        for i in range(cards):  # one card at a time from seat 1 (left of the button)
            deck += [mine[i], other[2 * i], other[2 * i + 1]]
        hands.append(Hand(spec, [10000] * 3, button=0, deck=" ".join(deck + board)))
    assert hands[0].seat_cards(1) == hands[1].seat_cards(1)
    assert hands[0].cards[0] != hands[1].cards[0]
    compared = 0
    while not hands[0].is_over:
        first, second = (layout.encode(hand.view(1)) for hand in hands)
        assert np.array_equal(first, second)
        compared += 1
        for hand in hands:
            hand.check_or_call()  # calls, checks and stands pat alike in both
    assert compared > 6


def test_pettingzoo_render_test_passes_and_the_text_shows_no_hidden_card():
    render_test(lambda render_mode: env("stud", seats=3, hands=3, render_mode=render_mode))
    environment = raw_env("stud", seats=3, render_mode="ansi")
    environment.reset(seed=6)
    rng = random.Random(6)
    while not environment.table.hand.is_over:
        hand = environment.table.hand
        text = environment.render()
        for seat in range(3):
            for card, up in zip(hand.cards[seat], hand.face_up[seat], strict=True):
                assert (format_cards([card]) in text) == up
        mask = environment.observe(environment.agent_selection)["action_mask"]
        environment.step(rng.choice(np.flatnonzero(mask).tolist()))


def test_a_zero_dimensional_integer_array_is_an_action():
    """What Gymnasium's Discrete space holds and a policy's predict() returns."""
    environment = raw_env("holdem", seats=2)
    environment.reset(seed=3)
    environment.step(np.array(1))
    assert environment.table.hand.actions[-1].kind == "call"
    single = SingleAgentEnv("holdem", opponents="checkcall")
    single.reset(seed=1)
    assert single.action_space.contains(np.array(1, dtype=np.int64))
    _, _, _, _, info = single.step(np.array(1, dtype=np.int64))
    assert info["illegal"] is False
    with pytest.raises(IllegalActionError, match=r"not array\(1\.\)"):
        single.step(np.array(1.0))


@pytest.mark.parametrize("seed", [2**64, -1, 1.5, "3"])
@pytest.mark.parametrize(
    ("make", "table_of"),
    [
        (lambda: raw_env("holdem", seats=3), lambda e: e.table),
        (lambda: SingleAgentEnv("holdem"), lambda e: e.aec.table),
    ],
    ids=["raw_env", "SingleAgentEnv"],
)
def test_a_refused_seed_changes_nothing(seed, make, table_of):
    refused, fresh = make(), make()
    refused.reset(seed=5)
    fresh.reset(seed=5)
    with pytest.raises(InvalidArgumentError, match="seed must be"):
        refused.reset(seed=seed)
    refused.reset()
    fresh.reset()
    assert table_of(refused).seed == table_of(fresh).seed
    with pytest.raises(InvalidArgumentError, match="seed must be"):
        raw_env("holdem", seed=seed)


def test_human_mode_shows_the_dealt_hand_at_reset(capsys):
    environment = raw_env("holdem", seats=2, render_mode="human")
    environment.reset(seed=3)
    assert (
        capsys.readouterr().out.splitlines()[0] == "holdem hand 1, street 0 (bet), pot 150, board -"
    )


def _random_step(environment, rng: random.Random) -> int | None:
    """Steps the selected agent with a random legal index, or ``None`` once it is done."""
    agent = environment.agent_selection
    if environment.terminations[agent] or environment.truncations[agent]:
        environment.step(None)
        return None
    mask = environment.observe(agent)["action_mask"]
    index = rng.choice(np.flatnonzero(mask).tolist())
    environment.step(index)
    return index


def _pickled(environment: object) -> object:
    return pickle.loads(pickle.dumps(environment))


COPIERS = pytest.mark.parametrize("copier", [copy.deepcopy, _pickled], ids=["deepcopy", "pickle"])
"""A copy in this process for a search (deepcopy), or one sent to another process or kept in a
file (pickle): both failed, the hand being a Rust object."""


@COPIERS
@pytest.mark.parametrize("name", ["holdem", "2-7-triple-draw", "stud"])
def test_a_copy_plays_on_as_the_original_would_and_apart_from_it(name, copier):
    rng = random.Random(name)
    environment = env(name, seats=3, hands=4)
    environment.reset(seed=11)
    for _ in range(5):
        _random_step(environment, rng)
    twin = copier(environment)
    seen = {a: environment.observe(a)["observation"].copy() for a in environment.agents}
    played = [_random_step(twin, rng) for _ in range(8) if twin.agents]
    for agent, observation in seen.items():  # the original did not move
        assert np.array_equal(environment.observe(agent)["observation"], observation)
    for index in played:
        environment.step(index)
    assert environment.unwrapped.table.to_dict() == twin.unwrapped.table.to_dict()
    assert environment.unwrapped._cumulative_rewards == twin.unwrapped._cumulative_rewards


@COPIERS
@pytest.mark.parametrize("opponents", ["rules", "strong"])
def test_a_single_agent_environment_copies_with_its_cpu_players(copier, opponents):
    """The copy's CPU players are in the same states (their random streams too): the same
    actions give the same episode to its end."""
    single = SingleAgentEnv("holdem", seats=3, opponents=opponents, hands=3)
    _, info = single.reset(seed=4)
    twin = copier(single)
    rng, over, steps = random.Random(4), False, 0
    while not over:
        index = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
        one, two = single.step(index), twin.step(index)
        assert np.array_equal(one[0]["observation"], two[0]["observation"])
        assert one[1:4] == two[1:4]
        (_, _, over, _, info), steps = one, steps + 1
    assert single.aec.table.to_dict() == twin.aec.table.to_dict() and steps > 3


def test_a_seat_gone_bust_leaves_the_agents_while_the_table_plays_on():
    """A busted seat of a multi-hand episode used to stay in ``agents``, never terminated, until
    the table ended: a learner reading ``agents`` took it for live."""
    rng = random.Random(3)
    environment = raw_env("holdem", seats=3, stack=300, hands=50)
    environment.reset(seed=2)
    gone = None
    while gone is None and not environment.table.is_over:
        agent = environment.agent_selection
        if environment.terminations[agent]:
            assert environment.table.stacks[environment.possible_agents.index(agent)] == 0
            assert environment.last()[2]  # terminated
            gone = agent
            environment.step(None)
        else:
            _random_step(environment, rng)
    assert gone is not None, "nobody went bust in 50 hands"
    assert gone not in environment.agents and len(environment.agents) == 2
    assert not environment.table.is_over
    while environment.agents:  # the two others play the table out
        _random_step(environment, rng)
    assert environment.table.is_over


@pytest.mark.parametrize("name", ["holdem", "five-card-draw"])
def test_pettingzoo_api_test_passes_with_seats_going_bust(name):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        api_test(env(name, seats=4, stack=200, hands=30), num_cycles=2000)


def test_a_single_agent_episode_ends_when_its_seat_goes_bust():
    single = SingleAgentEnv("holdem", seats=4, stack=200, hands=50, opponents="rules")
    all_in = single.aec.actions.names.index("all-in")
    for seed in range(20):
        observation, _ = single.reset(seed=seed)
        terminated = False
        while not terminated:
            mask = observation["action_mask"]
            index = all_in if mask[all_in] else int(np.flatnonzero(mask)[-1])
            observation, _, terminated, _, _ = single.step(index)
        table = single.aec.table
        if not table.is_over:  # its seat went bust while the others play on
            assert table.stacks[0] == 0
            with pytest.raises(InvalidArgumentError, match="call reset"):
                single.step(1)
            return
    pytest.fail("the seat never went bust before the table's end in 20 episodes")
