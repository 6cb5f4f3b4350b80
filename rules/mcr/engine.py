"""MCR hand scoring: find every winning arrangement, score each, keep the highest.

Rulebook references are to MCR 3.8.1 (the 81 fans), appendix 1 (their exclusions) and
3.9.1.5 (the principles for combining fans). Tiles are small integers (``rules.core.tiles``);
the readings of the tiles come from ``rules.core.arrangements`` and MCR's own shapes (``shapes``).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..base import Score, item_dict
from ..core.arrangements import (
    CHOW,
    CONCEALED_KONG_SET,
    MELDED_KONG,
    PAIR,
    PUNG,
    Unit,
    arrangements,
    has_five,
    has_terminal_or_honor,
    is_seven_pairs,
    is_thirteen_orphans,
    reading_units,
)
from ..core.hand import (
    CONCEALED_KONG,
    LAST_TILE_CLAIMED,
    LAST_TILE_DRAWN,
    REPLACEMENT_TILE,
    ROBBED_KONG,
    win_events,
)
from ..core.tiles import (
    GREEN_TILES,
    NUM_KINDS,
    REVERSIBLE,
    SUITED,
    TERMINALS_HONORS,
    Counts,
    count_tiles,
    is_dragon,
    is_honor,
    is_terminal,
    is_terminal_or_honor,
    is_wind,
    number,
    suit,
    suited,
)
from ..text import N_, Message
from . import fans as F
from .fans import EXCLUDES, EXCLUSION_ORDER, FANS, POINTS
from .hand import Hand, HandError
from .reading import Context
from .set_fans import chow_fans, pung_fans
from .shapes import KNITTED, knitted_honors_pattern, knitted_straight_rests, waiting_tiles
from .sources import Reading, fan_sources

#: Fan counts of one reading: how many times each fan counts, indexed by fan number 1..81.
FanCounts = list[int]


@dataclass
class FanScore:
    id: int
    points: int
    count: int
    name: str
    name_es: str
    sources: list[str] = field(default_factory=list)
    name_zh: str = ""

    def to_dict(self) -> dict[str, object]:
        return {**item_dict(self), "name_zh": self.name_zh, "from": list(self.sources)}


# A scored hand: valid, total, fans, error (the shape every rule set answers with).
Result = Score

_NOT_WINNING = N_(
    "not a winning hand: the tiles do not form four sets and a pair, seven pairs, thirteen orphans, "
    "honors and knitted tiles, or a knitted straight with a set and a pair"
)
_UNDER_EIGHT = N_("under 8 points: the hand scores %(points)s without flowers, and a win needs at least 8")


# ---------------------------------------------------------------- what is fixed for one hand


# The fan of each thing a win's flags say happened (``rules.core.hand.win_events``).
_EVENT_FANS = {
    REPLACEMENT_TILE: F.OUT_WITH_REPLACEMENT,
    ROBBED_KONG: F.ROBBING_THE_KONG,
    LAST_TILE_DRAWN: F.LAST_TILE_DRAW,
    LAST_TILE_CLAIMED: F.LAST_TILE_CLAIM,
}


def _flag_fans(hand: Hand) -> list[int]:
    """Fans of how the hand was won (self-drawn, the last tile, a kong's replacement)."""
    out = [F.SELF_DRAWN] if hand.self_drawn else []
    out.extend(_EVENT_FANS[e] for e in win_events(self_drawn=hand.self_drawn, kong=hand.kong, last_wall=hand.last_wall))
    # Fan 58 is defined for a discarded tile; a self-drawn last tile scores nothing.
    # A winning tile whose other three copies are in the winner's own melds is
    # visibly the last of its kind, flagged or not (as the reference scores it).
    if not hand.self_drawn and (hand.last_tile or sum(m.tiles.count(hand.win_tile) for m in hand.melds) == 3):
        out.append(F.LAST_TILE)
    return out


def _tile_trait_fans(counts: Counts, kong_count: int) -> list[int]:
    """Fans that depend only on which tiles are in the hand, not how they are arranged."""
    present = [t for t in range(NUM_KINDS) if counts[t]]
    out = []
    honors = any(is_honor(t) for t in present)
    suits = {suit(t) for t in present if not is_honor(t)}
    if not any(is_terminal_or_honor(t) for t in present):
        out.append(F.ALL_SIMPLES)
    if all(t in REVERSIBLE for t in present):
        out.append(F.REVERSIBLE_TILES)
    if all(t in GREEN_TILES for t in present):
        out.append(F.ALL_GREEN)
    out.extend(_terminal_honor_fans(present))
    if not honors:
        out.append(F.NO_HONORS)
        out.extend(_number_range_fans({number(t) for t in present}))
    if len(suits) == 2:
        out.append(F.ONE_VOIDED_SUIT)
    elif len(suits) == 1:
        out.append(F.HALF_FLUSH if honors else F.FULL_FLUSH)
    if len(suits) == 3 and any(is_wind(t) for t in present) and any(is_dragon(t) for t in present):
        out.append(F.ALL_TYPES)
    hogs = sum(1 for c in counts if c == 4) - kong_count
    out.extend([F.TILE_HOG] * hogs)
    return out


def _terminal_honor_fans(present: list[int]) -> list[int]:
    """All Honors, All Terminals, or All Terminals and Honors: the one the tiles held have, if any."""
    if all(is_honor(t) for t in present):
        return [F.ALL_HONORS]
    if all(is_terminal(t) for t in present):
        return [F.ALL_TERMINALS]
    if all(t in TERMINALS_HONORS for t in present):
        return [F.ALL_TERMINALS_AND_HONORS]
    return []


def _number_range_fans(numbers: set[int]) -> list[int]:
    """Upper, Middle or Lower Tiles, Upper or Lower Four: the one a hand without honors has, if any."""
    for fan, allowed in (
        (F.UPPER_TILES, {7, 8, 9}),
        (F.MIDDLE_TILES, {4, 5, 6}),
        (F.LOWER_TILES, {1, 2, 3}),
        (F.UPPER_FOUR, {6, 7, 8, 9}),
        (F.LOWER_FOUR, {1, 2, 3, 4}),
    ):
        if numbers <= allowed:
            return [fan]
    return []


def _is_nine_gates(hand: Hand) -> bool:
    """1112345678999 of one suit held, won on any tile of that suit (fan 4)."""
    if hand.melds or is_honor(hand.win_tile):
        return False
    if any(is_honor(t) or suit(t) != suit(hand.win_tile) for t in hand.concealed):
        return False
    held = [0] * 9
    for t in hand.concealed:
        held[number(t) - 1] += 1
    return held == [3, 1, 1, 1, 1, 1, 1, 1, 3]


def _context(hand: Hand) -> Context:
    ctx = Context()
    ctx.hand = hand
    ctx.win = hand.win_tile
    ctx.self_drawn = hand.self_drawn
    ctx.seat = hand.seat_wind
    ctx.prevalent = hand.prevalent_wind
    ctx.melds = [Unit.of_meld(m) for m in hand.melds]
    ctx.melded_count = sum(1 for m in hand.melds if m.kind != CONCEALED_KONG)
    ctx.kong_count = sum(1 for m in hand.melds if m.is_kong)
    ctx.closed = not hand.melds
    ctx.all_counts = count_tiles(hand.all_tiles())
    ctx.hand_fans = _tile_trait_fans(ctx.all_counts, ctx.kong_count)
    ctx.flag_fans = _flag_fans(hand)
    ctx.waits = waiting_tiles(tuple(count_tiles(hand.concealed)), 4 - len(hand.melds), ctx.closed)
    ctx.nine_gates = _is_nine_gates(hand)
    return ctx


# ---------------------------------------------------------------- fan counts


def _new_fans(ctx: Context, *, with_traits: bool = True) -> FanCounts:
    """Fan counts started with how the hand was won and (unless told not to) its tiles' own fans."""
    f = [0] * 82
    for fan in ctx.flag_fans:
        f[fan] += 1
    if with_traits:
        for fan in ctx.hand_fans:
            f[fan] += 1
    return f


def _apply_exclusions(f: FanCounts) -> None:
    for fan in EXCLUSION_ORDER:
        if f[fan]:
            for other in EXCLUDES[fan]:
                f[other] = 0


def _total(f: FanCounts) -> int:
    return sum(POINTS[i] * c for i, c in enumerate(f) if c)


# ---------------------------------------------------------------- four sets and a pair


def _score_basic(ctx: Context, units: list[Unit]) -> FanCounts:
    """Fans of one reading as four sets and a pair. `units`: 4 sets then the pair."""
    f = _new_fans(ctx)
    sets, pair = units[:4], units[4].tile
    pungs = [u for u in sets if u.kind == PUNG]
    pung_tiles = sorted(u.tile for u in pungs)
    chows = sorted(u.tile for u in sets if u.kind == CHOW)
    _kong_fans(pungs, f)
    _concealed_pung_fans(ctx, sets, f)
    _chow_fans(chows, pair, f)
    if len(pung_tiles) >= 2:
        for fan, _ in pung_fans(tuple(pung_tiles)):
            f[fan] += 1
    if len(pung_tiles) == 4:
        f[F.ALL_PUNGS] += 1
    _honor_pung_fans(ctx, pung_tiles, pair, f)
    _concealment_fans(ctx, f)
    # Sets' own features: every set and the pair.
    if all(has_terminal_or_honor(u.kind, u.tile) for u in units):
        f[F.OUTSIDE_HAND] += 1
    if all(has_five(u.kind, u.tile) for u in units):
        f[F.ALL_FIVES] += 1
    if not chows and all(not is_honor(u.tile) and number(u.tile) % 2 == 0 for u in units):
        f[F.ALL_EVEN_PUNGS] += 1
    if ctx.nine_gates:
        f[F.NINE_GATES] += 1
    if not f[F.MELDED_HAND] and not f[F.ALL_KONGS]:
        _wait_fans(ctx, units, f)
    _apply_exclusions(f)
    return f


def _kong_fans(pungs: list[Unit], f: FanCounts) -> None:
    """Melded Kong, Concealed Kong and the fans of two, three or four kongs (fans 5, 17, 48, 57, 67, 74)."""
    melded_kongs = sum(1 for u in pungs if u.kong == MELDED_KONG)
    concealed_kongs = sum(1 for u in pungs if u.kong == CONCEALED_KONG_SET)
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


def _concealed_pung_fans(ctx: Context, sets: list[Unit], f: FanCounts) -> None:
    """Two, Three or Four Concealed Pungs (fans 12, 33, 66)."""
    concealed_pungs = sum(1 for u in sets if u.kind == PUNG and not u.exposed)
    # A pung completed by a discard is not concealed, unless the discard can be read as
    # part of a concealed chow instead.
    win = ctx.win
    if not ctx.self_drawn and any(u.kind == PUNG and u.tile == win and not u.exposed and not u.kong for u in sets):
        if not any(u.kind == CHOW and not u.exposed and u.tile <= win <= u.tile + 2 for u in sets):
            concealed_pungs -= 1
    if concealed_pungs == 2:
        f[F.TWO_CONCEALED_PUNGS] += 1
    elif concealed_pungs == 3:
        f[F.THREE_CONCEALED_PUNGS] += 1
    elif concealed_pungs == 4:
        f[F.FOUR_CONCEALED_PUNGS] += 1


def _chow_fans(chows: list[int], pair: int, f: FanCounts) -> None:
    """The fans of the chows together, and All Chows (fan 63)."""
    if len(chows) == 4:
        if _three_suited_terminal_chows(chows, pair):
            f[F.THREE_SUITED_TERMINAL_CHOWS] += 1
        elif _pure_terminal_chows(chows, pair):
            f[F.PURE_TERMINAL_CHOWS] += 1
        else:
            for fan, _ in chow_fans(tuple(chows)):
                f[fan] += 1
        f[F.ALL_CHOWS] += not is_honor(pair)
    elif len(chows) >= 2:
        for fan, _ in chow_fans(tuple(chows)):
            f[fan] += 1


def _three_suited_terminal_chows(chows: list[int], pair: int) -> bool:
    """123 and 789 in two suits, a pair of fives in the third (fan 29)."""
    if is_honor(pair) or number(pair) != 5:
        return False
    a, b = (s for s in range(3) if s != suit(pair))
    return sorted(chows) == sorted([suited(a, 1), suited(a, 7), suited(b, 1), suited(b, 7)])


def _pure_terminal_chows(chows: list[int], pair: int) -> bool:
    """123, 123, 789, 789 and a pair of fives, all of one suit (fan 13)."""
    if is_honor(pair) or number(pair) != 5:
        return False
    low, high = suited(suit(pair), 1), suited(suit(pair), 7)
    return sorted(chows) == [low, low, high, high]


# The dragons and the winds: the fan of a pung of each tile of the family, of all but one with a pair
# of the last, and of all but one.
_HONOR_FAMILIES = (
    (is_dragon, 3, F.BIG_THREE_DRAGONS, F.LITTLE_THREE_DRAGONS, F.TWO_DRAGON_PUNGS),
    (is_wind, 4, F.BIG_FOUR_WINDS, F.LITTLE_FOUR_WINDS, F.BIG_THREE_WINDS),
)


def _honor_pung_fans(ctx: Context, pung_tiles: list[int], pair: int, f: FanCounts) -> None:
    """Dragon and wind pungs (fans 1, 2, 9, 10, 38, 54, 59-61) and Pung of Terminals or Honors (73)."""
    for of_family, size, every_pung, but_one_and_pair, but_one in _HONOR_FAMILIES:
        pungs = sum(1 for t in pung_tiles if of_family(t))
        if pungs == size:
            f[every_pung] += 1
        elif pungs == size - 1:
            f[but_one_and_pair if of_family(pair) else but_one] += 1
    f[F.DRAGON_PUNG] += sum(1 for t in pung_tiles if is_dragon(t))
    wind_pungs = sum(1 for t in pung_tiles if is_wind(t))
    for t in pung_tiles:
        if is_wind(t):
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
        elif is_terminal(t):
            f[F.PUNG_TERMINALS_HONORS] += 1


def _concealment_fans(ctx: Context, f: FanCounts) -> None:
    """Fully Concealed Hand, Concealed Hand or Melded Hand (3.8.1 fans 53, 56, 62)."""
    if ctx.self_drawn:
        if ctx.melded_count == 0:
            f[F.FULLY_CONCEALED] += 1
    elif ctx.melded_count == 0:
        f[F.CONCEALED_HAND] += 1
    elif ctx.melded_count == 4:
        f[F.MELDED_HAND] += 1


def _wait_fans(ctx: Context, units: list[Unit], f: FanCounts) -> None:
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


# ---------------------------------------------------------------- the other shapes


def _score_knitted_straight(ctx: Context, units: list[Unit]) -> FanCounts:
    """Knitted Straight (fan 35) with one more set and a pair: `units` is [set, pair]."""
    f = _new_fans(ctx)
    f[F.KNITTED_STRAIGHT] += 1
    the_set, pair = units
    if the_set.kind == PUNG:
        _kong_fans([the_set], f)
        _honor_pung_fans(ctx, [the_set.tile], pair.tile, f)
    _concealment_fans(ctx, f)
    _wait_fans(ctx, units, f)
    # As the reference does, the knitted straight reads as chows for All Chows.
    if the_set.kind == CHOW and not is_honor(pair.tile):
        f[F.ALL_CHOWS] += 1
    _apply_exclusions(f)
    return f


def _score_special(ctx: Context, fan: int, with_traits: bool) -> FanCounts:
    """Seven pairs, Seven Shifted Pairs, Thirteen Orphans, Honors and Knitted Tiles.

    These hands are concealed by definition; the rulebook scores them Fully Concealed
    Hand when self-drawn (3.8.1, fans 6, 7, 19, 20, 34)."""
    f = _new_fans(ctx, with_traits=with_traits)
    f[fan] += 1
    if ctx.self_drawn:
        f[F.FULLY_CONCEALED] += 1
    _apply_exclusions(f)
    return f


def _special_readings(ctx: Context, key: tuple[int, ...]) -> list[Reading]:
    """The readings of a hand with nothing declared as seven pairs, thirteen orphans or knitted tiles."""
    if is_seven_pairs(key):
        present = [t for t in range(NUM_KINDS) if key[t]]
        shifted = (
            len(present) == 7
            and present[6] - present[0] == 6
            and not is_honor(present[6])
            and suit(present[0]) == suit(present[6])
        )
        fan = F.SEVEN_SHIFTED_PAIRS if shifted else F.SEVEN_PAIRS
        return [Reading(_score_special(ctx, fan, True), "seven pairs", [])]
    if is_thirteen_orphans(key):
        return [Reading(_score_special(ctx, F.THIRTEEN_ORPHANS, False), "thirteen orphans", [])]
    k = knitted_honors_pattern(key)
    if k is None:
        return []
    greater = all(key[t] for t in range(SUITED, NUM_KINDS))
    f = _score_special(ctx, F.GREATER_HONORS_KNITTED if greater else F.LESSER_HONORS_KNITTED, False)
    if not greater and all(key[t] for t in KNITTED[k]):
        f[F.KNITTED_STRAIGHT] += 1
    return [Reading(f, "honors and knitted", [], k)]


def _readings(hand: Hand, ctx: Context) -> list[Reading]:
    """Every winning reading of the hand, each with its fan counts."""
    counts = count_tiles(hand.concealed)
    counts[hand.win_tile] += 1
    key = tuple(counts)
    out = _special_readings(ctx, key) if ctx.closed else []
    if len(hand.melds) <= 1:
        for k, arr in knitted_straight_rests(key, 1 - len(hand.melds)):
            units = reading_units(ctx.melds, arr)
            out.append(Reading(_score_knitted_straight(ctx, units), "knitted straight", units, k))
    for arr in arrangements(key, 4 - len(hand.melds)):
        units = reading_units(ctx.melds, arr)
        out.append(Reading(_score_basic(ctx, units), "basic", units))
    return out


# ---------------------------------------------------------------- the hand's score


def _best_reading(readings: list[Reading]) -> tuple[Reading, int] | None:
    """The reading scored, and its total before flowers; None when no reading wins."""
    tied: list[Reading] = []
    best_total = -1
    for reading in readings:
        if not any(reading.fans):
            reading.fans[F.CHICKEN_HAND] = 1
        total = _total(reading.fans)
        if total > best_total:
            tied, best_total = [reading], total
        elif total == best_total:
            tied.append(reading)
    if not tied:
        return None
    # 3.9.1.5 (4) lets the winner pick the highest reading; readings worth the same only
    # differ in which fans are named. We name the ones the reference calculator names: the
    # last reading in our order, except between four-chow readings that all hold a Pure
    # Triple Chow, where it keeps the first (observed on every such hand, e.g. 6678899s +7s
    # beside melded 678s and 789s).
    if len(tied) > 1 and all(
        r.kind == "basic" and r.fans[F.PURE_TRIPLE_CHOW] and all(u.kind == CHOW for u in r.units[:4]) for r in tied
    ):
        return tied[0], best_total
    return tied[-1], best_total


def score_hand(hand: Hand) -> Result:
    """Score a declared hand. Never raises for a Hand; problems are reported in Result.error."""
    try:
        hand.validate()
    except HandError as exc:
        return Result(False, 0, [], exc.message)
    ctx = _context(hand)
    found = _best_reading(_readings(hand, ctx))
    if found is None:
        return Result(False, 0, [], Message(_NOT_WINNING))
    best, best_total = found
    f = list(best.fans)
    f[F.FLOWER_TILES] = hand.flowers
    fans = []
    for fan_id in range(1, 82):
        if f[fan_id]:
            d = FANS[fan_id]
            sources = fan_sources(fan_id, ctx, best)
            fans.append(FanScore(fan_id, d.points, f[fan_id], d.name, d.name_es, sources, d.name_zh))
    total = _total(f)
    if best_total < 8:
        return Result(False, total, fans, Message(_UNDER_EIGHT, points=best_total))
    return Result(True, total, fans, None)
