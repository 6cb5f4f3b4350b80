"""Player codes are there when the cards are printed: made when a session is first published and when
players are imported, for the players who have none, without touching the codes players already hold."""

import pytest
from django.core.exceptions import ValidationError

from schedule import services as sched
from tournament import services as ts
from tournament.models import AuditLog, Player

pytestmark = pytest.mark.django_db


def codes(tournament):
    return dict(Player.objects.filter(tournament=tournament).values_list("number", "code"))


def code_entries(tournament):
    return list(AuditLog.objects.filter(tournament=tournament, action="player.codes").order_by("id"))


def test_publishing_the_first_session_gives_every_player_a_code(seated_session, tournament, organizer):
    assert set(codes(tournament).values()) == {""}
    sched.session_publish(session=seated_session, by=organizer)
    made = codes(tournament)
    assert all(len(code) == ts.CODE_LENGTH for code in made.values()) and len(set(made.values())) == 8
    [entry] = code_entries(tournament)
    assert entry.actor == organizer and entry.data["count"] == 8


def test_publishing_again_keeps_the_codes_and_makes_only_the_missing(seated_session, tournament, players, organizer):
    sched.session_publish(session=seated_session, by=organizer)
    before = codes(tournament)
    ts.player_create(tournament=tournament, number=9, name="Late Comer", is_substitute=True, by=organizer)
    second = tournament.sessions.get(number=2)
    sched.session_seat(session=second, tables=[players[0:4], players[4:8]], by=organizer, method="manual")
    sched.session_publish(session=second, by=organizer)
    after = codes(tournament)
    assert {n: after[n] for n in before} == before  # the cards already printed stay right
    assert after[9] and len(code_entries(tournament)) == 2
    third = tournament.sessions.get(number=3)
    sched.session_seat(session=third, tables=[players[0:4], players[4:8]], by=organizer, method="manual")
    sched.session_publish(session=third, by=organizer)
    assert codes(tournament) == after and len(code_entries(tournament)) == 2  # nothing missing, nothing logged


def test_publish_all_makes_the_codes(tournament, players, organizer):
    sched.schedule_generate(tournament=tournament, by=organizer, seed=1)
    sched.schedule_publish_all(tournament=tournament, by=organizer)
    assert "" not in codes(tournament).values()


def test_a_refused_publication_makes_no_code(tournament, players, organizer):
    session = tournament.sessions.get(number=1)  # not seated
    with pytest.raises(ValidationError, match="seated"):
        sched.session_publish(session=session, by=organizer)
    assert set(codes(tournament).values()) == {""}


def test_importing_players_gives_them_codes(tournament, organizer):
    ts.player_create(tournament=tournament, number=1, name="Ana", by=organizer)
    ts.player_codes_generate(tournament=tournament, by=organizer)
    ana = Player.objects.get(tournament=tournament, number=1).code
    ts.players_import(
        tournament=tournament, rows=[{"number": 2, "name": "Ben"}, {"number": 3, "name": "Cai"}], by=organizer
    )
    made = codes(tournament)
    assert made[1] == ana and made[2] and made[3] and made[2] != made[3]


def test_make_missing_codes_changes_nothing_when_every_player_has_one(tournament, players, organizer):
    assert ts.player_codes_make_missing(tournament=tournament, by=organizer) == 8
    before = codes(tournament)
    assert ts.player_codes_make_missing(tournament=tournament, by=organizer) == 0
    assert codes(tournament) == before and len(code_entries(tournament)) == 1
