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


# ------------------------------------------------------------------ the engine: the limit and the explanations

# A pure straight (x16) and a voided suit (x2): exactly x32.
X32 = dict(melds=["chow 123p", "chow 456p"], concealed="789p345mE", win_tile="E", flowers="1")


def test_exactly_x32_is_100_at_once_and_says_so():
    # l.28: "Una jugada básica con x32 son directamente 100 puntos": the limit is named for the x32, not for
    # 6 x 32 = 192 being over 100
    result = score(**X32)
    assert result["fans"][-1]["name_es"] == "Límite de 100 puntos" and result["fans"][-1]["from"] == ["x32 doublings"]
    assert result["total"] == 100


def test_a_doubling_counted_three_times_multiplies_three_times():
    # l.52: each pung of dragons doubles; a losing hand holding all three (no special hand for a loser, l.132
    # applies to the winner) is 3 x 2 points x 2 x 2 x 2 = 48, 50 after rounding
    result = score(winning=False, melds=["pung CCC", "pung FFF"], concealed="PPP123m9s")
    assert items(result)["Pong o Kong de Dragones"] == (2, 3)
    assert result["total"] == 50


@pytest.mark.parametrize(
    "hand, name_es, source",
    [
        # l.65 and l.69: the explanation names the chows that make the straight
        (
            dict(melds=["chow 123p", "chow 456m"], concealed="789s345mE", win_tile="E"),
            "Escalera Mixta",
            "chow 123p + chow 456m + chow 789s",
        ),
        (
            dict(melds=["chow 456s", "chow 123m"], concealed="789p345mE", win_tile="E"),
            "Escalera Mixta",
            "chow 123m + chow 456s + chow 789p",
        ),
        (X32, "Escalera Pura", "chow 123456789p"),
        (dict(melds=["chow 123s"], concealed="456789s345mE", win_tile="E"), "Escalera Pura", "chow 123456789s"),
    ],
)
def test_a_straight_names_its_chows(hand, name_es, source):
    result = score(**hand)
    assert [f["from"] for f in result["fans"] if f["name_es"] == name_es] == [[source]]


def test_a_losing_hands_concealed_pung_is_not_called_claimed():
    # A loser's three alike among the concealed tiles are a concealed pung (l.38-42): the explanation must not
    # say it was claimed from a discard, as it does for a declared pung.
    result = score(winning=False, melds=["pung 999p"], concealed="111m456p78s99s")
    assert [f["from"] for f in result["fans"] if f["name_es"] == "Pong de Terminales"] == [
        ["pung 999p (exposed)", "pung 111m"]
    ]


def test_concealed_hand_needs_every_declared_set_concealed_whatever_the_order():
    # l.55 "Tener todas las jugadas ocultas": three concealed kongs declared first do not make the exposed pung
    # declared after them concealed
    result = score(
        melds=["concealed_kong 5555s", "concealed_kong 6666p", "concealed_kong 7777m", "pung 222p"],
        concealed="9s",
        win_tile="9s",
    )
    assert result["valid"], result
    assert "Mano Oculta" not in items(result)
    assert {"Sin Honores", "Todo Pongs"} <= set(items(result))


# ------------------------------------------------------------------ special hands: their edges


@pytest.mark.parametrize(
    "hand",
    [
        # l.85, footnote (7): tiles 1-3 (Fichas Inferiores), 7-9 (Fichas Superiores), in several suits
        dict(melds=["chow 123p"], concealed="123m123s333m2p", win_tile="2p"),
        dict(melds=["chow 789p"], concealed="789m789s777m8p", win_tile="8p"),
        dict(melds=["pung 111p"], concealed="123m222s33s33m", win_tile="3m"),
        dict(melds=["pung 999p"], concealed="789m888s77s77m", win_tile="7m"),
    ],
)
def test_upper_and_lower_tiles(hand):
    result = score(**hand)
    assert items(result) == {"Fichas Sup, Inf o Centrales": (200, 1)}, result


def test_seven_pairs_of_one_suit_with_honours_are_only_seven_pairs():
    # l.93 "7 Pares Puros" is seven pairs of one suit (Mano Pura, l.84, has no honours): with honours they are
    # "7 Pares" (l.82)
    result = score(concealed="224466m88mEESSC", win_tile="C")
    assert items(result) == {"7 Pares": (200, 1)}


@pytest.mark.parametrize(
    "hand, name_es, value",
    [
        # l.112: a self-drawn Mano Pura with nothing taken from a discard is 1000, also as seven pairs
        (dict(concealed="1122335577994p", win_tile="4p", self_drawn=True), "Mano Pura Totalm. Oculta", 1000),
        # seven pairs self-drawn but not of one suit are only seven pairs (l.82)
        (dict(concealed="1155m2299p33sEEC", win_tile="C", self_drawn=True), "7 Pares", 200),
        # a self-drawn Mano Pura with a chow claimed from a discard is only Mano Pura (l.84, l.112)
        (dict(melds=["chow 123s"], concealed="4567892225s", win_tile="5s", self_drawn=True), "Mano Pura", 200),
        # l.117: self-drawn Nine Gates (1000) is also a fully concealed Mano Pura (1000): it is named Nine Gates
        (dict(concealed="1112345678999m", win_tile="5m", self_drawn=True), "Nueve Puertas", 1000),
        # footnote (12): Nine Gates is 1-1-1 and 9-9-9 with every tile from 2 to 8; a self-drawn one-suit hand
        # lacking one of them is only the fully concealed Mano Pura
        (dict(concealed="1113456789995m", win_tile="5m", self_drawn=True), "Mano Pura Totalm. Oculta", 1000),
        (dict(concealed="1112342349995m", win_tile="5m", self_drawn=True), "Mano Pura Totalm. Oculta", 1000),
        # l.96: all honours with nothing declared (four concealed pungs, so also Tesoro Escondido, 500 too)
        (dict(concealed="EEESSSWWWCCCP", win_tile="P"), "Tesoro Escondido", 500),
    ],
)
def test_fully_concealed_and_nine_gates_edges(hand, name_es, value):
    result = score(**hand)
    assert items(result) == {name_es: (value, 1)}, result


@pytest.mark.parametrize(
    "concealed, win_tile",
    [
        # l.113, our reading: 1 to 9 of one suit, one of each wind and one more of those tiles
        ("12345678m5mESWN", "E"),  # no 9
        ("123456789mESW5m", "E"),  # no North
    ],
)
def test_an_orphan_straight_needs_every_number_and_every_wind(concealed, win_tile):
    result = score(concealed=concealed, win_tile=win_tile)
    assert not result["valid"] and "not a winning hand" in result["error"]
    assert result["total"] == 0


def test_official_mode_takes_a_special_hand_of_four_sets():
    # l.11: a Mah Jong needs an x8 in the official mode; special hands (l.78-119) are worth more than any x8
    result = score(spanish(payment_mode="official"), melds=["chow 123s"], concealed="4567892225s", win_tile="5s")
    assert result["valid"], result
    assert items(result) == {"Mano Pura": (200, 1)}


# ------------------------------------------------------------------ the engine called directly


def test_score_hand_scores_in_the_ranked_mode_unless_told():
    # The package's documented call (rules/spanish/__init__.py): no x8 needed unless official is asked for
    from rules.spanish import SpanishHand, engine

    hand = SpanishHand.from_dict(dict(melds=["chow 234p", "chow 789m"], concealed="678s345mE", win_tile="E"))
    assert engine.score_hand(hand).valid
    assert not engine.score_hand(hand, official=True).valid


def test_score_hand_answers_a_hand_built_in_code_that_cannot_be_one():
    # score_hand never raises (a referee's batch goes on): a winning hand without its winning tile is refused
    from rules.core.tiles import parse_tiles
    from rules.spanish import SpanishHand, engine

    result = engine.score_hand(SpanishHand(concealed=list(parse_tiles("123m456p789s234sE"))))
    assert (result.valid, result.total, list(result.fans)) == (False, 0, [])
    assert "win_tile is missing" in str(result.error)


@pytest.mark.parametrize("mode", ["ranked", "official"])
def test_the_highest_reading_is_kept_in_both_modes(mode):
    # 222333444m are three pungs (Todo Pongs x8, l.61) or three chows 234m; out on the last tile (x8, l.67) both
    # readings meet the official x8 (l.11), and both modes keep the higher: 5 x 8 x 8 x 2 is over 100, while the
    # chows would be 5 x 8 x 2 = 80
    result = score(
        spanish(payment_mode=mode),
        melds=["pung 555p"],
        concealed="222333444mE",
        win_tile="E",
        last_wall=True,
    )
    assert result["valid"], result
    assert result["total"] == 100 and "Todo Pongs" in items(result)


def test_an_official_refusal_still_shows_what_the_hand_was_worth():
    # l.11: without an x8 the Mah Jong does not count in the official mode; the referee still sees its points
    result = score(
        spanish(payment_mode="official"),
        melds=["chow 234p", "chow 789m"],
        concealed="678s345mE",
        win_tile="E",
        flowers="1",
    )
    assert not result["valid"] and "x8" in result["error"]
    assert result["total"] == 10
    assert items(result) == {"Mah Jong (Juego completo)": (5, 1), "Flor o Estación": (1, 1)}
