"""Table points as people read them in their language, as files for programs write them in every language:
"4,00" on a Spanish page and a Spanish PDF, "4.00" in English and in every CSV (tournament.numbers)."""

import io

import pytest
from django.urls import reverse
from django.utils import translation
from pypdf import PdfReader

from tournament.numbers import number_shown, table_points_shown

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "language, value, shown",
    [("es", 4, "4,00"), ("es", "1.5", "1,50"), ("en", "1.5", "1.50"), ("zh-hans", "7/3", "2.33"), ("es", None, "")],
)
def test_table_points_in_the_readers_language(language, value, shown):
    from fractions import Fraction

    with translation.override(language):
        assert table_points_shown(Fraction(value) if isinstance(value, str) else value) == shown


def test_a_carried_score_with_a_fraction():
    with translation.override("es"):
        assert number_shown(12.5) == "12,5" and number_shown(12) == "12"


def test_the_standings_page_in_spanish_and_the_csv_for_programs(client_for, hands_entered, tournament):
    client = client_for("organizer")
    page = client.get(reverse("standings", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    assert ">4,00<" in page and ">4.00<" not in page
    english = client.get(reverse("standings", args=[tournament.slug]), HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert ">4.00<" in english
    csv = client.get(reverse("export-standings", args=[tournament.slug, "csv"]), HTTP_ACCEPT_LANGUAGE="es")
    text = b"".join(csv.streaming_content if csv.streaming else [csv.content]).decode("utf-8-sig")
    assert "4.00" in text and "4,00" not in text


def test_the_standings_pdf_in_spanish(client_for, hands_entered, tournament):
    pdf = client_for("organizer").get(
        reverse("export-standings", args=[tournament.slug, "pdf"]), HTTP_ACCEPT_LANGUAGE="es"
    )
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.content)).pages)
    assert "4,00" in text and "4.00" not in text


def test_the_players_own_page_shows_shared_table_points_as_a_number(client, published_session, sheet, referee):
    """Four players level after a drawn hand share the table points (7/4 each): their page says 1.75, as the
    standings do, in their language."""
    from rules import payments as pay
    from scoring import services as ss
    from tournament import services as ts

    ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=referee)
    tournament = published_session.tournament
    ts.player_codes_generate(tournament=tournament, by=None)
    player = sheet.table.seats.get(position=0).player
    player.refresh_from_db()
    url = reverse("player-page", args=[tournament.slug, player.code])
    english = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    assert '<td class="num">1.75</td>' in english and "7/4" not in english
    assert '<td class="num">1,75</td>' in client.get(url, HTTP_ACCEPT_LANGUAGE="es").content.decode()
