"""The standings command (JSON and CSV) and the demo tournament."""

import csv
import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import CommandError, call_command

from rules import payments as pay
from scoring import services as ss
from scoring.models import Hand, HandVersion, Penalty
from standings.selectors import player_standings, team_standings
from tournament.models import Player, Tournament, TournamentRole


def run(*args, **kwargs):
    out = io.StringIO()
    call_command(*args, stdout=out, stderr=io.StringIO(), **kwargs)
    return out.getvalue()


@pytest.fixture
def tied_session(seated_session, players, organizer):
    """Table 1 (players 1-4): only drawn hands, a four-way tie. Table 2 (5-8): 5 and 6 each win one
    self-drawn 8-pointer, so 5 and 6 tie for first and 7 and 8 for third."""
    t1 = seated_session.tables.get(number=1).sheet
    t2 = seated_session.tables.get(number=2).sheet
    for n in (1, 2):
        ss.hand_record(sheet=t1, number=n, outcome=pay.DRAW, by=organizer)
    ss.hand_record(sheet=t2, number=1, outcome=pay.SELF_DRAWN, winner=players[4], points=8, by=organizer)
    ss.hand_record(sheet=t2, number=2, outcome=pay.SELF_DRAWN, winner=players[5], points=8, by=organizer)
    return seated_session


def test_standings_json_with_ties(tournament, tied_session):
    rows = json.loads(run("standings", tournament.slug, format="json"))
    assert [(r["rank"], r["number"], r["table_points"], r["score"]) for r in rows] == [
        (1, 5, 3, 32),
        (1, 6, 3, 32),
        (3, 1, 1.75, 0),
        (3, 2, 1.75, 0),
        (3, 3, 1.75, 0),
        (3, 4, 1.75, 0),
        (7, 7, 0.5, -32),
        (7, 8, 0.5, -32),
    ]
    assert set(rows[0]) == {"rank", "number", "name", "team", "table_points", "score"}
    assert rows[0]["name"] == "Player 5" and rows[0]["team"] == "Bamboo"


def test_standings_csv(tournament, tied_session):
    text = run("standings", tournament.slug, format="csv")
    lines = list(csv.reader(io.StringIO(text)))
    assert lines[0] == ["rank", "number", "name", "team", "table_points", "score"]
    assert lines[1] == ["1", "5", "Player 5", "Bamboo", "3.00", "32"]
    assert lines[3] == ["3", "1", "Player 1", "Dragons", "1.75", "0"]
    assert lines[-1] == ["7", "8", "Player 8", "Dots", "0.50", "-32"]
    assert len(lines) == 9


def test_standings_thirds_rounded(tournament, seated_session, players, organizer):
    # Three tied for first share 4+2+1: 7/3 each, printed as 2.33.
    t1 = seated_session.tables.get(number=1).sheet
    for n, winner in enumerate(players[0:3], start=1):
        ss.hand_record(
            sheet=t1, number=n, outcome=pay.DISCARD, winner=winner, discarder=players[3], points=8, by=organizer
        )
    rows = json.loads(run("standings", tournament.slug))
    assert [r["table_points"] for r in rows if r["number"] in (1, 2, 3)] == [2.33, 2.33, 2.33]


def test_standings_unknown_slug(db):
    with pytest.raises(CommandError, match="No tournament"):
        run("standings", "nope")


@pytest.mark.django_db
def test_load_demo_loads_and_is_idempotent():
    first = run("load_demo")
    assert "Loaded the demo tournament" in first
    for text in ("http://127.0.0.1:8000/", "organizer", "organizer-demo", "referee-demo", "admin-demo"):
        assert text in first
    counts = (
        Tournament.objects.count(),
        Player.objects.count(),
        HandVersion.objects.count(),
        Penalty.objects.count(),
        get_user_model().objects.count(),
        TournamentRole.objects.count(),
    )
    second = run("load_demo")
    assert "already loaded" in second and "admin-demo" in second
    assert counts == (
        Tournament.objects.count(),
        Player.objects.count(),
        HandVersion.objects.count(),
        Penalty.objects.count(),
        get_user_model().objects.count(),
        TournamentRole.objects.count(),
    )

    demo = Tournament.objects.get(slug="demo-open")
    User = get_user_model()
    assert User.objects.get(username="admin").is_superuser
    assert User.objects.get(username="admin").check_password("admin-demo")
    assert TournamentRole.objects.filter(tournament=demo, user__username="organizer", role="organizer").exists()
    assert TournamentRole.objects.filter(tournament=demo, user__username="referee", role="referee").exists()
    assert User.objects.get(username="referee").check_password("referee-demo")


@pytest.mark.django_db
def test_demo_contents():
    run("load_demo")
    demo = Tournament.objects.get(slug="demo-open")
    assert demo.players.count() >= 16
    assert demo.teams.count() >= 4
    assert len(set(demo.players.values_list("country", flat=True))) >= 5
    assert demo.players.exclude(ema_id="").exists()
    sessions = {s.number: s for s in demo.sessions.all()}
    assert len(sessions) == 6
    assert [sessions[n].status for n in range(1, 7)] == ["closed"] * 4 + ["published", "planned"]
    for n in range(1, 5):
        for table in sessions[n].tables.all():
            assert table.sheet.is_submitted
            assert table.sheet.hands.filter(current__isnull=False).count() == 16
    versions = HandVersion.objects.filter(hand__sheet__table__session__tournament=demo, hand__current__isnull=False)
    outcomes = {o: versions.filter(outcome=o).count() for o in pay.OUTCOMES}
    assert outcomes[pay.DISCARD] > outcomes[pay.SELF_DRAWN] > outcomes[pay.DRAW] > 0
    assert outcomes[pay.NOT_PLAYED] > 0
    points = list(versions.exclude(outcome__in=[pay.DRAW, pay.NOT_PLAYED]).values_list("points", "flowers"))
    assert all(p - f >= 8 for p, f in points)
    assert max(p for p, _f in points) <= 88 + 8
    assert sum(1 for p, f in points if p - f <= 30) > 0.8 * len(points)
    assert any(f for _p, f in points)
    penalties = Penalty.objects.filter(sheet__table__session__tournament=demo)
    assert penalties.filter(to="each_other").exists() and penalties.filter(to="nobody").exists()
    # Session 5 under way: seated, published, a few hands entered; session 6 not seated.
    assert 0 < Hand.objects.filter(sheet__table__session=sessions[5]).count() < 16
    assert not sessions[6].tables.exists()
    # Nobody meets anyone twice in the five seated sessions.
    met = set()
    for n in range(1, 6):
        for table in sessions[n].tables.all():
            numbers = sorted(p.number for p in table.seated_players())
            for i, a in enumerate(numbers):
                for b in numbers[i + 1 :]:
                    assert (a, b) not in met
                    met.add((a, b))
    rows = player_standings(demo)
    assert len(rows) == 16 and rows[0].rank == 1 and rows[0].table_points >= rows[-1].table_points
    assert sum(r.table_points for r in rows) == 7 * 4 * 4 + 7 * 2  # 4 closed sessions + session 5 in progress
    assert len(team_standings(demo, rows)) == 4
    assert json.loads(run("standings", "demo-open"))[0]["rank"] == 1


def test_checked_in_fixture_matches_the_generator():
    from interchange.management.commands.load_demo import FIXTURE, fixture_text

    assert FIXTURE.read_text(encoding="utf-8") == fixture_text(), (
        "fixtures/demo.json is stale: run python manage.py load_demo --regenerate-fixture"
    )
