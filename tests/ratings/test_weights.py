"""The EMA's tournament weight table (ratings.weights), at every boundary."""

from fractions import Fraction as F

import pytest

from ratings.weights import mers_weight, participants


@pytest.mark.parametrize(
    "days, players, countries, qualification, expected",
    [
        pytest.param(1, 36, 3, False, F(1), id="local-one-day"),
        pytest.param(2, 56, 7, False, F(3), id="two-days-56-players-7-countries"),
        pytest.param(2, 92, 7, False, F(7, 2), id="two-days-92-players"),
        pytest.param(3, 200, 20, True, F(6), id="european-championship"),
        pytest.param(1, 40, 5, False, F(1), id="40-players-5-countries-add-nothing"),
        pytest.param(1, 41, 5, False, F(3, 2), id="41-players"),
        pytest.param(1, 80, 5, False, F(3, 2), id="80-players"),
        pytest.param(1, 81, 5, False, F(2), id="81-players"),
        pytest.param(1, 8, 6, False, F(3, 2), id="6-countries"),
        pytest.param(1, 8, 9, False, F(3, 2), id="9-countries"),
        pytest.param(1, 8, 10, False, F(2), id="10-countries"),
        pytest.param(4, 8, 1, False, F(3), id="four-days-count-as-three"),
        pytest.param(0, 8, 1, False, F(1), id="no-dates-count-as-one-day"),
        pytest.param(1, 8, 1, True, F(2), id="qualification"),
    ],
)
def test_mers_weight(days, players, countries, qualification, expected):
    assert mers_weight(days=days, players=players, countries=countries, qualification=qualification) == expected


@pytest.mark.parametrize("ranked, substitutes, expected", [(40, 0, 40), (38, 2, 40), (38, 3, 41), (38, 7, 41)])
def test_substitutes_count_three_at_most(ranked, substitutes, expected):
    assert participants(ranked, substitutes) == expected
