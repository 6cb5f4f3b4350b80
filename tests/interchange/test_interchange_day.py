"""The session clock, hands entered after the bell, withdrawals and substitutes travel in the tournament file,
and a bad one is refused naming the element at fault."""

import copy
from datetime import timedelta

import pytest

from interchange.export import tournament_export
from interchange.format import InterchangeError
from interchange.load import tournament_import
from rules import payments as pay
from schedule import clock
from schedule import withdrawals as wd
from scoring import services as ss
from tournament import services as ts
from tournament.models import Seat, Withdrawal

pytestmark = pytest.mark.django_db


@pytest.fixture
def day(tournament, players, published_session, sheet, organizer, referee):
    """Session 1 with a clock whose bell has rung; hand 2 entered after it; player 8 withdrawn from session 1
    with a substitute, and player 7's withdrawal undone."""
    start = tournament.created_at
    clock.session_clock_start(session=published_session, by=organizer, minutes=60, now=start)
    ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=referee, now=start + timedelta(minutes=5))
    ss.hand_record(
        sheet=sheet,
        number=2,
        outcome=pay.SELF_DRAWN,
        winner=players[0],
        points=8,
        by=referee,
        before_bell=True,
        now=start + timedelta(minutes=61),
    )
    reserve = ts.player_create(tournament=tournament, number=9, name="Reserve", is_substitute=True, by=organizer)
    wd.player_withdraw(
        player=players[7],
        from_session=published_session,
        reason="illness",
        note="flu",
        substitute=reserve,
        by=organizer,
    )
    undone = wd.player_withdraw(
        player=players[6], from_session=published_session, reason="other", keep_in_standings=False, by=organizer
    )
    wd.withdrawal_undo(withdrawal=undone, by=organizer)
    return tournament


def test_round_trip_of_the_clock_and_withdrawals_is_exact(day):
    exported = tournament_export(day)
    session = exported["sessions"][0]
    assert session["ends_at"] > session["starts_at"]
    assert session["tables"][0]["hands"][1]["after_bell"] is True
    assert "after_bell" not in session["tables"][0]["hands"][0]
    assert exported["withdrawals"] == [
        {"player": 8, "from_session": 1, "reason": "illness", "note": "flu", "substitute": 9, "seats_taken": [1]},
        # Undone: back in from the session they left, without a late penalty.
        {"player": 7, "from_session": 1, "reason": "other", "keep_in_standings": False, "undone": True, "back_from": 1},
    ]
    exported["slug"], exported["name"] = "day-copy", "Day Copy"
    copy_t = tournament_import(copy.deepcopy(exported))
    again = tournament_export(copy_t)
    assert {k: v for k, v in again.items() if k not in ("slug", "name")} == {
        k: v for k, v in exported.items() if k not in ("slug", "name")
    }
    # The substitute's seat came from the file; the import moved nothing.
    assert Seat.objects.filter(session__tournament=copy_t, player__number=9).count() == 1
    assert Withdrawal.objects.filter(tournament=copy_t, undone_at__isnull=True).count() == 1


@pytest.mark.parametrize(
    "change,path",
    [
        (lambda d: d["sessions"][0].pop("ends_at"), "sessions[0].ends_at"),
        (lambda d: d["sessions"][0].update(ends_at="soon"), "sessions[0].ends_at"),
        (lambda d: d["sessions"][0].update(ends_at=d["sessions"][0]["starts_at"]), "sessions[0].ends_at"),
        (lambda d: d["withdrawals"][0].update(reason="bored"), "withdrawals[0].reason"),
        (lambda d: d["withdrawals"][0].update(substitute=99), "withdrawals[0].substitute"),
        (lambda d: d["withdrawals"][0].update(from_session=40), "withdrawals[0].from_session"),
        (
            lambda d: d["withdrawals"].append({"player": 8, "from_session": 2, "reason": "other"}),
            "withdrawals[2].player",
        ),
        (lambda d: d["withdrawals"][0].update(substitute=1), "withdrawals[0]"),
    ],
)
def test_a_bad_clock_or_withdrawal_is_refused_at_its_element(day, change, path):
    data = tournament_export(day)
    data["slug"] = "bad-day"
    change(data)
    with pytest.raises(InterchangeError) as exc:
        tournament_import(data)
    assert exc.value.path == path
    assert not Withdrawal.objects.filter(tournament__slug="bad-day").exists()
