"""Issue 27: a text file that is not valid in the encoding it claims (or UTF-8 by default) is refused with the line
and byte, or read in the encoding named to the user, never silently garbled. Real bytes, for each reader of text
files: the players list (CSV), the tournament file, the series file, a seating chart, the import commands."""

import base64
import html
import io

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import CommandError, call_command
from django.test import Client
from django.urls import reverse

from core import text_messages, textfile
from tournament.importing import parse_players_file
from tournament.models import Player

pytestmark = pytest.mark.django_db

# "Núñez" in UTF-8 is N \xc3\xba \xc3\xb1 ez; in Windows-1252 N \xfa \xf1 ez.
UTF8 = "numero;nombre;pais\n1;Iñaki Núñez;ES\n2;José Peña;ES\n".encode()


# -- the rule (core.textfile) ---------------------------------------------------------------------------------


def test_utf8_is_read_as_utf8_and_says_so():
    decoded = textfile.read_text_file(UTF8)
    assert (decoded.text, decoded.encoding, decoded.legacy) == (UTF8.decode(), "UTF-8", False)
    assert text_messages.read_as(decoded) == "Read as UTF-8 text."
    marked = textfile.read_text_file("a;b\n".encode("utf-16"))
    assert (marked.text, text_messages.read_as(marked)) == ("a;b\n", "Read as UTF-16 text.")


def test_a_file_with_no_utf8_at_all_is_read_as_windows_1252_named_with_where_utf8_stopped():
    data = "numero;nombre\n1;Núñez\n2;Peña\n".encode("cp1252")
    decoded = textfile.read_text_file(data)
    assert decoded.text == "numero;nombre\n1;Núñez\n2;Peña\n" and decoded.encoding == "Windows-1252"
    assert (decoded.not_utf8.line, decoded.not_utf8.column) == (2, 4)  # "1;N" then \xfa
    assert text_messages.read_as(decoded) == (
        "Read as Windows-1252 (Western European): the file is not UTF-8 text (line 2, byte 4 of the line "
        "(“1;Núñez”)). Check the names below before importing; if letters look wrong, save the sheet as "
        "CSV (UTF-8) or XLSX and upload that."
    )


@pytest.mark.parametrize(
    "damage, line, column",
    [
        (("Peña".encode(), b"Pe\xc3a"), 3, 11),  # the second byte of "ñ" lost
        (("Peña".encode(), b"Pe\xf1a"), 3, 11),  # "ñ" typed in Windows-1252 into a UTF-8 file
        (("Iñaki".encode(), b"I\xffaki"), 2, 4),  # a byte no UTF-8 has
    ],
)
def test_utf8_with_one_bad_byte_is_refused_with_its_line_and_byte_never_read_as_windows_1252(damage, line, column):
    data = UTF8.replace(*damage)
    with pytest.raises(textfile.UndecodableText) as refused:
        textfile.read_text_file(data)
    exc = refused.value
    assert (exc.kind, exc.line, exc.column) == ("damaged", line, column)
    assert "\ufffd" in exc.excerpt and "Ã" not in exc.excerpt
    assert text_messages.undecodable(exc).startswith(f"The file is UTF-8 text except on line {line}, byte {column}")


def test_a_byte_windows_1252_does_not_have_either_is_refused():
    data = "numero;nombre\n1;Núñez\n".encode("cp1252") + b"2;Ana\x81\n"
    with pytest.raises(textfile.UndecodableText) as refused:
        textfile.read_text_file(data)
    assert (refused.value.kind, refused.value.line, refused.value.column) == ("unknown", 3, 6)
    assert text_messages.undecodable(refused.value) == (
        "The file is neither UTF-8 nor Windows-1252 text: it cannot be read on line 3, byte 6 of the line "
        "(“2;Ana\ufffd”)."
    )


def test_a_file_marked_utf8_or_utf16_that_breaks_it_is_refused():
    with pytest.raises(textfile.UndecodableText) as marked:
        textfile.read_text_file(b"\xef\xbb\xbfa;b\nN\xfa\xf1ez\n")  # a UTF-8 byte-order mark, then Windows-1252
    assert (marked.value.kind, marked.value.line, marked.value.column, marked.value.encoding) == (
        "marked",
        2,
        2,
        "UTF-8",
    )
    with pytest.raises(textfile.UndecodableText) as wide:
        textfile.read_text_file("a;b\nc;d\n".encode("utf-16") + b"\x00")  # an odd byte at the end
    assert (wide.value.kind, wide.value.line, wide.value.encoding) == ("marked", 3, "UTF-16")
    assert text_messages.undecodable(wide.value).startswith(
        "The file is marked as UTF-16 text, but it cannot be read as UTF-16 on line 3"
    )


def test_only_utf8_will_do_where_no_legacy_encoding_is_given():
    with pytest.raises(textfile.UndecodableText) as refused:
        textfile.read_text_file('{"name": "Año"}'.encode("latin-1"), legacy=())
    assert text_messages.undecodable(refused.value) == (
        'The file is not UTF-8 text: it cannot be read on line 1, byte 12 of the line (“{"name": "A\ufffdo"}”).'
    )


def test_a_long_line_is_shown_around_the_bad_byte():
    data = ("x" * 100 + "Núñez" + "y" * 100).encode().replace("ñ".encode(), b"\xf1")
    with pytest.raises(textfile.UndecodableText) as refused:
        textfile.read_text_file(data)
    shown = text_messages.where(refused.value)
    assert shown.startswith("line 1, byte 104 of the line (“…") and "Nú\ufffdez" in shown and len(shown) < 110


# -- the players list -----------------------------------------------------------------------------------------


def test_the_players_preview_names_windows_1252_and_the_names_are_as_typed(tournament):
    preview = parse_players_file("numero;nombre;pais\n1;Iñaki Núñez;ES\n".encode("cp1252"), "x.csv", tournament)
    assert preview.ok and preview.rows[0]["name"] == "Iñaki Núñez"
    assert preview.read_as_legacy and preview.read_as.startswith(
        "Read as Windows-1252 (Western European): the file is not UTF-8 text (line 2, byte 4 of the line"
    )
    utf8 = parse_players_file(UTF8, "x.csv", tournament)
    assert utf8.ok and utf8.read_as == "Read as UTF-8 text." and not utf8.read_as_legacy


def test_a_damaged_utf8_players_file_is_refused_with_line_and_byte(tournament):
    preview = parse_players_file(UTF8.replace("Peña".encode(), b"Pe\xf1a"), "x.csv", tournament)
    assert not preview.ok and not preview.rows
    assert preview.errors == [
        (
            1,
            "The file is UTF-8 text except on line 3, byte 11 of the line (“2;José Pe\ufffda;ES”): a byte there cannot "
            "be read, so the file is damaged. Read any other way, all its accented letters would come out garbled. "
            "Save the sheet again as CSV (UTF-8) or XLSX, or correct that line.",
        )
    ]


def test_the_import_page_says_what_it_read_the_file_as(tournament, organizer):
    client = Client()
    client.force_login(organizer)
    url = reverse("manage-import", args=[tournament.slug])
    legacy = SimpleUploadedFile("players.csv", "numero;nombre\n1;Núñez\n".encode("cp1252"))
    page = html.unescape(client.post(url, {"file": legacy}).content.decode())
    assert '<p class="msg warning read-as" role="status">Read as Windows-1252 (Western European)' in page
    assert "<td>Núñez</td>" in page and "Import 1 player" in page
    # Confirmed: imported as shown.
    confirm = {"confirm": "1", "content": base64.b64encode("numero;nombre\n1;Núñez\n".encode("cp1252")).decode()}
    assert client.post(url, {**confirm, "filename": "players.csv"}).status_code == 302
    assert Player.objects.get(tournament=tournament).name == "Núñez"
    damaged = SimpleUploadedFile("players.csv", UTF8.replace("Peña".encode(), b"Pe\xc3a"))
    page = html.unescape(client.post(url, {"file": damaged}).content.decode())
    assert "The file is UTF-8 text except on line 3, byte 11 of the line" in page
    assert 'name="confirm"' not in page and "Pe\ufffda" in page and "PeÃ" not in page


# -- the JSON files and the seating chart ---------------------------------------------------------------------


def test_the_tournament_file_upload_names_line_and_byte(make_user):
    from django.contrib.auth.models import Permission

    user = make_user("creator")
    user.user_permissions.add(Permission.objects.get(codename="add_tournament"))
    client = Client()
    client.force_login(user)
    content = '{\n "name": "Año"}'.encode("latin-1")
    response = client.post(reverse("tournament-import"), {"file": SimpleUploadedFile("t.json", content)})
    text = html.unescape(response.content.decode())
    assert (
        'The file is not UTF-8 text: it cannot be read on line 2, byte 12 of the line (“ "name": "A\ufffdo"}”). '
        "Is it a tournament JSON file?" in text
    )


def test_the_seating_chart_upload_names_line_and_byte(tournament, organizer, players):
    client = Client()
    client.force_login(organizer)
    chart = "session,table,east,south,west,north\n1,1,1,2,3,4\n1,2,5,6,7,8 \xe9\n".encode("latin-1")
    response = client.post(
        reverse("manage-seating-chart", args=[tournament.slug]),
        {"file": SimpleUploadedFile("chart.csv", chart), "preview": "1"},
    )
    text = html.unescape(response.content.decode())
    assert "The file is not UTF-8 text: it cannot be read on line 3, byte 13 of the line" in text
    assert "Save it as CSV (UTF-8) or JSON." in text


def test_the_import_commands_name_line_and_byte_even_far_into_the_file(tmp_path):
    path = tmp_path / "t.json"
    path.write_bytes(b"{\n" + b'  "x": 1,\n' * 2000 + '  "name": "Año"\n}\n'.encode("latin-1"))
    for command in ("import_tournament", "import_series"):
        with pytest.raises(CommandError) as refused:
            call_command(command, str(path), stdout=io.StringIO(), stderr=io.StringIO())
        assert (
            str(refused.value)
            == f"{path}: not UTF-8 text (invalid continuation byte on line 2002, byte 13 of the line)"
        )
