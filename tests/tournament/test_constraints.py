"""The database refuses tournament records outside their choices, or ending before they start."""

import datetime

import pytest
from django.db import IntegrityError, transaction

from tournament.models import Player, Session, Tournament, TournamentRole


def refused(queryset, **changes):
    with pytest.raises(IntegrityError), transaction.atomic():
        queryset.update(**changes)


def test_tournament_choices_and_dates(tournament):
    this = Tournament.objects.filter(pk=tournament.pk)
    refused(this, rules="riichi")
    refused(this, format="knockout-ish")
    refused(this, start_date=datetime.date(2026, 5, 2), end_date=datetime.date(2026, 5, 1))
    this.update(start_date=datetime.date(2026, 5, 1), end_date=datetime.date(2026, 5, 1))  # one-day event


def test_session_status_and_role_within_their_choices(tournament):
    refused(Session.objects.filter(tournament=tournament, number=1), status="paused")
    refused(TournamentRole.objects.filter(tournament=tournament), role="king")


def test_player_numbers_and_ema_marking_bounded(tournament, players):
    this = Player.objects.filter(pk=players[0].pk)
    refused(this, number=2**31 - 1)
    refused(this, number=100_000)
    refused(this, ema_id="04000001", no_ema_id=True)
    this.update(number=99_999)


def test_tournament_session_count_and_minutes_bounded(tournament):
    this = Tournament.objects.filter(pk=tournament.pk)
    refused(this, session_count=61)
    refused(this, session_minutes=24 * 60 + 1)
    refused(this, appeal_fee=-1)
