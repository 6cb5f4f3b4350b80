"""The tournament file carries what a real day adds (issue 29): a no-show's withdrawal, the hand after which a
player left during a session, the session a player came back from, the timetable, and the chief referee's tie
deciders; export then import gives the same file, and a bad element is refused, naming it."""

import copy
from datetime import datetime, time, timedelta

import pytest
from django.utils import timezone

from interchange.export import tournament_export
from interchange.format import InterchangeError
from interchange.load import tournament_import
from rules import payments as pay
from schedule import clock
from schedule import withdrawals as wd
from scoring import services as ss
from standings import deciders, selectors
from tournament.models import TieDecider, Withdrawal


def at(days, hour):
    return timezone.make_aware(datetime.combine(timezone.localdate() + timedelta(days=days), time(hour, 0)))


@pytest.fixture
def day(tournament, published_session, players, organizer, referee, chief_referee):
    sheet = published_session.tables.get(number=1).sheet
    ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=referee)
    for table in published_session.tables.all():
        ss.hand_record(sheet=table.sheet, number=2 if table.number == 1 else 1, outcome=pay.DRAW, by=referee)
    wd.player_withdraw(player=players[2], from_session=published_session, reason="illness", by=organizer)
    w = wd.player_withdraw(
        player=players[6], from_session=tournament.sessions.get(number=2), reason="no_show", by=organizer
    )
    wd.player_return(withdrawal=w, by=organizer, minutes=0)
    clock.sessions_timetable_set(tournament=tournament, starts={2: at(1, 10), 3: at(1, 14)}, by=organizer)
    (tie,) = deciders.ties(tournament)  # every hand drawn: all eight tied
    order = sorted(p.number for p in tie.players)[::-1]
    deciders.tie_decider_record(tournament=tournament, order=order, method="lots", note="drawn", by=chief_referee)
    return tournament


def test_round_trip_keeps_the_days_incidents(day):
    data = tournament_export(day)
    assert data["timetable"] == {"2": at(1, 10).isoformat(), "3": at(1, 14).isoformat()}
    assert data["tie_deciders"] == [{"order": [8, 7, 6, 5, 4, 3, 2, 1], "method": "lots", "note": "drawn"}]
    ill = next(w for w in data["withdrawals"] if w["player"] == 3)
    assert ill["after_hand"] == 2 and ill["reason"] == "illness"
    back = next(w for w in data["withdrawals"] if w["player"] == 7)
    assert back["reason"] == "no_show" and back["undone"] and back["back_from"] == 2
    copy_ = copy.deepcopy(data)
    copy_["slug"], copy_["name"] = "copy", "Copy"
    imported = tournament_import(copy_)
    again = tournament_export(imported)
    again["slug"], again["name"] = data["slug"], data["name"]
    assert again == data
    ranks = [(r.player.number, r.rank) for r in selectors.player_standings(imported)]
    assert ranks == [(r.player.number, r.rank) for r in selectors.player_standings(day)]
    assert ranks[0] == (8, 1)
    assert TieDecider.objects.filter(tournament=imported).count() == 1
    assert Withdrawal.objects.get(tournament=imported, player__number=3).after_hand == 2


@pytest.mark.parametrize(
    "mutate, path",
    [
        (lambda d: d.update(timetable={"9": "2026-05-02T10:00:00+00:00"}), "timetable.9"),
        (lambda d: d.update(timetable={"2": "tomorrow"}), "timetable.2"),
        (lambda d: d.update(tie_deciders=[{"order": [6], "method": "lots"}]), "tie_deciders[0].order"),
        (lambda d: d.update(tie_deciders=[{"order": [6, 99], "method": "lots"}]), "tie_deciders[0].order[1]"),
        (lambda d: d.update(tie_deciders=[{"order": [6, 5], "method": "coin"}]), "tie_deciders[0].method"),
        (lambda d: d["withdrawals"][0].update(after_hand=0), "withdrawals[0].after_hand"),
    ],
)
def test_bad_elements_are_refused_naming_them(day, mutate, path):
    data = tournament_export(day)
    data["slug"] = "bad"
    mutate(data)
    with pytest.raises(InterchangeError) as exc:
        tournament_import(data)
    assert exc.value.path == path
