"""Issue 15, item 8: the import page lists its columns and offers a template (CSV and XLSX); an update mode
changes players already imported, by number; a file that is not CSV or XLSX is named as what it is."""

import base64
import csv
import io
import re

import pytest
from django.core.exceptions import ValidationError
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tournament import audit_text, importing
from tournament import services as ts
from tournament.models import AuditLog, Player

pytestmark = pytest.mark.django_db


def upload(client, tournament, content, name="players.csv", update=False):
    data = {"file": SimpleUploadedFile(name, content)}
    if update:
        data["update"] = "on"
    return client.post(reverse("manage-import", args=[tournament.slug]), data)


def page_errors(response):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", response.content.decode()))


# -- parsing (no database writes) --------------------------------------------------------------------------


def test_a_pdf_is_named_as_a_pdf_not_read_as_columns(tournament):
    preview = importing.parse_players_file(b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj", "players.pdf", tournament)
    assert preview.errors == [
        (
            1,
            "“players.pdf” is not a CSV or XLSX file (it is in PDF format). Save the players "
            "list as CSV or XLSX (the template on this page shows the columns) and upload that.",
        )
    ]
    assert not preview.warnings  # no "column is not used" noise
    # Named by its content even under a CSV name; by its name when the content says nothing.
    assert "(it is in PDF format)" in importing.parse_players_file(b"%PDF-1.4", "x.csv", tournament).errors[0][1]
    assert "(it is in ODS format)" in importing.parse_players_file(b"PK\x03\x04", "list.ods", tournament).errors[0][1]


@pytest.mark.parametrize("maker, name", [(importing.template_csv, "t.csv"), (importing.template_xlsx, "t.xlsx")])
def test_the_templates_import_as_they_are(tournament, maker, name):
    preview = importing.parse_players_file(maker(), name, tournament)
    assert preview.ok and not preview.warnings
    assert [(r["number"], r["ema_id"], r["country"]) for r in preview.rows] == [(1, "04000001", "ES"), (2, "", "CN")]


@pytest.fixture
def imported(tournament, organizer):
    for number, name, country, ema in ((1, "Ana", "ES", "04000001"), (2, "Ben", "GB", ""), (3, "Carl", "DE", "")):
        ts.player_create(
            tournament=tournament, number=number, name=name, country=country, ema_id=ema, club="Old", by=organizer
        )
    return tournament


def test_update_rows_keep_only_the_files_columns(imported):
    preview = importing.parse_players_file(
        b"number,country,ema\n2,IE,04000002\n1,PT,04000001\n", "p.csv", imported, update=True
    )
    assert preview.ok
    assert preview.rows == [
        {"number": 2, "country": "IE", "ema_id": "04000002"},
        {"number": 1, "country": "PT", "ema_id": "04000001"},
    ]


@pytest.mark.parametrize(
    "content, message",
    [
        (
            b"name,country\nAna,PT\n",
            "No number column. To change players already imported, each row names the player by their number.",
        ),
        (b"number,country\n9,PT\n", "No player has number 9 in this tournament, so there is nobody to change"),
        (b"number,country\n,PT\n", "The number is missing: it says which player this row changes."),
        (b"number,name\n2,Ana\n", "Ana is already a player in this tournament."),
        (b"number,ema\n2,04000001\n", "EMA id 04000001 already belongs to a player in this tournament."),
        (b"number,country\n1,PT\n1,ES\n", "Number 1 is also on row 2."),
    ],
)
def test_update_refuses_what_names_nobody_or_clashes(imported, content, message):
    preview = importing.parse_players_file(content, "p.csv", imported, update=True)
    assert not preview.ok and any(message in m for _row, m in preview.errors), preview.errors


def test_adding_still_refuses_numbers_taken(imported):
    preview = importing.parse_players_file(b"number,name\n2,Dora\n", "p.csv", imported)
    assert preview.errors == [(2, "Number 2 is already taken in this tournament.")]


# -- the service ------------------------------------------------------------------------------------------


def test_update_service_changes_only_the_given_fields_and_logs_each(imported, organizer):
    changed = ts.players_import_update(
        tournament=imported, rows=[{"number": 2, "country": "IE", "team": "Winds"}], by=organizer
    )
    ben = Player.objects.get(tournament=imported, number=2)
    assert changed == [ben] and (ben.name, ben.country, ben.club, ben.team.name) == ("Ben", "IE", "Old", "Winds")
    assert AuditLog.objects.filter(action="player.update").count() == 1
    entry = AuditLog.objects.get(action="players.import_update")
    assert audit_text.describe([entry], imported)[0].text == "Organizer organizer changed 1 player from a file."


def test_the_same_update_again_changes_and_logs_nothing(imported, organizer):
    """A double tap of "import", or two organizers confirming the same file: the second finds nothing to change."""
    rows = [{"number": 2, "country": "IE"}, {"number": 3, "country": "DE"}]  # Carl is from DE already
    assert [p.number for p in ts.players_import_update(tournament=imported, rows=rows, by=organizer)] == [2]
    assert ts.players_import_update(tournament=imported, rows=rows, by=organizer) == []
    assert AuditLog.objects.filter(action="players.import_update").count() == 1
    assert AuditLog.objects.filter(action="player.update").count() == 1


def test_update_service_is_all_or_nothing(imported, organizer, referee):
    with pytest.raises(ValidationError):
        ts.players_import_update(
            tournament=imported, rows=[{"number": 1, "country": "PT"}, {"number": 9}], by=organizer
        )
    assert Player.objects.get(tournament=imported, number=1).country == "ES"
    from django.core.exceptions import PermissionDenied

    with pytest.raises(PermissionDenied):
        ts.players_import_update(tournament=imported, rows=[{"number": 1, "country": "PT"}], by=referee)
    assert Player.objects.get(tournament=imported, number=1).country == "ES"


# -- the page, per role -----------------------------------------------------------------------------------


def test_the_page_lists_the_columns_and_links_the_templates(client_for, tournament):
    content = client_for("organizer").get(reverse("manage-import", args=[tournament.slug])).content.decode()
    for header in ("number", "name", "family_name", "given_name", "country", "club", "ema_id", "team", "substitute"):
        assert f"<code>{header}</code>" in content
    for fmt in ("csv", "xlsx"):
        assert reverse("manage-import-template", args=[tournament.slug, fmt]) in content
    assert "Change players already imported" in content


def test_the_templates_download(client_for, tournament):
    client = client_for("organizer")
    response = client.get(reverse("manage-import-template", args=[tournament.slug, "csv"]))
    assert response["Content-Disposition"] == 'attachment; filename="players-template.csv"'
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == ["number", "name", "family_name", "given_name", "country", "club", "ema_id", "team", "substitute"]
    response = client.get(reverse("manage-import-template", args=[tournament.slug, "xlsx"]))
    assert response.content[:4] == b"PK\x03\x04" and response["Content-Disposition"].endswith('.xlsx"')
    assert client.get(reverse("manage-import-template", args=[tournament.slug, "pdf"])).status_code == 404


@pytest.mark.parametrize("role", ["anonymous", "referee", "outsider"])
def test_only_organizers_get_the_page_the_templates_or_the_update(client_for, imported, role):
    client = client_for(role)
    for address in (
        reverse("manage-import", args=[imported.slug]),
        reverse("manage-import-template", args=[imported.slug, "csv"]),
    ):
        response = client.get(address)
        assert response.status_code in (302, 403, 404)
        assert b"number,name" not in response.content
    response = client.post(
        reverse("manage-import", args=[imported.slug]),
        {
            "confirm": "1",
            "content": base64.b64encode(b"number,country\n1,PT\n").decode(),
            "filename": "p.csv",
            "update": "True",
        },
    )
    assert response.status_code in (302, 403, 404)
    assert Player.objects.get(tournament=imported, number=1).country == "ES"


def test_organizer_previews_then_confirms_an_update(client_for, imported):
    client = client_for("organizer")
    response = upload(client, imported, b"number,country,club\n3,AT,New club\n", update=True)
    content = response.content.decode()
    assert "Changes to the players from players.csv" in content and "Change 1 player" in content
    assert Player.objects.get(tournament=imported, number=3).country == "DE"  # the preview writes nothing
    encoded = re.search(r'name="content" value="([^"]+)"', content).group(1)
    update = re.search(r'name="update" value="([^"]+)"', content).group(1)
    response = client.post(
        reverse("manage-import", args=[imported.slug]),
        {"confirm": "1", "content": encoded, "filename": "players.csv", "update": update},
    )
    assert response.status_code == 302
    carl = Player.objects.get(tournament=imported, number=3)
    assert (carl.name, carl.country, carl.club) == ("Carl", "AT", "New club")
    assert Player.objects.filter(tournament=imported).count() == 3


def test_a_pdf_upload_is_named_on_the_page(client_for, tournament):
    response = upload(client_for("organizer"), tournament, b"%PDF-1.7\n...", name="Inscritos.pdf")
    text = page_errors(response)
    assert "“Inscritos.pdf” is not a CSV or XLSX file (it is in PDF format)." in text
    assert "is not used" not in text and 'name="confirm"' not in response.content.decode()
