"""MCR hand scoring: find every winning arrangement, score each, keep the highest.

Rulebook references are to MCR 3.8.1 (the 81 fans), appendix 1 (their exclusions) and
3.9.1.5 (the principles for combining fans). Tiles are small integers (see tiles.py).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations

from ..base import Score
from ..text import N_, Message
from . import fans as F
from .fans import FANS, POINTS
from .hand import CHOW as MELD_CHOW
from .hand import CONCEALED_KONG, Hand, HandError
from .tiles import GREEN, NUM_KINDS, WHITE, tile_str, tiles_str

CHOW, PUNG, PAIR = 0, 1, 2
NOT_KONG, MELDED_KONG, CONCEALED_KONG_SET = 0, 1, 2

# Tiles that look the same upside down (fan 40), and the green tiles (fan 3).
REVERSIBLE = frozenset([9, 10, 11, 12, 13, 16, 17, 19, 21, 22, 23, 25, 26, WHITE])
GREEN_TILES = frozenset([19, 20, 21, 23, 25, GREEN])
TERMINALS_HONORS = frozenset([0, 8, 9, 17, 18, 26, *list(range(27, 34))])
# The six knitted straights: 1-4-7 in one suit, 2-5-8 in another, 3-6-9 in the third.
KNITTED = tuple(
    tuple(sorted([a * 9 + r for r in (0, 3, 6)] + [b * 9 + r for r in (1, 4, 7)] + [c * 9 + r for r in (2, 5, 8)]))
    for a, b, c in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
)
KNITTED_SETS = tuple(frozenset(k) for k in KNITTED)

# Appendix 1 exclusions: a fan scored makes the fans listed here not count. Applied from the
# highest fan down, so a fan that is itself excluded does not exclude anything.
EXCLUDES: dict[int, tuple[int, ...]] = {
    F.BIG_FOUR_WINDS: (F.BIG_THREE_WINDS, F.ALL_PUNGS, F.SEAT_WIND, F.PREVALENT_WIND, F.PUNG_TERMINALS_HONORS),
    F.BIG_THREE_DRAGONS: (F.DRAGON_PUNG, F.TWO_DRAGON_PUNGS),
    F.NINE_GATES: (F.FULL_FLUSH, F.CONCEALED_HAND, F.PUNG_TERMINALS_HONORS, F.NO_HONORS),
    F.ALL_KONGS: (F.ALL_PUNGS, F.SINGLE_WAIT),
    F.SEVEN_SHIFTED_PAIRS: (F.SEVEN_PAIRS, F.FULL_FLUSH, F.CONCEALED_HAND, F.SINGLE_WAIT, F.NO_HONORS),
    F.THIRTEEN_ORPHANS: (F.ALL_TYPES, F.CONCEALED_HAND, F.SINGLE_WAIT),
    F.ALL_TERMINALS: (F.ALL_TERMINALS_AND_HONORS, F.ALL_PUNGS, F.OUTSIDE_HAND, F.PUNG_TERMINALS_HONORS, F.NO_HONORS),
    F.LITTLE_FOUR_WINDS: (F.BIG_THREE_WINDS,),
    F.LITTLE_THREE_DRAGONS: (F.TWO_DRAGON_PUNGS, F.DRAGON_PUNG),
    F.ALL_HONORS: (F.ALL_TERMINALS_AND_HONORS, F.ALL_PUNGS, F.OUTSIDE_HAND, F.PUNG_TERMINALS_HONORS),
    F.FOUR_CONCEALED_PUNGS: (F.ALL_PUNGS, F.CONCEALED_HAND),
    F.PURE_TERMINAL_CHOWS: (F.FULL_FLUSH, F.ALL_CHOWS, F.PURE_DOUBLE_CHOW, F.TWO_TERMINAL_CHOWS, F.NO_HONORS),
    F.QUADRUPLE_CHOW: (F.PURE_TRIPLE_CHOW, F.TILE_HOG, F.PURE_DOUBLE_CHOW),
    F.FOUR_PURE_SHIFTED_PUNGS: (F.PURE_SHIFTED_PUNGS, F.ALL_PUNGS),
    F.FOUR_PURE_SHIFTED_CHOWS: (F.PURE_SHIFTED_CHOWS, F.SHORT_STRAIGHT),
    F.ALL_TERMINALS_AND_HONORS: (F.ALL_PUNGS, F.OUTSIDE_HAND, F.PUNG_TERMINALS_HONORS),
    F.SEVEN_PAIRS: (F.CONCEALED_HAND, F.SINGLE_WAIT),
    F.GREATER_HONORS_KNITTED: (F.LESSER_HONORS_KNITTED, F.ALL_TYPES, F.CONCEALED_HAND, F.SINGLE_WAIT),
    F.ALL_EVEN_PUNGS: (F.ALL_PUNGS, F.ALL_SIMPLES, F.NO_HONORS),
    F.FULL_FLUSH: (F.NO_HONORS,),
    F.PURE_TRIPLE_CHOW: (F.PURE_DOUBLE_CHOW,),
    F.UPPER_TILES: (F.UPPER_FOUR, F.NO_HONORS),
    F.MIDDLE_TILES: (F.ALL_SIMPLES, F.NO_HONORS),
    F.LOWER_TILES: (F.LOWER_FOUR, F.NO_HONORS),
    F.THREE_SUITED_TERMINAL_CHOWS: (F.ALL_CHOWS, F.MIXED_DOUBLE_CHOW, F.TWO_TERMINAL_CHOWS, F.NO_HONORS),
    F.ALL_FIVES: (F.ALL_SIMPLES, F.NO_HONORS),
    F.LESSER_HONORS_KNITTED: (F.ALL_TYPES, F.CONCEALED_HAND, F.SINGLE_WAIT),
    F.UPPER_FOUR: (F.NO_HONORS,),
    F.LOWER_FOUR: (F.NO_HONORS,),
    F.REVERSIBLE_TILES: (F.ONE_VOIDED_SUIT,),
    F.MIXED_TRIPLE_CHOW: (F.MIXED_DOUBLE_CHOW,),
    F.LAST_TILE_DRAW: (F.SELF_DRAWN,),
    F.OUT_WITH_REPLACEMENT: (F.SELF_DRAWN,),
    F.ROBBING_THE_KONG: (F.LAST_TILE,),
    F.TWO_CONCEALED_KONGS: (F.TWO_CONCEALED_PUNGS,),
    F.MELDED_HAND: (F.SINGLE_WAIT,),
    F.TWO_DRAGON_PUNGS: (F.DRAGON_PUNG,),
    F.FULLY_CONCEALED: (F.SELF_DRAWN,),
    F.ALL_CHOWS: (F.NO_HONORS,),
    F.ALL_SIMPLES: (F.NO_HONORS,),
}
_EXCLUSION_ORDER = sorted(EXCLUDES)


# ---------------------------------------------------------------- decomposition


def _split(counts, i, sets_left, need_pair, current, out):
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
        if i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
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
def arrangements(counts: tuple, sets: int) -> tuple:
    """Every way to read the tiles as `sets` sets (chows/pungs) plus one pair."""
    if sum(counts) != 3 * sets + 2:
        return ()
    out: set = set()
    _split(list(counts), 0, sets, True, [], out)
    # Ordered by pair, then by sets lowest tile first, a pung before a chow on the same tile.
    # When two readings score the same the LAST in this order is kept, which is the choice
    # the reference calculator makes.
    return tuple(sorted(out, key=_reading_order))


def _reading_order(arr) -> tuple:
    pair = next(t for kind, t in arr if kind == PAIR)
    return pair, sorted((t, 0 if kind == PUNG else 1) for kind, t in arr if kind != PAIR)


def _is_seven_pairs(counts) -> bool:
    return sum(counts) == 14 and all(c % 2 == 0 for c in counts)


def _is_thirteen_orphans(counts) -> bool:
    if sum(counts) != 14:
        return False
    return all(counts[t] >= 1 for t in TERMINALS_HONORS) and sum(counts[t] for t in TERMINALS_HONORS) == 14


def _knitted_honors_pattern(counts):
    """Index of the knitted pattern for Lesser/Greater Honors and Knitted Tiles, or None."""
    if sum(counts) != 14 or any(c > 1 for c in counts):
        return None
    suited = {t for t in range(27) if counts[t]}
    for k, ks in enumerate(KNITTED_SETS):
        if suited <= ks:
            return k
    return None


@lru_cache(maxsize=4096)
def _knitted_straight_rests(counts: tuple, sets: int) -> tuple:
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


def _completes(counts: list, i: int, sets: int, need_pair: bool) -> bool:
    """Whether the tiles form `sets` sets and a pair; stops at the first way found."""
    while i < NUM_KINDS and counts[i] == 0:
        i += 1
    if i == NUM_KINDS:
        return sets == 0 and not need_pair
    c = counts[i]
    if sets and c >= 3:
        counts[i] -= 3
        found = _completes(counts, i, sets - 1, need_pair)
        counts[i] += 3
        if found:
            return True
    if need_pair and c >= 2:
        counts[i] -= 2
        found = _completes(counts, i, sets, False)
        counts[i] += 2
        if found:
            return True
    if sets and i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        counts[i] -= 1
        counts[i + 1] -= 1
        counts[i + 2] -= 1
        found = _completes(counts, i, sets - 1, need_pair)
        counts[i] += 1
        counts[i + 1] += 1
        counts[i + 2] += 1
        return found
    return False


def _has_win(counts: list, sets: int, closed: bool, knitted: bool) -> bool:
    if _completes(counts, 0, sets, True):
        return True
    if closed and _is_seven_pairs(counts):
        return True
    return bool(knitted and _knitted_straight_rests(tuple(counts), sets - 3))


@lru_cache(maxsize=4096)
def waiting_tiles(standing: tuple, sets: int, closed: bool) -> tuple:
    """Tiles that would complete the standing tiles into a winning hand.

    Like the reference calculator, a tile the hand already holds four of still counts as
    waited on, so such a hand never scores a wait fan. Only a tile equal to, or within two
    of, a standing tile of the same suit can help, except for the knitted straight.
    """
    candidates = set()
    for t in range(NUM_KINDS):
        if standing[t]:
            candidates.add(t)
            if t < 27:
                r = t % 9
                for d in (-2, -1, 1, 2):
                    if 0 <= r + d <= 8:
                        candidates.add(t + d)
    knitted = False
    if sets >= 3:
        for k in KNITTED:
            if sum(1 for t in k if standing[t]) >= 8:
                candidates.update(k)
                knitted = True
    out = []
    counts = list(standing)
    for t in sorted(candidates):
        counts[t] += 1
        if _has_win(counts, sets, closed, knitted):
            out.append(t)
        counts[t] -= 1
    return tuple(out)


# ---------------------------------------------------------------- fan helpers


def _two_chows_fan(a: int, b: int) -> int:
    if a // 9 == b // 9:
        ra, rb = a % 9, b % 9
        if ra == rb:
            return F.PURE_DOUBLE_CHOW
        if abs(ra - rb) == 3:
            return F.SHORT_STRAIGHT
        if {ra, rb} == {0, 6}:
            return F.TWO_TERMINAL_CHOWS
        return 0
    return F.MIXED_DOUBLE_CHOW if a % 9 == b % 9 else 0


def _three_chows_fan(a: int, b: int, c: int) -> int:
    a, b, c = sorted((a, b, c), key=lambda t: (t % 9, t))
    sa, sb, sc = a // 9, b // 9, c // 9
    ra, rb, rc = a % 9, b % 9, c % 9
    if sa == sb == sc:
        if ra == rb == rc:
            return F.PURE_TRIPLE_CHOW
        if (ra, rb, rc) == (0, 3, 6):
            return F.PURE_STRAIGHT
        if rb - ra == rc - rb and rb - ra in (1, 2):
            return F.PURE_SHIFTED_CHOWS
        return 0
    if len({sa, sb, sc}) == 3:
        if ra == rb == rc:
            return F.MIXED_TRIPLE_CHOW
        if (ra, rb, rc) == (0, 3, 6):
            return F.MIXED_STRAIGHT
        if rb - ra == 1 and rc - rb == 1:
            return F.MIXED_SHIFTED_CHOWS
    return 0


def _four_chows_fan(chows) -> int:
    if len({t // 9 for t in chows}) != 1:
        return 0
    r = sorted(chows)
    if r[0] == r[3]:
        return F.QUADRUPLE_CHOW
    d = r[1] - r[0]
    if d in (1, 2) and r[2] - r[1] == d and r[3] - r[2] == d:
        return F.FOUR_PURE_SHIFTED_CHOWS
    return 0


def _two_pungs_fan(a: int, b: int) -> int:
    if a < 27 and b < 27 and a // 9 != b // 9 and a % 9 == b % 9:
        return F.DOUBLE_PUNG
    return 0


def _three_pungs_fan(a: int, b: int, c: int) -> int:
    if a >= 27 or b >= 27 or c >= 27:
        return 0
    a, b, c = sorted((a, b, c), key=lambda t: (t % 9, t))
    sa, sb, sc = a // 9, b // 9, c // 9
    ra, rb, rc = a % 9, b % 9, c % 9
    if sa == sb == sc:
        if rb == ra + 1 and rc == rb + 1:
            return F.PURE_SHIFTED_PUNGS
        return 0
    if len({sa, sb, sc}) == 3:
        if ra == rb == rc:
            return F.TRIPLE_PUNG
        if rb == ra + 1 and rc == rb + 1:
            return F.MIXED_SHIFTED_PUNGS
    return 0


def _four_pungs_fan(pungs) -> int:
    if any(t >= 27 for t in pungs) or len({t // 9 for t in pungs}) != 1:
        return 0
    r = sorted(pungs)
    if all(r[i + 1] == r[i] + 1 for i in range(3)):
        return F.FOUR_PURE_SHIFTED_PUNGS
    return 0


def _pair_fans(tiles, pair_fan) -> tuple:
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
    best: tuple = ()
    best_key = None
    for size in range(min(len(edges), n - 1), 0, -1):
        for choice in combinations(edges, size):
            if _pairs_allowed(choice, n):
                key = (-sum(POINTS[f] for f, _, _ in choice), sorted(f for f, _, _ in choice))
                if best_key is None or key < best_key:
                    best, best_key = choice, key
        if best:
            break
    return best


def _pairs_allowed(choice, n) -> bool:
    parent = list(range(n))

    def root(x):
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


def _set_fans(sets: tuple, four_fan, three_fan, two_fan, *, lowest_pair_fan: bool) -> tuple:
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
    best: tuple = ()
    best_points = 0
    if n >= 3:
        for trio in combinations(range(n), 3):
            fan = three_fan(*(sets[i] for i in trio))
            if not fan:
                continue
            found = [(fan, trio)]
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
def chow_fans(chows: tuple) -> tuple:
    """Fans among chows (tiles are chow starts, sorted): tuple of (fan, indexes)."""
    return _set_fans(chows, _four_chows_fan, _three_chows_fan, _two_chows_fan, lowest_pair_fan=True)


@lru_cache(maxsize=4096)
def pung_fans(pungs: tuple) -> tuple:
    """Fans among pungs/kongs (tiles sorted): tuple of (fan, indexes)."""
    return _set_fans(pungs, _four_pungs_fan, _three_pungs_fan, _two_pungs_fan, lowest_pair_fan=False)


# ---------------------------------------------------------------- results


@dataclass
class FanScore:
    id: int
    points: int
    count: int
    name: str
    name_es: str
    sources: list = field(default_factory=list)
    name_zh: str = ""

    def to_dict(self) -> dict:
        return {
            "id": self.id,
            "name": self.name,
            "points": self.points,
            "count": self.count,
            "name_es": self.name_es,
            "name_zh": self.name_zh,
            "from": list(self.sources),
        }


# A scored hand: valid, total, fans, error (the shape every rule set answers with).
Result = Score


@lru_cache(maxsize=2048)
def _unit_str(unit) -> str:
    kind, t, exposed, kong = unit
    if kind == CHOW:
        text = "chow " + tiles_str((t, t + 1, t + 2))
    elif kind == PAIR:
        text = "pair " + tiles_str((t, t))
    elif kong == CONCEALED_KONG_SET:
        return "concealed kong " + tiles_str((t,) * 4)
    elif kong:
        text = "kong " + tiles_str((t,) * 4)
    else:
        text = "pung " + tiles_str((t,) * 3)
    return text + " (melded)" if exposed else text


class _Context:
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


def _flag_fans(hand: Hand, ctx: _Context) -> list:
    out = []
    if hand.self_drawn:
        out.append(F.SELF_DRAWN)
        if hand.kong:
            out.append(F.OUT_WITH_REPLACEMENT)
        if hand.last_wall:
            out.append(F.LAST_TILE_DRAW)
    else:
        if hand.kong:
            out.append(F.ROBBING_THE_KONG)
        if hand.last_wall:
            out.append(F.LAST_TILE_CLAIM)
        # Fan 58 is defined for a discarded tile; a self-drawn last tile scores nothing.
        # A winning tile whose other three copies are in the winner's own melds is
        # visibly the last of its kind, flagged or not (as the reference scores it).
        if hand.last_tile or sum(m.tiles.count(hand.win_tile) for m in hand.melds) == 3:
            out.append(F.LAST_TILE)
    return out


def _tile_trait_fans(counts, kong_count: int) -> list:
    """Fans that depend only on which tiles are in the hand, not how they are arranged."""
    present = [t for t in range(NUM_KINDS) if counts[t]]
    out = []
    honors = any(t >= 27 for t in present)
    suits = {t // 9 for t in present if t < 27}
    if all(t < 27 and 1 <= t % 9 <= 7 for t in present):
        out.append(F.ALL_SIMPLES)
    if all(t in REVERSIBLE for t in present):
        out.append(F.REVERSIBLE_TILES)
    if all(t in GREEN_TILES for t in present):
        out.append(F.ALL_GREEN)
    if all(t >= 27 for t in present):
        out.append(F.ALL_HONORS)
    elif all(t < 27 and t % 9 in (0, 8) for t in present):
        out.append(F.ALL_TERMINALS)
    elif all(t in TERMINALS_HONORS for t in present):
        out.append(F.ALL_TERMINALS_AND_HONORS)
    if not honors:
        out.append(F.NO_HONORS)
        ranks = {t % 9 for t in present}
        if ranks <= {6, 7, 8}:
            out.append(F.UPPER_TILES)
        elif ranks <= {3, 4, 5}:
            out.append(F.MIDDLE_TILES)
        elif ranks <= {0, 1, 2}:
            out.append(F.LOWER_TILES)
        elif ranks <= {5, 6, 7, 8}:
            out.append(F.UPPER_FOUR)
        elif ranks <= {0, 1, 2, 3}:
            out.append(F.LOWER_FOUR)
    if len(suits) == 2:
        out.append(F.ONE_VOIDED_SUIT)
    elif len(suits) == 1:
        out.append(F.HALF_FLUSH if honors else F.FULL_FLUSH)
    if len(suits) == 3 and any(27 <= t <= 30 for t in present) and any(t >= 31 for t in present):
        out.append(F.ALL_TYPES)
    hogs = sum(1 for c in counts if c == 4) - kong_count
    out.extend([F.TILE_HOG] * hogs)
    return out


def _is_nine_gates(hand: Hand) -> bool:
    if hand.melds:
        return False
    suit = hand.win_tile // 9
    if hand.win_tile >= 27 or any(t >= 27 or t // 9 != suit for t in hand.concealed):
        return False
    ranks = [0] * 9
    for t in hand.concealed:
        ranks[t % 9] += 1
    return ranks == [3, 1, 1, 1, 1, 1, 1, 1, 3]


def _apply_exclusions(f) -> None:
    for fan in _EXCLUSION_ORDER:
        if f[fan]:
            for other in EXCLUDES[fan]:
                f[other] = 0


def _total(f) -> int:
    return sum(POINTS[i] * c for i, c in enumerate(f) if c)


def _score_basic(ctx: _Context, units: list) -> list:
    """Fans of one reading as four sets and a pair. `units`: 4 sets then the pair."""
    f = [0] * 82
    for fan in ctx.flag_fans:
        f[fan] += 1
    for fan in ctx.hand_fans:
        f[fan] += 1
    win = ctx.win
    pair = units[4][1]
    chows = sorted(u[1] for u in units[:4] if u[0] == CHOW)
    pung_units = [u for u in units[:4] if u[0] == PUNG]

    # A pung completed by a discard is not concealed, unless the discard can be read as
    # part of a concealed chow instead.
    concealed_pungs = 0
    for _kind, _tile, exposed, _kong in pung_units:
        if not exposed:
            concealed_pungs += 1
    if not ctx.self_drawn and any(k == PUNG and t == win and not e and not kg for k, t, e, kg in units[:4]):
        if not any(k == CHOW and not e and t <= win <= t + 2 for k, t, e, kg in units[:4]):
            concealed_pungs -= 1

    melded_kongs = sum(1 for u in pung_units if u[3] == MELDED_KONG)
    concealed_kongs = sum(1 for u in pung_units if u[3] == CONCEALED_KONG_SET)
    kongs = melded_kongs + concealed_kongs
    if kongs == 1:
        f[F.MELDED_KONG if melded_kongs else F.CONCEALED_KONG] += 1
    elif kongs == 2:
        if concealed_kongs == 2:
            f[F.TWO_CONCEALED_KONGS] += 1
        elif melded_kongs == 2:
            f[F.TWO_MELDED_KONGS] += 1
        else:
            # Appendix 1, fan 57: one melded and one concealed kong are worth 6 points.
            f[F.TWO_MELDED_KONGS] += 1
            f[F.CONCEALED_KONG] += 1
    elif kongs == 3:
        f[F.THREE_KONGS] += 1
    elif kongs == 4:
        f[F.ALL_KONGS] += 1
    if concealed_pungs == 2:
        f[F.TWO_CONCEALED_PUNGS] += 1
    elif concealed_pungs == 3:
        f[F.THREE_CONCEALED_PUNGS] += 1
    elif concealed_pungs == 4:
        f[F.FOUR_CONCEALED_PUNGS] += 1

    if len(chows) == 4:
        if _three_suited_terminal_chows(chows, pair):
            f[F.THREE_SUITED_TERMINAL_CHOWS] += 1
        elif _pure_terminal_chows(chows, pair):
            f[F.PURE_TERMINAL_CHOWS] += 1
        else:
            for fan, _ in chow_fans(tuple(chows)):
                f[fan] += 1
        f[F.ALL_CHOWS] += pair < 27
    elif len(chows) >= 2:
        for fan, _ in chow_fans(tuple(chows)):
            f[fan] += 1
    pung_tiles = sorted(u[1] for u in pung_units)
    if len(pung_tiles) >= 2:
        for fan, _ in pung_fans(tuple(pung_tiles)):
            f[fan] += 1
    if len(pung_tiles) == 4:
        f[F.ALL_PUNGS] += 1

    # Winds and dragons.
    wind_pungs = sum(1 for t in pung_tiles if 27 <= t <= 30)
    dragon_pungs = sum(1 for t in pung_tiles if t >= 31)
    if dragon_pungs == 3:
        f[F.BIG_THREE_DRAGONS] += 1
    elif dragon_pungs == 2 and pair >= 31:
        f[F.LITTLE_THREE_DRAGONS] += 1
    elif dragon_pungs == 2:
        f[F.TWO_DRAGON_PUNGS] += 1
    f[F.DRAGON_PUNG] += dragon_pungs
    if wind_pungs == 4:
        f[F.BIG_FOUR_WINDS] += 1
    elif wind_pungs == 3 and 27 <= pair <= 30:
        f[F.LITTLE_FOUR_WINDS] += 1
    elif wind_pungs == 3:
        f[F.BIG_THREE_WINDS] += 1
    for t in pung_tiles:
        if 27 <= t <= 30:
            seat = t == ctx.seat
            prevalent = t == ctx.prevalent
            if seat:
                f[F.SEAT_WIND] += 1
            if prevalent:
                f[F.PREVALENT_WIND] += 1
            # Three or four wind pungs already score as Big Three / Little Four / Big Four
            # Winds (non-repeat principle), as the reference counts them.
            if not seat and not prevalent and wind_pungs < 3:
                f[F.PUNG_TERMINALS_HONORS] += 1
        elif t < 27 and t % 9 in (0, 8):
            f[F.PUNG_TERMINALS_HONORS] += 1

    # Concealment (3.8.1 fans 53, 56, 62).
    if ctx.self_drawn:
        if ctx.melded_count == 0:
            f[F.FULLY_CONCEALED] += 1
    else:
        if ctx.melded_count == 0:
            f[F.CONCEALED_HAND] += 1
        elif ctx.melded_count == 4:
            f[F.MELDED_HAND] += 1

    # Sets' own features: every set and the pair.
    if all(_has_terminal_or_honor(u) for u in units):
        f[F.OUTSIDE_HAND] += 1
    if all(_has_five(u) for u in units):
        f[F.ALL_FIVES] += 1
    if not chows and all(u[1] < 27 and u[1] % 9 % 2 == 1 for u in units):
        f[F.ALL_EVEN_PUNGS] += 1
    if ctx.nine_gates:
        f[F.NINE_GATES] += 1

    if not f[F.MELDED_HAND] and not f[F.ALL_KONGS]:
        _wait_fans(ctx, units, f)
    _apply_exclusions(f)
    return f


def _wait_fans(ctx: _Context, units: list, f: list) -> None:
    """Edge, Closed or Single Wait: only when the hand waited on this one tile (fans 77-79)."""
    win = ctx.win
    if len(ctx.waits) == 1:
        edge = closed = single = False
        for kind, t, exposed, kong in units:
            if exposed or kong:
                continue
            if kind == CHOW:
                if t + 1 == win:
                    closed = True
                elif t == win or t + 2 == win:
                    edge = True
            elif kind == PAIR and t == win:
                single = True
        if edge:
            f[F.EDGE_WAIT] += 1
        elif closed:
            f[F.CLOSED_WAIT] += 1
        elif single:
            f[F.SINGLE_WAIT] += 1


def _has_terminal_or_honor(unit) -> bool:
    kind, t = unit[0], unit[1]
    if kind == CHOW:
        return t % 9 in (0, 6)
    return t >= 27 or t % 9 in (0, 8)


def _has_five(unit) -> bool:
    kind, t = unit[0], unit[1]
    if t >= 27:
        return False
    if kind == CHOW:
        return 2 <= t % 9 <= 4
    return t % 9 == 4


def _three_suited_terminal_chows(chows, pair) -> bool:
    if pair >= 27 or pair % 9 != 4:
        return False
    ps = pair // 9
    others = [s for s in range(3) if s != ps]
    want = sorted([others[0] * 9, others[0] * 9 + 6, others[1] * 9, others[1] * 9 + 6])
    return sorted(chows) == want


def _pure_terminal_chows(chows, pair) -> bool:
    if pair >= 27 or pair % 9 != 4:
        return False
    s = pair // 9 * 9
    return sorted(chows) == [s, s, s + 6, s + 6]


def _score_knitted_straight(ctx: _Context, units: list) -> list:
    """Knitted Straight (fan 35) with one more set and a pair: `units` is [set, pair]."""
    f = [0] * 82
    for fan in ctx.flag_fans:
        f[fan] += 1
    for fan in ctx.hand_fans:
        f[fan] += 1
    f[F.KNITTED_STRAIGHT] += 1
    kind, t, _exposed, kong = units[0]
    if kind == PUNG:
        if kong == MELDED_KONG:
            f[F.MELDED_KONG] += 1
        elif kong == CONCEALED_KONG_SET:
            f[F.CONCEALED_KONG] += 1
        if t >= 31:
            f[F.DRAGON_PUNG] += 1
        elif t >= 27:
            if t == ctx.seat:
                f[F.SEAT_WIND] += 1
            if t == ctx.prevalent:
                f[F.PREVALENT_WIND] += 1
            if t != ctx.seat and t != ctx.prevalent:
                f[F.PUNG_TERMINALS_HONORS] += 1
        elif t % 9 in (0, 8):
            f[F.PUNG_TERMINALS_HONORS] += 1
    if ctx.self_drawn:
        if ctx.melded_count == 0:
            f[F.FULLY_CONCEALED] += 1
    elif ctx.melded_count == 0:
        f[F.CONCEALED_HAND] += 1
    _wait_fans(ctx, units, f)
    # As the reference does, the knitted straight reads as chows for All Chows.
    if kind == CHOW and units[1][1] < 27:
        f[F.ALL_CHOWS] += 1
    _apply_exclusions(f)
    return f


def _score_special(ctx: _Context, fan: int, with_traits: bool) -> list:
    """Seven pairs, Seven Shifted Pairs, Thirteen Orphans, Honors and Knitted Tiles.

    These hands are concealed by definition; the rulebook scores them Fully Concealed
    Hand when self-drawn (3.8.1, fans 6, 7, 19, 20, 34)."""
    f = [0] * 82
    for flag in ctx.flag_fans:
        f[flag] += 1
    if with_traits:
        for trait in ctx.hand_fans:
            f[trait] += 1
    f[fan] += 1
    if ctx.self_drawn:
        f[F.FULLY_CONCEALED] += 1
    _apply_exclusions(f)
    return f


def _meld_unit(meld) -> tuple:
    t = meld.tile
    if meld.kind == MELD_CHOW:
        return (CHOW, t, True, NOT_KONG)
    if meld.kind == CONCEALED_KONG:
        return (PUNG, t, False, CONCEALED_KONG_SET)
    return (PUNG, t, True, MELDED_KONG if meld.is_kong else NOT_KONG)


def _context(hand: Hand) -> _Context:
    ctx = _Context()
    ctx.hand = hand
    ctx.win = hand.win_tile
    ctx.self_drawn = hand.self_drawn
    ctx.seat = hand.seat_wind
    ctx.prevalent = hand.prevalent_wind
    ctx.melds = [_meld_unit(m) for m in hand.melds]
    ctx.melded_count = sum(1 for m in hand.melds if m.kind != CONCEALED_KONG)
    ctx.kong_count = sum(1 for m in hand.melds if m.is_kong)
    ctx.closed = not hand.melds
    counts = [0] * NUM_KINDS
    for t in hand.all_tiles():
        counts[t] += 1
    ctx.all_counts = counts
    ctx.hand_fans = _tile_trait_fans(counts, ctx.kong_count)
    ctx.flag_fans = _flag_fans(hand, ctx)
    standing = [0] * NUM_KINDS
    for t in hand.concealed:
        standing[t] += 1
    ctx.waits = waiting_tiles(tuple(standing), 4 - len(hand.melds), ctx.closed)
    ctx.nine_gates = _is_nine_gates(hand)
    return ctx


def _candidates(hand: Hand, ctx: _Context):
    """Every winning reading of the hand: (fan counts, kind, units)."""
    counts = [0] * NUM_KINDS
    for t in hand.concealed:
        counts[t] += 1
    counts[hand.win_tile] += 1
    key = tuple(counts)
    sets_needed = 4 - len(hand.melds)
    out = []
    if ctx.closed:
        if _is_seven_pairs(key):
            present = [t for t in range(NUM_KINDS) if key[t]]
            shifted = (
                len(present) == 7
                and present[6] - present[0] == 6
                and present[6] < 27
                and present[0] // 9 == present[6] // 9
            )
            fan = F.SEVEN_SHIFTED_PAIRS if shifted else F.SEVEN_PAIRS
            out.append((_score_special(ctx, fan, True), "seven pairs", []))
        elif _is_thirteen_orphans(key):
            out.append((_score_special(ctx, F.THIRTEEN_ORPHANS, False), "thirteen orphans", []))
        else:
            k = _knitted_honors_pattern(key)
            if k is not None:
                greater = all(key[t] for t in range(27, 34))
                f = _score_special(ctx, F.GREATER_HONORS_KNITTED if greater else F.LESSER_HONORS_KNITTED, False)
                if not greater and all(key[t] for t in KNITTED[k]):
                    f[F.KNITTED_STRAIGHT] += 1
                out.append((f, "honors and knitted", [k]))
    if len(hand.melds) <= 1:
        for k, arr in _knitted_straight_rests(key, 1 - len(hand.melds)):
            units = _units(ctx, arr)
            out.append((_score_knitted_straight(ctx, units), "knitted straight", [k, *units]))
    for arr in arrangements(key, sets_needed):
        units = _units(ctx, arr)
        out.append((_score_basic(ctx, units), "basic", units))
    return out


def _units(ctx: _Context, arrangement) -> list:
    """The declared melds, then the concealed sets of one arrangement, then its pair (last, as scored)."""
    units = list(ctx.melds)
    pair = None
    for kind, t in arrangement:
        if kind == PAIR:
            pair = (PAIR, t, False, NOT_KONG)
        else:
            units.append((kind, t, False, NOT_KONG))
    units.append(pair)
    return units


def score_hand(hand: Hand) -> Result:
    """Score a declared hand. Never raises for a Hand; problems are reported in Result.error."""
    try:
        hand.validate()
    except HandError as exc:
        return Result(False, 0, [], exc.message)
    ctx = _context(hand)
    tied = []
    best_total = -1
    for f, kind, units in _candidates(hand, ctx):
        if not any(f):
            f[F.CHICKEN_HAND] = 1
        total = _total(f)
        if total > best_total:
            tied, best_total = [(f, kind, units)], total
        elif total == best_total:
            tied.append((f, kind, units))
    # 3.9.1.5 (4) lets the winner pick the highest reading; readings worth the same only
    # differ in which fans are named. We name the ones the reference calculator names: the
    # last reading in our order, except between four-chow readings that all hold a Pure
    # Triple Chow, where it keeps the first (observed on every such hand, e.g. 6678899s +7s
    # beside melded 678s and 789s).
    best = None
    if tied:
        best = tied[-1]
        if len(tied) > 1 and all(
            kind == "basic" and f[F.PURE_TRIPLE_CHOW] and all(u[0] == CHOW for u in units[:4])
            for f, kind, units in tied
        ):
            best = tied[0]
    if best is None:
        return Result(
            False,
            0,
            [],
            Message(
                N_(
                    "not a winning hand: the tiles do not form four sets and a pair, seven pairs, thirteen orphans, "
                    "honors and knitted tiles, or a knitted straight with a set and a pair"
                )
            ),
        )
    f, kind, units = best
    f = list(f)
    f[F.FLOWER_TILES] = hand.flowers
    fans = []
    for fan_id in range(1, 82):
        if f[fan_id]:
            d = FANS[fan_id]
            fans.append(
                FanScore(fan_id, d.points, f[fan_id], d.name, d.name_es, _sources(fan_id, ctx, kind, units), d.name_zh)
            )
    total = _total(f)
    if best_total < 8:
        return Result(
            False,
            total,
            fans,
            Message(
                N_("under 8 points: the hand scores %(points)s without flowers, and a win needs at least 8"),
                points=best_total,
            ),
        )
    return Result(True, total, fans, None)


# ---------------------------------------------------------------- sources

_HAND_FANS = {
    F.ALL_GREEN,
    F.ALL_TERMINALS,
    F.ALL_HONORS,
    F.ALL_TERMINALS_AND_HONORS,
    F.FULL_FLUSH,
    F.UPPER_TILES,
    F.MIDDLE_TILES,
    F.LOWER_TILES,
    F.UPPER_FOUR,
    F.LOWER_FOUR,
    F.REVERSIBLE_TILES,
    F.HALF_FLUSH,
    F.ALL_TYPES,
    F.ALL_SIMPLES,
    F.ONE_VOIDED_SUIT,
    F.NO_HONORS,
    F.SEVEN_PAIRS,
    F.SEVEN_SHIFTED_PAIRS,
    F.THIRTEEN_ORPHANS,
    F.GREATER_HONORS_KNITTED,
    F.LESSER_HONORS_KNITTED,
    F.NINE_GATES,
    F.CHICKEN_HAND,
}
_WIN_FANS = {
    F.LAST_TILE_DRAW,
    F.LAST_TILE_CLAIM,
    F.OUT_WITH_REPLACEMENT,
    F.ROBBING_THE_KONG,
    F.LAST_TILE,
    F.SELF_DRAWN,
    F.EDGE_WAIT,
    F.CLOSED_WAIT,
    F.SINGLE_WAIT,
}


def _sources(fan: int, ctx: _Context, kind: str, units: list) -> list:
    """Readable list of the sets or tiles a fan was counted from."""
    if fan == F.FLOWER_TILES:
        return [f"{ctx.hand.flowers} flower(s)"]
    if fan in _WIN_FANS:
        return ["winning tile " + tile_str(ctx.win)]
    if kind == "knitted straight" and fan == F.KNITTED_STRAIGHT:
        return ["knitted " + tiles_str(KNITTED[units[0]])]
    if kind != "basic" and kind != "knitted straight":
        return ["whole hand"]
    if kind == "knitted straight":
        units = units[1:]
    if fan in _HAND_FANS:
        return ["whole hand"]
    if fan == F.TILE_HOG:
        kongs = {u[1] for u in units if u[0] == PUNG and u[3]}
        return ["four of " + tile_str(t) for t, c in enumerate(ctx.all_counts) if c == 4 and t not in kongs]
    sets = units[:-1]
    if fan in (F.MELDED_KONG, F.CONCEALED_KONG, F.TWO_MELDED_KONGS, F.TWO_CONCEALED_KONGS, F.THREE_KONGS, F.ALL_KONGS):
        if fan == F.CONCEALED_KONG:
            return [_unit_str(u) for u in sets if u[3] == CONCEALED_KONG_SET]
        if fan == F.TWO_MELDED_KONGS:
            return [_unit_str(u) for u in sets if u[3] == MELDED_KONG] or [_unit_str(u) for u in sets if u[3]]
        if fan == F.MELDED_KONG:
            return [_unit_str(u) for u in sets if u[3] == MELDED_KONG]
        return [_unit_str(u) for u in sets if u[3]]
    if fan in (F.TWO_CONCEALED_PUNGS, F.THREE_CONCEALED_PUNGS, F.FOUR_CONCEALED_PUNGS):
        return [
            _unit_str(u)
            for u in sets
            if u[0] == PUNG and not u[2] and not (not ctx.self_drawn and u[1] == ctx.win and not u[3])
        ] or [_unit_str(u) for u in sets if u[0] == PUNG and not u[2]]
    if fan in (F.DRAGON_PUNG, F.BIG_THREE_DRAGONS, F.TWO_DRAGON_PUNGS, F.LITTLE_THREE_DRAGONS):
        return [_unit_str(u) for u in units if u[1] >= 31]
    if fan in (F.BIG_FOUR_WINDS, F.LITTLE_FOUR_WINDS, F.BIG_THREE_WINDS):
        return [_unit_str(u) for u in units if 27 <= u[1] <= 30]
    if fan == F.SEAT_WIND:
        return [_unit_str(u) for u in sets if u[0] == PUNG and u[1] == ctx.seat]
    if fan == F.PREVALENT_WIND:
        return [_unit_str(u) for u in sets if u[0] == PUNG and u[1] == ctx.prevalent]
    if fan == F.PUNG_TERMINALS_HONORS:
        wind_pungs = sum(1 for u in sets if u[0] == PUNG and 27 <= u[1] <= 30)
        return [
            _unit_str(u)
            for u in sets
            if u[0] == PUNG
            and (
                (u[1] < 27 and u[1] % 9 in (0, 8))
                or (27 <= u[1] <= 30 and u[1] not in (ctx.seat, ctx.prevalent) and wind_pungs < 3)
            )
        ]
    chows = sorted((u for u in sets if u[0] == CHOW), key=lambda u: u[1])
    pungs = sorted((u for u in sets if u[0] == PUNG), key=lambda u: u[1])
    for group, finder in ((chows, chow_fans), (pungs, pung_fans)):
        if len(group) >= 2:
            found = [[_unit_str(group[i]) for i in idx] for f, idx in finder(tuple(u[1] for u in group)) if f == fan]
            if found:
                return [" + ".join(x) for x in found]
    return [_unit_str(u) for u in units]
