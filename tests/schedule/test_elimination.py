"""Elimination tournaments through the services: who plays on, final ranks, the next round's seating,
and every refusal (docs/elimination.md, "In the web app")."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction

from schedule import elimination
from schedule import services as sched
from standings.selectors import final_ranking_done, player_standings, standings_rows
from tournament.models import AuditLog, Elimination, Session

from .elimination_helpers import elimination_tournament, play_round, tied_round

pytestmark = pytest.mark.django_db

WINNER = elimination.elimination_rule("table_winner")
FINAL = elimination.elimination_rule("final")


def best(k):
    return elimination.elimination_rule("best_per_table", k)


def session(t, n):
    return t.sessions.get(number=n)


def seated_numbers(s):
    return sorted(p for p in s.seats.values_list("player__number", flat=True))


def met(t, before):
    """Pairs of player numbers that shared a table in sessions before ``before``."""
    pairs = set()
    for s in t.sessions.filter(number__lt=before):
        for table in s.tables.all():
            numbers = [p.number for p in table.seated_players()]
            pairs |= {(a, b) for a in numbers for b in numbers if a < b}
    return pairs


def pairs_of(s):
    pairs = set()
    for table in s.tables.all():
        numbers = [p.number for p in table.seated_players()]
        pairs |= {(a, b) for a in numbers for b in numbers if a < b}
    return pairs


def run(t, organizer, referee, rules):
    """Play every round and apply its rule; returns the number of players seated in each round."""
    sched.session_seat_random(session=session(t, 1), by=organizer, seed=7)
    counts = []
    for n, rule in enumerate(rules, start=1):
        s = session(t, n)
        counts.append(s.seats.count())
        play_round(s, referee, organizer)
        outcome = elimination.session_eliminate_and_seat(session=s, rule=rule, by=organizer)
        if outcome.next_session is not None:
            following = session(t, n + 1)
            assert seated_numbers(following) == sorted(p.number for p in outcome.survivors)
            if n == 1:
                # After the first round nobody needs to meet again: the seating keeps them apart.
                assert pairs_of(following) and not pairs_of(following) & met(t, n + 1)
                # ... and everyone starts in another wind than in the first round.
                first = dict(s.seats.values_list("player_id", "position"))
                assert all(
                    first[pk] != position for pk, position in following.seats.values_list("player_id", "position")
                )
    return counts


def check_final_ranking(t, players):
    ranks = sorted(Elimination.objects.filter(tournament=t).values_list("final_rank", flat=True))
    assert ranks == list(range(1, players + 1))
    rows = standings_rows(t)
    assert [r["rank"] for r in rows] == list(range(1, players + 1))
    assert all(r["eliminated_in"] is not None for r in rows)
    assert final_ranking_done(t)


def test_64_players_table_winners_to_a_final_table(organizer, referee):
    t = elimination_tournament(organizer, referee, sessions=3)
    counts = run(t, organizer, referee, [WINNER, WINNER, FINAL])
    assert counts == [64, 16, 4]
    check_final_ranking(t, 64)
    final_table = sorted(session(t, 3).tables.get().seated_players(), key=lambda p: p.number)
    # The final table's places are the final ranks 1 to 4 (play_round: the lowest number wins, and so on).
    assert [Elimination.objects.get(player=p).final_rank for p in final_table] == [1, 2, 3, 4]
    # Table winners go on: the lowest number of each first-round table.
    assert {p.number for p in final_table} <= {
        min(p.number for p in table.seated_players()) for table in session(t, 1).tables.all()
    }
    # The first round's eliminated rank 17..64; the second round's 5..16.
    assert sorted(Elimination.objects.filter(session__number=1).values_list("final_rank", flat=True)) == list(
        range(17, 65)
    )
    assert sorted(Elimination.objects.filter(session__number=2).values_list("final_rank", flat=True)) == list(
        range(5, 17)
    )


def test_64_players_best_two_per_table(organizer, referee):
    t = elimination_tournament(organizer, referee, sessions=5, slug="ko-two")
    counts = run(t, organizer, referee, [best(2), best(2), best(2), best(2), FINAL])
    assert counts == [64, 32, 16, 8, 4]
    check_final_ranking(t, 64)
    # Per-table rules rank every third place of a round above its fourth places.
    first = {e.player_id: e.final_rank for e in Elimination.objects.filter(session__number=1)}
    thirds, fourths = [], []
    for table in session(t, 1).tables.all():
        _first, _second, third, fourth = sorted(table.seated_players(), key=lambda p: p.number)
        thirds.append(first[third.pk])
        fourths.append(first[fourth.pk])
    assert max(thirds) < min(fourths)
    assert sorted(thirds + fourths) == list(range(33, 65))


def test_best_overall_and_standings_while_players_are_still_in(organizer, referee):
    t = elimination_tournament(organizer, referee, players=32, sessions=3, slug="ko-overall")
    sched.session_seat_random(session=session(t, 1), by=organizer, seed=3)
    play_round(session(t, 1), referee, organizer)
    outcome = elimination.session_eliminate_and_seat(
        session=session(t, 1), rule=elimination.elimination_rule("best_overall", 12), by=organizer, order="draw", seed=5
    )
    assert len(outcome.survivors) == 12 and session(t, 2).tables.count() == 3
    assert session(t, 2).seating_method == "elimination" and session(t, 2).seed == 5
    rows = standings_rows(t)
    still_in = {p.number for p in outcome.survivors}
    assert {r["number"] for r in rows[:12]} == still_in
    assert all(r["eliminated_in"] is None and r["rank"] <= 12 for r in rows[:12])
    assert [r["rank"] for r in rows[12:]] == list(range(13, 33))
    assert {r["eliminated_in"] for r in rows[12:]} == {1}
    assert not final_ranking_done(t)
    # The public sees the same order.
    assert [r.player.number for r in player_standings(t, public=True)] == [r["number"] for r in rows]
    entry = AuditLog.objects.get(action="session.eliminate")
    assert entry.data["rule"] == "best_overall" and entry.data["count"] == 12
    assert sorted(entry.data["survivors"]) == sorted(still_in)


def test_refuses_a_session_that_is_not_closed(organizer, referee):
    t = elimination_tournament(organizer, referee, players=16, sessions=2, slug="ko-open-session")
    sched.session_seat_random(session=session(t, 1), by=organizer, seed=1)
    play_round(session(t, 1), referee, organizer, close=False)
    with pytest.raises(ValidationError) as exc:
        elimination.session_eliminate_and_seat(session=session(t, 1), rule=WINNER, by=organizer)
    assert exc.value.code == "not_closed" and "Close session 1 first" in exc.value.messages[0]
    assert not Elimination.objects.exists() and session(t, 2).status == Session.Status.PLANNED


def test_refuses_survivors_that_do_not_fill_tables(organizer, referee):
    t = elimination_tournament(organizer, referee, players=20, sessions=2, slug="ko-twenty")
    sched.session_seat_random(session=session(t, 1), by=organizer, seed=1)
    play_round(session(t, 1), referee, organizer)
    with pytest.raises(ValidationError) as exc:
        elimination.session_eliminate_and_seat(session=session(t, 1), rule=WINNER, by=organizer)
    assert exc.value.code == "survivors" and "5 players go on" in exc.value.messages[0]
    assert not Elimination.objects.exists() and not session(t, 1).advance_rule


def test_a_tie_at_the_cut_names_the_players_and_a_decided_order_resolves_it(organizer, referee):
    t = elimination_tournament(organizer, referee, players=16, sessions=2, slug="ko-tie")
    sched.session_seat_random(session=session(t, 1), by=organizer, seed=1)
    tied_round(session(t, 1), referee, organizer)
    table = session(t, 1).tables.get(number=1)
    level = sorted(p.number for p in table.seated_players()[1:])
    with pytest.raises(ValidationError) as exc:
        elimination.session_eliminate_and_seat(session=session(t, 1), rule=best(2), by=organizer)
    assert exc.value.code == "tie"
    assert set(level) <= set(exc.value.params["players"])
    assert "play-off or a draw" in exc.value.messages[0]
    assert not Elimination.objects.exists()
    # The table winners alone are clear: the three level players share the rank they go out with.
    order = [n for table in session(t, 1).tables.all() for n in sorted(p.number for p in table.seated_players())]
    outcome = elimination.session_eliminate_and_seat(
        session=session(t, 1), rule=best(2), by=organizer, decided_order=order
    )
    assert len(outcome.survivors) == 8
    for table in session(t, 1).tables.all():
        east, *others = table.seated_players()
        kept = sorted(others, key=lambda p: order.index(p.number))[0]
        assert east in outcome.survivors and kept in outcome.survivors


def test_level_players_away_from_the_cut_share_their_rank(organizer, referee):
    t = elimination_tournament(organizer, referee, players=16, sessions=2, slug="ko-share")
    sched.session_seat_random(session=session(t, 1), by=organizer, seed=1)
    tied_round(session(t, 1), referee, organizer)
    outcome = elimination.session_eliminate_and_seat(session=session(t, 1), rule=WINNER, by=organizer)
    ranks = sorted(rank for _p, rank in outcome.eliminated)
    # At every table the three others are level on table points and score: all twelve go out level.
    assert ranks == [5] * 12


def test_the_final_is_played_once(organizer, referee):
    t = elimination_tournament(organizer, referee, players=4, sessions=2, slug="ko-final")
    sched.session_seat_random(session=session(t, 1), by=organizer, seed=1)
    play_round(session(t, 1), referee, organizer)
    outcome = elimination.session_eliminate_and_seat(session=session(t, 1), rule=FINAL, by=organizer)
    assert outcome.next_session is None and len(outcome.eliminated) == 4
    assert session(t, 2).status == Session.Status.PLANNED
    sched.session_seat(session=session(t, 2), tables=[list(t.players.all())], by=organizer, method="manual")
    play_round(session(t, 2), referee, organizer)
    with pytest.raises(ValidationError) as exc:
        elimination.session_eliminate_and_seat(session=session(t, 2), rule=FINAL, by=organizer)
    assert exc.value.code == "final_played"
    with pytest.raises(ValidationError) as exc:
        elimination.session_eliminate_and_seat(session=session(t, 1), rule=FINAL, by=organizer)
    assert exc.value.code == "final_played"


def test_refuses_bad_rules_no_next_session_and_other_formats(organizer, referee):
    with pytest.raises(ValidationError):
        elimination.elimination_rule("best_per_table", 4)
    with pytest.raises(ValidationError):
        elimination.elimination_rule("best_overall", 6)
    with pytest.raises(ValidationError):
        elimination.elimination_rule("nobody")
    t = elimination_tournament(organizer, referee, players=16, sessions=1, slug="ko-short")
    sched.session_seat_random(session=session(t, 1), by=organizer, seed=1)
    play_round(session(t, 1), referee, organizer)
    with pytest.raises(ValidationError) as exc:
        elimination.session_eliminate_and_seat(
            session=session(t, 1), rule=elimination.elimination_rule("best_overall", 16), by=organizer
        )
    assert exc.value.code == "rule_count"
    with pytest.raises(ValidationError) as exc:
        elimination.session_eliminate_and_seat(session=session(t, 1), rule=WINNER, by=organizer)
    assert exc.value.code == "no_next_session"
    swiss = elimination_tournament(organizer, referee, players=16, sessions=2, slug="swiss-open")
    swiss.format = "swiss"
    swiss.save()
    with pytest.raises(ValidationError) as exc:
        elimination.session_eliminate_and_seat(session=session(swiss, 1), rule=WINNER, by=organizer)
    assert exc.value.code == "format"


def test_only_organizers_eliminate(organizer, referee):
    t = elimination_tournament(organizer, referee, players=16, sessions=2, slug="ko-roles")
    sched.session_seat_random(session=session(t, 1), by=organizer, seed=1)
    play_round(session(t, 1), referee, organizer)
    with pytest.raises(PermissionDenied):
        elimination.session_eliminate_and_seat(session=session(t, 1), rule=WINNER, by=referee)
    assert not Elimination.objects.exists()


def test_later_sessions_are_seated_only_from_the_players_who_go_on(organizer, referee):
    t = elimination_tournament(organizer, referee, players=16, sessions=3, slug="ko-seat")
    with pytest.raises(ValidationError) as exc:
        sched.session_seat_random(session=session(t, 2), by=organizer)
    assert exc.value.code == "format"
    with pytest.raises(ValidationError) as exc:
        sched.schedule_generate(tournament=t, by=organizer)
    assert exc.value.code == "format"
    with pytest.raises(ValidationError) as exc:
        sched.session_seat_swiss(session=session(t, 2), by=organizer)
    assert exc.value.code == "format"
    chart = [[[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]] * 2
    assert sched.chart_check(t, chart)["errors"]
    assert not sched.chart_check(t, chart[:1])["errors"]


def test_reopening_waits_for_the_elimination_to_be_undone(organizer, referee):
    t = elimination_tournament(organizer, referee, players=16, sessions=3, slug="ko-reopen")
    sched.session_seat_random(session=session(t, 1), by=organizer, seed=1)
    play_round(session(t, 1), referee, organizer)
    elimination.session_eliminate_and_seat(session=session(t, 1), rule=WINNER, by=organizer)
    with pytest.raises(ValidationError) as exc:
        sched.session_reopen(session=session(t, 1), by=organizer)
    assert exc.value.code == "eliminated"
    elimination.session_elimination_undo(session=session(t, 1), by=organizer)
    assert not Elimination.objects.exists() and not session(t, 1).advance_rule
    assert session(t, 2).status == Session.Status.PLANNED and not session(t, 2).tables.exists()
    sched.session_reopen(session=session(t, 1), by=organizer)
    assert session(t, 1).status == Session.Status.PUBLISHED
    assert AuditLog.objects.filter(action="session.eliminate_undo").exists()


def test_undo_is_refused_once_the_next_round_is_published(organizer, referee):
    t = elimination_tournament(organizer, referee, players=16, sessions=3, slug="ko-undo")
    sched.session_seat_random(session=session(t, 1), by=organizer, seed=1)
    play_round(session(t, 1), referee, organizer)
    elimination.session_eliminate_and_seat(session=session(t, 1), rule=WINNER, by=organizer)
    sched.session_publish(session=session(t, 2), by=organizer)
    with pytest.raises(ValidationError) as exc:
        elimination.session_elimination_undo(session=session(t, 1), by=organizer)
    assert exc.value.code == "published"
    assert Elimination.objects.count() == 12


def test_the_database_refuses_a_rule_without_its_count_and_a_second_final_rank(organizer, referee):
    t = elimination_tournament(organizer, referee, players=4, sessions=1, slug="ko-db")
    s = session(t, 1)
    for rule, count in (("best_overall", 6), ("best_per_table", 4), ("table_winner", 2), ("", 3), ("final", 4)):
        with pytest.raises(IntegrityError), transaction.atomic():
            Session.objects.filter(pk=s.pk).update(advance_rule=rule, advance_count=count)
    Session.objects.filter(pk=s.pk).update(advance_rule="best_overall", advance_count=8)
    player = t.players.first()
    Elimination.objects.create(tournament=t, session=s, player=player, final_rank=1)
    with pytest.raises(IntegrityError), transaction.atomic():
        Elimination.objects.create(tournament=t, session=s, player=player, final_rank=2)


def test_the_audit_log_tells_who_went_on(organizer, referee):
    from tournament import audit_text

    t = elimination_tournament(organizer, referee, players=16, sessions=3, slug="ko-audit")
    sched.session_seat_random(session=session(t, 1), by=organizer, seed=1)
    play_round(session(t, 1), referee, organizer)
    elimination.session_eliminate_and_seat(session=session(t, 1), rule=WINNER, by=organizer)
    elimination.session_elimination_undo(session=session(t, 1), by=organizer)
    elimination.session_eliminate_and_seat(session=session(t, 1), rule=WINNER, by=organizer)
    play_round(session(t, 2), referee, organizer)
    elimination.session_eliminate_and_seat(session=session(t, 2), rule=FINAL, by=organizer)
    entries = list(AuditLog.objects.filter(tournament=t, action__startswith="session.eliminate").order_by("id"))
    texts = [line.text for line in audit_text.describe(entries, t)]
    assert texts == [
        "Organizer organizer decided who plays on after session 1: 4 players go on, 12 are out with their final rank.",
        "Organizer organizer took back who plays on after session 1; its eliminations are undone.",
        "Organizer organizer decided who plays on after session 1: 4 players go on, 12 are out with their final rank.",
        "Organizer organizer ranked the final table of session 2: the final ranking is complete.",
    ]
    seat = AuditLog.objects.filter(tournament=t, action="session.seat").order_by("id").last()
    assert "from the players who go on" in audit_text.describe([seat], t)[0].text


def test_the_format_stays_elimination_while_players_are_eliminated(organizer, referee):
    from tournament import services as ts

    t = elimination_tournament(organizer, referee, players=16, sessions=3, slug="ko-format")
    sched.session_seat_random(session=session(t, 1), by=organizer, seed=1)
    play_round(session(t, 1), referee, organizer)
    elimination.session_eliminate_and_seat(session=session(t, 1), rule=WINNER, by=organizer)
    with pytest.raises(ValidationError) as exc:
        ts.tournament_update(tournament=t, by=organizer, format="swiss")
    assert "undo those eliminations" in exc.value.message_dict["format"][0]
    ts.tournament_update(tournament=t, by=organizer, venue="Madrid")  # other settings still change
    elimination.session_elimination_undo(session=session(t, 1), by=organizer)
    assert ts.tournament_update(tournament=t, by=organizer, format="swiss").format == "swiss"
