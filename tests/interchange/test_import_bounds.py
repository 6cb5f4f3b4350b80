"""The same file is refused on SQLite and on PostgreSQL: the models bound numbers and text themselves,
so an import never depends on what the database would have let through."""

import copy

import pytest
from django.core.exceptions import ValidationError
from django.core.management import CommandError, call_command

from interchange.format import InterchangeError
from interchange.load import tournament_import
from rules import payments as pay
from scoring import services as ss
from tests.interchange.test_interchange_json import SMALL, counts
from tournament import services as ts


def table(data):
    return data["sessions"][0]["tables"][0]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "change, path, message",
    [
        (
            lambda d: table(d)["hands"][1].update(points=10**12),
            "sessions[0].tables[0].hands[1].points",
            "less than or equal to 9999",
        ),
        (
            lambda d: table(d)["penalties"][0].update(amount=10**12),
            "sessions[0].tables[0].penalties[0].amount",
            "less than or equal to 9999",
        ),
        (
            lambda d: d["players"].append({"number": 2**31, "name": "Big"}),
            "players[8].number",
            "less than or equal to 99999",
        ),
        (lambda d: d["players"][0].update(name="Ana\x00"), "players[0].name", "NUL"),
        (lambda d: table(d)["hands"][0].update(note="x\x00"), "sessions[0].tables[0].hands[0].note", "NUL"),
        (lambda d: table(d)["hands"][1].update(tiles={"a": "\x00"}), "sessions[0].tables[0].hands[1].tiles.a", "NUL"),
        (lambda d: d.update(session_minutes=70_000), "session_minutes", "less than or equal to 1440"),
    ],
)
def test_out_of_bounds_files_are_refused_whatever_the_database(change, path, message):
    before = counts()
    data = copy.deepcopy(SMALL)
    change(data)
    with pytest.raises(InterchangeError) as error:
        tournament_import(data)
    assert error.value.path == path
    assert message in error.value.message
    assert counts() == before


@pytest.mark.django_db
def test_the_import_command_says_what_is_wrong_and_imports_nothing(tmp_path):
    before = counts()
    path = tmp_path / "deep.json"
    path.write_text('{"name": "x", "slug": "x", "players": ' + "[" * 20_000 + "]" * 20_000 + "}")
    with pytest.raises(CommandError, match="nested more than 12 deep"):
        call_command("import_tournament", str(path))
    path.write_text('{"name": "x", "slug": "x", "session_count": 1' + "0" * 5000 + "}")
    with pytest.raises(CommandError, match="more than 15 digits"):
        call_command("import_tournament", str(path))
    assert counts() == before


def test_services_refuse_nul_and_large_numbers(tournament, sheet, players, referee, organizer):
    before = counts()
    with pytest.raises(ValidationError, match="Null characters"):
        ts.player_create(tournament=tournament, number=50, name="A\x00", by=organizer)
    with pytest.raises(ValidationError):
        ts.player_create(tournament=tournament, number=2**31, name="Big", by=organizer)
    with pytest.raises(ValidationError):
        ts.player_create(tournament=tournament, number=51, name="T", team="Dra\x00gons", by=organizer)
    with pytest.raises(ValidationError):
        ss.hand_record(
            sheet=sheet,
            number=1,
            outcome=pay.SELF_DRAWN,
            winner=players[0],
            points=10**12,
            by=referee,
            expected_version=0,
        )
    with pytest.raises(ValidationError):
        ss.penalty_record(sheet=sheet, player=players[0], amount=10**12, to=pay.TO_NOBODY, reason="x", by=referee)
    with pytest.raises(ValidationError):
        ss.penalty_record(sheet=sheet, player=players[0], amount=5, to=pay.TO_NOBODY, reason="x\x00", by=referee)
    assert counts() == before
