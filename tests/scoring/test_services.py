"""Score-entry services: their rules, failures, history and audit."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from schedule import services as sched
from scoring import services as ss
from scoring.models import Hand, HandVersion, Penalty
from scoring.results import table_results
from standings.selectors import player_standings
from tests.closing import close_session
from tournament import services as ts
from tournament.models import AuditLog, TournamentRole

pytestmark = pytest.mark.django_db


def seats(sheet):
    return sheet.table.seated_players()


def test_hand_by_discard_pays_and_is_logged(sheet, referee):
    a, b, _c, _d = seats(sheet)
    version = ss.hand_record(sheet=sheet, number=1, outcome="discard", winner=a, discarder=b, points=8, by=referee)
    assert version.deltas == [32, -16, -8, -8]
    log = AuditLog.objects.get(action="hand.record")
    assert log.actor == referee and log.data["hand"] == 1


def test_correction_adds_version_and_keeps_history(sheet, referee):
    a, b, c, _d = seats(sheet)
    ss.hand_record(sheet=sheet, number=1, outcome="discard", winner=a, discarder=b, points=8, by=referee)
    ss.hand_record(sheet=sheet, number=1, outcome="self_drawn", winner=c, points=16, by=referee, note="wrong winner")
    hand = Hand.objects.get(sheet=sheet, number=1)
    assert [v.version for v in hand.versions.all()] == [1, 2]
    assert hand.versions.get(version=1).winner == a  # the first entry is untouched
    assert hand.current.version == 2 and hand.current.deltas == [-24, -24, 72, -24]
    assert AuditLog.objects.filter(action="hand.correct").count() == 1
    result = table_results(sheet.table.session.tournament)[sheet.table_id]
    assert result.scores == [-24, -24, 72, -24]


def test_bad_hand_saves_nothing(sheet, referee):
    a, b, _c, _d = seats(sheet)
    with pytest.raises(ValidationError, match="at least 8"):
        ss.hand_record(sheet=sheet, number=1, outcome="discard", winner=a, discarder=b, points=9, flowers=2, by=referee)
    with pytest.raises(ValidationError, match="cannot have discarded"):
        ss.hand_record(sheet=sheet, number=1, outcome="discard", winner=a, discarder=a, points=9, by=referee)
    assert not HandVersion.objects.exists() and not Hand.objects.filter(current__isnull=False).exists()
    assert not AuditLog.objects.filter(action__startswith="hand").exists()


def test_winner_must_sit_at_the_table(sheet, referee, players):
    outsider = players[5]  # seated at table 2
    _a, b, _c, _d = seats(sheet)
    with pytest.raises(ValidationError, match="winner must be"):
        ss.hand_record(sheet=sheet, number=1, outcome="discard", winner=outsider, discarder=b, points=8, by=referee)


def test_hands_in_order(sheet, referee):
    with pytest.raises(ValidationError, match="hand 1 comes first"):
        ss.hand_record(sheet=sheet, number=2, outcome="draw", by=referee)


def test_no_played_hand_after_not_played(sheet, referee):
    a, _b, _c, _d = seats(sheet)
    ss.hand_record(sheet=sheet, number=1, outcome="not_played", by=referee)
    with pytest.raises(ValidationError, match="not played"):
        ss.hand_record(sheet=sheet, number=2, outcome="self_drawn", winner=a, points=8, by=referee)


def test_a_hand_is_not_marked_not_played_before_a_played_one(sheet, referee):
    for number in (1, 2, 3):
        ss.hand_record(sheet=sheet, number=number, outcome="draw", by=referee)
    with pytest.raises(ValidationError, match="Hand 3 was played, so hand 2 cannot be marked not played"):
        ss.hand_record(sheet=sheet, number=2, outcome="not_played", by=referee)
    ss.hand_record(sheet=sheet, number=3, outcome="not_played", by=referee)  # the last one may be
    assert Hand.objects.get(sheet=sheet, number=3).current.outcome == "not_played"


def test_the_import_keeps_the_order_of_hands_as_entry_does(seated_session, sheet, referee):
    """The bulk import asks the same rule, with the same words, naming the refused hand; nothing is stored."""
    a = seats(sheet)[0]
    rows = [{"outcome": "not_played"}, {"outcome": "self_drawn", "winner": a, "points": 8}]
    with pytest.raises(ss.HandRowError) as caught:
        ss.hands_import(session=seated_session, tables={1: rows}, by=None)
    assert (caught.value.table, caught.value.index) == (1, 1)
    ss.hand_record(sheet=sheet, number=1, outcome="not_played", by=referee)
    with pytest.raises(ValidationError) as by_hand:
        ss.hand_record(sheet=sheet, number=2, outcome="self_drawn", winner=a, points=8, by=referee)
    assert caught.value.error.messages == by_hand.value.messages
    assert "no later hand is played" in by_hand.value.messages[0]


def test_outsider_and_other_referee_cannot_score(sheet, outsider, make_user, organizer):
    other = ts.tournament_create(by=organizer, name="Other", slug="other")
    other_ref = make_user("other-ref")
    TournamentRole.objects.create(tournament=other, user=other_ref, role=TournamentRole.Role.REFEREE)
    for user in (outsider, other_ref):
        with pytest.raises(PermissionDenied):
            ss.hand_record(sheet=sheet, number=1, outcome="draw", by=user)
    assert not HandVersion.objects.exists()


def test_penalties_to_each_other_and_to_nobody(sheet, referee):
    _a, _b, c, d = seats(sheet)
    ss.penalty_record(sheet=sheet, player=d, amount=10, to="each_other", reason="false Hu", by=referee)
    ss.penalty_record(sheet=sheet, player=c, amount=20, to="nobody", reason="late 12 min", by=referee)
    result = table_results(sheet.table.session.tournament)[sheet.table_id]
    assert result.penalty_scores == [10, 10, -10, -30]


def test_withdrawn_penalty_kept_but_not_counted(sheet, referee):
    _a, _b, _c, d = seats(sheet)
    penalty = ss.penalty_record(sheet=sheet, player=d, amount=10, to="nobody", reason="late", by=referee)
    ss.penalty_withdraw(penalty=penalty, reason="arrived on time after all", by=referee)
    assert Penalty.objects.count() == 1
    assert table_results(sheet.table.session.tournament)[sheet.table_id].penalty_scores == [0, 0, 0, 0]
    with pytest.raises(ValidationError, match="already withdrawn"):
        ss.penalty_withdraw(penalty=penalty, reason="again", by=referee)


def test_penalty_needs_reason(sheet, referee):
    with pytest.raises(ValidationError, match="reason"):
        ss.penalty_record(sheet=sheet, player=seats(sheet)[0], amount=10, to="nobody", reason=" ", by=referee)


def test_submit_requires_complete_sheet(sheet, referee):
    a, _b, _c, _d = seats(sheet)
    ss.hand_record(sheet=sheet, number=1, outcome="self_drawn", winner=a, points=8, by=referee)
    with pytest.raises(ValidationError, match="hands 2, 3"):
        ss.sheet_sign(sheet=sheet, by=referee)
    ss.sheet_sign(sheet=sheet, by=referee, mark_rest_not_played=True)
    sheet.refresh_from_db()
    assert sheet.is_submitted
    assert Hand.objects.filter(sheet=sheet, current__outcome="not_played").count() == 15
    with pytest.raises(ValidationError, match="submitted"):
        ss.hand_record(sheet=sheet, number=2, outcome="draw", by=referee)


def test_only_the_chief_referee_reopens(sheet, referee, organizer, chief_referee):
    ss.sheet_sign(sheet=sheet, by=referee, mark_rest_not_played=True)
    for user in (referee, organizer):  # an organizer no longer changes a signed sheet behind the signatures
        with pytest.raises(PermissionDenied):
            ss.sheet_reopen(sheet=sheet, reason="typo", by=user)
    ss.sheet_reopen(sheet=sheet, reason="typo", by=chief_referee)
    sheet.refresh_from_db()
    assert not sheet.is_submitted


def test_session_close_needs_every_sheet(seated_session, referee, organizer):
    t1, t2 = seated_session.tables.order_by("number")
    ss.sheet_sign(sheet=t1.sheet, by=referee, mark_rest_not_played=True)
    with pytest.raises(ValidationError, match="Table 2 has not signed"):
        close_session(session=seated_session, by=organizer)
    ss.sheet_sign(sheet=t2.sheet, by=referee, mark_rest_not_played=True)
    with pytest.raises(PermissionDenied):
        close_session(session=seated_session, by=referee)
    close_session(session=seated_session, by=organizer)
    seated_session.refresh_from_db()
    assert seated_session.status == "closed"


def test_full_session_standings(seated_session, referee, players):
    t1, t2 = seated_session.tables.order_by("number")
    a, b, c, _d = seats(t1.sheet)
    ss.hand_record(sheet=t1.sheet, number=1, outcome="self_drawn", winner=a, points=10, by=referee)
    ss.hand_record(sheet=t1.sheet, number=2, outcome="discard", winner=b, discarder=c, points=8, by=referee)
    # Table 2: nothing happens, all four tie at 0 and share 7 points: 1.75 each.
    ss.sheet_sign(sheet=t2.sheet, by=referee, mark_rest_not_played=True)
    rows = player_standings(seated_session.tournament)
    by_number = {r.player.number: r for r in rows}
    assert by_number[1].score == 54 - 8 and by_number[1].table_points == 4
    assert by_number[2].score == -18 + 32 and by_number[2].table_points == 2
    assert all(by_number[n].table_points == pytest.approx(1.75) for n in (5, 6, 7, 8))
    assert [r.player.number for r in rows[:2]] == [1, 2]
    assert {r.rank for r in rows if r.player.number in (5, 6, 7, 8)} == {3}


def test_substitutes_not_ranked_but_opponents_count(tournament, organizer, referee, players):
    sub = ts.player_create(tournament=tournament, number=99, name="Sub", is_substitute=True, by=organizer)
    session = tournament.sessions.get(number=2)
    sched.session_seat(session=session, tables=[[sub, *players[0:3]], players[3:7]], by=organizer)
    sheet = session.tables.get(number=1).sheet
    ss.hand_record(sheet=sheet, number=1, outcome="self_drawn", winner=sub, points=8, by=referee)
    rows = player_standings(tournament)
    assert 99 not in [r.player.number for r in rows]
    assert {r.player.number: r.score for r in rows}[1] == -16


def test_seating_refuses_bad_player_count(tournament, organizer, players):
    ts.player_create(tournament=tournament, number=9, name="Extra", by=organizer)
    with pytest.raises(ValidationError, match="add substitutes to make 12 players, or withdraw players to leave 8"):
        sched.session_seat_random(session=tournament.sessions.get(number=1), by=organizer, seed=3)


def test_random_seating_is_seeded(tournament, organizer, players):
    s1, s2 = tournament.sessions.get(number=1), tournament.sessions.get(number=2)
    sched.session_seat_random(session=s1, by=organizer, seed=42)
    sched.session_seat_random(session=s2, by=organizer, seed=42)
    layout = [[[p.number for p in t.seated_players()] for t in s.tables.order_by("number")] for s in (s1, s2)]
    assert layout[0] == layout[1]
    assert sorted(n for t in layout[0] for n in t) == list(range(1, 9))


def test_seating_locked_once_scores_entered(sheet, referee, organizer):
    ss.hand_record(sheet=sheet, number=1, outcome="draw", by=referee)
    with pytest.raises(ValidationError, match="already have scores"):
        sched.session_seat_random(session=sheet.table.session, by=organizer, seed=1)


def test_stale_correction_refused_under_the_lock(sheet, referee, organizer):
    a, b, _c, _d = seats(sheet)
    ss.hand_record(sheet=sheet, number=1, outcome="draw", by=referee, expected_version=0)
    # The organizer corrects it first; the referee's form still shows version 1.
    ss.hand_record(sheet=sheet, number=1, outcome="self_drawn", winner=b, points=8, by=organizer, expected_version=1)
    with pytest.raises(ValidationError, match="someone else meanwhile"):
        ss.hand_record(sheet=sheet, number=1, outcome="self_drawn", winner=a, points=8, by=referee, expected_version=1)
    assert Hand.objects.get(sheet=sheet, number=1).current.winner == b
    with pytest.raises(ValidationError, match="someone else meanwhile"):
        ss.hand_record(sheet=sheet, number=2, outcome="draw", by=referee, expected_version=1)


def test_penalty_hand_number_within_session(sheet, referee, tournament):
    tournament.hands_per_session = 12
    tournament.save()
    with pytest.raises(ValidationError, match="1 to 12"):
        ss.penalty_record(
            sheet=sheet, player=seats(sheet)[0], amount=10, to="nobody", reason="slow", hand_number=14, by=referee
        )
