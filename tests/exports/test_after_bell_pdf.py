"""Hands entered after the session's bell are marked on the PDF score sheet, as on the web sheet."""

import io
import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone, translation
from pypdf import PdfReader

from rules import payments as pay
from schedule import clock
from scoring import services as ss

pytestmark = pytest.mark.django_db

T0 = timezone.make_aware(timezone.datetime(2026, 5, 16, 10, 0))
LEGEND = "Entered after the bell; the referee said it ended before it."


def pdf_text(content):
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def hand_numbers(text):
    """The hand numbers as the table's first column shows them ("2*" for a hand after the bell): each cell is a
    line of the extracted text, and a hand's number is followed by its round."""
    return re.findall(r"^(\d+\*?)\n(?:East|South|West|North)$", text, flags=re.MULTILINE)


@pytest.fixture
def after_bell(published_session, sheet, players, referee, organizer):
    running = clock.session_clock_start(session=published_session, by=organizer, now=T0)
    bell = running.ends_at
    ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=referee, now=bell - timedelta(minutes=1))
    # Hand 2 finished in time but was entered late: the referee says so, and it counts.
    ss.hand_record(
        sheet=sheet,
        number=2,
        outcome=pay.SELF_DRAWN,
        winner=players[0],
        points=8,
        by=referee,
        before_bell=True,
        now=bell + timedelta(minutes=2),
    )
    return sheet


def test_score_sheet_pdf_marks_the_hand_entered_after_the_bell(client_for, tournament, after_bell):
    content = client_for("referee").get(reverse("export-score-sheet", args=[tournament.slug, 1, 1])).content
    text = pdf_text(content)
    numbers = hand_numbers(text)
    assert numbers == ["1", "2*"] + [str(n) for n in range(3, 17)]
    assert f"* {LEGEND}" in " ".join(text.split())


def test_score_sheet_pdf_without_late_hands_has_no_mark_or_legend(
    client_for, tournament, published_session, sheet, referee
):
    ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=referee)
    text = pdf_text(client_for("referee").get(reverse("export-score-sheet", args=[tournament.slug, 1, 1])).content)
    assert not any(n.endswith("*") for n in hand_numbers(text)) and "after the bell" not in text


def test_after_bell_legend_is_translated(client_for, tournament, after_bell):
    client = client_for("referee")
    client.cookies["django_language"] = "es"
    text = " ".join(pdf_text(client.get(reverse("export-score-sheet", args=[tournament.slug, 1, 1])).content).split())
    with translation.override("es"):
        spanish = translation.gettext(LEGEND)
    assert spanish != LEGEND and f"* {spanish}" in text
