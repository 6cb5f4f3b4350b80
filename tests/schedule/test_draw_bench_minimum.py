"""Seating without surprises (issue 21, item 5): the random first draw keeps team-mates apart; substitutes on
the bench never block seating and fill gaps by themselves; a warning below the rulebook's six sessions (MCR
3.5.4) when a tournament is set up or seated."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from schedule import dashboard
from schedule import services as sched
from tests.tournament.test_manage_views import settings_data
from tournament import services as ts
from tournament.models import Seat, Tournament

from .conftest import make_tournament

pytestmark = pytest.mark.django_db

TEAMS_OF_FOUR = {i: f"Team {(i - 1) // 4 + 1}" for i in range(1, 17)}


def tables_of(session):
    tables = {}
    for seat in Seat.objects.filter(session=session).select_related("player", "table"):
        tables.setdefault(seat.table.number, []).append(seat.player)
    return list(tables.values())


def team_mates_together(session):
    return sum(
        1
        for table in tables_of(session)
        for i, a in enumerate(table)
        for b in table[i + 1 :]
        if a.team_id is not None and a.team_id == b.team_id
    )


# --- the random draw ----------------------------------------------------------------------------------


@pytest.mark.parametrize("seed", [1, 2, 3, 77, 1234])
def test_random_draw_keeps_teams_of_four_apart(organizer, referee, seed):
    t = make_tournament(organizer, referee, slug="draw-16", teams=TEAMS_OF_FOUR)
    session = t.sessions.get(number=1)
    sched.session_seat_random(session=session, by=organizer, seed=seed)
    assert team_mates_together(session) == 0
    assert Seat.objects.filter(session=session).count() == 16


def test_random_draw_keeps_pairs_apart_in_the_small_tournament(tournament, players, organizer):
    session = tournament.sessions.get(number=1)
    for seed in range(1, 6):
        sched.session_seat_random(session=session, by=organizer, seed=seed)
        assert team_mates_together(session) == 0


def test_random_draw_without_teams_is_the_draw_a_seed_always_gave(organizer, referee):
    t = make_tournament(organizer, referee, slug="no-teams")
    session = t.sessions.get(number=1)
    sched.session_seat_random(session=session, by=organizer, seed=42)
    first = [[p.number for p in table] for table in tables_of(session)]
    sched.session_seat_random(session=session, by=organizer, seed=42)
    assert [[p.number for p in table] for table in tables_of(session)] == first


# --- substitutes on the bench -------------------------------------------------------------------------


@pytest.fixture
def with_bench(organizer, referee):
    """16 players and one flagged substitute waiting on the bench."""
    t = make_tournament(organizer, referee, slug="bench", teams=TEAMS_OF_FOUR)
    ts.player_create(tournament=t, number=17, name="Bench Sub", is_substitute=True, by=organizer)
    return t


def test_a_substitute_on_the_bench_never_blocks_generating(with_bench, organizer):
    sched.schedule_generate(tournament=with_bench, by=organizer, seed=3)
    assert Seat.objects.filter(session__tournament=with_bench, player__number=17).count() == 0
    assert Seat.objects.filter(session__tournament=with_bench).count() == 80


def test_a_substitute_on_the_bench_never_blocks_a_draw(with_bench, organizer):
    session = with_bench.sessions.get(number=1)
    sched.session_seat_random(session=session, by=organizer, seed=3)
    assert Seat.objects.filter(session=session).count() == 16
    assert not Seat.objects.filter(session=session, player__number=17).exists()


def test_pages_do_not_warn_about_a_substitute_on_the_bench(client_for, with_bench):
    client = client_for("organizer")
    for name in ("manage-seating", "manage-sessions", "manage-players", "manage-home"):
        page = client.get(reverse(name, args=[with_bench.slug])).content.decode()
        assert "cannot fill tables of four" not in page, name
    seating = client.get(reverse("manage-seating", args=[with_bench.slug])).content.decode()
    assert 'name="fill_with_substitutes"' not in seating  # no box to tick
    assert "16 players" in seating
    assert not dashboard.tournament_dashboard(with_bench, timezone.now()).problems


def test_the_bench_fills_a_gap_by_itself(organizer, referee, client_for):
    t = make_tournament(organizer, referee, slug="gap", players=15)
    reserve = ts.player_create(tournament=t, number=30, name="Rita Reserve", is_substitute=True, by=organizer)
    page = client_for("organizer").get(reverse("manage-seating", args=[t.slug])).content.decode()
    assert "seats 1 substitute from the bench" in page and "Rita Reserve" in page
    assert "cannot fill tables of four" not in page and 'name="fill_with_substitutes"' not in page
    sched.schedule_generate(tournament=t, by=organizer, seed=4)
    assert Seat.objects.filter(session__tournament=t, player=reserve).count() == 5


def test_too_few_on_the_bench_is_refused_and_the_box_offers_new_substitutes(organizer, referee, client_for):
    t = make_tournament(organizer, referee, slug="short", players=14)
    ts.player_create(tournament=t, number=30, name="Rita Reserve", is_substitute=True, by=organizer)
    with pytest.raises(ValidationError, match="15 players cannot fill tables of four"):
        sched.schedule_generate(tournament=t, by=organizer, seed=4)
    page = client_for("organizer").get(reverse("manage-seating", args=[t.slug])).content.decode()
    assert "15 players cannot fill tables of four" in page and 'name="fill_with_substitutes"' in page
    sched.schedule_generate(tournament=t, by=organizer, seed=4, fill_with_substitutes=True)
    assert Seat.objects.filter(session__tournament=t, session__number=1).count() == 16


# --- fewer sessions than the rulebook asks ------------------------------------------------------------


@pytest.mark.parametrize(
    "rules, sessions, warned",
    [("mcr", 5, True), ("mcr", 1, True), ("mcr", 6, False), ("mcr", 9, False), ("swiss_championship", 4, False)],
)
def test_sessions_below_minimum(organizer, rules, sessions, warned):
    t = ts.tournament_create(by=organizer, name="T", slug="t", session_count=sessions, rules=rules)
    warning = ts.sessions_below_minimum(t)
    if warned:
        assert warning.startswith(f"This tournament has {sessions} sessions; MCR 3.5.4 asks for at least 6.")
    else:
        assert warning is None


def test_creating_a_five_session_mcr_tournament_warns(make_user, client_for):
    creator = make_user("creator", is_staff=True)
    client = client_for("anonymous")
    client.force_login(creator)
    data = settings_data(Tournament(name="Short Cup"), slug="short-cup", session_count=5)
    page = client.post(reverse("tournament-create"), data, follow=True).content.decode()
    assert Tournament.objects.filter(slug="short-cup").exists()  # a warning, not a refusal
    assert "MCR 3.5.4 asks for at least 6" in page
    data = settings_data(Tournament(name="Full Cup"), slug="full-cup", session_count=6)
    page = client.post(reverse("tournament-create"), data, follow=True).content.decode()
    assert "asks for at least" not in page


def test_saving_settings_with_five_sessions_warns(client_for, tournament):
    client = client_for("organizer")
    url = reverse("manage-settings", args=[tournament.slug])
    page = client.post(url, settings_data(tournament, session_count=5), follow=True).content.decode()
    assert "Settings saved." in page and "This tournament has 5 sessions; MCR 3.5.4 asks for at least 6." in page
    page = client.post(url, settings_data(tournament, session_count=6), follow=True).content.decode()
    assert "asks for at least" not in page


def test_seating_pages_warn_below_six_sessions(client_for, organizer, referee):
    short = make_tournament(organizer, referee, slug="five", sessions=5)
    full = make_tournament(organizer, referee, slug="six", sessions=6)
    client = client_for("organizer")
    for name in ("manage-seating", "manage-sessions"):
        assert 'id="sessions-warning"' in client.get(reverse(name, args=[short.slug])).content.decode()
        assert 'id="sessions-warning"' not in client.get(reverse(name, args=[full.slug])).content.decode()
