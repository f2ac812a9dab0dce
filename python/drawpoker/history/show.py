"""A hand history told for people: who sat where with what, the cards, every action, the pots
and who won them. A variant the engine plays is told from its replay (so the pots, hands and
winners are the engine's); any other variant from its fields and actions as written.

>>> from drawpoker.history import EXAMPLE, loads
>>> print("\\n".join(describe(loads(EXAMPLE)[0])))
hand 1: no-limit Texas hold 'em (NT), blinds 5/10
  seat 3 Ann: 1,000 (p1, big blind)
  seat 5 Bob: 1,000 (p2, button, small blind)
  Bob posts the small blind 5
  Ann posts the big blind 10
  Ann's cards: As Ks
  Bob's cards: 7c 2d
  Bob raises to 30
  Ann folds
  20 uncalled returned to Bob
  Bob wins 20
  finishing stacks: Ann 990, Bob 1,010
"""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Sequence

from drawpoker.cards import format_cards
from drawpoker.engine import Event
from drawpoker.errors import UnsupportedVariantError
from drawpoker.history.notation import UNKNOWN
from drawpoker.history.record import History
from drawpoker.narration import Scene, sentence


def _chips(amount: int) -> str:
    return f"{amount:,}"


def _names(history: History) -> list[str]:
    players = history.get("players")
    if players and all(players) and len(set(players)) == len(players):
        return list(players)
    return [f"p{k}" for k in range(1, history.players_count + 1)]


def _header(history: History) -> str:
    variant = history.variant
    stakes = ""
    blinds = history.get("blinds_or_straddles")
    if blinds and history.players_count >= 2:
        stakes = f", blinds {blinds[0]:,}/{blinds[1]:,}"
    antes = history.get("antes")
    if antes and any(antes):
        uniform = len(set(antes)) == 1
        stakes += f", ante {_chips(antes[0])}" if uniform else f", antes {antes}"
    bring_in, small, big = (history.get(k) for k in ("bring_in", "small_bet", "big_bet"))
    if type(bring_in) is int:
        stakes += f", bring-in {_chips(bring_in)}"
    if type(small) is int and type(big) is int:
        stakes += f", bets {_chips(small)}/{_chips(big)}"
    return f"{history.name}: {variant.title} ({variant.code}){stakes}"


def describe(history: History, viewer: int | None = None) -> list[str]:
    """The lines that tell the hand (indented under a header line), each event in the
    narration's sentence (:func:`drawpoker.narration.sentence`) for ``viewer`` (the index of a
    player of the file, spoken to as "you"; by default the file's :func:`owner`, if it is a
    seat's copy).

    >>> from drawpoker.history import loads
    >>> text = "variant = 'FT'\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nsmall_bet = 2\\n"
    >>> text += "big_bet = 4\\nstarting_stacks = [50, 50]\\nactions = ['d dh p1 ????']"
    >>> describe(loads(text)[0])[-2:]
    ['  (the engine does not play FT yet: the actions as written)', '  d dh p1 ????']
    >>> stud = loads(_STUD)[0]
    >>> print("\\n".join(describe(stud, viewer=1)[5:12]))
      p1's cards: 8d 8c
      Your cards: Jc Kc
      p1 is dealt 3d face up
      You are dealt Td face up
      p1 posts the bring-in 2
      You complete to 5
      p1 folds
    """
    lines = [_header(history)]
    names = _names(history)
    try:
        hand = history.play()
    except UnsupportedVariantError:
        for name, stack in zip(names, history.starting_stacks, strict=True):
            lines.append(f"  {name}: {_chips(stack)}")
        lines.append(
            f"  (the engine does not play {history.variant.code} yet: the actions as written)"
        )
        lines += [f"  {action}" for action in history.actions]
        return lines
    _count, places, button = history.engine_seats
    name_of = {seat: names[k] for k, seat in enumerate(places)}
    blinds = {e.seat: e.blind for e in hand.events if e.kind == "blind"}
    for k, seat in enumerate(places):
        roles = [f"p{k + 1}"] if names[k] != f"p{k + 1}" else []
        if seat == button and hand.game.button_moves:
            roles.append("button")
        if seat in blinds:
            roles.append(f"{blinds[seat]} blind")
        about = f" ({', '.join(roles)})" if roles else ""
        lines.append(f"  seat {seat + 1} {names[k]}: {_chips(history.starting_stacks[k])}{about}")
    scene = Scene(hand.game, [name_of.get(s, "") for s in range(hand.seats)], hand.start_stacks)
    if viewer is None:
        viewer = owner(history)
    reader = None if viewer is None else places[viewer]
    written = _AsWritten(history, places)
    for event in hand.events:
        written.on_draw(event)
        cards = written.cards(event)
        scene.add(event)
        if event.kind == "low" and written.hidden_show(event):
            continue  # a low of a hand the file does not show
        # the file is what its reader knows: its cards are told (an unknown one as ??)
        told = sentence(event._replace(to=None), reader, "en", scene, cards=cards)
        lines.append(f"  {told}")
    stacks = hand.stacks
    lines.append(
        "  finishing stacks: " + ", ".join(f"{name_of[s]} {_chips(stacks[s])}" for s in places)
    )
    if not hand.is_over:
        lines.append("  (the history ends before the hand does)")
    return lines


def owner(history: History) -> int | None:
    """The player whose copy the file is: the only one whose dealt hole cards it knows while
    it hides another's (a seat's copy, as ``drawpoker play --history`` writes it); ``None`` for
    a house copy or a file that shows every hand.

    >>> from drawpoker.history import loads
    >>> text = "variant = 'NT'\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nmin_bet = 2\\n"
    >>> text += "starting_stacks = [50, 50]\\nactions = ['d dh p1 ????', 'd dh p2 AsKd']"
    >>> owner(loads(text)[0])
    1
    >>> owner(loads(text.replace("????", "QhQd"))[0]) is None
    True
    """
    known: set[int] = set()
    hidden: set[int] = set()
    for action in history.actions:
        parts = action.split()
        if len(parts) >= 4 and parts[:2] == ["d", "dh"] and parts[2].startswith("p"):
            player = int(parts[2][1:]) - 1
            (hidden if "?" in parts[3] else known).add(player)
    mine = known - hidden
    return mine.pop() if len(mine) == 1 and hidden - known else None


def _cards_text(cards: Sequence[int | None]) -> str:
    """Cards as the file holds them, an unknown one ``??``.

    >>> _cards_text([51, None])
    'As ??'
    """
    return " ".join(UNKNOWN if card is None else format_cards([card]) for card in cards)


class _AsWritten:
    """The cards of each event of a replayed history as the file holds them: a seat's copy
    hides the others' cards (``??``), which the replay had to fill with cards of its own
    (:mod:`drawpoker.history.plan`); those are never told. The engine's events and the file's
    actions go in the same order for each player: a deal (stud: its down and up cards) is the
    player's next ``d dh``, the cards it draws the next after that, a discard (or standing pat)
    its next ``sd``, a hand shown its next ``sm``.

    >>> from drawpoker.history import loads
    >>> text = _STUD.replace("JcKcTd", "????Td")
    >>> written = _AsWritten(loads(text)[0], [0, 1])
    >>> _cards_text(written.cards(Event("deal", seat=1, to=1, amount=0, cards=(1, 2))))
    '?? ??'
    """

    def __init__(self, history: History, places: Sequence[int]) -> None:
        self.dealt: dict[int, deque[tuple[int | None, ...]]] = defaultdict(deque)
        self.discarded: dict[int, deque[tuple[int | None, ...]]] = defaultdict(deque)
        self.shown: dict[int, deque[tuple[int | None, ...] | None]] = defaultdict(deque)
        for move in history.moves:
            if move.player is None or move.player >= len(places):
                continue
            seat = places[move.player]
            if move.verb == "dh" and move.cards is not None:
                self.dealt[seat].append(move.cards)
            elif move.verb == "sd" and move.cards is not None:
                self.discarded[seat].append(move.cards)
            elif move.verb == "sm":
                self.shown[seat].append(move.cards if move.amount != -1 else None)
        self.up_cards: dict[int, tuple[int | None, ...]] = {}
        """The up cards of a stud street's ``d dh``, told after its down cards."""
        self.known: dict[int, set[int]] = defaultdict(set)
        """The cards each seat was dealt in the file (what ``sm -`` shows)."""
        self.hidden: set[int] = set()
        """The seats whose hand shown the file does not hold."""

    def cards(self, event: Event) -> tuple[int | None, ...]:
        """The event's cards as the file holds them."""
        kind, seat, cards = event.kind, event.seat, tuple(event.cards)
        if seat is None or not cards:
            if kind == "redeal":
                self.known.clear()
            return cards
        if kind == "deal" or kind == "receive" or (kind == "up" and seat not in self.up_cards):
            written = self._next(self.dealt[seat], cards)
            self.known[seat].update(c for c in written if c is not None)
            if kind == "deal":
                self.up_cards[seat] = written[len(cards) :]
            return written[: len(cards)]
        if kind == "up":
            return self.up_cards.pop(seat)
        if kind == "discard":
            return self._next(self.discarded[seat], cards)
        if kind in ("show", "expose"):
            queue = self.shown[seat]
            shown = queue.popleft() if queue else cards
            if shown is None:  # a muck, or ``sm -``: the cards dealt, where the file has them
                shown = tuple(c if c in self.known[seat] else None for c in cards)
            if None in shown:
                self.hidden.add(seat)
            return shown
        return cards

    def on_draw(self, event: Event) -> None:
        """Standing pat is an ``sd`` of no cards: it takes the player's next one."""
        if event.kind == "draw" and event.amount == 0 and event.seat is not None:
            queue = self.discarded[event.seat]
            if queue:
                queue.popleft()

    def hidden_show(self, event: Event) -> bool:
        """Whether the event's seat showed a hand the file does not hold."""
        return event.seat in self.hidden

    @staticmethod
    def _next(
        queue: deque[tuple[int | None, ...]], cards: tuple[int, ...]
    ) -> tuple[int | None, ...]:
        return queue.popleft() if queue else cards


_STUD = """\
variant = 'F7S'
antes = [1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [50, 50]
actions = ['d dh p1 8d8c3d', 'd dh p2 JcKcTd', 'p1 pb', 'p2 cbr 5', 'p1 f']
"""
