"""Two referees deciding one appeal at once, and players filing at once, on two app servers: the locks
serialise them (PostgreSQL only, since SQLite has no row locks)."""

import pytest
from django.core.exceptions import ValidationError
from django.db import connection

from scoring import services as ap
from scoring.models import Appeal, AppealDecision
from tests.together import errors_at_once
from tournament import services as ts

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL"),
]


@pytest.fixture
def coded_players(tournament, organizer, players, published_session):
    ts.player_codes_generate(tournament=tournament, by=organizer)
    return list(tournament.players.order_by("number"))


def test_one_decision_wins_the_other_is_told(sheet, coded_players, referee, chief_referee):
    player = coded_players[0]
    appeal = ap.appeal_file(sheet=sheet, filer=player, code=player.code, kind="rule", statement="x")
    errors = errors_at_once(
        lambda: ap.appeal_decide(appeal=appeal, outcome="upheld", reasons="a", by=referee),
        lambda: ap.appeal_decide(appeal=appeal, outcome="rejected", reasons="b", by=chief_referee),
    )
    assert len(errors) == 1 and isinstance(errors[0], ValidationError) and "decided already" in errors[0].messages[0]
    decision = AppealDecision.objects.get()
    assert Appeal.objects.get().status == {"upheld": "upheld", "rejected": "referee_rejected"}[decision.outcome]


def test_appeals_filed_at_once_get_distinct_numbers(sheet, coded_players):
    calls = [
        lambda p=p: ap.appeal_file(sheet=sheet, filer=p, code=p.code, kind="other", statement="x")
        for p in coded_players[:4]
    ]
    assert errors_at_once(*calls) == []
    assert sorted(Appeal.objects.values_list("number", flat=True)) == [1, 2, 3, 4]
