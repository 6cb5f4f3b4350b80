"""The tiles a standing hand waits on: those that would make it a winning hand.

What counts as winning is the rule set's (MCR adds its knitted shapes to four sets and a pair and
seven pairs); the search is the same: try each tile that could help, keep those that win.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

from .tiles import NUM_KINDS, SUITED, Counts, number


def helpful_tiles(standing: Sequence[int]) -> set[int]:
    """Tiles that can complete a set or a pair with the standing tiles: each tile held, and each
    tile within two of a held suited tile in the same suit."""
    candidates = set()
    for t in range(NUM_KINDS):
        if standing[t]:
            candidates.add(t)
            if t < SUITED:
                n = number(t)
                for d in (-2, -1, 1, 2):
                    if 1 <= n + d <= 9:
                        candidates.add(t + d)
    return candidates


def waiting_tiles(
    standing: Sequence[int], wins: Callable[[Counts], bool], extra: Iterable[int] = ()
) -> tuple[int, ...]:
    """The tiles, in order, that ``wins`` (given the counts with that tile added) accepts.

    Only :func:`helpful_tiles` and the ``extra`` candidates a rule set's own shapes need are tried.
    Like the reference calculator, a tile the hand already holds four of still counts as waited on.
    """
    candidates = helpful_tiles(standing)
    candidates.update(extra)
    out = []
    counts = list(standing)
    for t in sorted(candidates):
        counts[t] += 1
        if wins(counts):
            out.append(t)
        counts[t] -= 1
    return tuple(out)
