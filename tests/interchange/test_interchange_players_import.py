"""The players import parser: CSV (comma, or semicolon with BOM and Spanish headers), XLSX, bad rows."""

import io

import pytest
from openpyxl import Workbook

from tournament import services as ts
from tournament.importing import parse_players_file
from tournament.models import Player


def test_good_csv(tournament):
    data = (
        "number,name,country,club,ema_id,team,substitute\n"
        "1,Ana López,es,Club Madrid,04000001,Dragons,no\n"
        "\n"
        "2,Kenji Tanaka,JP,,,Winds,\n"
        '3,"Müller, Hans",DE,Berlin MJ,,,yes\n'
    ).encode()
    preview = parse_players_file(data, "players.csv", tournament)
    assert preview.errors == []
    assert preview.ok
    assert preview.rows == [
        {
            "number": 1,
            "name": "Ana López",
            "country": "ES",
            "club": "Club Madrid",
            "ema_id": "04000001",
            "team": "Dragons",
            "is_substitute": False,
        },
        {
            "number": 2,
            "name": "Kenji Tanaka",
            "country": "JP",
            "club": "",
            "ema_id": "",
            "team": "Winds",
            "is_substitute": False,
        },
        {
            "number": 3,
            "name": "Müller, Hans",
            "country": "DE",
            "club": "Berlin MJ",
            "ema_id": "",
            "team": "",
            "is_substitute": True,
        },
    ]
    assert preview.row_numbers == [2, 4, 5]
    ts.players_import(tournament=tournament, rows=preview.rows, by=None)
    assert list(tournament.players.values_list("number", "name", "team__name")) == [
        (1, "Ana López", "Dragons"),
        (2, "Kenji Tanaka", "Winds"),
        (3, "Müller, Hans", None),
    ]


def test_semicolon_csv_with_bom_and_spanish_headers(tournament, players):
    # Spanish Excel: BOM, ';' separators, accented headers, numbers left out (auto-assigned after 8).
    data = (
        "\ufeffNº;Nombre;País;Club;EMA;Equipo;Suplente\n"
        ";José García, hijo;es;Mahjong Valencia;04000123;Fénix;no\n"
        ";María Fernández;ES;;;Fénix;sí\n"
        "20;Lucía Martín;;;;;\n"
    ).encode("utf-8")
    preview = parse_players_file(data, "jugadores.csv", tournament)
    assert preview.errors == []
    assert [(r["number"], r["name"], r["country"], r["team"], r["is_substitute"]) for r in preview.rows] == [
        (21, "José García, hijo", "ES", "Fénix", False),
        (22, "María Fernández", "ES", "Fénix", True),
        (20, "Lucía Martín", "", "", False),
    ]


def test_numbers_auto_assigned_after_tournament_highest(tournament, players):
    preview = parse_players_file(b"name\nA One\nB Two\n", "x.csv", tournament)
    assert [r["number"] for r in preview.rows] == [9, 10]


def test_cp1252_csv(tournament):
    data = "numero;nombre;pais\n1;Iñaki Pérez;ES\n".encode("cp1252")
    preview = parse_players_file(data, "x.csv", tournament)
    assert preview.ok, preview.errors
    assert preview.rows[0]["name"] == "Iñaki Pérez"


def _xlsx(rows):
    wb = Workbook()
    ws = wb.active
    for row in rows:
        ws.append(row)
    out = io.BytesIO()
    wb.save(out)
    return out.getvalue()


def test_xlsx(tournament):
    data = _xlsx(
        [
            ["Number", "Name", "Country", "Club", "EMA id", "Team", "Substitute"],
            [1, "Ana López", "es", "Club Madrid", 4000001, "Dragons", None],
            [None, None, None, None, None, None, None],
            [2.0, "Pierre Martin", "FR", None, "07000042", "Winds", "x"],
        ]
    )
    preview = parse_players_file(data, "players.xlsx", tournament)
    assert preview.errors == []
    assert preview.rows == [
        {
            "number": 1,
            "name": "Ana López",
            "country": "ES",
            "club": "Club Madrid",
            "ema_id": "04000001",
            "team": "Dragons",
            "is_substitute": False,
        },
        {
            "number": 2,
            "name": "Pierre Martin",
            "country": "FR",
            "club": "",
            "ema_id": "07000042",
            "team": "Winds",
            "is_substitute": True,
        },
    ]
    assert preview.row_numbers == [2, 4]


def test_bad_rows_reported_per_row_and_nothing_imported(tournament, players):
    data = (
        b"number,name,country,ema_id,substitute\n"
        b"10,Good Player,ES,,\n"  # row 2: fine
        b"11,,ES,,\n"  # row 3: no name
        b"0,Zero,ES,,\n"  # row 4: number not positive
        b"abc,Letters,ES,,\n"  # row 5: not a number
        b"12,Bad Country,ESP,,\n"  # row 6: three letters
        b"13,Bad Ema,FR,1234,\n"  # row 7: EMA id too short
        b"10,Same Number,IT,,\n"  # row 8: duplicate in the file
        b"3,Taken Number,IT,,\n"  # row 9: duplicate of an existing player
        b"14,Player 1,IT,,\n"  # row 10: existing player's name
        b"15,Maybe Sub,IT,,perhaps\n"  # row 11: not yes/no
    )
    before = Player.objects.count()
    preview = parse_players_file(data, "players.csv", tournament)
    assert not preview.ok
    rows_with_errors = sorted({r for r, _m in preview.errors})
    assert rows_with_errors == [3, 4, 5, 6, 7, 8, 9, 10, 11]
    messages = dict(preview.errors)
    assert "name" in messages[3]
    assert "row 2" in messages[8]
    assert "already taken" in messages[9]
    assert "eight digits" in messages[7]
    assert Player.objects.count() == before


def test_missing_name_column(tournament):
    preview = parse_players_file(b"number;country\n1;ES\n", "x.csv", tournament)
    assert not preview.ok
    assert preview.errors[0][0] == 1
    assert "name" in preview.errors[0][1]


def test_service_refuses_whole_import_on_a_bad_row(tournament):
    rows = [
        {"number": 1, "name": "Fine", "country": "ES", "club": "", "ema_id": "", "team": "", "is_substitute": False},
        {"number": 1, "name": "Clash", "country": "ES", "club": "", "ema_id": "", "team": "", "is_substitute": False},
    ]
    with pytest.raises(Exception):
        ts.players_import(tournament=tournament, rows=rows, by=None)
    assert tournament.players.count() == 0


def test_crlf_and_tab_separated(tournament):
    data = "Name\tCountry\tTeam\r\nAna López\tes\tDragons\r\n\r\nBo Chen\tCN\t\r\n".encode()
    preview = parse_players_file(data, "players.txt", tournament)
    assert preview.errors == []
    assert [(r["number"], r["name"], r["country"], r["team"]) for r in preview.rows] == [
        (1, "Ana López", "ES", "Dragons"),
        (2, "Bo Chen", "CN", ""),
    ]
    assert preview.row_numbers == [2, 4]


def test_semicolon_file_with_commas_in_names(tournament):
    # The Sniffer alone may pick "," here; the header decides.
    data = "nombre;número\nGarcía, José;1\nPérez, Ana;2\n".encode()
    preview = parse_players_file(data, "x.csv", tournament)
    assert preview.errors == []
    assert [r["name"] for r in preview.rows] == ["García, José", "Pérez, Ana"]


def test_unreadable_files(tournament):
    assert parse_players_file(b"", "x.csv", tournament).errors == [(1, "The file is empty.")]
    assert "xlsx" in parse_players_file(b"\xd0\xcf\x11\xe0rest", "old.xls", tournament).errors[0][1]
    broken = parse_players_file(b"PK\x03\x04 not really a zip", "x.xlsx", tournament)
    assert not broken.ok and broken.errors[0][0] == 1
    header_only = parse_players_file(b"name,country\n", "x.csv", tournament)
    assert not header_only.ok and "no players" in header_only.errors[0][1]


def test_duplicate_ema_ids(tournament):
    ts.player_create(tournament=tournament, number=1, name="Old", ema_id="04000001", by=None)
    data = b"name,ema\nA,04000001\nB,04000002\nC,04000002\n"
    preview = parse_players_file(data, "x.csv", tournament)
    assert [r for r, _m in preview.errors] == [2, 4]
    assert "already belongs" in preview.errors[0][1] and "row 3" in preview.errors[1][1]


def test_utf8_with_one_damaged_byte_is_refused_with_its_line_not_read_garbled(tournament):
    """Issue 27: read as Windows-1252, the preview offered names like "NÃºÃ±ez"."""
    good = "numero;nombre;pais\n1;Iñaki Núñez;ES\n2;José Peña;ES\n".encode()
    data = good.replace("Peña".encode(), b"Pe\xc3a")  # the second byte of "ñ" lost
    preview = parse_players_file(data, "x.csv", tournament)
    assert not preview.ok and not preview.rows
    message = " ".join(str(e) for e in preview.errors)
    assert "UTF-8 text except on line 3, byte 11 of the line" in message and "Ã" not in message
    # A file with no UTF-8 at all is still read as Windows-1252, its letters as typed.
    assert (
        parse_players_file("numero;nombre\n1;Núñez\n".encode("cp1252"), "x.csv", tournament).rows[0]["name"] == "Núñez"
    )


def test_the_damaged_byte_is_found_where_it_is():
    from core import textfile

    with pytest.raises(textfile.UndecodableText) as damaged:
        textfile.decode_text_file("a;é\nb;ü\n".encode() + b"c;\xff\n")
    assert (damaged.value.line, damaged.value.position, damaged.value.declared) == (3, 12, False)
