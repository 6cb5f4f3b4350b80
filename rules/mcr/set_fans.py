"""Fans that sets earn together: chows (fans 14, 16, 23, 28, 30, 39, 41, 51, 69-72) and pungs (15, 24,
32, 42, 65), chosen by the principles for combining fans (MCR 3.9.1.5).

Sets are given by their lowest tile (a chow by its first tile), sorted; a fan found comes back with
the indexes of the sets it was counted from, so the explanation can name them.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import lru_cache
from itertools import combinations

from ..core.tiles import is_honor, number, suit
from . import fans as F
from .fans import POINTS

#: (fan, indexes of the sets it was counted from)
SetFan = tuple[int, tuple[int, ...]]
#: (fan, index, index): a fan of two sets
_PairFan = tuple[int, int, int]


def _two_chows_fan(a: int, b: int) -> int:
    if suit(a) == suit(b):
        na, nb = number(a), number(b)
        if na == nb:
            return F.PURE_DOUBLE_CHOW
        if abs(na - nb) == 3:
            return F.SHORT_STRAIGHT
        if {na, nb} == {1, 7}:
            return F.TWO_TERMINAL_CHOWS
        return 0
    return F.MIXED_DOUBLE_CHOW if number(a) == number(b) else 0


def _three_chows_fan(a: int, b: int, c: int) -> int:
    a, b, c = sorted((a, b, c), key=lambda t: (number(t), t))
    sa, sb, sc = suit(a), suit(b), suit(c)
    na, nb, nc = number(a), number(b), number(c)
    if sa == sb == sc:
        if na == nb == nc:
            return F.PURE_TRIPLE_CHOW
        if (na, nb, nc) == (1, 4, 7):
            return F.PURE_STRAIGHT
        if nb - na == nc - nb and nb - na in (1, 2):
            return F.PURE_SHIFTED_CHOWS
        return 0
    if len({sa, sb, sc}) == 3:
        if na == nb == nc:
            return F.MIXED_TRIPLE_CHOW
        if (na, nb, nc) == (1, 4, 7):
            return F.MIXED_STRAIGHT
        if nb - na == 1 and nc - nb == 1:
            return F.MIXED_SHIFTED_CHOWS
    return 0


def _four_chows_fan(chows: tuple[int, ...]) -> int:
    if len({suit(t) for t in chows}) != 1:
        return 0
    r = sorted(chows)
    if r[0] == r[3]:
        return F.QUADRUPLE_CHOW
    d = r[1] - r[0]
    if d in (1, 2) and r[2] - r[1] == d and r[3] - r[2] == d:
        return F.FOUR_PURE_SHIFTED_CHOWS
    return 0


def _two_pungs_fan(a: int, b: int) -> int:
    if not is_honor(a) and not is_honor(b) and suit(a) != suit(b) and number(a) == number(b):
        return F.DOUBLE_PUNG
    return 0


def _three_pungs_fan(a: int, b: int, c: int) -> int:
    if is_honor(a) or is_honor(b) or is_honor(c):
        return 0
    a, b, c = sorted((a, b, c), key=lambda t: (number(t), t))
    sa, sb, sc = suit(a), suit(b), suit(c)
    na, nb, nc = number(a), number(b), number(c)
    if sa == sb == sc:
        if nb == na + 1 and nc == nb + 1:
            return F.PURE_SHIFTED_PUNGS
        return 0
    if len({sa, sb, sc}) == 3:
        if na == nb == nc:
            return F.TRIPLE_PUNG
        if nb == na + 1 and nc == nb + 1:
            return F.MIXED_SHIFTED_PUNGS
    return 0


def _four_pungs_fan(pungs: tuple[int, ...]) -> int:
    if any(is_honor(t) for t in pungs) or len({suit(t) for t in pungs}) != 1:
        return 0
    r = sorted(pungs)
    if all(r[i + 1] == r[i] + 1 for i in range(3)):
        return F.FOUR_PURE_SHIFTED_PUNGS
    return 0


def _pair_fans(tiles: tuple[int, ...], pair_fan: Callable[[int, int], int]) -> tuple[_PairFan, ...]:
    """Best choice of two-set fans among sets, by 3.9.1.5.

    Non-identical principle: a set already used for a fan does not make the same fan again
    with another set. Exclusion (account-once) rule: sets already combined may join the
    remaining sets only once, so the chosen pairs never close a loop. Among choices of equal
    worth, the first pairs in order are preferred.
    """
    n = len(tiles)
    edges = []
    for i, j in combinations(range(n), 2):
        fan = pair_fan(tiles[i], tiles[j])
        if fan:
            edges.append((fan, i, j))
    best: tuple[_PairFan, ...] = ()
    best_key: tuple[int, list[int]] | None = None
    for size in range(min(len(edges), n - 1), 0, -1):
        for choice in combinations(edges, size):
            if _pairs_allowed(choice, n):
                key = (-sum(POINTS[f] for f, _, _ in choice), sorted(f for f, _, _ in choice))
                if best_key is None or key < best_key:
                    best, best_key = choice, key
        if best:
            break
    return best


def _pairs_allowed(choice: tuple[_PairFan, ...], n: int) -> bool:
    parent = list(range(n))

    def root(x: int) -> int:
        while parent[x] != x:
            x = parent[x]
        return x

    used = set()
    for fan, i, j in choice:
        if (fan, i) in used or (fan, j) in used:
            return False
        used.add((fan, i))
        used.add((fan, j))
        ri, rj = root(i), root(j)
        if ri == rj:
            return False
        parent[ri] = rj
    return True


def _set_fans(
    sets: tuple[int, ...],
    four_fan: Callable[[tuple[int, ...]], int],
    three_fan: Callable[[int, int, int], int],
    two_fan: Callable[[int, int], int],
    *,
    lowest_pair_fan: bool,
) -> tuple[SetFan, ...]:
    """The best fans among sets of one kind (their tiles sorted): tuple of (fan, indexes).

    A four-set fan takes all four. Otherwise, by non-separation, a three-set fan keeps its sets and
    a fourth set may still combine once with one of them; or the sets pair off. With
    `lowest_pair_fan`, the fourth set's fan is the lowest-numbered one found (chows); otherwise the
    first one in the trio's order (pungs): the reference calculator's choices on equal totals.
    """
    n = len(sets)
    if n < 2:
        return ()
    if n == 4:
        fan = four_fan(sets)
        if fan:
            return ((fan, (0, 1, 2, 3)),)
    best: tuple[SetFan, ...] = ()
    best_points = 0
    if n >= 3:
        for trio in combinations(range(n), 3):
            fan = three_fan(sets[trio[0]], sets[trio[1]], sets[trio[2]])
            if not fan:
                continue
            found: list[SetFan] = [(fan, trio)]
            for rest in (i for i in range(n) if i not in trio):
                options = [(f2, i) for i in trio if (f2 := two_fan(sets[i], sets[rest]))]
                if options:
                    if lowest_pair_fan:
                        f2, i = min(options)
                        found.append((f2, tuple(sorted((i, rest)))))
                    else:
                        f2, i = options[0]
                        found.append((f2, (i, rest)))
            points = sum(POINTS[f] for f, _ in found)
            if points > best_points:
                best, best_points = tuple(found), points
    pairs = _pair_fans(sets, two_fan)
    points = sum(POINTS[f] for f, _, _ in pairs)
    if points > best_points:
        best = tuple((f, (i, j)) for f, i, j in pairs)
    return best


@lru_cache(maxsize=4096)
def chow_fans(chows: tuple[int, ...]) -> tuple[SetFan, ...]:
    """Fans among chows (tiles are chow starts, sorted): tuple of (fan, indexes)."""
    return _set_fans(chows, _four_chows_fan, _three_chows_fan, _two_chows_fan, lowest_pair_fan=True)


@lru_cache(maxsize=4096)
def pung_fans(pungs: tuple[int, ...]) -> tuple[SetFan, ...]:
    """Fans among pungs/kongs (tiles sorted): tuple of (fan, indexes)."""
    return _set_fans(pungs, _four_pungs_fan, _three_pungs_fan, _two_pungs_fan, lowest_pair_fan=False)
