"""Series services: their rules and failures (each error naming the field as a series file names it,
nothing saved), the versions they keep and the audit entries they write; people recognised by EMA id
and linked by organizers, never merged silently."""

from decimal import Decimal

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from series import selectors, services
from series.models import Person, PlayerLink, Series, SeriesRanking, SeriesRole
from series.services import TournamentEntry
from tests.closing import close_session
from tests.series import factory
from tests.series.helpers import correct_hand, reopen_session
from tournament.models import AuditLog, Player, Tournament

pytestmark = pytest.mark.django_db


def series_actions(series):
    return list(
        AuditLog.objects.filter(object_type="series.Series", object_id=str(series.pk))
        .order_by("id")
        .values_list("action", flat=True)
    )


def test_a_new_series_organized_by_its_creator_with_its_first_ranking(small_tournaments, organizer):
    series = services.series_create(
        by=organizer,
        name="Club",
        slug="club",
        method="mers",
        tournaments=[TournamentEntry(t.slug) for t in small_tournaments],
    )
    assert SeriesRole.objects.filter(series=series, user=organizer).exists()
    assert series.rankings.count() == 1
    assert series_actions(series) == ["series.create", "series.recompute"]
    ranking = series.rankings.get()
    assert ranking.number == 1 and ranking.parameters["decay"] == [
        {"older_than_days": 365, "factor": "0.5"},
        {"older_than_days": 730, "factor": "0"},
    ]
    # Everyone who played is a person: by EMA id across tournaments, a person of their own without one.
    assert Person.objects.filter(ema_id="10000001").get().links.count() == 3
    rosas = PlayerLink.objects.filter(player__name="Rosa Vidal").values_list("person_id", flat=True)
    assert len(set(rosas)) == 2, "never merged silently"


def _create(slug="bad", **overrides):
    arguments = {"by": None, "name": "Bad", "slug": slug, "method": "mers", "tournaments": []}
    arguments.update(overrides)
    return services.series_create(**arguments)


@pytest.mark.parametrize(
    "overrides, field, words",
    [
        ({"tournaments": [TournamentEntry("no-such-cup")]}, "tournaments[0].slug", "There is no tournament"),
        (
            {"tournaments": [TournamentEntry("club-jan"), TournamentEntry("club-jan")]},
            "tournaments[1].slug",
            "listed twice",
        ),
        ({"tournaments": [TournamentEntry("club-jan", weight=Decimal("-1"))]}, "tournaments[0].weight", "below 0"),
        (
            {"decay": [{"older_than_days": 730, "factor": "0.5"}, {"older_than_days": 365, "factor": "0"}]},
            "decay[1].older_than_days",
            "youngest to the oldest",
        ),
        ({"decay": [{"older_than_days": 365, "factor": "1.5"}]}, "decay[0].factor", "between 0 and 1"),
        (
            {"decay": [{"older_than_days": 365, "factor": "0"}, {"older_than_days": 730, "factor": "0.5"}]},
            "decay[1].factor",
            "cannot count more",
        ),
        ({"best_results": 0}, "best_results", ""),
        ({"method": "elo"}, "method", ""),
        ({"slug": "not a slug"}, "slug", ""),
        ({"part_a_share": Decimal("1.5")}, "part_a_share", ""),
    ],
)
def test_bad_input_names_the_field_and_saves_nothing(small_tournaments, overrides, field, words):
    with pytest.raises(ValidationError) as caught:
        _create(**overrides)
    errors = caught.value.message_dict
    assert field in errors, errors
    assert words in " ".join(errors[field])
    assert not Series.objects.exists() and not SeriesRanking.objects.exists()


def test_an_unfinished_tournament_is_refused_naming_its_open_sessions(small_tournaments):
    reopen_session("club-feb", 2)
    with pytest.raises(ValidationError) as caught:
        _create(tournaments=[TournamentEntry("club-jan"), TournamentEntry("club-feb")])
    assert caught.value.message_dict["tournaments[1].slug"] == [
        "“Club February” is not finished: session 2 is not closed."
    ]


def test_a_tournament_that_is_not_public_is_refused(small_tournaments):
    Tournament.objects.filter(slug="club-mar").update(published=False)
    with pytest.raises(ValidationError) as caught:
        _create(tournaments=[TournamentEntry("club-mar")])
    assert "not public" in caught.value.message_dict["tournaments[0].slug"][0]


def test_a_taken_slug_is_refused(club_series):
    with pytest.raises(ValidationError) as caught:
        _create(slug="club-ranking")
    assert "slug" in caught.value.message_dict


def test_a_corrected_tournament_changes_the_ranking_and_the_audit_log_says_so(club_series, series_organizer):
    first = selectors.latest_ranking(club_series)
    # Nothing changed: computing again keeps no new version.
    again = services.series_recompute(series=club_series, by=series_organizer)
    assert not again.changed and again.ranking == first
    # A session reopened: the tournament cannot be ranked until it is closed again, and the kept ranking stands.
    session = reopen_session("club-jan", 2)
    with pytest.raises(ValidationError) as caught:
        services.series_recompute(series=club_series, by=series_organizer)
    assert "not finished" in caught.value.message_dict["tournaments[0].slug"][0]
    close_session(session=session, by=None)
    # The correction: a big self-drawn win at table 1 of session 2.
    correct_hand("club-jan", 2, 1, 1, seat=3, points=88)
    done = services.series_recompute(series=club_series, by=series_organizer, reason="organizer")
    assert done.changed and done.ranking.number == 2
    assert done.ranking.rows != first.rows
    entry = AuditLog.objects.filter(action="series.recompute", data__version=2).get()
    assert entry.actor == series_organizer
    assert entry.data["tournaments_changed"] == ["club-jan"]
    assert entry.data.get("moved") or entry.data.get("entered") or entry.data.get("left")
    # Version 1 is kept as it was published.
    first.refresh_from_db()
    assert first.number == 1 and SeriesRanking.objects.filter(series=club_series).count() == 2


def test_changing_parameters_makes_a_new_version_with_the_change_logged(club_series, series_organizer):
    services.series_update(series=club_series, by=series_organizer, best_results=3, listed_from=1)
    update = AuditLog.objects.filter(action="series.update").get()
    assert update.data["changes"] == {"best_results": [2, 3], "listed_from": [2, 1]}
    recompute = AuditLog.objects.filter(action="series.recompute", data__version=2).get()
    assert recompute.data["parameters"]["best_results"] == [2, 3]
    assert selectors.latest_ranking(club_series).parameters["listed_from"] == 1


def test_removing_and_weighting_tournaments(club_series, series_organizer):
    services.series_update(
        series=club_series,
        by=series_organizer,
        tournaments=[TournamentEntry("club-jan", weight=Decimal("2")), TournamentEntry("club-mar")],
    )
    update = AuditLog.objects.filter(action="series.update").get()
    assert update.data["removed"] == ["club-feb"] and update.data["changed"]["club-jan"]["weight"] == [None, "2"]
    ranking = selectors.latest_ranking(club_series)
    assert [(e["slug"], e["weight"], e["weight_given"]) for e in ranking.events] == [
        ("club-jan", "2", True),
        ("club-mar", "2", False),  # from the EMA's table: two days
    ]


def test_organizers_of_a_series(club_series, series_organizer, make_user):
    other = make_user("federation")
    services.series_role_grant(series=club_series, user=other, by=series_organizer)
    with pytest.raises(ValidationError):
        services.series_role_grant(series=club_series, user=other, by=series_organizer)
    services.series_role_revoke(series=club_series, user=series_organizer, by=other)
    with pytest.raises(ValidationError) as caught:
        services.series_role_revoke(series=club_series, user=other, by=other)
    assert "at least one organizer" in caught.value.messages[0]
    assert series_actions(club_series)[-2:] == ["series.role_grant", "series.role_revoke"]


def test_linking_a_player_without_an_ema_id(club_series, series_organizer):
    jan, feb = (Player.objects.get(tournament__slug=s, name="Rosa Vidal") for s in ("club-jan", "club-feb"))
    rosa = PlayerLink.objects.get(player=jan).person
    suggestions = selectors.link_suggestions([feb])[feb.pk]
    assert [s.person for s in suggestions] == [rosa]
    link = services.person_link(player=feb, person=rosa, by=series_organizer)
    assert link.manual and PlayerLink.objects.get(player=feb).person == rosa
    entry = AuditLog.objects.get(action="person.link")
    assert entry.tournament.slug == "club-feb" and entry.data["person_name"] == "Rosa Vidal"
    # She now has two results: listed once the ranking is computed again.
    done = services.series_recompute(series=club_series, by=series_organizer)
    row = next(r for r in done.ranking.rows if r["person"] == rosa.pk)
    assert row["results"] == 2 and row["listed"]
    assert {"name": "Rosa Vidal", "rank": row["rank"]} in [
        {"name": n, "rank": r} for n, r in AuditLog.objects.filter(data__version=2).get().data["entered"]
    ]
    # Undone: a person of her own again; the audit log says so.
    services.person_unlink(player=feb, by=series_organizer)
    assert PlayerLink.objects.get(player=feb).person != rosa
    assert AuditLog.objects.filter(action="person.unlink").exists()


def test_links_are_refused_where_they_cannot_hold(club_series, series_organizer, outsider):
    ana_jan = Player.objects.get(tournament__slug="club-jan", ema_id="10000001")
    rosa_feb = Player.objects.get(tournament__slug="club-feb", name="Rosa Vidal")
    ana = PlayerLink.objects.get(player=ana_jan).person
    with pytest.raises(ValidationError) as caught:  # Ana played club-feb herself
        services.person_link(player=rosa_feb, person=ana, by=series_organizer)
    assert "already played this tournament" in caught.value.messages[0]
    with pytest.raises(ValidationError) as caught:  # an EMA id says who a player is
        services.person_link(player=ana_jan, person=PlayerLink.objects.get(player=rosa_feb).person, by=None)
    assert "EMA id" in caught.value.messages[0]
    with pytest.raises(PermissionDenied):
        services.person_link(player=rosa_feb, person=ana, by=outsider)
    with pytest.raises(ValidationError):  # not linked by an organizer: nothing to undo
        services.person_unlink(player=rosa_feb, by=series_organizer)


def test_a_changed_ema_id_moves_the_player_to_that_person(club_series, series_organizer):
    player = Player.objects.get(tournament__slug="club-mar", ema_id="10000001")
    Player.objects.filter(pk=player.pk).update(ema_id="19999999")
    report = services.people_sync(tournaments=[player.tournament], by=None)
    assert report.moved == 1
    assert PlayerLink.objects.get(player=player).person.ema_id == "19999999"
    assert AuditLog.objects.filter(action="people.sync", tournament=player.tournament).exists()


def test_two_players_with_one_ema_id_are_refused(db):
    data = factory.tournament_data(
        slug="twice", name="Twice", start=factory.date(2026, 1, 1), end=None, people=[0, 1, 2, 3], sessions=1
    )
    data["players"][1]["ema_id"] = data["players"][0]["ema_id"]
    from interchange.load import tournament_import

    tournament = tournament_import(data)
    with pytest.raises(ValidationError) as caught:
        services.people_sync(tournaments=[tournament], by=None)
    assert "players 1, 2 have the same EMA id" in caught.value.messages[0]


def test_deleting_a_series_keeps_its_audit_entries(club_series, series_organizer):
    services.series_delete(series=club_series, by=series_organizer)
    assert not Series.objects.exists()
    assert AuditLog.objects.filter(action="series.delete", data__series="club-ranking").exists()


def test_a_league(small_tournaments):
    series = services.series_create(
        by=None,
        name="League",
        slug="league",
        method="league",
        best_results=2,
        listed_from=1,
        tournaments=[TournamentEntry(t.slug) for t in small_tournaments],
    )
    ranking = selectors.latest_ranking(series)
    assert ranking.parameters == {
        "method": "league",
        "as_of": ranking.as_of.isoformat(),
        "best_results": 2,
        "listed_from": 1,
        "league_by": "table_points",
    }
    ana = next(r for r in ranking.rows if r["ema_id"] == "10000001")
    assert ana["counted"] == 2 and ana["results"] == 3


def test_a_series_without_a_date_ranks_as_of_its_last_result_when_that_is_after_today(small_tournaments):
    """Issue 30: a series file with ``as_of: null`` and a tournament whose last day is after today (finished,
    its sessions closed, dated ahead) ranks as of that day, not today, when it would rank nobody."""
    from datetime import timedelta

    from django.utils import timezone

    later = timezone.localdate() + timedelta(days=30)
    Tournament.objects.filter(pk=small_tournaments[-1].pk).update(start_date=later, end_date=later)
    series = _create(slug="undated", as_of=None, tournaments=[TournamentEntry(t.slug) for t in small_tournaments])
    ranking = series.rankings.get()
    assert ranking.as_of == later
    assert any(row["rank"] for row in ranking.rows)
