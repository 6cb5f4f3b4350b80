"""Issue 27: a series file that is not UTF-8 is refused naming the line and byte (the other readers of text files:
tests/interchange/test_text_encodings.py)."""

import html

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.urls import reverse

pytestmark = pytest.mark.django_db


def test_the_series_file_upload_names_line_and_byte(organizer, small_tournaments):
    from tournament.models import TournamentRole

    TournamentRole.objects.get_or_create(tournament=small_tournaments[0], user=organizer, role="organizer")
    client = Client()
    client.force_login(organizer)
    content = '{"name": "Liga Ibérica",\n "slug": "liga"}'.encode().replace("é".encode(), b"\xe9")
    response = client.post(reverse("series-import"), {"file": SimpleUploadedFile("s.json", content)})
    text = html.unescape(response.content.decode())
    assert response.status_code == 200
    assert "The file is not UTF-8 text: it cannot be read on line 1, byte 18 of the line" in text
    assert "A series file is JSON, in UTF-8." in text
