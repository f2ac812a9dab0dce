"""Hand histories in PHH, the Poker Hand History format of the PokerKit project (the
standard: github.com/uoftcprg/phh-std): read, written and replayed on the table engine.

- :func:`dumps` writes one hand (a :class:`~drawpoker.engine.Hand` or a :class:`History`),
  :func:`dumps_all` and :func:`dump` many (a ``.phhs``: tables ``[1]``, ``[2]``, ...); a hand's
  history is the house's copy (every card) or, with ``seat=``, that seat's own copy.
- :func:`loads` and :func:`load` read one hand or many into checked :class:`History` objects;
  :meth:`History.play` replays one on the engine, :meth:`History.replay` steps through it.
- :data:`VARIANTS` is the table of variant codes: the standard's, and ``_5CD`` for Five-Card
  Draw (:mod:`drawpoker.history.variants`).

>>> from drawpoker.engine import Hand, game
>>> hand = Hand(game("holdem"), [1000, 1000, 1000], button=0, seed=5)
>>> hand.raise_to(300); hand.fold(); hand.call()
>>> while not hand.is_over:
...     hand.check()
>>> history = loads(dumps(hand))[0]
>>> history.variant.code, history.play().stacks == hand.stacks
('NT', True)
>>> seat_copy = loads(dumps(hand, seat=1))[0]
>>> seat_copy.actions[2][:10], seat_copy.outcome.stacks == history.outcome.stacks
('d dh p3 ??', True)
"""

from drawpoker.history.files import dump, dumps, dumps_all, load, loads
from drawpoker.history.record import EXAMPLE, History, Outcome
from drawpoker.history.replay import Replay
from drawpoker.history.variants import VARIANTS, Variant
from drawpoker.history.writer import from_hand

__all__ = [
    "EXAMPLE",
    "VARIANTS",
    "History",
    "Outcome",
    "Replay",
    "Variant",
    "dump",
    "dumps",
    "dumps_all",
    "from_hand",
    "load",
    "loads",
]
