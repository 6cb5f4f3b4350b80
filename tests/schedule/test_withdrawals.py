"""Withdrawals and substitutes through the services, the standings they give, and seating a field that is not
a multiple of four with substitutes."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from rules import payments as pay
from schedule import services as sched
from schedule import withdrawals as wd
from scoring import services as ss
from standings import selectors
from tournament import services as ts
from tournament.models import AuditLog, Player, Seat, Withdrawal

from .conftest import make_tournament, play_and_close


def seats_of(player):
    return sorted(Seat.objects.filter(player=player).values_list("session__number", flat=True))


@pytest.fixture
def scheduled(rr16, organizer):
    """16 players, 5 sessions seated round robin, session 1 published."""
    sched.schedule_generate(tournament=rr16, by=organizer, seed=3)
    sched.session_publish(session=rr16.sessions.get(number=1), by=organizer)
    return rr16


def player(t, number):
    return t.players.get(number=number)


def session(t, number):
    return t.sessions.get(number=number)


# --- withdrawing ---------------------------------------------------------------------------------------


def test_withdraw_records_reason_and_is_audited(scheduled, organizer):
    w = wd.player_withdraw(
        player=player(scheduled, 3), from_session=session(scheduled, 2), reason="illness", note="flu", by=organizer
    )
    assert w.active and w.keep_in_standings and w.reason == "illness"
    entry = AuditLog.objects.get(action="player.withdraw")
    assert entry.data["player"] == 3 and entry.data["session"] == 2 and entry.data["note"] == "flu"


@pytest.mark.parametrize("reason", ["", "bored"])
def test_withdraw_refuses_an_unknown_reason_and_changes_nothing(scheduled, organizer, reason):
    with pytest.raises(ValidationError) as exc:
        wd.player_withdraw(player=player(scheduled, 3), from_session=session(scheduled, 2), reason=reason, by=organizer)
    assert "reason" in exc.value.message_dict
    assert not Withdrawal.objects.exists() and not AuditLog.objects.filter(action="player.withdraw").exists()


def test_withdraw_refuses_a_closed_session_twice_and_other_tournaments(scheduled, organizer, referee):
    play_and_close(session(scheduled, 1), referee, organizer)
    with pytest.raises(ValidationError, match="Session 1 is closed"):
        wd.player_withdraw(
            player=player(scheduled, 3), from_session=session(scheduled, 1), reason="illness", by=organizer
        )
    wd.player_withdraw(player=player(scheduled, 3), from_session=session(scheduled, 2), reason="illness", by=organizer)
    with pytest.raises(ValidationError, match="already withdrawn from session 2"):
        wd.player_withdraw(
            player=player(scheduled, 3), from_session=session(scheduled, 3), reason="other", by=organizer
        )
    other = make_tournament(organizer, referee, slug="other", players=4, sessions=1)
    with pytest.raises(ValidationError, match="session of this tournament"):
        wd.player_withdraw(player=player(scheduled, 4), from_session=session(other, 1), reason="other", by=organizer)
    assert Withdrawal.objects.count() == 1


def test_only_an_organizer_withdraws(scheduled, referee):
    with pytest.raises(PermissionDenied):
        wd.player_withdraw(
            player=player(scheduled, 3), from_session=session(scheduled, 2), reason="illness", by=referee
        )


# --- substituting ---------------------------------------------------------------------------------------


def test_a_new_substitute_takes_the_seats_of_sessions_not_played(scheduled, organizer, referee):
    """Session 1 is played; session 2 has a hand at one table; sessions 3-5 are untouched."""
    withdrawn = player(scheduled, 5)
    play_and_close(session(scheduled, 1), referee, organizer)
    s2 = session(scheduled, 2)
    table2 = Seat.objects.get(session=s2, player=withdrawn).table
    ss.hand_record(sheet=table2.sheet, number=1, outcome=pay.DRAW, by=referee)
    wd.player_withdraw(player=withdrawn, from_session=s2, reason="illness", by=organizer)
    w = wd.player_substitute(withdrawn=withdrawn, new_name="Eva Reserve", by=organizer)
    sub = w.substitute
    assert sub.is_substitute and sub.name == "Eva Reserve" and sub.number == 17
    # Played seats (session 1, and session 2 where the table has a hand) never change.
    assert seats_of(withdrawn) == [1, 2] and seats_of(sub) == [3, 4, 5]
    assert w.seats_taken == [3, 4, 5]
    entry = AuditLog.objects.get(action="player.substitute")
    assert entry.data["sessions"] == [3, 4, 5] and entry.data["kept"] == [2]
    assert AuditLog.objects.filter(action="player.create", data__number=17).exists()


def test_an_existing_substitute_takes_the_seats(scheduled, organizer):
    reserve = ts.player_create(tournament=scheduled, number=30, name="Reserve", is_substitute=True, by=organizer)
    withdrawn = player(scheduled, 2)
    wd.player_withdraw(
        player=withdrawn,
        from_session=session(scheduled, 3),
        reason="disqualification",
        keep_in_standings=False,
        by=organizer,
    )
    wd.player_substitute(withdrawn=withdrawn, substitute=reserve, by=organizer)
    assert seats_of(withdrawn) == [1, 2] and seats_of(reserve) == [3, 4, 5]


def test_substitute_refusals_change_nothing(scheduled, organizer):
    regular, withdrawn = player(scheduled, 1), player(scheduled, 2)
    with pytest.raises(ValidationError, match="is not withdrawn"):
        wd.player_substitute(withdrawn=withdrawn, new_name="X", by=organizer)
    wd.player_withdraw(player=withdrawn, from_session=session(scheduled, 2), reason="illness", by=organizer)
    with pytest.raises(ValidationError, match="not flagged as a substitute"):
        wd.player_substitute(withdrawn=withdrawn, substitute=regular, by=organizer)
    with pytest.raises(ValidationError, match="Choose a substitute or type"):
        wd.player_substitute(withdrawn=withdrawn, new_name="  ", by=organizer)
    reserve = ts.player_create(tournament=scheduled, number=30, name="Reserve", is_substitute=True, by=organizer)
    with pytest.raises(ValidationError, match="not both"):
        wd.player_substitute(withdrawn=withdrawn, substitute=reserve, new_name="Y", by=organizer)
    # A substitute already seated in session 3 cannot take a second seat there.
    seat = Seat.objects.get(session=session(scheduled, 3), player=player(scheduled, 16))
    seat.player = reserve
    seat.save()
    with pytest.raises(ValidationError, match="already plays in sessions 3"):
        wd.player_substitute(withdrawn=withdrawn, substitute=reserve, by=organizer)
    assert seats_of(withdrawn) == [1, 2, 3, 4, 5]
    assert Withdrawal.objects.get().substitute is None
    assert not AuditLog.objects.filter(action="player.substitute").exists()


def test_undo_gives_back_the_seats_not_played_since(scheduled, organizer, referee):
    withdrawn = player(scheduled, 7)
    w = wd.player_withdraw(player=withdrawn, from_session=session(scheduled, 2), reason="other", by=organizer)
    w = wd.player_substitute(withdrawn=withdrawn, new_name="Stand-in", by=organizer)
    sub = w.substitute
    play_and_close(session(scheduled, 1), referee, organizer)
    sched.session_publish(session=session(scheduled, 2), by=organizer)
    play_and_close(session(scheduled, 2), referee, organizer)
    wd.withdrawal_undo(withdrawal=w, by=organizer)
    assert seats_of(withdrawn) == [1, 3, 4, 5] and seats_of(sub) == [2]
    entry = AuditLog.objects.get(action="player.withdraw_undo")
    assert entry.data["seats_given_back"] == [3, 4, 5] and entry.data["seats_kept"] == [2]
    assert Withdrawal.objects.get().undone_at is not None
    with pytest.raises(ValidationError, match="already undone"):
        wd.withdrawal_undo(withdrawal=w, by=organizer)


# --- standings -------------------------------------------------------------------------------------------


@pytest.fixture
def one_session_played(scheduled, organizer, referee):
    play_and_close(session(scheduled, 1), referee, organizer)
    return scheduled


def test_a_withdrawn_player_stays_ranked_with_what_they_earned(one_session_played, organizer):
    t = one_session_played
    before = {r.player.number: (r.table_points, r.score) for r in selectors.player_standings(t)}
    wd.player_withdraw(player=player(t, 4), from_session=session(t, 2), reason="illness", by=organizer)
    rows = {r.player.number: r for r in selectors.player_standings(t)}
    assert (rows[4].table_points, rows[4].score) == before[4] and rows[4].withdrawn
    assert not rows[1].withdrawn


def test_a_disqualified_player_leaves_the_standings(one_session_played, organizer):
    t = one_session_played
    wd.player_withdraw(
        player=player(t, 4),
        from_session=session(t, 2),
        reason="disqualification",
        keep_in_standings=False,
        by=organizer,
    )
    numbers = [r.player.number for r in selectors.player_standings(t)]
    assert 4 not in numbers and len(numbers) == 15


def test_substitutes_are_listed_apart_unless_ranked(scheduled, organizer, referee):
    withdrawn = player(scheduled, 1)
    wd.player_withdraw(
        player=withdrawn, from_session=session(scheduled, 1), reason="illness", keep_in_standings=False, by=organizer
    )
    sub = wd.player_substitute(withdrawn=withdrawn, new_name="Stand-in", by=organizer).substitute
    play_and_close(session(scheduled, 1), referee, organizer)
    assert sub.number not in [r.player.number for r in selectors.player_standings(scheduled)]
    assert [r.player.number for r in selectors.substitute_standings(scheduled)] == [sub.number]
    ts.tournament_update(tournament=scheduled, substitutes_ranked=True, by=organizer)
    scheduled.refresh_from_db()
    assert sub.number in [r.player.number for r in selectors.player_standings(scheduled)]
    assert selectors.substitute_standings(scheduled) == []


# --- filling a field with substitutes when seating -------------------------------------------------------


@pytest.mark.parametrize("count,missing", [(13, 3), (14, 2), (15, 1)])
def test_generate_fills_the_field_with_new_substitutes(organizer, referee, count, missing):
    t = make_tournament(organizer, referee, slug=f"field-{count}", players=count, sessions=3)
    plan = wd.fill_plan(t, 1)
    assert plan.added == missing and plan.new_names == [f"Substitute {k}" for k in range(1, missing + 1)]
    assert Player.objects.filter(tournament=t).count() == count  # a plan changes nothing
    sched.schedule_generate(tournament=t, by=organizer, seed=2, fill_with_substitutes=True)
    subs = list(t.players.filter(is_substitute=True).order_by("number"))
    assert [p.name for p in subs] == plan.new_names
    assert Seat.objects.filter(session__number=1, session__tournament=t).count() == 16
    assert all(seats_of(p) == [1, 2, 3] for p in subs)
    assert AuditLog.objects.get(action="seating.fill").data["created"] == [p.number for p in subs]


def test_fill_takes_flagged_substitutes_first(organizer, referee):
    t = make_tournament(organizer, referee, slug="field-reserves", players=14, sessions=2)
    reserve = ts.player_create(tournament=t, number=40, name="Reserve A", is_substitute=True, by=organizer)
    plan = wd.fill_plan(t, 1)
    assert plan.reserves == [reserve] and plan.new_names == ["Substitute 1"]
    sched.session_seat_random(session=session(t, 1), by=organizer, seed=4, fill_with_substitutes=True)
    assert Seat.objects.filter(session__tournament=t).count() == 16 and seats_of(reserve) == [1]


def test_without_fill_the_count_is_still_refused(organizer, referee):
    t = make_tournament(organizer, referee, slug="field-nofill", players=15, sessions=2)
    with pytest.raises(ValidationError, match="15 players cannot fill tables of four"):
        sched.schedule_generate(tournament=t, by=organizer, seed=1)
    assert not t.players.filter(is_substitute=True).exists()


def test_a_withdrawn_player_is_not_seated_and_a_refusal_rolls_back_new_substitutes(organizer, referee):
    t = make_tournament(organizer, referee, slug="field-withdrawn", players=16, sessions=2, format="swiss")
    sched.session_seat_random(session=session(t, 1), by=organizer, seed=1)
    play_and_close(session(t, 1), referee, organizer)
    wd.player_withdraw(player=player(t, 9), from_session=session(t, 2), reason="illness", by=organizer)
    with pytest.raises(ValidationError, match="15 players"):
        sched.session_seat_swiss(session=session(t, 2), by=organizer)
    sched.session_seat_swiss(session=session(t, 2), by=organizer, fill_with_substitutes=True)
    assert seats_of(player(t, 9)) == [1]
    assert t.players.get(is_substitute=True).name == "Substitute 1"
    assert Seat.objects.filter(session=session(t, 2)).count() == 16


def test_withdraw_with_a_substitute_is_all_or_nothing(scheduled, organizer):
    withdrawn, regular = player(scheduled, 6), player(scheduled, 7)
    with pytest.raises(ValidationError, match="not flagged as a substitute"):
        wd.player_withdraw(
            player=withdrawn, from_session=session(scheduled, 2), reason="illness", substitute=regular, by=organizer
        )
    assert not Withdrawal.objects.exists()
    w = wd.player_withdraw(
        player=withdrawn, from_session=session(scheduled, 2), reason="illness", new_name="Late Reserve", by=organizer
    )
    assert w.substitute.name == "Late Reserve" and seats_of(w.substitute) == [2, 3, 4, 5]


def test_audit_log_reads_the_day_as_sentences(scheduled, organizer):
    from schedule import clock
    from tests.tournament.test_audit_text import sentences

    s1 = session(scheduled, 1)
    clock.session_clock_start(session=s1, by=organizer, minutes=120)
    clock.session_clock_adjust(session=s1, minutes=5, reason="late start", by=organizer)
    withdrawn = player(scheduled, 2)
    w = wd.player_withdraw(
        player=withdrawn,
        from_session=session(scheduled, 2),
        reason="disqualification",
        keep_in_standings=False,
        new_name="Sam Stand-in",
        by=organizer,
    )
    wd.withdrawal_undo(withdrawal=w, by=organizer)
    lines = {action: text for action, text, _url in sentences(scheduled)}
    assert lines["session.clock_start"].startswith(
        "Organizer organizer started the clock of session 1: 120 minutes, until"
    )
    assert lines["session.clock_adjust"].startswith("Organizer organizer moved the end of session 1 by 5 minutes")
    assert lines["session.clock_adjust"].endswith("Reason: late start")
    assert lines["player.withdraw"] == (
        "Organizer organizer withdrew player 2, Player 2, from session 2 on "
        "(Disqualification (MCR 3.11.4-5)). They leave the standings."
    )
    assert lines["player.substitute"] == (
        "Organizer organizer named player 17, Sam Stand-in, substitute for player 2, "
        "Player 2, seated in sessions 2, 3, 4, 5."
    )
    assert lines["player.withdraw_undo"] == "Organizer organizer undid the withdrawal of player 2, Player 2."


def test_dashboard_asks_for_a_substitute_while_a_withdrawn_player_is_seated(scheduled, organizer):
    from django.utils import timezone

    from schedule import dashboard

    w = wd.player_withdraw(
        player=player(scheduled, 2), from_session=session(scheduled, 4), reason="illness", by=organizer
    )
    problems = [i.text for i in dashboard.tournament_dashboard(scheduled, timezone.now()).problems]
    assert "2. Player 2 is withdrawn but still seated in sessions 4, 5: name a substitute." in problems
    wd.player_substitute(withdrawn=w.player, new_name="Sub", by=organizer)
    problems = [i.text for i in dashboard.tournament_dashboard(scheduled, timezone.now()).problems]
    assert not any("withdrawn" in text for text in problems)


def test_fill_counts_a_stand_in_only_from_the_withdrawal_on(organizer, referee):
    t = make_tournament(organizer, referee, slug="field-later", players=16, sessions=3)
    reserve = ts.player_create(tournament=t, number=20, name="Reserve", is_substitute=True, by=organizer)
    wd.player_withdraw(
        player=player(t, 5), from_session=session(t, 3), reason="other", substitute=reserve, by=organizer
    )
    assert wd.fill_plan(t, 2).added == 0 and player(t, 5) in wd.fill_plan(t, 2).field
    assert reserve not in wd.fill_plan(t, 2).field
    plan3 = wd.fill_plan(t, 3)
    assert plan3.added == 0 and reserve in plan3.field and player(t, 5) not in plan3.field


def test_a_tournament_with_withdrawals_can_be_replaced_and_keeps_its_sessions(organizer, referee):
    from interchange.load import tournament_delete
    from tournament.models import Tournament

    scheduled = make_tournament(organizer, referee, slug="replace-me", players=8, sessions=5)
    reserve = ts.player_create(tournament=scheduled, number=30, name="Reserve", is_substitute=True, by=organizer)
    wd.player_withdraw(
        player=player(scheduled, 1),
        from_session=session(scheduled, 5),
        reason="other",
        substitute=reserve,
        by=organizer,
    )
    with pytest.raises(ValidationError, match="withdrawal is recorded from session 5"):
        ts.tournament_update(tournament=scheduled, session_count=4, by=organizer)
    assert scheduled.sessions.count() == 5
    tournament_delete(scheduled, by=organizer)
    assert not Tournament.objects.filter(pk=scheduled.pk).exists()


def test_the_database_refuses_a_second_active_withdrawal_and_a_clock_ending_before_it_starts(scheduled, organizer):
    from datetime import timedelta

    from django.db import IntegrityError, transaction
    from django.utils import timezone

    w = wd.player_withdraw(
        player=player(scheduled, 3), from_session=session(scheduled, 2), reason="other", by=organizer
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        Withdrawal.objects.create(
            tournament=scheduled, player=w.player, from_session=session(scheduled, 3), reason="illness"
        )
    with pytest.raises(IntegrityError), transaction.atomic():
        Withdrawal.objects.create(
            tournament=scheduled,
            player=player(scheduled, 4),
            from_session=session(scheduled, 3),
            reason="illness",
            substitute=player(scheduled, 4),
        )
    now = timezone.now()
    with pytest.raises(IntegrityError), transaction.atomic():
        type(session(scheduled, 1)).objects.filter(pk=session(scheduled, 1).pk).update(
            starts_at=now, ends_at=now - timedelta(minutes=1)
        )
    with pytest.raises(IntegrityError), transaction.atomic():
        type(session(scheduled, 1)).objects.filter(pk=session(scheduled, 1).pk).update(starts_at=now)
