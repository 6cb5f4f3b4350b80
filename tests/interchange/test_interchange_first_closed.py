"""When a session was first closed travels in the tournament file (``first_closed_at``): a session closed once
and reopened is imported as one whose results were called final, so a later change to them is still noted
for the organizer (``ClosedSessionChange``). A file without it counts a closed session as closed once."""

import copy

import pytest

from interchange.export import tournament_export
from interchange.format import InterchangeError
from interchange.load import tournament_import
from schedule import services as sched
from scoring import services as ss
from scoring.models import ClosedSessionChange
from tests.closing import end_appeal_windows
from tournament.models import Session, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def closed(published_session, organizer, referee):
    for table in published_session.tables.order_by("number"):
        ss.sheet_sign(sheet=table.sheet, by=referee, mark_rest_not_played=True)
    end_appeal_windows(published_session)
    return sched.session_close(session=published_session, by=organizer)


def as_copy(data, slug="copy-open"):
    data = copy.deepcopy(data)
    data["slug"], data["name"] = slug, "Copy Open"
    return data


def session_of(tournament, number=1):
    return Session.objects.get(tournament=tournament, number=number)


def test_a_reopened_session_round_trips_and_still_notes_later_changes(closed, organizer):
    sched.session_reopen(session=closed, by=organizer, reason="Table 1 misread hand 1")
    closed.refresh_from_db()
    exported = tournament_export(closed.tournament)
    row = exported["sessions"][0]
    assert (row["status"], row["first_closed_at"]) == ("published", closed.first_closed_at.isoformat())
    imported = tournament_import(as_copy(exported))
    session = session_of(imported)
    assert session.first_closed_at == closed.first_closed_at and session.was_closed
    assert tournament_export(imported)["sessions"] == exported["sessions"]
    # Nothing was noted while the file loaded; the chief referee reopening a sheet afterwards is.
    assert not ClosedSessionChange.objects.filter(session=session).exists()
    ss.sheet_reopen(sheet=session.tables.get(number=1).sheet, reason="Hand 1 was self-drawn", by=None)
    assert list(ClosedSessionChange.objects.filter(session=session).values_list("what", flat=True)) == [
        "sheet_reopened"
    ]


def test_a_session_closed_again_keeps_its_first_close(closed, organizer, referee):
    sched.session_reopen(session=closed, by=organizer, reason="Checking")
    end_appeal_windows(closed)
    closed = sched.session_close(session=closed, by=organizer)
    assert closed.first_closed_at < closed.closed_at
    exported = tournament_export(closed.tournament)
    assert exported["sessions"][0]["first_closed_at"] == closed.first_closed_at.isoformat()
    session = session_of(tournament_import(as_copy(exported)))
    assert session.is_closed and session.first_closed_at == closed.first_closed_at


def test_a_session_closed_once_needs_no_field_and_counts_as_closed_once(closed):
    exported = tournament_export(closed.tournament)
    assert "first_closed_at" not in exported["sessions"][0]
    session = session_of(tournament_import(as_copy(exported)))
    assert session.is_closed and session.first_closed_at == session.closed_at
    # A null is the same as no field.
    exported["sessions"][0]["first_closed_at"] = None
    session = session_of(tournament_import(as_copy(exported, slug="copy-two")))
    assert session.first_closed_at == session.closed_at


@pytest.mark.parametrize(
    "change,path",
    [
        (lambda d: d["sessions"][0].update(first_closed_at="yesterday"), "sessions[0].first_closed_at"),
        (lambda d: d["sessions"][0].update(first_closed_at=20260516), "sessions[0].first_closed_at"),
        (
            lambda d: d["sessions"].append({"number": 2, "first_closed_at": "2026-05-16T12:00:00+00:00"}),
            "sessions[1].first_closed_at",
        ),
    ],
)
def test_a_bad_first_close_is_refused_naming_it(closed, change, path):
    data = as_copy(tournament_export(closed.tournament), slug="bad-copy")
    change(data)
    with pytest.raises(InterchangeError) as exc:
        tournament_import(data)
    assert exc.value.path == path
    assert not Tournament.objects.filter(slug="bad-copy").exists()
