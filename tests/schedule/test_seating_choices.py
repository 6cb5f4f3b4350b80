"""The web generator offers the command's choices (issue 21, item 5): avoid repeats first, keep teams apart
first, or ignore teams, with the figures of each shown before anything is published."""

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse

from schedule import selectors
from schedule import services as sched
from seating.metrics import pair_counts
from tournament.models import AuditLog, Seat, Session

from .conftest import make_tournament

pytestmark = pytest.mark.django_db

TEAMS_OF_FOUR = {i: f"Team {(i - 1) // 4 + 1}" for i in range(1, 17)}


@pytest.fixture
def teams16(organizer, referee):
    """16 players in four teams of four, 5 sessions: no schedule has both no repeat and no team clash."""
    return make_tournament(organizer, referee, slug="teams-16", teams=TEAMS_OF_FOUR)


def seated(tournament):
    """The schedule as seated: sessions of tables of player numbers, and each player's team."""
    sessions = []
    for session in tournament.sessions.order_by("number"):
        tables = {}
        for seat in Seat.objects.filter(session=session).select_related("player", "table"):
            tables.setdefault(seat.table.number, []).append(seat.player.number)
        sessions.append(list(tables.values()))
    return sessions


def team_meetings(tournament):
    team_of = {p.number: p.team_id for p in tournament.players.all()}
    return sum(m for (a, b), m in pair_counts(seated(tournament)).items() if team_of[a] == team_of[b])


def repeats(tournament):
    return sum(m - 1 for m in pair_counts(seated(tournament)).values() if m > 1)


def test_keep_teams_apart_first_seats_no_team_mates_together(teams16, organizer):
    result = sched.schedule_generate(tournament=teams16, by=organizer, seed=5, priority="teams")
    assert team_meetings(teams16) == 0 == result.metrics["team_clashes"]
    assert repeats(teams16) == result.metrics["repeat_excess"] > 0  # the cost: MCR fields this size cannot avoid it
    entry = AuditLog.objects.get(action="schedule.generate")
    assert entry.data["priority"] == "teams"


def test_avoid_repeats_first_meets_nobody_twice_but_team_mates_meet(teams16, organizer):
    result = sched.schedule_generate(tournament=teams16, by=organizer, seed=5)
    assert repeats(teams16) == 0 and team_meetings(teams16) == result.metrics["team_clashes"] > 0


def test_ignore_teams_still_counts_the_team_mates_who_meet(teams16, organizer):
    result = sched.schedule_generate(tournament=teams16, by=organizer, seed=5, priority="ignore")
    assert result.metrics["team_clashes"] == team_meetings(teams16) > 0 and repeats(teams16) == 0


def test_unknown_priority_refused_and_nothing_seated(teams16, organizer):
    with pytest.raises(ValidationError, match="Choose what to avoid first"):
        sched.schedule_generate(tournament=teams16, by=organizer, seed=5, priority="luck")
    assert not Seat.objects.filter(session__tournament=teams16).exists()


def test_choices_give_exactly_what_generating_then_seats(teams16, organizer):
    rows = {row["key"]: row for row in selectors.schedule_choices(teams16, seed=11)}
    assert set(rows) == {"repeats", "teams", "ignore"}
    assert rows["repeats"]["repeat_excess"] == 0 and rows["repeats"]["team_clashes"] > 0
    assert rows["teams"]["team_clashes"] == 0 and rows["teams"]["repeat_excess"] > 0
    assert not Seat.objects.filter(session__tournament=teams16).exists()  # comparing changes nothing
    for key, row in rows.items():
        result = sched.schedule_generate(tournament=teams16, by=organizer, seed=11, priority=key)
        assert (result.metrics["repeat_excess"], result.metrics["team_clashes"]) == (
            row["repeat_excess"],
            row["team_clashes"],
        )
        assert (repeats(teams16), team_meetings(teams16)) == (row["repeat_excess"], row["team_clashes"])


def test_without_teams_one_choice_is_listed(rr16):
    rows = selectors.schedule_choices(rr16, seed=3)
    assert [row["key"] for row in rows] == ["repeats"] and rows[0]["repeat_excess"] == 0


def test_no_choices_for_a_field_that_cannot_be_seated(organizer, referee):
    t = make_tournament(organizer, referee, slug="fifteen", players=15)
    assert selectors.schedule_choices(t, seed=3) == []


# --- the seating page ----------------------------------------------------------------------------------


def url(name, tournament):
    return reverse(name, args=[tournament.slug])


def test_page_offers_every_choice_of_the_command(client_for, teams16):
    page = client_for("organizer").get(url("manage-seating", teams16)).content.decode()
    for label in ("Avoid repeats first", "Keep teams apart first", "Ignore teams", "Compare the choices"):
        assert label in page
    assert 'name="seed"' in page


def test_compare_shows_the_figures_and_the_cost_without_seating(client_for, teams16):
    client = client_for("organizer")
    response = client.get(url("manage-seating", teams16), {"compare": "1", "seed": "11", "priority": "teams"})
    page = response.content.decode()
    rows = {row["key"]: row for row in selectors.schedule_choices(teams16, seed=11)}
    assert "What each choice gives (seed 11)" in page
    expected = (
        f"Keeping teams apart first: 0 team-mate meetings instead of {rows['repeats']['team_clashes']}, at the "
        f"cost of {rows['teams']['repeat_excess']} repeat meetings instead of 0."
    )
    assert expected in page
    assert 'value="teams"' in page and 'value="11"' in page  # the form keeps what was chosen
    assert not Seat.objects.filter(session__tournament=teams16).exists()


def test_compare_with_no_seed_draws_one_and_keeps_it_in_the_form(client_for, teams16):
    page = client_for("organizer").get(url("manage-seating", teams16), {"compare": "1", "seed": ""}).content.decode()
    seed = page.split("What each choice gives (seed ")[1].split(")")[0]
    assert seed.isdigit() and f'name="seed" value="{seed}"' in page


def test_generating_keep_teams_apart_first_says_what_it_costs(client_for, teams16):
    client = client_for("organizer")
    response = client.post(url("manage-seating-generate", teams16), {"seed": "11", "priority": "teams"}, follow=True)
    page = response.content.decode()
    assert team_meetings(teams16) == 0
    cost = repeats(teams16)
    assert "(Keep teams apart first, seed 11)" in page and f"{cost} repeat meetings" in page
    assert "0 team-mate meetings" in page and "at the cost of" in page
    assert set(teams16.sessions.values_list("status", flat=True)) == {Session.Status.SEATED}  # not published


@pytest.mark.parametrize("role", ["referee", "outsider", "anonymous"])
def test_only_organizers_compare_and_generate(client_for, teams16, role):
    client = client_for(role)
    response = client.get(url("manage-seating", teams16), {"compare": "1", "seed": "11"})
    assert response.status_code in (302, 403, 404)
    response = client.post(url("manage-seating-generate", teams16), {"seed": "11", "priority": "teams"})
    assert response.status_code in (302, 403, 404)
    assert not Seat.objects.filter(session__tournament=teams16).exists()


def test_the_compare_button_posts_then_shows_the_comparison_by_a_get(client_for, teams16):
    """The button sits in the generate form (a POST, with its CSRF token): comparing redirects to a GET of
    the seating page that carries only the choice, never the token, and seats nothing."""
    client = client_for("organizer")
    response = client.post(url("manage-seating-generate", teams16), {"seed": "11", "priority": "teams", "compare": "1"})
    assert response.status_code == 302
    assert "compare=1" in response.url and "seed=11" in response.url and "priority=teams" in response.url
    assert "csrf" not in response.url
    assert not Seat.objects.filter(session__tournament=teams16).exists()
    drawn = client.post(url("manage-seating-generate", teams16), {"seed": "", "compare": "1"})
    assert "seed=" in drawn.url and "seed=&" not in drawn.url
    page = client.get(response.url).content.decode()
    assert "What each choice gives (seed 11)" in page
