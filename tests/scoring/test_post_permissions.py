"""Who may post to a table's sheet when the tournament is not public: its referees may; anyone else is refused
(403, "only a referee or organizer"), and nothing is saved."""

import pytest
from django.urls import reverse

from scoring.models import Hand

pytestmark = pytest.mark.django_db


@pytest.fixture
def hidden(published_session, tournament):
    tournament.published = False
    tournament.save(update_fields=["published"])
    return tournament


HAND = {"number": 1, "expected_version": 0, "winner": "draw", "discarder": "", "points": "", "flowers": "0", "note": ""}


@pytest.mark.parametrize("role, status", [("outsider", 403), ("other_referee", 403), ("referee", 302)])
def test_posting_a_hand_to_a_tournament_that_is_not_public(hidden, sheet, client_for, role, status):
    url = reverse("sheet-hand", args=[hidden.slug, 1, 1])
    response = client_for(role).post(url, HAND)
    assert response.status_code == status
    assert Hand.objects.filter(sheet=sheet, current__isnull=False).exists() == (status == 302)
