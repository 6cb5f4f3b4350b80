"""A table's extra time in the tournament file (issue 29): exported with the table, loaded back with its own end,
a hand entered in the table's extra time loading as entered before its bell; without the session clock refused,
naming the element."""

import copy
from datetime import timedelta

import pytest
from django.utils import timezone

from interchange.export import tournament_export
from interchange.format import InterchangeError
from interchange.load import tournament_import
from rules import payments as pay
from schedule import clock
from scoring import services as ss
from scoring.models import Hand
from tournament.models import Table

pytestmark = pytest.mark.django_db

T0 = timezone.make_aware(timezone.datetime(2026, 5, 16, 10, 0))
BELL = T0 + timedelta(minutes=150)


@pytest.fixture
def extended(tournament, published_session, organizer, referee):
    clock.session_clock_start(session=published_session, by=organizer, now=T0)
    table = published_session.tables.get(number=2)
    clock.table_time_extend(table=table, minutes=10, reason="Started late", by=organizer)
    ss.hand_record(sheet=table.sheet, number=1, outcome=pay.DRAW, by=referee, now=T0)
    ss.hand_record(sheet=table.sheet, number=2, outcome=pay.DRAW, by=referee, now=BELL + timedelta(minutes=5))
    # After the table's own bell, a hand that ended before it; then one waiting for its second person, so the
    # file loads this table hand by hand, each against the table's own bell.
    late = BELL + timedelta(minutes=12)
    ss.hand_record(sheet=table.sheet, number=3, outcome=pay.DRAW, by=referee, now=late, before_bell=True)
    ss.hand_record(sheet=table.sheet, number=4, outcome=pay.DRAW, by=referee, now=late, before_bell=True, pending=True)
    return tournament


def test_round_trip_keeps_a_tables_extra_time(extended):
    data = tournament_export(extended)
    row = data["sessions"][0]["tables"][1]
    assert (row["extra_minutes"], row["extra_reason"]) == (10, "Started late")
    assert "extra_minutes" not in data["sessions"][0]["tables"][0]
    copy_ = copy.deepcopy(data)
    copy_["slug"], copy_["name"] = "copy", "Copy"
    imported = tournament_import(copy_)
    table = Table.objects.get(session__tournament=imported, session__number=1, number=2)
    assert table.extra_minutes == 10 and table.ends_at == BELL + timedelta(minutes=10)
    hands = {h.number: h for h in Hand.objects.filter(sheet__table=table)}
    assert not hands[2].current.after_bell and hands[3].current.after_bell and hands[4].pending.after_bell
    again = tournament_export(imported)
    again["slug"], again["name"] = data["slug"], data["name"]
    assert again == data


def test_extra_time_without_the_session_clock_is_refused(extended):
    data = tournament_export(extended)
    data["slug"] = "bad"
    session = data["sessions"][0]
    del session["starts_at"], session["ends_at"]
    with pytest.raises(InterchangeError) as exc:
        tournament_import(data)
    assert exc.value.path == "sessions[0].tables[1].extra_minutes"
