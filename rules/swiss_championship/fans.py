"""The scoring elements of the General Rules of the Swiss Mahjong Championships (seed 002).

Fans are numbered as the rows of the 002 score sheet (1 Ping Hu .. 12 Di Hu); their basic
points are those of chapter 6 (line numbers of 002 in the comments). Extras (7.5), bonuses
(7.6) and the self-drawn multiplier (7.4.1) follow, numbered on from 13.
"""

from __future__ import annotations

from typing import NamedTuple


class Element(NamedTuple):
    id: int
    points: int
    name: str
    name_es: str
    name_zh: str
    kind: str  # "fan" basic points, "extra" added after bonuses, "bonus" x basic, "self_drawn" x total


_TABLE = [
    (1, 1, "Basic Hu", "Hu Básico", "平胡", "fan"),  # 6.1, l.132-134
    (2, 2, "All Pungs", "Todo Pungs", "碰碰胡", "fan"),  # 6.2, l.136-138
    (3, 4, "Full Flush", "Mano Pura", "清一色", "fan"),  # 6.3.1, l.142-144
    (4, 4, "Outside Hand", "Todo con Terminales", "帶幺九", "fan"),  # 6.3.2, l.146
    (5, 4, "Seven Pairs", "Siete Pares", "七対", "fan"),  # 6.3.3, l.148
    (6, 8, "All Pungs in One Suit", "Todo Pungs de una Familia", "清対", "fan"),  # 6.4.1, l.152
    (7, 8, "All Pungs of 2, 5 and 8", "Todo Pungs de 2, 5 y 8", "將対", "fan"),  # 6.4.2, l.154
    (8, 8, "Seven Pairs with a Kong", "Siete Pares con Kong", "龍七対", "fan"),  # 6.4.3, l.156
    (9, 16, "Seven Pairs in One Suit", "Siete Pares de una Familia", "清七対", "fan"),  # 6.5.1, l.160
    (10, 16, "Outside Hand in One Suit", "Todo con Terminales de una Familia", "清幺九", "fan"),  # 6.5.2, l.162
    (11, 32, "Sky Hu", "Hu del Cielo", "天胡", "fan"),  # 6.6.1, l.166
    (12, 32, "Earth Hu", "Hu de la Tierra", "地胡", "fan"),  # 6.6.2, l.168
    (13, 1, "Kong", "Kong", "杠", "extra"),  # 7.5.1, l.186
    (14, 1, "Tile Hog", "Ficha Acaparada", "四歸", "extra"),  # 7.5.2, l.187
    (15, 2, "Out with Replacement Tile", "Cerrar con Ficha Extra de Kong", "杠上開花", "bonus"),  # 7.6.1, l.191
    (16, 2, "Discard after a Kong", "Descarte tras Kong", "杠上炮", "bonus"),  # 7.6.2, l.192
    (17, 2, "Robbing the Kong", "Robo de Kong", "搶杠胡", "bonus"),  # 7.6.3, l.193
    (18, 2, "Last Tile Draw", "Última Ficha del Muro", "妙手回春", "bonus"),  # 7.6.4, l.194
    (19, 2, "Last Tile Claim", "Último Descarte", "海底撈月", "bonus"),  # 7.6.5, l.195
    (20, 3, "Self-Drawn", "Autorrobo", "自摸", "self_drawn"),  # 7.4.1, l.181
]

ELEMENTS: dict[int, Element] = {row[0]: Element(*row) for row in _TABLE}

BASIC_HU, ALL_PUNGS, FULL_FLUSH, OUTSIDE_HAND, SEVEN_PAIRS = 1, 2, 3, 4, 5
ALL_PUNGS_ONE_SUIT, ALL_PUNGS_258, SEVEN_PAIRS_KONG = 6, 7, 8
SEVEN_PAIRS_ONE_SUIT, OUTSIDE_ONE_SUIT, SKY_HU, EARTH_HU = 9, 10, 11, 12
KONG, TILE_HOG = 13, 14
OUT_WITH_REPLACEMENT, DISCARD_AFTER_KONG, ROBBING_THE_KONG, LAST_TILE_DRAW, LAST_TILE_CLAIM = 15, 16, 17, 18, 19
SELF_DRAWN = 20

FAN_IDS = tuple(range(1, 13))

# 7.3 non-repeat principle: a fan undisputedly implied by another is not scored with it.
# Every winning hand of four sets and a pair is a Basic Hu, so any other fan of such a hand
# (and Sky/Earth Hu, which are winning hands too) implies it.
IMPLIES: dict[int, frozenset[int]] = {
    ALL_PUNGS: frozenset({BASIC_HU}),
    FULL_FLUSH: frozenset({BASIC_HU}),
    OUTSIDE_HAND: frozenset({BASIC_HU}),
    ALL_PUNGS_ONE_SUIT: frozenset({ALL_PUNGS, FULL_FLUSH, BASIC_HU}),
    ALL_PUNGS_258: frozenset({ALL_PUNGS, BASIC_HU}),
    SEVEN_PAIRS_KONG: frozenset({SEVEN_PAIRS}),
    SEVEN_PAIRS_ONE_SUIT: frozenset({SEVEN_PAIRS, FULL_FLUSH}),
    OUTSIDE_ONE_SUIT: frozenset({OUTSIDE_HAND, FULL_FLUSH, BASIC_HU}),
    SKY_HU: frozenset({BASIC_HU}),
    EARTH_HU: frozenset({BASIC_HU}),
}
