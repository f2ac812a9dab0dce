"""Peer comparisons: one module per area, each with ``measure() -> list[Figure]``."""
