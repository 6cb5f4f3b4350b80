"""The roll call and a player back in, through the services: who may mark, what seating from the roll call
proposes and does (no-shows, substitutes by the tournament's rules), the refusals that change nothing, a late
player taking back the substitute's seat with the late penalty of MCR 3.11.2, and undoing a withdrawal made
before the sessions were seated (it gave no seat back)."""

from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection
from django.utils import timezone

from rules import payments as pay
from schedule import attendance as att
from schedule import services as sched
from schedule import withdrawals as wd
from scoring import services as ss
from scoring.models import Penalty
from tests.together import errors_at_once
from tournament import services as ts
from tournament.lifecycle import CheckInStatus, RollCallStatus
from tournament.models import AuditLog, CheckIn, Player, Seat, Session, Withdrawal

from .conftest import make_tournament


def sub(t, number, organizer, name=None):
    return ts.player_create(tournament=t, number=number, name=name or f"Sub {number}", is_substitute=True, by=organizer)


def mark(session, numbers, by, status="present"):
    for n in numbers:
        att.check_in_mark(session=session, player=session.tournament.players.get(number=n), status=status, by=by)


def seats_of(player):
    return sorted(Seat.objects.filter(player=player).values_list("session__number", flat=True))


@pytest.fixture
def field(organizer, referee):
    """16 players and two flagged substitutes (17, 18), 3 sessions, nothing seated; session 1's roll call open."""
    t = make_tournament(organizer, referee, slug="roll", players=16, sessions=3)
    sub(t, 17, organizer)
    sub(t, 18, organizer)
    att.roll_call_open(session=t.sessions.get(number=1), by=organizer)
    return t


def s1(t):
    return t.sessions.get(number=1)


def test_the_desk_marks_players_and_counts_them(field, organizer, referee):
    session = s1(field)
    mark(session, range(1, 13), referee)
    mark(session, [13], referee, "late")
    mark(session, [13], referee, "late")  # a double tap changes nothing
    field_, bench = att.roll_call_players(field, session)
    counts = att.counts(field_, att.check_ins(session))
    assert (counts.present, counts.late, counts.absent) == (12, 1, 3)
    assert [p.number for p in bench] == [17, 18]
    assert AuditLog.objects.filter(action="player.check_in").count() == 13
    # A tap in error is taken back.
    mark(session, [12], referee, "expected")
    assert att.check_ins(session)[field.players.get(number=12).pk].status == CheckInStatus.EXPECTED


def test_who_may_take_the_roll_call(field, organizer, referee, django_user_model):
    outsider = django_user_model.objects.create_user("outsider", password="x")
    with pytest.raises(PermissionDenied):
        mark(s1(field), [1], outsider)
    with pytest.raises(PermissionDenied):
        att.roll_call_self_check_in(session=s1(field), by=referee, allowed=True)
    with pytest.raises(PermissionDenied):
        att.roll_call_open(session=field.sessions.get(number=2), by=referee)


def test_marking_needs_an_open_roll_call_and_a_listed_player(field, organizer, referee):
    with pytest.raises(ValidationError, match="not open"):
        mark(field.sessions.get(number=2), [1], referee)
    other = make_tournament(organizer, referee, slug="other", players=4, sessions=1)
    with pytest.raises(ValidationError, match="not on the roll call"):
        att.check_in_mark(session=s1(field), player=other.players.get(number=1), status="present", by=referee)
    with pytest.raises(ValidationError):
        mark(s1(field), [1], referee, "no_show")  # only the confirmed seating makes a no-show
    assert not CheckIn.objects.exists()


def test_self_check_in_only_while_the_organizer_lets_players(field, organizer):
    player = field.players.get(number=5)
    with pytest.raises(ValidationError, match="not open now"):
        att.check_in_self(session=s1(field), player=player)
    att.roll_call_self_check_in(session=s1(field), by=organizer, allowed=True)
    assert att.self_check_in_session(field) == s1(field)
    att.check_in_self(session=s1(field), player=player)
    att.check_in_self(session=s1(field), player=player)  # twice: once is enough
    check_in = CheckIn.objects.get(player=player)
    assert check_in.status == CheckInStatus.PRESENT and check_in.by_self
    att.roll_call_self_check_in(session=s1(field), by=organizer, allowed=False)
    with pytest.raises(ValidationError):
        att.check_in_self(session=s1(field), player=field.players.get(number=6))


def test_seating_an_unseated_session_from_the_roll_call(field, organizer, referee):
    session = s1(field)
    mark(session, [n for n in range(1, 17) if n not in (4, 9)], referee)
    mark(session, [17, 18], referee)
    proposal = att.roll_call_proposal(session)
    assert [p.number for p in proposal.absent] == [4, 9]
    assert [p.number for p in proposal.bench] == [17, 18] and proposal.tables == 4 and not proposal.problem
    assert not session.tables.exists()  # a proposal seats nothing
    att.roll_call_seat(session=session, by=organizer, expected=proposal.fingerprint, seed=5)
    session.refresh_from_db()
    assert session.status == "seated" and session.roll_call == RollCallStatus.SEATED
    seated = set(Seat.objects.filter(session=session).values_list("player__number", flat=True))
    assert seated == (set(range(1, 19)) - {4, 9})
    no_shows = Withdrawal.objects.filter(reason="no_show", undone_at__isnull=True)
    assert sorted(w.player.number for w in no_shows) == [4, 9]
    assert all(w.from_session == session and w.keep_in_standings for w in no_shows)
    assert CheckIn.objects.get(session=session, player__number=4).status == CheckInStatus.NO_SHOW
    entry = AuditLog.objects.get(action="roll_call.seat")
    assert entry.data["absent"] == [4, 9] and entry.data["substitutes"] == [17, 18]
    # A second confirmation (a double tap) is refused and changes nothing.
    with pytest.raises(ValidationError, match="already seated from its roll call"):
        att.roll_call_seat(session=session, by=organizer, expected=proposal.fingerprint)
    assert Withdrawal.objects.count() == 2


def test_a_late_player_keeps_their_place_in_the_draw(field, organizer, referee):
    session = s1(field)
    mark(session, range(1, 16), referee)
    mark(session, [16], referee, "late")
    proposal = att.roll_call_proposal(session)
    assert proposal.absent == [] and proposal.tables == 4 and proposal.bench == []


def test_the_proposal_must_be_the_one_confirmed(field, organizer, referee):
    session = s1(field)
    mark(session, range(1, 16), referee)
    mark(session, [17], referee)
    seen = att.roll_call_proposal(session).fingerprint
    mark(session, [16], referee)  # someone arrives meanwhile
    with pytest.raises(ValidationError, match="changed since you looked"):
        att.roll_call_seat(session=session, by=organizer, expected=seen)
    assert not session.tables.exists() and not Withdrawal.objects.exists()


def test_too_few_substitutes_here_is_refused_unless_new_ones_are_made(field, organizer, referee):
    session = s1(field)
    mark(session, range(1, 15), referee)  # 14 here, no substitute marked present
    proposal = att.roll_call_proposal(session)
    assert proposal.problem and proposal.new_names == ["Substitute 1", "Substitute 2"]
    with pytest.raises(ValidationError, match="substitutes are missing"):
        att.roll_call_seat(session=session, by=organizer, expected=proposal.fingerprint)
    assert not Player.objects.filter(name="Substitute 1").exists()
    proposal = att.roll_call_proposal(session, make_substitutes=True)
    att.roll_call_seat(session=session, by=organizer, expected=proposal.fingerprint, make_substitutes=True)
    assert Seat.objects.filter(session=session, player__name__startswith="Substitute ").count() == 2
    assert Seat.objects.filter(session=session).count() == 16


@pytest.fixture
def scheduled(field, organizer):
    """The field seated round robin in all three sessions (16 players), session 1 published."""
    sched.schedule_generate(tournament=field, by=organizer, seed=3)
    sched.session_publish(session=s1(field), by=organizer)
    return field


def test_a_seated_session_gives_the_absentees_seats_to_the_substitutes_here(scheduled, organizer, referee):
    session = s1(scheduled)
    absent = scheduled.players.get(number=6)
    table = Seat.objects.get(session=session, player=absent)
    mark(session, [n for n in range(1, 17) if n != 6], referee)
    mark(session, [18], referee)  # 17 is not here: 18 takes the seat
    proposal = att.roll_call_proposal(session)
    assert [(c.table, c.absentee.number, c.substitute.number) for c in proposal.changes] == [
        (table.table.number, 6, 18)
    ]
    att.roll_call_seat(session=session, by=organizer, expected=proposal.fingerprint)
    assert seats_of(absent) == [] and seats_of(scheduled.players.get(number=18)) == [1, 2, 3]
    assert Seat.objects.get(session=session, player__number=18).table == table.table
    w = Withdrawal.objects.get(player=absent)
    assert w.reason == "no_show" and w.substitute.number == 18 and w.seats_taken == [1, 2, 3]


# --- a player back in -------------------------------------------------------------------------------------


@pytest.fixture
def no_show(scheduled, organizer, referee):
    """Player 6 a no-show at session 1's roll call, substitute 18 in their seats; session 1 published."""
    session = s1(scheduled)
    mark(session, [n for n in range(1, 17) if n != 6], referee)
    mark(session, [18], referee)
    att.roll_call_seat(session=session, by=organizer, expected=att.roll_call_proposal(session).fingerprint)
    return Withdrawal.objects.get(player__number=6)


def start_clock(session, minutes_ago):
    Session.objects.filter(pk=session.pk).update(
        starts_at=timezone.now() - timedelta(minutes=minutes_ago),
        ends_at=timezone.now() + timedelta(minutes=150 - minutes_ago),
    )


def test_a_late_player_takes_back_the_substitutes_seat_and_pays_the_late_penalty(no_show, organizer):
    t = no_show.tournament
    session = s1(t)
    start_clock(session, 8)
    result = wd.player_return(withdrawal=no_show, by=organizer)
    player, substitute = no_show.player, no_show.substitute
    assert seats_of(player) == [1, 2, 3] and seats_of(substitute) == []
    assert result.given_back == [1, 2, 3] and result.missed is None and result.minutes == 9
    assert len(result.tables) == 3  # one table per session changed: only those reprint
    penalty = Penalty.objects.get(player=player)
    assert penalty.foul == "late" and penalty.minutes == 9 and penalty.amount == 10  # MCR 3.11.2
    w = Withdrawal.objects.get(pk=no_show.pk)
    assert w.undone_at is not None and w.back_from == 1
    assert CheckIn.objects.get(session=session, player=player).status == CheckInStatus.PRESENT
    entry = AuditLog.objects.get(action="player.return")
    assert entry.data["seats_given_back"] == [1, 2, 3] and entry.data["minutes"] == 9
    with pytest.raises(ValidationError, match="already undone"):
        wd.player_return(withdrawal=no_show, by=organizer)


@pytest.mark.parametrize("minutes, points", [(10, 10), (11, 20), (15, 20)])
def test_the_late_penalty_follows_the_minutes_typed(no_show, organizer, minutes, points):
    start_clock(s1(no_show.tournament), 30)
    wd.player_return(withdrawal=no_show, by=organizer, minutes=minutes)
    assert Penalty.objects.get(player=no_show.player).amount == points


def test_more_than_fifteen_minutes_late_loses_the_session(no_show, organizer):
    start_clock(s1(no_show.tournament), 20)
    result = wd.player_return(withdrawal=no_show, by=organizer)
    assert result.lost_by_lateness and result.missed == 1
    assert seats_of(no_show.player) == [2, 3] and seats_of(no_show.substitute) == [1]
    assert not Penalty.objects.exists()
    assert Withdrawal.objects.get(pk=no_show.pk).back_from == 2


def test_a_table_already_begun_is_finished_by_the_substitute(no_show, organizer, referee):
    session = s1(no_show.tournament)
    seat = Seat.objects.get(session=session, player=no_show.substitute)
    east = seat.table.seated_players()[0]
    ss.hand_record(sheet=seat.table.sheet, number=1, outcome=pay.SELF_DRAWN, winner=east, points=8, by=referee)
    result = wd.player_return(withdrawal=no_show, by=organizer, minutes=5)
    assert result.missed == 1 and not result.lost_by_lateness
    assert seats_of(no_show.player) == [2, 3] and seats_of(no_show.substitute) == [1]
    assert not Penalty.objects.filter(player=no_show.player).exists()


def test_only_an_organizer_brings_a_player_back(no_show, referee):
    with pytest.raises(PermissionDenied):
        wd.player_return(withdrawal=no_show, by=referee)
    assert Withdrawal.objects.get(pk=no_show.pk).active


def test_undo_gives_back_seats_of_sessions_seated_after_the_substitute_was_named(field, organizer):
    """The reported bug: withdrawn with a substitute before the sessions were seated, the substitute stood in
    everywhere and "Undo the withdrawal" gave no seat back."""
    player = field.players.get(number=3)
    wd.player_withdraw(
        player=player, from_session=s1(field), reason="illness", substitute=field.players.get(number=17), by=organizer
    )
    sched.schedule_generate(tournament=field, by=organizer, seed=3)
    assert seats_of(player) == [] and seats_of(field.players.get(number=17)) == [1, 2, 3]
    result = wd.withdrawal_undo(withdrawal=Withdrawal.objects.get(player=player), by=organizer)
    assert result.given_back == [1, 2, 3] and seats_of(player) == [1, 2, 3]
    assert seats_of(field.players.get(number=17)) == []
    assert not Penalty.objects.exists()  # an undo is no late arrival


def test_withdrawn_during_a_session_records_after_which_hand(scheduled, organizer, referee):
    session = s1(scheduled)
    player = scheduled.players.get(number=2)
    table = Seat.objects.get(session=session, player=player).table
    east = table.seated_players()[0]
    for n in (1, 2, 3):
        ss.hand_record(sheet=table.sheet, number=n, outcome=pay.SELF_DRAWN, winner=east, points=8, by=referee)
    w = wd.player_withdraw(player=player, from_session=session, reason="illness", by=organizer)
    assert w.after_hand == 3
    assert seats_of(player) == [1, 2, 3]  # the played seat stays theirs
    assert AuditLog.objects.get(action="player.withdraw").data["after_hand"] == 3


# --- two at once (PostgreSQL) -------------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
def test_two_organizers_confirm_the_same_proposal_at_once(organizer, referee):
    t = make_tournament(organizer, referee, slug="race", players=16, sessions=2)
    sub(t, 17, organizer)
    session = t.sessions.get(number=1)
    att.roll_call_open(session=session, by=organizer)
    mark(session, [n for n in range(1, 17) if n != 4], referee)
    mark(session, [17], referee)
    expected = att.roll_call_proposal(session).fingerprint
    errors = errors_at_once(*[lambda: att.roll_call_seat(session=session, by=organizer, expected=expected)] * 2)
    assert len(errors) == 1 and isinstance(errors[0], ValidationError)
    assert Withdrawal.objects.count() == 1 and Seat.objects.filter(session=session).count() == 16


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
def test_two_desks_mark_the_same_player_at_once(organizer, referee):
    t = make_tournament(organizer, referee, slug="race2", players=8, sessions=1)
    session = t.sessions.get(number=1)
    att.roll_call_open(session=session, by=organizer)
    player = t.players.get(number=1)
    errors = errors_at_once(
        *[lambda: att.check_in_mark(session=session, player=player, status="present", by=referee)] * 3
    )
    assert errors == []
    assert CheckIn.objects.filter(player=player).count() == 1
    assert AuditLog.objects.filter(action="player.check_in").count() == 1


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
def test_a_player_back_in_while_a_hand_is_entered_at_that_table(organizer, referee):
    """Either the hand comes first (the substitute finishes the session) or the seat change does (the hand is
    entered with the player back); never a hand on a seat changed under it, never a server error."""
    t = make_tournament(organizer, referee, slug="race3", players=16, sessions=2)
    sub(t, 17, organizer)
    session = t.sessions.get(number=1)
    att.roll_call_open(session=session, by=organizer)
    mark(session, [n for n in range(1, 17) if n != 4], referee)
    mark(session, [17], referee)
    att.roll_call_seat(session=session, by=organizer, expected=att.roll_call_proposal(session).fingerprint, seed=2)
    sched.session_publish(session=session, by=organizer)
    w = Withdrawal.objects.get(player__number=4)
    table = Seat.objects.get(session=session, player__number=17).table
    east_seat = Seat.objects.get(table=table, position=0)
    winner = east_seat.player if east_seat.player.number != 17 else Seat.objects.get(table=table, position=1).player
    errors = errors_at_once(
        lambda: wd.player_return(withdrawal=w, by=organizer, minutes=0),
        lambda: ss.hand_record(
            sheet=table.sheet, number=1, outcome=pay.SELF_DRAWN, winner=winner, points=8, by=referee
        ),
    )
    assert errors == []
    at_table = set(Seat.objects.filter(table=table).values_list("player__number", flat=True))
    assert (4 in at_table) != (17 in at_table)


def test_a_swiss_session_is_seated_from_the_roll_call_by_the_standings(organizer, referee):
    from .conftest import play_and_close

    t = make_tournament(organizer, referee, slug="swiss-roll", players=16, sessions=3, format="swiss")
    sub(t, 17, organizer)
    sched.session_seat_random(session=s1(t), by=organizer, seed=7)
    play_and_close(s1(t), referee, organizer)
    second = t.sessions.get(number=2)
    att.roll_call_open(session=second, by=organizer)
    mark(second, [n for n in range(1, 17) if n != 2] + [17], referee)
    proposal = att.roll_call_proposal(second)
    assert proposal.swiss and [p.number for p in proposal.absent] == [2]
    att.roll_call_seat(session=second, by=organizer, expected=proposal.fingerprint)
    second.refresh_from_db()
    assert second.seating_method == "swiss" and Seat.objects.filter(session=second).count() == 16
    assert not Seat.objects.filter(session=second, player__number=2).exists()
    # The winners of session 1 (the East players, best from the last table) meet at table 1.
    winners = {s.player.number for s in Seat.objects.filter(session=s1(t), position=0)}
    top = set(Seat.objects.filter(session=second, table__number=1).values_list("player__number", flat=True))
    assert top <= winners


def test_a_player_back_from_the_next_session_is_not_flagged_as_seated_nowhere(no_show, organizer):
    from schedule.dashboard import tournament_dashboard

    start_clock(s1(no_show.tournament), 20)
    wd.player_return(withdrawal=no_show, by=organizer)  # over 15 minutes: session 1 lost
    problems = [i.text for i in tournament_dashboard(no_show.tournament, timezone.now()).problems]
    assert not [p for p in problems if "seated nowhere" in p]
