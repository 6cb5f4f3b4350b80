"""What each fan of a scored MCR hand was counted from, in words a referee checks against the tiles
("chow 123m (melded)", "winning tile 5p", "whole hand")."""

from __future__ import annotations

from functools import lru_cache
from typing import NamedTuple

from ..core.arrangements import CHOW, CONCEALED_KONG_SET, MELDED_KONG, PUNG, Unit
from ..core.tiles import is_dragon, is_terminal, is_wind, tile_str, tiles_str
from . import fans as F
from .reading import Context
from .set_fans import chow_fans, pung_fans
from .shapes import KNITTED


class Reading(NamedTuple):
    """One way of scoring the hand: its fan counts and what they were counted on."""

    fans: list[int]  # how many times each fan counts, indexed by fan number
    kind: str  # "basic", "knitted straight", "seven pairs", "thirteen orphans" or "honors and knitted"
    units: list[Unit]  # basic and knitted straight: the sets, then the pair; empty otherwise
    knitted: int | None = None  # the knitted straight's pattern (an index into KNITTED)


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
_KONG_FANS = {F.MELDED_KONG, F.CONCEALED_KONG, F.TWO_MELDED_KONGS, F.TWO_CONCEALED_KONGS, F.THREE_KONGS, F.ALL_KONGS}
_CONCEALED_PUNG_FANS = {F.TWO_CONCEALED_PUNGS, F.THREE_CONCEALED_PUNGS, F.FOUR_CONCEALED_PUNGS}
_DRAGON_FANS = {F.DRAGON_PUNG, F.BIG_THREE_DRAGONS, F.TWO_DRAGON_PUNGS, F.LITTLE_THREE_DRAGONS}
_WIND_FANS = {F.BIG_FOUR_WINDS, F.LITTLE_FOUR_WINDS, F.BIG_THREE_WINDS}


@lru_cache(maxsize=2048)
def unit_str(unit: Unit) -> str:
    return unit.describe("melded")


def fan_sources(fan: int, ctx: Context, reading: Reading) -> list[str]:
    """Readable list of the sets or tiles a fan was counted from."""
    if fan == F.FLOWER_TILES:
        return ["1 flower" if ctx.hand.flowers == 1 else f"{ctx.hand.flowers} flowers"]
    if fan in _WIN_FANS:
        return ["winning tile " + tile_str(ctx.win)]
    if reading.kind == "knitted straight" and fan == F.KNITTED_STRAIGHT and reading.knitted is not None:
        return ["knitted " + tiles_str(KNITTED[reading.knitted])]
    if reading.kind not in ("basic", "knitted straight") or fan in _HAND_FANS:
        return ["whole hand"]
    return _unit_sources(fan, ctx, reading.units)


def _unit_sources(fan: int, ctx: Context, units: list[Unit]) -> list[str]:
    """The sets (or the four tiles of a tile hog) a fan of a basic hand was counted from."""
    sets = units[:-1]
    if fan == F.TILE_HOG:
        kongs = {u.tile for u in units if u.kind == PUNG and u.kong}
        return ["four of " + tile_str(t) for t, c in enumerate(ctx.all_counts) if c == 4 and t not in kongs]
    if fan in _KONG_FANS:
        return _kong_sources(fan, sets)
    if fan in _CONCEALED_PUNG_FANS:
        return _concealed_pung_sources(ctx, sets)
    if fan in _DRAGON_FANS:
        return [unit_str(u) for u in units if is_dragon(u.tile)]
    if fan in _WIND_FANS:
        return [unit_str(u) for u in units if is_wind(u.tile)]
    if fan in (F.SEAT_WIND, F.PREVALENT_WIND, F.PUNG_TERMINALS_HONORS):
        return _pung_sources(fan, ctx, sets)
    return _set_fan_sources(fan, sets) or [unit_str(u) for u in units]


def _concealed_pung_sources(ctx: Context, sets: list[Unit]) -> list[str]:
    """The concealed pungs, but one completed with a discarded winning tile (it counts as melded)."""
    return [
        unit_str(u)
        for u in sets
        if u.kind == PUNG and not u.exposed and not (not ctx.self_drawn and u.tile == ctx.win and not u.kong)
    ] or [unit_str(u) for u in sets if u.kind == PUNG and not u.exposed]


def _kong_sources(fan: int, sets: list[Unit]) -> list[str]:
    if fan == F.CONCEALED_KONG:
        return [unit_str(u) for u in sets if u.kong == CONCEALED_KONG_SET]
    if fan == F.TWO_MELDED_KONGS:
        return [unit_str(u) for u in sets if u.kong == MELDED_KONG] or [unit_str(u) for u in sets if u.kong]
    if fan == F.MELDED_KONG:
        return [unit_str(u) for u in sets if u.kong == MELDED_KONG]
    return [unit_str(u) for u in sets if u.kong]


def _pung_sources(fan: int, ctx: Context, sets: list[Unit]) -> list[str]:
    """The pungs behind Seat Wind, Prevalent Wind, or Pung of Terminals or Honors."""
    pungs = [u for u in sets if u.kind == PUNG]
    if fan == F.SEAT_WIND:
        return [unit_str(u) for u in pungs if u.tile == ctx.seat]
    if fan == F.PREVALENT_WIND:
        return [unit_str(u) for u in pungs if u.tile == ctx.prevalent]
    wind_pungs = sum(1 for u in pungs if is_wind(u.tile))
    return [
        unit_str(u)
        for u in pungs
        if is_terminal(u.tile) or (is_wind(u.tile) and u.tile not in (ctx.seat, ctx.prevalent) and wind_pungs < 3)
    ]


def _set_fan_sources(fan: int, sets: list[Unit]) -> list[str]:
    """The chows or pungs a fan among sets was counted from, each group joined by '+'."""
    chows = sorted((u for u in sets if u.kind == CHOW), key=lambda u: u.tile)
    pungs = sorted((u for u in sets if u.kind == PUNG), key=lambda u: u.tile)
    for group, finder in ((chows, chow_fans), (pungs, pung_fans)):
        if len(group) >= 2:
            found = [[unit_str(group[i]) for i in idx] for f, idx in finder(tuple(u.tile for u in group)) if f == fan]
            if found:
                return [" + ".join(x) for x in found]
    return []
