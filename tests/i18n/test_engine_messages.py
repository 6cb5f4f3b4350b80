"""The rules' reasons in the page's language: the calculator, its live score and hand entry with tiles say
why a hand cannot be scored in Spanish or Chinese, words of the rules (a meld's kind, flowers) included.

The tests against the real catalogues skip until the lead has compiled locale/pending/engine-messages.*.json
into the .po/.mo files; the others translate through a stand-in gettext, so the plumbing is tested now."""

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from rules.registry import get_rule_set
from scoring import tile_entry

UNDER_EIGHT = "under 8 points: the hand scores %(points)s without flowers, and a win needs at least 8"

# What a referee types, and a piece of the reason each language gives.
BAD_HANDS = {
    "unknown tile": (
        {"concealed": "123m456m789m11p5x", "win_tile": "5p"},
        "carácter de ficha desconocido 'x'",
        "不是牌的写法",
    ),
    "too many tiles": (
        {"concealed": "123m456m789m11p55p9s", "win_tile": "1p"},
        "número de fichas incorrecto",
        "牌数不对",
    ),
    "under 8 fans": (
        {"concealed": "234m67p99s", "melds": "chow 345s, chow 678s", "win_tile": "8p"},
        "menos de 8 puntos",
        "不足 8 番",
    ),
}


def entered(data, rules=None):
    rules = rules or get_rule_set("mcr")
    return tile_entry.score(
        tile_entry.engine_input(
            self_drawn=False, rules=rules, **{"concealed": "", "melds": "", "win_tile": "", **data}
        ),
        rules,
    )


def needs_catalogue(language):
    with translation.override(language):
        if gettext(UNDER_EIGHT) == UNDER_EIGHT:
            pytest.skip(
                f"the {language} catalogue does not have the engine messages yet "
                "(locale/pending/engine-messages.*.json not compiled)"
            )


# ------------------------------------------------------------------ with a stand-in catalogue

FAKE = {
    "The tiles cannot be scored: %(reason)s.": "No se puede puntuar: %(reason)s.",
    "Not a valid winning hand: %(reason)s.": "Mano no válida: %(reason)s.",
    "meld %(meld)s: %(error)s": "exposición %(meld)s: %(error)s",
    "%(kind)s %(tiles)s is not a pung: a pung is three identical tiles": "%(kind)s %(tiles)s no es un pung",
    "concealed kong": "kong oculto",
    "pung": "PUNG",
    UNDER_EIGHT: "menos de 8: vale %(points)s",
    "seasons": "estaciones",
    "season": "estación",
    "%(tiles)s: %(tile)s %(number)s is listed twice; there is only one of each": "%(tiles)s: la %(tile)s %(number)s aparece dos veces",
}


@pytest.fixture
def fake_gettext(monkeypatch):
    monkeypatch.setattr(tile_entry, "_", lambda text: FAKE.get(text, text))


def test_the_reason_and_its_words_go_through_gettext(fake_gettext):
    scored = entered({"concealed": "456m789m1p55p", "melds": "pung 123m", "win_tile": "1p"})
    assert scored.error == "No se puede puntuar: PUNG 123m no es un pung."


def test_a_score_under_the_minimum_is_translated_with_its_value(fake_gettext):
    scored = entered(BAD_HANDS["under 8 fans"][0])
    assert scored.error.startswith("Mano no válida: menos de 8: vale ") and scored.fans


def test_spanish_bonus_tiles_are_named_in_the_language_of_the_sentence(fake_gettext):
    rules = get_rule_set("spanish")
    with pytest.raises(Exception) as caught:
        rules.parse_hand({"concealed": "123m456m789m11p55p", "win_tile": "1p", "seasons": "22"})
    assert tile_entry.engine_text(caught.value) == "estaciones: la estación 2 aparece dos veces"


def test_a_translation_with_wrong_placeholders_falls_back_to_english(monkeypatch):
    monkeypatch.setattr(tile_entry, "_", lambda text: {UNDER_EIGHT: "menos de 8: %(puntos)s"}.get(text, text))
    scored = entered(BAD_HANDS["under 8 fans"][0])
    assert "under 8 points: the hand scores" in scored.error


def test_english_stays_exactly_the_engine_text():
    with translation.override("en"):
        scored = entered(BAD_HANDS["unknown tile"][0])
    assert scored.error == (
        "The tiles cannot be scored: concealed tiles: unknown tile character 'x' at position 17 of "
        "'123m456m789m11p5x'; use 1-9 with m/p/s, winds E S W N, dragons C (red) F (green) "
        "P (white)."
    )


# ------------------------------------------------------------------ with the compiled catalogues


@pytest.mark.parametrize("case", list(BAD_HANDS))
def test_hand_entry_gives_the_reason_in_spanish(case):
    needs_catalogue("es")
    data, spanish, _chinese = BAD_HANDS[case]
    with translation.override("es"):
        scored = entered(data)
    assert spanish in scored.error, scored.error


@pytest.mark.parametrize("case", list(BAD_HANDS))
def test_hand_entry_gives_the_reason_in_chinese(case):
    needs_catalogue("zh-hans")
    data, _spanish, chinese = BAD_HANDS[case]
    with translation.override("zh-hans"):
        scored = entered(data)
    assert chinese in scored.error, scored.error


@pytest.mark.django_db
def test_the_calculator_live_score_explains_in_spanish(client):
    needs_catalogue("es")
    answer = client.get(
        reverse("calculator-live"),
        {"concealed": "456m789m1p55p", "melds": "pung 123m", "win_tile": "1p"},
        HTTP_ACCEPT_LANGUAGE="es",
    ).json()
    assert answer["valid"] is False
    assert "pung 123m no es un pung: un pung son tres fichas iguales" in answer["error"], answer["error"]
    assert "is not" not in answer["error"]
