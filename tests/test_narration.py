"""One narration (issue 26): over random seeded hands of every game, the sentence the terminal
prints, the one ``drawpoker history show`` prints and the one the site sends are the same string
for the same event and viewer; every Arabic sentence is non-empty and differs from the English
(issue 29); a private event is never told to anyone else."""

from __future__ import annotations

import pytest
from drawpoker.analysis.evaluation import evaluate
from drawpoker.bots import make_bot
from drawpoker.cli.table_view import TableView
from drawpoker.engine import GAMES, Award, Event, game
from drawpoker.errors import InvalidArgumentError
from drawpoker.history import dumps, loads
from drawpoker.history.show import describe
from drawpoker.narration import DEALING_KINDS, Scene, hand_words, languages, sentence
from drawpoker.site.stream import SeatStreams
from drawpoker.table import Table, TableSettings

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
        (
            "7c 5d 4h 3s 2c",
            "deuce-seven",
            "منخفضة بالسبعة ثم الخمسة: \u2066" + "\u2011".join("75432") + "\u2069",
        ),
        ("Kc 6c 3h 2s", "badugi", "ثلاث أوراق محسوبة \u20666\u20113\u20112\u2069"),
    ],
)
def test_hands_are_described_in_arabic_in_every_ranking(
    cards: str, ranking: str, arabic: str
) -> None:
    assert hand_words(evaluate(cards, ranking), ranking, "ar") == arabic


def test_a_hi_lo_winner_is_told_the_half_and_the_pot_it_won_in_both_languages() -> None:
    scene = Scene(game("omaha-hi-lo"), NAMES[:2], [0, 0])
    low = evaluate("6h 5s 4d 2c Ad", "ace-five")
    won = Event("award", seat=1, to=None, amount=1200, award=Award(0, 1, "low", low))
    assert sentence(won, 1, "en", scene) == (
        "You win 1,200, the low half of the pot, with Six-five low: 6-5-4-2-A"
    )
    assert sentence(won, None, "ar-u-nu-arab", scene) == (
        "\u2068Bob\u2069 يربح \u2066١٬٢٠٠\u2069، النصف المنخفض من الوعاء (منخفضة بالستة ثم الخمسة: "
        "\u20666\u20115\u20114\u20112\u2011A\u2069)"
    )
    high = evaluate("Kc Kd 9h 4s 3c")
    side = Event("award", seat=0, to=None, amount=300, award=Award(1, 2, "whole", high))
    assert sentence(side, None, "en", scene) == (
        "Ann wins 300 from the side pot with Pair of kings (9-4-3) (no low qualifies)"
    )


def test_a_winner_is_told_which_pot_it_won() -> None:
    scene = Scene(game("holdem"), NAMES[:3], [0, 0, 0])
    flush = evaluate("Ah Th 8h 4h 2h")
    main = Event("award", seat=2, to=None, amount=1200, award=Award(0, 3, "whole", flush))
    side = main._replace(amount=40, award=Award(2, 3, "whole", flush))
    assert sentence(main, 2, "en", scene) == "You win 1,200 from the main pot with Flush, A-T-8-4-2"
    assert sentence(side, 0, "en", scene) == "Cy wins 40 from side pot 2 with Flush, A-T-8-4-2"
    flush_words = hand_words(flush, "high", "ar")  # told in test_hands_are_described_in_arabic
    assert sentence(side, 0, "ar", scene) == (
        f"\u2068Cy\u2069 يربح \u206640\u2069 من الوعاء الجانبي \u20662\u2069 ({flush_words})"
    )
    alone = Event("award", seat=1, to=None, amount=150, award=Award(0, 1, "whole", None))
    assert sentence(alone, None, "en", scene) == "Bob wins 150"


@pytest.mark.parametrize(
    ("event", "problem"),
    [
        (Event("splash", seat=0, to=None), "unknown event kind 'splash'"),
        (Event("blind", seat=0, to=None, amount=50, blind="straddle"), "not 'straddle'"),
        (Event("award", seat=0, to=None, amount=50), "needs its award"),
        (Event("award", 0, None, 50, award=Award(0, 1, "middle", None)), "needs its award"),
        (Event("call", seat=None, to=None, amount=50), "needs the seat"),
        (Event("call", seat=-1, to=None, amount=50), "cannot be about seat -1"),
        (Event("board", seat=0, to=None, cards=(51, 50, 49)), "cannot be about seat 0"),
    ],
)
def test_an_event_the_narration_cannot_tell_is_refused_by_name(event: Event, problem: str) -> None:
    scene = Scene(game("holdem"), ["Ann", "Bob"], [500, 500])
    with pytest.raises(InvalidArgumentError, match=problem):
        sentence(event, None, "en", scene)
    with pytest.raises(InvalidArgumentError, match=problem):
        scene.add(event)
    assert (scene.stacks, scene.pot, scene.street) == ([500, 500], 0, 0)  # nothing followed


def test_the_scene_refuses_a_seat_the_table_lacks_and_sentence_an_unknown_language() -> None:
    scene = Scene(game("holdem"), ["Ann", "Bob"], [500, 500])
    with pytest.raises(InvalidArgumentError, match="seat 2 at a table of 2 seats"):
        scene.add(Event("call", seat=2, to=None, amount=50))
    with pytest.raises(InvalidArgumentError, match="no language 'zz'"):
        sentence(Event("check", seat=0, to=None), None, "zz", scene)
