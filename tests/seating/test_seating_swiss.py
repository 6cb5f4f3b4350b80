"""Swiss and mixed seating."""

import random
from itertools import combinations, permutations

import pytest

from seating import PlayerCountError, displacement, mixed_next_session, round_robin, swiss_next_session
from seating.swiss import _Ctx, _exhaustive, _greedy, _polish


def met_pairs(history):
    return {frozenset(p) for ses in history for tb in ses for p in combinations(tb, 2)}


def check_session(tables, players):
    assert all(len(tb) == 4 for tb in tables)
    assert sorted(p for tb in tables for p in tb) == sorted(players)


def test_no_conflicts_means_standings_cut_into_fours():
    ranking = [5, 3, 8, 1, 2, 7, 6, 4, 12, 9, 10, 11]
    tables = swiss_next_session(ranking, [])
    assert [set(tb) for tb in tables] == [{5, 3, 8, 1}, {2, 7, 6, 4}, {12, 9, 10, 11}]
    assert displacement(ranking, tables) == 0


def test_repeat_avoided_with_least_movement():
    # 1 and 2 met: the cheapest fix swaps 2 (rank 2) with 5 (rank 5): 3 + 1 places
    history = [[(1, 2, 9, 10), (3, 4, 11, 12), (5, 6, 13, 14), (7, 8, 15, 16)]]
    ranking = list(range(1, 9))
    hist8 = [[(1, 2, 20, 21)]]
    tables = swiss_next_session(ranking, hist8)
    assert [set(tb) for tb in tables] == [{1, 3, 4, 5}, {2, 6, 7, 8}]
    assert displacement(ranking, tables) == 4
    tables16 = swiss_next_session(list(range(1, 17)), history)
    check_session(tables16, range(1, 17))
    assert not met_pairs([tables16]) & met_pairs(history)


def test_team_mates_kept_apart():
    teams = {1: "A", 3: "A", 6: "B", 7: "B"}
    tables = swiss_next_session(list(range(1, 9)), [], teams=teams)
    for tb in tables:
        assert not ({1, 3} <= set(tb) or {6, 7} <= set(tb))


def test_winds_balanced_against_the_past():
    history = [[(1, 2, 3, 4)], [(1, 3, 2, 4)], [(1, 4, 3, 2)]]  # 1 always East so far
    (tb,) = swiss_next_session([1, 2, 3, 4], history)
    assert tb[0] != 1
    assert set(tb) == {1, 2, 3, 4}


def _random_case(rng, n, sessions):
    players = list(range(1, n + 1))
    history = []
    for _ in range(sessions):
        rng.shuffle(players)
        history.append([tuple(players[i : i + 4]) for i in range(0, n, 4)])
    ranking = players[:]
    rng.shuffle(ranking)
    return ranking, history


@pytest.mark.parametrize("seed", range(6))
def test_local_search_matches_exhaustive_on_small_fields(seed):
    rng = random.Random(seed)
    ranking, history = _random_case(rng, 12, 1)
    ctx = _Ctx(ranking, history, None)
    exact = _exhaustive(ctx, ranking)
    heur = _polish(ctx, _greedy(ctx, ranking))

    def cost(tabs):
        return sum(ctx.table_cost(tb, j) for j, tb in enumerate(tabs))

    # the heuristic must avoid repeats whenever the optimum does
    assert (cost(heur) >= 1 << 20) == (cost(exact) >= 1 << 20)
    assert cost(heur) >= cost(exact)


@pytest.mark.parametrize("n,done", [(16, 4), (24, 5), (40, 7), (100, 8), (200, 10)])
def test_large_fields_avoid_repeats(n, done):
    rng = random.Random(n)
    ranking = list(range(1, n + 1))
    rng.shuffle(ranking)
    # the first sessions of a longer repeat-free schedule: a repeat-free next
    # session is then known to exist (after an arbitrary history it may not)
    history = round_robin(n, done + 1, seed=1).sessions[:done]
    tables = swiss_next_session(ranking, history)
    check_session(tables, range(1, n + 1))
    assert not met_pairs([tables]) & met_pairs(history)
    # winds: each table takes the order that leaves its worst player least uneven
    past = {}
    for ses in history:
        for tb in ses:
            for w, p in enumerate(tb):
                past.setdefault(p, [0] * 4)[w] += 1

    def worst(order):
        out = 0
        for w, p in enumerate(order):
            c = list(past[p])
            c[w] += 1
            out = max(out, max(c) - min(c))
        return out

    for tb in tables:
        assert worst(tb) == min(worst(o) for o in permutations(tb))


def test_swiss_counts_players():
    with pytest.raises(PlayerCountError):
        swiss_next_session([1, 2, 3, 4, 5], [])


def test_mixed_round_robin_then_swiss():
    n = 16
    rr = round_robin(n, 4, seed=9).sessions
    history = []
    ranking = list(range(1, n + 1))
    for s in range(4):
        tables = mixed_next_session(ranking, history, round_robin_sessions=4, seed=9)
        assert tables == rr[s]
        history.append(tables)
    nxt = mixed_next_session(ranking, history, round_robin_sessions=4, seed=9)
    assert nxt == swiss_next_session(ranking, history)
    check_session(nxt, range(1, n + 1))
