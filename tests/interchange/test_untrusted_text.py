"""Text no page or database can hold is refused with the row and field named, never a server error (issue 23):
a tournament file whose player name is "\\ud800x", and the players file in UTF-16 or UTF-8 with a byte-order mark
read as the spreadsheet program wrote it."""

import io
import json
import zipfile

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from django.urls import reverse

from tests.interchange.test_file_views import IMPORT, counts, creator, small_file, upload  # noqa: F401
from tournament.importing import parse_players_file
from tournament.models import Player

pytestmark = pytest.mark.django_db


def _with_raw(data, placeholder, raw):
    """The file's JSON text with ``placeholder`` (a quoted string) replaced by ``raw``, an escape JSON allows."""
    return json.dumps(data).replace(json.dumps(placeholder), raw).encode()


@pytest.mark.parametrize(
    ("where", "raw", "path"),
    [
        ("player name", '"\\ud800x"', "players[0].name"),
        ("player name, low half", '"x\\udc00"', "players[0].name"),
        ("team", '"\\udbff"', "players[0].team"),
        ("tournament name", '"Open \\ud800"', "name"),
    ],
)
def test_a_tournament_file_with_a_lone_surrogate_is_refused_naming_the_field(client, creator, where, raw, path):  # noqa: F811
    data = small_file()
    if where.startswith("player name"):
        data["players"][0]["name"] = "PLACEHOLDER"
    elif where == "team":
        data["players"][0]["team"] = "PLACEHOLDER"
    else:
        data["name"] = "PLACEHOLDER"
    client.force_login(creator)
    before = counts()
    response = upload(client, _with_raw(data, "PLACEHOLDER", raw))
    assert response.status_code == 200
    page = response.content.decode()
    assert f"{path}: the text holds a lone surrogate" in page
    assert counts() == before


def test_a_surrogate_pair_is_a_character_and_imports(client, creator):  # noqa: F811
    data = small_file()
    data["players"][0]["name"] = "PLACEHOLDER"
    client.force_login(creator)
    response = upload(client, _with_raw(data, "PLACEHOLDER", '"Ana \\ud83c\\udc04"'))
    assert response.status_code == 302
    assert Player.objects.filter(name="Ana \U0001f004").exists()


def test_the_import_command_names_the_field_too(tmp_path):
    data = small_file()
    data["players"][2]["name"] = "PLACEHOLDER"
    path = tmp_path / "t.json"
    path.write_bytes(_with_raw(data, "PLACEHOLDER", '"\\ud800x"'))
    with pytest.raises(CommandError, match=r"players\[2\]\.name: the text holds a lone surrogate"):
        call_command("import_tournament", str(path), stdout=io.StringIO(), stderr=io.StringIO())


PLAYERS_CSV = "número;nombre;país\n1;José López;ES\n2;李伟;CN\n3;Ana Müller;DE\n"


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "utf-16", "utf-16-le", "utf-16-be", "cp1252-latin"])
def test_players_files_are_read_in_the_encoding_they_were_saved_in(tournament, encoding):
    text = PLAYERS_CSV
    if encoding == "cp1252-latin":  # an old Windows "CSV": no Chinese there
        text, encoding = text.replace("李伟;CN", "Wang Li;CN"), "cp1252"
    preview = parse_players_file(text.encode(encoding), "players.csv", tournament)
    assert preview.errors == []
    names = [row["name"] for row in preview.rows]
    assert names[0] == "José López" and names[2] == "Ana Müller"
    assert names[1] in {"李伟", "Wang Li"}


def test_excel_unicode_text_is_read(tournament):
    """Excel's "Unicode Text": UTF-16 with a byte-order mark, tab-separated."""
    text = "number\tname\tclub\n1\tJosé López\tMahjong Madrid\n2\t李伟\t\n"
    preview = parse_players_file(text.encode("utf-16"), "players.txt", tournament)
    assert preview.errors == []
    assert [row["name"] for row in preview.rows] == ["José López", "李伟"]


def test_a_damaged_utf16_file_is_refused_with_a_message(tournament):
    data = PLAYERS_CSV.encode("utf-16") + b"\x00"  # an odd byte at the end
    preview = parse_players_file(data, "players.csv", tournament)
    assert not preview.ok
    assert (
        "marked as UTF-16 text, but it cannot be read as UTF-16 on line 5, byte 1 of the line." in preview.errors[0][1]
    )
    assert "contains NUL" not in preview.errors[0][1]


def _xlsx_with_cell(text):
    """A workbook whose B2 is a shared string spelled as given (an XLSX may write any UTF-16 unit as _xHHHH_)."""
    from openpyxl import Workbook

    book = Workbook()
    book.active.append(["number", "name"])
    book.active.append([1, "PLACEHOLDER"])
    book.active.append([2, "Ana"])
    out = io.BytesIO()
    book.save(out)
    source, result = zipfile.ZipFile(io.BytesIO(out.getvalue())), io.BytesIO()
    with zipfile.ZipFile(result, "w") as target:
        for info in source.infolist():
            target.writestr(info, source.read(info.filename).replace(b"PLACEHOLDER", text.encode()))
    return result.getvalue()


def test_a_players_cell_with_a_lone_surrogate_is_refused_naming_row_and_column(tournament, monkeypatch):
    import tournament.importing as importing

    real = importing._xlsx_records

    def records_with_surrogate(data):
        rows = real(data)
        return [[("Ana \ud800" if cell == "PLACEHOLDER" else cell) for cell in row] for row in rows]

    monkeypatch.setattr(importing, "_xlsx_records", records_with_surrogate)
    preview = parse_players_file(_xlsx_with_cell("PLACEHOLDER"), "players.xlsx", tournament)
    assert preview.errors == [(2, preview.errors[0][1])]
    assert "Column B: the text holds a lone surrogate" in preview.errors[0][1]


def test_the_import_page_shows_the_surrogate_error_not_a_server_error(tournament, organizer, monkeypatch):
    import tournament.importing as importing

    real = importing._xlsx_records
    monkeypatch.setattr(
        importing,
        "_xlsx_records",
        lambda data: [[("\udfff" if c == "PLACEHOLDER" else c) for c in r] for r in real(data)],
    )
    client = Client()
    client.force_login(organizer)
    upload_file = io.BytesIO(_xlsx_with_cell("PLACEHOLDER"))
    upload_file.name = "players.xlsx"
    response = client.post(reverse("manage-import", args=[tournament.slug]), {"file": upload_file})
    assert response.status_code == 200
    assert "Column B: the text holds a lone surrogate" in response.content.decode()


def test_the_seating_chart_upload_reads_utf16(tournament, organizer, players):
    client = Client()
    client.force_login(organizer)
    chart = "session,table,east,south,west,north\n1,1,1,2,3,4\n1,2,5,6,7,8\n"
    upload_file = io.BytesIO(chart.encode("utf-16"))
    upload_file.name = "chart.csv"
    response = client.post(
        reverse("manage-seating-chart", args=[tournament.slug]), {"file": upload_file, "preview": "1"}
    )
    assert response.status_code == 200
    assert "not UTF-8 text" not in response.content.decode()


def test_a_seating_chart_in_json_with_a_lone_surrogate_gets_a_message(tournament, organizer, players):
    client = Client()
    client.force_login(organizer)
    response = client.post(
        reverse("manage-seating-chart", args=[tournament.slug]), {"text": '{"sessions": ["\\ud800"]}', "preview": "1"}
    )
    assert response.status_code == 200
    assert "holds a lone surrogate" in response.content.decode()
