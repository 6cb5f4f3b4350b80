"""Fouls through the services: every catalogue entry's penalty, the escalation and its scope, dead hands,
lost sessions, and bad input that changes nothing."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from rules import payments as pay
from schedule import services as sched
from scoring import services as ss
from scoring.models import Hand, Penalty
from scoring.results import table_results
from standings.selectors import player_standings, standings_rows
from tournament import services as ts
from tournament.models import AuditLog

pytestmark = pytest.mark.django_db


def seats(sheet):
    return sheet.table.seated_players()


def record(sheet, player, foul, by, **kwargs):
    return ss.foul_record(sheet=sheet, player=player, foul=foul, by=by, **kwargs)


@pytest.mark.parametrize(
    "foul, kwargs, amount, to, deltas",
    [
        ("warning", {}, 0, "nobody", [0, 0, 0, 0]),
        ("late", {"minutes": 7}, 10, "nobody", [-10, 0, 0, 0]),
        ("late", {"minutes": 12}, 20, "nobody", [-20, 0, 0, 0]),
        ("late", {"minutes": 16}, 0, "nobody", [0, 0, 0, 0]),
        ("violation", {"amount": 40}, 40, "nobody", [-40, 0, 0, 0]),
        ("claim_changed", {}, 0, "nobody", [0, 0, 0, 0]),
        ("wall_touched", {}, 0, "nobody", [0, 0, 0, 0]),
        ("late_pung", {}, 0, "nobody", [0, 0, 0, 0]),
        ("false_hu_under_8", {"hand_number": 2}, 10, "each_other", [-30, 10, 10, 10]),
        ("false_hu_invalid", {"hand_number": 2}, 20, "each_other", [-60, 20, 20, 20]),
        ("exposed_tiles", {}, 30, "each_other", [-90, 30, 30, 30]),
        ("exposed_tiles", {"amount": 0}, 0, "nobody", [0, 0, 0, 0]),
        ("revealed_tile", {"amount": 15, "recipient": 2}, 15, "player", [-15, 0, 15, 0]),
        ("dead_hand", {"hand_number": 2}, 0, "nobody", [0, 0, 0, 0]),
        ("time", {"seconds": 40, "hand_number": 2}, 15, "nobody", [-15, 0, 0, 0]),
        ("other", {"amount": 7, "reason": "phone rang"}, 7, "nobody", [-7, 0, 0, 0]),
        ("other", {"amount": 12, "to": "each_other", "reason": "slow play"}, 12, "each_other", [-36, 12, 12, 12]),
        ("other", {"amount": 25, "recipient": 3, "reason": "knocked tiles"}, 25, "player", [-25, 0, 0, 25]),
    ],
)
def test_every_catalogue_entry(sheet, referee, foul, kwargs, amount, to, deltas):
    players = seats(sheet)
    if "recipient" in kwargs:
        kwargs["recipient"] = players[kwargs["recipient"]]
    penalty = record(sheet, players[0], foul, referee, **kwargs)
    assert (penalty.foul, penalty.amount, penalty.to, penalty.deltas) == (foul, amount, to, deltas)
    result = table_results(sheet.table.session.tournament)[sheet.table_id]
    assert result.penalty_scores == deltas
    log = AuditLog.objects.get(action="penalty.record")
    assert log.data["foul"] == foul and log.data["amount"] == amount


def test_escalating_foul_three_times_warning_then_5_then_10_each(sheet, referee):
    _a, _b, _c, d = seats(sheet)
    given = [record(sheet, d, "claim_changed", referee, hand_number=n) for n in (1, 3, 6)]
    assert [(p.amount, p.to, p.occurrence) for p in given] == [
        (0, "nobody", 1),
        (5, "each_other", 2),
        (10, "each_other", 3),
    ]
    fourth = record(sheet, d, "claim_changed", referee)
    fifth = record(sheet, d, "claim_changed", referee)
    assert (fourth.amount, fifth.amount) == (20, 40)
    assert table_results(sheet.table.session.tournament)[sheet.table_id].penalty_scores == [75, 75, 75, -225]


def test_escalation_counts_each_kind_and_player_apart(sheet, referee):
    a, b, _c, _d = seats(sheet)
    assert record(sheet, a, "wall_touched", referee).amount == 0
    assert record(sheet, a, "late_pung", referee).amount == 0  # another kind: its own first time
    assert record(sheet, b, "wall_touched", referee).amount == 0  # another player
    assert record(sheet, a, "wall_touched", referee).amount == 5
    record(sheet, a, "warning", referee)  # a plain warning is no escalating foul
    assert record(sheet, a, "wall_touched", referee).amount == 10


@pytest.fixture
def second_session(tournament, players, organizer):
    """Session 2 seated with the same tables as session 1."""
    session = tournament.sessions.get(number=2)
    sched.session_seat(session=session, tables=[players[0:4], players[4:8]], by=organizer, method="manual")
    return session.tables.get(number=1).sheet


def test_escalation_counts_per_session_by_default(sheet, second_session, referee):
    a = seats(sheet)[0]
    assert [record(sheet, a, "late_pung", referee).amount for _i in range(2)] == [0, 5]
    assert record(second_session, a, "late_pung", referee).amount == 0


def test_escalation_per_tournament_when_the_organizer_says_so(sheet, second_session, referee, organizer, tournament):
    ts.tournament_update(tournament=tournament, by=organizer, escalation_scope="tournament")
    a = seats(sheet)[0]
    assert [record(sheet, a, "late_pung", referee).amount for _i in range(2)] == [0, 5]
    assert record(second_session, a, "late_pung", referee).amount == 10


def test_withdrawn_fouls_do_not_count_and_later_ones_go_first(sheet, referee):
    d = seats(sheet)[3]
    first = record(sheet, d, "claim_changed", referee)
    second = record(sheet, d, "claim_changed", referee)
    with pytest.raises(ValidationError, match="withdraw those first"):
        ss.penalty_withdraw(penalty=first, reason="wrong player", by=referee)
    assert Penalty.objects.get(pk=first.pk).active
    ss.penalty_withdraw(penalty=second, reason="wrong player", by=referee)
    ss.penalty_withdraw(penalty=first, reason="wrong player", by=referee)
    assert record(sheet, d, "claim_changed", referee).amount == 0  # counted afresh


def test_dead_hand_player_cannot_be_entered_as_winner(sheet, referee):
    a, _b, c, _d = seats(sheet)
    ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=referee)
    record(sheet, c, "false_hu_under_8", referee, hand_number=2)
    with pytest.raises(ValidationError) as exc:
        ss.hand_record(sheet=sheet, number=2, outcome=pay.SELF_DRAWN, winner=c, points=8, by=referee)
    assert "dead hand in hand 2" in str(exc.value.message_dict["winner"])
    assert not Hand.objects.filter(sheet=sheet, number=2).exists()
    # Others may still win it, and the dead player may win the next hand.
    ss.hand_record(sheet=sheet, number=2, outcome=pay.DISCARD, winner=a, discarder=c, points=8, by=referee)
    ss.hand_record(sheet=sheet, number=3, outcome=pay.SELF_DRAWN, winner=c, points=8, by=referee)


def test_withdrawing_the_foul_lifts_the_dead_hand(sheet, referee):
    a = seats(sheet)[0]
    penalty = record(sheet, a, "dead_hand", referee, hand_number=1, reason="long hand")
    assert penalty.dead_hand
    with pytest.raises(ValidationError, match="dead hand"):
        ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=a, points=8, by=referee)
    ss.penalty_withdraw(penalty=penalty, reason="it was 13 tiles after all", by=referee)
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=a, points=8, by=referee)


def test_a_dead_hand_for_the_entered_winner_is_refused(sheet, referee):
    a = seats(sheet)[0]
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=a, points=8, by=referee)
    with pytest.raises(ValidationError) as exc:
        record(sheet, a, "false_hu_invalid", referee, hand_number=1)
    assert "correct the hand" in str(exc.value.message_dict["hand_number"])
    assert not Penalty.objects.exists()


def test_false_hu_without_a_hand_costs_points_but_kills_no_hand(sheet, referee):
    a = seats(sheet)[0]
    penalty = record(sheet, a, "false_hu_under_8", referee)
    assert penalty.amount == 10 and not penalty.dead_hand
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=a, points=8, by=referee)


def test_late_over_15_minutes_loses_the_session(sheet, referee, tournament):
    a, _b, _c, _d = seats(sheet)
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=a, points=20, by=referee)
    record(sheet, a, "late", referee, minutes=20)
    result = table_results(tournament)[sheet.table_id]
    assert result.scores == [84, -28, -28, -28]  # the sheet's score stays as played
    assert result.ranks[0] == 4 and result.table_points[0] == 0
    assert "15 minutes" in result.lost[0]
    assert result.table_points[1:] == [pytest.approx(7 / 3)] * 3  # the others share places 1 to 3
    row = next(r for r in standings_rows(tournament) if r["number"] == 1)
    assert row["lost_sessions"] == [1] and row["table_points"] == 0


def test_time_penalties_over_80_in_one_hand_forfeit_the_session(sheet, referee, tournament):
    b = seats(sheet)[1]
    record(sheet, b, "time", referee, seconds=240, hand_number=4)  # 80: not over
    assert not table_results(tournament)[sheet.table_id].lost[1]
    record(sheet, b, "time", referee, seconds=10, hand_number=4)  # 85 in hand 4
    result = table_results(tournament)[sheet.table_id]
    assert "80 points" in result.lost[1] and result.ranks[1] == 4
    assert result.penalty_scores[1] == -85
    by_number = {r.player.number: r for r in player_standings(tournament)}
    assert by_number[2].sessions[1].lost


@pytest.mark.parametrize(
    "foul, kwargs, field",
    [
        ("late", {"minutes": -3}, "minutes"),
        ("late", {"minutes": 0}, "minutes"),
        ("late", {}, "minutes"),
        ("violation", {"amount": 7}, "amount"),
        ("revealed_tile", {"amount": 70, "recipient": 1}, "amount"),
        ("revealed_tile", {"amount": 10, "recipient": 0}, "recipient"),
        ("revealed_tile", {"amount": 10}, "recipient"),
        ("time", {"seconds": 0}, "seconds"),
        ("dead_hand", {}, "hand_number"),
        ("other", {"amount": 5}, "reason"),
        ("warning", {"hand_number": 17}, "hand_number"),
        ("chombo", {}, "foul"),
    ],
)
def test_bad_foul_says_what_is_wrong_and_changes_nothing(sheet, referee, foul, kwargs, field):
    players = seats(sheet)
    if "recipient" in kwargs:
        kwargs["recipient"] = players[kwargs["recipient"]]
    with pytest.raises(ValidationError) as exc:
        record(sheet, players[0], foul, referee, **kwargs)
    assert field in exc.value.message_dict
    assert not Penalty.objects.exists()
    assert not AuditLog.objects.filter(action="penalty.record").exists()


def test_foul_for_a_player_not_at_the_table(sheet, referee, players):
    with pytest.raises(ValidationError) as exc:
        record(sheet, players[5], "warning", referee)
    assert "does not play at this table" in str(exc.value.message_dict["player"])
    with pytest.raises(ValidationError) as exc:
        record(sheet, players[0], "revealed_tile", referee, amount=10, recipient=players[6])
    assert "recipient" in exc.value.message_dict
    assert not Penalty.objects.exists()


def test_only_scorers_record_fouls(sheet, outsider):
    with pytest.raises(PermissionDenied):
        record(sheet, seats(sheet)[0], "warning", outsider)
    assert not Penalty.objects.exists()


def test_legacy_penalty_to_nobody_takes_only_the_rulebooks_amounts(sheet, referee):
    a = seats(sheet)[0]
    with pytest.raises(ValidationError) as exc:
        ss.penalty_record(sheet=sheet, player=a, amount=7, to="nobody", reason="late", by=referee)
    assert "5, 10, 20, 30, 40, 50, 60" in str(exc.value.message_dict["amount"])
    ss.penalty_record(sheet=sheet, player=a, amount=7, to="each_other", reason="other", by=referee)
    assert Penalty.objects.get().foul == ""
