"""The 81 fans of MCR 3.8.1, numbered as in the rulebook.

English names follow the quick reference (seed 004), Spanish names the rulebook's
appendix 1 (seed 000, OCR noise removed). REFERENCE_NAMES gives the Chinese name the
reference calculator (PyMahjongGB) prints for each fan, so results can be compared;
``name_zh`` is the standard Chinese (国标) name a player reads, the same but for the three waits.
"""

from __future__ import annotations

from typing import NamedTuple


class FanDef(NamedTuple):
    id: int
    points: int
    name: str
    name_es: str
    name_zh: str


_TABLE = [
    # id, points, English (004), Spanish (000), reference name
    (1, 88, "Big Four Winds", "Cuatro Grandes Vientos", "大四喜"),
    (2, 88, "Big Three Dragons", "Tres Grandes Dragones", "大三元"),
    (3, 88, "All Green", "Todo Verde", "绿一色"),
    (4, 88, "Nine Gates", "Nueve Puertas", "九莲宝灯"),
    (5, 88, "All Kongs", "Cuatro Kong", "四杠"),
    (6, 88, "Seven Shifted Pairs", "Siete Pares Consecutivos Puros", "连七对"),
    (7, 88, "Thirteen Orphans", "Trece Huérfanos", "十三幺"),
    (8, 64, "All Terminals", "Todo Terminales", "清幺九"),
    (9, 64, "Little Four Winds", "Cuatro Pequeños Vientos", "小四喜"),
    (10, 64, "Little Three Dragons", "Tres Pequeños Dragones", "小三元"),
    (11, 64, "All Honors", "Todo Honores", "字一色"),
    (12, 64, "Four Concealed Pungs", "Cuatro Pung Ocultos", "四暗刻"),
    (13, 64, "Pure Terminal Chows", "x2 Chow Extremos 1 Familia", "一色双龙会"),
    (14, 48, "Quadruple Chow", "Cuatro Chow Puros", "一色四同顺"),
    (15, 48, "Four Pure Shifted Pungs", "Cuatro Pung Consecutivos Puros", "一色四节高"),
    (16, 32, "Four Pure Shifted Chows", "Cuatro Chow Escalonados Puros", "一色四步高"),
    (17, 32, "Three Kongs", "Tres Kong", "三杠"),
    (18, 32, "All Terminals and Honors", "Todo Terminales y Honores", "混幺九"),
    (19, 24, "Seven Pairs", "Siete Pares", "七对"),
    (20, 24, "Greater Honors & Knitted Tiles", "Fichas Cosidas con Grandes Honores", "七星不靠"),
    (21, 24, "All Even Pungs", "Todo Pares de Pung", "全双刻"),
    (22, 24, "Full Flush", "Mano Pura", "清一色"),
    (23, 24, "Pure Triple Chow", "Tres Chow Puros", "一色三同顺"),
    (24, 24, "Pure Shifted Pungs", "Tres Pung Consecutivos Puros", "一色三节高"),
    (25, 24, "Upper Tiles", "Tres Superiores", "全大"),
    (26, 24, "Middle Tiles", "Tres Centrales", "全中"),
    (27, 24, "Lower Tiles", "Tres Inferiores", "全小"),
    (28, 16, "Pure Straight", "Escalera Pura", "清龙"),
    (29, 16, "Three Suited Terminal Chows", "x2 Chows Extremos Tres Familias", "三色双龙会"),
    (30, 16, "Pure Shifted Chows", "Tres Chow Escalonados Puros", "一色三步高"),
    (31, 16, "All Fives", "Todo Cincos", "全带五"),
    (32, 16, "Triple Pung", "Tres Pung Iguales", "三同刻"),
    (33, 16, "Three Concealed Pungs", "Tres Pung Ocultos", "三暗刻"),
    (34, 12, "Lesser Honors & Knitted Tiles", "Fichas Cosidas con Pocos Honores", "全不靠"),
    (35, 12, "Knitted Straight", "Fichas Cosidas", "组合龙"),
    (36, 12, "Upper Four", "Cuatro Superiores", "大于五"),
    (37, 12, "Lower Four", "Cuatro Inferiores", "小于五"),
    (38, 12, "Big Three Winds", "Tres Grandes Vientos", "三风刻"),
    (39, 8, "Mixed Straight", "Escalera Mixta", "花龙"),
    (40, 8, "Reversible Tiles", "El Espejo", "推不倒"),
    (41, 8, "Mixed Triple Chow", "Tres Chow Mixtos", "三色三同顺"),
    (42, 8, "Mixed Shifted Pungs", "Tres Pung Consecutivos Mixtos", "三色三节高"),
    (43, 8, "Chicken Hand", "Mano Vacía", "无番和"),
    (44, 8, "Last Tile Drawn", "Última Ficha del Muro", "妙手回春"),
    (45, 8, "Last Tile Claimed", "Último Descarte", "海底捞月"),
    (46, 8, "Out with Supplement Tile", "Cerrar con Ficha Extra de Kong", "杠上开花"),
    (47, 8, "Robbing a Kong", "Robo de Kong", "抢杠和"),
    (48, 8, "Two Concealed Kongs", "Dos Kong Ocultos", "双暗杠"),
    (49, 6, "All Pungs", "Todo Pung", "碰碰和"),
    (50, 6, "Half Flush", "Mano Semipura", "混一色"),
    (51, 6, "Mixed Shifted Chows", "Tres Chows Escalonados Mixtos", "三色三步高"),
    (52, 6, "All Types", "Todas las Familias y Honores", "五门齐"),
    (53, 6, "Melded Hand", "Mano Expuesta", "全求人"),
    (54, 6, "Two Dragon Pungs", "Dos Pung de Dragones", "双箭刻"),
    (55, 4, "Outside Hand", "Todo con Terminales y Honores", "全带幺"),
    (56, 4, "Fully Concealed Hand", "Mano Completamente Oculta", "不求人"),
    (57, 4, "Two Melded Kongs", "Dos Kong Expuestos", "双明杠"),
    (58, 4, "Last Tile", "Última Ficha", "和绝张"),
    (59, 2, "Dragon Pung", "Pung de Dragón", "箭刻"),
    (60, 2, "Prevalent Wind", "Pung de Viento de la Ronda", "圈风刻"),
    (61, 2, "Seat Wind", "Pung de Viento Propio", "门风刻"),
    (62, 2, "Concealed Hand", "Mano Oculta", "门前清"),
    (63, 2, "All Chows", "Todo Chow Sin Honores", "平和"),
    (64, 2, "Tile Hog", "Ficha Acaparada", "四归一"),
    (65, 2, "Double Pungs", "Dos Pung Iguales", "双同刻"),
    (66, 2, "Two Concealed Pungs", "Dos Pung Ocultos", "双暗刻"),
    (67, 2, "Concealed Kong", "Kong Oculto", "暗杠"),
    (68, 2, "All Simples", "Todo Simples", "断幺"),
    (69, 1, "Pure Double Chow", "Dos Chow Puros", "一般高"),
    (70, 1, "Mixed Double Chow", "Dos Chow Mixtos", "喜相逢"),
    (71, 1, "Short Straight", "Escalera Corta", "连六"),
    (72, 1, "Two Terminal Chows", "Dos Chow Extremos Puros", "老少副"),
    (73, 1, "Pung of Terminals or Honors", "Pung de Terminales u Honores", "幺九刻"),
    (74, 1, "Melded Kong", "Kong Expuesto", "明杠"),
    (75, 1, "One Voided Suit", "Familia Ausente", "缺一门"),
    (76, 1, "No Honors", "Sin Honores", "无字"),
    (77, 1, "Edge Wait", "Espera de Borde", "独听・边张"),
    (78, 1, "Closed Wait", "Espera Cerrada", "独听・嵌张"),
    (79, 1, "Single Wait", "Espera Simple", "独听・单钓"),
    (80, 1, "Self-Pick", "Cerrar del Muro", "自摸"),
    (81, 1, "Flower Tile", "Fichas de Flores", "花牌"),
]

REFERENCE_NAMES: dict[int, str] = {row[0]: row[4] for row in _TABLE}
# PyMahjongGB prefixes the three waits with 独听 (its own marker that the wait was the only one);
# the rulebook's Chinese names are the bare 边张, 嵌张 and 单钓将.
_STANDARD_ZH = {77: "边张", 78: "嵌张", 79: "单钓将"}
FANS: dict[int, FanDef] = {row[0]: FanDef(*row[:4], _STANDARD_ZH.get(row[0], row[4])) for row in _TABLE}

# The reference scores one melded plus one concealed kong as a single 5-point fan of its
# own; the rulebook (appendix 1, fan 57) counts Two Melded Kongs + Concealed Kong = 6.
REFERENCE_MELDED_AND_CONCEALED_KONG = "明暗杠"
REFERENCE_SPECIAL_NAMES: dict[str, tuple[int, ...]] = {REFERENCE_MELDED_AND_CONCEALED_KONG: (57, 67)}

# Names used in the code, so the scorer reads like the rulebook.
BIG_FOUR_WINDS = 1
BIG_THREE_DRAGONS = 2
ALL_GREEN = 3
NINE_GATES = 4
ALL_KONGS = 5
SEVEN_SHIFTED_PAIRS = 6
THIRTEEN_ORPHANS = 7
ALL_TERMINALS = 8
LITTLE_FOUR_WINDS = 9
LITTLE_THREE_DRAGONS = 10
ALL_HONORS = 11
FOUR_CONCEALED_PUNGS = 12
PURE_TERMINAL_CHOWS = 13
QUADRUPLE_CHOW = 14
FOUR_PURE_SHIFTED_PUNGS = 15
FOUR_PURE_SHIFTED_CHOWS = 16
THREE_KONGS = 17
ALL_TERMINALS_AND_HONORS = 18
SEVEN_PAIRS = 19
GREATER_HONORS_KNITTED = 20
ALL_EVEN_PUNGS = 21
FULL_FLUSH = 22
PURE_TRIPLE_CHOW = 23
PURE_SHIFTED_PUNGS = 24
UPPER_TILES = 25
MIDDLE_TILES = 26
LOWER_TILES = 27
PURE_STRAIGHT = 28
THREE_SUITED_TERMINAL_CHOWS = 29
PURE_SHIFTED_CHOWS = 30
ALL_FIVES = 31
TRIPLE_PUNG = 32
THREE_CONCEALED_PUNGS = 33
LESSER_HONORS_KNITTED = 34
KNITTED_STRAIGHT = 35
UPPER_FOUR = 36
LOWER_FOUR = 37
BIG_THREE_WINDS = 38
MIXED_STRAIGHT = 39
REVERSIBLE_TILES = 40
MIXED_TRIPLE_CHOW = 41
MIXED_SHIFTED_PUNGS = 42
CHICKEN_HAND = 43
LAST_TILE_DRAW = 44
LAST_TILE_CLAIM = 45
OUT_WITH_REPLACEMENT = 46
ROBBING_THE_KONG = 47
TWO_CONCEALED_KONGS = 48
ALL_PUNGS = 49
HALF_FLUSH = 50
MIXED_SHIFTED_CHOWS = 51
ALL_TYPES = 52
MELDED_HAND = 53
TWO_DRAGON_PUNGS = 54
OUTSIDE_HAND = 55
FULLY_CONCEALED = 56
TWO_MELDED_KONGS = 57
LAST_TILE = 58
DRAGON_PUNG = 59
PREVALENT_WIND = 60
SEAT_WIND = 61
CONCEALED_HAND = 62
ALL_CHOWS = 63
TILE_HOG = 64
DOUBLE_PUNG = 65
TWO_CONCEALED_PUNGS = 66
CONCEALED_KONG = 67
ALL_SIMPLES = 68
PURE_DOUBLE_CHOW = 69
MIXED_DOUBLE_CHOW = 70
SHORT_STRAIGHT = 71
TWO_TERMINAL_CHOWS = 72
PUNG_TERMINALS_HONORS = 73
MELDED_KONG = 74
ONE_VOIDED_SUIT = 75
NO_HONORS = 76
EDGE_WAIT = 77
CLOSED_WAIT = 78
SINGLE_WAIT = 79
SELF_DRAWN = 80
FLOWER_TILES = 81

POINTS = [0] * 82
for _f in FANS.values():
    POINTS[_f.id] = _f.points
del _f

# Appendix 1 exclusions: a fan scored makes the fans listed here not count. Applied from the
# highest fan down, so a fan that is itself excluded does not exclude anything.
EXCLUDES: dict[int, tuple[int, ...]] = {
    BIG_FOUR_WINDS: (BIG_THREE_WINDS, ALL_PUNGS, SEAT_WIND, PREVALENT_WIND, PUNG_TERMINALS_HONORS),
    BIG_THREE_DRAGONS: (DRAGON_PUNG, TWO_DRAGON_PUNGS),
    NINE_GATES: (FULL_FLUSH, CONCEALED_HAND, PUNG_TERMINALS_HONORS, NO_HONORS),
    ALL_KONGS: (ALL_PUNGS, SINGLE_WAIT),
    SEVEN_SHIFTED_PAIRS: (SEVEN_PAIRS, FULL_FLUSH, CONCEALED_HAND, SINGLE_WAIT, NO_HONORS),
    THIRTEEN_ORPHANS: (ALL_TYPES, CONCEALED_HAND, SINGLE_WAIT),
    ALL_TERMINALS: (ALL_TERMINALS_AND_HONORS, ALL_PUNGS, OUTSIDE_HAND, PUNG_TERMINALS_HONORS, NO_HONORS),
    LITTLE_FOUR_WINDS: (BIG_THREE_WINDS,),
    LITTLE_THREE_DRAGONS: (TWO_DRAGON_PUNGS, DRAGON_PUNG),
    ALL_HONORS: (ALL_TERMINALS_AND_HONORS, ALL_PUNGS, OUTSIDE_HAND, PUNG_TERMINALS_HONORS),
    FOUR_CONCEALED_PUNGS: (ALL_PUNGS, CONCEALED_HAND),
    PURE_TERMINAL_CHOWS: (FULL_FLUSH, ALL_CHOWS, PURE_DOUBLE_CHOW, TWO_TERMINAL_CHOWS, NO_HONORS),
    QUADRUPLE_CHOW: (PURE_TRIPLE_CHOW, TILE_HOG, PURE_DOUBLE_CHOW),
    FOUR_PURE_SHIFTED_PUNGS: (PURE_SHIFTED_PUNGS, ALL_PUNGS),
    FOUR_PURE_SHIFTED_CHOWS: (PURE_SHIFTED_CHOWS, SHORT_STRAIGHT),
    ALL_TERMINALS_AND_HONORS: (ALL_PUNGS, OUTSIDE_HAND, PUNG_TERMINALS_HONORS),
    SEVEN_PAIRS: (CONCEALED_HAND, SINGLE_WAIT),
    GREATER_HONORS_KNITTED: (LESSER_HONORS_KNITTED, ALL_TYPES, CONCEALED_HAND, SINGLE_WAIT),
    ALL_EVEN_PUNGS: (ALL_PUNGS, ALL_SIMPLES, NO_HONORS),
    FULL_FLUSH: (NO_HONORS,),
    PURE_TRIPLE_CHOW: (PURE_DOUBLE_CHOW,),
    UPPER_TILES: (UPPER_FOUR, NO_HONORS),
    MIDDLE_TILES: (ALL_SIMPLES, NO_HONORS),
    LOWER_TILES: (LOWER_FOUR, NO_HONORS),
    THREE_SUITED_TERMINAL_CHOWS: (ALL_CHOWS, MIXED_DOUBLE_CHOW, TWO_TERMINAL_CHOWS, NO_HONORS),
    ALL_FIVES: (ALL_SIMPLES, NO_HONORS),
    LESSER_HONORS_KNITTED: (ALL_TYPES, CONCEALED_HAND, SINGLE_WAIT),
    UPPER_FOUR: (NO_HONORS,),
    LOWER_FOUR: (NO_HONORS,),
    REVERSIBLE_TILES: (ONE_VOIDED_SUIT,),
    MIXED_TRIPLE_CHOW: (MIXED_DOUBLE_CHOW,),
    LAST_TILE_DRAW: (SELF_DRAWN,),
    OUT_WITH_REPLACEMENT: (SELF_DRAWN,),
    ROBBING_THE_KONG: (LAST_TILE,),
    TWO_CONCEALED_KONGS: (TWO_CONCEALED_PUNGS,),
    MELDED_HAND: (SINGLE_WAIT,),
    TWO_DRAGON_PUNGS: (DRAGON_PUNG,),
    FULLY_CONCEALED: (SELF_DRAWN,),
    ALL_CHOWS: (NO_HONORS,),
    ALL_SIMPLES: (NO_HONORS,),
}
#: The fans that exclude others, lowest number (highest fan) first.
EXCLUSION_ORDER = sorted(EXCLUDES)
