"""A player's fields are defined once (tournament.player_fields): every field, given a value, comes through the
player form, the services, the audit log, the interchange file (export and import), the players file (import and
update) and a copy of the tournament unchanged. A new field needs a sample below; the rest follows."""

import copy
import io

import pytest
from django.urls import reverse
from openpyxl import load_workbook

from interchange.export import tournament_export
from interchange.format import InterchangeError
from interchange.load import tournament_import
from interchange.shape import validate
from tournament import importing
from tournament import services as ts
from tournament.forms import PlayerForm
from tournament.models import AuditLog, Player
from tournament.player_fields import BY_KEY, FILE_FIELDS, KEYS, PLAYER_FIELDS, Kind, values_of

pytestmark = pytest.mark.django_db

# A value for each field other than its default, as the services store it (the team by its name).
SAMPLES = {
    "number": 7,
    "name": "Ana López",
    "family_name": "López Ruiz",
    "given_name": "Ana María",
    "country": "ES",
    "club": "Club Mahjong Madrid",
    "ema_id": "04000001",
    "no_ema_id": True,
    "team": "Dragons",
    "is_substitute": True,
}
# The other fields a player needs beside the one under test.
BASE = {"number": 7, "name": "Ana López"}
FIELDS = [pytest.param(f, id=f.key) for f in PLAYER_FIELDS]
IN_FILE = [pytest.param(f, id=f.key) for f in FILE_FIELDS]


def with_sample(player_field):
    return {**BASE, player_field.key: SAMPLES[player_field.key]}


def form_data(values):
    """What a browser posts for ``values``: a ticked box is "on", an unticked one is left out."""
    return {key: ("on" if value is True else value) for key, value in values.items() if value is not False}


def cell(value):
    return "yes" if value is True else str(value)


def players_file(header, values):
    return f"{','.join(header)}\n{','.join(cell(v) for v in values)}\n".encode()


def test_every_field_has_a_sample_and_a_kind():
    assert set(SAMPLES) == set(KEYS)
    for player_field in PLAYER_FIELDS:
        assert player_field.tidy(SAMPLES[player_field.key]) == SAMPLES[player_field.key]
        assert SAMPLES[player_field.key] != player_field.default


def test_the_form_has_every_field_and_nothing_else():
    assert list(PlayerForm.base_fields) == list(KEYS)
    assert list(PlayerForm().fields)[:4] == ["number", "family_name", "given_name", "name"]


@pytest.mark.parametrize("player_field", FIELDS)
def test_form_to_service_to_audit(player_field, tournament, organizer):
    form = PlayerForm(form_data(with_sample(player_field)))
    assert form.is_valid(), form.errors
    player = ts.player_create(tournament=tournament, by=organizer, **form.service_fields())
    assert player_field.value_of(player) == SAMPLES[player_field.key]
    entry = AuditLog.objects.get(tournament=tournament, action="player.create")
    assert set(entry.data["values"]) == set(KEYS)
    # The edit form starts from the player's values and saves them unchanged.
    again = PlayerForm(form_data(values_of(player)))
    assert again.is_valid(), again.errors
    ts.player_update(player=player, by=organizer, **again.service_fields())
    assert values_of(Player.objects.get(pk=player.pk)) == values_of(player)


@pytest.mark.parametrize("player_field", FIELDS)
def test_update_changes_the_field_and_logs_it(player_field, tournament, organizer):
    player = ts.player_create(tournament=tournament, by=organizer, number=8, name="Someone Else")
    ts.player_update(player=player, by=organizer, **{player_field.key: SAMPLES[player_field.key]})
    player.refresh_from_db()
    assert player_field.value_of(player) == SAMPLES[player_field.key]
    entry = AuditLog.objects.get(tournament=tournament, action="player.update")
    assert player_field.key in entry.data["changes"]


@pytest.mark.parametrize("player_field", FIELDS)
def test_interchange_export_and_import(player_field, tournament, organizer):
    ts.player_create(tournament=tournament, by=organizer, **with_sample(player_field))
    data = tournament_export(tournament)
    assert data["players"][0][player_field.key] == SAMPLES[player_field.key]
    data = copy.deepcopy(data)
    data["slug"] = "again"
    imported = tournament_import(data).players.get()
    assert player_field.value_of(imported) == SAMPLES[player_field.key]
    assert tournament_export(imported.tournament)["players"] == tournament_export(tournament)["players"]


@pytest.mark.parametrize("player_field", FIELDS)
def test_interchange_shape_checks_each_field(player_field):
    wrong = 7 if player_field.kind in (Kind.TEXT, Kind.TEAM) else "seven"
    data = {"name": "T", "slug": "t", "players": [{**BASE, player_field.key: wrong}]}
    with pytest.raises(InterchangeError) as exc:
        validate(data)
    assert exc.value.path == f"players[0].{player_field.key}"


@pytest.mark.parametrize("player_field", [p for p in FIELDS if p.values[0].validator])
def test_interchange_import_points_at_a_field_the_model_refuses(player_field, tournament):
    data = {"name": "T", "slug": "t", "players": [{**BASE, player_field.key: "?"}]}
    with pytest.raises(InterchangeError) as exc:
        tournament_import(data)
    assert exc.value.path == f"players[0].{player_field.key}"


@pytest.mark.parametrize("player_field", IN_FILE)
def test_players_file_import(player_field, tournament, organizer):
    header, values = ["number", "name"], [7, "Ana López"]
    if player_field.key in header:
        values[header.index(player_field.key)] = SAMPLES[player_field.key]
    else:
        header.append(player_field.header)
        values.append(SAMPLES[player_field.key])
    preview = importing.parse_players_file(players_file(header, values), "p.csv", tournament)
    assert preview.ok, preview.errors
    assert preview.rows[0][player_field.key] == SAMPLES[player_field.key]
    player = ts.players_import(tournament=tournament, rows=preview.rows, by=organizer)[0]
    assert player_field.value_of(player) == SAMPLES[player_field.key]


@pytest.mark.parametrize("player_field", [p for p in IN_FILE if p.values[0].key != "number"])
def test_players_file_update(player_field, tournament, organizer):
    ts.player_create(tournament=tournament, by=organizer, number=7, name="Someone Else")
    header = ["number", player_field.header]
    data = players_file(header, [7, SAMPLES[player_field.key]])
    preview = importing.parse_players_file(data, "p.csv", tournament, update=True)
    assert preview.ok, preview.errors
    ts.players_import_update(tournament=tournament, rows=preview.rows, by=organizer)
    assert player_field.value_of(tournament.players.get(number=7)) == SAMPLES[player_field.key]


@pytest.mark.parametrize("player_field", IN_FILE)
def test_every_header_of_a_column_is_recognised(player_field, tournament):
    for header in (player_field.header, player_field.key, *player_field.aliases):
        columns = {"number", "name", player_field.key} - {player_field.key}
        data = players_file(
            [*sorted(columns), header], [*(SAMPLES[k] for k in sorted(columns)), SAMPLES[player_field.key]]
        )
        preview = importing.parse_players_file(data, "p.csv", tournament)
        assert preview.ok and not preview.warnings, (header, preview.errors, preview.warnings)
        assert preview.rows[0][player_field.key] == SAMPLES[player_field.key], header


@pytest.mark.parametrize("player_field", [p for p in IN_FILE if p.values[0].file_error])
def test_players_file_names_a_value_it_cannot_take(player_field, tournament):
    data = players_file(["name", player_field.header], ["Ana López", "??"])
    preview = importing.parse_players_file(data, "p.csv", tournament)
    assert [message for _row, message in preview.errors] == [player_field.file_error % {"v": "??"}]


def test_the_templates_have_every_column_of_the_players_file(client_for, tournament):
    headers = [f.header for f in FILE_FIELDS]
    assert importing.template_csv().decode("utf-8-sig").splitlines()[0] == ",".join(headers)
    sheet = load_workbook(io.BytesIO(importing.template_xlsx())).active
    assert [c.value for c in sheet[1]] == headers
    # A code of digits is text, so a spreadsheet keeps its leading zeros.
    for column, player_field in enumerate(FILE_FIELDS):
        assert (sheet.cell(row=2, column=column + 1).number_format == "@") == bool(player_field.digits)
    page = client_for("organizer").get(reverse("manage-import", args=[tournament.slug])).content.decode()
    assert all(f"<code>{header}</code>" in page for header in headers)


def test_a_copied_tournament_keeps_every_field(tournament, organizer):
    ts.player_create(tournament=tournament, by=organizer, **{**SAMPLES, "ema_id": ""})
    ts.player_create(tournament=tournament, by=organizer, **{**SAMPLES, "number": 8, "name": "B", "no_ema_id": False})
    copy_ = ts.tournament_copy(source=tournament, name="Next", slug="next", by=organizer, teams=True, players=True)
    assert [values_of(p) for p in copy_.players.order_by("number")] == [
        values_of(p) for p in tournament.players.order_by("number")
    ]


def test_services_refuse_a_keyword_that_is_no_field(tournament, organizer):
    with pytest.raises(TypeError, match="nickname"):
        ts.player_create(tournament=tournament, by=organizer, number=1, name="A", nickname="x")
    with pytest.raises(TypeError, match="number"):
        ts.player_create(tournament=tournament, by=organizer, name="A")
    assert not tournament.players.exists()
    assert BY_KEY["number"].kind is Kind.NUMBER
