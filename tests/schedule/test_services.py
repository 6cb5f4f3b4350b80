"""schedule.services: the seating engine wired to sessions, tables and seats."""

import json
from itertools import combinations

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from rules import payments as pay
from schedule import selectors
from schedule import services as sch
from schedule import services as sched
from schedule.charts import parse_chart
from scoring import services as ss
from tournament import services as ts
from tournament.models import AuditLog, Seat, Session

from .conftest import make_tournament, play_and_close

pytestmark = pytest.mark.django_db


def seated(tournament):
    """{session number: [[player numbers E..N] per table]} from the database."""
    out = {}
    for seat in (
        Seat.objects.filter(session__tournament=tournament)
        .order_by("session__number", "table__number", "position")
        .select_related("session", "table", "player")
    ):
        out.setdefault(seat.session.number, {}).setdefault(seat.table.number, []).append(seat.player.number)
    return {n: [t[k] for k in sorted(t)] for n, t in out.items()}


def meetings(chart):
    counts = {}
    for tables in chart.values():
        for table in tables:
            for a, b in combinations(sorted(table), 2):
                counts[(a, b)] = counts.get((a, b), 0) + 1
    return counts


# --- generate -------------------------------------------------------------------------------------


def test_generate_16_players_5_sessions_no_repeats(rr16, organizer):
    schedule = sch.schedule_generate(tournament=rr16, by=organizer, seed=7)
    chart = seated(rr16)
    assert sorted(chart) == [1, 2, 3, 4, 5]
    for tables in chart.values():
        assert len(tables) == 4
        assert sorted(p for t in tables for p in t) == list(range(1, 17))
    assert max(meetings(chart).values()) == 1
    assert schedule.metrics["repeat_excess"] == 0 and schedule.metrics["lower_bound"] == 0
    sessions = rr16.sessions.all()
    assert {s.status for s in sessions} == {Session.Status.SEATED}
    assert {(s.seating_method, s.seed) for s in sessions} == {("round_robin", 7)}
    assert AuditLog.objects.filter(tournament=rr16, action="schedule.generate", data__seed=7).exists()
    metrics = selectors.tournament_schedule_metrics(rr16)
    assert metrics["repeated_pairs"] == 0 and metrics["max_meetings"] == 1
    assert metrics["seated_sessions"] == [1, 2, 3, 4, 5] and metrics["repeats"] == []
    assert metrics["wind_spread"] <= 1


def test_generate_same_seed_same_schedule_and_random_seed_recorded(rr16, organizer):
    sch.schedule_generate(tournament=rr16, by=organizer, seed=11)
    first = seated(rr16)
    sch.schedule_generate(tournament=rr16, by=organizer, seed=11)
    assert seated(rr16) == first
    schedule = sch.schedule_generate(tournament=rr16, by=organizer)
    assert schedule.seed >= 1
    assert set(rr16.sessions.values_list("seed", flat=True)) == {schedule.seed}


def test_generate_keeps_team_mates_apart(organizer, referee):
    teams = {i: f"Team {(i - 1) // 4 + 1}" for i in range(1, 17)}  # four teams of four: one of each per table
    t = make_tournament(organizer, referee, slug="teams-cup", sessions=3, teams=teams)
    schedule = sch.schedule_generate(tournament=t, by=organizer, seed=3)
    assert schedule.metrics["team_clashes"] == 0
    for tables in seated(t).values():
        for table in tables:
            assert len({teams[p] for p in table}) == 4
    assert selectors.tournament_schedule_metrics(t)["team_clashes"] == 0


def test_generate_passes_teams_by_engine_index(organizer, referee, monkeypatch):
    import seating

    t = make_tournament(organizer, referee, slug="teams-idx", players=8, sessions=2)
    ts.player_create(tournament=t, number=20, name="Late", team="Red", by=organizer)  # numbers need not be 1..N
    ts.player_create(tournament=t, number=30, name="Later", team="Red", by=organizer)
    for n in (21, 22):
        ts.player_create(tournament=t, number=n, name=f"P{n}", by=organizer)
    seen = {}
    real = seating.round_robin

    def spy(players, sessions, teams=None, seed=0, **kw):
        seen.update(players=players, sessions=sessions, teams=teams, seed=seed)
        return real(players, sessions, teams=teams, seed=seed, **kw)

    monkeypatch.setattr(seating, "round_robin", spy)
    sch.schedule_generate(tournament=t, by=organizer, seed=9)
    red = t.teams.get(name="Red").pk
    # players by number: 1..8, 20, 21, 22, 30 -> engine indexes 1..12
    assert seen == {"players": 12, "sessions": 2, "teams": {9: red, 12: red}, "seed": 9}


def test_generate_team_of_five_is_not_kept_apart_but_does_not_block(organizer, referee):
    teams = dict.fromkeys(range(1, 6), "Big")
    t = make_tournament(organizer, referee, slug="big-team", sessions=2, teams=teams)
    assert selectors.oversized_teams(t) == ["Big"]
    sch.schedule_generate(tournament=t, by=organizer, seed=1)
    assert sorted(seated(t)) == [1, 2]


def test_generate_refuses_player_count(organizer, referee):
    t = make_tournament(organizer, referee, slug="odd-open", players=17)
    with pytest.raises(ValidationError) as exc:
        sch.schedule_generate(tournament=t, by=organizer, seed=1)
    assert "substitute" in exc.value.messages[0] and "17 players" in exc.value.messages[0]
    assert not Seat.objects.filter(session__tournament=t).exists()


def test_generate_refuses_when_scores_exist_and_changes_nothing(rr16, organizer, referee):
    sch.schedule_generate(tournament=rr16, by=organizer, seed=5)
    before = seated(rr16)
    table = rr16.sessions.get(number=2).tables.get(number=1)
    ss.hand_record(sheet=table.sheet, number=1, outcome=pay.DRAW, by=referee)
    with pytest.raises(ValidationError) as exc:
        sch.schedule_generate(tournament=rr16, by=organizer, seed=6)
    assert "Sessions 2 already have scores" in exc.value.messages[0]
    assert seated(rr16) == before
    assert set(rr16.sessions.values_list("seed", flat=True)) == {5}


def test_generate_refuses_published_sessions(rr16, organizer):
    sch.schedule_generate(tournament=rr16, by=organizer, seed=5)
    sched.session_publish(session=rr16.sessions.get(number=1), by=organizer)
    with pytest.raises(ValidationError, match="already published"):
        sch.schedule_generate(tournament=rr16, by=organizer, seed=6)


def test_generate_refuses_swiss_format_and_non_organizers(organizer, referee, outsider):
    t = make_tournament(organizer, referee, slug="swiss-open", format="swiss")
    with pytest.raises(ValidationError, match="Swiss"):
        sch.schedule_generate(tournament=t, by=organizer, seed=1)
    rr = make_tournament(organizer, referee, slug="rr-open", players=8, sessions=2)
    for user in (referee, outsider):
        with pytest.raises(PermissionDenied):
            sch.schedule_generate(tournament=rr, by=user, seed=1)
    assert not Seat.objects.exists()


def test_generate_mixed_seats_only_round_robin_sessions(organizer, referee):
    t = make_tournament(organizer, referee, slug="mixed-open", sessions=5, format="mixed", round_robin_sessions=3)
    sch.schedule_generate(tournament=t, by=organizer, seed=2)
    assert sorted(seated(t)) == [1, 2, 3]
    assert max(meetings(seated(t)).values()) == 1
    assert set(t.sessions.filter(number__gt=3).values_list("status", flat=True)) == {"planned"}


# --- Swiss ----------------------------------------------------------------------------------------


def test_swiss_after_closed_session_puts_top_four_together(organizer, referee):
    t = make_tournament(organizer, referee, slug="swiss-cup", format="swiss", sessions=3)
    s1, s2 = t.sessions.get(number=1), t.sessions.get(number=2)
    sched.session_seat_random(session=s1, by=organizer, seed=99)
    with pytest.raises(ValidationError, match="Close sessions 1 before seating session 2"):
        sch.session_seat_swiss(session=s2, by=organizer)
    assert not s2.tables.exists()
    play_and_close(s1, referee, organizer)
    winners = [tb.seated_players()[0].number for tb in s1.tables.order_by("number")]
    sch.session_seat_swiss(session=s2, by=organizer)
    chart = seated(t)
    assert sorted(chart[2][0]) == sorted(winners)
    assert sorted(p for tb in chart[2] for p in tb) == list(range(1, 17))
    s2.refresh_from_db()
    assert s2.status == "seated" and s2.seating_method == "swiss"
    # nobody meets an opponent from session 1 again when it can be avoided
    assert max(meetings(chart).values()) == 1


def test_swiss_refusals(organizer, referee):
    swiss = make_tournament(organizer, referee, slug="swiss-a", players=8, sessions=3, format="swiss")
    with pytest.raises(ValidationError, match="random draw"):
        sch.session_seat_swiss(session=swiss.sessions.get(number=1), by=organizer)
    rr = make_tournament(organizer, referee, slug="rr-a", players=8, sessions=3)
    with pytest.raises(ValidationError, match="round robin"):
        sch.session_seat_swiss(session=rr.sessions.get(number=2), by=organizer)
    mixed = make_tournament(
        organizer, referee, slug="mixed-a", players=8, sessions=3, format="mixed", round_robin_sessions=2
    )
    with pytest.raises(ValidationError, match="Swiss pairing starts with session 3"):
        sch.session_seat_swiss(session=mixed.sessions.get(number=2), by=organizer)
    with pytest.raises(PermissionDenied):
        sch.session_seat_swiss(session=swiss.sessions.get(number=2), by=referee)


def test_mixed_swiss_after_round_robin(organizer, referee):
    t = make_tournament(organizer, referee, slug="mixed-b", sessions=3, format="mixed", round_robin_sessions=2)
    sch.schedule_generate(tournament=t, by=organizer, seed=4)
    for n in (1, 2):
        play_and_close(t.sessions.get(number=n), referee, organizer)
    sch.session_seat_swiss(session=t.sessions.get(number=3), by=organizer)
    chart = seated(t)
    assert sorted(p for tb in chart[3] for p in tb) == list(range(1, 17))
    assert max(meetings(chart).values()) == 1


# --- charts ---------------------------------------------------------------------------------------

CHART8 = "session,table,east,south,west,north\n1,1,1,2,3,4\n1,2,5,6,7,8\n2,1,1,5,2,6\n2,2,3,7,4,8\n"


def test_parse_chart_csv_and_json():
    csv = parse_chart(CHART8)
    assert csv.errors == [] and csv.format == "csv"
    assert csv.sessions == [[[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 5, 2, 6], [3, 7, 4, 8]]]
    js = parse_chart('{"sessions": [[[1,2,3,4],[5,6,7,8]], [[1,5,2,6],[3,7,4,8]]]}')
    assert js.errors == [] and js.sessions == csv.sessions
    semicolons = parse_chart("1;2;5;6;7;8\n1;1;1;2;3;4\n")
    assert semicolons.errors == [] and semicolons.sessions == [[[1, 2, 3, 4], [5, 6, 7, 8]]]
    spaces = parse_chart("\ufeff1 1  1 2 3 4\r\n1 2 5 6 7 8\r\n")
    assert spaces.errors == [] and spaces.sessions == semicolons.sessions


@pytest.mark.parametrize(
    "text, where, fragment",
    [
        ("1,1,1,2,3,4\n1,2,5,6,7\n", "line 2", "expected 6 values"),
        ("1,1,1,2,3,4\n1,2,5,6,x,8\n", "line 2", "'x' is not a whole number"),
        ("1,1,1,2,3,4\n1,1,5,6,7,8\n", "line 2", "given twice"),
        ("1,1,1,2,3,4\n1,2,5,6,7,1\n", "line 2", "player 1 is seated twice in session 1"),
        ("1,1,1,2,3,4\n1,3,5,6,7,8\n", "", "table(s) 2 missing"),
        ("1,1,1,2,3,4\n3,1,1,2,3,4\n", "", "Session 2 has no tables"),
        ("[[[1,2,3,4],[5,6,7]]]", "session 1, table 2", "four player numbers"),
        ('[[[1,2,3,4],[5,6,7,"8"]]]', "session 1, table 2", "not a list of player numbers"),
        ("[[1,2", "", "not valid JSON"),
        ("", "", "empty"),
    ],
)
def test_parse_chart_errors_name_the_row(text, where, fragment):
    result = parse_chart(text)
    assert any(w == where and fragment in m for w, m in result.errors), result.errors


def test_chart_check_against_tournament(organizer, referee):
    t = make_tournament(organizer, referee, slug="chart-a", players=8, sessions=2)
    good = sch.chart_check(t, parse_chart(CHART8).sessions)
    assert good["errors"] == []
    assert good["repeated_pairs"] == 4 and good["repeats"][0] == {"a": 1, "b": 2, "times": 2}
    assert any("meet more than once" in p for p in good["problems"])
    assert good["sessions"][0] == [[1, 2, 3, 4], [5, 6, 7, 8]]
    bad = sch.chart_check(t, [[[1, 2, 3, 4], [5, 6, 7, 9]]] * 3)
    text = " ".join(bad["errors"])
    assert "3 sessions; the tournament has 2" in text
    assert "not registered: 9" in text and "does not seat players 8" in text
    assert bad["problems"] == [] and bad["sessions"] == []


def test_chart_check_winds(organizer, referee):
    t = make_tournament(organizer, referee, slug="chart-w", players=8, sessions=4)
    chart = [[[1, 2, 3, 4], [5, 6, 7, 8]]] * 4  # same East every time
    given = sch.chart_check(t, chart, winds_given=True)
    assert given["wind_spread"] == 4 and any("Starting winds are uneven" in p for p in given["problems"])
    balanced = sch.chart_check(t, chart, winds_given=False)
    assert balanced["wind_spread"] == 0
    assert not any("winds" in p for p in balanced["problems"])
    easts = [tables[0][0] for tables in balanced["sessions"]]
    assert sorted(easts) == [1, 2, 3, 4]


def test_schedule_from_chart_seats_in_given_order(organizer, referee):
    t = make_tournament(organizer, referee, slug="chart-b", players=8, sessions=3)
    sch.schedule_from_chart(tournament=t, chart=parse_chart(CHART8).sessions, by=organizer)
    assert seated(t) == {1: [[1, 2, 3, 4], [5, 6, 7, 8]], 2: [[1, 5, 2, 6], [3, 7, 4, 8]]}
    assert set(t.sessions.filter(number__lte=2).values_list("seating_method", flat=True)) == {"chart"}
    assert t.sessions.get(number=3).status == "planned"
    assert AuditLog.objects.filter(tournament=t, action="schedule.chart").exists()


def test_schedule_from_chart_refuses_a_seating_changed_since_the_preview(organizer, referee):
    """Two organizers confirming one chart (or a double tap): the second's preview is stale, it seats nothing."""
    from schedule.seating_versions import seating_seen

    t = make_tournament(organizer, referee, slug="chart-seen", players=8, sessions=3)
    chart = parse_chart(CHART8).sessions
    seen = seating_seen(list(t.sessions.filter(number__lte=2)))
    sch.schedule_from_chart(tournament=t, chart=chart, by=organizer, seen=seen)
    with pytest.raises(ValidationError, match="The seating of session 1, 2 changed a moment ago") as exc:
        sch.schedule_from_chart(tournament=t, chart=chart, by=organizer, seen=seen)
    assert exc.value.code == "seating_changed"
    assert AuditLog.objects.filter(tournament=t, action="schedule.chart").count() == 1
    assert seated(t) == {1: [[1, 2, 3, 4], [5, 6, 7, 8]], 2: [[1, 5, 2, 6], [3, 7, 4, 8]]}


def test_schedule_from_chart_refuses_bad_chart_and_seats_nothing(organizer, referee):
    t = make_tournament(organizer, referee, slug="chart-c", players=8, sessions=3)
    with pytest.raises(ValidationError) as exc:
        sch.schedule_from_chart(
            tournament=t, chart=[[[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 2, 3, 4], [5, 6, 7, 9]]], by=organizer
        )
    assert any("not registered: 9" in m for m in exc.value.messages)
    assert not Seat.objects.filter(session__tournament=t).exists()
    with pytest.raises(PermissionDenied):
        sch.schedule_from_chart(tournament=t, chart=parse_chart(CHART8).sessions, by=referee)
    assert not Seat.objects.filter(session__tournament=t).exists()


def test_schedule_from_chart_refuses_scored_session(organizer, referee):
    t = make_tournament(organizer, referee, slug="chart-d", players=8, sessions=3)
    sch.schedule_from_chart(tournament=t, chart=parse_chart(CHART8).sessions, by=organizer)
    table = t.sessions.get(number=1).tables.get(number=1)
    ss.hand_record(sheet=table.sheet, number=1, outcome=pay.DRAW, by=referee)
    with pytest.raises(ValidationError, match="already have scores"):
        sch.schedule_from_chart(tournament=t, chart=[[[1, 5, 2, 6], [3, 7, 4, 8]]], by=organizer)
    assert seated(t)[1] == [[1, 2, 3, 4], [5, 6, 7, 8]]


# --- publish and read -----------------------------------------------------------------------------


def test_publish_all_seated_sessions(rr16, organizer, referee):
    with pytest.raises(ValidationError, match="No session is seated"):
        sch.schedule_publish_all(tournament=rr16, by=organizer)
    sch.schedule_generate(tournament=rr16, by=organizer, seed=1)
    with pytest.raises(PermissionDenied):
        sch.schedule_publish_all(tournament=rr16, by=referee)
    assert set(rr16.sessions.values_list("status", flat=True)) == {"seated"}
    assert sch.schedule_publish_all(tournament=rr16, by=organizer) == [1, 2, 3, 4, 5]
    assert set(rr16.sessions.values_list("status", flat=True)) == {"published"}
    assert AuditLog.objects.filter(tournament=rr16, action="session.publish").count() == 5


def test_metrics_and_chart_data(organizer, referee):
    t = make_tournament(organizer, referee, slug="chart-e", players=8, sessions=3)
    assert selectors.tournament_schedule_metrics(t) is None
    sch.schedule_from_chart(tournament=t, chart=parse_chart(CHART8).sessions, by=organizer)
    metrics = selectors.tournament_schedule_metrics(t)
    assert metrics["repeated_pairs"] == 4 and metrics["max_meetings"] == 2
    assert [(r["a"].number, r["b"].number, r["times"]) for r in metrics["repeats"]] == [
        (1, 2, 2),
        (3, 4, 2),
        (5, 6, 2),
        (7, 8, 2),
    ]
    assert metrics["wind_counts"][0]["counts"] == [2, 0, 0, 0]
    data = selectors.tournament_chart(t, t.sessions.filter(number__lte=2).order_by("number"))
    assert [[p.number for p in tb["players"]] for tb in data["sessions"][1]["tables"]] == [[1, 5, 2, 6], [3, 7, 4, 8]]
    row6 = data["rows"][5]
    assert row6["player"].number == 6
    assert [(c["table"], c["wind_letter"]) for c in row6["cells"]] == [(2, "S"), (1, "N")]


def test_parse_chart_accepts_the_seating_command_output(organizer, referee):
    import seating

    t = make_tournament(organizer, referee, slug="chart-f", players=8, sessions=2)
    text = json.dumps(seating.round_robin(8, 2, seed=3).as_dict())
    parsed = parse_chart(text)
    assert parsed.errors == [] and len(parsed.sessions) == 2
    report = sch.chart_check(t, parsed.sessions)
    assert report["errors"] == [] and report["wind_spread"] <= 1
