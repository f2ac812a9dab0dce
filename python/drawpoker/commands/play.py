"""``drawpoker play``: play Five-Card Draw in the terminal against CPU players.

Input and output are injectable, so a test (or another front end) can drive a whole game:

>>> import argparse, io
>>> parser = argparse.ArgumentParser()
>>> add_arguments(parser)
>>> args = parser.parse_args(["--players", "2", "--rounds", "1", "--seed", "3"])
>>> answers = iter(["quit"])
>>> out = io.StringIO()
>>> play(args, read=lambda prompt: next(answers), write=lambda text: print(text, file=out))
0
>>> "Final standings" in out.getvalue()
True
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from drawpoker.bots import make_bot
from drawpoker.cards import format_cards, parse_cards
from drawpoker.errors import DrawPokerError
from drawpoker.evaluation import describe
from drawpoker.games import Action, DrawSettings, Event, Game, Hand
from drawpoker.games.five_card_draw import DRAW_LIMITS, OPENINGS, SECOND_ROUND_STARTERS

NAME = "play"
HELP = "play Five-Card Draw in the terminal against CPU players"
YOU = 0


def add_settings_arguments(parser: argparse.ArgumentParser) -> None:
    """The game settings of RULES.md section 4, defaults as there.

    >>> parser = argparse.ArgumentParser()
    >>> add_settings_arguments(parser)
    >>> settings_from(parser.parse_args(["--joker"])) == DrawSettings(joker=True)
    True
    """
    default = DrawSettings()
    parser.add_argument("--mode", choices=["betting", "no-bet"], default=default.mode)
    parser.add_argument("--ante", type=int, default=default.ante)
    parser.add_argument("--stack", type=int, default=default.stack, help="starting chips")
    parser.add_argument("--draw-limit", choices=list(DRAW_LIMITS), default=default.draw_limit)
    parser.add_argument("--opening", choices=OPENINGS, default=default.opening)
    parser.add_argument(
        "--second-round", choices=SECOND_ROUND_STARTERS, default=default.second_round
    )
    parser.add_argument("--joker", action="store_true", help="add one joker (53 cards)")
    parser.add_argument("--rounds", type=int, default=default.rounds)
    parser.add_argument("--turn-timer", type=int, choices=[30, 60], default=None)
    parser.add_argument("--seed", type=int, default=None, help="seed (default: from the clock)")


def settings_from(args: argparse.Namespace) -> DrawSettings:
    """The settings named by the command-line arguments.

    >>> settings_from(argparse.Namespace(mode="no-bet", ante=10, stack=2000, draw_limit="5",
    ...     opening="none", second_round="opener", joker=False, rounds=3, turn_timer=None)).rounds
    3
    """
    return DrawSettings(
        mode=args.mode,
        ante=args.ante,
        stack=args.stack,
        draw_limit=args.draw_limit,
        opening=args.opening,
        second_round=args.second_round,
        joker=args.joker,
        rounds=args.rounds,
        turn_timer=args.turn_timer,
    )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The settings, the number of players, your name and the CPU type.

    >>> parser = argparse.ArgumentParser()
    >>> add_arguments(parser)
    >>> parser.parse_args([]).players, parser.parse_args([]).cpu
    (4, 'rules')
    """
    parser.add_argument("--players", type=int, default=4, help="players including you (2..6)")
    parser.add_argument("--name", default="You")
    parser.add_argument("--cpu", choices=["rules", "strong"], default="rules", help="CPU type")
    add_settings_arguments(parser)


def run(args: argparse.Namespace) -> int:
    """Plays a game on the terminal."""
    return play(args, read=input, write=print)


def play(
    args: argparse.Namespace,
    read: Callable[[str], str],
    write: Callable[[str], None],
    clock: Callable[[], float] = time.monotonic,
) -> int:
    """Plays one game: you sit in seat 1, CPU players in the others. ``quit`` (or the end of the
    input) leaves the table; a CPU player then finishes the game for you (R-TABLE-2).

    >>> parser = argparse.ArgumentParser()
    >>> add_arguments(parser)
    >>> lines = []
    >>> args = parser.parse_args(["--players", "2", "--rounds", "1", "--seed", "1"])
    >>> play(args, read=lambda prompt: "quit", write=lines.append)
    0
    >>> lines[-3]
    'Final standings:'
    """
    seed = args.seed if args.seed is not None else time.time_ns() % 2**32
    settings = settings_from(args)
    names = [args.name] + [f"CPU {i}" for i in range(1, args.players)]
    cpu = {seat: make_bot(args.cpu, seed=seed + seat) for seat in range(1, args.players)}
    game = Game(settings, names, seed=seed, cpu=cpu, clock=clock)
    table = Table(game, write)
    rounds = f"{settings.rounds} round{'s' if settings.rounds != 1 else ''}"
    write(f"Five-Card Draw, {args.players} players, {rounds} (seed {seed}).")
    while not game.is_over:
        game.play_cpu()
        table.show_news()
        if game.is_over:
            break
        action = table.ask(read)
        if action is None:
            write(f"{args.name} leaves the table; a CPU player takes the seat.")
            game.leave(YOU)
            continue
        if game.enforce_timer():
            write("Time is up: the table acted for you.")
            continue
        game.act(YOU, action)
    table.show_news()
    write("Final standings:")
    for standing in game.standings():
        write(f"  {standing.place}. {standing.name}: {standing.score}")
    return 0


class Table:
    """What the person at seat 1 is shown, and the reading of their answers.

    >>> from drawpoker.games import DrawSettings, Game
    >>> lines = []
    >>> table = Table(Game(DrawSettings(), ["Ann", "Bob"], seed=2), lines.append)
    >>> table.show_news(); lines[0]
    '--- Round 1: dealer Ann ---'
    """

    def __init__(self, game: Game, write: Callable[[str], None]) -> None:
        self.game = game
        self.write = write
        self.shown_hands = 0
        self.shown_events = 0

    def name(self, seat: int | None) -> str:
        """The name of a seat.

        >>> from drawpoker.games import DrawSettings, Game
        >>> lines = []
        >>> table = Table(Game(DrawSettings(), ["Ann", "Bob"], seed=2), lines.append)
        >>> table.name(1)
        'Bob'
        """
        return self.game.names[seat] if seat is not None else ""

    def show_news(self) -> None:
        """Writes every event the person has not seen yet, hand by hand.

        >>> from drawpoker.games import DrawSettings, Game
        >>> lines = []
        >>> table = Table(Game(DrawSettings(), ["Ann", "Bob"], seed=2), lines.append)
        >>> table.show_news(); lines[1].startswith("Your cards: ")
        True
        """
        game = self.game
        while self.shown_hands < len(game.hands):
            hand = game.hands[self.shown_hands]
            if self.shown_events == 0:
                round_no = self.shown_hands + 1
                self.write(f"--- Round {round_no}: dealer {self.name(hand.button)} ---")
            events = hand.visible_events(YOU)
            for event in events[self.shown_events :]:
                line = self.describe(hand, event)
                if line:
                    self.write(line)
            self.shown_events = len(events)
            if not hand.is_over:
                return
            self.write("Standings: " + ", ".join(self.scores()))
            self.shown_hands += 1
            self.shown_events = 0

    def scores(self) -> list[str]:
        """Each seat's chips (or points).

        >>> from drawpoker.games import DrawSettings, Game
        >>> lines = []
        >>> table = Table(Game(DrawSettings(), ["Ann", "Bob"], seed=2), lines.append)
        >>> table.scores()
        ['Ann 2000', 'Bob 2000']
        """
        game = self.game
        scores = game.stacks if game.settings.betting else game.points
        return [f"{name} {score}" for name, score in zip(game.names, scores, strict=True)]

    def describe(self, hand: Hand, event: Event) -> str:
        """One event as a sentence ("" for events not worth a line).

        >>> from drawpoker.games import DrawSettings, Game
        >>> lines = []
        >>> table = Table(Game(DrawSettings(), ["Ann", "Bob"], seed=2), lines.append)
        >>> hand = table.game.hand
        >>> hand.bet(20); table.describe(hand, hand.events[-1])
        'Bob bets 20'
        """
        if event.seat == YOU:
            line = self._sentence(hand, event, "You")
            first, _, rest = line.partition(" ")
            verb, _, tail = rest.partition(" ")
            return f"{first} {verb.removesuffix('s')} {tail}".rstrip() if first == "You" else line
        return self._sentence(hand, event, self.name(event.seat))

    def _sentence(self, hand: Hand, event: Event, who: str) -> str:
        kind, amount = event.kind, event.amount
        cards = format_cards(event.cards) if event.cards else ""
        if kind == "show":
            line = f"{who} shows {cards}: {describe(amount, hand.variant.ranking)}"
            if not self.game.settings.betting and event.seat in hand.winners:
                line += "  <- best hand: one point"
            return line
        if kind == "draw":
            return (
                f"{who} draws {amount} card{'s' if amount != 1 else ''}"
                if amount
                else (f"{who} stands pat")
            )
        sentences = {
            "deal": f"Your cards: {cards}",
            "check": f"{who} checks",
            "fold": f"{who} folds",
            "call": f"{who} calls ({amount} in this round)",
            "bet": f"{who} bets {amount}",
            "raise": f"{who} raises to {amount}",
            "discard": f"You discard {cards}" if cards else "",
            "receive": f"You draw {cards}" if cards else "",
            "reshuffle": "The deck ran short: the discards are shuffled into a new deck",
            "redeal": f"No one opened: the cards are redealt, the pot of {amount} stays",
            "return": f"{amount} uncalled returned to {who}",
            "win": f"{who} wins {amount}",
        }
        return sentences.get(kind, "")

    def ask(self, read: Callable[[str], str]) -> Action | None:
        """Asks the person for an action until it is legal; ``None`` when they quit.

        >>> from drawpoker.games import DrawSettings, Game
        >>> lines = []
        >>> table = Table(Game(DrawSettings(), ["Ann", "Bob"], seed=2), lines.append)
        >>> table.game.act(1, Action.bet(20))
        >>> table.ask(lambda prompt: "c")
        Action(kind='call', amount=0, cards=())
        """
        hand = self.game.hand
        legal = hand.legal_actions()
        cards = hand.cards[YOU]
        self.write(
            "Your hand: " + "  ".join(f"{i + 1}:{format_cards([c])}" for i, c in enumerate(cards))
        )
        if legal.kinds == ("draw",):
            ace = " (4 only keeping an ace or the joker)" if legal.max_discards == 4 else ""
            prompt = (
                f"Discard which cards? Positions or cards, up to {legal.max_discards}{ace}; "
                "empty = stand pat > "
            )
        else:
            self.write(
                f"Pot {hand.pot}, your stack {hand.stacks[YOU]}, in this round {hand.bets[YOU]}"
            )
            prompt = self.options(hand) + " > "
        while True:
            try:
                answer = read(prompt).strip()
            except EOFError:
                return None
            if answer.lower() in ("q", "quit"):
                return None
            try:
                action = parse_answer(answer, legal.kinds, cards, legal.max_to)
            except DrawPokerError as error:
                self.write(f"Not understood: {error}")
                continue
            reason = hand.why_illegal(action)
            if reason is None:
                return action
            self.write(f"Not allowed: {reason}")

    @staticmethod
    def options(hand: Hand) -> str:
        """The legal actions as a menu line.

        >>> from drawpoker.games import DrawSettings, Game
        >>> lines = []
        >>> table = Table(Game(DrawSettings(), ["Ann", "Bob"], seed=2), lines.append)
        >>> Table.options(table.game.hand)
        '[c]heck, [b]et N (20..1990 by 20), [a]ll-in 1990'
        """
        legal = hand.legal_actions()
        words = []
        for kind in legal.kinds:
            if kind == "call":
                words.append(f"[c]all {legal.call}")
            elif kind in ("bet", "raise"):
                words.append(
                    f"[{kind[0]}]{kind[1:]} N ({legal.min_to}..{legal.max_to} by {legal.step}), "
                    f"[a]ll-in {legal.max_to}"
                )
            else:
                words.append(f"[{kind[0]}]{kind[1:]}")
        return ", ".join(words)


def parse_answer(answer: str, kinds: tuple[str, ...], cards: list[int], all_in: int) -> Action:
    """The action a typed answer names.

    >>> parse_answer("r 60", ("fold", "call", "raise"), [], 500)
    Action(kind='raise', amount=60, cards=())
    >>> parse_answer("2 5", ("draw",), [0, 1, 2, 3, 4], 0).cards
    (1, 4)
    >>> parse_answer("", ("draw",), [0, 1, 2, 3, 4], 0).cards
    ()
    """
    from drawpoker.errors import InvalidArgumentError

    words = answer.lower().split()
    if kinds == ("draw",):
        if all(w.isdigit() for w in words):
            positions = [int(w) for w in words]
            if any(not 1 <= p <= len(cards) for p in positions):
                raise InvalidArgumentError(f"positions run 1..{len(cards)}")
            return Action.draw(cards[p - 1] for p in positions)
        return Action.draw(parse_cards(answer))
    if not words:
        raise InvalidArgumentError("type an action, e.g. " + kinds[0])
    word = words[0]
    by_letter = {"f": "fold", "k": "check", "c": "call", "b": "bet", "r": "raise"}
    if word in ("a", "all-in", "allin"):
        return Action("raise" if "raise" in kinds else "bet", all_in)
    kind = by_letter.get(word[:1], word) if word not in kinds else word
    if kind == "call" and "call" not in kinds and "check" in kinds:
        kind = "check"
    if kind == "check" and "check" not in kinds and word == "c":
        kind = "call"
    if kind in ("bet", "raise"):
        if len(words) < 2 or not words[1].isdigit():
            raise InvalidArgumentError(f"say how much, e.g. '{kind} 40'")
        kind = "raise" if "raise" in kinds else "bet"
        return Action(kind, int(words[1]))
    return Action(kind)
