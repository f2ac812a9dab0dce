"""A hand history told for people: who sat where with what, the cards, every action, the pots
and who won them. A variant the engine plays is told from its replay (so the pots, hands and
winners are the engine's); any other variant from its fields and actions as written.

>>> from drawpoker.history import EXAMPLE, loads
>>> print("\\n".join(describe(loads(EXAMPLE)[0])))
hand 1: no-limit Texas hold 'em (NT), blinds 5/10
  seat 3 Ann: 1,000 (p1, big blind)
  seat 5 Bob: 1,000 (p2, button, small blind)
  Bob posts 5, Ann posts 10
  Ann is dealt As Ks; Bob is dealt 7c 2d
  Bob raises to 30; Ann folds
  20 uncalled returned to Bob
  pot 20: Bob wins 20
  finishing stacks: Ann 990, Bob 1,010
"""

from __future__ import annotations

from drawpoker.cards import format_cards
from drawpoker.errors import UnsupportedVariantError
from drawpoker.evaluation import describe as describe_strength
from drawpoker.games import Event
from drawpoker.history.record import History


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


def describe(history: History) -> list[str]:
    """The lines that tell the hand (indented under a header line).

    >>> from drawpoker.history import loads
    >>> text = "variant = 'FT'\\nantes = [0, 0]\\nblinds_or_straddles = [1, 2]\\nsmall_bet = 2\\n"
    >>> text += "big_bet = 4\\nstarting_stacks = [50, 50]\\nactions = ['d dh p1 ????']"
    >>> describe(loads(text)[0])[-2:]
    ['  (the engine does not play FT yet: the actions as written)', '  d dh p1 ????']
    >>> stud = loads(_STUD)[0]
    >>> print("\\n".join(describe(stud)[3:7]))
      p1 posts 1 (ante), p2 posts 1 (ante)
      p1 is dealt 8d 8c; p2 is dealt Jc Kc
      face up: p1 3d, p2 Td
      p1 brings in 2; p2 raises to 5; p1 folds
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
    sb = bb = None
    blinds = [e.seat for e in hand.events if e.kind == "blind"]
    if blinds:
        sb, bb = [*blinds, None][:2]
        if len(blinds) == 1:
            sb, bb = None, blinds[0]
    for k, seat in enumerate(places):
        roles = [f"p{k + 1}"] if names[k] != f"p{k + 1}" else []
        if seat == button and hand.game.button_moves:
            roles.append("button")
        if seat == sb:
            roles.append("small blind")
        if seat == bb:
            roles.append("big blind")
        about = f" ({', '.join(roles)})" if roles else ""
        lines.append(f"  seat {seat + 1} {names[k]}: {_chips(history.starting_stacks[k])}{about}")
    rankings = [part.ranking for part in hand.game.showdown]
    groups: list[tuple[str, list[str]]] = []
    for event in hand.events:
        text = _event_text(event, name_of, rankings)
        if text is None:
            continue
        group = _GROUPS.get(event.kind, event.kind)
        if event.kind == "receive" and groups and groups[-1][1]:
            groups[-1][1][-1] += f", {text}"
        elif groups and groups[-1][0] == group and group in _JOINED:
            groups[-1][1].append(text)
        else:
            groups.append((group, [text]))
    for group, texts in groups:
        joined = ", ".join(texts) if group in ("forced", "up", "win") else "; ".join(texts)
        if group == "win":
            joined = f"pot {_chips(sum(hand.payouts))}: {joined}"
        elif group == "up":
            joined = f"face up: {joined}"
        lines.append(f"  {joined}")
    stacks = hand.stacks
    lines.append(
        "  finishing stacks: " + ", ".join(f"{name_of[s]} {_chips(stacks[s])}" for s in places)
    )
    if not hand.is_over:
        lines.append("  (the history ends before the hand does)")
    return lines


_GROUPS = {
    **dict.fromkeys(("ante", "blind"), "forced"),
    **dict.fromkeys(("bring-in", "check", "call", "fold", "bet", "raise"), "act"),
    **dict.fromkeys(("draw", "discard", "receive"), "draw"),
    "low": "show",
}
"""Events told on one line together: forced bets, deals, up cards (stud), a round's actions, a
draw, the wins."""

_JOINED = ("forced", "deal", "up", "act", "draw", "win", "show", "expose")


def _event_text(event: Event, name_of: dict[int, str], rankings: list[str]) -> str | None:
    kind, amount, cards = event.kind, event.amount, event.cards
    who = name_of.get(event.seat, "") if event.seat is not None else ""
    if kind in ("ante", "blind"):
        return f"{who} posts {_chips(amount)}" + (" (ante)" if kind == "ante" else "")
    if kind == "deal":
        return f"{who} is dealt {format_cards(cards)}"
    if kind == "up":
        return f"{who} {format_cards(cards)}"
    if kind == "bring-in":
        return f"{who} brings in {_chips(amount)}"
    if kind == "board":
        return f"board {format_cards(cards)}"
    if kind == "check":
        return f"{who} checks"
    if kind == "fold":
        return f"{who} folds"
    if kind == "call":
        return f"{who} calls {_chips(amount)}"
    if kind == "bet":
        return f"{who} bets {_chips(amount)}"
    if kind == "raise":
        return f"{who} raises to {_chips(amount)}"
    if kind == "discard":
        return f"{who} discards {format_cards(cards)}"
    if kind == "receive":
        return f"draws {format_cards(cards)}"
    if kind == "draw":
        return f"{who} stands pat" if amount == 0 else None
    if kind == "reshuffle":
        return f"the discards are shuffled into a new stub of {amount} cards"
    if kind == "redeal":
        return f"nobody opened: the cards are dealt again (pot {_chips(amount)})"
    if kind == "expose":
        return f"{who} shows {format_cards(cards)} (no more betting)"
    if kind == "show":
        return f"{who} shows {format_cards(cards)}: {describe_strength(amount, rankings[0])}"
    if kind == "low":
        return f"{who}'s low: {describe_strength(amount, rankings[-1])}"
    if kind == "return":
        return f"{_chips(amount)} uncalled returned to {who}"
    if kind == "win":
        return f"{who} wins {_chips(amount)}"
    return None


_STUD = """\
variant = 'F7S'
antes = [1, 1]
bring_in = 2
small_bet = 5
big_bet = 10
starting_stacks = [50, 50]
actions = ['d dh p1 8d8c3d', 'd dh p2 JcKcTd', 'p1 pb', 'p2 cbr 5', 'p1 f']
"""
