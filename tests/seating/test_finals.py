"""Finals with a cut (seating.finals): the carry-over rules, the cut and its ties, the final tables by rank,
and the finalists' totals, table-driven."""

from fractions import Fraction as F

import pytest

from seating import finals as fi
from seating.errors import PlayerCountError, SeatingError


@pytest.mark.parametrize(
    "value, rule, factor, expected",
    [
        pytest.param(9, fi.RESET, None, 0, id="reset"),
        pytest.param(9, fi.KEPT, None, 9, id="kept"),
        pytest.param(9, fi.HALF, None, F(9, 2), id="half-exact"),
        pytest.param(F(7, 2), fi.HALF, None, F(7, 4), id="half-of-a-shared-place"),
        pytest.param(9, fi.TWO_THIRDS_UP, None, 6, id="two-thirds-whole"),
        pytest.param(10, fi.TWO_THIRDS_UP, None, 7, id="two-thirds-6.67-up-to-7"),
        pytest.param(11, fi.TWO_THIRDS_UP, None, 8, id="two-thirds-7.33-up-to-8"),
        pytest.param(-10, fi.TWO_THIRDS_UP, None, -6, id="two-thirds-negative-up-toward-zero"),
        pytest.param(0, fi.TWO_THIRDS_UP, None, 0, id="two-thirds-of-nothing"),
        pytest.param(40, fi.FACTOR, F(1, 4), 10, id="factor-quarter"),
        pytest.param(40, fi.FACTOR, F(0), 0, id="factor-zero"),
    ],
)
def test_carried(value, rule, factor, expected):
    assert fi.carried(value, rule, factor) == expected


@pytest.mark.parametrize("rule, factor", [(fi.FACTOR, None), (fi.FACTOR, F(3, 2)), (fi.FACTOR, F(-1)), ("all", None)])
def test_carried_refuses(rule, factor):
    with pytest.raises(SeatingError):
        fi.carried(5, rule, factor)


def ranking(*keys):
    return [fi.Ranked(i + 1, key) for i, key in enumerate(keys)]


@pytest.mark.parametrize(
    "keys, size, order, expected",
    [
        pytest.param([(-9,), (-8,), (-7,), (-6,), (-5,), (-4,)], 4, (), [1, 2, 3, 4], id="clear-cut"),
        pytest.param([(-5,), (-9,), (-8,), (-7,), (-6,), (-1,)], 4, (), [2, 3, 4, 5], id="sorted-by-key"),
        pytest.param([(-9,), (-9,), (-7,), (-6,), (-5,), (-4,)], 4, (), [1, 2, 3, 4], id="level-away-from-cut"),
        pytest.param([(-9,), (-8,), (-7,), (-6,), (-6,), (-4,)], 4, (5, 4), [1, 2, 3, 5], id="level-decided"),
    ],
)
def test_cut(keys, size, order, expected):
    assert fi.cut(ranking(*keys), size, order) == expected


def test_players_level_at_the_cut_must_be_decided():
    with pytest.raises(fi.CutTie) as exc:
        fi.cut(ranking((-9,), (-8,), (-7,), (-6,), (-6,), (-4,)), 4)
    assert exc.value.players == [4, 5] and exc.value.place == 4


@pytest.mark.parametrize("players, size", [(8, 6), (8, 8), (8, 12), (8, 0)])
def test_cut_sizes_refused(players, size):
    with pytest.raises((PlayerCountError, SeatingError)):
        fi.cut(ranking(*[(-i,) for i in range(players)]), size)


@pytest.mark.parametrize(
    "order, count, expected",
    [
        pytest.param(fi.BLOCKS, 8, [[1, 2, 3, 4], [5, 6, 7, 8]], id="blocks-8"),
        pytest.param(fi.SNAKE, 8, [[1, 4, 5, 8], [2, 3, 6, 7]], id="snake-8"),
        pytest.param(fi.SNAKE, 12, [[1, 6, 7, 12], [2, 5, 8, 11], [3, 4, 9, 10]], id="snake-12"),
        pytest.param(fi.SNAKE, 4, [[1, 2, 3, 4]], id="snake-one-table"),
    ],
)
def test_final_tables_by_rank(order, count, expected):
    assert fi.final_tables(list(range(1, count + 1)), order) == expected


def test_final_tables_refuse_an_incomplete_table():
    with pytest.raises(PlayerCountError):
        fi.final_tables([1, 2, 3, 4, 5], fi.BLOCKS)


def test_final_lines_add_the_carried_part_to_the_final_part():
    before = {"A": (F(10), F(40)), "B": (F(9), F(100)), "C": (F(6), F(-20)), "D": (F(5), F(7))}
    during = {"A": (F(0), F(-30)), "B": (F(1), F(-10)), "C": (F(4), F(50)), "D": (F(2), F(-10))}
    carry = fi.Carry(table_points=fi.TWO_THIRDS_UP, points=fi.HALF)
    lines = fi.final_lines(["A", "B", "C", "D"], before, during, carry)
    # carried tp: A 7, B 6, C 4, D 4; points: 20, 50, -10, 3.5
    assert [(x.player, x.table_points, x.points) for x in lines] == [
        ("C", 8, 40),
        ("B", 7, 40),
        ("A", 7, -10),
        ("D", 6, F(-13, 2)),
    ]
    assert (lines[0].carried_table_points, lines[0].final_table_points) == (4, 4)
