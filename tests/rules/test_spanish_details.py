"""Spanish Mah-Jong rules (seed 001), the details test_spanish.py leaves open: what the score sheet lets a referee
type, which element cites which line of the rulebook, the limit's edges, the straights' and special hands' edges.

"l.N" is the line of shared/seeds/001_c6ef78b87b1190d1.txt the case comes from. As in test_spanish.py the player
sits South in a West round unless a test says otherwise. Rule sets are made inside the tests (not when the file is
imported) so that each test meets the rule set's code as it is when the test runs.
"""

import pytest

from rules.spanish import elements as E


def spanish(**options):
    # The class as the module holds it now, not the registry's reference to it.
    from rules.spanish.rule_set import SpanishRuleSet

    return SpanishRuleSet(**options)


def score(rules=None, **hand):
    hand.setdefault("seat_wind", "S")
    hand.setdefault("prevalent_wind", "W")
    return (rules or spanish()).score_dict(hand)


def items(result):
    return {f["name_es"]: (f["points"], f["count"]) for f in result["fans"]}


# ------------------------------------------------------------------ the rule set: what the referee types


@pytest.mark.parametrize(
    "mode, every_player, loser_maximum",
    [
        # ranked (l.38-42): every player's hand scores; a loser's hand is a basic hand, so at most 100 (l.27)
        ("ranked", True, 100),
        # official (l.44): only the winner collects, so the others' points are not typed (0 to 0)
        ("official", False, 0),
    ],
)
def test_the_score_sheet_entry_of_each_payment_mode(mode, every_player, loser_maximum):
    entry = spanish(payment_mode=mode).entry
    # The least a winner scores is Mah Jong's 5 rounded up to 10 (l.11, l.32); the most, an exceptional hand's
    # 1000 (l.110-119); every score is rounded up to tens (l.32).
    assert (entry.every_player, entry.minimum, entry.maximum, entry.step) == (every_player, 10, 1000, 10)
    assert (entry.loser_minimum, entry.loser_maximum) == (0, loser_maximum)
    entry.check(10)
    entry.check(1000)
    entry.check(0, winner=False)
    entry.check(loser_maximum, winner=False)


def test_the_hand_form_offers_seasons_and_winning_but_not_mcr_last_tile():
    # Own flower and own season double (l.50), losers' hands are declared in the ranked mode (l.38-42); MCR's
    # last_tile (a last tile of its kind) is worth nothing in 001, so the form does not offer it.
    assert spanish().hand_fields == (
        "concealed",
        "melds",
        "win_tile",
        "self_drawn",
        "flowers",
        "seasons",
        "kong",
        "last_wall",
        "seat_wind",
        "prevalent_wind",
        "winning",
    )


@pytest.mark.parametrize("hands, allowed", [(4, True), (8, True), (12, True), (16, True), (9, False), (13, False)])
def test_a_session_is_whole_rounds_of_four_hands(hands, allowed):
    # 001 says nothing of sessions: whole wind rounds of four hands, as MCR (the option's help says so)
    if allowed:
        assert spanish(hands_per_session=hands).hands_per_session == hands
    else:
        with pytest.raises(ValueError, match="hands_per_session"):
            spanish(hands_per_session=hands)


# ------------------------------------------------------------------ the elements: each cites its line of 001

# (element, line of 001, what that line prints, the element's points): the table a reader checks the rule set
# against. Where 001 prints one line for two elements (a kong exposed or concealed, l.7-9; own flower and own
# season, l.50) both cite it.
RULEBOOK_LINES = [
    (2, 5, "Pong de Terminales", 1),
    (3, 6, "Pong de Honores", 2),
    (4, 7, "Kong de Simples", 1),
    (5, 7, "Kong de Simples", 2),
    (6, 8, "Kong de Terminales", 2),
    (7, 8, "Kong de Terminales", 3),
    (8, 9, "Kong de Honores", 3),
    (9, 9, "Kong de Honores", 4),
    (10, 10, "Flor o Estacion", 1),
    (11, 11, "Mah Jong (Juego completo)", 5),
    (20, 50, "Flor y Estacion de Viento propio", 2),
    (21, 50, "Flor y Estacion de Viento propio", 2),
    (22, 51, "Pong o Kong de Vientos del juego", 2),
    (23, 52, "Pong o Kong de Dragones", 2),
    (24, 53, "Familia Ausente (1)", 2),
    (25, 54, "Sin Honores", 2),
    (26, 55, "Mano Oculta", 2),
    (27, 56, "Todo Chows (2)", 2),
    (28, 57, "Todo Simples", 2),
    (29, 58, "4 Flores o 4 Estaciones", 4),
    (30, 59, "Todo con Honores y/o Terminales", 4),
    (31, 60, "Mano Completam. Oculta", 4),
    (32, 61, "Todo Pongs", 8),
    (33, 62, "Mano Pura con Honores", 8),
    (34, 63, "Todas las Familias y Honores", 8),
    (35, 64, "Mano Expuesta", 8),
    (36, 65, "Escalera Mixta (3)", 8),
    (37, 66, "El Espejo (4)", 8),
    (38, 67, "Cerrar con Última", 8),
    (39, 68, "Robar un Kong", 8),
    (40, 69, "Escalera Pura", 16),
    (50, 80, "Las 4 Superiores o Las 4 Inferiores (5)", 150),
    (51, 81, "Todo con 5 (6)", 150),
    (52, 82, "7 Pares", 200),
    (53, 83, "Todo Pares", 200),
    (54, 84, "Mano Pura", 200),
    (55, 85, "Fichas Sup, Inf o Centrales (7)", 200),
    (56, 86, "Todo Terminales y Honores", 250),
    (57, 87, "Escalera Mixta con Honores (8)", 250),
    (58, 88, "Mano Verde (9)", 250),
    (59, 89, "Mano Roja (9)", 250),
    (60, 90, "Mano Blanca (9)", 250),
    (61, 91, "Escalera Pura con Honores (8)", 500),
    (62, 92, "7 Pares de Honores y Terminales", 500),
    (63, 93, "7 Pares Puros", 500),
    (64, 94, "Todas las Flores y las Estaciones", 500),
    (65, 95, "Todo Terminales", 500),
    (66, 96, "Todo Honores", 500),
    (67, 97, "Tesoro Escondido (4 Pongs ocultos)", 500),
    (70, 104, "3 Grandes Vientos", 150),
    (71, 105, "3 Pequeños Dragones", 500),
    (72, 106, "4 Pequeños Vientos", 500),
    (73, 107, "3 Grandes Dragones", 1000),
    (74, 108, "4 Grandes Vientos", 1000),
    (80, 112, "Mano Pura Totalm. Oculta", 1000),
    (81, 113, "Escalera Huérfana (10)", 1000),
    (82, 114, "7 Pares de Honores o de Terminales", 1000),
    (83, 115, "4 Kongs", 1000),
    (84, 116, "Todo Verde (11)", 1000),
    (85, 117, "Nueve Puertas (12)", 1000),
    (86, 118, "7 Pares Puros Consecutivos", 1000),
    (87, 119, "13 Huérfanos", 1000),
]


@pytest.mark.parametrize("eid, line, printed, points", RULEBOOK_LINES)
def test_each_element_cites_the_line_of_001_that_prints_it(eid, line, printed, points):
    element = E.ELEMENTS[eid]
    assert (element.line, element.points) == (line, points), printed


def test_every_element_is_in_the_rulebook_table_and_the_limit_cites_its_note():
    assert {row[0] for row in RULEBOOK_LINES} | {E.LIMIT} == set(E.ELEMENTS)
    # l.27: "Una mano con jugadas básicas ... no puede sumar mas de 100 puntos"
    limit = E.ELEMENTS[E.LIMIT]
    assert (limit.line, limit.points, limit.kind) == (27, 100, "limit")


# ------------------------------------------------------------------ the declared hand


def test_four_flowers_without_the_four_seasons_still_need_the_winning_tile_first():
    # Only all eight bonus tiles win without a winning tile (l.94, l.100): four flowers alone are a flower
    # doubling (l.58), so the missing winning tile is what the referee is told first, before the other tiles.
    result = score(concealed="123m456p789s23sZZ", flowers="1234")
    assert not result["valid"] and result["error"].startswith("win_tile is missing"), result["error"]
    result = score(concealed="123m456p789s23sZZ", seasons="1234")
    assert not result["valid"] and result["error"].startswith("win_tile is missing"), result["error"]
