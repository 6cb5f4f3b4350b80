"""Import players through the browser: preview, row errors, confirm; nothing imported on any bad row."""

import base64
import re

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournament.models import Player

pytestmark = pytest.mark.django_db
importing = pytest.importorskip("tournament.importing")

GOOD = b"number,name,country,team\n1,Ana,ES,Dragons\n2,Ben,GB,\n"
BAD = b"number,name,country,team\n1,Ana,ES,Dragons\n2,,GB,\n3,Carl,Germany,\n"


def upload(client, tournament, content, name="players.csv"):
    return client.post(
        reverse("manage-import", args=[tournament.slug]),
        {"file": SimpleUploadedFile(name, content, content_type="text/csv")},
    )


def test_bad_rows_import_nothing_and_show_errors(client_for, tournament):
    response = upload(client_for("organizer"), tournament, BAD)
    assert response.status_code == 200
    content = response.content.decode()
    assert "The name is missing." in content
    assert "Germany" in content and "two-letter code" in content
    assert 'name="confirm"' not in content
    assert not Player.objects.filter(tournament=tournament).exists()


def test_confirm_with_tampered_bad_content_imports_nothing(client_for, tournament):
    response = client_for("organizer").post(
        reverse("manage-import", args=[tournament.slug]),
        {"confirm": "1", "content": base64.b64encode(BAD).decode(), "filename": "players.csv"},
    )
    assert response.status_code == 200
    assert not Player.objects.filter(tournament=tournament).exists()


def test_preview_then_confirm_imports_all(client_for, tournament):
    client = client_for("organizer")
    response = upload(client, tournament, GOOD)
    content = response.content.decode()
    assert "Ana" in content and "Ben" in content
    assert not Player.objects.filter(tournament=tournament).exists()  # preview writes nothing
    encoded = re.search(r'name="content" value="([^"]+)"', content).group(1)
    assert base64.b64decode(encoded) == GOOD
    response = client.post(
        reverse("manage-import", args=[tournament.slug]),
        {"confirm": "1", "content": encoded, "filename": "players.csv"},
    )
    assert response.status_code == 302
    assert list(Player.objects.filter(tournament=tournament).values_list("number", "name")) == [(1, "Ana"), (2, "Ben")]
    assert all(Player.objects.filter(tournament=tournament).values_list("code", flat=True))  # for their cards


def test_damaged_confirm_content(client_for, tournament):
    response = client_for("organizer").post(
        reverse("manage-import", args=[tournament.slug]),
        {"confirm": "1", "content": "!!not base64!!", "filename": "p.csv"},
    )
    assert response.status_code == 200
    assert "damaged" in response.content.decode()


@pytest.mark.parametrize("role", ["outsider", "referee"])
def test_import_forbidden_for_non_organizers(client_for, tournament, role):
    response = upload(client_for(role), tournament, GOOD)
    assert response.status_code == 403
    assert not Player.objects.filter(tournament=tournament).exists()


def test_xlsx_preview_with_bad_row(client_for, tournament):
    import io

    from openpyxl import Workbook

    wb = Workbook()
    ws = wb.active
    ws.append(["Número", "Nombre", "País"])
    ws.append([1, "Ana", "ES"])
    ws.append([1, "Bea", "ES"])
    buffer = io.BytesIO()
    wb.save(buffer)
    response = client_for("organizer").post(
        reverse("manage-import", args=[tournament.slug]),
        {"file": SimpleUploadedFile("jugadores.xlsx", buffer.getvalue())},
    )
    content = response.content.decode()
    assert "Number 1 is also on row 2" in content
    assert 'name="confirm"' not in content
    assert not Player.objects.filter(tournament=tournament).exists()


def test_each_column_is_explained_in_words_beside_its_name_in_the_file(client_for, tournament):
    """Issue 30: the column's name in the file, then what it is in the reader's language, then what goes in it."""
    from django.utils import translation

    from tournament.player_fields import FILE_FIELDS

    url = reverse("manage-import", args=[tournament.slug])
    for language in ("en", "es"):
        page = client_for("organizer").get(url, HTTP_ACCEPT_LANGUAGE=language).content.decode()
        with translation.override(language):
            for field in FILE_FIELDS:
                label = str(field.verbose_name)
                assert (
                    f"<td><code>{field.header}</code></td><td><strong>{label[:1].upper() + label[1:]}</strong>:" in page
                )
