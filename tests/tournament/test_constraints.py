"""The database refuses tournament records outside their choices, or ending before they start."""
import datetime

import pytest
from django.db import IntegrityError, transaction

from tournament.models import Session, Tournament, TournamentRole


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
