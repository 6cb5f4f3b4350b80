"""Club leagues (ratings.league): the best K events summed, by table points or base rank."""

from datetime import date
from fractions import Fraction as F

import pytest

from ratings.base import Event, Result
from ratings.league import LeagueParameters, league_ranking
from ratings.text import ParameterError

EVENTS = [
    Event("jan", date(2026, 1, 10), 8),
    Event("feb", date(2026, 2, 14), 8),
    Event("mar", date(2026, 3, 14), 8),
    Event("apr", date(2026, 4, 11), 8),
]
RESULTS = [
    Result("ana", "jan", 1, F(13)),
    Result("ana", "feb", 5, F(6)),
    Result("ana", "mar", 2, F(11)),
    Result("ben", "jan", 2, F(12)),
    Result("ben", "feb", 1, F(14)),
    Result("ben", "mar", 1, F(27, 2)),
    Result("ben", "apr", 8, F(1)),
    Result("cai", "apr", 1, F(15)),
]


@pytest.mark.parametrize(
    "params, expected",
    [
        pytest.param(
            LeagueParameters(best_results=2),
            [("ben", 1, F(55, 2), 4), ("ana", 2, F(24), 3), ("cai", 3, F(15), 1)],
            id="best-two-by-table-points",
        ),
        pytest.param(
            LeagueParameters(best_results=10),
            [("ben", 1, F(81, 2), 4), ("ana", 2, F(30), 3), ("cai", 3, F(15), 1)],
            id="every-event",
        ),
        pytest.param(
            LeagueParameters(best_results=1, by="base_rank"),
            [("ana", 1, F(1000), 3), ("ben", 1, F(1000), 4), ("cai", 1, F(1000), 1)],
            id="best-one-by-base-rank-all-level",
        ),
        pytest.param(
            LeagueParameters(best_results=2, listed_from=2),
            [("ben", 1, F(55, 2), 4), ("ana", 2, F(24), 3), ("cai", None, F(15), 1)],
            id="listed-from-two-events",
        ),
        pytest.param(
            LeagueParameters(best_results=2, as_of=date(2026, 2, 28)),
            [("ben", 1, F(26), 2), ("ana", 2, F(19), 2)],
            id="as-of-february",
        ),
    ],
)
def test_league(params, expected):
    ranking = league_ranking(EVENTS, RESULTS, params)
    assert [(s.person, s.rank, s.rating, s.real_results) for s in ranking] == expected


def test_the_counted_events_are_marked():
    ranking = league_ranking(EVENTS, RESULTS, LeagueParameters(best_results=2))
    ben = next(s for s in ranking if s.person == "ben")
    assert [(r.event, r.in_a) for r in ben.results] == [("feb", True), ("mar", True), ("jan", False), ("apr", False)]


@pytest.mark.parametrize(
    "params, field",
    [(LeagueParameters(best_results=0), "best_results"), (LeagueParameters(by="score"), "league_by")],
)
def test_bad_league_parameters(params, field):
    with pytest.raises(ParameterError) as caught:
        league_ranking(EVENTS, RESULTS, params)
    assert caught.value.field == field
