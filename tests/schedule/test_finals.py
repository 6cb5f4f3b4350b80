"""Finals with a cut through the services (issue 32): a tournament of six sessions cut after four, the best four
playing the last two among themselves with two thirds of their table points and points carried over (rounded
up), the others playing on at their own table. The standings are checked against an independent computation from
the tables' results; the ranking file ranks the finalists first. The cut's refusals, its undo, and the other rule
sets (Swiss championship, Spanish) with their own table points."""

import math
import random
from fractions import Fraction

import pytest
from django.core.exceptions import ValidationError

from exports.datasets import ema_rows
from interchange.load import tournament_import
from interchange.management.commands.load_demo import generate_rule_set_demo
from rules import payments as pay
from schedule import finals as fs
from schedule import services as sched
from scoring import services as ss
from scoring.results import table_results
from standings.selectors import player_standings
from tests.closing import close_session
from tests.series.factory import four_played_of_six
from tournament.models import AuditLog, TournamentRole

pytestmark = pytest.mark.django_db


@pytest.fixture
def four_played(organizer):
    """Eight players, four sessions of four hands played and closed, six sessions in all."""
    return four_played_of_six(
        slug="final-open", name="Final Open", seed=7, staff=[(organizer, TournamentRole.Role.ORGANIZER)]
    )


def play(session, organizer, rng):
    """Publish a seated session, play four hands at each table (self-drawn wins), sign and close it."""
    sched.session_publish(session=session, by=organizer)
    for table in session.tables.order_by("number"):
        seated = table.seated_players()
        for n in range(1, 5):
            winner = rng.choice(seated)
            points = rng.choice([8, 10, 12, 16, 24])
            ss.hand_record(
                sheet=table.sheet, number=n, outcome=pay.SELF_DRAWN, winner=winner, points=points, by=organizer
            )
        ss.sheet_sign(sheet=table.sheet, by=organizer)
    close_session(session=session, by=organizer)


def totals(tournament, sessions):
    """Independently: each player's table points and points over ``sessions``, from the tables' results."""
    out = {}
    for result in table_results(tournament).values():
        if result.session not in sessions:
            continue
        for i, player in enumerate(result.players):
            tp, pts = out.get(player.number, (Fraction(0), 0))
            out[player.number] = (tp + Fraction(result.table_points[i]), pts + result.scores[i])
    return out


def test_a_final_of_four_after_four_of_six_sessions_two_thirds_carried(four_played, organizer):
    t = four_played
    fs.final_stage_set(
        tournament=t,
        by=organizer,
        size=4,
        after_session=4,
        carry_table_points="two_thirds_up",
        carry_points="two_thirds_up",
        seating="snake",
    )
    before = [r.player.number for r in player_standings(t)][:4]
    stage = fs.final_cut(tournament=t, by=organizer)
    fifth = t.sessions.get(number=5)
    # The finalists at table 1, in their order at the cut (one table: snake and blocks agree), the others at 2.
    tables = [[s.player.number for s in table.seats.order_by("position")] for table in fifth.tables.order_by("number")]
    assert tables[0] == before and sorted(tables[1]) == sorted(set(range(1, 9)) - set(before))
    assert AuditLog.objects.get(action="final.cut").data["finalists"] == before
    rng = random.Random(32)
    play(fifth, organizer, rng)
    sixth = t.sessions.get(number=6)
    fs.final_session_seat(session=sixth, by=organizer)
    play(sixth, organizer, rng)

    # The independent computation: two thirds of the first four sessions, rounded up, plus the last two.
    cut, final = totals(t, {1, 2, 3, 4}), totals(t, {5, 6})
    everything = totals(t, {1, 2, 3, 4, 5, 6})
    expected_final = sorted(
        (
            (
                math.ceil(cut[n][0] * Fraction(2, 3)) + final[n][0],
                math.ceil(Fraction(cut[n][1]) * Fraction(2, 3)) + final[n][1],
                n,
            )
            for n in before
        ),
        key=lambda x: (-x[0], -x[1]),
    )
    others = sorted(
        ((everything[n][0], everything[n][1], n) for n in everything if n not in before),
        key=lambda x: (-x[0], -x[1]),
    )
    rows = player_standings(t)
    got = [(r.table_points, r.score, r.player.number) for r in rows]
    assert got[:4] == expected_final
    assert [g[2] for g in got[4:]] == [o[2] for o in others] and got[4:] == others
    assert [r.rank for r in rows][:4] == [1, 2, 3, 4] and rows[4].rank == 5
    first = rows[0]
    n = first.player.number
    assert (first.final.carried_table_points, first.final.final_table_points) == (
        math.ceil(cut[n][0] * Fraction(2, 3)),
        final[n][0],
    )
    assert rows[4].final is None
    # The ranking file ranks the finalists first.
    assert [r.player.number for r in ema_rows(t)][:4] == [e[2] for e in expected_final]
    assert stage.is_cut


def test_the_cut_waits_for_its_session_and_says_who_is_level(four_played, organizer):
    t = four_played
    with pytest.raises(ValidationError, match="Set the final first"):
        fs.final_cut(tournament=t, by=organizer)
    with pytest.raises(ValidationError) as exc:
        fs.final_stage_set(tournament=t, by=organizer, size=6, after_session=4)
    assert "size" in exc.value.message_dict
    with pytest.raises(ValidationError) as exc:
        fs.final_stage_set(tournament=t, by=organizer, size=4, after_session=6)
    assert "after_session" in exc.value.message_dict
    with pytest.raises(ValidationError) as exc:
        fs.final_stage_set(tournament=t, by=organizer, size=4, after_session=4, carry_points="factor")
    assert "points_factor" in exc.value.message_dict
    fs.final_stage_set(tournament=t, by=organizer, size=4, after_session=5)
    with pytest.raises(ValidationError, match="Session 5 is not closed"):
        fs.final_cut(tournament=t, by=organizer)


def test_the_cut_can_be_undone_until_the_final_is_published(four_played, organizer):
    t = four_played
    fs.final_stage_set(tournament=t, by=organizer, size=4, after_session=4, others="stop")
    fs.final_cut(tournament=t, by=organizer)
    fifth = t.sessions.get(number=5)
    assert fifth.tables.count() == 1  # the others stop
    with pytest.raises(ValidationError, match="undo it"):
        fs.final_stage_set(tournament=t, by=organizer, size=8 - 4, after_session=3)
    stage = fs.final_cut_undo(tournament=t, by=organizer)
    fifth.refresh_from_db()
    assert not stage.is_cut and fifth.tables.count() == 0 and fifth.status == "planned"
    assert player_standings(t)[0].final is None
    fs.final_cut(tournament=t, by=organizer)
    sched.session_publish(session=t.sessions.get(number=5), by=organizer)
    with pytest.raises(ValidationError, match="published"):
        fs.final_cut_undo(tournament=t, by=organizer)


@pytest.mark.parametrize("slug", ["demo-swiss", "demo-spanish"])
def test_other_rule_sets_carry_their_own_table_points(slug, organizer):
    data = generate_rule_set_demo(slug)
    data["sessions"] = data["sessions"][:2]  # two sessions played and closed; the third not seated yet
    t = tournament_import(data)
    TournamentRole.objects.create(tournament=t, user=organizer, role=TournamentRole.Role.ORGANIZER)
    cut = totals(t, {1, 2})
    fs.final_stage_set(
        tournament=t, by=organizer, size=4, after_session=2, carry_table_points="half", carry_points="half"
    )
    fs.final_cut(tournament=t, by=organizer)
    rows = player_standings(t)
    finalists = [r for r in rows if r.final is not None]
    assert len(finalists) == 4 and rows[:4] == finalists
    for r in finalists:
        tp, pts = cut[r.player.number]
        assert (r.final.carried_table_points, r.final.carried_score) == (tp / 2, Fraction(pts, 2))
        assert r.table_points == tp / 2


def test_the_tournament_file_carries_the_final_and_its_cut(four_played, organizer):
    import copy

    from interchange.export import tournament_export

    t = four_played
    fs.final_stage_set(tournament=t, by=organizer, size=4, after_session=4, carry_points="factor", points_factor="0.25")
    fs.final_cut(tournament=t, by=organizer)
    data = tournament_export(t)
    finalists = [r.player.number for r in player_standings(t)][:4]
    assert data["final"] == {
        "size": 4,
        "after_session": 4,
        "carry_table_points": "kept",
        "carry_points": "factor",
        "others": "play_on",
        "seating": "blocks",
        "points_factor": 0.25,
        "finalists": finalists,
        "level_order": [],
    }
    copied = copy.deepcopy(data)
    copied["slug"], copied["name"] = "final-copy", "Final Copy"
    imported = tournament_import(copied)
    again = tournament_export(imported)
    assert again["final"] == data["final"]
    assert [(r.player.number, r.table_points, r.score) for r in player_standings(imported)] == [
        (r.player.number, r.table_points, r.score) for r in player_standings(t)
    ]
