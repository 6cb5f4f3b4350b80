"""The ways a hand's tiles read as sets and a pair, and the other shapes every rule set knows.

A reading (an arrangement) is a tuple of groups ``(kind, tile)``: a CHOW named by its lowest tile,
a PUNG or the PAIR by its tile. Each rule set scores every reading and keeps the best, as a referee
credits a hand; the search is shared, the scoring is the rule set's own.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from .tiles import NUM_KINDS, SUITED, TERMINALS_HONORS, Counts, is_terminal_or_honor, number

# The kinds of group in a reading of the concealed tiles (declared melds are ``rules.core.hand.Meld``).
CHOW, PUNG, PAIR = 0, 1, 2

#: (kind, tile): a chow by its lowest tile, a pung or the pair by its tile.
Group = tuple[int, int]
Arrangement = tuple[Group, ...]


# Whether a chow can start on each tile: a suited 1 to 7 (the searches below ask it at every step).
_CHOW_START = tuple(t < SUITED and number(t) <= 7 for t in range(NUM_KINDS))


def _split(
    counts: Counts, i: int, sets_left: int, need_pair: bool, current: list[Group], out: set[Arrangement]
) -> None:
    while i < NUM_KINDS and counts[i] == 0:
        i += 1
    if i == NUM_KINDS:
        if sets_left == 0 and not need_pair:
            out.add(tuple(sorted(current)))
        return
    c = counts[i]
    if need_pair and c >= 2:
        counts[i] -= 2
        current.append((PAIR, i))
        _split(counts, i, sets_left, False, current, out)
        current.pop()
        counts[i] += 2
    if sets_left:
        if c >= 3:
            counts[i] -= 3
            current.append((PUNG, i))
            _split(counts, i, sets_left - 1, need_pair, current, out)
            current.pop()
            counts[i] += 3
        if _CHOW_START[i] and counts[i + 1] and counts[i + 2]:
            counts[i] -= 1
            counts[i + 1] -= 1
            counts[i + 2] -= 1
            current.append((CHOW, i))
            _split(counts, i, sets_left - 1, need_pair, current, out)
            current.pop()
            counts[i] += 1
            counts[i + 1] += 1
            counts[i + 2] += 1


@lru_cache(maxsize=4096)
def arrangements(counts: tuple[int, ...], sets: int) -> tuple[Arrangement, ...]:
    """Every way to read the tiles as `sets` sets (chows/pungs) plus one pair."""
    if sum(counts) != 3 * sets + 2:
        return ()
    out: set[Arrangement] = set()
    _split(list(counts), 0, sets, True, [], out)
    # Ordered by pair, then by sets lowest tile first, a pung before a chow on the same tile.
    # When two readings score the same the LAST in this order is kept, which is the choice
    # the reference calculator makes.
    return tuple(sorted(out, key=_reading_order))


def _reading_order(arr: Arrangement) -> tuple[int, list[tuple[int, int]]]:
    pair = next(t for kind, t in arr if kind == PAIR)
    return pair, sorted((t, 0 if kind == PUNG else 1) for kind, t in arr if kind != PAIR)


def completes(counts: Counts, sets: int, i: int = 0, need_pair: bool = True) -> bool:
    """Whether the tiles form `sets` sets and a pair; stops at the first way found.

    Faster than :func:`arrangements` when only the yes or no matters (the waits). ``counts`` is
    changed while searching and restored before returning.
    """
    while i < NUM_KINDS and counts[i] == 0:
        i += 1
    if i == NUM_KINDS:
        return sets == 0 and not need_pair
    c = counts[i]
    if sets and c >= 3:
        counts[i] -= 3
        found = completes(counts, sets - 1, i, need_pair)
        counts[i] += 3
        if found:
            return True
    if need_pair and c >= 2:
        counts[i] -= 2
        found = completes(counts, sets, i, False)
        counts[i] += 2
        if found:
            return True
    if sets and _CHOW_START[i] and counts[i + 1] and counts[i + 2]:
        counts[i] -= 1
        counts[i + 1] -= 1
        counts[i + 2] -= 1
        found = completes(counts, sets - 1, i, need_pair)
        counts[i] += 1
        counts[i + 1] += 1
        counts[i + 2] += 1
        return found
    return False


def is_seven_pairs(counts: Sequence[int]) -> bool:
    """Fourteen tiles in pairs (four alike count as two pairs)."""
    return sum(counts) == 14 and all(c % 2 == 0 for c in counts)


def is_thirteen_orphans(counts: Sequence[int]) -> bool:
    """One of each terminal and honor, and one more of them."""
    if sum(counts) != 14:
        return False
    return all(counts[t] >= 1 for t in TERMINALS_HONORS) and sum(counts[t] for t in TERMINALS_HONORS) == 14


def has_terminal_or_honor(kind: int, t: int) -> bool:
    """Whether a group holds a 1, a 9 or an honor (a chow 123 or 789, or a pung or pair of one)."""
    if kind == CHOW:
        return number(t) in (1, 7)
    return is_terminal_or_honor(t)


def has_five(kind: int, t: int) -> bool:
    """Whether a group holds a 5 (a chow 345, 456 or 567, or a pung or pair of fives)."""
    if t >= SUITED:
        return False
    if kind == CHOW:
        return 3 <= number(t) <= 5
    return number(t) == 5
