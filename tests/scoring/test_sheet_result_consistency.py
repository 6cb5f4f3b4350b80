"""Score sheets (the table page, a session's sheets in the files) work out each table's result from the
hands and penalties they have already loaded; the standings and the session page use ``table_results``.
Both must give the same scores, places, table points and lost sessions in every state a sheet goes through."""

import pytest

from rules import fouls
from rules import payments as pay
from scoring import services as ss
from scoring.results import sheet_data, sheets_data, table_results


def same_result(tournament, table):
    one = sheet_data(tournament, table)
    many = {d.table_id: d for d in sheets_data(tournament, table.session.tables.all())}[table.pk]
    result = table_results(tournament, table.session).get(table.pk)
    for data in (one, many):
        if result is None or not result.started:
            assert data.scores is None
            continue
        assert (data.hand_scores, data.penalty_scores, data.scores) == (
            result.hand_scores,
            result.penalty_scores,
            result.scores,
        )
        assert (data.ranks, data.table_points, data.lost) == (result.ranks, result.table_points, result.lost)
    return one


@pytest.mark.parametrize("countersign", [False, True])
def test_the_table_page_result_equals_the_standings_result(sheet, players, referee, organizer, countersign):
    tournament = sheet.table.session.tournament
    tournament.countersign_required = countersign
    tournament.save()
    table = sheet.table
    assert same_result(tournament, table).scores is None  # nothing on the sheet yet
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    ss.hand_record(
        sheet=sheet, number=2, outcome=pay.DISCARD, winner=players[1], discarder=players[2], points=10, by=referee
    )
    ss.hand_record(
        sheet=sheet,
        number=2,
        outcome=pay.DISCARD,
        winner=players[1],
        discarder=players[3],
        points=12,
        by=referee,
        expected_version=1,
    )  # a correction: only the new version counts
    ss.hand_record(sheet=sheet, number=3, outcome=pay.DRAW, by=referee)
    same_result(tournament, table)
    withdrawn = ss.penalty_record(
        sheet=sheet, player=players[2], amount=10, to="each_other", reason="noise", by=referee
    )
    ss.penalty_withdraw(penalty=withdrawn, reason="a mistake", by=referee)
    ss.penalty_record(sheet=sheet, player=players[3], amount=5, to="each_other", reason="noise", by=referee)
    same_result(tournament, table)
    ss.foul_record(sheet=sheet, player=players[0], foul=fouls.LATE, minutes=20, by=referee)
    data = same_result(tournament, table)
    assert data.lost[0] and data.ranks[0] == 4  # over 15 minutes late: the session is lost, placed last
    for _n in range(5):  # time penalties over 80 points in one hand
        ss.foul_record(sheet=sheet, player=players[1], foul=fouls.TIME, seconds=300, hand_number=4, by=referee)
    data = same_result(tournament, table)
    assert data.lost[1]
    ss.sheet_sign(sheet=sheet, by=organizer, mark_rest_not_played=True)
    same_result(tournament, table)
