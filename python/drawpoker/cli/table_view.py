"""What the person at the terminal table sees (:class:`TableView`: the news of each hand as
sentences, the menu of legal actions) and the reading of their answers (:func:`parse_answer`).

>>> from drawpoker.engine import FiveCardDraw
>>> from drawpoker.table import Table
>>> lines = []
>>> TableView(Table(FiveCardDraw(), ["Ann", "Bob"], seed=2), lines.append).show_news()
>>> lines[0]
'--- Round 1: dealer Ann ---'
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from drawpoker.cards import JOKER, format_cards, parse_cards
from drawpoker.cli.options import game_title
from drawpoker.cli.stud_view import DEALING_KINDS, StudNews, is_stud
from drawpoker.cli.terminal_input import Reader
from drawpoker.engine import Action, Event, GameSpec, Hand
from drawpoker.engine.actions import LegalActions
from drawpoker.engine.betting import FixedLimit
from drawpoker.errors import DrawPokerError, InvalidArgumentError
from drawpoker.history.plan import ACE_RULE
from drawpoker.narration import Scene, sentence
from drawpoker.table import Table

YOU = 0
"""The person's seat."""

QUIT_WORDS = ("q", "quit", "exit")
"""Answers that leave the table."""

HELP_WORDS = ("help", "?")
"""Answers that list the commands."""

BACK_WORDS = ("back", "b", "y", "yes")
"""Answers to ``back?`` that return you to your seat."""

ROWS_AGAIN = 3
"""Lines after your stud row that bring it again at your turn."""

COMMANDS_HELP = """\
At your turn type an action:
  f, fold            give up the hand
  k, check           pass without betting (c also checks when there is nothing to call)
  c, call            match the bet
  b, bring in        stud: post the bring-in (the lowest up card must, or complete)
  m, complete        stud: complete the bring-in to the small bet
  b N, bet N         bet N chips (fixed limit: b alone bets the one size)
  r N, raise N       raise to N: your total in this betting round after the raise
  1, 2, 3 ...        a sizing preset of the menu, e.g. [1] 33% pot 100 (or its name: pot, 2x)
  a, all-in          bet or raise all your chips
  In a draw: the positions (1 4 5) or the cards (Kd 7c) to discard; Enter stands pat.
Commands:
  away               step away: a CPU player plays your seat until you type back
  back               come back to your seat
  quit, q            leave the table: the game ends (end of input does the same)
  help, ?            this list
Ctrl-C ends the game at once, with the standings so far."""
"""What ``help`` and ``?`` write."""


@dataclass(frozen=True)
class TimeUp:
    """The turn timer ran out; ``late`` is an answer that came after it (not used).

    >>> TimeUp(late="c").late
    'c'
    """

    late: str | None = None


Turn = Action | TimeUp | str
"""What the person did at their turn: an action, nothing in time, or a command (``quit``,
``away``)."""


STREET_NAMES = {0: "Pre-flop", 3: "Flop", 4: "Turn", 5: "River"}
"""A board game's streets by the number of board cards."""

_BLIND_MARKS = {"small": "SB", "big": "BB"}
"""A blind's mark beside its seat, by the blind the engine says it posted."""


class TableView:
    """What the person at seat 1 is shown, and the reading of their answers.

    >>> from drawpoker.engine import FiveCardDraw
    >>> lines = []
    >>> view = TableView(Table(FiveCardDraw(), ["Ann", "Bob"], seed=2), lines.append)
    >>> view.show_news(); lines[0]
    '--- Round 1: dealer Ann ---'
    """

    def __init__(self, table: Table, write: Callable[[str], None], lang: str = "en") -> None:
        self.table = table
        self.lang = lang
        """The language the events are told in (:mod:`drawpoker.narration`)."""
        self.out = write
        self.last_line = ""
        self.board_game = any(street.board for street in table.game.streets)
        self.stud = is_stud(table.game)
        self.news: StudNews | None = None
        self.written = 0
        self.rows_at = -1
        self.shown_hands = 0
        self.shown_events = 0
        self.scene = self._scene(table.hand)
        self.timed: set[tuple[int, int]] = set()
        """The events (hand index, event index) that the turn timer caused."""
        self.said_busted = False
        self.joker = JOKER in table.game.deck_cards()

    def write(self, text: str) -> None:
        """Writes ``text`` (one or more lines) to the person.

        >>> from drawpoker.engine import FiveCardDraw
        >>> TableView(Table(FiveCardDraw(), 2), print).write("Hello")
        Hello
        """
        self.out(text)
        self.last_line = text.rsplit("\n", 1)[-1]
        self.written += 1

    def name(self, seat: int | None) -> str:
        """The name of a seat.

        >>> from drawpoker.engine import FiveCardDraw
        >>> TableView(Table(FiveCardDraw(), ["Ann", "Bob"], seed=2), print).name(1)
        'Bob'
        """
        return self.table.names[seat] if seat is not None else ""

    def introduce(self) -> None:
        """Writes the game, the table and how to get help (never the seed: it gives away the
        cards).

        >>> from drawpoker.engine import FiveCardDraw
        >>> TableView(Table(FiveCardDraw(), ["Ann", "Bob"], seed=2), print).introduce()
        Five-Card Draw: 2 players, 10 rounds, ante 10, stacks 2000.
        Type help or ? for the commands and the action syntax.
        """
        table, spec = self.table, self.table.game
        rounds = table.settings.rounds
        parts = [f"{len(table.names)} players", f"{rounds} round{'s' if rounds != 1 else ''}"]
        if not table.betting:
            parts.append("no betting: each round's best hand scores a point")
        else:
            forced = spec.forced
            if forced.big_blind:
                parts.append(f"blinds {forced.small_blind}/{forced.big_blind}")
            if forced.ante:
                parts.append(f"ante {forced.ante}")
            if forced.bring_in:
                parts.append(f"bring-in {forced.bring_in}")
            if isinstance(spec.betting, FixedLimit):
                parts.append(f"limits {spec.betting.small}/{spec.betting.big}")
            parts.append(f"stacks {table.stacks[YOU]}")
        self.write(f"{game_title(spec)}: {', '.join(parts)}.")
        timer = table.settings.turn_timer
        if timer is not None:
            self.write(
                f"Turn timer: {timer} s; then the table checks for you if it can, else folds, "
                "and stands pat in a draw."
            )
        self.write("Type help or ? for the commands and the action syntax.")

    def show_news(self) -> None:
        """Writes every event the person has not seen yet, hand by hand.

        >>> from drawpoker.engine import game
        >>> lines = []
        >>> view = TableView(Table(game("holdem"), ["Ann", "Bob", "Cy"], seed=2), lines.append)
        >>> view.show_news(); lines[1]
        'Seats: Ann 10000 (BTN) | Bob 10000 (SB) | Cy 10000 (BB)'
        """
        table = self.table
        while self.shown_hands < len(table.hands):
            hand = table.hands[self.shown_hands]
            if self.shown_events == 0:
                self._start_hand(hand)
            events = hand.events
            news = self.news
            for index in range(self.shown_events, len(events)):
                event = events[index]
                hidden = event.to is not None and event.to != YOU
                if news is not None:
                    if news.pending and event.kind not in DEALING_KINDS:
                        self._show_street(hand, events, index)
                    news.add(event, hidden)  # another seat's down cards: only that they came
                if hidden:
                    if event.kind == "deal":
                        self.scene.add(event._replace(cards=()))  # a stud street begins
                    continue
                self.scene.add(event)
                line = self.describe(hand, event, timer=(self.shown_hands, index) in self.timed)
                for part in line.splitlines():
                    self.write(part)
            self.shown_events = len(events)
            if news is not None and news.pending:
                self._show_street(hand, events, len(events))
            if not hand.is_over:
                return
            self.write("Standings: " + ", ".join(self.scores(self.shown_hands + 1)))
            self.shown_hands += 1
            self.shown_events = 0

    def _show_street(self, hand: Hand, events: Sequence[Event], index: int) -> None:
        """Writes the street just dealt (:meth:`StudNews.street_lines`): who acts first is the
        seat of the street's first action (``events[index:]``), or the seat to act now."""
        assert self.news is not None
        first: int | None = None
        for event in events[index:]:
            if event.kind in ("bring-in", "check", "fold", "call", "bet", "raise"):
                first = event.seat
                break
            if event.kind in (*DEALING_KINDS, "show", "expose", "award"):
                break
        else:
            first = hand.actor
        names = ["You" if s == YOU else self.name(s) for s in range(hand.seats)]
        for line in self.news.street_lines(names, YOU, first, self.scene.pot):
            self.write(line)
        self.rows_at = self.written

    def _start_hand(self, hand: Hand) -> None:
        number = self.shown_hands + 1
        self.scene = self._scene(hand)
        self.news = StudNews(hand.game, hand.seats) if self.stud else None
        if self.stud:
            self.write(f"--- Round {number} of {self.table.settings.rounds} ---")
            self.write("Seats: " + self.seats_line(hand))
        elif not self.board_game:
            self.write(f"--- Round {number}: dealer {self.name(hand.button)} ---")
            if self.table.betting:
                self.write("Seats: " + self.seats_line(hand))
        else:
            self.write(f"--- Round {number} of {self.table.settings.rounds} ---")
            self.write("Seats: " + self.seats_line(hand))
        if self.table.betting and hand.start_stacks[YOU] == 0 and not self.said_busted:
            self.said_busted = True
            self.write("You have no chips left: the CPU players play the game out.")

    def seats_line(self, hand: Hand) -> str:
        """Each seat's name, chips at the start of the hand and position (BTN, SB, BB).

        >>> from drawpoker.engine import game
        >>> table = Table(game("holdem"), ["Ann", "Bob"], seed=2)
        >>> TableView(table, print).seats_line(table.hand)
        'Ann 10000 (BTN, SB) | Bob 10000 (BB)'
        """
        marks: dict[int, list[str]] = {} if self.stud else {hand.button: ["BTN"]}
        for e in hand.events:
            if e.kind == "blind" and e.seat is not None and e.blind in _BLIND_MARKS:
                marks.setdefault(e.seat, []).append(_BLIND_MARKS[e.blind])
        seats = []
        for seat, stack in enumerate(hand.start_stacks):
            text = (
                f"{self.name(seat)} {stack}"
                if stack or not self.table.betting
                else f"{self.name(seat)} out"
            )
            if seat in marks:
                text += f" ({', '.join(marks[seat])})"
            seats.append(text)
        return " | ".join(seats)

    def scores(self, hands: int | None = None) -> list[str]:
        """Each seat's chips (or points) after the first ``hands`` hands (``None``: now). The
        table may be further on than the person has been shown (CPU players play on), so each
        hand's standings come from that hand.

        >>> from drawpoker.engine import FiveCardDraw
        >>> table = Table(FiveCardDraw(), ["Ann", "Bob"], seed=2)
        >>> TableView(table, print).scores()
        ['Ann 2000', 'Bob 2000']
        >>> table.act(1, Action.bet(20)); table.act(0, Action.fold())
        >>> TableView(table, print).scores(1), TableView(table, print).scores(0)
        (['Ann 1990', 'Bob 2010'], ['Ann 2000', 'Bob 2000'])
        """
        table = self.table
        seats = range(len(table.names))
        if hands is None:
            scores = table.stacks if table.betting else table.points
        elif table.betting:
            scores = table.hands[hands - 1].stacks if hands else table.hands[0].start_stacks
        else:
            scores = [sum(seat in hand.winners for hand in table.hands[:hands]) for seat in seats]
        return [f"{name} {score}" for name, score in zip(table.names, scores, strict=True)]

    def board_text(self, board: Sequence[int]) -> str:
        """The board as text, flop, turn and river apart.

        >>> from drawpoker.cards import parse_cards
        >>> from drawpoker.engine import game
        >>> view = TableView(Table(game("holdem"), 2), print)
        >>> view.board_text(parse_cards("Qh 7c 2d 9s 4h"))
        'Qh 7c 2d | 9s | 4h'
        """
        parts = [format_cards(board[:3])] + [format_cards([card]) for card in board[3:]]
        return " | ".join(parts) if board else "(none yet)"

    def _scene(self, hand: Hand) -> Scene:
        names = [self.name(s) for s in range(hand.seats)]
        return Scene(hand.game, names, hand.start_stacks, betting=self.table.betting)

    def describe(self, hand: Hand, event: Event, timer: bool = False) -> str:
        """One event as the narration says it to you (:func:`drawpoker.narration.sentence`),
        with the pre-flop heading before your cards; the cards of a street are drawn instead
        (a board game's heading with the whole board and the pot; ``""`` for a stud street,
        which its rows show). ``timer``: the turn timer took the action.

        >>> from drawpoker.engine import FiveCardDraw
        >>> view = TableView(Table(FiveCardDraw(), ["Ann", "Bob"], seed=2), print)
        >>> hand = view.table.hand
        >>> hand.bet(20); view.scene.add(hand.events[-1]); view.describe(hand, hand.events[-1])
        'Bob bets 20'
        >>> view.lang = "ar"; view.describe(hand, hand.events[-1])
        '\u2068Bob\u2069 يراهن بـ\u206620\u2069'
        """
        kind = event.kind
        if self.news is not None and kind in DEALING_KINDS:
            return ""
        if kind == "board":
            street = STREET_NAMES.get(len(self.scene.board_cards), "Board")
            board = self.board_text(self.scene.board_cards)
            return f"*** {street} *** Board: {board} (pot {self.scene.pot})"
        told = sentence(event, YOU, self.lang, self.scene, timer=timer)
        if kind == "deal" and self.board_game:
            return f"*** Pre-flop ***\n{told}"
        if kind == "show" and not self.table.betting and event.seat in hand.winners:
            return f"{told}\n  <- best hand: one point"
        return told

    def ask(self, read: Reader) -> Turn:
        """Asks the person for an action until a legal one comes (a refusal says why); returns
        it, a :class:`TimeUp` when the turn timer ran out first, or the command ``quit`` or
        ``away``. ``help``/``?`` lists the commands, ``back`` says you are here.

        >>> from drawpoker.engine import FiveCardDraw
        >>> view = TableView(Table(FiveCardDraw(), ["Ann", "Bob"], seed=2), print)
        >>> view.table.act(1, Action.bet(20))
        >>> view.ask(lambda prompt, timeout: "c")
        Your hand: 1:6d  2:Qs  3:5h  4:2c  5:4s
        Pot 40, to call 20, your stack 1990, in this round 0
        Action(kind='call', amount=0, cards=())
        """
        table = self.table
        view = table.view(YOU)
        legal = table.legal_actions()
        cards = list(view.cards)
        if self.news is not None:
            if self.written - self.rows_at > ROWS_AGAIN:  # not again while the rows are close
                self.write(self.news.row(YOU, "You", you=True))
                self.rows_at = self.written
        elif self.board_game:
            line = f"Your cards: {format_cards(cards)}"
            if view.board:
                line += f" | Board: {self.board_text(view.board)}"
            if line != self.last_line:  # not again right after the deal
                self.write(line)
        else:
            self.write(
                "Your hand: "
                + "  ".join(f"{i + 1}:{format_cards([c])}" for i, c in enumerate(cards))
            )
        if legal.kinds == ("draw",):
            prompt = draw_prompt(view.game, view.street, legal.max_discards)
        else:
            to_call = f", to call {legal.call}" if legal.call else ""
            if "bring-in" in legal.kinds:
                to_call = f", bring-in {legal.call}"
            self.write(
                f"Pot {view.pot}{to_call}, your stack {view.stacks[YOU]}, "
                f"in this round {view.bets[YOU]}"
            )
            if self.news is not None:
                complete = (
                    view.street == 0
                    and view.current_bet < legal.min_to
                    and ("bring-in" in legal.kinds or view.current_bet <= view.game.forced.bring_in)
                )
                prompt = menu(legal, chips=view.stacks[YOU] + view.bets[YOU], complete=complete)
            else:
                prompt = menu(legal, chips=view.stacks[YOU] + view.bets[YOU])
        while True:
            left = table.time_left()
            if left is not None and left <= 0:
                return TimeUp()
            timer = "" if left is None else f" ({math.ceil(left)} s left)"
            answer = read(f"{prompt}{timer} > ", left)
            if answer is None:
                return TimeUp()
            answer = answer.strip()
            word = answer.lower()
            if word in QUIT_WORDS:
                return "quit"
            if word == "away":
                return "away"
            if word in HELP_WORDS:
                self.write(COMMANDS_HELP)
                continue
            if word == "back":
                self.write("You are at the table: it is your turn.")
                continue
            left = table.time_left()
            if left is not None and left <= 0:
                return TimeUp(late=answer)
            try:
                action = parse_answer(answer, legal, cards, joker=self.joker)
            except DrawPokerError as error:
                self.write(f"Not understood: {error}")
                continue
            reason = table.hand.why_illegal(action)
            if reason is None:
                return action
            self.write(f"Not allowed: {reason}")

    def finish(self, ending: str | None) -> None:
        """Writes what is left of the news, how the game ended (``ending``: ``None`` when it is
        over, else why it stopped), the final standings and the seed for a replay.

        >>> from drawpoker.engine import FiveCardDraw
        >>> view = TableView(Table(FiveCardDraw(), ["Ann", "Bob"], seed=2), print)
        >>> view.finish("You leave the table")
        --- Round 1: dealer Ann ---
        Seats: Ann 2000 (BTN) | Bob 2000
        You post an ante of 10
        Bob posts an ante of 10
        Your cards: 6d Qs 5h 2c 4s
        You leave the table: the game ends here (the unfinished hand is not counted).
        Final standings:
          1. Ann: 2000
          1. Bob: 2000
        Seed: 2 (replay the same deal with --seed 2)
        """
        table = self.table
        self.show_news()
        if ending is None:
            self.write("Game over.")
        else:
            unfinished = "" if table.is_over else " (the unfinished hand is not counted)"
            self.write(f"{ending}: the game ends here{unfinished}.")
        self.write("Final standings:")
        for standing in table.standings():
            self.write(f"  {standing.place}. {standing.name}: {standing.score}")
        self.write(f"Seed: {table.seed} (replay the same deal with --seed {table.seed})")


def draw_prompt(spec: GameSpec, street: int, most: int) -> str:
    """The question at a draw: which draw of how many, and the game's own draw rule (its
    street's draw limit, R-DRAW-7): ``most`` is the most cards the seat may discard now.

    >>> from drawpoker.engine import FiveCardDraw, game
    >>> print(draw_prompt(FiveCardDraw(), 1, 4))
    Discard which cards? Positions or cards, up to 3, or 4 keeping an ace; empty = stand pat
    >>> print(draw_prompt(game("badugi"), 2, 4))
    Draw 2 of 3: discard which cards? Positions or cards, any of your 4; empty = stand pat
    >>> print(draw_prompt(game("2-7-single-draw"), 1, 5))
    Discard which cards? Positions or cards, any of your 5; empty = stand pat
    """
    draws = [index for index, rule in enumerate(spec.streets) if rule.draw is not None]
    limit = spec.streets[street].draw if street in draws else None
    if limit == ACE_RULE:
        joker = " or the joker" if JOKER in spec.deck_cards() else ""
        rule = f"up to 3, or 4 keeping an ace{joker}"
    elif limit is not None and limit.isdigit() and int(limit) < most:
        rule = f"up to {limit}"
    else:
        rule = f"any of your {most}"
    which = f"Draw {draws.index(street) + 1} of {len(draws)}: d" if len(draws) > 1 else "D"
    return f"{which}iscard which cards? Positions or cards, {rule}; empty = stand pat"


def menu(legal: LegalActions, chips: int | None = None, complete: bool = False) -> str:
    """The legal actions as a menu line, with the sizing presets as numbered shortcuts. Given
    the seat's ``chips`` (its stack and its bet in the round), a bet or raise that cannot be
    all of them (fixed limit) is offered as such, not as an all-in; ``complete`` offers the
    bet or raise as a stud completion of the bring-in.

    >>> from drawpoker.engine import FiveCardDraw, game
    >>> menu(Hand(FiveCardDraw(), [2000, 2000], seed=2).legal_actions())
    '[c]heck, [b]et N (20..1990 by 20), [a]ll-in 1990'
    >>> hand = Hand(game("holdem"), [10000] * 3)
    >>> hand.call(); hand.call(); hand.check()
    >>> menu(hand.legal_actions())
    '[c]heck, [b]et N (100..9900), [1] 33% pot 100, [2] 50% pot 150, [3] pot 300, [a]ll-in 9900'
    >>> stud = Hand(game("stud"), [5000, 5000])
    >>> menu(stud.legal_actions(), chips=5000, complete=True)
    '[b]ring in 50, co[m]plete to 200'
    >>> stud.act(Action.bring_in()); menu(stud.legal_actions(), chips=4960, complete=True)
    '[f]old, [c]all 50, co[m]plete to 200'
    >>> stud.act(Action.raise_to(200)); menu(stud.legal_actions(), chips=4910)
    '[f]old, [c]all 150, [r]aise to 400'
    """
    words = []
    for kind in legal.kinds:
        if kind == "call":
            words.append(f"[c]all {legal.call}")
        elif kind == "check":
            words.append("[c]heck")
        elif kind == "bring-in":
            words.append(f"[b]ring in {legal.call}")
        elif kind in ("bet", "raise") and complete:
            words.append(f"co[m]plete to {legal.min_to}")
        elif kind in ("bet", "raise"):
            verb = "bet" if kind == "bet" else "raise to"
            if legal.min_to < legal.max_to:
                steps = f" by {legal.step}" if legal.step > 1 else ""
                words.append(f"[{kind[0]}]{verb[1:]} N ({legal.min_to}..{legal.max_to}{steps})")
                words.extend(
                    f"[{i}] {label} {amount}" for i, (label, amount) in enumerate(legal.presets, 1)
                )
            if chips is None or legal.max_to >= chips:
                words.append(f"[a]ll-in {legal.max_to}")
            elif legal.min_to == legal.max_to:
                words.append(f"[{kind[0]}]{verb[1:]} {legal.min_to}")
        else:
            words.append(f"[{kind[0]}]{kind[1:]}")
    return ", ".join(words)


def _number(word: str) -> int | None:
    """The whole number ``word`` writes in ASCII digits (at most 18), else ``None``: a
    superscript two is a digit to ``str.isdigit`` that ``int`` refuses.

    >>> _number("12"), _number("\u00b2"), _number("9" * 19)
    (12, None, None)
    """
    return int(word) if word.isascii() and word.isdigit() and len(word) <= 18 else None


def parse_answer(
    answer: str, legal: LegalActions, cards: Sequence[int], joker: bool = False
) -> Action:
    """The action a typed answer names (whether it is legal is the hand's to say); ``joker``
    says whether the game's deck has the joker (``x`` and ``Jk`` name it only then).

    >>> from drawpoker.engine import game
    >>> hand = Hand(game("holdem"), [10000] * 3)
    >>> legal = hand.legal_actions()
    >>> parse_answer("r 450", legal, []), parse_answer("2", legal, [])
    (Action(kind='raise', amount=450, cards=()), Action(kind='raise', amount=300, cards=()))
    >>> parse_answer("raise to 1,500", legal, []), parse_answer("3x", legal, [])
    (Action(kind='raise', amount=1500, cards=()), Action(kind='raise', amount=300, cards=()))
    >>> parse_answer("a", legal, []), parse_answer("c", legal, [])
    (Action(kind='raise', amount=10000, cards=()), Action(kind='call', amount=0, cards=()))
    >>> draw = LegalActions(seat=0, kinds=("draw",), max_discards=3)
    >>> parse_answer("2, 5", draw, [0, 1, 2, 3, 4]).cards, parse_answer("", draw, [0, 1]).cards
    ((1, 4), ())
    >>> parse_answer("2c 2d", draw, [0, 1, 2, 3, 4]).cards
    (0, 1)
    >>> parse_answer("x", draw, [0, 1, 2, 3, 4])
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: 'x': this game is played without the joker
    >>> stud = Hand(game("stud"), [5000, 5000]).legal_actions()
    >>> parse_answer("b", stud, []), parse_answer("m", stud, []), parse_answer("b 200", stud, [])
    (Action(kind='bring-in', amount=0, cards=()), Action(kind='bet', amount=200, cards=()), \
Action(kind='bet', amount=200, cards=()))
    >>> parse_answer("7", legal, [])
    Traceback (most recent call last):
    ...
    drawpoker.errors.InvalidArgumentError: the presets are 1..2; to bet or raise an amount \
type r 7
    """
    kinds = legal.kinds
    if kinds == ("draw",):
        words = answer.replace(",", " ").split()
        numbers = [_number(w) for w in words]
        if all(n is not None for n in numbers):
            positions = [n for n in numbers if n is not None]
            if any(not 1 <= p <= len(cards) for p in positions):
                raise InvalidArgumentError(f"positions run 1..{len(cards)}")
            return Action.draw(cards[p - 1] for p in positions)
        named = parse_cards(answer)
        if JOKER in named and not joker:
            raise InvalidArgumentError(f"{answer!r}: this game is played without the joker")
        return Action.draw(named)
    words = answer.lower().replace(",", "").split()  # 1,000 is 1000
    if not words:
        raise InvalidArgumentError(f"type an action, e.g. {kinds[0][0]} (or help)")
    sizing = "raise" if "raise" in kinds else "bet" if "bet" in kinds else None
    word = words[0]
    if "bring-in" in kinds and " ".join(words) in ("b", "bring", "bring in", "bring-in"):
        return Action.bring_in()
    if word in ("m", "complete") and len(words) == 1 and sizing is not None:
        return Action(sizing, legal.min_to)
    if word in ("a", "all-in", "allin", "all"):
        if sizing is None:
            if "call" not in kinds:
                raise InvalidArgumentError("there is no bet or raise to make here")
            return Action.call()
        return Action(sizing, legal.max_to)
    if sizing is not None and len(words) == 1:
        number = _number(word)
        if number is not None:
            if not legal.presets:
                raise InvalidArgumentError(f"to {sizing} an amount type {sizing[0]} {word}")
            if not 1 <= number <= len(legal.presets):
                raise InvalidArgumentError(
                    f"the presets are 1..{len(legal.presets)}; to bet or raise an amount "
                    f"type {sizing[0]} {word}"
                )
            return Action(sizing, legal.presets[number - 1][1])
        for label, amount in legal.presets:
            if word in (label.replace(" ", ""), label.split()[0]):
                return Action(sizing, amount)
    by_letter = {"f": "fold", "k": "check", "c": "call", "b": "bet", "r": "raise"}
    kind = word if word in by_letter.values() else by_letter.get(word, "")
    if kind == "call" and "call" not in kinds and "check" in kinds:
        kind = "check"
    if kind in ("bet", "raise"):
        rest = [w for w in words[1:] if w != "to"]
        if not rest and legal.min_to == legal.max_to and sizing is not None:
            return Action(sizing, legal.min_to)  # fixed limit: the one size
        said = _number(rest[0]) if len(rest) == 1 else None
        if said is None:
            raise InvalidArgumentError(f"say how much, e.g. '{kind[0]} {legal.min_to or 40}'")
        return Action(sizing or kind, said)
    if not kind or len(words) > 1:
        raise InvalidArgumentError(f"{answer!r} is not an action (type help or ? for the list)")
    return Action(kind)
