"""Scoring a hand under the Spanish Mah-Jong rules (001).

A basic hand: basic points (sets, flowers and seasons, 5 for Mah Jong; l.1-11) multiplied by
its doublings (l.48-69); at most 100, and x32 or more is 100 straight away (l.27-28). A
special, honour or exceptional hand is worth its fixed value and takes nothing else (l.132).
The score is rounded up to the next ten (l.32). Every reading of the tiles is scored and the
highest kept. A loser's hand (first payment mode) scores its sets, bonus tiles and the
doublings that belong to sets and bonus tiles only; it has no Mah Jong.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field

from ..base import Item, Score, round_up_to
from ..core.arrangements import (
    CHOW,
    CONCEALED_KONG_SET,
    NOT_KONG,
    PUNG,
    Unit,
    arrangements,
    has_five,
    has_terminal_or_honor,
    is_seven_pairs,
    is_thirteen_orphans,
    reading_units,
)
from ..core.tiles import (
    DRAGON_TILES,
    GREEN,
    GREEN_TILES,
    NUM_KINDS,
    RED,
    REVERSIBLE,
    TERMINALS_HONORS,
    WHITE,
    WIND_TILES,
    Counts,
    count_tiles,
    is_dragon,
    is_honor,
    is_terminal,
    is_wind,
    number,
    suit,
    suited,
    tile_str,
    tiles_str,
)
from ..text import N_, Message, message_of
from . import elements as E
from .hand import SpanishHand

CAP = 100
CAP_MULTIPLIER = 32
# Colour hands: one suit with the pung of "its" dragon (footnote (8), which the text prints under
# (9)): bamboo with green, characters with red, circles with white; see docs/rule-sets.md.
COLOUR_HANDS = ((E.GREEN_HAND, 2, GREEN), (E.RED_HAND, 0, RED), (E.WHITE_HAND, 1, WHITE))

NOT_WINNING = N_(
    "not a winning hand: the tiles do not form four sets and a pair (001 l.11), seven pairs, "
    "thirteen orphans or an orphan straight"
)
NO_X8 = N_("official mode: a Mah Jong needs at least one x8 doubling or a special hand (001 l.11); this hand has none")


def _cls(t: int) -> int:
    """0 simple, 1 terminal, 2 honour: what a set's basic points depend on (l.3-9)."""
    return 2 if is_honor(t) else (1 if is_terminal(t) else 0)


def _text(u: Unit) -> str:
    return u.describe("exposed")


@dataclass
class _Counted:
    """How many times an element counts, and what from."""

    count: int = 0
    sources: list[str] = field(default_factory=list)


class _Tally:
    """Items collected for one reading, merged by element."""

    def __init__(self) -> None:
        self.items: dict[int, _Counted] = {}

    def add(self, eid: int, source: str, count: int = 1) -> None:
        entry = self.items.setdefault(eid, _Counted())
        entry.count += count
        entry.sources.append(source)

    def put(self, eid: int, sources: list[str]) -> None:
        """The element counted once for each source, whatever was added before."""
        self.items[eid] = _Counted(len(sources), sources)

    def drop(self, eids: Iterable[int]) -> None:
        for e in eids:
            self.items.pop(e, None)

    def to_items(self) -> list[Item]:
        out = []
        for eid in sorted(self.items):
            e = E.ELEMENTS[eid]
            counted = self.items[eid]
            out.append(Item(e.id, e.name, e.name_es, e.points, counted.count, counted.sources, e.kind))
        return out


#: One reading's score: (total, its items, whether it meets the official x8 requirement).
_Candidate = tuple[int, list[Item], bool]


def _bonus_and_sets(hand: SpanishHand, sets: Sequence[Unit], tally: _Tally) -> None:
    """Basic points and doublings that belong to sets and bonus tiles: winners and losers alike."""
    for u in sets:
        kind, t, _exposed, kong = u
        if kind != PUNG:
            continue
        c = _cls(t)
        if kong:
            tally.add(E.KONG_POINTS[(c, kong == CONCEALED_KONG_SET)], _text(u))
        elif c == 1:
            tally.add(E.PUNG_TERMINALS, _text(u))
        elif c == 2:
            tally.add(E.PUNG_HONOURS, _text(u))
        if is_wind(t):
            # A game wind is the prevalent wind or the player's own (l.19); a wind that is both
            # doubles twice (our reading, docs/rule-sets.md).
            if t == WIND_TILES[hand.seat_wind]:
                tally.add(E.GAME_WIND, _text(u) + " (own wind)")
            if t == WIND_TILES[hand.prevalent_wind]:
                tally.add(E.GAME_WIND, _text(u) + " (prevalent wind)")
        elif is_dragon(t):
            tally.add(E.DRAGON, _text(u))
    bonus = [f"flower {n}" for n in hand.flowers] + [f"season {n}" for n in hand.seasons]
    if bonus:
        tally.put(E.FLOWER_OR_SEASON, bonus)
    own = hand.seat_wind + 1
    for tiles, name, own_id in ((hand.flowers, "flower", E.OWN_FLOWER), (hand.seasons, "season", E.OWN_SEASON)):
        if len(tiles) == 4:
            # Holding all four includes one's own (our reading): x4 alone, not x4 x2.
            tally.add(E.FOUR_BONUS, f"{name}s 1-4")
        elif own in tiles:
            tally.add(own_id, f"{name} {own}")


def _winner_doublings(hand: SpanishHand, win: int, units: list[Unit], counts: Counts, tally: _Tally) -> None:
    present = [t for t in range(NUM_KINDS) if counts[t]]
    chows = [u.tile for u in units[:-1] if u.kind == CHOW]
    _shape_doublings(hand, units, present, chows, tally)
    _straight_and_moment_doublings(hand, win, units, present, chows, tally)
    for eid, included in E.INCLUDES.items():
        if eid in tally.items:
            tally.drop(included)


def _shape_doublings(hand: SpanishHand, units: list[Unit], present: list[int], chows: list[int], tally: _Tally) -> None:
    """The doublings of the hand's make-up: suits, honours, concealment, chows and pungs."""
    honours = any(is_honor(t) for t in present)
    suits = {suit(t) for t in present if not is_honor(t)}
    exposed = sum(1 for u in units[:-1] if u.exposed)
    whole = "whole hand"
    if len(suits) == 2:
        tally.add(E.VOIDED_SUIT, whole)
    if not honours:
        tally.add(E.NO_HONOURS, whole)
    if exposed == 0:
        tally.add(E.FULLY_CONCEALED if hand.self_drawn else E.CONCEALED, whole)
    if len(chows) == 4 and not honours:
        tally.add(E.ALL_CHOWS, whole)
    if not any(t in TERMINALS_HONORS for t in present):
        tally.add(E.ALL_SIMPLES, whole)
    if all(has_terminal_or_honor(u.kind, u.tile) for u in units):
        tally.add(E.OUTSIDE, whole)
    if not chows:
        tally.add(E.ALL_PUNGS, whole)
    if len(suits) == 1 and honours:
        tally.add(E.HALF_FLUSH, whole)
    if len(suits) == 3 and any(is_wind(t) for t in present) and any(is_dragon(t) for t in present):
        tally.add(E.ALL_TYPES, whole)


def _straight_and_moment_doublings(
    hand: SpanishHand, win: int, units: list[Unit], present: list[int], chows: list[int], tally: _Tally
) -> None:
    """The doublings of a melded hand, straights, mirror tiles and the moment of the win (the last tile, a robbed
    kong)."""
    whole = "whole hand"
    if sum(1 for u in units[:-1] if u.exposed) == 4 and not hand.self_drawn:
        tally.add(E.MELDED_HAND, whole)
    straight = _mixed_straight(chows)
    if straight:
        tally.add(E.MIXED_STRAIGHT, straight)
    if all(t in REVERSIBLE for t in present):
        tally.add(E.MIRROR, whole)
    if hand.last_wall:
        tally.add(E.LAST_TILE, "winning tile " + tile_str(win))
    if hand.kong and not hand.self_drawn:
        tally.add(E.ROBBING_KONG, "winning tile " + tile_str(win))
    straight = _pure_straight(chows)
    if straight:
        tally.add(E.PURE_STRAIGHT, straight)


def _mixed_straight(chows: list[int]) -> str:
    """123, 456 and 789 each in a different suit, named; "" when the chows hold none."""
    for a in range(3):
        for b in range(3):
            for c in range(3):
                starts = (suited(a, 1), suited(b, 4), suited(c, 7))
                if len({a, b, c}) == 3 and all(t in chows for t in starts):
                    return " + ".join("chow " + tiles_str((t, t + 1, t + 2)) for t in starts)
    return ""


def _pure_straight(chows: list[int]) -> str:
    """123, 456 and 789 of one suit, named; "" when the chows hold none."""
    for s in range(3):
        if all(suited(s, n) in chows for n in (1, 4, 7)):
            return "chow " + tiles_str(range(suited(s, 1), suited(s, 9) + 1))
    return ""


# ------------------------------------------------------------------ special hands


def _tile_specials(counts: Counts, found: list[int]) -> None:
    """Special hands that depend only on which tiles the hand holds (any winning structure)."""
    present = [t for t in range(NUM_KINDS) if counts[t]]
    honours = [t for t in present if is_honor(t)]
    suited_tiles = [t for t in present if not is_honor(t)]
    suits = {suit(t) for t in suited_tiles}
    ranks = {number(t) for t in suited_tiles}
    if not honours:
        if ranks <= {1, 2, 3, 4} or ranks <= {6, 7, 8, 9}:
            found.append(E.FOUR_UPPER_LOWER)
        if ranks <= {2, 4, 6, 8}:
            found.append(E.ALL_EVEN)
        if len(suits) == 1:
            found.append(E.FULL_FLUSH)
        if ranks <= {1, 2, 3} or ranks <= {4, 5, 6} or ranks <= {7, 8, 9}:
            found.append(E.THIRDS)
        if ranks <= {1, 9}:
            found.append(E.ALL_TERMINALS)
    elif not suited_tiles:
        found.append(E.ALL_HONOURS)
    if all(t in TERMINALS_HONORS for t in present):
        found.append(E.ALL_TERMINALS_HONOURS)
    if all(t in GREEN_TILES for t in present):
        found.append(E.ALL_GREEN)


def _set_specials(hand: SpanishHand, units: list[Unit], found: list[int]) -> None:
    """Special hands of four sets and a pair."""
    sets, pair = units[:-1], units[-1].tile
    pungs = [u for u in sets if u.kind == PUNG]
    chows = [u.tile for u in sets if u.kind == CHOW]
    _straight_and_colour_specials(units, pungs, chows, pair, found)
    _pung_specials(hand, pungs, pair, found)


def _straight_and_colour_specials(
    units: list[Unit], pungs: list[Unit], chows: list[int], pair: int, found: list[int]
) -> None:
    """All fives, straights with honours, and the colour hands (one suit with its dragon)."""
    if all(has_five(u.kind, u.tile) for u in units):
        found.append(E.ALL_FIVES)
    if is_honor(pair) and any(is_honor(u.tile) for u in pungs):
        if _pure_straight(chows):
            found.append(E.PURE_STRAIGHT_HONOURS)
        elif _mixed_straight(chows):
            found.append(E.MIXED_STRAIGHT_HONOURS)
    for eid, colour_suit, dragon in COLOUR_HANDS:
        others = [u for u in units if u.tile != dragon]
        if len(others) == 4 and all(not is_honor(u.tile) and suit(u.tile) == colour_suit for u in others):
            found.append(eid)


def _pung_specials(hand: SpanishHand, pungs: list[Unit], pair: int, found: list[int]) -> None:
    """The special hands of pungs: winds, dragons, four kongs, four concealed pungs."""
    wind_pungs = sum(1 for u in pungs if is_wind(u.tile))
    dragon_pungs = sum(1 for u in pungs if is_dragon(u.tile))
    if wind_pungs == 3:
        found.append(E.LITTLE_FOUR_WINDS if is_wind(pair) else E.BIG_THREE_WINDS)
    if wind_pungs == 4:
        found.append(E.BIG_FOUR_WINDS)
    if dragon_pungs == 2 and is_dragon(pair):
        found.append(E.LITTLE_THREE_DRAGONS)
    if dragon_pungs == 3:
        found.append(E.BIG_THREE_DRAGONS)
    if len(pungs) == 4 and sum(1 for u in pungs if u.kong) == 4:
        found.append(E.FOUR_KONGS)
    concealed_pungs = [u for u in pungs if not u.exposed]
    # On a discard the winning tile must complete the pair: a pung finished with a discarded
    # tile is not concealed (001 l.55 calls that last set the one made with a discard).
    if len(concealed_pungs) == 4 and (hand.self_drawn or pair == hand.win_tile):
        found.append(E.HIDDEN_TREASURE)


def _seven_pairs_specials(counts: Counts, found: list[int]) -> None:
    present = [t for t in range(NUM_KINDS) if counts[t]]
    found.append(E.SEVEN_PAIRS)
    suits = {suit(t) for t in present if not is_honor(t)}
    honours = any(is_honor(t) for t in present)
    if all(t in TERMINALS_HONORS for t in present):
        terminals = any(not is_honor(t) for t in present)
        found.append(E.SEVEN_PAIRS_HON_OR_TERM if not (honours and terminals) else E.SEVEN_PAIRS_TH)
    if len(suits) == 1 and not honours:
        found.append(E.SEVEN_PAIRS_PURE)
        if len(present) == 7 and present[6] - present[0] == 6:
            found.append(E.SEVEN_SHIFTED_PAIRS)


def _is_orphan_straight(counts: Counts) -> bool:
    """1 to 9 of one suit, one of each wind, and one more of those tiles (our reading of l.113)."""
    if sum(counts) != 14 or any(counts[t] for t in DRAGON_TILES) or not all(counts[t] for t in WIND_TILES):
        return False
    for s in range(3):
        one_to_nine = range(suited(s, 1), suited(s, 9) + 1)
        if all(counts[t] for t in one_to_nine):
            return sum(counts[t] for t in one_to_nine) + sum(counts[t] for t in WIND_TILES) == 14
    return False


def _is_nine_gates(hand: SpanishHand, win: int, counts: Counts) -> bool:
    if hand.melds:
        return False
    for s in range(3):
        ranks = counts[suited(s, 1) : suited(s, 9) + 1]
        if sum(ranks) == 14 and ranks[0] >= 3 and ranks[8] >= 3 and all(ranks[1:8]):
            if hand.self_drawn:
                return True
            # A discard may complete it only if the thirteen held were 1112345678999 (l.130).
            before = list(ranks)
            before[number(win) - 1] -= 1
            return before == [3, 1, 1, 1, 1, 1, 1, 1, 3]
    return False


# ------------------------------------------------------------------ totals


def _special_score(found: list[int], sources: dict[int, list[str]]) -> tuple[int, list[Item]]:
    best = max(found, key=lambda e: (E.ELEMENTS[e].points, e))
    e = E.ELEMENTS[best]
    return e.points, [Item(e.id, e.name, e.name_es, e.points, 1, sources.get(best, ["whole hand"]), e.kind)]


def _basic_total(tally: _Tally) -> tuple[int, list[Item]]:
    items = tally.to_items()
    basic = sum(i.points * i.count for i in items if i.kind == "basic")
    multiplier = 1
    for i in items:
        if i.kind == "double":
            multiplier *= i.points**i.count
    raw = basic * multiplier
    if multiplier >= CAP_MULTIPLIER or raw > CAP:
        e = E.ELEMENTS[E.LIMIT]
        why = f"x{multiplier} doublings" if multiplier >= CAP_MULTIPLIER else f"{basic} x {multiplier} = {raw}"
        items.append(Item(e.id, e.name, e.name_es, e.points, 1, [why], e.kind))
        raw = CAP
    return round_up_to(raw, 10), items


def score_hand(hand: SpanishHand, official: bool = False) -> Score:
    """Score a parsed hand; never raises for a SpanishHand (problems come back in Score.error).

    ``official``: the official payment mode, where a Mah Jong needs at least one x8 (l.11, l.44).
    """
    try:
        hand.validate()
    except ValueError as exc:
        return Score(False, 0, [], message_of(exc))
    melded = [Unit.of_meld(m) for m in hand.melds]
    if not hand.winning:
        return _loser(hand, melded)
    if hand.all_bonus:
        # All eight bonus tiles win at once, whatever the other tiles (l.94, l.100).
        total, items = _special_score([E.ALL_BONUS], {E.ALL_BONUS: ["flowers 1-4, seasons 1-4"]})
        return Score(True, total, items)
    win = hand.win_tile
    assert win is not None  # validate() refuses a winning hand without its winning tile
    counts = count_tiles(hand.concealed)
    counts[win] += 1
    all_counts = count_tiles(hand.all_tiles())
    tile_found: list[int] = []
    _tile_specials(all_counts, tile_found)
    candidates = [
        _score_reading(hand, win, reading_units(melded, arr), all_counts, tile_found)
        for arr in arrangements(tuple(counts), 4 - len(melded))
    ]
    if not hand.melds:
        candidates.extend(_closed_specials(hand, counts, tile_found))
    if not candidates:
        return Score(False, 0, [], Message(NOT_WINNING))
    # The highest reading; among equal totals, one that meets the official x8 requirement. In the official mode
    # only the readings that meet it count; with none, the highest is shown with the refusal.
    best = max(candidates, key=lambda c: (c[0], c[2]))
    if official:
        meeting = [c for c in candidates if c[2]]
        if not meeting:
            return Score(False, best[0], best[1], Message(NO_X8))
        best = max(meeting, key=lambda c: c[0])
    total, items, _ = best
    return Score(True, total, items)


def _score_reading(
    hand: SpanishHand, win: int, units: list[Unit], all_counts: Counts, tile_found: list[int]
) -> _Candidate:
    """One reading as four sets and a pair: a special hand's value, or basic points times doublings."""
    found = list(tile_found)
    _set_specials(hand, units, found)
    if _is_nine_gates(hand, win, all_counts):
        found.append(E.NINE_GATES)
    if E.FULL_FLUSH in found and hand.self_drawn and not any(u.exposed for u in units):
        found.append(E.PURE_FULLY_CONCEALED)
    if found:
        total, items = _special_score(found, {})
        return total, items, True
    tally = _Tally()
    _bonus_and_sets(hand, units[:-1], tally)
    tally.add(E.MAH_JONG, "winning hand")
    _winner_doublings(hand, win, units, all_counts, tally)
    total, items = _basic_total(tally)
    return total, items, any(i.kind == "double" and i.points >= 8 for i in items)


def _closed_specials(hand: SpanishHand, counts: Counts, tile_found: list[int]) -> list[_Candidate]:
    """Seven pairs, thirteen orphans or the orphan straight, for a hand with nothing declared."""
    special = []
    if is_seven_pairs(counts):
        special = list(tile_found)
        _seven_pairs_specials(counts, special)
        if E.FULL_FLUSH in special and hand.self_drawn:
            special.append(E.PURE_FULLY_CONCEALED)
    elif is_thirteen_orphans(counts):
        special = [E.THIRTEEN_ORPHANS]
    elif _is_orphan_straight(counts):
        special = [E.ORPHAN_STRAIGHT]
    if not special:
        return []
    total, items = _special_score(special, {})
    return [(total, items, True)]


def _loser(hand: SpanishHand, melded: list[Unit]) -> Score:
    """A player's tiles at the end of a hand someone else won (first payment mode, l.38-42).

    Sets count as declared; among the concealed tiles, three or four alike count as a
    concealed pung (an undeclared fourth tile makes no kong). No Mah Jong points, and only the
    doublings of sets and bonus tiles: the others describe a complete hand.
    """
    counts = count_tiles(hand.concealed)
    units = list(melded) + [Unit(PUNG, t, False, NOT_KONG) for t in range(NUM_KINDS) if counts[t] >= 3]
    tally = _Tally()
    _bonus_and_sets(hand, units, tally)
    total, items = _basic_total(tally)
    return Score(True, total, items)
