"""Predefined charts: validation messages, repeats and winds."""

import pytest

from seating import SeatingError, check_chart

GOOD = [
    [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]],
    [[1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15], [4, 8, 12, 16]],
    [[1, 6, 11, 16], [2, 5, 12, 15], [3, 8, 9, 14], [4, 7, 10, 13]],
]


def test_valid_chart_report():
    r = check_chart(GOOD)
    assert r["repeat_excess"] == 0 and r["repeated_pairs"] == 0 and r["max_meetings"] == 1
    assert r["players"] == 16 and r["sessions"] == 3
    # winds as written: 1 is East three times
    assert r["wind_spread"] == 3
    assert any("winds are uneven" in p for p in r["problems"])
    bal = r["balanced_sessions"]
    assert check_chart(bal)["wind_spread"] == 1
    assert check_chart(bal)["problems"] == []
    for a, b in zip(GOOD, bal):
        assert [set(t) for t in a] == [set(t) for t in b]


def test_chart_without_winds_is_judged_on_balanced_winds():
    r = check_chart(GOOD, winds_given=False)
    assert r["wind_spread"] == 1 and r["problems"] == []


def test_repeats_and_team_clashes_reported():
    chart = [GOOD[0], GOOD[0]]
    r = check_chart(chart, teams={1: "x", 2: "x"})
    assert r["repeated_pairs"] == 24 and r["repeat_excess"] == 24 and r["max_meetings"] == 2
    assert r["team_clashes"] == 2
    assert any("24 pairs meet more than once: 1&2 (2x)" in p for p in r["problems"])
    assert any("team-mates share a table 2 times" in p for p in r["problems"])


@pytest.mark.parametrize(
    "chart,message",
    [
        ([[[1, 2, 3], [4, 5, 6, 7, 8]]], "session 1, table 1 seats 3 players; every table seats exactly four"),
        (
            [GOOD[0], [[1, 2, 3, 4], [1, 6, 7, 8], [9, 10, 11, 12], [13, 14, 15, 16]]],
            "session 2: player 1 is seated twice (tables 1 and 2)",
        ),
        (
            [GOOD[0], [[1, 2, 3, 4], [5, 6, 7, 17], [9, 10, 11, 12], [13, 14, 15, 16]]],
            "session 2: missing player 8; player 17 not seated in session 1",
        ),
        ([[[1, 1, 2, 3]]], "player 1 is seated twice (twice at table 1)"),
        ([], "no sessions"),
        ([[[1, 2, "x", 4]]], "'x' is not a player number"),
    ],
)
def test_invalid_charts(chart, message):
    with pytest.raises(SeatingError) as exc:
        check_chart(chart)
    assert message in str(exc.value)
