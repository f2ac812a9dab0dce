"""Bet sizes the CPU players of the blind games share: a bet or raise of a share of the pot in any
betting structure (fixed limit: the one size there is; pot limit and no limit: the nearest preset),
checking or folding when that is all, and the pot odds of a call.

>>> from drawpoker.engine import Hand, game
>>> hand = Hand(game("omaha"), [10_000] * 3)
>>> sized(hand.legal_actions(), 1.0)  # a pot-sized raise before the flop: 100 + 250
Action(kind='raise', amount=350, cards=())
"""

from __future__ import annotations

from drawpoker.engine.actions import CALL, CHECK, FOLD, Action, LegalActions

# Preset labels by the share of the pot they stand for (pot limit, no limit bets) or the
# multiple of the current bet (no-limit raises).
_POT_SHARES = {"33% pot": 0.33, "half pot": 0.5, "50% pot": 0.5, "pot": 1.0}
_RAISE_SHARES = {"2x": 0.5, "3x": 1.0}


def can_aggress(legal: LegalActions) -> bool:
    """Whether a bet or a raise is open.

    >>> from drawpoker.engine import Hand, game
    >>> can_aggress(Hand(game("badugi"), [1000, 1000]).legal_actions())
    True
    """
    return "bet" in legal.kinds or "raise" in legal.kinds


def aggress(legal: LegalActions, to: int) -> Action | None:
    """A bet or raise to ``to``, kept within the legal range; None when neither is open.

    >>> from drawpoker.engine import Hand, game
    >>> aggress(Hand(game("2-7-triple-draw"), [1000, 1000]).legal_actions(), 10_000)
    Action(kind='raise', amount=200, cards=())
    """
    to = max(legal.min_to, min(to, legal.max_to))
    if "bet" in legal.kinds:
        return Action.bet(to)
    if "raise" in legal.kinds:
        return Action.raise_to(to)
    return None


def sized(legal: LegalActions, share: float) -> Action | None:
    """A bet or raise of about ``share`` of the pot (0.5: half the pot, 1.0: the pot): the preset
    nearest that share when there are presets (no-limit raises: "2x" for half, "3x" for a pot),
    else the smallest legal total (fixed limit: the bet). None when no bet or raise is open.

    >>> from drawpoker.engine import Hand, game
    >>> sized(Hand(game("omaha-hi-lo"), [1000, 1000]).legal_actions(), 1.0)
    Action(kind='raise', amount=200, cards=())
    >>> sized(Hand(game("2-7-single-draw"), [10_000] * 3).legal_actions(), 0.5)
    Action(kind='raise', amount=200, cards=())
    """
    if not can_aggress(legal):
        return None
    best: tuple[float, int] | None = None
    for label, total in legal.presets:
        mark = _POT_SHARES.get(label, _RAISE_SHARES.get(label))
        if mark is not None and (best is None or abs(mark - share) < best[0]):
            best = (abs(mark - share), total)
    return aggress(legal, legal.min_to if best is None else best[1])


def passive(legal: LegalActions, call: bool) -> Action:
    """Check when it is free, else call (``call``) or fold.

    >>> from drawpoker.engine import Hand, game
    >>> passive(Hand(game("badugi"), [1000, 1000]).legal_actions(), call=False)
    Action(kind='fold', amount=0, cards=())
    """
    if "check" in legal.kinds:
        return CHECK
    return CALL if call else FOLD


def pot_odds(pot: int, legal: LegalActions) -> float:
    """The share of the pot after calling that the call costs (0 when nothing is owed).

    >>> from drawpoker.engine import Hand, game
    >>> hand = Hand(game("badugi"), [1000, 1000])
    >>> pot_odds(hand.view(0).pot, hand.legal_actions())
    0.25
    """
    return legal.call / (pot + legal.call) if legal.call else 0.0
