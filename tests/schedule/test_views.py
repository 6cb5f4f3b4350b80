"""Seating in the browser: who may generate, seat, upload and publish; what each page shows."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from rules import payments as pay
from schedule import selectors
from schedule import services as sch
from schedule import services as sched
from schedule.charts import parse_chart
from scoring import services as ss
from tournament.models import AuditLog, Seat, Session

from .conftest import ROLES, make_tournament, play_and_close

pytestmark = pytest.mark.django_db

CHART8 = "session,table,east,south,west,north\n1,1,1,2,3,4\n1,2,5,6,7,8\n2,1,1,5,2,6\n2,2,3,7,4,8\n"
GOOD8 = "1,1,1,2,3,4\n1,2,5,6,7,8\n2,1,1,5,2,6\n2,2,3,7,4,8\n"  # repeats, but playable


def u(name, tournament, *extra):
    return reverse(name, args=[tournament.slug, *extra])


def state(tournament):
    return (
        list(
            Seat.objects.filter(session__tournament=tournament)
            .order_by("pk")
            .values_list("session__number", "table__number", "player__number", "position")
        ),
        list(tournament.sessions.order_by("number").values_list("status", "seating_method", "seed")),
        AuditLog.objects.filter(tournament=tournament).count(),
    )


@pytest.fixture
def swiss16(organizer, referee):
    return make_tournament(organizer, referee, slug="swiss-16", sessions=3, format="swiss")


@pytest.fixture
def chart8(organizer, referee):
    return make_tournament(organizer, referee, slug="chart-8", players=8, sessions=3)


# --- access: only organizers change anything --------------------------------------------------------


@pytest.mark.parametrize("role", ("anonymous", "outsider", "referee"))
def test_others_cannot_generate_seat_upload_or_publish(client_for, rr16, swiss16, chart8, organizer, referee, role):
    # swiss16 ready for Swiss in session 2; rr16 seated and waiting to be published
    sched.session_seat_random(session=swiss16.sessions.get(number=1), by=organizer, seed=3)
    play_and_close(swiss16.sessions.get(number=1), referee, organizer)
    sch.schedule_generate(tournament=rr16, by=organizer, seed=1)
    before = [state(t) for t in (rr16, swiss16, chart8)]
    client = client_for(role)
    confirm = {"confirm": "1", "chart": json.dumps(parse_chart(GOOD8).sessions), "winds_given": "True"}
    posts = [
        (u("manage-seating-generate", rr16), {"seed": "5"}),
        (u("manage-seating-swiss", swiss16, 2), {}),
        (u("manage-seating-publish", rr16), {}),
        (u("manage-seating-chart", chart8), {"text": GOOD8, "preview": "1"}),
        (u("manage-seating-chart", chart8), confirm),
    ]
    for url, data in posts:
        response = client.post(url, data)
        if role == "anonymous":
            assert response.status_code == 302 and "/accounts/login/" in response["Location"], url
        else:
            assert response.status_code == 403, url
    for url in (u("manage-seating", rr16), u("manage-seating-chart", chart8)):
        assert client.get(url).status_code == (302 if role == "anonymous" else 403)
    assert [state(t) for t in (rr16, swiss16, chart8)] == before


def test_get_on_actions_does_nothing_and_goes_to_the_seating_page(client_for, rr16):
    client = client_for("organizer")
    for url in (
        u("manage-seating-generate", rr16),
        u("manage-seating-publish", rr16),
        u("manage-seating-swiss", rr16, 2),
    ):
        response = client.get(url)
        assert response.status_code == 302 and response["Location"] == u("manage-seating", rr16)
    assert not Seat.objects.exists()


def test_posts_need_csrf(organizer, rr16):
    from django.test import Client

    client = Client(enforce_csrf_checks=True)
    client.force_login(organizer)
    assert client.post(u("manage-seating-generate", rr16), {"seed": "1"}).status_code == 403
    assert not Seat.objects.exists()


# --- generate -------------------------------------------------------------------------------------


def test_organizer_generates_schedule_and_sees_metrics(client_for, rr16):
    client = client_for("organizer")
    page = client.get(u("manage-seating", rr16)).content.decode()
    assert "Generate round-robin schedule" in page and 'name="seed"' in page
    shown_seed = page.split('name="seed" value="')[1].split('"')[0]
    assert int(shown_seed) >= 1
    response = client.post(u("manage-seating-generate", rr16), {"seed": "42"}, follow=True)
    content = response.content.decode()
    assert "5 sessions seated round robin (Avoid repeats first, seed 42)" in content
    assert "0 repeat meetings (lower bound 0; 0 pairs meet more than once)" in content
    assert "Not published yet" in content and "What each choice gives (seed 42)" in content
    assert "Seating quality" in content and "Most meetings of any pair" in content
    seats = Seat.objects.filter(session__tournament=rr16)
    assert seats.count() == 80
    for n in range(1, 6):
        numbers = sorted(seats.filter(session__number=n).values_list("player__number", flat=True))
        assert numbers == list(range(1, 17))
    metrics = selectors.tournament_schedule_metrics(rr16)
    assert metrics["repeated_pairs"] == 0 and metrics["max_meetings"] == 1
    assert set(rr16.sessions.values_list("seed", flat=True)) == {42}


def test_sessions_page_offers_generate_and_empty_seed_draws_one(client_for, rr16):
    client = client_for("organizer")
    page = client.get(u("manage-sessions", rr16)).content.decode()
    assert "will be offered here" not in page
    assert u("manage-seating-generate", rr16) in page and u("manage-seating-chart", rr16) in page
    response = client.post(u("manage-seating-generate", rr16), {"seed": ""})
    assert response.status_code == 302
    seeds = set(rr16.sessions.values_list("seed", flat=True))
    assert len(seeds) == 1 and seeds.pop() >= 1


def test_generate_refuses_bad_count_with_substitute_link_and_keeps_seed(client_for, organizer, referee):
    t = make_tournament(organizer, referee, slug="seventeen", players=17)
    response = client_for("organizer").post(u("manage-seating-generate", t), {"seed": "77"})
    content = response.content.decode()
    assert response.status_code == 200
    assert "17 players cannot fill tables of four" in content
    assert "?substitute=1" in content and 'value="77"' in content
    assert not Seat.objects.filter(session__tournament=t).exists()


def test_generate_refuses_when_scores_exist(client_for, rr16, organizer, referee):
    sch.schedule_generate(tournament=rr16, by=organizer, seed=8)
    table = rr16.sessions.get(number=1).tables.get(number=1)
    ss.hand_record(sheet=table.sheet, number=1, outcome=pay.DRAW, by=referee)
    before = state(rr16)
    response = client_for("organizer").post(u("manage-seating-generate", rr16), {"seed": "9"})
    assert "Sessions 1 already have scores" in response.content.decode()
    assert state(rr16) == before


def test_generate_bad_seed_keeps_input(client_for, rr16):
    response = client_for("organizer").post(u("manage-seating-generate", rr16), {"seed": "abc"})
    assert response.status_code == 200 and 'value="abc"' in response.content.decode()
    assert not Seat.objects.exists()


def test_swiss_tournament_page_has_no_generate_form(client_for, swiss16):
    page = client_for("organizer").get(u("manage-seating", swiss16)).content.decode()
    assert u("manage-seating-generate", swiss16) not in page
    assert u("manage-seating-swiss", swiss16, 2) in page and u("manage-seating-swiss", swiss16, 1) not in page


# --- Swiss ----------------------------------------------------------------------------------------


def test_swiss_button_errors_then_seats_top_four_together(client_for, swiss16, organizer, referee):
    client = client_for("organizer")
    s1 = swiss16.sessions.get(number=1)
    sched.session_seat_random(session=s1, by=organizer, seed=12)
    response = client.post(u("manage-seating-swiss", swiss16, 2))
    assert response.status_code == 200
    assert "Close sessions 1 before seating session 2" in response.content.decode()
    assert not Seat.objects.filter(session__number=2, session__tournament=swiss16).exists()
    play_and_close(s1, referee, organizer)
    winners = sorted(tb.seated_players()[0].number for tb in s1.tables.all())
    response = client.post(u("manage-seating-swiss", swiss16, 2), follow=True)
    assert "Session 2 seated by Swiss pairing" in response.content.decode()
    top = swiss16.sessions.get(number=2).tables.get(number=1).seated_players()
    assert sorted(p.number for p in top) == winners


# --- chart upload ---------------------------------------------------------------------------------


def test_chart_preview_shows_problems_and_seats_nothing_until_confirm(client_for, chart8):
    client = client_for("organizer")
    response = client.post(u("manage-seating-chart", chart8), {"text": CHART8, "winds_given": "on", "preview": "1"})
    content = response.content.decode()
    assert response.status_code == 200
    assert "4 pairs of players meet more than once" in content
    assert "players 1 and 2 meet 2 times" in content
    assert 'name="confirm"' in content and "Seat 2 sessions from this chart" in content
    assert CHART8.splitlines()[1] in content  # the input is kept in the text box
    assert not Seat.objects.filter(session__tournament=chart8).exists()
    assert set(chart8.sessions.values_list("status", flat=True)) == {"planned"}
    chart = content.split('name="chart" value="')[1].split('"')[0].replace("&quot;", '"')
    winds = content.split('name="winds_given" value="')[1].split('"')[0]
    response = client.post(
        u("manage-seating-chart", chart8), {"confirm": "1", "chart": chart, "winds_given": winds}, follow=True
    )
    assert "Sessions 1 to 2 seated from the chart" in response.content.decode()
    t1 = chart8.sessions.get(number=2).tables.get(number=1)
    assert [p.number for p in t1.seated_players()] == [1, 5, 2, 6]
    assert chart8.sessions.get(number=3).status == "planned"


def test_chart_without_winds_is_balanced(client_for, chart8):
    client = client_for("organizer")
    same = "".join(f"{s},1,1,2,3,4\n{s},2,5,6,7,8\n" for s in (1, 2, 3))
    content = client.post(u("manage-seating-chart", chart8), {"text": same, "preview": "1"}).content.decode()
    assert "Starting winds are uneven" not in content
    with_winds = client.post(
        u("manage-seating-chart", chart8), {"text": same, "winds_given": "on", "preview": "1"}
    ).content.decode()
    assert "Starting winds are uneven" in with_winds


def test_chart_file_upload_json(client_for, chart8):
    client = client_for("organizer")
    upload = SimpleUploadedFile(
        "chart.json", json.dumps([[[1, 2, 3, 4], [5, 6, 7, 8]]]).encode(), content_type="application/json"
    )
    content = client.post(u("manage-seating-chart", chart8), {"file": upload, "preview": "1"}).content.decode()
    assert "Seat 1 session from this chart" in content
    assert not Seat.objects.filter(session__tournament=chart8).exists()


@pytest.mark.parametrize(
    "text, message",
    [
        ("1,1,1,2,3,4\n1,2,5,6,7\n", "line 2: expected 6 values"),
        ("1,1,1,2,3,4\n1,2,5,6,7,1\n", "line 2: player 1 is seated twice in session 1"),
        ("1,1,1,2,3,4\n1,2,5,6,7,9\n", "not registered: 9"),
        ("1,1,1,2,3,4\n", "does not seat players 5, 6, 7, 8"),
        (
            "".join(f"{s},1,1,2,3,4\n{s},2,5,6,7,8\n" for s in (1, 2, 3, 4)),
            "The chart has 4 sessions; the tournament has 3",
        ),
    ],
)
def test_bad_chart_refused_with_clear_message(client_for, chart8, text, message):
    response = client_for("organizer").post(u("manage-seating-chart", chart8), {"text": text, "preview": "1"})
    content = response.content.decode()
    assert message in content
    assert 'name="confirm"' not in content
    assert "Nothing was seated" in content
    assert not Seat.objects.filter(session__tournament=chart8).exists()


def test_chart_empty_and_tampered_confirm(client_for, chart8):
    client = client_for("organizer")
    assert (
        "Paste a chart or choose a file"
        in client.post(u("manage-seating-chart", chart8), {"text": "  "}).content.decode()
    )
    bad = client.post(u("manage-seating-chart", chart8), {"confirm": "1", "chart": "1,1,1,2,3,4"}).content.decode()
    assert "damaged" in bad
    wrong = json.dumps([[[1, 2, 3, 4], [5, 6, 7, 9]]])
    content = client.post(u("manage-seating-chart", chart8), {"confirm": "1", "chart": wrong}).content.decode()
    assert "not registered: 9" in content
    assert not Seat.objects.filter(session__tournament=chart8).exists()


def test_chart_confirm_refused_when_session_scored_meanwhile(client_for, chart8, organizer, referee):
    client = client_for("organizer")
    sch.schedule_from_chart(tournament=chart8, chart=[[[1, 2, 3, 4], [5, 6, 7, 8]]], by=organizer)
    ss.hand_record(
        sheet=chart8.sessions.get(number=1).tables.get(number=1).sheet, number=1, outcome=pay.DRAW, by=referee
    )
    chart = json.dumps(parse_chart(GOOD8).sessions)
    content = client.post(u("manage-seating-chart", chart8), {"confirm": "1", "chart": chart}).content.decode()
    assert "already have scores" in content
    t1 = chart8.sessions.get(number=1).tables.get(number=1)
    assert [p.number for p in t1.seated_players()] == [1, 2, 3, 4]
    assert not Seat.objects.filter(session__tournament=chart8, session__number=2).exists()


# --- publish --------------------------------------------------------------------------------------


def test_publish_all_seated_sessions(client_for, rr16, organizer):
    client = client_for("organizer")
    content = client.post(u("manage-seating-publish", rr16)).content.decode()
    assert "No session is seated" in content
    sch.schedule_generate(tournament=rr16, by=organizer, seed=2)
    page = client.get(u("manage-seating", rr16)).content.decode()
    assert "Publish all seated sessions (1, 2, 3, 4, 5)" in page
    # Publishing all asks first (issue 15); confirm=1 is the answer.
    response = client.post(u("manage-seating-publish", rr16), {"confirm": "1"}, follow=True)
    assert "Seating of sessions 1, 2, 3, 4, 5 published" in response.content.decode()
    assert set(rr16.sessions.values_list("status", flat=True)) == {Session.Status.PUBLISHED}


# --- viewing --------------------------------------------------------------------------------------


@pytest.mark.parametrize("role", ROLES)
def test_chart_view_public_only_when_published(client_for, rr16, organizer, role):
    sch.schedule_generate(tournament=rr16, by=organizer, seed=2)
    client = client_for(role)
    url = u("seating-chart", rr16)
    content = client.get(url).content.decode()
    staff = role in ("referee", "organizer")
    if staff:
        assert "not yet published" in content and "table and starting wind" in content
    else:
        assert "No seating has been published yet" in content
        assert "table 1," not in content
    sched.session_publish(session=rr16.sessions.get(number=1), by=organizer)
    content = client.get(url).content.decode()
    seat = Seat.objects.select_related("table").get(session__tournament=rr16, session__number=1, player__number=1)
    assert f"table {seat.table.number}, {seat.wind_name}" in content
    assert ("Session 2" in content) == staff
    assert "Player numbers per table and session" in content


def test_session_and_player_pages_show_winds(client_for, chart8, organizer):
    sch.schedule_from_chart(tournament=chart8, chart=parse_chart(GOOD8).sessions, by=organizer)
    sch.schedule_publish_all(tournament=chart8, by=organizer)
    client = client_for("anonymous")
    session = client.get(u("session-detail", chart8, 2)).content.decode()
    order = [session.index(f"{n}. Player {n}<") for n in (1, 5, 2, 6)]
    assert order == sorted(order)
    assert "East" in session and "North" in session
    player = client.get(u("player-detail", chart8, 6)).content.decode()
    assert "South" in player and "North" in player  # session 1 South at table 2, session 2 North at table 1


def test_nav_links(client_for, rr16):
    page = client_for("organizer").get(u("manage-home", rr16)).content.decode()
    assert u("manage-seating", rr16) in page and u("seating-chart", rr16) in page
    assert u("seating-chart", rr16) in client_for("anonymous").get(u("tournament-detail", rr16)).content.decode()
