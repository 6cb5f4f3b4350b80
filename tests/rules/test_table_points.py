"""Table points for every tie pattern, shared exactly (MCR 3.9.2)."""

from fractions import Fraction as F

import pytest

from rules.table_points import format_table_points, parse_table_points, table_points


@pytest.mark.parametrize(
    "scores, expected",
    [
        pytest.param([40, 10, -20, -30], [(1, 4), (2, 2), (3, 1), (4, 0)], id="no-tie"),
        pytest.param([30, 30, -20, -40], [(1, 3), (1, 3), (3, 1), (4, 0)], id="two-tied-first"),
        pytest.param([50, 0, 0, -50], [(1, 4), (2, F(3, 2)), (2, F(3, 2)), (4, 0)], id="two-tied-second"),
        pytest.param([50, 20, -35, -35], [(1, 4), (2, 2), (3, F(1, 2)), (3, F(1, 2))], id="two-tied-third"),
        pytest.param([10, 10, 10, -30], [(1, F(7, 3)), (1, F(7, 3)), (1, F(7, 3)), (4, 0)], id="three-tied-first"),
        pytest.param([30, -10, -10, -10], [(1, 4), (2, 1), (2, 1), (2, 1)], id="three-tied-second"),
        pytest.param([0, 0, 0, 0], [(1, F(7, 4))] * 4, id="four-tied"),
        pytest.param([20, 20, -20, -20], [(1, 3), (1, 3), (3, F(1, 2)), (3, F(1, 2))], id="two-pairs"),
        pytest.param([-30, 40, -10, 0], [(4, 0), (1, 4), (3, 1), (2, 2)], id="order-independent"),
    ],
)
def test_table_points(scores, expected):
    result = table_points(dict(enumerate(scores)))
    assert [result[i] for i in range(4)] == [(rank, F(tp)) for rank, tp in expected]
    assert sum(tp for _rank, tp in result.values()) == 7


def test_four_way_tie_displays_as_1_75():
    assert f"{float(table_points(dict(enumerate([5, 5, 5, 5])))[0][1]):.2f}" == "1.75"


def test_custom_table_points():
    result = table_points(dict(enumerate([9, 9, 0, -18])), parse_table_points("6/3/1/0"))
    assert result[0] == (1, F(9, 2))


@pytest.mark.parametrize("text", ["4/2/1", "1/2/3/4", "4/2/x/0", "4/2/1/-1"])
def test_bad_table_points_config(text):
    with pytest.raises(ValueError):
        parse_table_points(text)


def test_a_player_who_lost_the_session_is_last_even_above_a_negative_score():
    # A late arrival (MCR 3.11.2) scoring 0 still places after a player who lost 8 points at the table.
    result = table_points({"late": 0, "b": -8, "c": 4, "d": 4}, lost=["late"])
    assert result == {"c": (1, F(3)), "d": (1, F(3)), "b": (3, F(1)), "late": (4, F(0))}


def test_players_who_lost_share_the_last_places_whatever_their_scores():
    result = table_points({"a": 10, "b": -30, "late": 50, "forfeit": -50}, lost=["late", "forfeit"])
    assert result == {"a": (1, F(4)), "b": (2, F(2)), "late": (3, F(1, 2)), "forfeit": (3, F(1, 2))}


@pytest.mark.parametrize(
    "value, shown",
    [
        (F(7, 4), "1.75"),  # four tied
        (F(7, 3), "2.33"),  # three tied
        (F(21, 3), "7.00"),
        (F(1, 8), "0.13"),  # half up
        (F(-7, 3), "-2.33"),
        ("4.5", "4.50"),
        (None, ""),
    ],
)
def test_table_points_as_the_standings_show_them(value, shown):
    assert format_table_points(value) == shown
