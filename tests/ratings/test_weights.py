"""The EMA's tournament weight table (ratings.weights), at every boundary."""

from fractions import Fraction as F

import pytest

from ratings.weights import COUNTRY_STEPS, COUNTRY_STEPS_DRAFT, _step, mers_weight, participants, weight_parts


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


@pytest.mark.parametrize(
    "days, players, countries, qualification, parts",
    [
        # (duration, players, countries, qualification)
        pytest.param(2, 56, 7, False, (2, F(1, 2), F(1, 2), 0), id="two-days-56-7"),
        pytest.param(3, 120, 12, True, (3, 1, 1, 1), id="championship-with-qualification"),
        pytest.param(1, 20, 2, False, (1, 0, 0, 0), id="club-day"),
    ],
)
def test_weight_parts_add_up_to_the_weight(days, players, countries, qualification, parts):
    found = weight_parts(days=days, players=players, countries=countries, qualification=qualification)
    assert (found.duration_part, found.players_part, found.countries_part, found.qualification_part) == parts
    assert (
        found.total
        == sum(parts)
        == mers_weight(days=days, players=players, countries=countries, qualification=qualification)
    )


@pytest.mark.parametrize(
    "countries, table, draft",
    [(5, 0, 0), (6, F(1, 2), F(1, 2)), (9, F(1, 2), F(1, 2)), (10, 1, F(1, 2)), (11, 1, 1)],
)
def test_ten_countries_the_table_in_force_against_the_draft(countries, table, draft):
    """The only count where the two EMA texts differ is 10: the table in force (followed) gives 1."""
    assert _step(countries, COUNTRY_STEPS) == table
    assert _step(countries, COUNTRY_STEPS_DRAFT) == draft
