"""The demo series load_demo adds (issue 30): a series over the two finished demo tournaments, organized by the
demo organizer, whose ranking and a player's chart can be seen at once; loaded once however often load_demo runs."""

import io

import pytest
from django.core.management import call_command
from django.urls import reverse

from series.demo import DEMO_SERIES, DEMO_TOURNAMENTS
from series.models import Person, PlayerLink, Series, SeriesRanking, SeriesRole
from tournament.models import AuditLog


def run():
    out = io.StringIO()
    call_command("load_demo", stdout=out)
    return out.getvalue()


@pytest.mark.django_db
def test_demo_series_ranks_the_finished_demos_once(client):
    first = run()
    series = Series.objects.get(slug=DEMO_SERIES)
    assert sorted(series.entries.values_list("tournament_slug", flat=True)) == sorted(DEMO_TOURNAMENTS)
    assert SeriesRole.objects.filter(series=series, user__username="organizer", role="organizer").exists()
    ranking = series.rankings.get()
    listed = [r for r in ranking.rows if r["listed"]]
    assert len(listed) >= 5
    assert f"/series/{DEMO_SERIES}/" in first and "/manage/people/" in first

    counts = (Series.objects.count(), SeriesRanking.objects.count(), Person.objects.count(), PlayerLink.objects.count())
    audit = AuditLog.objects.count()
    run()
    assert counts == (
        Series.objects.count(),
        SeriesRanking.objects.count(),
        Person.objects.count(),
        PlayerLink.objects.count(),
    )
    assert AuditLog.objects.count() == audit

    # The ranking and a listed player's chart, to anyone.
    page = client.get(reverse("series-detail", args=[series.slug]))
    assert page.status_code == 200 and listed[0]["name"] in page.content.decode()
    person = client.get(reverse("series-person", args=[series.slug, listed[0]["person"]]))
    assert person.status_code == 200 and b"<svg" in person.content

    # The demo organizer: a new series can take the finished demos, and the ranking page offers the six
    # look-alike pairs and points to People.
    organizer = series.roles.get().user
    client.force_login(organizer)
    new = client.get(reverse("series-create")).content.decode()
    assert "Demo Winter Cup" in new and "Demo Spring Open" in new
    page = client.get(reverse("series-detail", args=[series.slug])).content.decode()
    assert page.count('name="do" value="link"') == 6 and reverse("series-people", args=[series.slug]) in page
