"""Two imports of one tournament file with --replace at the same moment (two organizers, or a command run
twice; PostgreSQL only: SQLite has no row locks and lets one writer at a time). None crashes: each waits for
the one before and then replaces what it imported. Two first imports of a new short name: one makes it, the
other is told the name was taken. Exactly one tournament of that short name is left, with the file's content."""

from datetime import date

import pytest
from django.db import connection

from interchange.load import InterchangeError, tournament_import
from tests.series.factory import tournament_data
from tests.together import at_once
from tournament.models import Tournament

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL"),
]


def test_two_replacing_imports_of_one_file_at_once():
    data = tournament_data("spring", "Spring Open", date(2026, 4, 1), None, list(range(8)), seed=3)
    tournament_import(data)
    results, errors = at_once(
        lambda: tournament_import(data, replace=True),
        lambda: tournament_import(data, replace=True),
        lambda: tournament_import(data, replace=True),
    )
    assert errors == [] and len(results) == 3  # each waited for the one before and replaced what it made
    (left,) = Tournament.objects.filter(slug="spring")
    assert left.players.count() == len(data["players"])


def test_two_first_imports_of_one_file_at_once():
    data = tournament_data("autumn", "Autumn Open", date(2026, 10, 1), None, list(range(8)), seed=4)
    results, errors = at_once(lambda: tournament_import(data), lambda: tournament_import(data))
    assert len(results) == 1 and len(errors) == 1, errors
    assert isinstance(errors[0], InterchangeError) and "autumn" in str(errors[0])
    assert Tournament.objects.filter(slug="autumn").count() == 1
