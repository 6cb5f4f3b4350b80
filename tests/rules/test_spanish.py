"""Spanish Mah-Jong rules (seed 001): basic points, every doubling, the limit, rounding, every
special hand, losers' hands, the official mode, both payment modes, sessions.

"l.N" is the line of shared/seeds/001_c6ef78b87b1190d1.txt the case comes from. Unless a test
says otherwise the player sits South in a West round, so the pair of East in the base hands
is nobody's wind and scores nothing.
"""

import pytest

from rules.base import HandError, PaymentError
from rules.registry import get_rule_set

RULES = get_rule_set("spanish")
OFFICIAL = get_rule_set("spanish", payment_mode="official")


def score(rules=RULES, **hand):
    hand.setdefault("seat_wind", "S")
    hand.setdefault("prevalent_wind", "W")
    return rules.score_dict(hand)


def items(result):
    return {f["name_es"]: (f["points"], f["count"]) for f in result["fans"]}


# A winning hand with no doubling: exposed chows in three suits, a pair of East, one flower
# that is not the player's own. 5 (Mah Jong) + 1 (flower) = 6 points, 10 after rounding.
BASE = dict(melds=["chow 234p", "chow 789m"], concealed="678s345mE", win_tile="E", flowers="1")


def test_base_hand_has_only_mah_jong_and_its_flower():
    result = score(**BASE)
    assert result["valid"], result
    assert items(result) == {"Mah Jong (Juego completo)": (5, 1), "Flor o Estación": (1, 1)}
    assert result["total"] == 10  # 6 rounded up to the ten (l.32)


# Basic points (l.1-11): the set under test replaces chow 789m.
@pytest.mark.parametrize(
    "line, meld, name_es, points",
    [
        (5, "pung 111p", "Pong de Terminales", 1),
        (6, "pung NNN", "Pong de Honores", 2),
        (7, "kong 5555s", "Kong de Simples (expuesto)", 1),
        (7, "concealed_kong 5555s", "Kong de Simples (oculto)", 2),
        (8, "kong 9999m", "Kong de Terminales (expuesto)", 2),
        (8, "concealed_kong 9999m", "Kong de Terminales (oculto)", 3),
        (9, "kong NNNN", "Kong de Honores (expuesto)", 3),
        (9, "concealed_kong NNNN", "Kong de Honores (oculto)", 4),
    ],
)
def test_basic_points_of_each_set(line, meld, name_es, points):
    result = score(**{**BASE, "melds": ["chow 234p", meld], "flowers": ""})
    assert result["valid"], result
    assert items(result)[name_es] == (points, 1), f"001 l.{line}"


def test_chows_and_pungs_of_simples_are_worth_nothing():
    # l.3-4
    result = score(**{**BASE, "melds": ["chow 234p", "pung 555s"], "flowers": ""})
    assert items(result) == {"Mah Jong (Juego completo)": (5, 1)}


def test_points_add_up_then_round_up_to_the_next_ten():
    # l.8-9 and l.32: 5 + 4 (concealed kong of honours) + 3 (concealed kong of terminals) = 12 -> 20
    result = score(melds=["concealed_kong NNNN", "concealed_kong 9999m", "chow 234p"], concealed="678sE", win_tile="E")
    assert result["valid"], result
    assert result["total"] == 20
    # l.32: 40 points in hand are 40: Mah Jong 5 x 8 (Melded Hand, l.64)
    exact = score(melds=["chow 234p", "chow 789m", "chow 678s", "chow 345m"], concealed="E", win_tile="E")
    assert items(exact)["Mano Expuesta"] == (8, 1) and exact["total"] == 40


def test_flowers_and_seasons_are_one_point_each():
    # l.10
    result = score(**{**BASE, "flowers": "13", "seasons": "1"})
    assert items(result)["Flor o Estación"] == (1, 3)


# Doublings (l.50-69). BASE is 6 points; each case lists the doublings the hand holds.
@pytest.mark.parametrize(
    "line, hand, doublings, total",
    [
        (50, dict(BASE, flowers="2"), {"Flor de Viento propio": 2}, 20),  # 6 x 2 = 12
        (50, dict(BASE, seasons="2"), {"Estación de Viento propio": 2}, 20),  # (5+1+1) x 2 = 14
        (
            50,
            dict(BASE, flowers="2", seasons="2"),
            {"Flor de Viento propio": 2, "Estación de Viento propio": 2},
            30,
        ),  # 7 x 4 = 28
        (51, dict(BASE, melds=["chow 234p", "pung SSS"]), {"Pong o Kong de Vientos del juego": 2}, 20),  # 8 x 2
        (51, dict(BASE, melds=["chow 234p", "pung WWW"]), {"Pong o Kong de Vientos del juego": 2}, 20),
        (
            52,
            dict(BASE, melds=["chow 234p", "pung CCC"], concealed="678s345m5s", win_tile="5s"),
            {"Pong o Kong de Dragones": 2},
            20,
        ),  # 8 x 2 = 16
        (53, dict(BASE, melds=["chow 234p", "chow 789p"], concealed="678s345sE"), {"Familia Ausente": 2}, 20),
        (
            54,
            dict(BASE, melds=["chow 234p", "pung 999m"], concealed="678s345m5s", win_tile="5s"),
            {"Sin Honores": 2},
            20,
        ),  # 7 x 2 = 14
        (55, dict(BASE, melds=[], concealed="234p789m678s345mE"), {"Mano Oculta": 2}, 20),
        (56, dict(BASE, concealed="678s345m5s", win_tile="5s"), {"Todo Chows": 2}, 20),
        (
            57,
            dict(BASE, melds=["chow 234p", "chow 678m"], concealed="678s345m5s", win_tile="5s"),
            {"Todo Chows": 2, "Todo Simples": 2},
            30,
        ),  # 6 x 4 = 24
        (58, dict(BASE, flowers="1234"), {"4 Flores o 4 Estaciones": 4}, 40),  # 9 x 4 = 36
        (
            59,
            dict(BASE, melds=["chow 123p", "pung 999m"], concealed="789s111sN", win_tile="N"),
            {"Todo con Honores y/o Terminales": 4},
            40,
        ),  # 8 x 4 = 32
        (
            60,
            dict(BASE, melds=[], concealed="234p789m678s345mE", self_drawn=True),
            {"Mano Completamente Oculta": 4},
            30,
        ),
        (61, dict(BASE, melds=["pung 222p", "pung 999m"], concealed="666s444mE"), {"Todo Pongs": 8}, 60),  # 7 x 8
        (62, dict(BASE, melds=["chow 234p", "chow 789p"], concealed="678p345pE"), {"Mano Pura con Honores": 8}, 50),
        (63, dict(BASE, concealed="678sNNNC", win_tile="C"), {"Todas las Familias y Honores": 8}, 70),  # 8 x 8
        (
            64,
            dict(BASE, melds=["chow 234p", "chow 789m", "chow 678s", "chow 345m"], concealed="E"),
            {"Mano Expuesta": 8},
            50,
        ),
        (65, dict(BASE, melds=["chow 123p", "chow 456m"], concealed="789s345mE"), {"Escalera Mixta": 8}, 50),
        (
            66,
            dict(BASE, melds=["chow 456s", "chow 345p"], concealed="999s123pP", win_tile="P"),
            {"El Espejo": 8},
            60,
        ),  # 7 x 8 = 56
        (67, dict(BASE, last_wall=True), {"Cerrar con Última": 8}, 50),
        (68, dict(BASE, concealed="678s34mEE", win_tile="5m", kong=True), {"Robar un Kong": 8}, 50),
        # a pure straight always leaves a suit out or has no honours: here x2 x16 is x32, 100 (l.28)
        (
            69,
            dict(BASE, melds=["chow 123p", "chow 456p"], concealed="789p345mE"),
            {"Familia Ausente": 2, "Escalera Pura": 16},
            100,
        ),
    ],
)
def test_each_doubling(line, hand, doublings, total):
    result = score(**hand)
    assert result["valid"], result
    got = {f["name_es"]: f["points"] ** f["count"] for f in result["fans"] if f["kind"] == "double"}
    assert got == doublings, f"001 l.{line}"
    assert result["total"] == total


def test_game_wind_that_is_both_own_and_prevalent_doubles_twice():
    # l.19 and l.51: a South pung for South in the South round
    result = score(**dict(BASE, melds=["chow 234p", "pung SSS"]), prevalent_wind="S")
    assert items(result)["Pong o Kong de Vientos del juego"] == (2, 2)
    assert result["total"] == 40  # 8 x 4 = 32


def test_footnotes_all_chows_has_no_honours_and_voided_suit_may_hold_them():
    # l.73-74: Voided Suit may include honours; All Chows may not
    assert "Todo Chows" not in items(score(**BASE))
    assert "Familia Ausente" in items(score(**dict(BASE, melds=["chow 234p", "chow 789p"], concealed="678s345sE")))


def test_mirror_includes_voided_suit():
    # l.76: "El x2 por Familia Ausente va incluido"
    result = score(**dict(BASE, melds=["chow 456s", "chow 345p"], concealed="999s123pP", win_tile="P"))
    assert "Familia Ausente" not in items(result)


def test_four_flowers_include_the_own_flower():
    result = score(**dict(BASE, flowers="1234"))
    assert "Flor de Viento propio" not in items(result)


# The limit (l.27-28)
def test_basic_hand_is_at_most_100():
    # 5 + 4 (concealed kong NNNN) + 2 (kong 9999m) + 2 flowers = 13, x 8 (Todo Pongs) = 104 -> 100
    result = score(
        melds=["concealed_kong NNNN", "kong 9999m", "pung 555p"], concealed="222sE", win_tile="E", flowers="13"
    )
    assert result["valid"], result
    assert items(result)["Límite de 100 puntos"] == (100, 1) and result["total"] == 100
    assert result["fans"][-1]["from"] == ["13 x 8 = 104"]


def test_x32_is_100_at_once():
    # Escalera Pura x16, Mano Oculta x2, Familia Ausente x2: 6 x 64 would be 384; x32 or more is 100
    result = score(**dict(BASE, melds=[], concealed="123456789p345mE"))
    assert result["valid"], result
    assert items(result)["Límite de 100 puntos"] == (100, 1)
    assert result["fans"][-1]["from"] == ["x64 doublings"] and result["total"] == 100


# Special hands (l.78-100), honour hands (l.102-108), exceptional hands (l.110-119)
@pytest.mark.parametrize(
    "line, hand, name_es, value",
    [
        (
            80,
            dict(melds=["chow 123p"], concealed="234m444s123s1m", win_tile="1m"),
            "Las 4 Superiores o Las 4 Inferiores",
            150,
        ),
        (
            80,
            dict(melds=["chow 678p"], concealed="789m666s789s9m", win_tile="9m"),
            "Las 4 Superiores o Las 4 Inferiores",
            150,
        ),
        (81, dict(melds=["chow 345p"], concealed="555m456s567m5s", win_tile="5s"), "Todo con 5", 150),
        (82, dict(concealed="1155m2299p33sEEC", win_tile="C"), "7 Pares", 200),
        (83, dict(melds=["pung 222p"], concealed="444m666888s8m", win_tile="8m"), "Todo Pares", 200),
        (84, dict(melds=["chow 123s"], concealed="4567892225s", win_tile="5s"), "Mano Pura", 200),
        (85, dict(melds=["chow 456p"], concealed="456m444666s5m", win_tile="5m"), "Fichas Sup, Inf o Centrales", 200),
        (86, dict(melds=["pung 111p"], concealed="999mEEE999sC", win_tile="C"), "Todo Terminales y Honores", 250),
        (87, dict(melds=["chow 123p"], concealed="456m789sNNNE", win_tile="E"), "Escalera Mixta con Honores", 250),
        (88, dict(melds=["pung FFF"], concealed="123345777s5s", win_tile="5s"), "Mano Verde", 250),
        (89, dict(melds=["pung CCC"], concealed="123345777m5m", win_tile="5m"), "Mano Roja", 250),
        (90, dict(melds=["pung PPP"], concealed="123345777p5p", win_tile="5p"), "Mano Blanca", 250),
        (91, dict(melds=["pung NNN"], concealed="123456789sE", win_tile="E"), "Escalera Pura con Honores", 500),
        (92, dict(concealed="11m99p11sEESSNNC", win_tile="C"), "7 Pares de Honores y Terminales", 500),
        (93, dict(concealed="1122335577994p", win_tile="4p"), "7 Pares Puros", 500),
        (
            94,
            dict(concealed="123m456p789s1235s", flowers="1234", seasons="1234"),
            "Todas las Flores y las Estaciones",
            500,
        ),
        (95, dict(melds=["pung 111p"], concealed="999m111999s9p", win_tile="9p"), "Todo Terminales", 500),
        (96, dict(melds=["pung EEE"], concealed="SSSNNNCCCP", win_tile="P"), "Todo Honores", 500),
        (97, dict(concealed="111m444m777p222s5s", win_tile="5s"), "Tesoro Escondido", 500),
        (104, dict(melds=["pung EEE"], concealed="SSSWWW123m5m", win_tile="5m"), "3 Grandes Vientos", 150),
        (105, dict(melds=["pung CCC"], concealed="FFF123m456mP", win_tile="P"), "3 Pequeños Dragones", 500),
        (106, dict(melds=["pung EEE"], concealed="SSSWWW123mN", win_tile="N"), "4 Pequeños Vientos", 500),
        (107, dict(melds=["pung CCC"], concealed="FFFPPP123m5m", win_tile="5m"), "3 Grandes Dragones", 1000),
        (108, dict(melds=["pung EEE"], concealed="SSSWWWNNN5m", win_tile="5m"), "4 Grandes Vientos", 1000),
        (112, dict(concealed="1234567892225s", win_tile="5s", self_drawn=True), "Mano Pura Totalm. Oculta", 1000),
        (113, dict(concealed="123456789sESWN", win_tile="E"), "Escalera Huérfana", 1000),
        (114, dict(concealed="EESSWWNNCCFFP", win_tile="P"), "7 Pares de Honores o de Terminales", 1000),
        (114, dict(concealed="111199m1199p119s", win_tile="9s"), "7 Pares de Honores o de Terminales", 1000),
        (
            115,
            dict(
                melds=["kong 1111m", "kong 2222p", "concealed_kong 3333s", "kong EEEE"], concealed="5m", win_tile="5m"
            ),
            "4 Kongs",
            1000,
        ),
        (116, dict(melds=["pung FFF"], concealed="2346668882s", win_tile="2s"), "Todo Verde", 1000),
        (117, dict(concealed="1112345678999m", win_tile="5m"), "Nueve Puertas", 1000),
        (118, dict(concealed="1122334455667s", win_tile="7s"), "7 Pares Puros Consecutivos", 1000),
        (119, dict(concealed="19m19p19sESWNCFP", win_tile="P"), "13 Huérfanos", 1000),
    ],
)
def test_each_special_hand_is_worth_its_fixed_value_and_nothing_else(line, hand, name_es, value):
    result = score(**hand)
    assert result["valid"], result
    assert [(f["name_es"], f["points"], f["kind"]) for f in result["fans"]] == [(name_es, value, "special")], (
        f"001 l.{line}"
    )
    assert result["total"] == value


def test_special_hand_takes_no_flowers_or_mah_jong_points():
    # l.132
    result = score(concealed="1155m2299p33sEEC", win_tile="C", flowers="12", seasons="2")
    assert result["total"] == 200 and len(result["fans"]) == 1


def test_hidden_treasure_needs_the_fourth_pung_concealed():
    # l.97 "4 pongs ocultos": a pung finished with a discarded tile is not concealed (l.55)
    on_discard = score(concealed="111m444m777p22s55s", win_tile="2s")
    assert "Tesoro Escondido" not in items(on_discard)
    assert items(on_discard)["Todo Pongs"] == (8, 1) and items(on_discard)["Mano Oculta"] == (2, 1)
    assert on_discard["total"] == 100  # 6 x 16 = 96
    self_drawn = score(concealed="111m444m777p22s55s", win_tile="2s", self_drawn=True)
    assert items(self_drawn) == {"Tesoro Escondido": (500, 1)}


def test_nine_gates_on_a_discard_needs_the_pure_thirteen_in_hand():
    # l.130: 1112345678899 waiting for 9m is not the nine-gates shape in hand
    on_discard = score(concealed="1112345678899m", win_tile="9m")
    assert items(on_discard) == {"Mano Pura": (200, 1)}
    self_drawn = score(concealed="1112345678899m", win_tile="9m", self_drawn=True)
    assert self_drawn["total"] == 1000


def test_colour_hand_needs_its_own_dragon():
    # footnote l.126: green dragon goes with bamboo, not characters
    result = score(melds=["pung FFF"], concealed="123345777m5m", win_tile="5m")
    assert "Mano Verde" not in items(result) and "Mano Roja" not in items(result)
    assert items(result)["Mano Pura con Honores"] == (8, 1)


def test_the_highest_special_wins_when_a_hand_is_several():
    # Todo Verde (1000, l.116) is also Mano Verde (250, l.88)
    result = score(melds=["pung FFF"], concealed="2346668882s", win_tile="2s")
    assert items(result) == {"Todo Verde": (1000, 1)}


# Losers' hands (first payment mode, l.38-42)
def test_a_losing_hand_scores_its_sets_and_bonus_tiles_without_mah_jong():
    result = score(winning=False, melds=["pung CCC"], concealed="123m456p99sEE", flowers="2")
    assert result["valid"], result
    assert items(result) == {
        "Pong de Honores": (2, 1),
        "Flor o Estación": (1, 1),
        "Pong o Kong de Dragones": (2, 1),
        "Flor de Viento propio": (2, 1),
    }
    assert result["total"] == 20  # 3 x 4 = 12


def test_a_losing_hand_counts_three_alike_among_its_tiles_as_a_concealed_pung():
    result = score(winning=False, concealed="111m456p78s99sEEN")
    assert items(result) == {"Pong de Terminales": (1, 1)} and result["total"] == 10


def test_a_losing_hand_with_nothing_scores_zero():
    result = score(winning=False, concealed="147m258p369s1234s")
    assert result == {"valid": True, "total": 0, "fans": []}


# Official mode (l.11, l.44)
def test_official_mode_needs_an_x8():
    plain = score(OFFICIAL, **BASE)
    assert not plain["valid"] and "x8" in plain["error"] and plain["fans"]
    assert score(OFFICIAL, **dict(BASE, last_wall=True))["valid"]
    assert score(OFFICIAL, concealed="1155m2299p33sEEC", win_tile="C")["valid"]


# Refusals
@pytest.mark.parametrize(
    "hand, words",
    [
        (dict(concealed="123m456p789s234s", win_tile="E"), "wrong number of tiles"),
        (dict(concealed="123m456p789s23sEE", win_tile="X"), "unknown tile character"),
        (dict(concealed="123m456p789s23sEE", win_tile="4s", flowers=2), "not how many"),
        (dict(concealed="123m456p789s23sEE", win_tile="4s", flowers="15"), "numbered 1 to 4"),
        (dict(concealed="123m456p789s23sEE", win_tile="4s", seasons="22"), "listed twice"),
        (dict(concealed="123m456p789s23sEE"), "win_tile is missing"),
        (dict(concealed="123m456p789s234sE", win_tile="E", winning=False), "no winning tile"),
        (dict(concealed="123m456p789s234s", win_tile="E", melds=["pung EEEE"]), "not a pung"),
        (dict(concealed="124m456p789s234sE", win_tile="E"), "not a winning hand"),
        (dict(concealed="1111m456p789s234s", win_tile="1m"), "copies of 1m"),
        (dict(concealed="123m456p789s23sEE", win_tile="4s", kong=True, self_drawn=True), "needs a kong"),
        (dict(concealed="123m456p789s23sEE", win_tile="E", kong=True), "robbing a kong of E is impossible"),
        (dict(concealed="123m456p789s234sE", winning=False, self_drawn=True), "did not win"),
        (dict(concealed="123m456p789s23sEE", win_tile="4s", dice=7), "unknown field"),
    ],
)
def test_refused_hands_say_why(hand, words):
    result = score(**hand)
    assert not result["valid"] and words in result["error"], result["error"]


def test_parse_hand_raises_the_common_hand_error():
    with pytest.raises(HandError, match="not how many"):
        RULES.parse_hand({"concealed": "123m456p789s23sEE", "win_tile": "4s", "flowers": 2})


# Payments (l.36-44)
@pytest.mark.parametrize(
    "points, expected",
    [
        # winner x3; second collects x2 from the two below; third x1 from the last (l.38-40)
        ((40, 30, 20, 10), (120, 20, -50, -90)),
        # tie for second: each collects x1 from the last, no third (l.41)
        ((40, 20, 20, 10), (120, -20, -20, -80)),
        # tie for third: neither collects (l.42)
        ((40, 30, 10, 10), (120, 20, -70, -70)),
        # three tied: nobody below them to collect from
        ((40, 10, 10, 10), (120, -40, -40, -40)),
    ],
)
def test_ranked_payment_mode(points, expected):
    assert RULES.payments(0, 2, 40, player_points=points) == expected
    assert sum(expected) == 0


def test_ranked_mode_does_not_depend_on_seat_order_or_discarder():
    assert RULES.payments(2, None, 0, player_points=(10, 30, 40, 20)) == (-90, 20, 120, -50)


def test_ranked_mode_needs_every_players_points_rounded_to_tens():
    with pytest.raises(PaymentError, match="every player's points"):
        RULES.payments(0, 1, 40)
    with pytest.raises(PaymentError, match="multiple of 10"):
        RULES.payments(0, 1, 40, player_points=(40, 15, 0, 0))
    with pytest.raises(PaymentError, match="from 0 to 100"):
        RULES.payments(0, 1, 40, player_points=(40, 150, 0, 0))


def test_official_mode_only_the_winner_collects():
    assert OFFICIAL.payments(1, 3, 60) == (-60, 180, -60, -60)
    by_discarder = get_rule_set("spanish", payment_mode="official", official_payers="discarder_pays")
    assert by_discarder.payments(1, 3, 60) == (0, 60, 0, -60)
    assert by_discarder.payments(1, None, 60) == (-60, 180, -60, -60)


def test_a_draw_pays_nothing():
    assert RULES.payments(None, None, player_points=(0, 0, 0, 0)) == (0, 0, 0, 0)


def test_entry_says_what_the_referee_types():
    assert RULES.entry.every_player and RULES.entry.step == 10
    assert not OFFICIAL.entry.every_player


def test_sessions_are_a_documented_setting():
    assert RULES.hands_per_session == 16
    assert get_rule_set("spanish", hands_per_session=4).hands_per_session == 4
    with pytest.raises(ValueError, match="hands_per_session"):
        get_rule_set("spanish", hands_per_session=5)
    assert [RULES.dealer(h) for h in range(1, 5)] == [0, 1, 2, 3]
    assert RULES.prevalent_wind(5) == "S"
