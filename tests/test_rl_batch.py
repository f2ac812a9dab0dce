"""The batch engine (drawpoker.rl.BatchGame): each hand played through it matches the same hand
played through the table engine's ``Hand`` (stacks, events, rewards), its masks and
observations are the PettingZoo environment's, array for array, made from the acting seat's
view; seeded hands are the same whatever the batch size; bad input is refused with nothing
changed."""

from __future__ import annotations

import copy
import hashlib
import os
import pickle
import re
import subprocess
import sys
import threading
from dataclasses import replace

import numpy as np
import pytest
from drawpoker.engine import GAMES, Hand, game
from drawpoker.engine.spec import Street
from drawpoker.errors import IllegalActionError, InvalidArgumentError, InvalidCardError
from drawpoker.rl import MAX_BATCH, ActionSpace, BatchGame, ObservationLayout
from drawpoker.rl.batch import PARALLEL_MIN
from drawpoker.rl.observation import card_set_of

SETTINGS_VARIANTS = [
    ("five-card-draw", {"mode": "no-bet"}),
    ("five-card-draw", {"joker": True, "opening": "jacks", "draw_limit": "5"}),
    ("omaha", {"betting": "fixed-limit"}),
]


def table_hand(games: BatchGame, number: int) -> Hand:
    """Hand ``number`` of the batch's seed as the table deals it (its round ``number``)."""
    seats = games.seats
    button = (number - 1) % seats if games.game.button_moves else seats - 1
    return Hand(games.game, [games.stack] * seats, button, games.seed, number=number)


def snapshot(games: BatchGame) -> tuple:
    """Everything a refused call must leave as it was."""
    hands = [games.hand(slot) for slot in range(len(games))]
    return (
        games.legal().tolist(),
        games.observe().tobytes(),
        games.numbers().tolist(),
        [(hand.stacks, hand.events) for hand in hands],
    )


CARD_SEGMENTS = ("own_cards", "board", "up_cards", "shown", "discarded")


def cards_observed(layout: ObservationLayout, observation) -> set[int]:
    """Every card the observation's card segments show, wherever it shows."""
    seen: set[int] = set()
    if layout.compact:
        own = layout.read(observation, "own_cards")
        seen |= {int(number) - 1 for number in own.tolist() if number}
        for name in CARD_SEGMENTS[1:]:
            for numbers in layout.read(observation, name).reshape(-1, layout.set_width):
                seen |= set(card_set_of(numbers))
        return seen
    for name in CARD_SEGMENTS:
        cards = layout.read(observation, name).reshape(-1, layout.cards)
        seen |= set(np.flatnonzero(cards.any(axis=0)).tolist())
    return seen


def cards_known(view) -> set[int]:
    """Every card the seat's view lets it know: its own, the board, the up cards, the hands
    shown or exposed, its discards."""
    known = set(view.cards) | set(view.board)
    known |= {card for cards in view.up_cards for card in cards}
    known |= {card for cards in view.revealed.values() for card in cards}
    for event in view.events:
        if event.kind in ("expose", "discard"):
            known |= set(event.cards)
    return known


def play_beside_the_table(games: BatchGame, history: int, steps: int, pick) -> tuple[int, list]:
    """Plays ``steps`` steps of ``games`` (made with ``history``), each hand also through
    ``Hand`` (its mirror), and checks at each turn that the batch's mask, observation and actor
    are the mirror's (the observation array for array against ``ObservationLayout.encode`` of
    the acting seat's view, and showing exactly the cards the view lets it know), and after each
    step that the stacks, events and rewards are. ``pick(mask, rng)`` chooses each action.
    Returns how many hands ended and the views the observations were checked against."""
    spec = games.game
    space = ActionSpace(spec)
    layout = ObservationLayout(
        spec, games.seats, history, chips=games.stack * games.seats, compact=games.layout.compact
    )
    mirrors = [table_hand(games, number) for number in games.numbers().tolist()]
    rng = np.random.default_rng(5)
    finished, views = 0, []
    for _ in range(steps):
        masks, observations, actors = games.legal(), games.observe(), games.actors()
        actions = np.zeros(len(games), dtype=np.int64)
        for slot, hand in enumerate(mirrors):
            view = hand.view(hand.actor)
            views.append(view)
            assert actors[slot] == hand.actor
            assert masks[slot].tolist() == space.mask(hand).astype(bool).tolist()
            assert np.array_equal(observations[slot], layout.encode(view))
            # the own-card slots hold the view's cards, and only those (nothing hidden leaks)
            own = layout.read(observations[slot], "own_cards")
            if layout.compact:
                assert [int(card) - 1 for card in own if card] == list(view.cards)
            else:
                assert [int(np.flatnonzero(row)[0]) for row in own if row.any()] == list(view.cards)
            assert cards_observed(layout, observations[slot]) == cards_known(view)
            actions[slot] = pick(masks[slot], rng)
            hand.act(space.action(int(actions[slot]), hand))
        rewards, done = games.step(actions)
        numbers = games.numbers().tolist()
        for slot, hand in enumerate(mirrors):
            played = games.finished(slot) if done[slot] else games.hand(slot)
            assert played is not None
            assert (played.stacks, played.events) == (hand.stacks, hand.events)
            if done[slot]:
                assert hand.is_over
                if spec.betting is not None:
                    won = [
                        after - before
                        for after, before in zip(hand.stacks, hand.start_stacks, strict=True)
                    ]
                    assert rewards[slot].tolist() == won
                assert abs(rewards[slot].sum()) < 1e-9
                mirrors[slot] = table_hand(games, numbers[slot])
                finished += 1
            else:
                assert not rewards[slot].any()
    return finished, views


def uniform(mask, rng) -> int:
    """A uniformly random legal index."""
    return int(rng.choice(np.flatnonzero(mask)))


@pytest.mark.parametrize(("name", "settings"), [(name, None) for name in GAMES] + SETTINGS_VARIANTS)
@pytest.mark.parametrize("compact", [False, True], ids=["one-hot", "compact"])
def test_batch_hands_are_the_table_engines_hands_with_the_environments_encoding(
    name, settings, compact
):
    seats = min(3, game(name, settings).seats[1])
    games = BatchGame(
        name, batch=3, seats=seats, seed=11, settings=settings, history=8, compact=compact
    )
    finished, _ = play_beside_the_table(games, 8, 120, uniform)
    assert finished >= 3


@pytest.mark.parametrize("compact", [False, True], ids=["one-hot", "compact"])
def test_hands_exposed_all_in_show_in_the_observations_of_the_seats_still_to_draw(compact):
    """No registered game has a seat act after the hands are tabled all in (R-HE-8): the cards
    still to come are dealt without a decision. Here a single draw deals four cards, then one
    more before the draw: when the betting ends all in, the live hands are exposed and every
    live seat still draws, so the encoder's exposed-cards path is read while seats act."""
    spec = replace(
        game("2-7-single-draw"),
        name="exposed-single-draw",
        streets=(Street(down=4, first="left-of-big-blind"), Street(down=1, draw="5")),
    )
    games = BatchGame(spec, batch=4, seats=3, seed=3, history=8, compact=compact)
    all_in = ActionSpace(spec).names.index("all-in")

    def shove(mask, rng) -> int:
        """All in half the time it may be, else a uniformly random legal index."""
        return all_in if mask[all_in] and rng.random() < 0.5 else uniform(mask, rng)

    finished, views = play_beside_the_table(games, 8, 150, shove)
    exposed = [
        view
        for view in views
        if view.phase == "draw" and any(event.kind == "expose" for event in view.events)
    ]
    assert finished >= 20
    assert len(exposed) >= 20


def test_hand_k_of_a_seed_is_the_same_whatever_the_batch_size():
    one = BatchGame("holdem", batch=1, seats=6, seed=9)
    five = BatchGame("holdem", batch=5, seats=6, seed=9)
    for slot in range(5):
        number = five.numbers()[slot]
        dealt = five.hand(slot)
        assert dealt.cards == table_hand(one, int(number)).cards
    assert one.hand(0).cards == five.hand(0).cards
    assert one.observe()[0].tobytes() == five.observe()[0].tobytes()


def test_bad_actions_are_refused_and_change_nothing():
    games = BatchGame("holdem", batch=2, seats=3, seed=2)
    before = snapshot(games)
    legal = games.legal()
    refused = int(np.flatnonzero(~legal[1])[0])
    bad = [
        (np.array([1, refused]), IllegalActionError, "slot 1 .* cannot take action"),
        (np.array([1, 99]), IllegalActionError, "cannot take action 99"),
        (np.array([1, -1]), IllegalActionError, "cannot take action -1"),
        (np.array([1.0, 1.0]), InvalidArgumentError, "int64 or int32 array of shape.*float64"),
        (np.array([1, 1], dtype=np.int16), InvalidArgumentError, "dtype int16"),
        (np.array([1, 1], dtype=np.uint64), InvalidArgumentError, "dtype uint64"),
        (np.ones(3, dtype=np.int32), InvalidArgumentError, "int32 and shape \\(3,\\)"),
        (np.array([1, 1, 1]), InvalidArgumentError, "shape \\(3,\\)"),
        (np.ones((2, 1), dtype=np.int64), InvalidArgumentError, "shape \\(2, 1\\)"),
        ([1, 1], InvalidArgumentError, r"np.asarray.*not a list$"),
        (3, InvalidArgumentError, r"np.asarray.*not an int$"),
    ]
    for actions, error, message in bad:
        with pytest.raises(error, match=message):
            games.step(actions)
        assert snapshot(games) == before


def test_one_refused_action_in_a_batch_split_over_threads_changes_no_hand():
    """The hands before the refused one sit in other threads' shares: none of them is played."""
    games = BatchGame("holdem", batch=PARALLEL_MIN + 3, seats=3, seed=2)
    before = snapshot(games)
    legal = games.legal()
    actions = np.argmax(legal, axis=1).astype(np.int64)  # a legal action everywhere...
    last = len(games) - 1
    refused = int(np.flatnonzero(~legal[last])[0])
    actions[last] = refused  # ...but in the last hand
    with pytest.raises(IllegalActionError, match=f"slot {last} .* cannot take action {refused}"):
        games.step(actions)
    assert snapshot(games) == before
    actions[last] = int(np.flatnonzero(legal[last])[0])
    games.step(actions)  # the same batch with the refused action replaced plays
    assert snapshot(games) != before


MASK64 = 2**64 - 1


def splitmix_pick(seed: int, slot: int, row) -> int:
    """``sample_legal``'s pick as its docstring defines it, written again in Python: slot
    ``slot`` draws the SplitMix64 number ``slot + 1`` of the stream from the mixed seed and
    takes its ``(draw * legal) >> 64``-th legal index."""

    def mix(z: int) -> int:
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK64
        return z ^ (z >> 31)

    draw = mix((mix(seed) + (slot + 1) * 0x9E3779B97F4A7C15) & MASK64)
    legal = np.flatnonzero(row)
    return int(legal[(draw * len(legal)) >> 64])


def test_sample_legal_picks_the_documented_legal_index_whatever_the_batch():
    few = BatchGame("2-7-triple-draw", batch=3, seats=4, seed=6)
    many = BatchGame("2-7-triple-draw", batch=PARALLEL_MIN + 1, seats=4, seed=6)
    for seed in (0, 1, 2**64 - 1, 123_456_789):
        picks = few.sample_legal(seed)
        legal = few.legal()
        assert picks.dtype == np.int64 and picks.shape == (3,)
        assert picks.tolist() == [splitmix_pick(seed, i, legal[i]) for i in range(3)]
        assert many.sample_legal(seed)[:3].tolist() == picks.tolist()
        few.step(picks)
        many.step(many.sample_legal(seed))
    # a NumPy integer seed is the same seed
    assert few.sample_legal(np.uint64(7)).tolist() == few.sample_legal(7).tolist()


def test_sample_legal_is_uniform_over_the_legal_indices():
    games = BatchGame("holdem", batch=4096, seats=6, seed=1)
    picks, legal = games.sample_legal(3), games.legal()
    assert legal[np.arange(len(games)), picks].all()
    # every hand's first decision has the same mask: each legal index about 1/legal of them
    counts = np.bincount(picks, minlength=legal.shape[1])
    expected = len(games) / legal[0].sum()
    assert (counts[legal[0]] > 0.9 * expected).all() and (counts[~legal[0]] == 0).all()


@pytest.mark.parametrize("make", [np.random.default_rng, np.random.RandomState])
def test_a_seeded_generator_replays_the_same_random_play(make):
    def play(games: BatchGame) -> list[bytes]:
        rng, seen = make(8), []
        for _ in range(40):
            rewards, done = games.step(games.sample_legal(rng))
            seen += [rewards.tobytes(), done.tobytes()]
        return seen

    first, again = (play(BatchGame("stud", batch=16, seats=5, seed=3)) for _ in range(2))
    assert first == again
    assert first != play(BatchGame("stud", batch=16, seats=5, seed=4))


@pytest.mark.parametrize(
    ("seed", "message"),
    [(-1, "not -1"), (2**64, "not 18446744073709551616"), (1.5, "not 1.5"), ("3", "not '3'")],
)
def test_sample_legal_refuses_a_bad_seed(seed, message):
    games = BatchGame("holdem", batch=2, seats=3, seed=2)
    before = snapshot(games)
    with pytest.raises(InvalidArgumentError, match=message):
        games.sample_legal(seed)
    assert snapshot(games) == before


@pytest.mark.parametrize(
    ("options", "message"),
    [
        ({"batch": 0}, "batch must be 1..65536 hands, not 0"),
        ({"batch": MAX_BATCH + 1}, "batch must be 1..65536 hands, not 65537"),
        ({"batch": -1}, "batch must be 1..65536 hands, not -1"),
        ({"batch": 2**64}, "batch must be 1..65536 hands, not 18446744073709551616"),
        ({"batch": 2.0}, r"batch must be 1..65536 hands, not 2\.0"),
        ({"batch": True}, "batch must be 1..65536 hands, not True"),
        ({"batch": 1, "seats": 11}, "seats 2..10, not 11"),
        ({"batch": 1, "stack": 0}, r"stack must be an integer in 1\.\.2\*\*53-1, not 0"),
        ({"batch": 1, "stack": 2**64}, "stack must be an integer in 1..2.*53-1, not 18446744"),
        ({"batch": 1, "stack": 1}, "stacks of 1 chips are all in before anyone acts"),
        ({"batch": 1, "seed": -1}, "seed"),
        ({"batch": 1, "history": 0}, "history must be an integer 1..1000"),
        ({"batch": 1, "compact": 1}, "compact must be True or False, not 1"),
    ],
)
def test_bad_batches_are_refused_with_a_clear_error(options, message):
    with pytest.raises(InvalidArgumentError, match=message):
        BatchGame("holdem", **options)


@pytest.mark.parametrize("slot", [2, -1, 2**64, 1.0, True, "1"])
@pytest.mark.parametrize("method", ["hand", "finished"])
def test_a_slot_outside_the_batch_is_refused(method, slot):
    games = BatchGame("holdem", batch=2)
    with pytest.raises(
        InvalidArgumentError, match=rf"slot must be a slot of the batch, 0\.\.1, not {slot!r}"
    ):
        getattr(games, method)(slot)
    assert games.hand(np.int64(1)).number == 2  # a NumPy integer is a slot


def random_play(games: BatchGame, steps: int, dtype: type = np.int64) -> list[bytes]:
    """Plays ``steps`` rounds of seeded random legal actions; every array the batch returned."""
    rng = np.random.default_rng(5)
    seen = []
    for _ in range(steps):
        mask = games.legal()
        actions = np.argmax(np.where(mask, rng.random(mask.shape), -1.0), axis=1).astype(dtype)
        rewards, done = games.step(actions)
        seen += [mask.tobytes(), games.observe().tobytes(), rewards.tobytes(), done.tobytes()]
    return [*seen, games.numbers().tobytes()]


def test_int32_actions_play_as_int64_ones():
    wide, narrow = (BatchGame("razz", batch=7, seats=4, seed=3) for _ in range(2))
    assert random_play(wide, 60) == random_play(narrow, 60, np.int32)


def test_observe_writes_over_the_array_it_is_given():
    games = BatchGame("holdem", batch=5, seats=6, seed=2)
    buffer = np.full((5, games.layout.size), 7.0, dtype=np.float32)
    rng = np.random.default_rng(2)
    for _ in range(40):  # hands end and deal again: every number is written each time
        assert games.observe(out=buffer) is buffer
        assert np.array_equal(buffer, games.observe())
        mask = games.legal()
        games.step(np.argmax(np.where(mask, rng.random(mask.shape), -1.0), axis=1))


@pytest.mark.parametrize(
    ("make", "said"),
    [
        (lambda n, size: np.zeros((n, size), dtype=np.float64), "dtype float64 and shape"),
        (lambda n, size: np.zeros((n + 1, size), dtype=np.float32), r"shape \(4, "),
        (lambda n, size: np.zeros((n * size,), dtype=np.float32), r"shape \(\d+,\)$"),
        (lambda n, size: np.zeros((size, n), dtype=np.float32).T, "not C-contiguous"),
        (lambda n, size: np.zeros((n, 2 * size), dtype=np.float32)[:, ::2], "not C-contiguous"),
        (lambda n, size: np.zeros((n, size), dtype=np.float32).tolist(), "not a list$"),
    ],
    ids=["float64", "rows", "flat", "fortran", "strided", "list"],
)
def test_observe_refuses_an_array_it_cannot_write_and_changes_nothing(make, said):
    games = BatchGame("holdem", batch=3, seats=6, seed=1)
    bad = make(3, games.layout.size)
    before = snapshot(games)
    with pytest.raises(InvalidArgumentError, match="out must be a writeable C-contiguous") as no:
        games.observe(out=bad)
    assert re.search(said, str(no.value)), str(no.value)
    assert not np.any(np.asarray(bad))
    assert snapshot(games) == before


def test_observe_refuses_a_read_only_array():
    games = BatchGame("holdem", batch=3, seats=6, seed=1)
    frozen = np.zeros((3, games.layout.size), dtype=np.float32)
    frozen.flags.writeable = False
    with pytest.raises(InvalidArgumentError, match=r"writeable.*, read-only$"):
        games.observe(out=frozen)
    assert not frozen.any()


PLAY_ON_ONE_THREAD = """
import hashlib, sys
sys.path[:0] = [{tests!r}]
from test_rl_batch import BatchGame, random_play
games = BatchGame("2-7-triple-draw", batch={batch}, seats=3, seed=4)
print(hashlib.sha256(b"".join(random_play(games, 12))).hexdigest())
"""


def test_a_batch_split_over_threads_plays_as_on_one_thread():
    batch = PARALLEL_MIN + 3  # an odd batch: the threads' shares differ in size
    games = BatchGame("2-7-triple-draw", batch=batch, seats=3, seed=4)
    ours = random_play(games, 12)
    code = PLAY_ON_ONE_THREAD.format(tests=os.path.dirname(__file__), batch=batch)
    environment = {**os.environ, "RAYON_NUM_THREADS": "1", "PYTHONPATH": os.pathsep.join(sys.path)}
    one_thread = subprocess.run(
        [sys.executable, "-c", code], env=environment, capture_output=True, text=True, check=True
    )
    assert one_thread.stdout.strip() == hashlib.sha256(b"".join(ours)).hexdigest()


def test_step_releases_the_gil():
    """With the interpreter's switch interval far beyond the test, another thread can run
    while ``step`` is under way only if ``step`` lets the GIL go. On a busy machine the OS may
    not wake this thread before a step ends, so up to ten steps are tried: a step that held the
    GIL would let none of them be seen running."""
    games = BatchGame("holdem", batch=16384, seats=6, seed=1)
    actions = np.ones(len(games), dtype=np.int64)
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1000.0)
    try:
        for _ in range(10):
            started, stepped = threading.Event(), []

            def step(started=started, stepped=stepped) -> None:
                started.set()
                games.step(actions)
                stepped.append(True)

            worker = threading.Thread(target=step)
            worker.start()
            started.wait()
            ran_during_step = not stepped
            worker.join()
            assert stepped
            if ran_during_step:
                break
    finally:
        sys.setswitchinterval(interval)
    assert ran_during_step


@pytest.mark.parametrize(("stack", "all_in"), [(10_000, False), (250, True)])
def test_pot_limit_offers_all_in_only_when_the_whole_stack_may_go_in(stack, all_in):
    """In pot limit a stack deeper than the pot may not go all-in: the index named all-in is
    masked then (it used to raise to the pot again, the same action as "pot")."""
    games = BatchGame("omaha", batch=1, seats=2, seed=1, stack=stack)
    space = games.actions
    index = space.names.index("all-in")
    assert bool(games.legal()[0, index]) is all_in
    hand = games.hand(0)
    assert space.mask(hand)[index] == all_in
    if all_in:
        _, done = games.step(np.array([index], dtype=np.int64))
        hand.act(space.action(index, hand))
        assert not done[0]  # the other seat still has to answer
        assert hand.stacks[0] == 0
        assert games.hand(0).stacks == hand.stacks


def test_the_batch_engine_needs_neither_pettingzoo_nor_gymnasium():
    code = (
        "import sys\n"
        "sys.modules['pettingzoo'] = sys.modules['gymnasium'] = None  # not importable\n"
        "from drawpoker.rl import ActionSpace, BatchGame, ObservationLayout\n"
        "games = BatchGame('holdem', batch=2, seats=3, seed=1)\n"
        "games.step(games.sample_legal(1))\n"
        "try:\n"
        "    from drawpoker.rl import env\n"
        "except ImportError:\n"
        "    print('env needs the rl extra')\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, check=True
    ).stdout
    assert out == "env needs the rl extra\n"


def test_a_batch_used_by_two_threads_at_once_refuses_with_a_clear_error():
    """observe() releases the GIL while it reads the batch: a step() from another thread
    meanwhile was refused with PyO3's bare "Already borrowed"."""
    games = BatchGame("holdem", batch=4096, seats=6, seed=1, compact=True)
    picks = games.sample_legal(1)
    stop = threading.Event()

    def read() -> None:
        while not stop.is_set():
            games.observe()

    reader = threading.Thread(target=read)
    reader.start()
    refusals = []
    try:
        for _ in range(2000):
            try:
                games.step(picks)
            except InvalidArgumentError as refused:
                refusals.append(str(refused))
                break
            picks = games.sample_legal(1)
    finally:
        stop.set()
        reader.join()
    assert refusals, "no step ever met the reading thread"
    assert "in use by another thread" in refusals[0]


def _pickled(games: BatchGame) -> BatchGame:
    return pickle.loads(pickle.dumps(games))


@pytest.mark.parametrize("copier", [BatchGame.copy, copy.copy, copy.deepcopy, _pickled])
def test_a_copy_plays_on_as_the_original_would_and_apart_from_it(copier):
    """For a search that tries actions ahead: copy.copy used to share the Rust hands."""
    games = BatchGame("2-7-triple-draw", batch=8, seats=4, seed=9, compact=True)
    for seed in range(5):
        games.step(games.sample_legal(seed))
    twin = copier(games)
    before = snapshot(games)
    assert snapshot(twin) == before
    for seed in range(5, 30):
        twin.step(twin.sample_legal(seed))
    assert snapshot(games) == before  # the original did not move
    for seed in range(5, 30):
        games.step(games.sample_legal(seed))
    assert snapshot(games) == snapshot(twin)


def _finished_hands(games: BatchGame) -> list:
    return [None if h is None else h.events for h in map(games.finished, range(len(games)))]


@pytest.mark.parametrize("name", GAMES)
def test_a_pickled_batch_steps_on_as_the_original_would(name):
    """A BatchGame could not be pickled (its hands live in Rust): a pickle keeps its options
    and each slot's hand numbers and actions, and the batch made again from its seed is
    played back there. Mid-hand and after hands ended (a slot's last finished hand too), the
    unpickled batch holds the same hands, and the same random play gives the same masks,
    observations, rewards and new hands, in every game."""
    games = BatchGame(name, batch=6, seats=3, seed=21, compact=name == "holdem")
    for seed in range(25):
        games.step(games.sample_legal(seed))
    assert games.numbers().max() > 6  # hands ended and were dealt again
    again = _pickled(games)
    assert snapshot(again) == snapshot(games)
    assert _finished_hands(again) == _finished_hands(games)
    assert random_play(again, 40) == random_play(games, 40)


def test_a_pickled_batch_split_over_threads_steps_on_as_the_original_would():
    games = BatchGame("stud", batch=PARALLEL_MIN, seats=4, seed=4)
    for seed in range(12):
        games.step(games.sample_legal(seed))
    again = _pickled(games)
    assert snapshot(again) == snapshot(games)
    assert random_play(again, 5) == random_play(games, 5)


def _forged(position, change):
    """``position`` (a BatchHands.position()) with ``change`` made to a copy of it."""
    forged = copy.deepcopy([position[0], [list(h) for h in position[1]], position[2]])
    change(forged)
    return [forged[0], [tuple(h) for h in forged[1]], forged[2]]


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda p: p[1][0][1].append(("raise", 10**9, [])), "action 2 of hand 1: seat"),
        (lambda p: p[1][0][1].insert(0, ("draw", 0, [])), "action 0 of hand 1"),
        (lambda p: p[1][1].__setitem__(0, 1), "hand 1 is not one of hands 1..4"),
        (lambda p: p.__setitem__(0, 2), "hand 2 is not one of hands 1..2"),
        (lambda p: p[1].pop(), "it holds 2 hands and 3 finished ones"),
        (lambda p: p[1][0][1].__setitem__(0, ("shove", 0, [])), '"shove" is not an action kind'),
        (lambda p: p[1][0][1].__setitem__(0, ("call", 0, [99])), "card value 99 is out of range"),
        (lambda p: p[2][0][1].append(("fold", 0, [])), "slot 0 finished no hand but has"),
    ],
)
def test_a_forged_position_is_refused_and_changes_nothing(change, said):
    """A pickle names hands and actions: each action is played again by the rules, so one the
    rules refuse, a hand dealt twice or beyond the batch's count, a kind or card that does not
    exist, is refused by name, and the batch it was to be restored into is left as it was."""
    games = BatchGame("holdem", batch=3, seats=3, seed=8)
    games.step(np.ones(3, dtype=np.int64))
    games.step(np.ones(3, dtype=np.int64))
    position = games._hands.position()
    assert position[0] == 4 and len(position[1][0][1]) == 2  # two calls in hand 1 so far
    target = BatchGame("holdem", batch=3, seats=3, seed=8)
    before = snapshot(target)
    with pytest.raises((InvalidArgumentError, InvalidCardError), match=re.escape(said)):
        target._hands.restore(*_forged(position, change))
    assert snapshot(target) == before
    target._hands.restore(*position)  # the position itself is taken
    assert snapshot(target) == snapshot(games)


def test_a_position_whose_hand_is_over_is_refused():
    """A slot holds a hand still being played: a position whose hand the actions end is not
    one a batch can stand at."""
    games = BatchGame("holdem", batch=1, seats=2, seed=8)
    position = games._hands.position()
    folded = (position[0], [(1, [("fold", 0, [])])], position[2])
    with pytest.raises(InvalidArgumentError, match="hand 1 of slot 0 is over"):
        games._hands.restore(*folded)
