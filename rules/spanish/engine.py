"""Scoring a hand under the Spanish Mah-Jong rules (001).

A basic hand: basic points (sets, flowers and seasons, 5 for Mah Jong; l.1-11) multiplied by
its doublings (l.48-69); at most 100, and x32 or more is 100 straight away (l.27-28). A
special, honour or exceptional hand is worth its fixed value and takes nothing else (l.132).
The score is rounded up to the next ten (l.32). Every reading of the tiles is scored and the
highest kept. A loser's hand (first payment mode) scores its sets, bonus tiles and the
doublings that belong to sets and bonus tiles only; it has no Mah Jong.
"""

from __future__ import annotations

from ..base import Item, Score, round_up_to
from ..handparse import is_kong
from ..mcr.engine import CHOW, GREEN_TILES, PAIR, PUNG, REVERSIBLE, arrangements
from ..mcr.hand import CONCEALED_KONG
from ..mcr.tiles import GREEN, NUM_KINDS, RED, WHITE, tile_str, tiles_str
from ..text import N_, Message, message_of
from . import elements as E
from .hand import SpanishHand

CAP = 100
CAP_MULTIPLIER = 32
WINDS = range(27, 31)
DRAGONS = (RED, GREEN, WHITE)
TERMINALS_HONOURS = frozenset([0, 8, 9, 17, 18, 26, *list(range(27, 34))])
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
    return 2 if t >= 27 else (1 if t % 9 in (0, 8) else 0)


class _Unit(tuple):
    """(kind, tile, exposed, kong) where kong is '', 'kong' or 'concealed_kong'."""

    __slots__ = ()

    @property
    def text(self) -> str:
        kind, t, exposed, kong = self
        if kind == CHOW:
            s = "chow " + tiles_str((t, t + 1, t + 2))
        elif kind == PAIR:
            s = "pair " + tiles_str((t, t))
        elif kong == CONCEALED_KONG:
            return "concealed kong " + tiles_str((t,) * 4)
        elif kong:
            s = "kong " + tiles_str((t,) * 4)
        else:
            s = "pung " + tiles_str((t,) * 3)
        return s + " (exposed)" if exposed else s


def _meld_unit(m) -> _Unit:
    kind = CHOW if m.kind == "chow" else PUNG
    return _Unit((kind, m.tile, m.kind != CONCEALED_KONG, m.kind if is_kong(m) else ""))


class _Tally:
    """Items collected for one reading, merged by element."""

    def __init__(self):
        self.items: dict[int, list] = {}

    def add(self, eid: int, source: str, count: int = 1) -> None:
        entry = self.items.setdefault(eid, [0, []])
        entry[0] += count
        entry[1].append(source)

    def drop(self, eids) -> None:
        for e in eids:
            self.items.pop(e, None)

    def to_items(self) -> list:
        out = []
        for eid in sorted(self.items):
            e = E.ELEMENTS[eid]
            count, sources = self.items[eid]
            out.append(Item(e.id, e.name, e.name_es, e.points, count, sources, e.kind))
        return out


def _bonus_and_sets(hand: SpanishHand, sets, tally: _Tally) -> None:
    """Basic points and doublings that belong to sets and bonus tiles: winners and losers alike."""
    for u in sets:
        kind, t, _exposed, kong = u
        if kind != PUNG:
            continue
        c = _cls(t)
        if kong:
            tally.add(E.KONG_POINTS[(c, kong == CONCEALED_KONG)], u.text)
        elif c == 1:
            tally.add(E.PUNG_TERMINALS, u.text)
        elif c == 2:
            tally.add(E.PUNG_HONOURS, u.text)
        if t in WINDS:
            # A game wind is the prevalent wind or the player's own (l.19); a wind that is both
            # doubles twice (our reading, docs/rule-sets.md).
            if t - 27 == hand.seat_wind:
                tally.add(E.GAME_WIND, u.text + " (own wind)")
            if t - 27 == hand.prevalent_wind:
                tally.add(E.GAME_WIND, u.text + " (prevalent wind)")
        elif t >= 31:
            tally.add(E.DRAGON, u.text)
    bonus = [f"flower {n}" for n in hand.flowers] + [f"season {n}" for n in hand.seasons]
    if bonus:
        tally.items[E.FLOWER_OR_SEASON] = [len(bonus), bonus]
    own = hand.seat_wind + 1
    for tiles, name, own_id in ((hand.flowers, "flower", E.OWN_FLOWER), (hand.seasons, "season", E.OWN_SEASON)):
        if len(tiles) == 4:
            # Holding all four includes one's own (our reading): x4 alone, not x4 x2.
            tally.add(E.FOUR_BONUS, f"{name}s 1-4")
        elif own in tiles:
            tally.add(own_id, f"{name} {own}")


def _winner_doublings(hand: SpanishHand, units, counts, tally: _Tally) -> None:
    present = [t for t in range(NUM_KINDS) if counts[t]]
    honours = any(t >= 27 for t in present)
    suits = {t // 9 for t in present if t < 27}
    sets = units[:-1]
    exposed = sum(1 for u in sets if u[2])
    chows = [u[1] for u in sets if u[0] == CHOW]
    whole = "whole hand"
    if len(suits) == 2:
        tally.add(E.VOIDED_SUIT, whole)
    if not honours:
        tally.add(E.NO_HONOURS, whole)
    if exposed == 0:
        tally.add(E.FULLY_CONCEALED if hand.self_drawn else E.CONCEALED, whole)
    if len(chows) == 4 and not honours:
        tally.add(E.ALL_CHOWS, whole)
    if all(t < 27 and t % 9 not in (0, 8) for t in present):
        tally.add(E.ALL_SIMPLES, whole)
    if all(_has_terminal_or_honour(u) for u in units):
        tally.add(E.OUTSIDE, whole)
    if not chows:
        tally.add(E.ALL_PUNGS, whole)
    if len(suits) == 1 and honours:
        tally.add(E.HALF_FLUSH, whole)
    if len(suits) == 3 and any(t in WINDS for t in present) and any(t >= 31 for t in present):
        tally.add(E.ALL_TYPES, whole)
    if exposed == 4 and not hand.self_drawn:
        tally.add(E.MELDED_HAND, whole)
    straight = _mixed_straight(chows)
    if straight:
        tally.add(E.MIXED_STRAIGHT, straight)
    if all(t in REVERSIBLE for t in present):
        tally.add(E.MIRROR, whole)
    if hand.last_wall:
        tally.add(E.LAST_TILE, "winning tile " + tile_str(hand.win_tile))
    if hand.kong and not hand.self_drawn:
        tally.add(E.ROBBING_KONG, "winning tile " + tile_str(hand.win_tile))
    straight = _pure_straight(chows)
    if straight:
        tally.add(E.PURE_STRAIGHT, straight)
    for eid, included in E.INCLUDES.items():
        if eid in tally.items:
            tally.drop(included)


def _has_terminal_or_honour(u) -> bool:
    kind, t = u[0], u[1]
    if kind == CHOW:
        return t % 9 in (0, 6)
    return t in TERMINALS_HONOURS


def _mixed_straight(chows) -> str:
    for a in range(3):
        for b in range(3):
            for c in range(3):
                if len({a, b, c}) == 3 and 9 * a in chows and 9 * b + 3 in chows and 9 * c + 6 in chows:
                    return " + ".join("chow " + tiles_str((t, t + 1, t + 2)) for t in (9 * a, 9 * b + 3, 9 * c + 6))
    return ""


def _pure_straight(chows) -> str:
    for s in range(3):
        if 9 * s in chows and 9 * s + 3 in chows and 9 * s + 6 in chows:
            return "chow " + tiles_str(range(9 * s, 9 * s + 9))
    return ""


# ------------------------------------------------------------------ special hands


def _tile_specials(counts, found: list) -> None:
    """Special hands that depend only on which tiles the hand holds (any winning structure)."""
    present = [t for t in range(NUM_KINDS) if counts[t]]
    honours = [t for t in present if t >= 27]
    suited = [t for t in present if t < 27]
    suits = {t // 9 for t in suited}
    ranks = {t % 9 + 1 for t in suited}
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
    elif not suited:
        found.append(E.ALL_HONOURS)
    if all(t in TERMINALS_HONOURS for t in present):
        found.append(E.ALL_TERMINALS_HONOURS)
    if all(t in GREEN_TILES for t in present):
        found.append(E.ALL_GREEN)


def _set_specials(hand: SpanishHand, units, found: list) -> None:
    """Special hands of four sets and a pair."""
    sets, pair = units[:-1], units[-1][1]
    pungs = [u for u in sets if u[0] == PUNG]
    chows = [u[1] for u in sets if u[0] == CHOW]
    wind_pungs = sum(1 for u in pungs if u[1] in WINDS)
    dragon_pungs = sum(1 for u in pungs if u[1] >= 31)
    if all(_has_five(u) for u in units):
        found.append(E.ALL_FIVES)
    if pair >= 27 and any(u[1] >= 27 for u in pungs):
        if _pure_straight(chows):
            found.append(E.PURE_STRAIGHT_HONOURS)
        elif _mixed_straight(chows):
            found.append(E.MIXED_STRAIGHT_HONOURS)
    for eid, suit, dragon in COLOUR_HANDS:
        others = [u for u in units if u[1] != dragon]
        if len(others) == 4 and all(u[1] < 27 and u[1] // 9 == suit for u in others):
            found.append(eid)
    if wind_pungs == 3:
        found.append(E.LITTLE_FOUR_WINDS if pair in WINDS else E.BIG_THREE_WINDS)
    if wind_pungs == 4:
        found.append(E.BIG_FOUR_WINDS)
    if dragon_pungs == 2 and pair >= 31:
        found.append(E.LITTLE_THREE_DRAGONS)
    if dragon_pungs == 3:
        found.append(E.BIG_THREE_DRAGONS)
    if len(pungs) == 4 and sum(1 for u in pungs if u[3]) == 4:
        found.append(E.FOUR_KONGS)
    concealed_pungs = [u for u in pungs if not u[2]]
    # On a discard the winning tile must complete the pair: a pung finished with a discarded
    # tile is not concealed (001 l.55 calls that last set the one made with a discard).
    if len(concealed_pungs) == 4 and (hand.self_drawn or pair == hand.win_tile):
        found.append(E.HIDDEN_TREASURE)


def _has_five(u) -> bool:
    kind, t = u[0], u[1]
    if t >= 27:
        return False
    r = t % 9 + 1
    return 3 <= r <= 5 if kind == CHOW else r == 5


def _seven_pairs_specials(counts, found: list) -> None:
    present = [t for t in range(NUM_KINDS) if counts[t]]
    found.append(E.SEVEN_PAIRS)
    suits = {t // 9 for t in present if t < 27}
    honours = any(t >= 27 for t in present)
    if all(t in TERMINALS_HONOURS for t in present):
        terminals = any(t < 27 for t in present)
        found.append(E.SEVEN_PAIRS_HON_OR_TERM if not (honours and terminals) else E.SEVEN_PAIRS_TH)
    if len(suits) == 1 and not honours:
        found.append(E.SEVEN_PAIRS_PURE)
        if len(present) == 7 and present[6] - present[0] == 6:
            found.append(E.SEVEN_SHIFTED_PAIRS)


def _is_thirteen_orphans(counts) -> bool:
    return (
        sum(counts) == 14
        and all(counts[t] for t in TERMINALS_HONOURS)
        and sum(counts[t] for t in TERMINALS_HONOURS) == 14
    )


def _is_orphan_straight(counts) -> bool:
    """1 to 9 of one suit, one of each wind, and one more of those tiles (our reading of l.113)."""
    if sum(counts) != 14 or any(counts[t] for t in DRAGONS) or not all(counts[t] for t in WINDS):
        return False
    for s in range(3):
        if all(counts[9 * s + r] for r in range(9)):
            return sum(counts[9 * s + r] for r in range(9)) + sum(counts[t] for t in WINDS) == 14
    return False


def _is_nine_gates(hand: SpanishHand, counts) -> bool:
    if hand.melds:
        return False
    for s in range(3):
        ranks = counts[9 * s : 9 * s + 9]
        if sum(ranks) == 14 and ranks[0] >= 3 and ranks[8] >= 3 and all(ranks[1:8]):
            if hand.self_drawn:
                return True
            # A discard may complete it only if the thirteen held were 1112345678999 (l.130).
            before = list(ranks)
            before[hand.win_tile - 9 * s] -= 1
            return before == [3, 1, 1, 1, 1, 1, 1, 1, 3]
    return False


# ------------------------------------------------------------------ totals


def _special_score(found: list, sources: dict) -> tuple:
    best = max(found, key=lambda e: (E.ELEMENTS[e].points, e))
    e = E.ELEMENTS[best]
    return e.points, [Item(e.id, e.name, e.name_es, e.points, 1, sources.get(best, ["whole hand"]), e.kind)]


def _basic_total(tally: _Tally) -> tuple:
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
    melded = [_meld_unit(m) for m in hand.melds]
    if not hand.winning:
        return _loser(hand, melded)
    if hand.all_bonus:
        # All eight bonus tiles win at once, whatever the other tiles (l.94, l.100).
        total, items = _special_score([E.ALL_BONUS], {E.ALL_BONUS: ["flowers 1-4, seasons 1-4"]})
        return Score(True, total, items)
    counts = [0] * NUM_KINDS
    for t in hand.concealed:
        counts[t] += 1
    counts[hand.win_tile] += 1
    all_counts = list(counts)
    for m in hand.melds:
        for t in m.tiles:
            all_counts[t] += 1

    candidates = []  # (total, items, has_x8)
    tile_found: list = []
    _tile_specials(all_counts, tile_found)
    for arr in arrangements(tuple(counts), 4 - len(hand.melds)):
        units = list(melded)
        pair = None
        for kind, t in arr:
            if kind == PAIR:
                pair = _Unit((PAIR, t, False, ""))
            else:
                units.append(_Unit((kind, t, False, "")))
        units.append(pair)
        found = list(tile_found)
        _set_specials(hand, units, found)
        if _is_nine_gates(hand, all_counts):
            found.append(E.NINE_GATES)
        if E.FULL_FLUSH in found and hand.self_drawn and not any(u[2] for u in units):
            found.append(E.PURE_FULLY_CONCEALED)
        if found:
            total, items = _special_score(found, {})
            candidates.append((total, items, True))
            continue
        tally = _Tally()
        _bonus_and_sets(hand, units[:-1], tally)
        tally.add(E.MAH_JONG, "winning hand")
        _winner_doublings(hand, units, all_counts, tally)
        total, items = _basic_total(tally)
        has_x8 = any(i.kind == "double" and i.points >= 8 for i in items)
        candidates.append((total, items, has_x8))
    if not hand.melds:
        special = []
        if sum(counts) == 14 and all(c % 2 == 0 for c in counts):
            special = list(tile_found)
            _seven_pairs_specials(counts, special)
            if E.FULL_FLUSH in special and hand.self_drawn:
                special.append(E.PURE_FULLY_CONCEALED)
        elif _is_thirteen_orphans(counts):
            special = [E.THIRTEEN_ORPHANS]
        elif _is_orphan_straight(counts):
            special = [E.ORPHAN_STRAIGHT]
        if special:
            total, items = _special_score(special, {})
            candidates.append((total, items, True))
    if not candidates:
        return Score(False, 0, [], Message(NOT_WINNING))
    # The highest reading; among equal totals, one that meets the official x8 requirement.
    total, items, has_x8 = max(candidates, key=lambda c: (c[0], c[2]))
    if official and not has_x8:
        better = [c for c in candidates if c[2]]
        if better:
            total, items, has_x8 = max(better, key=lambda c: c[0])
        else:
            return Score(False, total, items, Message(NO_X8))
    return Score(True, total, items)


def _loser(hand: SpanishHand, melded: list) -> Score:
    """A player's tiles at the end of a hand someone else won (first payment mode, l.38-42).

    Sets count as declared; among the concealed tiles, three or four alike count as a
    concealed pung (an undeclared fourth tile makes no kong). No Mah Jong points, and only the
    doublings of sets and bonus tiles: the others describe a complete hand.
    """
    counts = [0] * NUM_KINDS
    for t in hand.concealed:
        counts[t] += 1
    units = list(melded) + [_Unit((PUNG, t, False, "")) for t in range(NUM_KINDS) if counts[t] >= 3]
    tally = _Tally()
    _bonus_and_sets(hand, units, tally)
    total, items = _basic_total(tally)
    return Score(True, total, items)
