"""Base ranks, the time-decay table and its checks, rounding (ratings.base)."""

from datetime import date
from fractions import Fraction as F

import pytest

from ratings.base import DecayStep, base_rank, check_decay, decay_factor, format_number, two_decimals


@pytest.mark.parametrize(
    "place, ranked, expected",
    [
        pytest.param(1, 100, F(1000), id="winner"),
        pytest.param(100, 100, F(0), id="last"),
        pytest.param(75, 100, F(25000, 99), id="ema-example-75-of-100"),  # the EMA's text: 252
        pytest.param(3, 16, F(13000, 15), id="third-of-16"),  # 866.67
        pytest.param(2, 2, F(0), id="two-players-second"),
        pytest.param(1, 2, F(1000), id="two-players-first"),
        pytest.param(5, 9, F(500), id="middle-of-9"),
    ],
)
def test_base_rank(place, ranked, expected):
    assert base_rank(place, ranked) == expected


def test_shared_places_share_the_base_rank():
    # Two players tied for 3rd of 8 both beat the same 5 players: both 1000 * 5 / 7.
    assert base_rank(3, 8) == F(5000, 7)
    assert two_decimals(base_rank(3, 8)) == two_decimals(F(5000, 7))


@pytest.mark.parametrize("place, ranked", [(0, 8), (9, 8), (1, 1), (1, 0)])
def test_base_rank_refuses_impossible_places(place, ranked):
    with pytest.raises(ValueError):
        base_rank(place, ranked)


EMA = (DecayStep(365, F(1, 2)), DecayStep(730, F(0)))
OLD_EMA = (DecayStep(365, F(2, 3)), DecayStep(730, F(1, 3)), DecayStep(1095, F(0)))


@pytest.mark.parametrize(
    "age, steps, expected",
    [
        pytest.param(0, EMA, F(1), id="same-day"),
        pytest.param(365, EMA, F(1), id="exactly-a-year-is-not-older"),
        pytest.param(366, EMA, F(1, 2), id="a-day-over-a-year"),
        pytest.param(730, EMA, F(1, 2), id="two-years"),
        pytest.param(731, EMA, F(0), id="dropped"),
        pytest.param(5000, EMA, F(0), id="long-ago"),
        pytest.param(400, OLD_EMA, F(2, 3), id="2010-rules-second-year"),
        pytest.param(800, OLD_EMA, F(1, 3), id="2010-rules-third-year"),
        pytest.param(1100, OLD_EMA, F(0), id="2010-rules-dropped"),
        pytest.param(10_000, (), F(1), id="no-decay"),
    ],
)
def test_decay_factor(age, steps, expected):
    assert decay_factor(age, steps) == expected


@pytest.mark.parametrize(
    "steps, field, words",
    [
        pytest.param(
            (DecayStep(730, F(1, 2)), DecayStep(365, F(0))), "decay[1].older_than_days", "youngest", id="out-of-order"
        ),
        pytest.param(
            (DecayStep(365, F(1, 2)), DecayStep(365, F(0))), "decay[1].older_than_days", "youngest", id="same-day-twice"
        ),
        pytest.param((DecayStep(365, F(0)), DecayStep(730, F(1, 2))), "decay[1].factor", "more", id="factor-grows"),
        pytest.param((DecayStep(365, F(3, 2)),), "decay[0].factor", "between 0 and 1", id="factor-above-one"),
        pytest.param((DecayStep(365, F(-1)),), "decay[0].factor", "between 0 and 1", id="negative-factor"),
        pytest.param((DecayStep(-1, F(1, 2)),), "decay[0].older_than_days", "days", id="negative-days"),
    ],
)
def test_bad_decay_tables_name_the_step(steps, field, words):
    problems = check_decay(steps)
    assert problems and problems[0].field == field
    assert words in str(problems[0])


@pytest.mark.parametrize("steps", [(), EMA, OLD_EMA, (DecayStep(0, F(1, 2)),)])
def test_good_decay_tables(steps):
    assert check_decay(steps) == []


@pytest.mark.parametrize(
    "value, text",
    [
        (F(61234, 100), "612.34"),
        (F(123455, 200), "617.28"),
        (F(1, 200), "0.01"),
        (F(2000, 3), "666.67"),
        (F(0), "0.00"),
    ],
)
def test_ratings_are_published_with_two_decimals_half_up(value, text):
    assert str(two_decimals(value)) == text


@pytest.mark.parametrize("value, text", [(F(1, 2), "0.5"), (F(2), "2"), (F(2, 3), "0.6667"), (F(0), "0")])
def test_parameters_print_as_people_write_them(value, text):
    assert format_number(value) == text


def test_dates_are_plain_dates():
    assert (date(2026, 11, 1) - date(2024, 11, 1)).days == 730  # a leap year in between: 730, not 731
