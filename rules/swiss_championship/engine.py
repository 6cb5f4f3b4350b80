"""Scoring a Swiss Championship hand (002 chapters 6 and 7).

    total = (basic points x 2 per bonus + extra points) x 3 if self-drawn (x 1 on a discard)

Basic points are the fans of chapter 6 kept by the non-repeat principle (7.3); extra points
are kongs and tile hogs (7.5); the bonuses of 7.6 double the basic points only, as 7.6 says
("Basic points x 2"); 7.4 multiplies the total (basic + extra, 7.4.3) by 3 when self-drawn.
Every reading of the tiles is scored and the highest kept, as a referee would credit it.
"""

from __future__ import annotations

from collections.abc import Iterable

from ..base import Item, Score
from ..core.arrangements import CHOW, PAIR, PUNG, arrangements, has_terminal_or_honor, is_seven_pairs
from ..core.tiles import NUM_KINDS, Counts, count_tiles, is_terminal, number, suit, tile_str, tiles_str
from ..text import N_, Message, message_of
from . import fans as F
from .hand import SwissHand

ADD, HIGHEST = "add", "highest"

_NOT_WINNING = N_(
    "not a winning hand: the tiles do not form four sets (pungs, kongs or concealed sequences) "
    "and a pair, or seven pairs (002 5.2)"
)


#: (kind, tile, text): a set or the pair of one reading, as the explanation names it.
_Unit = tuple[int, int, str]
#: Fans found in one reading: fan id -> what it was counted from.
_Found = dict[int, list[str]]


def _set_text(kind: int, t: int) -> str:
    if kind == CHOW:
        return "sequence " + tiles_str((t, t + 1, t + 2))
    if kind == PAIR:
        return "pair " + tiles_str((t, t))
    return "pung " + tiles_str((t,) * 3)


def _standard_fans(units: list[_Unit], one_suit: bool) -> _Found:
    """Fans of one reading as four sets and a pair: fan id -> what it was counted from."""
    sets = [(k, t) for k, t, _ in units if k != PAIR]
    found = {F.BASIC_HU: ["whole hand"]}
    all_pungs = all(k == PUNG for k, _ in sets)
    outside = all(has_terminal_or_honor(k, t) for k, t, _ in units)
    if all_pungs:
        found[F.ALL_PUNGS] = [text for k, t, text in units if k != PAIR]
        if all(number(t) in (2, 5, 8) for _, t, _ in units):
            found[F.ALL_PUNGS_258] = [text for _, _, text in units]
        if one_suit:
            found[F.ALL_PUNGS_ONE_SUIT] = ["whole hand"]
    if one_suit:
        found[F.FULL_FLUSH] = ["whole hand"]
    if outside:
        found[F.OUTSIDE_HAND] = [text for _, _, text in units]
        if one_suit:
            found[F.OUTSIDE_ONE_SUIT] = ["whole hand"]
    return found


def _seven_pairs_fans(counts: Counts, one_suit: bool) -> _Found:
    pairs = [t for t in range(NUM_KINDS) for _ in range(counts[t] // 2)]
    found = {F.SEVEN_PAIRS: ["pairs " + " ".join(tiles_str((t, t)) for t in pairs)]}
    fours = [t for t in range(NUM_KINDS) if counts[t] == 4]
    if fours:
        found[F.SEVEN_PAIRS_KONG] = ["four of " + tile_str(fours[0])]
    if one_suit:
        found[F.SEVEN_PAIRS_ONE_SUIT] = ["whole hand"]
        found[F.FULL_FLUSH] = ["whole hand"]
    if all(is_terminal(t) for t in pairs):
        found[F.OUTSIDE_HAND] = ["every pair holds a 1 or a 9"]
    return found


def _apply_non_repeat(found: _Found, combination: str) -> _Found:
    """7.3: drop each fan implied by another fan the hand has; with ``highest``, keep one."""
    dropped: set[int] = set()
    for fan in found:
        dropped |= F.IMPLIES.get(fan, frozenset())
    kept = {f: src for f, src in found.items() if f not in dropped}
    if combination == HIGHEST and len(kept) > 1:
        best = max(kept, key=lambda f: (F.ELEMENTS[f].points, f))
        kept = {best: kept[best]}
    return kept


def _item(eid: int, count: int, sources: Iterable[str]) -> Item:
    e = F.ELEMENTS[eid]
    return Item(e.id, e.name, e.name_es, e.points, count, list(sources), e.kind)


def score_hand(hand: SwissHand, combination: str = ADD) -> Score:
    """Score a parsed hand; never raises for a SwissHand (problems come back in Score.error)."""
    try:
        hand.validate()
    except ValueError as exc:
        return Score(False, 0, [], message_of(exc))
    counts = count_tiles(hand.concealed)
    counts[hand.win_tile] += 1
    all_counts = list(counts)
    melded_units: list[_Unit] = []
    kong_tiles = set()
    for m in hand.melds:
        all_counts[m.tile] += len(m.tiles)
        if m.is_kong:
            kong_tiles.add(m.tile)
            label = "concealed kong" if m.kind == "concealed_kong" else "kong"
        else:
            label = "pung"
        melded_units.append(
            (PUNG, m.tile, f"{label} {tiles_str(m.tiles)}" + ("" if label == "concealed kong" else " (melded)"))
        )
    one_suit = len({suit(t) for t in range(NUM_KINDS) if all_counts[t]}) == 1

    readings: list[tuple[_Found, list[str]]] = []  # (found fans, tile hog sources)
    for arr in arrangements(tuple(counts), 4 - len(hand.melds)):
        units = list(melded_units) + [(k, t, _set_text(k, t)) for k, t in arr]
        readings.append(
            (
                _standard_fans(units, one_suit),
                [f"four of {tile_str(t)}" for t in range(NUM_KINDS) if all_counts[t] == 4 and t not in kong_tiles],
            )
        )
    if not hand.melds and is_seven_pairs(counts):
        fours = [t for t in range(NUM_KINDS) if counts[t] == 4]
        # The first four-of-a-kind is what makes the Seven Pairs with a Kong fan (6.4.3); it
        # is not counted again as a tile hog (7.3). Further ones are tile hogs (7.5.2).
        readings.append((_seven_pairs_fans(counts, one_suit), [f"four of {tile_str(t)}" for t in fours[1:]]))
    if not readings:
        return Score(False, 0, [], Message(_NOT_WINNING))

    if hand.first_draw:
        for found, _ in readings:
            found[F.SKY_HU if hand.is_dealer else F.EARTH_HU] = [
                "dealer wins on the dealt tiles" if hand.is_dealer else "won on the first tile drawn"
            ]
    # The highest reading; the first of equal ones.
    total, items = max(
        (_total(hand, _apply_non_repeat(found, combination), hogs) for found, hogs in readings), key=lambda r: r[0]
    )
    return Score(True, total, items)


def _total(hand: SwissHand, fans: _Found, hogs: list[str]) -> tuple[int, list[Item]]:
    items = [_item(f, 1, fans[f]) for f in sorted(fans)]
    basic = sum(F.ELEMENTS[f].points for f in fans)
    kongs = [
        f"{'concealed kong' if m.kind == 'concealed_kong' else 'kong'} {tiles_str(m.tiles)}"
        for m in hand.melds
        if m.is_kong
    ]
    extras = len(kongs) + len(hogs)
    if kongs:
        items.append(_item(F.KONG, len(kongs), kongs))
    if hogs:
        items.append(_item(F.TILE_HOG, len(hogs), hogs))
    win = "winning tile " + tile_str(hand.win_tile)
    bonuses = []
    if hand.self_drawn:
        if hand.kong:
            bonuses.append(F.OUT_WITH_REPLACEMENT)
        if hand.last_wall:
            bonuses.append(F.LAST_TILE_DRAW)
    else:
        if hand.kong:
            bonuses.append(F.ROBBING_THE_KONG)
        if hand.kong_discard:
            bonuses.append(F.DISCARD_AFTER_KONG)
        if hand.last_wall:
            bonuses.append(F.LAST_TILE_CLAIM)
    items.extend(_item(b, 1, [win]) for b in bonuses)
    total = basic * 2 ** len(bonuses) + extras
    if hand.self_drawn:
        items.append(_item(F.SELF_DRAWN, 1, [win]))
        total *= 3
    return total, items
