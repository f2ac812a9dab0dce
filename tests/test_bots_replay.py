"""Long seeded games of the CPU players, pinned: every hand of each game (its deal, every action,
every chip) hashed, so that a change meant to make the players cheaper (caching what they read,
saving less) shows at once if it changed a single decision; and the same games played again
with every player saved and restored between its turns, as a server does after a crash, must
come out the same as the games never saved.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from drawpoker.bots import bot_kinds, make_bot, restore_bot, saved_bot
from drawpoker.bots.basic import CountedRandom
from drawpoker.engine import GAMES, game
from drawpoker.table import Table, TableSettings
from drawpoker.table.player import Player

RULES_ROUNDS = 150
"""Rounds of each rules players' table (a table ends sooner when one player has every chip)."""

RULES_SEEDS = (1234, 5678, 9012)
"""The seeds of each game's three tables (their deals, and their players' seeds from there)."""

STRONG_ROUNDS = 30

RULES_DIGESTS = {
    "five-card-draw": "e4d219e2df18897f0c41d8311c748c7ec93a09bf08276d5187274af020a8d51f",
    "holdem": "9d2f5555646be8a999d426ffb5ef8e03e1f3bf85a5cafca0d9fe28186823e920",
    "omaha": "4720a014884dc89a59b1ad29066a9ab8755b65f61fc7995cf4aaa7a64932b775",
    "omaha-hi-lo": "7ea0daee9879a51f217beff47109d130c45408a483a45c1a41890e3c277516a5",
    "stud": "712f7c8ef0932f5ac2469dc2c04e580defdb585966af89551585d47bce5020ba",
    "razz": "56b9c6f04d69630e8a28d42501e075afb115c80fc4c340d3a376eee05a06426f",
    "stud-hi-lo": "8443005c82892b28a69df939c9da31430195d9ee935069b79a9f5c84bdae5762",
    "2-7-single-draw": "b507792038b91041942fc74020a1b1a83883cb8878b53d18b037a7723571e1b3",
    "2-7-triple-draw": "711d80044815a44998bcf7664aa5df920164e7d93d169db68716826d64b102dc",
    "badugi": "666bc6d41dd72059fcc7a8d3c199259237380b8bbccb2f9fbda977560a9f97cb",
    "short-deck": "154b34e75e23a235c25a008b1c10fc2bec5c982405777db73d6424ef8438143b",
}
"""The hash of each rules players' game (:func:`rules_table`), as the players played it when
these were pinned."""

STRONG_DIGESTS = {
    "five-card-draw": "8b0e38d76c2badafab3b6bcd326ea0061fa66b944d9d44d6b9235354d3faef07",
    "holdem": "b09e69b6efe9f885e3444855e376491fba680492bb213c111746468b0caaf9cd",
    "omaha": "a95551a07ce38ca42ac6226ecb6b2451b704d717bb447059b618be6917e577f2",
    "omaha-hi-lo": "c25601527dea8b4c0554aacb9c445eb77e16c720bd676b865558a4aef989f060",
    "stud": "aba04d28843f66938895ec34daafb7ee1b3a03ee31b3e6f5d91a2f85d1d43bc0",
    "razz": "76362e0dad7af339fd65552867c3788f76327749f4e1c9319848a2abd8562271",
    "stud-hi-lo": "f4903d153ee532a1e7fb4d1e401cabb47585af657525e1dbd37e69345b6948b8",
    "2-7-single-draw": "b12fcdf4fedfc85de2e1ddd05fd41018f98afc968162f5b51a49f34e5d241841",
    "2-7-triple-draw": "b888dbcbf9b4ed05af0b28686a43477a8978750a52876bd00f3c7cce57f7dbc3",
    "badugi": "eac1950cd325965528b45b87e3f5158957cca57dc4f33ef18c5f7fba9b5d27f3",
    "short-deck": "3f0598972cc57e52ffbcdc2bacba63c7657d563be69141a8a1932bf7d610f2c2",
}
"""Likewise for the strong players' short games (:func:`strong_table`)."""

SIMPLE_DIGESTS = {
    "five-card-draw": "0f3346ba360f3c16a5e05af035fb4a82488434a98156b579ae575637752c1d92",
    "holdem": "5ca8855661f387e41307f3f96aec5f6ea38cec8c6c0e8005b526030cc1ec9289",
    "omaha": "592695ab44dfc09f0e2c58bb7c6613faf27d91e22b75fea3950eb7de2b202278",
    "omaha-hi-lo": "c19c10dd9df1da056f05a94242c72263027be9cb60736faa7c3d00f059ac9d2c",
    "stud": "0ea377416e7205fe934cbc332fc853b0e4b9fb558b434b29d0e0459025dc7a2d",
    "razz": "6afefee66493b5d6435282e83c8e69d9ff3d7510921431a30c14f1ee3ccf5f61",
    "stud-hi-lo": "451b75d5b7095743a8f16cba5746291882bdc4093ddf8bb338137d7799400317",
    "2-7-single-draw": "dfe3915fb876437ef2a6bbb845b44399e36a23ca0594f46e972c316cb774859e",
    "2-7-triple-draw": "c8dcbe72e8a8d7859b4ade6c4933b2ad9895feccb084de84f19a5849d568f6a5",
    "badugi": "1e9966cb1113bab0e18a34579974cf15f879a863a5b9d5ac79379fc03657e8d3",
    "short-deck": "6259d4b694ae792bbcff2ef002ff60fdedac4a2707782fda3c4297378c14c9f3",
}
"""Likewise for the simple strategies' games (:func:`simple_table`)."""


def rules_table(name: str, rounds: int = RULES_ROUNDS, seed: int = 1234) -> Table:
    """Four rules players and a check/call player (every game seats five), with five times the
    game's stacks."""
    cpu: dict[int, Player] = {s: make_bot("rules", seed=s + seed, game=name) for s in range(4)}
    cpu[4] = make_bot("checkcall", game=name)
    spec = game(name)
    settings = TableSettings(rounds=rounds, stack=spec.default_stack * 5)
    return Table(spec, 5, seed=seed, cpu=cpu, settings=settings)


def strong_table(name: str, rounds: int = STRONG_ROUNDS) -> Table:
    """Two strong players and a rules player."""
    cpu = {
        0: make_bot("strong", seed=5, game=name),
        1: make_bot("rules", seed=6, game=name),
        2: make_bot("strong", seed=7, game=name),
    }
    return Table(game(name), 3, seed=99, cpu=cpu, settings=TableSettings(rounds=rounds))


def simple_table(name: str, rounds: int = 60) -> Table:
    """The game's first four simple strategies (a simple player of a draw game draws with a
    rules player's discards and its own generator) and a rules player."""
    kinds = [k for k in bot_kinds(name) if k not in ("checkcall", "rules", "strong")][:4]
    cpu = {s: make_bot(kind, seed=s + 40, game=name) for s, kind in enumerate(kinds)}
    cpu[len(kinds)] = make_bot("rules", seed=3, game=name)
    spec = game(name)
    settings = TableSettings(rounds=rounds, stack=spec.default_stack * 5)
    return Table(spec, len(cpu), seed=77, cpu=cpu, settings=settings)


def digest(*tables: Table) -> str:
    """The hash of every hand the tables played, as saved."""
    hands = [hand.to_dict() for table in tables for hand in table.hands]
    return hashlib.sha256(json.dumps(hands, sort_keys=True).encode()).hexdigest()


def through_a_save(player: Player, seat: int) -> Player:
    """The player as a server restores it from its saved row: saved, as JSON text and back."""
    data: Any = json.loads(json.dumps(saved_bot(player, seat)))
    return restore_bot(data)


@pytest.mark.parametrize("name", list(GAMES))
def test_the_rules_players_play_as_pinned(name: str) -> None:
    tables = [rules_table(name, seed=seed) for seed in RULES_SEEDS]
    for table in tables:
        table.play_cpu()
        assert table.is_over
    assert digest(*tables) == RULES_DIGESTS[name]


@pytest.mark.parametrize("name", list(GAMES))
def test_the_strong_players_play_as_pinned(name: str) -> None:
    table = strong_table(name)
    table.play_cpu()
    assert digest(table) == STRONG_DIGESTS[name]


@pytest.mark.parametrize("name", list(GAMES))
def test_the_simple_players_play_as_pinned(name: str) -> None:
    table = simple_table(name)
    table.play_cpu()
    assert digest(table) == SIMPLE_DIGESTS[name]


@pytest.mark.parametrize("table", [rules_table, simple_table])
@pytest.mark.parametrize("name", list(GAMES))
def test_players_saved_and_restored_at_every_turn_play_as_never_saved(
    name: str, table: Callable[..., Table]
) -> None:
    never = table(name, rounds=12)
    never.play_cpu()
    saved = table(name, rounds=12)
    while not saved.is_over:
        saved.play_cpu(limit=1)
        saved.cpu = {seat: through_a_save(p, seat) for seat, p in saved.cpu.items()}
    assert digest(saved) == digest(never)


def test_a_player_saved_in_the_former_form_restores_as_never_saved() -> None:
    """The rows written before the saved form changed (the generator's state whole, as
    ``random.Random.getstate`` gives it) restore to the same player."""
    name = "holdem"
    never = rules_table(name, rounds=8)
    never.play_cpu(limit=150)
    old = rules_table(name, rounds=8)
    old.play_cpu(limit=150)
    for seat, player in list(old.cpu.items()):
        data = json.loads(json.dumps(saved_bot(player, seat)))
        if "params" in data:
            version, state, gauss = player.rng.getstate()  # type: ignore[attr-defined]
            data = {k: v for k, v in data.items() if not k.startswith("rng")}
            data["rng"] = [version, list(state), gauss]
        old.cpu[seat] = restore_bot(data)
    never.play_cpu()
    old.play_cpu()
    assert digest(old) == digest(never)


DRAWS: list[Callable[[random.Random], object]] = [
    lambda r: r.random(),
    lambda r: r.randrange(10),
    lambda r: r.randrange(10**30),  # more than 32 bits: several words a try
    lambda r: r.getrandbits(0),
    lambda r: r.getrandbits(33),
    lambda r: r.sample(range(52), 7),
    lambda r: r.sample(range(52), 4),  # CountedRandom's own way, the same picks
    lambda r: r.shuffle(list(range(20))),
    lambda r: r.choices("abc", k=3),
    lambda r: r.uniform(1, 2),
    lambda r: r.randbytes(5),
    lambda r: r.gauss(0, 1),  # keeps the pair's second number: the state saves whole
]


@pytest.mark.parametrize("rebase", [1 << 20, 60])
@pytest.mark.parametrize("seed", range(6))
def test_a_counted_generator_draws_as_random_and_saves_as_its_seed_and_count(
    seed: int, rebase: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(CountedRandom, "rebase_draws", rebase)
    counted, plain, pick = CountedRandom(seed), random.Random(seed), random.Random(seed + 100)
    forms = set()
    for _ in range(400):
        draw = pick.choice(DRAWS)
        assert draw(counted) == draw(plain)
        data = json.loads(json.dumps(counted.to_data()))
        forms.add("list" if isinstance(data, list) else "state" if "state" in data else "seed")
        again = CountedRandom.from_data(data)
        assert again.getstate() == counted.getstate() == plain.getstate()
        assert again.to_data() == data
        if isinstance(data, dict):
            assert data["draws"] <= rebase  # a restore draws at most that many words
    # by seed and count; whole after a gauss; past the rebase, from the state then, packed
    assert forms == ({"seed", "list"} if rebase > 10_000 else {"seed", "state", "list"})


@pytest.mark.parametrize("seed", range(4))
def test_a_counted_generators_quick_samples_are_randoms_own(seed: int) -> None:
    """:meth:`CountedRandom.sample` picks a few items of a range, list or tuple its own way
    (without ``random.Random.sample``'s set-up): the same items in the same order, and the
    same state after, as ``random.Random.sample`` on the same generator, rejected draws and
    repeated places included."""
    counted, plain = CountedRandom(seed), random.Random(seed)
    deck = [4 * rank + suit for rank in range(4, 13) for suit in range(4)]  # the short deck's
    populations = [range(n) for n in (22, 23, 36, 52, 64, 65, 1000, (1 << 32) - 1)]
    populations += [range(1, 53), range(0, 104, 2), deck, tuple(deck)]
    for population, k in itertools.product(populations, range(6)):
        for _ in range(50):
            picks = counted.sample(population, k)
            assert picks == plain.sample(population, k), (population, k)
    assert counted.getstate() == plain.getstate()
    assert CountedRandom.from_data(counted.to_data()).getstate() == plain.getstate()
    # the cases it leaves to random.Random.sample, the same too
    for population, k in [(range(21), 4), (range(1 << 32), 3), (range(52), 6), (deck[:20], 3)]:
        assert counted.sample(population, k) == plain.sample(population, k)
    assert counted.sample(range(52), 2, counts=[2] * 52) == plain.sample(
        range(52), 2, counts=[2] * 52
    )
    assert counted.getstate() == plain.getstate()
    with pytest.raises(TypeError):
        counted.sample({1, 2, 3}, 2)  # not a sequence: refused as random.Random refuses it


def test_a_generator_saved_whole_counts_from_that_state() -> None:
    """A player saved before the count (its state whole) saves its state packed and the words
    drawn since; the list form stays for the rest (a state between a gauss pair)."""
    plain = random.Random(9)
    plain.random()
    rng = CountedRandom.from_data([3, list(plain.getstate()[1]), None])
    rng.random()
    plain.random()
    data = rng.to_data()
    assert isinstance(data, dict) and data["draws"] == 2 and len(json.dumps(data)) < 3_400
    assert CountedRandom.from_data(data).getstate() == plain.getstate()
    rng.gauss(0, 1)
    assert isinstance(rng.to_data(), list)


def test_a_counted_generator_refuses_a_malformed_state_and_keeps_its_own() -> None:
    rng = CountedRandom(4)
    rng.random()
    before = rng.getstate()
    malformed: list[Any] = [
        {"seed": 1, "draws": -1},
        {"seed": 1, "draws": 10**15},  # forged: drawing it again would never end
        {"seed": 1, "draws": CountedRandom.rebase_draws + 1},
        {"seed": "x", "draws": 1},
        {"seed": 1},
        {"state": "AAAA", "draws": 1},
        {"state": "not base64!", "draws": 1},
        {"state": 5, "draws": 1},
        [3, [1], None],
    ]
    for data in malformed:
        with pytest.raises((KeyError, TypeError, ValueError)):
            rng.load(data)
        assert rng.getstate() == before
