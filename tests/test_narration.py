"""One narration (issue 26): over random seeded hands of every game, the sentence the terminal
prints, the one ``drawpoker history show`` prints and the one the site sends are the same string
for the same event and viewer; every Arabic sentence is non-empty and differs from the English
(issue 29); a private event is never told to anyone else."""

from __future__ import annotations

import pytest
from drawpoker.bots import make_bot
from drawpoker.commands.table_view import TableView
from drawpoker.errors import InvalidArgumentError
from drawpoker.evaluation import evaluate
from drawpoker.games import GAMES, Event, Table, TableSettings, game
from drawpoker.history import dumps, loads
from drawpoker.history.show import describe
from drawpoker.narration import DEALING_KINDS, Scene, hand_words, languages, sentence
from drawpoker.web.stream import SeatStreams

NAMES = ["Ann", "Bob", "Cy", "Dee"]
VIEWER = 0


def _played(name: str, seed: int) -> Table:
    players = 3 if name in ("stud", "razz", "stud-hi-lo") else 4
    cpu = {s: make_bot(("rules", "checkcall")[s % 2], s, game=name) for s in range(players)}
    settings = TableSettings(rounds=3)
    table = Table(game(name), NAMES[:players], seed=seed, cpu=cpu, settings=settings)
    table.play_cpu()
    return table


def _in_order(wanted: list[str], lines: list[str], where: str) -> None:
    """Every wanted sentence is a whole line of ``lines``, in the same order."""
    at = 0
    for text in wanted:
        try:
            at = lines.index(text, at) + 1
        except ValueError:
            raise AssertionError(f"{where} does not say {text!r} (after line {at})") from None


def _history_lines(table: Table, index: int) -> list[str]:
    hand = table.hands[index]
    record = loads(dumps(hand, seat=VIEWER, players=table.names))[0]
    places = record.engine_seats[1]
    return [line.strip() for line in describe(record, viewer=list(places).index(VIEWER))]


@pytest.mark.parametrize("name", list(GAMES))
def test_the_terminal_history_show_and_the_site_say_the_same_sentence(name: str) -> None:
    for seed in (1, 2):
        table = _played(name, seed)
        site = SeatStreams(table).since(table, VIEWER, 0)
        terminal: list[str] = []
        TableView(table, terminal.append).show_news()
        terminal = [part for line in terminal for part in line.splitlines()]
        told = 0
        for index, hand in enumerate(table.hands):
            if not hand.is_over:
                continue
            said = [e for e in site if e["hand"] == index]
            assert [e["kind"] for e in said] == [e.kind for e in hand.visible_events(VIEWER)]
            _in_order([e["sentence"] for e in said], _history_lines(table, index), "history")
            # the terminal draws the cards of a street (a board game's heading, stud's rows)
            drawn = DEALING_KINDS if hand.game.streets[0].first == "bring-in" else {"board"}
            spoken = [e["sentence"] for e in said if e["kind"] not in drawn]
            _in_order(spoken, terminal, "the terminal")
            told += len(spoken)
        assert told > 20, name


@pytest.mark.parametrize("name", list(GAMES))
def test_every_arabic_sentence_is_said_and_differs_from_the_english(name: str) -> None:
    table = _played(name, 3)
    for seat in (VIEWER, len(table.names)):  # a seat, and the public (watchers)
        english = SeatStreams(table).since(table, seat, 0, "en")
        arabic = SeatStreams(table).since(table, seat, 0, "ar")
        assert [e["kind"] for e in arabic] == [e["kind"] for e in english]
        for en, ar in zip(english, arabic, strict=True):
            assert ar["sentence"].strip() and ar["sentence"] != en["sentence"], (en, ar)
            assert any("\u0600" <= c <= "\u06ff" for c in ar["sentence"]), ar
    assert languages() == ("en", "ar")


def test_a_private_event_is_told_only_to_its_seat() -> None:
    scene = Scene(game("holdem"), NAMES[:2], [1000, 1000])
    dealt = Event("deal", seat=1, to=1, cards=(51, 47))
    assert sentence(dealt, 1, "en", scene) == "Your cards: As Ks"
    for reader in (0, None):
        with pytest.raises(InvalidArgumentError, match="private 'deal' event"):
            sentence(dealt, reader, "ar", scene)


@pytest.mark.parametrize(
    ("cards", "ranking", "arabic"),
    [
        ("Kc Kd Kh 3s 3c", "high", "فول هاوس، ثلاثة ملوك وزوج ثلاثات"),
        ("As Ks Qs Js Ts", "high", "رويال فلاش"),
        ("9c 9d 4h 4s Kc", "high", "زوجان، تسعات وأربعات (الورقة المرافقة \u2066K\u2069)"),
        ("7c 5d 4h 3s 2c", "deuce-seven", "منخفضة بالسبعة ثم الخمسة: \u20667-5-4-3-2\u2069"),
        ("Kc 6c 3h 2s", "badugi", "ثلاث أوراق محسوبة \u20666-3-2\u2069"),
    ],
)
def test_hands_are_described_in_arabic_in_every_ranking(
    cards: str, ranking: str, arabic: str
) -> None:
    assert hand_words(evaluate(cards, ranking), ranking, "ar") == arabic


def test_a_hi_lo_winner_is_told_the_half_it_won_in_both_languages() -> None:
    spec = game("omaha-hi-lo")
    scene = Scene(spec, NAMES[:2], [0, 0])
    scene.add(Event("show", seat=0, to=None, amount=evaluate("Kc Kd 9h 4s 3c")))
    scene.add(Event("show", seat=1, to=None, amount=evaluate("Qc Qd 8h 4s 3d")))
    scene.add(Event("low", seat=1, to=None, amount=evaluate("6h 5s 4d 2c Ad", "ace-five")))
    won = Event("win", seat=1, to=None, amount=1200)
    assert sentence(won, 1, "en", scene) == "You win 1,200 with the low, Six-five low: 6-5-4-2-A"
    assert sentence(won, None, "ar-u-nu-arab", scene) == (
        "\u2068Bob\u2069 يربح \u2066١٬٢٠٠\u2069 (النصف المنخفض: منخفضة بالستة ثم الخمسة: "
        "\u20666-5-4-2-A\u2069)"
    )
