"""Further cases of the race harness (tests/web/test_races.py): files brought in (a tournament, players, a
seating chart, a series), new tournaments and copies, eliminations, people and series, an invitation accepted.
A value of a form given as a function is called for each of the two requests (a fresh upload each); a page in
``world["first"]`` is opened by each before. Each entry of ``FILE_RACES`` is raced there."""

from __future__ import annotations

import base64
import json

from django.contrib.auth.models import Permission
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from tests.web.race_kit import Race


def _upload(name: str, content: bytes):
    return lambda: SimpleUploadedFile(name, content)


def _may_create_tournaments(world):
    allowed = Permission.objects.get(codename="add_tournament", content_type__app_label="tournament")
    for who in ("organizer", "organizer2"):
        world[who].user_permissions.add(allowed)


def _tournament_file(world):
    from interchange.export import export_json

    _may_create_tournaments(world)
    data = json.loads(export_json(world["tournament"]))
    data |= {"slug": "test-open-again", "name": "Test Open again"}
    return reverse("tournament-import"), {"file": _upload("t.json", json.dumps(data).encode())}


def _create(world):
    from tests.tournament.test_manage_views import settings_data

    _may_create_tournaments(world)
    data = settings_data(world["tournament"], name="Spring Open", slug="spring-open")
    return reverse("tournament-create"), data


def _copy(world):
    _may_create_tournaments(world)
    path = reverse("manage-copy", args=[world["tournament"].slug])
    return path, {"name": "Test Open 2027", "slug": "test-open-2027", "teams": "on", "players": "on"}


def _players_file(text: str, update=False):
    def setup(world):
        path = reverse("manage-import", args=[world["tournament"].slug])
        content = base64.b64encode(text.encode()).decode("ascii")
        return path, {
            "confirm": "1",
            "content": content,
            "filename": "players.csv",
            **({"update": "on"} if update else {}),
        }

    return setup


def _one_late_comer(world):
    assert world["tournament"].players.filter(name="Late Comer").count() == 1


def _chart(world):
    from schedule.seating_versions import seating_seen

    chart = [[[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 3, 5, 7], [2, 4, 6, 8]]]
    seen = seating_seen(list(world["tournament"].sessions.filter(number__lte=2)))  # as both previewed it
    path = reverse("manage-seating-chart", args=[world["tournament"].slug])
    data = {"chart": json.dumps(chart, separators=(",", ":")), "winds_given": "on", "seen": seen}
    return path, {"confirm": "1", **data}


def _knockout(world, *, eliminated=False):
    """An elimination tournament of 16 run by both organizers, its session 1 played and closed;
    ``eliminated``: who plays on after it decided."""
    from schedule import elimination
    from schedule import services as sched
    from tests.schedule.elimination_helpers import elimination_tournament, play_round
    from tournament.models import TournamentRole

    organizer, referee = world["organizer"], world["referee"]
    t = elimination_tournament(organizer, referee, players=16, sessions=3, slug="ko-race")
    TournamentRole.objects.create(tournament=t, user=world["organizer2"], role=TournamentRole.Role.ORGANIZER)
    sched.session_seat_random(session=t.sessions.get(number=1), by=organizer, seed=2)
    session = play_round(t.sessions.get(number=1), referee, organizer)
    if eliminated:
        rule = elimination.elimination_rule("table_winner", None)
        elimination.session_eliminate_and_seat(session=session, rule=rule, by=organizer)
    return t


def _eliminate(world):
    t = _knockout(world)
    path = reverse("manage-session-eliminate", args=[t.slug, 1])
    return path, {"rule": "table_winner", "order": "standings", "confirm": "1"}


def _eliminate_undo(world):
    t = _knockout(world, eliminated=True)
    return reverse("manage-session-eliminate-undo", args=[t.slug, 1]), {"confirm": "1"}


def _person(world, *, linked=False):
    """A person of another tournament, and (``linked``) player 1 of this one linked to them."""
    from series import services as people
    from series.models import Person

    person = Person.objects.create(name="Player One", country="ES")
    if linked:
        people.person_link(player=world["players"][0], person=person, by=world["organizer"])
    return person


def _link(world):
    person = _person(world)
    return reverse("person-link", args=[world["tournament"].slug, 1]), {"person": person.pk}


def _unlink(world):
    _person(world, linked=True)
    return reverse("person-unlink", args=[world["tournament"].slug, 1]), {}


def _series(world, *, ranked=True):
    """A series over one finished club tournament, organized by both organizers (and the helper)."""
    from series.fileformat import series_import
    from series.models import SeriesRanking
    from tests.series.conftest import SMALL
    from tests.series.factory import import_tournament

    import_tournament(**SMALL[0])
    names = [world[u].username for u in ("organizer", "organizer2")] + ["helper"]
    series = series_import(
        {"name": "Club", "slug": "club", "method": "mers", "tournaments": [{"slug": "club-jan"}], "organizers": names}
    )
    if not ranked:  # as if its results had changed since: computing again keeps a new version
        SeriesRanking.objects.filter(series=series).delete()
    return series


def _series_file(data: dict):
    content = json.dumps({"method": "mers", "tournaments": [{"slug": "club-jan"}], **data}).encode()
    return {"file": _upload("series.json", content)}


def _series_create(world):
    from tests.series.conftest import SMALL
    from tests.series.factory import import_tournament

    jan = import_tournament(**SMALL[0])
    data = {
        "name": "Club",
        "slug": "club",
        "method": "mers",
        "as_of": "",
        "minimum_results": "1",
        "best_results": "1",
        "listed_from": "1",
        "part_a_best": "",
        "part_a_share": "0.8",
        "league_by": "table_points",
        f"t_{jan.pk}_include": "on",
        f"t_{jan.pk}_weight": "",
    }
    return reverse("series-create"), data


def _series_import(world):
    from tests.series.conftest import SMALL
    from tests.series.factory import import_tournament

    import_tournament(**SMALL[0])
    return reverse("series-import"), _series_file({"name": "Club", "slug": "club"})


def _series_replace(world):
    _series(world)
    return reverse("series-import"), {**_series_file({"name": "Club Ranking", "slug": "club"}), "replace": "on"}


def _series_settings(world):
    series = _series(world)
    data = {
        "name": "Club Ranking",
        "slug": series.slug,
        "method": "mers",
        "as_of": "",
        "minimum_results": series.minimum_results,
        "best_results": series.best_results,
        "listed_from": series.listed_from,
        "part_a_best": "",
        "part_a_share": "0.8",
        "league_by": "table_points",
        "decay_0_days": "365",
        "decay_0_factor": "0.5",
    }
    for entry in series.entries.all():
        data[f"t_{entry.tournament_id}_include"] = "on"
        data[f"t_{entry.tournament_id}_weight"] = ""
    return reverse("series-settings", args=[series.slug]), data


def _series_recompute(world):
    series = _series(world, ranked=False)
    return reverse("series-recompute", args=[series.slug]), {}


def _series_grant(world):
    series = _series(world)
    world["organizer"].__class__.objects.create_user("newcomer", password="x")
    return reverse("series-roles", args=[series.slug]), {"username": "newcomer"}


def _series_revoke(world):
    series = _series(world)
    role = series.roles.get(user__username="helper")
    return reverse("series-roles", args=[series.slug]), {"revoke": role.pk}


def _series_delete(world):
    series = _series(world)
    return reverse("series-delete", args=[series.slug]), {"confirm": series.slug}


def _accept(world):
    """An invitation link opened on two phones (or one sent twice), both choosing a password: one sets it."""
    from accounts import services as accounts

    _user, token = accounts.account_invite(
        tournament=world["tournament"], username="ana", role="referee", by=world["organizer"]
    )
    world["first"] = reverse("invitation", args=[token])  # each opens the link: its token goes into the session
    password = "a long race-proof password 42"
    return reverse("invitation-accept"), {"new_password1": password, "new_password2": password}


def _charted(world):
    from tournament.models import Seat

    assert Seat.objects.filter(session__tournament=world["tournament"], session__number__lte=2).count() == 16


def _eliminated(world):
    from tournament.models import Elimination, Tournament

    t = Tournament.objects.get(slug="ko-race")
    assert Elimination.objects.filter(tournament=t).count() == 12  # the four table winners play on
    assert t.sessions.get(number=2).seats.count() == 4


def _one_person_each(world):
    from series.models import PlayerLink

    links = PlayerLink.objects.filter(tournament=world["tournament"])
    assert links.count() == 8 and links.values("person").distinct().count() == 8


FILE_RACES: dict[str, dict[str, Race]] = {
    # Two creations of one short name: one tournament (or series), the other told the name is taken.
    "tournament-create": {"": Race(_create, "tournament.create")},
    "series-create": {"": Race(_series_create, "series.create")},
    "tournament-import": {"": Race(_tournament_file, "tournament.import")},
    "invitation-accept": {"": Race(_accept, "account.activate", users=("anonymous", "anonymous"))},
    "manage-copy": {"": Race(_copy, "tournament.copy")},
    "manage-import": {
        # A file without numbers: each import would number its players after the last one.
        "new players": Race(_players_file("name,country\nLate Comer,ES\n"), "players.import", check=_one_late_comer),
        "change players": Race(_players_file("number,name\n1,Renamed One\n", update=True), "players.import_update"),
    },
    "manage-seating-chart": {"": Race(_chart, "schedule.chart", check=_charted)},
    "manage-session-eliminate": {"": Race(_eliminate, "session.eliminate", check=_eliminated)},
    "manage-session-eliminate-undo": {"": Race(_eliminate_undo, "session.eliminate_undo")},
    "manage-people": {
        "": Race(
            lambda w: (reverse("manage-people", args=[w["tournament"].slug]), {"sync": "1"}),
            "people.sync",
            check=_one_person_each,
        )
    },
    "person-link": {"": Race(_link, "person.link")},
    "person-unlink": {"": Race(_unlink, "person.unlink")},
    "series-import": {
        "new": Race(_series_import, "series.create"),
        "replace": Race(_series_replace, "series.update"),
    },
    "series-settings": {"": Race(_series_settings, "series.update")},
    "series-recompute": {"": Race(_series_recompute, "series.recompute")},
    "series-roles": {
        "grant": Race(_series_grant, "series.role_grant"),
        "revoke": Race(_series_revoke, "series.role_revoke"),
    },
    "series-delete": {"": Race(_series_delete, "series.delete")},
}
