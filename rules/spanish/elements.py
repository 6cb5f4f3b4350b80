"""The scoring elements of the Spanish Mah-Jong rules (seed 001, "Reglas Mah-Jong España").

Each element keeps the rulebook's Spanish name (``name_es``) and the 001 line it comes from.
Kinds: ``basic`` points are added; a ``double`` multiplies the basic points by ``points``;
a ``special`` hand is worth exactly ``points`` and takes nothing else (001 l.132); ``limit`` is
the 100-point ceiling of a basic hand (001 l.27-28).
"""

from __future__ import annotations

from typing import NamedTuple


class Element(NamedTuple):
    id: int
    points: int
    name: str
    name_es: str
    kind: str
    line: int  # line of seed 001


_TABLE = [
    # Puntos Básicos (l.1-11). Chows and pungs of simples are worth 0 and are not listed.
    (2, 1, "Pung of Terminals", "Pong de Terminales", "basic", 5),
    (3, 2, "Pung of Honours", "Pong de Honores", "basic", 6),
    (4, 1, "Exposed Kong of Simples", "Kong de Simples (expuesto)", "basic", 7),
    (5, 2, "Concealed Kong of Simples", "Kong de Simples (oculto)", "basic", 7),
    (6, 2, "Exposed Kong of Terminals", "Kong de Terminales (expuesto)", "basic", 8),
    (7, 3, "Concealed Kong of Terminals", "Kong de Terminales (oculto)", "basic", 8),
    (8, 3, "Exposed Kong of Honours", "Kong de Honores (expuesto)", "basic", 9),
    (9, 4, "Concealed Kong of Honours", "Kong de Honores (oculto)", "basic", 9),
    (10, 1, "Flower or Season", "Flor o Estación", "basic", 10),
    (11, 5, "Mah Jong", "Mah Jong (Juego completo)", "basic", 11),
    # Jugadas Básicas: the doublings (l.48-76).
    (20, 2, "Own Flower", "Flor de Viento propio", "double", 50),
    (21, 2, "Own Season", "Estación de Viento propio", "double", 50),
    (22, 2, "Pung or Kong of a Game Wind", "Pong o Kong de Vientos del juego", "double", 51),
    (23, 2, "Pung or Kong of Dragons", "Pong o Kong de Dragones", "double", 52),
    (24, 2, "Voided Suit", "Familia Ausente", "double", 53),
    (25, 2, "No Honours", "Sin Honores", "double", 54),
    (26, 2, "Concealed Hand", "Mano Oculta", "double", 55),
    (27, 2, "All Chows", "Todo Chows", "double", 56),
    (28, 2, "All Simples", "Todo Simples", "double", 57),
    (29, 4, "Four Flowers or Four Seasons", "4 Flores o 4 Estaciones", "double", 58),
    (30, 4, "Terminals or Honours in Every Set", "Todo con Honores y/o Terminales", "double", 59),
    (31, 4, "Fully Concealed Hand", "Mano Completamente Oculta", "double", 60),
    (32, 8, "All Pungs", "Todo Pongs", "double", 61),
    (33, 8, "Half Flush", "Mano Pura con Honores", "double", 62),
    (34, 8, "All Types", "Todas las Familias y Honores", "double", 63),
    (35, 8, "Melded Hand", "Mano Expuesta", "double", 64),
    (36, 8, "Mixed Straight", "Escalera Mixta", "double", 65),
    (37, 8, "The Mirror", "El Espejo", "double", 66),
    (38, 8, "Out on the Last Tile", "Cerrar con Última", "double", 67),
    (39, 8, "Robbing a Kong", "Robar un Kong", "double", 68),
    (40, 16, "Pure Straight", "Escalera Pura", "double", 69),
    # Manos Especiales (l.78-100).
    (50, 150, "Four Upper or Four Lower Tiles", "Las 4 Superiores o Las 4 Inferiores", "special", 80),
    (51, 150, "All Fives", "Todo con 5", "special", 81),
    (52, 200, "Seven Pairs", "7 Pares", "special", 82),
    (53, 200, "All Even", "Todo Pares", "special", 83),
    (54, 200, "Full Flush", "Mano Pura", "special", 84),
    (55, 200, "Upper, Lower or Middle Tiles", "Fichas Sup, Inf o Centrales", "special", 85),
    (56, 250, "All Terminals and Honours", "Todo Terminales y Honores", "special", 86),
    (57, 250, "Mixed Straight with Honours", "Escalera Mixta con Honores", "special", 87),
    (58, 250, "Green Hand", "Mano Verde", "special", 88),
    (59, 250, "Red Hand", "Mano Roja", "special", 89),
    (60, 250, "White Hand", "Mano Blanca", "special", 90),
    (61, 500, "Pure Straight with Honours", "Escalera Pura con Honores", "special", 91),
    (62, 500, "Seven Pairs of Honours and Terminals", "7 Pares de Honores y Terminales", "special", 92),
    (63, 500, "Seven Pairs in One Suit", "7 Pares Puros", "special", 93),
    (64, 500, "All Flowers and Seasons", "Todas las Flores y las Estaciones", "special", 94),
    (65, 500, "All Terminals", "Todo Terminales", "special", 95),
    (66, 500, "All Honours", "Todo Honores", "special", 96),
    (67, 500, "Hidden Treasure", "Tesoro Escondido", "special", 97),
    # Manos Especiales de Honores (l.102-108).
    (70, 150, "Big Three Winds", "3 Grandes Vientos", "special", 104),
    (71, 500, "Little Three Dragons", "3 Pequeños Dragones", "special", 105),
    (72, 500, "Little Four Winds", "4 Pequeños Vientos", "special", 106),
    (73, 1000, "Big Three Dragons", "3 Grandes Dragones", "special", 107),
    (74, 1000, "Big Four Winds", "4 Grandes Vientos", "special", 108),
    # Manos Excepcionales (l.110-119).
    (80, 1000, "Fully Concealed Full Flush", "Mano Pura Totalm. Oculta", "special", 112),
    (81, 1000, "Orphan Straight", "Escalera Huérfana", "special", 113),
    (82, 1000, "Seven Pairs of Honours or of Terminals", "7 Pares de Honores o de Terminales", "special", 114),
    (83, 1000, "Four Kongs", "4 Kongs", "special", 115),
    (84, 1000, "All Green", "Todo Verde", "special", 116),
    (85, 1000, "Nine Gates", "Nueve Puertas", "special", 117),
    (86, 1000, "Seven Consecutive Pairs in One Suit", "7 Pares Puros Consecutivos", "special", 118),
    (87, 1000, "Thirteen Orphans", "13 Huérfanos", "special", 119),
    # The ceiling of basic hands (l.27-28).
    (90, 100, "Basic-Hand Limit", "Límite de 100 puntos", "limit", 27),
]

ELEMENTS: dict[int, Element] = {row[0]: Element(*row) for row in _TABLE}

PUNG_TERMINALS, PUNG_HONOURS = 2, 3
KONG_POINTS = {  # (tile class, concealed) -> element; tile class 0 simples, 1 terminals, 2 honours
    (0, False): 4,
    (0, True): 5,
    (1, False): 6,
    (1, True): 7,
    (2, False): 8,
    (2, True): 9,
}
FLOWER_OR_SEASON, MAH_JONG = 10, 11

OWN_FLOWER, OWN_SEASON, GAME_WIND, DRAGON, VOIDED_SUIT, NO_HONOURS = 20, 21, 22, 23, 24, 25
CONCEALED, ALL_CHOWS, ALL_SIMPLES, FOUR_BONUS, OUTSIDE, FULLY_CONCEALED = 26, 27, 28, 29, 30, 31
ALL_PUNGS, HALF_FLUSH, ALL_TYPES, MELDED_HAND, MIXED_STRAIGHT, MIRROR = 32, 33, 34, 35, 36, 37
LAST_TILE, ROBBING_KONG, PURE_STRAIGHT = 38, 39, 40

FOUR_UPPER_LOWER, ALL_FIVES, SEVEN_PAIRS, ALL_EVEN, FULL_FLUSH, THIRDS = 50, 51, 52, 53, 54, 55
ALL_TERMINALS_HONOURS, MIXED_STRAIGHT_HONOURS, GREEN_HAND, RED_HAND, WHITE_HAND = 56, 57, 58, 59, 60
PURE_STRAIGHT_HONOURS, SEVEN_PAIRS_TH, SEVEN_PAIRS_PURE, ALL_BONUS, ALL_TERMINALS = 61, 62, 63, 64, 65
ALL_HONOURS, HIDDEN_TREASURE = 66, 67
BIG_THREE_WINDS, LITTLE_THREE_DRAGONS, LITTLE_FOUR_WINDS, BIG_THREE_DRAGONS, BIG_FOUR_WINDS = 70, 71, 72, 73, 74
PURE_FULLY_CONCEALED, ORPHAN_STRAIGHT, SEVEN_PAIRS_HON_OR_TERM, FOUR_KONGS = 80, 81, 82, 83
ALL_GREEN, NINE_GATES, SEVEN_SHIFTED_PAIRS, THIRTEEN_ORPHANS = 84, 85, 86, 87
LIMIT = 90

# A doubling implied by the definition of another is not counted with it. 001 says so for the
# Mirror (l.76); the others are our reading, listed in docs/rule-sets.md.
INCLUDES: dict[int, frozenset[int]] = {
    MIRROR: frozenset({VOIDED_SUIT}),
    ALL_CHOWS: frozenset({NO_HONOURS}),
    ALL_SIMPLES: frozenset({NO_HONOURS}),
    HALF_FLUSH: frozenset({VOIDED_SUIT}),
}
