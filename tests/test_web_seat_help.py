"""What the table page tells a seat about its own hand: the hand as it stands (the showdown's
words, from the seat's own cards and the board only) and, at its draw, the tips page's best
discard, worked out from the seat's view alone (never from the stub or another seat)."""

from __future__ import annotations

import pytest
from drawpoker.analysis.evaluation import evaluate
from drawpoker.engine import Hand, game
from drawpoker.narration import hand_words
from drawpoker.site.analysis import analyse
from drawpoker.site.seat_help import draw_tip, hand_line
from drawpoker.site.seatview import cards_text, seat_state
from drawpoker.table import Table

FIVE_CARD_DRAW = "five-card-draw"


def at_draw(deck: str, **settings: object) -> Hand:
    """A heads-up Five-Card Draw hand dealt from ``deck`` (seat 1 is dealt first), bet and
    called (checked around, the hand would be dealt again) through to seat 1's draw."""
    hand = Hand(game(FIVE_CARD_DRAW, settings), [500, 500], deck=deck)
    hand.bet(20)
    hand.call()
    assert hand.actor == 1 and "draw" in hand.legal_actions().kinds
    return hand


def test_a_draw_hand_is_described_before_the_draw_in_both_languages() -> None:
    hand = Hand(game(FIVE_CARD_DRAW), [500, 500], deck="Jh 9c Jd 8c 4c 6s 4s 5s 2h 3d")
    assert cards_text(hand.view(1).cards) == ["Jh", "Jd", "4c", "4s", "2h"]
    assert hand_line(hand.view(1)) == {"text": "Two pair, jacks and fours (2 kicker)"}
    # the showdown's words for the same five cards, in Arabic
    said = hand_words(evaluate("Jh Jd 4c 4s 2h"), "high", "ar")
    assert hand_line(hand.view(1), "ar") == {"text": said}
    assert said.startswith("زوجان")


def test_fewer_than_five_cards_say_what_they_hold() -> None:
    hand = Hand(game("holdem"), [500, 500], deck="Kh Kd Ks 2c 9h 9d 3c")
    assert hand_line(hand.view(1)) == {"text": "Pair of kings"}
    assert hand_line(hand.view(0)) == {"text": "High card, king"}
    hand.call()
    hand.check()  # the flop: 9h 9d 3c
    assert cards_text(hand.view(1).board) == ["9h", "9d", "3c"]
    assert hand_line(hand.view(1)) == {"text": "Two pair, kings and nines (3 kicker)"}


def test_omaha_uses_two_cards_of_the_hand_and_three_of_the_board() -> None:
    hand = Hand(game("omaha"), [500, 500], deck="As 9c Ks 8c Qs 7c Js 6c Ts 2d 3c")
    assert hand_line(hand.view(1)) is None  # no board yet: no five-card hand to tell
    hand.call()
    hand.check()
    assert cards_text(hand.view(1).cards) == ["As", "Ks", "Qs", "Js"]
    assert cards_text(hand.view(1).board) == ["Ts", "2d", "3c"]
    # any five of the seven are a royal flush; two of the hand and three of the board are not
    assert hand_line(hand.view(1)) == {"text": "High card, ace (K-T-3-2)"}


def test_a_hi_lo_line_has_the_low_or_no_low() -> None:
    hand = Hand(game("omaha-hi-lo"), [500, 500], deck="As 9c 2s Tc Kd Jc Kh Qc 3c 4d 5h")
    hand.call()
    hand.check()  # the flop 3c 4d 5h
    assert hand_line(hand.view(1)) == {
        "text": "Straight, five high",
        "low": "Five-four low: 5-4-3-2-A",
    }
    assert cards_text(hand.view(0).cards) == ["9c", "Tc", "Jc", "Qc"]
    assert hand_line(hand.view(0)) == {"text": "High card, queen (J-5-4-3)", "low": None}


def test_stud_reads_only_the_seats_own_cards() -> None:
    """Seat 0's line is the same whatever seat 1 holds, even an up card that would pair it."""
    lines = []
    for other in ("Kc 3c", "Qh 7d"):
        first, second = other.split()
        deck = f"Kh Kd {first} 2c Ks {second} 5c 4d"
        hand = Hand(game("stud"), [500, 500], deck=deck)
        assert cards_text(hand.view(0).cards)[:2] == ["Kd", "2c"]
        lines.append(hand_line(hand.view(0)))
    assert lines[0] == lines[1] == {"text": "High card, king"}


def test_a_folded_seat_and_a_watcher_have_no_line() -> None:
    hand = Hand(game("holdem"), [500, 500, 500], seed=4)
    folded = hand.actor
    hand.fold()
    assert hand_line(hand.view(folded)) is None
    assert hand_line(hand.view(hand.actor)) is not None
    table = Table(game("holdem"), 2, seed=4)
    watcher = seat_state(table, None, players=[], status="playing", seq=1, time_left=None)
    assert watcher["own_hand"] is None and watcher["tip"] is None


@pytest.mark.parametrize(
    ("deck", "settings"),
    [
        ("Jh 9c Jd 8c 7c 6s 4s 5s 2h 3d", {}),
        ("Ks 9c 9s 8c 6s 7h 3s 5s 8d 3d", {"draw_limit": "3"}),
        ("Jk 9c Ad 8c Kd 7h 7c 5s 2h 3d", {"joker": True}),
    ],
)
def test_the_tip_is_the_tips_pages_analysis_of_the_seats_own_cards(
    deck: str, settings: dict[str, object]
) -> None:
    hand = at_draw(deck, **settings)
    view = hand.view(1)
    limit = hand.game.streets[view.street].draw
    request = {"hand": " ".join(cards_text(view.cards)), "limit": limit}
    if hand.game.joker:
        request["deck"] = "53"
    best = analyse(request)["choices"][0]
    tip = draw_tip(view)
    assert tip is not None
    assert tip["discards"] == best["discards"] and tip["kept"] == best["kept"]
    assert tip["improve_probability"] == best["improve_probability"]
    assert tip["value"] == best["value"]


def test_the_tip_never_changes_with_cards_the_seat_cannot_see() -> None:
    """The same view of seat 1 over different deals of seat 0 and the stub: the same tip."""
    tips = []
    for others in ("9c 8c 6s 5s 3d", "As Ad Ac Kd Kh", "2c 3c 4c 5c 6c"):
        mine = ["Jh", "Jd", "7c", "4s", "2h"]
        theirs = others.split()
        deck = " ".join(card for pair in zip(mine, theirs, strict=True) for card in pair)
        hand = at_draw(deck)
        assert cards_text(hand.view(1).cards) == mine
        tips.append(draw_tip(hand.view(1)))
    assert tips[0] is not None
    assert tips[0] == tips[1] == tips[2]
    assert tips[0]["discards"] == ["7c", "4s", "2h"]


def test_the_tip_is_only_at_the_seats_own_draw() -> None:
    hand = at_draw("Jh 9c Jd 8c 7c 6s 4s 5s 2h 3d")
    assert draw_tip(hand.view(0)) is None  # seat 0 is not drawing now
    holdem = Hand(game("holdem"), [500, 500], seed=2)
    assert draw_tip(holdem.view(holdem.actor)) is None  # no draw in the game
    table = Table(game(FIVE_CARD_DRAW), 2, seed=6)
    state = seat_state(table, table.hand.actor, players=[], status="playing", seq=1, time_left=None)
    assert state["legal"] is not None and state["tip"] is None  # a betting turn: no tip


def test_the_tip_is_worked_out_once_per_hand_however_many_updates(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Every update of the seat's draw turn asks for the tip: the analysis runs once."""
    from drawpoker.site import seat_help

    asked: list[object] = []

    def counted(request: dict[str, str]) -> dict[str, object]:
        asked.append(request)
        return real(request)

    real = seat_help.analyse
    monkeypatch.setattr(seat_help, "analyse", counted)
    hand = at_draw("Qh 9c Qd 8c 6c 6s 4s 5s 2h 3d")
    question = seat_help.tip_question(hand.view(1))
    assert question is not None
    seat_help._tips.pop(question, None)
    for _ in range(20):
        assert draw_tip(hand.view(1)) is not None
    assert len(asked) == 1
    assert seat_help.known_tip(question) is not None


def to_first_draw(name: str, deck: str, **settings: object) -> Hand:
    """A heads-up hand of the draw game ``name`` dealt from ``deck``, called, or bet when
    nobody has (checked around, Five-Card Draw deals again), through to the first draw."""
    hand = Hand(game(name, settings), [1000, 1000], deck=deck)
    while "draw" not in (legal := hand.legal_actions()).kinds:
        if "call" in legal.kinds:
            hand.call()
        elif "bet" in legal.kinds:
            hand.bet(legal.min_to)
        else:
            hand.check()  # the big blind's option
    return hand


@pytest.mark.parametrize(
    ("name", "settings", "deck", "mine", "draws_left"),
    [
        ("five-card-draw", {}, "Jh 9c Jd 8c 7c 6s 4s 5s 2h 3d", "Jh Jd 7c 4s 2h", 0),
        (
            "five-card-draw",
            {"joker": True},
            "Jk 9c Ad 8c Kd 7h 7c 5s 2h 3d",
            "Jk Ad Kd 7c 2h",
            0,
        ),
        ("2-7-single-draw", {}, "Qc 9s Qd 9h 7h 8c 4s 8d 2c Ks", "Qc Qd 7h 4s 2c", 0),
        ("2-7-triple-draw", {}, "Qc 9s Qd 9h 7h 8c 4s 8d 2c Ks", "Qc Qd 7h 4s 2c", 2),
        ("badugi", {}, "Ac 9s 4d 8s 7h 2d 9c 3c", "Ac 4d 7h 9c", 2),
    ],
)
def test_the_tip_in_every_draw_game_is_the_best_draw_counted_by_hand(
    name: str, settings: dict[str, object], deck: str, mine: str, draws_left: int
) -> None:
    """At the seat's draw the tip is the discard with the best chance to beat a random hand
    by the game's own ranking and draw limit, with its exact chance to improve (a better low
    in the lowball games and badugi) and that chance: all of it counted here over every
    replacement of every allowed discard (``draw_by_hand``), not taken from the engine."""
    from draw_by_hand import best_draw
    from drawpoker.cards import parse_cards

    hand = to_first_draw(name, deck, **settings)
    view = hand.view(hand.actor)
    assert cards_text(view.cards) == mine.split()
    spec = hand.game
    ranking = "joker" if spec.joker else spec.showdown[0].ranking
    limit = spec.streets[view.street].draw
    assert limit is not None
    cards = parse_cards(mine)
    mask, (value, better, total) = best_draw(cards, ranking, limit, 53 if spec.joker else 52)
    tip = draw_tip(view)
    assert tip is not None
    assert tip["discards"] == [c for i, c in enumerate(mine.split()) if mask >> i & 1]
    assert tip["kept"] == [c for i, c in enumerate(mine.split()) if not mask >> i & 1]
    assert tip["improve_probability"] == better / total
    assert tip["value"] == pytest.approx(value, abs=1e-12)
    assert (tip["ranking"], tip["draws_left"]) == (ranking, draws_left)


def test_a_triple_draws_second_draw_has_one_more_to_come() -> None:
    """The tip's numbers are of the hand after this draw; it says how many draws follow."""
    hand = to_first_draw("2-7-triple-draw", "Qc 9s Qd 9h 7h 8c 4s 8d 2c Ks")
    while hand.view(0).street < 2:  # both seats stand pat, then check through the betting
        kinds = hand.legal_actions().kinds
        if "draw" in kinds:
            hand.draw([])
        else:
            hand.check()
    view = hand.view(hand.actor)
    assert view.street == 2 and "draw" in hand.legal_actions().kinds
    tip = draw_tip(view)
    assert tip is not None and tip["draws_left"] == 1


def test_every_preset_the_engine_offers_is_said_by_its_rule() -> None:
    """The page's kind of each sizing preset comes from the engine's table of rules
    (``_core.preset_rules``), so every label the legal actions offer is known, and a preset
    is said by how its total is found, whatever its English label."""
    from drawpoker import _core
    from drawpoker.site.seatview import PRESETS, legal_json

    offered = set()
    for name in ("holdem", "omaha"):
        hand = Hand(game(name), [10000, 10000, 10000], seed=1)
        while not hand.is_over:
            legal = hand.legal_actions()
            offered |= {label for label, _ in legal.presets}
            data = legal_json(hand.view(hand.actor), legal)
            assert [p["name"] for p in data["presets"]] == [label for label, _ in legal.presets]
            if "check" in legal.kinds:
                hand.check()
            else:
                hand.call()
    assert offered == {"33% pot", "50% pot", "pot", "2x", "3x", "half pot"}
    assert {label for label, _, _ in _core.preset_rules()} == offered == set(PRESETS)
    assert PRESETS == {
        "33% pot": ("share", {"share": 33}),
        "50% pot": ("half_pot", {}),
        "half pot": ("half_pot", {}),
        "pot": ("pot", {}),
        "2x": ("times", {"times": 2}),
        "3x": ("times", {"times": 3}),
    }


def to_second_draw(name: str, deck: str, seat: int, thrown: str) -> Hand:
    """A heads-up hand of ``name`` from ``deck`` through to ``seat``'s second draw: at the
    first, ``seat`` throws ``thrown`` and the other seat stands pat; the betting is checked
    or called through."""
    from drawpoker.cards import parse_cards

    hand = to_first_draw(name, deck)
    while hand.view(0).street < 2 or hand.actor != seat or "draw" not in hand.legal_actions().kinds:
        kinds = hand.legal_actions().kinds
        if "draw" in kinds:
            hand.draw(parse_cards(thrown) if hand.actor == seat else [])
        elif "check" in kinds:
            hand.check()
        else:
            hand.call()
    return hand


@pytest.mark.parametrize(
    ("name", "deck", "thrown", "mine"),
    [
        # seat 1 throws a queen of its pair, draws a second seven
        ("2-7-triple-draw", "Qc 9s Qd 9h 7h 8c 4s 8d 2c Ks 7d", "Qc", "Qd 7h 4s 2c 7d"),
        # seat 1 throws the deuce and the queen, keeps its pair of sevens (a poor throw, so that
        # the dead cards are low ones the second draw would want)
        ("2-7-triple-draw", "Qc 9s 7d 9h 7h 8c 4s 8d 2c Ks 3d 5c", "Qc 2c", "7d 7h 4s 3d 5c"),
        # seat 1 throws its second club, draws a second heart
        ("badugi", "Ac 9s 4d 8s 7h 2d 9c 3c Kh", "9c", "Ac 4d 7h Kh"),
        # seat 1 throws the deuce of spades and the three of hearts, draws two diamonds
        ("badugi", "2s 9s 3h 8s Kc 2d Qd 3c 5d 6d", "2s 3h", "Kc Qd 5d 6d"),
    ],
)
def test_the_tip_at_a_later_draw_counts_the_seats_own_discards_out_of_the_stub(
    name: str, deck: str, thrown: str, mine: str
) -> None:
    """At a second draw the seat's cards thrown at the first are in the discard pile, not in
    the stub (no reshuffle in a heads-up hand: the stub holds every draw). The tip is the best
    discard with its numbers counted here over every replacement of every allowed discard
    with those cards out of the stub (``draw_by_hand``), and differs from the count that
    takes them for live."""
    from draw_by_hand import best_draw, better_finals
    from drawpoker.cards import parse_cards
    from drawpoker.site.seat_help import tip_question

    hand = to_second_draw(name, deck, 1, thrown)
    view = hand.view(1)
    assert cards_text(view.cards) == mine.split()
    assert not any(e.kind == "reshuffle" for e in view.events)
    cards, dead = parse_cards(mine), parse_cards(thrown)
    question = tip_question(view)
    assert question is not None and question.dead == tuple(sorted(dead))
    ranking = hand.game.showdown[0].ranking
    limit = hand.game.streets[view.street].draw
    assert limit is not None
    mask, (value, better, total) = best_draw(cards, ranking, limit, dead=dead)
    discards = [c for i, c in enumerate(cards) if mask >> i & 1]
    # the plain rules' count of better finals agrees with the evaluator's
    assert better_finals(cards, discards, ranking, dead) == (better, total)
    tip = draw_tip(view)
    assert tip is not None
    assert tip["discards"] == [c for i, c in enumerate(mine.split()) if mask >> i & 1]
    assert tip["improve_probability"] == better / total
    assert tip["value"] == pytest.approx(value, abs=1e-12)
    assert tip["draws_left"] == 1
    # counted with the thrown cards live, the numbers are not the same
    _, (live_value, live_better, live_total) = best_draw(cards, ranking, limit)
    assert live_total != total
    assert tip["improve_probability"] != live_better / live_total
    assert tip["value"] != pytest.approx(live_value, abs=1e-12)


def test_a_reshuffle_gives_the_seats_earlier_discards_back_to_the_stub() -> None:
    """Six seats of triple draw each throw five cards at the first draw: the stub (22 cards)
    runs short at the fifth seat, and the discards of the four before it become the new stub
    (R-DRAW-8). At the second draw those four seats' thrown cards are live again (not dead);
    the fifth seat's (thrown after the reshuffle) and the sixth's are in the pile (dead). A
    seat's dead cards are its own only, read from its own view."""
    from drawpoker.site.seat_help import known_dead, tip_question

    hand = Hand(game("2-7-triple-draw"), [1000] * 6, seed=3)
    thrown: dict[int, tuple[int, ...]] = {}
    while hand.view(0).street < 2 or "draw" not in hand.legal_actions().kinds:
        kinds = hand.legal_actions().kinds
        if "draw" in kinds:
            seat = hand.actor
            assert seat is not None
            thrown[seat] = tuple(sorted(hand.view(seat).cards))
            hand.draw(list(thrown[seat]))
        elif "check" in kinds:
            hand.check()
        else:
            hand.call()
    order = [e.seat for e in hand.events if e.kind == "draw"]
    reshuffles = [e.amount for e in hand.view(0).events if e.kind == "reshuffle"]
    assert order == [1, 2, 3, 4, 5, 0] and reshuffles == [20]
    for seat in range(6):
        expected = thrown[seat] if seat in (5, 0) else ()
        assert known_dead(hand.view(seat)) == expected
    question = tip_question(hand.view(hand.actor))
    assert hand.actor == 1 and question is not None and question.dead == ()
