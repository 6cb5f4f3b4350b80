"""The random draw of a session (seating.draw_session): team-mates apart whenever possible."""

import random
from collections import Counter

import pytest

from seating import PlayerCountError, draw_session


def clashes(tables, teams):
    return sum(
        1
        for table in tables
        for i, a in enumerate(table)
        for b in table[i + 1 :]
        if teams.get(a) is not None and teams.get(a) == teams.get(b)
    )


def check_shape(tables, players):
    assert all(len(t) == 4 for t in tables)
    assert sorted(p for t in tables for p in t) == list(range(1, players + 1))


@pytest.mark.parametrize(
    "players, team_size",
    [(8, 2), (12, 3), (16, 4), (20, 4), (24, 4), (40, 4), (16, 2), (64, 4), (100, 3)],
)
@pytest.mark.parametrize("seed", range(8))
def test_team_mates_never_share_a_table_when_teams_fit(players, team_size, seed):
    teams = {p: (p - 1) // team_size for p in range(1, players + 1)}
    tables = draw_session(players, teams, seed)
    check_shape(tables, players)
    assert clashes(tables, teams) == 0


def test_mixed_team_sizes_and_players_without_a_team():
    # 16 players, 4 tables: a team of four, one of three, one of two, and seven on their own.
    teams = {1: "A", 2: "A", 3: "A", 4: "A", 5: "B", 6: "B", 7: "B", 8: "C", 9: "C"}
    for seed in range(30):
        tables = draw_session(16, teams, seed)
        check_shape(tables, 16)
        assert clashes(tables, teams) == 0


def test_a_team_larger_than_the_tables_is_spread_as_evenly_as_possible():
    teams = dict.fromkeys(range(1, 7), "big")  # six team-mates, two tables
    tables = draw_session(8, teams, 3)
    check_shape(tables, 8)
    assert sorted(sum(1 for p in t if p <= 6) for t in tables) == [3, 3]


def test_without_teams_it_is_the_plain_draw():
    """The shuffled players cut into fours: the draw a seed always gave, so old seeds still hold."""
    order = list(range(1, 17))
    random.Random(42).shuffle(order)
    assert draw_session(16, None, 42) == [tuple(order[i : i + 4]) for i in range(0, 16, 4)]
    assert draw_session(16, {}, 42) == draw_session(16, None, 42)


def test_same_seed_same_draw_and_seeds_differ():
    teams = {p: (p - 1) // 4 for p in range(1, 33)}
    assert draw_session(32, teams, 7) == draw_session(32, teams, 7)
    draws = {tuple(draw_session(32, teams, seed)) for seed in range(20)}
    assert len(draws) == 20


def test_every_player_starts_in_every_wind_over_many_draws():
    teams = {p: (p - 1) // 4 for p in range(1, 17)}
    east = Counter(table[0] for seed in range(400) for table in draw_session(16, teams, seed))
    assert set(east) == set(range(1, 17)) and min(east.values()) > 50  # about 100 each


@pytest.mark.parametrize("players", [0, 3, 6, 17])
def test_a_field_not_of_fours_is_refused(players):
    with pytest.raises(PlayerCountError):
        draw_session(players, None, 1)
