"""Fouls, confirmations and signatures in Spanish: the catalogue's names, the computed penalties, the service
messages and the players' own page."""

import html

import pytest
from django.urls import reverse

from rules import payments as pay
from scoring import services as ss
from tournament import services as ts

pytestmark = pytest.mark.django_db
SPANISH = {"HTTP_ACCEPT_LANGUAGE": "es"}


@pytest.fixture
def sheet_es(tournament, organizer, published_session, sheet, players, referee):
    ts.tournament_update(tournament=tournament, by=organizer, hands_per_session=1, player_confirmation="either")
    ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=referee)
    ss.foul_record(sheet=sheet, player=players[3], foul="wall_touched", by=referee)
    ss.foul_record(sheet=sheet, player=players[3], foul="wall_touched", by=referee)
    return sheet


def page(client, name, *args, **kwargs):
    response = client.get(reverse(name, args=args), **SPANISH, **kwargs)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def test_sheet_panels_in_spanish(client_for, tournament, sheet_es):
    content = page(client_for("referee"), "sheet", tournament.slug, 1, 1)
    for phrase in (
        "Faltas y penalizaciones",
        "Tocar la ficha del muro antes de tiempo (segunda vez)",
        "Advertencia, sin puntos",
        "−15 en total, 5 a cada uno de los otros jugadores",
        "Registrar una falta",
        "Confirmación y firmas",
        "Pendiente de confirmación",
        "Player 1 confirma",
        "Firmar la hoja de puntuación",
        "Impuntualidad (hasta 10 min: 10 puntos",
    ):
        assert phrase in content, phrase


def test_service_errors_in_spanish(client_for, tournament, sheet_es, players):
    response = client_for("referee").post(
        reverse("sheet-foul", args=[tournament.slug, 1, 1]),
        {"player": players[0].pk, "foul": "late", "minutes": -3},
        **SPANISH,
    )
    assert "El retraso es un número entero de minutos, 1 o más (no -3)." in html.unescape(response.content.decode())
    response = client_for("referee").post(reverse("sheet-sign", args=[tournament.slug, 1, 1]), {}, **SPANISH)
    assert "No todos los jugadores han confirmado la hoja todavía" in html.unescape(response.content.decode())


def test_player_pages_in_spanish(client, tournament, sheet_es, organizer):
    ts.player_codes_generate(tournament=tournament, by=organizer)
    assert "Tu código de jugador" in page(client, "player-code", tournament.slug)
    code = tournament.players.get(number=2).code
    content = page(client, "player-sheets", tournament.slug, code)
    assert "Sesión 1, mesa 1" in content and "Confirmo esta hoja de puntuación" in content


def test_each_withdraw_button_says_what_it_withdraws(client_for, tournament, sheet_es, organizer, referee):
    """One English "Withdraw", three Spanish words: a player is retirado, an announcement retirado, a penalty anulada
    (the withdrawals page said "Anular" before the button had a context)."""
    from tournament import floor

    floor.announcement_post(tournament=tournament, text="Pausa de 10 minutos", by=organizer)
    withdrawals = page(client_for("organizer"), "manage-withdrawals", tournament.slug)
    assert '<button type="submit">Retirar</button>' in withdrawals
    announcements = page(client_for("organizer"), "manage-announcements", tournament.slug)
    assert 'class="secondary">Retirar</button>' in announcements
    sheet = page(client_for("referee"), "sheet", tournament.slug, 1, 1)
    assert 'class="secondary">Anular</button>' in sheet
