"""Type stubs of the Rust extension module ``drawpoker._core`` (kept true by mypy.stubtest)."""

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

__all__ = [
    "ace_five_low8_min",
    "canonical_deals",
    "category",
    "compare_batch",
    "deck_histogram",
    "describe",
    "discard_mask_of",
    "draw_category_counts_batch",
    "draw_choices",
    "draw_equity",
    "draw_histogram",
    "equity",
    "equity_batch_heads_up",
    "evaluate",
    "evaluate_batch",
    "evaluate_low8_batch",
    "evaluate_omaha",
    "evaluate_omaha_batch",
    "evaluate_omaha_hilo",
    "evaluate_omaha_hilo_batch",
    "format_cards",
    "hold_table",
    "hold_values",
    "parse_cards",
    "rankings",
    "shuffle",
    "strength_histogram",
    "tip_discards",
    "warm_up",
]

def parse_cards(text: str) -> list[int]: ...
def format_cards(cards: list[int]) -> list[str]: ...
def evaluate(cards: Sequence[int], ranking: str) -> int: ...
def evaluate_batch(cards: npt.NDArray[np.uint8], ranking: str) -> npt.NDArray[np.uint16]: ...
def evaluate_low8_batch(cards: npt.NDArray[np.uint8]) -> npt.NDArray[np.uint16]: ...
def compare_batch(a: npt.NDArray[np.uint8], b: npt.NDArray[np.uint8]) -> npt.NDArray[np.int8]: ...
def strength_histogram(n_cards: int, method: str) -> npt.NDArray[np.uint64]: ...
def category(strength: int, ranking: str) -> int: ...
def describe(strength: int, ranking: str) -> str: ...
def warm_up() -> int: ...
def discard_mask_of(hand: list[int], discards: list[int]) -> int: ...
def tip_discards(cards: Sequence[int], ranking: str) -> tuple[list[int], list[int] | None]: ...
def draw_histogram(
    hand: list[int], discard_mask: int, dead: list[int], ranking: str, joker: bool
) -> tuple[npt.NDArray[np.uint64], int]: ...
def deck_histogram(ranking: str, joker: bool) -> npt.NDArray[np.uint64]: ...
def draw_choices(
    hand: list[int],
    dead: list[int],
    ranking: str,
    joker: bool,
    limit: str,
    values: npt.NDArray[np.float64],
    histograms: bool,
) -> list[tuple[int, int, list[int], int, float, npt.NDArray[np.uint64] | None]]: ...
def draw_category_counts_batch(
    hands: npt.NDArray[np.uint8], masks: npt.NDArray[np.uint8], ranking: str, joker: bool
) -> npt.NDArray[np.uint64]: ...
def canonical_deals() -> tuple[npt.NDArray[np.uint8], npt.NDArray[np.uint32]]: ...
def hold_table(class_of: npt.NDArray[np.uint8], classes: int) -> npt.NDArray[np.uint32]: ...
def hold_values(
    class_of: npt.NDArray[np.uint8], pays: npt.NDArray[np.float64]
) -> npt.NDArray[np.float64]: ...
def draw_equity(
    players: list[tuple[list[int], int]],
    dead: list[int],
    ranking: str,
    joker: bool,
    budget: int,
    samples: int,
    seed: int,
) -> tuple[list[float], list[float], list[float], int, bool, list[float]]: ...
def equity(
    game: str,
    hands: list[list[int]],
    board: list[int],
    dead: list[int],
    max_outcomes: int,
    samples: int,
    seed: int,
) -> tuple[list[tuple[int, int, float, float, float]], int, bool]: ...
def equity_batch_heads_up(
    hole_a: npt.NDArray[np.uint8], hole_b: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8]
) -> npt.NDArray[np.float64]: ...
def shuffle(items: list[int], message: bytes) -> list[int]: ...
def rankings() -> list[tuple[str, list[int], bool, int]]: ...
def ace_five_low8_min() -> int: ...
def evaluate_omaha(hole: list[int], board: list[int]) -> int: ...
def evaluate_omaha_hilo(hole: list[int], board: list[int]) -> tuple[int, int | None]: ...
def evaluate_omaha_batch(
    hole: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8]
) -> npt.NDArray[np.uint16]: ...
def evaluate_omaha_hilo_batch(
    hole: npt.NDArray[np.uint8], board: npt.NDArray[np.uint8]
) -> tuple[npt.NDArray[np.uint16], npt.NDArray[np.uint16]]: ...
