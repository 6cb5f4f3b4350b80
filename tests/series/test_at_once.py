"""Two organizers changing one series or one tournament's people at the same moment (issue 27): the second
gets a clear message or finds the work done, never a server error, a second effect or a second audit entry.
The requests themselves are raced in tests/web/test_races.py; here the services, one after the other with
the page's stale view, and at once on PostgreSQL (SQLite has no row locks)."""

import pytest
from django.core.exceptions import ValidationError
from django.db import connection
from django.urls import reverse

from series import services
from series.fileformat import SeriesFileError, series_import
from series.models import Person, PlayerLink, Series
from tests.together import at_once
from tournament.models import AuditLog

pytestmark = pytest.mark.django_db


def _deleted(series, by):
    stale = Series.objects.get(pk=series.pk)
    services.series_delete(series=series, by=by)
    return stale


def test_a_series_deleted_a_moment_ago_is_named_not_a_server_error(club_series, series_organizer, make_user):
    stale = _deleted(club_series, series_organizer)
    other = make_user("another")
    for change in (
        lambda: services.series_delete(series=stale, by=series_organizer),
        lambda: services.series_update(series=stale, by=series_organizer, name="Renamed"),
        lambda: services.series_recompute(series=stale, by=series_organizer),
        lambda: services.series_role_grant(series=stale, user=other, by=series_organizer),
    ):
        with pytest.raises(ValidationError, match="The series Club Ranking was deleted a moment ago") as exc:
            change()
        assert exc.value.code == "series_gone"
    assert AuditLog.objects.filter(action="series.delete").count() == 1
    assert not Series.objects.exists()


def test_the_pages_say_so_too(client, club_series, series_organizer):
    """The delete and recompute buttons of a page opened before another organizer deleted the series."""
    from django.contrib.messages.storage.fallback import FallbackStorage
    from django.test import RequestFactory

    from series.views.manage import SeriesDeleteView, SeriesRecomputeView

    stale = _deleted(club_series, series_organizer)
    for view, data in ((SeriesDeleteView, {"confirm": stale.slug}), (SeriesRecomputeView, {})):
        request = RequestFactory().post("/", data)
        request.user = series_organizer
        request.session = client.session
        request._messages = FallbackStorage(request)
        handler = view()
        handler.setup(request, series=stale.slug)
        handler.__dict__["series"] = stale  # as the page loaded it, before the delete
        response = handler.post(request)
        assert response.status_code == 302 and response["Location"] == reverse("series-list")
        assert [str(m) for m in request._messages] == [
            "The series Club Ranking was deleted a moment ago by another organizer."
        ]


def test_linking_to_the_same_person_again_changes_and_logs_nothing(club_series, series_organizer):
    """A double tap of "same person", or two organizers choosing the same: one link, one audit entry."""
    jan = PlayerLink.objects.get(player__tournament__slug="club-jan", player__name="Rosa Vidal")
    feb = PlayerLink.objects.get(player__tournament__slug="club-feb", player__name="Rosa Vidal").player
    first = services.person_link(player=feb, person=jan.person, by=series_organizer)
    again = services.person_link(player=feb, person=jan.person, by=series_organizer)
    assert again.pk == first.pk and again.person_id == jan.person_id and again.manual
    assert AuditLog.objects.filter(action="person.link").count() == 1


def test_a_series_name_taken_a_moment_ago_is_refused_on_its_field(small_tournaments, series_organizer, monkeypatch):
    """Two series created with one short name at once: both pass the check, the database refuses the second."""
    check = services._validate

    def meanwhile(series, *args, **kwargs):
        cleaned = check(series, *args, **kwargs)
        Series.objects.create(name="Someone else's", slug=series.slug, method="mers")
        return cleaned

    monkeypatch.setattr(services, "_validate", meanwhile)
    with pytest.raises(ValidationError) as exc:
        services.series_create(by=series_organizer, name="Club", slug="club", method="mers")
    assert exc.value.message_dict == {"slug": ["A series with the short name “club” was created a moment ago."]}
    assert not Series.objects.exists()  # here the other one was made inside the refused transaction


# --- at once, on PostgreSQL -----------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
def test_two_syncs_at_once_give_each_player_one_person(small_tournaments, series_organizer):
    jan = small_tournaments[0]
    results, errors = at_once(*(lambda: services.people_sync(tournaments=[jan], by=series_organizer),) * 2)
    assert errors == []
    assert sorted(r.linked for r in results) == [0, 8]
    assert PlayerLink.objects.filter(tournament=jan).count() == 8
    assert AuditLog.objects.filter(action="people.sync", tournament=jan).count() == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
def test_two_imports_of_one_new_series_file_make_one_series(small_tournaments, series_organizer):
    data = {"name": "Club", "slug": "club", "method": "mers", "tournaments": [{"slug": "club-jan"}]}
    results, errors = at_once(*(lambda: series_import(dict(data), by=series_organizer),) * 2)
    assert len(results) == 1 and len(errors) == 1 and isinstance(errors[0], SeriesFileError)
    assert errors[0].problems[0][0] == "slug"
    assert Series.objects.count() == 1 and AuditLog.objects.filter(action="series.create").count() == 1
    assert Person.objects.filter(ema_id="").count() == 1  # Rosa Vidal (no EMA id), once


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
def test_two_deletes_at_once_delete_once(club_series, series_organizer):
    results, errors = at_once(*(lambda: services.series_delete(series=club_series, by=series_organizer),) * 2)
    assert len(results) == 1 and len(errors) == 1 and errors[0].code == "series_gone"
    assert AuditLog.objects.filter(action="series.delete").count() == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
def test_a_file_replacing_a_series_and_a_recompute_at_once_wait_for_each_other(club_series, series_organizer):
    """Both lock the series, then its tournaments: neither waits for the other in a circle. (The file locked
    the tournaments first, then the series, the other way round; the deadlock that allows was not reproduced
    here, the window is narrow, but the order is now the one every series service keeps.)"""
    data = {
        "name": "Club Ranking",
        "slug": club_series.slug,
        "method": "mers",
        "as_of": "2026-04-01",
        "tournaments": [{"slug": s} for s in ("club-jan", "club-feb", "club-mar")],
        "minimum_results": 2,
        "best_results": 2,
        "listed_from": 2,
    }
    for _round in range(3):
        results, errors = at_once(
            lambda: series_import(dict(data), by=series_organizer, replace=True),
            lambda: services.series_recompute(series=club_series, by=series_organizer),
        )
        assert errors == [] and len(results) == 2
        data["minimum_results"] = 3 if data["minimum_results"] == 2 else 2
    assert Series.objects.get().minimum_results == 2
