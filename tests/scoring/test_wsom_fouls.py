"""The World Series of Mahjong time fouls and penalty tiles through the services (issue 32): each kind with its
seconds, both at once, the forfeit over 80 points and the referee's excuse, penalty tiles named with no points,
and how the score sheet's record and the tournament file carry them."""

import pytest
from django.core.exceptions import ValidationError

from exports.datasets import fouls_dataset
from interchange.export import tournament_export
from scoring import services as ss
from scoring.models import Penalty
from scoring.results import table_results
from tournament.models import AuditLog

pytestmark = pytest.mark.django_db


def seats(sheet):
    return sheet.table.seated_players()


def record(sheet, player, foul, by, **kwargs):
    return ss.foul_record(sheet=sheet, player=player, foul=foul, by=by, **kwargs)


@pytest.mark.parametrize(
    "foul, kwargs, amount",
    [
        ("time_turn", {"seconds": 16}, 5),
        ("time_turn", {"seconds": 31}, 10),
        ("time_turn", {"seconds": 31, "from_deal": True}, 5),
        ("time_hand", {"seconds": 181}, 5),
    ],
)
def test_time_fouls_record_the_seconds_taken_and_cost_the_texts_points(sheet, referee, foul, kwargs, amount):
    a = seats(sheet)[0]
    penalty = record(sheet, a, foul, referee, hand_number=3, **kwargs)
    assert (penalty.amount, penalty.to, penalty.seconds, penalty.from_deal) == (
        amount,
        "nobody",
        kwargs["seconds"],
        kwargs.get("from_deal", False),
    )
    assert table_results(sheet.table.session.tournament)[sheet.table_id].penalty_scores[0] == -amount
    assert AuditLog.objects.get(action="penalty.record").data["seconds"] == kwargs["seconds"]


def test_a_turn_within_15_seconds_is_refused_and_nothing_saved(sheet, referee):
    with pytest.raises(ValidationError) as exc:
        record(sheet, seats(sheet)[0], "time_turn", referee, seconds=15, hand_number=3)
    assert "within the limit" in exc.value.message_dict["seconds"][0]
    assert not Penalty.objects.exists()


def test_both_limits_at_once_and_the_forfeit_over_80_then_excused(sheet, referee, tournament):
    b = seats(sheet)[1]
    record(sheet, b, "time_turn", referee, seconds=100, hand_number=4)  # 85 over: 30
    record(sheet, b, "time_hand", referee, seconds=330, hand_number=4)  # 150 over: 50; 80 in all, not over
    assert not table_results(tournament)[sheet.table_id].lost[1]
    record(sheet, b, "time_turn", referee, seconds=16, hand_number=4)  # 85 in hand 4: forfeits
    result = table_results(tournament)[sheet.table_id]
    assert "80 points" in result.lost[1] and result.penalty_scores[1] == -85
    with pytest.raises(ValidationError) as exc:
        record(sheet, b, "time_excused", referee, hand_number=4)
    assert "reason" in exc.value.message_dict
    excuse = record(sheet, b, "time_excused", referee, hand_number=4, reason="the referee stopped the clock late")
    assert excuse.amount == 0
    result = table_results(tournament)[sheet.table_id]
    assert not result.lost[1] and result.penalty_scores[1] == -85  # the points stand, the forfeit does not
    ss.penalty_withdraw(penalty=excuse, reason="excused by mistake", by=referee)
    assert table_results(tournament)[sheet.table_id].lost[1]


def test_penalty_tiles_are_recorded_by_name_without_points(sheet, referee, tournament):
    c = seats(sheet)[2]
    p = record(sheet, c, "tiles_claim_cancel", referee, tiles="3s 3s", hand_number=6)
    assert (p.amount, p.tiles, p.deltas) == (0, "33s", [0, 0, 0, 0])
    assert "33s" in p.description and p.cost_label == p.paid_to_label == "No points: a record of the hand"
    with pytest.raises(ValidationError) as exc:
        record(sheet, c, "tiles_win_cancel", referee, tiles="1m2m3m4m", hand_number=6)
    assert "tiles" in exc.value.message_dict
    rows = fouls_dataset(tournament).rows
    assert any("33s" in str(cell) for row in rows for cell in row)


def test_the_tournament_file_carries_the_seconds_from_the_deal_and_the_tiles(sheet, referee, tournament):
    a, b = seats(sheet)[:2]
    record(sheet, a, "time_turn", referee, seconds=40, from_deal=True, hand_number=1)
    record(sheet, b, "tiles_false_win", referee, tiles="9p C", hand_number=2)
    data = tournament_export(tournament)
    given = [p for s in data["sessions"] for t in s["tables"] for p in t.get("penalties", [])]
    assert {"player": a.number, "foul": "time_turn", "seconds": 40, "from_deal": True, "hand": 1} in given
    assert {"player": b.number, "foul": "tiles_false_win", "tiles": "9pC", "hand": 2} in given
