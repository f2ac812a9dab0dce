"""What the terminal says of a showdown: the hands shown (the high, and in a hi/lo game the
qualifying low) and what each winner won with, for every game (:class:`ShowdownWords`).

>>> from drawpoker.evaluation import evaluate
>>> from drawpoker.games import game
>>> words = ShowdownWords(game("omaha-hi-lo"))
>>> words.add(Event("show", seat=0, to=None, amount=evaluate("Kc Kd 9h 4s 3c")))
>>> words.add(Event("show", seat=1, to=None, amount=evaluate("Qc Qd 8h 4s 3d")))
>>> words.add(Event("low", seat=1, to=None, amount=evaluate("6h 5s 4d 2c Ad", "ace-five")))
>>> words.win_words(0), words.win_words(1)
('the high, Pair of kings (9-4-3)', 'the low, Six-five low: 6-5-4-2-A')
"""

from __future__ import annotations

from drawpoker.evaluation import describe
from drawpoker.games import Event
from drawpoker.games.spec import GameSpec


class ShowdownWords:
    """Follows the hands shown in one hand (``show`` events: the high, or the one hand of a
    game with one ranking; ``low`` events: a hi/lo game's qualifying low) and says what each
    winner won with.

    >>> from drawpoker.games import game
    >>> ShowdownWords(game("badugi")).parts
    ['badugi']
    """

    def __init__(self, spec: GameSpec) -> None:
        self.parts = [part.ranking for part in spec.showdown]
        self.highs: dict[int, int] = {}
        self.lows: dict[int, int] = {}

    def add(self, event: Event) -> None:
        """Follows one event (only the hands shown count).

        >>> from drawpoker.games import game
        >>> words = ShowdownWords(game("holdem"))
        >>> words.add(Event("show", seat=1, to=None, amount=7462)); words.highs
        {1: 7462}
        """
        if event.seat is None:
            return
        if event.kind == "show":
            self.highs[event.seat] = event.amount
        elif event.kind == "low":
            self.lows[event.seat] = event.amount

    def low_words(self, seat: int) -> str:
        """The qualifying low a seat showed at a hi/lo showdown, as a sentence part.

        >>> from drawpoker.evaluation import evaluate
        >>> from drawpoker.games import game
        >>> words = ShowdownWords(game("stud-hi-lo"))
        >>> words.lows[1] = evaluate("6c 4d 3h 2s Ad", "ace-five")
        >>> words.low_words(1)
        'Six-four low: 6-4-3-2-A'
        """
        return describe(self.lows[seat], self.parts[-1])

    def win_words(self, seat: int) -> str:
        """What a winner won with, when hands were shown ("" when not): its hand (razz,
        lowball, badugi: its low); in hi/lo the half or halves its hand is best for (a side
        pot's winner: its high).

        >>> from drawpoker.evaluation import evaluate
        >>> from drawpoker.games import game
        >>> words = ShowdownWords(game("stud-hi-lo"))
        >>> words.highs = {0: evaluate("Kc Kd 9h 4s 3c"), 1: evaluate("Qc Qd 8h 4s 3d")}
        >>> words.lows = {1: evaluate("8h 4s 3d 2c Ad", "ace-five")}
        >>> words.win_words(1), words.win_words(2)
        ('the low, Eight-four low: 8-4-3-2-A', '')
        >>> words.lows = {}
        >>> words.win_words(0)
        'the high, Pair of kings (9-4-3) (no low qualifies)'
        """
        if seat not in self.highs:
            return ""
        high = describe(self.highs[seat], self.parts[0])
        if len(self.parts) == 1:
            return high
        halves = []
        if self.highs[seat] == max(self.highs.values()):
            halves.append(f"the high, {high}" + ("" if self.lows else " (no low qualifies)"))
        if seat in self.lows and self.lows[seat] == max(self.lows.values()):
            halves.append(f"the low, {self.low_words(seat)}")
        return " and ".join(halves) if halves else high
