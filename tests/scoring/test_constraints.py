"""The database itself refuses score records the rules forbid, whatever writes them (a bug, a script,
the admin): each check constraint is tried with a write that skips the services."""

import pytest
from django.db import IntegrityError, transaction

from rules import payments as pay
from scoring import services as ss
from scoring.models import Hand, HandVersion, Penalty, ScoreSheet, Signature


def refused(queryset, **changes):
    with pytest.raises(IntegrityError), transaction.atomic():
        queryset.update(**changes)


@pytest.fixture
def entered(sheet, players, referee):
    """Hand 1 a draw, hand 2 a win by discard (player 2 off player 3), hand 3 self-drawn by player 1."""
    ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=referee)
    ss.hand_record(
        sheet=sheet, number=2, outcome=pay.DISCARD, winner=players[1], discarder=players[2], points=8, by=referee
    )
    ss.hand_record(sheet=sheet, number=3, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    return {n: HandVersion.objects.filter(hand__sheet=sheet, hand__number=n) for n in (1, 2, 3)}


def test_a_draw_has_no_winner_discarder_or_points(entered, players):
    refused(entered[1], winner=players[0])
    refused(entered[1], discarder=players[0])
    refused(entered[1], points=8)
    refused(entered[1], flowers=1)


def test_a_win_by_discard_has_a_discarder_who_is_not_the_winner(entered, players):
    refused(entered[2], discarder=None)
    refused(entered[2], discarder=players[1])
    refused(entered[2], winner=None)


def test_a_self_drawn_win_has_a_winner_and_no_discarder(entered, players):
    refused(entered[3], discarder=players[2])
    refused(entered[3], winner=None)


def test_outcome_and_flowers_stay_within_their_range(entered):
    refused(entered[2], outcome="chombo")
    refused(entered[3], flowers=9)


def test_hand_numbers_run_from_1_to_16(entered, sheet):
    refused(Hand.objects.filter(sheet=sheet, number=1), number=17)
    refused(Hand.objects.filter(sheet=sheet, number=1), number=0)


def test_penalties_are_positive_paid_to_a_known_target_in_a_real_hand(sheet, players, referee):
    ss.penalty_record(sheet=sheet, player=players[0], amount=10, to=pay.TO_NOBODY, reason="late", by=referee)
    penalty = Penalty.objects.filter(sheet=sheet)
    refused(penalty, amount=0)
    refused(penalty, to="the_referee")
    refused(penalty, hand_number=17)


def test_sheet_status_is_open_or_submitted(sheet):
    refused(ScoreSheet.objects.filter(pk=sheet.pk), status="signed-ish")


def test_only_fouls_that_can_cost_nothing_are_recorded_without_points(sheet, players, referee):
    warning = ss.foul_record(sheet=sheet, player=players[0], foul="warning", by=referee)
    violation = ss.foul_record(sheet=sheet, player=players[0], foul="violation", amount=10, by=referee)
    refused(Penalty.objects.filter(pk=violation.pk), amount=0)
    refused(Penalty.objects.filter(pk=warning.pk), foul="violation")
    refused(Penalty.objects.filter(pk=warning.pk), delta_0=-5, delta_1=5)  # a warning pays nothing
    refused(Penalty.objects.filter(pk=warning.pk), foul="chombo")


def test_one_recipient_exactly_when_paid_to_one_player(sheet, players, referee):
    penalty = ss.foul_record(
        sheet=sheet, player=players[0], foul="revealed_tile", amount=10, recipient=players[1], by=referee
    )
    refused(Penalty.objects.filter(pk=penalty.pk), recipient=None)
    refused(Penalty.objects.filter(pk=penalty.pk), recipient=players[0])
    refused(Penalty.objects.filter(pk=penalty.pk), to=pay.TO_NOBODY)


def test_dead_hands_minutes_and_seconds_belong_to_their_fouls(sheet, players, referee):
    dead = ss.foul_record(sheet=sheet, player=players[0], foul="dead_hand", hand_number=1, by=referee)
    late = ss.foul_record(sheet=sheet, player=players[1], foul="late", minutes=5, by=referee)
    refused(Penalty.objects.filter(pk=dead.pk), hand_number=None)
    refused(Penalty.objects.filter(pk=late.pk), dead_hand=True)
    refused(Penalty.objects.filter(pk=late.pk), minutes=0)
    refused(Penalty.objects.filter(pk=late.pk), seconds=30)
    refused(Penalty.objects.filter(pk=dead.pk), minutes=5)


def test_signatures_have_their_shape_and_are_not_given_twice(sheet, players, referee):
    ss.sheet_sign(sheet=sheet, by=referee, mark_rest_not_played=True)
    signature = Signature.objects.filter(sheet=sheet)
    refused(signature, role="umpire")
    refused(signature, player=players[0])  # a referee's signature names no player
    refused(signature, method="phone")
    with pytest.raises(IntegrityError), transaction.atomic():
        Signature.objects.create(sheet=sheet, role="referee", name="again", signed_at=signature.get().signed_at)
    with pytest.raises(IntegrityError), transaction.atomic():
        Signature.objects.create(
            sheet=sheet, role="player", method="", player=players[0], signed_at=signature.get().signed_at
        )


def test_a_player_confirms_a_sheet_once(sheet, players, referee):
    first = Signature.objects.create(
        sheet=sheet, role="player", method="device", player=players[0], signed_at="2026-01-01T10:00:00Z"
    )
    with pytest.raises(IntegrityError), transaction.atomic():
        Signature.objects.create(
            sheet=sheet, role="player", method="phone", player=players[0], signed_at="2026-01-01T10:01:00Z"
        )
    Signature.objects.filter(pk=first.pk).update(voided_at="2026-01-01T10:02:00Z")
    Signature.objects.create(
        sheet=sheet, role="player", method="phone", player=players[0], signed_at="2026-01-01T10:03:00Z"
    )  # again, after the first was voided


def test_a_hand_is_confirmed_by_a_scorer_or_a_player_not_both(entered, players, referee):
    refused(entered[1], confirmed_by=referee, confirmed_by_player=players[0])


def test_hand_points_and_penalty_amounts_bounded(entered, sheet, players, referee):
    refused(entered[3], points=10_000)
    penalty = ss.penalty_record(sheet=sheet, player=players[0], amount=5, to=pay.TO_NOBODY, reason="late", by=referee)
    refused(Penalty.objects.filter(pk=penalty.pk), amount=10_000)
