"""One MCR hand as the engine reads it: the facts fixed for every arrangement of its tiles
(:class:`Context`), and the units (sets and the pair) of one arrangement.
"""

from __future__ import annotations

from typing import NamedTuple

from ..core.tiles import Counts
from .hand import Hand

# What kind of kong a set is.
NOT_KONG, MELDED_KONG, CONCEALED_KONG_SET = 0, 1, 2


class Unit(NamedTuple):
    """A set or the pair of one reading: a declared meld or a group of the concealed tiles."""

    kind: int  # CHOW, PUNG or PAIR (rules.core.arrangements)
    tile: int  # the lowest tile: a chow's first, a pung's or pair's tile
    exposed: bool  # claimed from a discard (melded); a concealed kong is not
    kong: int  # NOT_KONG, MELDED_KONG or CONCEALED_KONG_SET


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
