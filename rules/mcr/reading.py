"""One MCR hand as the engine reads it: the facts fixed for every arrangement of its tiles
(:class:`Context`); the units (sets and the pair) of one arrangement are ``rules.core.arrangements.Unit``.
"""

from __future__ import annotations

from ..core.arrangements import Unit
from ..core.tiles import Counts
from .hand import Hand


class Context:
    """What is fixed for every arrangement of one hand."""

    __slots__ = (
        "all_counts",
        "closed",
        "flag_fans",
        "hand",
        "hand_fans",
        "kong_count",
        "melded_count",
        "melds",
        "nine_gates",
        "prevalent",
        "seat",
        "self_drawn",
        "waits",
        "win",
    )

    hand: Hand
    win: int  # the winning tile
    self_drawn: bool
    seat: int  # the seat wind's tile
    prevalent: int  # the prevalent wind's tile
    melds: list[Unit]  # the declared melds as units
    melded_count: int  # melds claimed from a discard (a concealed kong is not)
    kong_count: int
    closed: bool  # nothing declared: the irregular hands are possible
    all_counts: Counts  # every tile of the hand, kongs counting four
    hand_fans: list[int]  # fans of the tiles alone, whatever the arrangement
    flag_fans: list[int]  # fans of how the hand was won
    waits: tuple[int, ...]  # the tiles the hand waited on
    nine_gates: bool
