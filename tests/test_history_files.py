"""PHH files: the shared data played out by PokerKit (tests/data/phh/, its README), the
specification's example hands, and bad files, each refused with an error that names the hand
and the field or action, nothing half-loaded.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Final

import pytest
from drawpoker.engine import FiveCardDraw, Hand, game
from drawpoker.errors import HistoryError, UnsupportedVariantError
from drawpoker.history import EXAMPLE, VARIANTS, History, dumps, from_hand, load, loads

DATA: Final = Path(__file__).parent / "data" / "phh"
FILES: Final = {
    "NT": "NT.phhs",
    "PO": "PO.phhs",
    "FO/8": "FO8.phhs",
    "F7S": "F7S.phhs",
    "F7S/8": "F7S8.phhs",
    "FR": "FR.phhs",
    "N2L1D": "N2L1D.phhs",
    "F2L3D": "F2L3D.phhs",
    "FB": "FB.phhs",
}
"""The shared data's file of each standard variant."""


@pytest.mark.parametrize("code", FILES)
def test_every_shared_file_replays_every_hand_to_pokerkits_finishing_stacks(code: str) -> None:
    histories = load(DATA / FILES[code])
    assert len(histories) >= 175
    assert {h.variant.code for h in histories} == {code}
    assert VARIANTS[code].plays
    for history in histories:
        assert len(history.get("finishing_stacks")) == history.players_count
    assert [h.disagreement() for h in histories] == [None] * len(histories)
    assert sum(h.outcome.over for h in histories) == len(histories)


def test_the_stud_files_have_bring_ins_completions_and_hands_tabled_before_seventh() -> None:
    for name in ("F7S.phhs", "F7S8.phhs", "FR.phhs"):
        actions = [a for h in load(DATA / name) for a in h.actions]
        assert any(a.endswith(" pb") for a in actions), name
        # PokerKit tables an all-in hand, then shows it again with the cards dealt since.
        shows = [a for a in actions if " sm " in a]
        assert {len(a.split()[2]) for a in shows} >= {10, 14}, name


def test_the_draw_files_draw_and_the_single_draw_file_has_big_blind_antes() -> None:
    for name in ("N2L1D.phhs", "F2L3D.phhs", "FB.phhs"):
        histories = load(DATA / name)
        assert any(" sd " in a for h in histories for a in h.actions), name
    antes = [h.get("antes") for h in load(DATA / "N2L1D.phhs")]
    assert any(a[0] == 0 and a[1] > 0 for a in antes)


def test_the_no_limit_holdem_file_replays_every_hand_to_its_finishing_stacks() -> None:
    histories = load(DATA / "NT.phhs")
    assert len(histories) == 197
    assert all(h.disagreement() is None for h in histories)
    assert sum(h.outcome.mucks for h in histories) > 0  # PokerKit's mucks read as shows
    tags = {tag for h in histories for tag in h.get("_tags")}
    assert {"showdown", "all_in", "side_pot", "3plus_contribution_levels"} <= tags


@pytest.mark.parametrize("name", ["NT", "PO", "FO8", "F7S8"])
def test_pokerkits_odd_chip_and_phantom_low_hands_end_as_the_card_room_says(name: str) -> None:
    """The shared data's hands that PokerKit settles by its own odd-chip rule (R-POT-3,
    R-STUD-10) or with a low half where nobody in the pot has a low (R-A5-4): drawpoker's
    replay ends with the card room's stacks (``_standard_finishing_stacks`` where the file
    gives them), or differs from PokerKit's by the odd chips alone."""
    histories = load(DATA / "pokerkit-differs" / f"{name}.phhs")
    assert len(histories) >= 2
    phantom = 0
    for history in histories:
        assert history.get("_odd_chip_split") is True
        ours = history.outcome.stacks
        standard = history.get("_standard_finishing_stacks")
        if standard is not None:
            phantom += 1
            assert ours == standard
            continue
        file_stacks = history.get("finishing_stacks")
        assert sum(file_stacks) == sum(ours)
        assert all(abs(a - b) <= 2 for a, b in zip(file_stacks, ours, strict=True))
    assert phantom == (name == "F7S8")


def test_the_specifications_example_hands_have_their_documented_results() -> None:
    dwan_ivey, yockey_arieh = load(DATA / "spec-examples.phhs")
    # Dwan (7h6h, a seven-high straight on Jc3d5c4h) beats Ivey's wheel and wins the first
    # televised million-dollar pot: his 553,500 all-in, matched, and Antonius's ante and blind.
    assert dwan_ivey.outcome.stacks == [1125600 - 553500, 2000000 - 2500, 553500 * 2 + 2500]
    assert dwan_ivey.outcome.winnings == [0, 0, 1109500]
    assert dwan_ivey.get("players")[2] == "Tom Dwan"
    # Arieh draws to a seven-five low and beats Yockey's seven-six, all in.
    # Yockey's 1,180,000 all in, called: Arieh wins it and Hui's big blind; Esposito folded.
    assert yockey_arieh.variant.code == "F2L3D"
    assert yockey_arieh.outcome.stacks == [0, 4340000 - 150000, 5910000, 10765000 + 1330000]
    assert yockey_arieh.outcome.winnings == [0, 0, 0, 2510000]
    # Hui's and Esposito's hidden hands (??) were filled with cards seen nowhere else.
    dealt = [e.cards for e in yockey_arieh.play().events if e.kind == "deal"]
    assert [len(cards) for cards in dealt] == [5, 5, 5, 5]


def _nt(**changes: object) -> str:
    """The example NT history with fields changed (``None`` removes one)."""
    history = loads(EXAMPLE)[0]
    values = dict(history.values)
    for key, value in changes.items():
        if value is None:
            values.pop(key)
        else:
            values[key] = value
    return History(values).dumps()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (_nt(variant="XYZ"), r"hand 1: unknown variant 'XYZ' \(known: FT, NT"),
        (_nt(antes=None), "hand 1: missing required field 'antes'"),
        (_nt(min_bet=None), "hand 1: missing required field 'min_bet'"),
        (_nt(actions=None), "hand 1: missing required field 'actions'"),
        (_nt(starting_stacks=None), "hand 1: missing required field 'starting_stacks'"),
        (_nt(starting_stacks=[1000.5, 1000]), "field 'starting_stacks' must be a chip list"),
        (_nt(starting_stacks=[1000, -5]), "field 'starting_stacks' must be a chip list"),
        (_nt(antes=[0, 0, 0]), "field 'antes' has 3 entries for 2 players"),
        (_nt(players=["Ann"]), "field 'players' has 1 entries for 2 players"),
        (_nt(seats=[3, 3]), "field 'seats' \\[3, 3\\] must be distinct"),
        (_nt(seat_count=1), "field 'seat_count' 1 is less than the 2 players"),
        (_nt(finishing_stacks=[1000, 1020]), "'finishing_stacks' adds up to 2020, more than"),
        (_nt(finishing_stacks=[980, 1010]), "'finishing_stacks' adds up to 1990, the starting"),
        (
            _nt(actions=["d dh p1 AsKs", "d dh p2 7c2d", "p2 cbr 30", "p2 f"]),
            "hand 1: action 3 'p2 f': it is p1's turn",
        ),
        (
            _nt(actions=["d dh p1 AsKs", "d dh p2 7c2d", "p2 cbr 15", "p1 f"]),
            "hand 1: action 2 'p2 cbr 15': seat 4 cannot raise: 15 is not a legal total",
        ),
        (
            _nt(actions=["d dh p1 AsKs", "d dh p2 7cKs"]),
            "hand 1: action 1: Ks is dealt twice \\(first in action 0\\)",
        ),
        (
            _nt(actions=["d dh p1 AsKs", "d dh p2 7cJk"]),
            "hand 1: action 1: Jk is not a card of the holdem deck",
        ),
        (_nt(actions=["d dh p1 AsKx"]), "hand 1: action 0 'd dh p1 AsKx': bad card 'Kx'"),
        (_nt(actions=["d dh p3 AsKs"]), "action 0 'd dh p3 AsKs': there is no p3 of 2 players"),
        (_nt(actions=["p1 bet 30"]), "action 0 'p1 bet 30': unknown action 'bet'"),
        (_nt(actions=["p2 cbr 1.5"]), "bad amount '1.5': drawpoker counts whole chips"),
        (
            _nt(actions=["d dh p1 AsKsQs", "d dh p2 7c2d4h"]),
            "action 0: the game deals 2 cards to each player here, not \\[3\\]",
        ),
        (
            _nt(actions=["d dh p2 AsKs", "d dh p1 7c2d"]),
            "action 0: cards are dealt from p1 round the table, not p2, p1",
        ),
        (_nt(actions=["d dh p1 AsKs", "d db 2c3c4c"]), "action 0: every player is dealt in"),
        (
            _nt(actions=["d dh p1 AsKs", "d dh p2 7c2d", "p2 cc", "p1 cc", "d db 2c3c"]),
            "action 4: the game deals 3 board cards here, not 2",
        ),
        (
            _nt(actions=["d dh p1 AsKs", "d dh p2 7c2d", "p2 cc", "d db 2c3c4d"]),
            "action 3 'd db 2c3c4d': the engine dealt nothing",
        ),
        (
            _nt(actions=["d dh p1 AsKs", "d dh p2 7c2d", "p2 cbr 1000", "p1 cc", "p2 sm 7c3d"]),
            "action 4: p2 shows 7c3d, holding 7c2d",
        ),
        (_nt(blinds_or_straddles=[5, 10, 20]), "field 'blinds_or_straddles' has 3 entries"),
        (_nt(min_bet=20), "field 'min_bet' 20: the engine's minimum bet is the big blind \\(10\\)"),
        (_nt(antes=[5, 0]), "field 'antes' \\[5, 0\\]: the engine plays an ante from every"),
        ("a = ", "not TOML"),
        ("[1]\nvariant = 'NT'\n[x]\nb = 1", "hand 1: missing required field 'antes'"),
        ("min_bet = 2\n[1]\nvariant = 'NT'", "one hand \\(fields\\) or many \\(tables\\)"),
    ],
)
def test_bad_files_are_refused_naming_the_hand_and_the_field_or_action(
    text: str, message: str
) -> None:
    with pytest.raises(HistoryError, match=message):
        loads(text)


_STUD: Final = """\
variant = 'F7S'
antes = [1, 1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [100, 100, 100]
actions = ['d dh p1 8d8c3d', 'd dh p2 JcKcTd', 'd dh p3 2s4s9h', 'p1 pb', 'p2 cbr 5', 'p3 f', \
'p1 cc', 'd dh p1 7c', 'd dh p2 8h', 'p2 cbr 5', 'p1 f']
finishing_stacks = [94, 107, 99]
"""

_TRIPLE: Final = """\
variant = 'F2L3D'
antes = [0, 0]
blinds_or_straddles = [1, 2]
small_bet = 2
big_bet = 4
starting_stacks = [50, 50]
actions = ['d dh p1 7h6c4c3d2c', 'd dh p2 AsQs6s5c3c', 'p2 cc', 'p1 cc', 'p1 sd', \
'p2 sd AsQs', 'd dh p2 2hQh', 'p1 cbr 2', 'p2 f']
finishing_stacks = [52, 48]
"""


def _edit(text: str, old: str, new: str) -> str:
    assert old in text
    return text.replace(old, new)


def test_stud_and_draw_files_replay() -> None:
    (stud,) = loads(_STUD)
    assert stud.disagreement() is None and stud.outcome.over
    (triple,) = loads(_TRIPLE)
    assert triple.disagreement() is None and triple.outcome.over


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (_edit(_STUD, "bring_in = 2\n", ""), "hand 1: missing required field 'bring_in'"),
        (_edit(_STUD, "bring_in = 2", "bring_in = 5"), "field 'bring_in' 5: the engine's bring-in"),
        (
            _edit(_STUD, "bring_in = 2", "bring_in = 2\nblinds_or_straddles = [1, 2, 0]"),
            "a stud game has a bring-in, never blinds",
        ),
        (_edit(_STUD, "big_bet = 10", "big_bet = 4"), "the small bet is positive and not more"),
        (_edit(_STUD, "'p1 pb'", "'p2 pb'"), "hand 1: action 3 'p2 pb': it is p1's turn"),
        (
            _edit(_STUD, "'p2 cbr 5', 'p3 f'", "'p2 cbr 7', 'p3 f'"),
            "hand 1: action 4 'p2 cbr 7': seat 1 cannot raise: 7 is not a legal total",
        ),
        (_edit(_STUD, "'d dh p2 8h'", "'d dh p2 8d'"), "action 8: 8d is dealt twice"),
        (
            _edit(_STUD, "'d dh p1 7c'", "'d dh p1 7c6c'"),
            "action 7: the game deals 1 cards to each player here, not \\[1, 2\\]",
        ),
        (
            _edit(_STUD, "'d dh p2 8h'", "'d dh p3 8h'"),
            "action 8 'd dh p3 8h': the engine dealt nothing",
        ),
        (_edit(_STUD, "[94, 107, 99]", "[94, 107, 98]"), "'finishing_stacks' adds up to 299"),
        (
            _edit(_TRIPLE, "'p2 sd AsQs'", "'p2 sd AsKs'"),
            "action 5: p2 discards Ks, not in their hand",
        ),
        (
            _edit(_TRIPLE, "'d dh p2 2hQh'", "'d dh p2 2h'"),
            "action 6: p2 draws 2 cards, not 1",
        ),
        (_edit(_TRIPLE, "'p1 sd'", "'p1 cc'"), "action 4 'p1 cc': a draw is 'sd', not 'cc'"),
        (_edit(_TRIPLE, "small_bet = 2\n", ""), "hand 1: missing required field 'small_bet'"),
    ],
)
def test_bad_stud_and_draw_files_are_refused_naming_the_hand_and_the_field_or_action(
    text: str, message: str
) -> None:
    with pytest.raises(HistoryError, match=message):
        loads(text)


def test_a_card_dealt_after_a_reshuffle_must_have_been_discarded_before_it() -> None:
    """Six-handed triple draw, p1 standing pat on its Tc all hand: a file giving the Tc to p6
    after a reshuffle (the discards shuffled into a new stub) is refused, naming the card."""
    hand = Hand(game("2-7-triple-draw"), [5000] * 6, button=0, seed=5)
    while not hand.is_over:
        if hand.phase == "draw":
            hand.draw([] if hand.actor == 1 else hand.cards[hand.actor])
        else:
            hand.check_or_call()
    text = dumps(hand)
    assert hand.reshuffles == 3 and "'p1 sm TcKcQs2sQc'" in text
    assert "'d dh p6 AhAc9d6dJh'" in text and "'p6 sm AhAc9d6dJh'" in text
    bad = text.replace("p6 AhAc9d6dJh'", "p6 TcAc9d6dJh'").replace("sm AhAc", "sm TcAc")
    with pytest.raises(HistoryError, match="hand 1: Tc is dealt after a reshuffle, but was not"):
        loads(bad)


def test_fixed_limit_omaha_files_must_bet_the_engines_bets() -> None:
    text = (DATA / "FO8.phhs").read_text().split("[2]")[0].replace("[1]\n", "")
    loads(text)
    with pytest.raises(HistoryError, match="fixed-limit Omaha bets the big blind"):
        loads(text.replace("big_bet = ", "big_bet = 1"))
    (fixed_holdem,) = loads(text.replace("variant = 'FO/8'", "variant = 'FT'"))
    with pytest.raises(
        UnsupportedVariantError,
        match="variant 'FT' \\(fixed-limit Texas hold 'em\\): the engine does not play it yet",
    ):
        fixed_holdem.play()


def test_seats_are_listed_clockwise_from_the_button() -> None:
    three = _nt(
        antes=[0, 0, 0],
        blinds_or_straddles=[5, 10, 0],
        starting_stacks=[500, 500, 500],
        actions=[],
        players=None,
        finishing_stacks=None,
    )
    assert loads(three.replace("seats = [3, 5]", "seats = [6, 1, 4]"))[0].engine_seats == (
        6,
        [5, 0, 3],
        3,
    )
    with pytest.raises(HistoryError, match="field 'seats' \\[1, 6, 4\\]: the players are listed"):
        loads(three.replace("seats = [3, 5]", "seats = [1, 6, 4]"))


def test_the_engines_rules_that_a_file_breaks_are_named() -> None:
    """A file may follow rules the engine does not play: they are refused by name."""
    trimmed = _nt(
        antes=[20, 20],
        starting_stacks=[15, 1000],
        finishing_stacks=None,
        actions=["d dh p1 AsKs", "d dh p2 7c2d"],
    )
    with pytest.raises(HistoryError, match="ante_trimming_status' false with a stack shorter"):
        loads(trimmed)
    loads(trimmed.replace("variant = 'NT'", "variant = 'NT'\nante_trimming_status = true"))
    big_blind_ante = _nt(antes=[0, 10], finishing_stacks=None) + "\nante_trimming_status = true"
    with pytest.raises(HistoryError, match="big-blind ante as dead money"):
        loads(big_blind_ante)
    straddle = _nt(
        antes=[0, 0, 0],
        blinds_or_straddles=[5, 10, 20],
        starting_stacks=[500, 500, 500],
        actions=[],
        players=None,
        seats=None,
        finishing_stacks=None,
    )
    with pytest.raises(HistoryError, match=r"a small and a big blind .* no straddles"):
        loads(straddle)


def test_nothing_is_loaded_when_any_hand_is_bad() -> None:
    good = EXAMPLE
    bad = EXAMPLE.replace("'p1 f'", "'p1 cc', 'p1 f'")
    text = f"[1]\n{good}\n[2]\n{good}\n[3]\n{bad}"
    with pytest.raises(HistoryError, match="hand 3: action 4 'p1 f': seat 2 cannot fold"):
        loads(text)


def test_files_errors_name_the_file(tmp_path: Path) -> None:
    path = tmp_path / "broken.phhs"
    path.write_text("[1]\nvariant = 'NT'\n")
    with pytest.raises(HistoryError, match=r"broken\.phhs: hand 1: missing required field"):
        load(path)
    path.write_bytes(b"\xff\xfe")
    with pytest.raises(HistoryError, match=r"broken\.phhs: not UTF-8"):
        load(path)
    with pytest.raises(HistoryError, match="cannot read"):
        load(tmp_path / "missing.phhs")


def test_the_custom_five_card_draw_variant_needs_its_settings() -> None:
    written = dumps(Hand(FiveCardDraw(), [500, 500], seed=1))
    for name in ("_mode", "_draw_limit", "_opening", "_second_round", "_joker"):
        assert f"\n{name} = " in written
        without = "\n".join(line for line in written.splitlines() if not line.startswith(name))
        with pytest.raises(HistoryError, match=f"missing required field '{name}'"):
            loads(without)
    with pytest.raises(HistoryError, match="Five-Card Draw's antes are the same positive ante"):
        loads(written.replace("antes = [10, 10]", "antes = [10, 20]"))
    with pytest.raises(HistoryError, match="draw_limit must be one of"):
        loads(written.replace("_draw_limit = '3-or-4-with-ace'", "_draw_limit = '7'"))
    for name in ("_mode", "_draw_limit", "_opening", "_second_round", "_joker"):
        listed = re.sub(f"\n{name} = .*", f"\n{name} = [1, 2]", written)
        with pytest.raises(HistoryError, match=f"field '{name}' must be a string, boolean or"):
            loads(listed)


def test_a_history_is_not_written_with_fields_it_could_not_load_again() -> None:
    hand = Hand(FiveCardDraw(), [500, 500], seed=1)
    bad = [
        ({"started": "2024-05-06"}, "started must be a datetime.datetime, not '2024-05-06'"),
        ({"table": [1]}, "table must be a string or a whole number, not \\[1\\]"),
        ({"table": True}, "table must be a string or a whole number, not True"),
        ({"players": "AB"}, "players must be 2 names, one a seat"),
    ]
    for options, message in bad:
        with pytest.raises(HistoryError, match=message):
            dumps(hand, **options)  # type: ignore[arg-type]
    with pytest.raises(HistoryError, match=r"number must be a string or a whole number, not 1\.5"):
        from_hand(hand, number=1.5)  # type: ignore[arg-type]
    assert loads(dumps(hand, table="T 1", players=["Ann", "Bob"]))[0].get("table") == "T 1"


def test_unknown_fields_are_kept_and_written_back() -> None:
    text = EXAMPLE + "_note = 'a big pot'\nfuture_field = 3\n_meta = {a = 1}\n"
    history = loads(text)[0]
    assert history.custom == {"_note": "a big pot", "future_field": 3, "_meta": {"a": 1}}
    assert loads(history.dumps())[0] == history
