"""MCR's own winning shapes beside four sets and a pair: the knitted straight and the honors and
knitted tiles (3.8.1 fans 20, 34, 35), and the waits they add (fans 77-79 need the waits).
"""

from __future__ import annotations

from functools import lru_cache, partial

from ..core.arrangements import Arrangement, arrangements, completes, is_seven_pairs
from ..core.tiles import SUITED, Counts, suited
from ..core.waits import waiting_tiles as _waiting_tiles

# The six knitted straights: 1-4-7 in one suit, 2-5-8 in another, 3-6-9 in the third.
KNITTED: tuple[tuple[int, ...], ...] = tuple(
    tuple(
        sorted(
            [suited(a, n) for n in (1, 4, 7)] + [suited(b, n) for n in (2, 5, 8)] + [suited(c, n) for n in (3, 6, 9)]
        )
    )
    for a, b, c in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
)
KNITTED_SETS = tuple(frozenset(k) for k in KNITTED)


def knitted_honors_pattern(counts: Counts | tuple[int, ...]) -> int | None:
    """Index of the knitted pattern for Lesser/Greater Honors and Knitted Tiles, or None."""
    if sum(counts) != 14 or any(c > 1 for c in counts):
        return None
    held_suited = {t for t in range(SUITED) if counts[t]}
    for k, ks in enumerate(KNITTED_SETS):
        if held_suited <= ks:
            return k
    return None


@lru_cache(maxsize=4096)
def knitted_straight_rests(counts: tuple[int, ...], sets: int) -> tuple[tuple[int, Arrangement], ...]:
    """(pattern, arrangement of the rest) for each way the tiles hold a knitted straight."""
    out = []
    for k, tiles in enumerate(KNITTED):
        if all(counts[t] for t in tiles):
            rest = list(counts)
            for t in tiles:
                rest[t] -= 1
            for arr in arrangements(tuple(rest), sets):
                out.append((k, arr))
    return tuple(out)


def _wins(counts: Counts, sets: int, closed: bool, knitted: bool) -> bool:
    if completes(counts, sets):
        return True
    if closed and is_seven_pairs(counts):
        return True
    return bool(knitted and knitted_straight_rests(tuple(counts), sets - 3))


@lru_cache(maxsize=4096)
def waiting_tiles(standing: tuple[int, ...], sets: int, closed: bool) -> tuple[int, ...]:
    """Tiles that would complete the standing tiles into a winning hand.

    Like the reference calculator, a tile the hand already holds four of still counts as
    waited on, so such a hand never scores a wait fan. Only a tile equal to, or within two
    of, a standing tile of the same suit can help, except for the knitted straight.
    """
    extra: list[int] = []
    if sets >= 3:
        for k in KNITTED:
            if sum(1 for t in k if standing[t]) >= 8:
                extra.extend(k)
    knitted = bool(extra)
    return _waiting_tiles(standing, partial(_wins, sets=sets, closed=closed, knitted=knitted), extra)
