"""A prepared query (core.prepared) answers what its queryset answers, with each run's own values, and refuses
what it cannot prepare safely before it runs anything."""

from datetime import timedelta

import pytest
from django.db import connection
from django.db.models import Count
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from core.prepared import LIST_LENGTH_PREPARED, Prepared, PrepareError
from tournament import floor
from tournament.models import Player, Seat

pytestmark = pytest.mark.django_db


def test_it_answers_as_its_queryset_for_each_value(tournament, players, seated_session):
    def build(player):
        return Seat.objects.filter(player_id=player).values_list("table__number", "position", "session__status")

    seats = Prepared(build, player=int)
    for p in players:
        assert seats(player=p.pk) == list(build(p.pk))
    assert seats(player=0) == []


def test_flat_strings_counts_and_times(tournament, players, organizer):
    by_code = Prepared(
        lambda tournament, name: Player.objects.filter(tournament_id=tournament, name=name).values_list(
            "number", flat=True
        ),
        tournament=int,
        name=str,
    )
    assert by_code(tournament=tournament.pk, name="Player 3") == [3]
    assert by_code(tournament=tournament.pk, name="Nobody") == []
    counted = Prepared(
        lambda tournament: (
            Player.objects.filter(tournament_id=tournament).values_list("tournament_id").annotate(n=Count("id"))
        ),
        tournament=int,
    )
    assert counted(tournament=tournament.pk) == [(tournament.pk, 8)]
    shown = Prepared(
        lambda tournament, now: floor.announcements_shown(tournament, now).values_list("text", flat=True),
        tournament=int,
        now=type(timezone.now()),
    )
    now = timezone.now()
    floor.announcement_post(tournament=tournament, text="Doors close", until=now + timedelta(hours=1), by=organizer)
    assert shown(tournament=tournament.pk, now=now) == ["Doors close"]
    assert shown(tournament=tournament.pk, now=now + timedelta(hours=2)) == []


def test_it_compiles_once_and_runs_one_query(tournament, players):
    numbers = Prepared(lambda t: Player.objects.filter(tournament_id=t).values_list("number", flat=True), t=int)
    numbers(t=tournament.pk)
    with CaptureQueriesContext(connection) as queries:
        assert sorted(numbers(t=tournament.pk)) == list(range(1, 9))
    assert len(queries) == 1


def test_what_it_refuses(tournament, players):
    with pytest.raises(PrepareError, match="values_list"):
        Prepared(lambda t: Player.objects.filter(tournament_id=t).values("number"), t=int)(t=tournament.pk)
    # A value the query changes before sending (here wrapped in %...%) cannot be found among the parameters.
    with pytest.raises(PrepareError, match="unchanged"):
        Prepared(lambda name: Player.objects.filter(name__contains=name).values_list("pk"), name=str)(name="x")
    with pytest.raises(PrepareError, match="order"):
        Prepared(
            lambda t: Player.objects.filter(tournament_id=t).annotate(n=Count("seats")).values_list("n", "number"),
            t=int,
        )(t=tournament.pk)
    numbers = Prepared(lambda t: Player.objects.filter(tournament_id=t).values_list("number", flat=True), t=int)
    with pytest.raises(TypeError):
        numbers(t=None)
    with pytest.raises(TypeError):
        numbers(t=True)
    with pytest.raises(TypeError):
        numbers(tournament=1)


def test_instances_of_one_model(tournament, players):
    by_code = Prepared(
        lambda t, number: Player.objects.filter(tournament_id=t, number=number).order_by("number")[:1],
        t=int,
        number=int,
    )
    (found,) = by_code(t=tournament.pk, number=3)
    assert found == players[2] and found.name == "Player 3" and found.tournament_id == tournament.pk
    found.name = "Player Three"
    found.save()  # an instance like any other
    assert Player.objects.get(pk=players[2].pk).name == "Player Three"
    assert by_code(t=tournament.pk, number=99) == []
    with pytest.raises(PrepareError, match="every field"):
        Prepared(lambda t: Player.objects.filter(tournament_id=t).only("name"), t=int)(t=tournament.pk)


def test_instances_with_their_related_instances(tournament, players, seated_session):
    """select_related: the seats come with their tables, sessions and players loaded, as the queryset's do, and
    reading them runs no further query."""

    def build(player):
        return Seat.objects.filter(player_id=player).select_related("table__session", "player").order_by("pk")

    seats = Prepared(build, player=int)
    for p in players:
        expected = list(build(p.pk))
        with CaptureQueriesContext(connection) as queries:
            found = seats(player=p.pk)
            shown = [(s.table.number, s.table.session.number, s.player.name, s.position) for s in found]
        assert len(queries) == 1
        assert found == expected
        assert shown == [(s.table.number, s.table.session.number, s.player.name, s.position) for s in expected]


def test_a_list_of_ints_for_an_in(tournament, players, seated_session):
    """One query compiled for each length met; duplicates count once and an empty list finds nothing, without a
    query, as Django's own ``__in`` does."""
    by_pk = Prepared(lambda pks: Player.objects.filter(pk__in=pks).values_list("number", flat=True), pks=list)
    pks = [p.pk for p in players]
    assert sorted(by_pk(pks=pks[:3])) == [1, 2, 3]
    assert sorted(by_pk(pks=pks[5:8])) == [6, 7, 8]
    assert sorted(by_pk(pks=[pks[0], pks[0], pks[1]])) == [1, 2]
    assert sorted(by_pk(pks=pks)) == list(range(1, 9))
    with CaptureQueriesContext(connection) as queries:
        assert by_pk(pks=[]) == []
    assert len(queries) == 0
    many = [*pks, *range(10**6, 10**6 + LIST_LENGTH_PREPARED)]  # longer than prepared: the queryset runs
    assert sorted(by_pk(pks=many)) == list(range(1, 9))
    with pytest.raises(TypeError):
        by_pk(pks=pks[0])
    with pytest.raises(TypeError):
        by_pk(pks=[str(pks[0])])
