"""Elimination rounds: who plays on, final ranks of the eliminated, seating of the survivors."""

import random
from itertools import combinations

import pytest

from seating import Rule, SeatingError, eliminate, seat_next_round
from seating.elimination import EliminationTie, Result, SurvivorCountError, plan

POINTS = (4, 2, 1, 0)  # MCR 3.9.2 table points by place


def play(tables, rnd):
    """Session results for tables of players: distinct random scores, table points by place."""
    out = []
    for table in tables:
        scores = rnd.sample(range(-200, 201), 4)
        order = sorted(range(4), key=lambda i: -scores[i])
        tp = {order[i]: POINTS[i] for i in range(4)}
        out.append([Result(p, tp[i], scores[i]) for i, p in enumerate(table)])
    return out


def table(*rows):
    return [Result(p, tp, sc) for p, tp, sc in rows]


def test_sixty_four_players_down_to_a_final_table_of_four():
    rnd = random.Random(7)
    players = list(range(1, 65))
    assert plan(64, [Rule.table_winner(), Rule.table_winner(), Rule.final()]) == [64, 16, 4]
    history, ranks = [], {}
    standing = players
    tables = seat_next_round(standing)
    for rule, expected in ((Rule.table_winner(), 16), (Rule.table_winner(), 4), (Rule.final(), 0)):
        assert sorted(p for t in tables for p in t) == sorted(standing)
        results = play(tables, rnd)
        outcome = eliminate(results, rule, seeding=players)
        assert len(outcome.survivors) == expected
        # table winners only: each survivor won their table
        for t in results:
            best = max(t, key=lambda r: (r.table_points, r.score))
            assert (best.player in outcome.survivors) == (rule.count == 1 and expected > 0)
        assert set(outcome.ranks) == set(outcome.eliminated)
        assert all(r > expected for r in outcome.ranks.values())
        ranks.update(outcome.ranks)
        history.append(tables)
        standing = outcome.survivors
        if standing:
            tables = seat_next_round(standing, history)
            met = {frozenset(pair) for ses in history for tb in ses for pair in combinations(tb, 2)}
            # survivors of different tables never met: the new round repeats no meeting
            assert not any(frozenset(pair) in met for tb in tables for pair in combinations(tb, 2))
    assert sorted(ranks.values()) == list(range(1, 65))
    final = history[-1][0]
    assert sorted(ranks[p] for p in final) == [1, 2, 3, 4]


def test_best_k_per_table_and_the_eliminated_rank_second_places_first():
    results = [
        table((1, 4, 50), (2, 2, 10), (3, 1, -20), (4, 0, -40)),
        table((5, 4, 80), (6, 2, 30), (7, 1, -50), (8, 0, -60)),
    ]
    out = eliminate(results, Rule.best_per_table(2))
    assert out.survivors == [5, 1, 6, 2]
    assert out.eliminated == [3, 7, 4, 8]
    assert out.ranks == {3: 5, 7: 6, 4: 7, 8: 8}


def test_best_n_overall_ignores_tables():
    results = [
        table((1, 4, 50), (2, 2, 40), (3, 1, -20), (4, 0, -70)),
        table((5, 4, 80), (6, 2, 30), (7, 1, -50), (8, 0, -60)),
    ]
    out = eliminate(results, Rule.best_overall(4))
    assert out.survivors == [5, 1, 2, 6]
    assert out.ranks == {3: 5, 7: 6, 8: 7, 4: 8}


def test_a_tie_at_the_cut_needs_the_organizer_or_a_seeding():
    # 3/3/1/0: players 1 and 2 share first place with the same score (MCR 3.9.2 shared points)
    results = [
        table((1, 3, 20), (2, 3, 20), (3, 1, -10), (4, 0, -30)),
        table((5, 4, 80), (6, 2, 30), (7, 1, -50), (8, 0, -60)),
    ]
    with pytest.raises(EliminationTie, match="players 1, 2 are level") as err:
        eliminate(results, Rule.table_winner())
    assert err.value.players == [1, 2]
    out = eliminate(results, Rule.table_winner(), seeding=[2, 1, 3, 4, 5, 6, 7, 8])
    assert out.survivors == [5, 2] and out.ranks[1] == 3


def test_ties_away_from_the_cut_share_a_rank_without_seeding():
    results = [table((1, 4, 50), (2, 1, 0), (3, 1, 0), (4, 0, -50))]
    out = eliminate(results, Rule.table_winner())
    assert out.ranks == {2: 2, 3: 2, 4: 4}


def test_survivors_not_filling_tables_are_refused_clearly():
    with pytest.raises(SurvivorCountError, match="6 players go on"):
        plan(12, [Rule.best_per_table(2)])
    with pytest.raises(SurvivorCountError, match="multiple of four"):
        seat_next_round([1, 2, 3, 4, 5, 6])


def test_draw_order_is_seeded_and_seats_only_survivors():
    a = seat_next_round(list(range(1, 17)), order="draw", seed=3)
    b = seat_next_round(list(range(1, 17)), order="draw", seed=3)
    assert a == b and sorted(p for t in a for p in t) == list(range(1, 17))


@pytest.mark.parametrize(
    "tables, words",
    [
        ([[Result(1, 4, 0), Result(2, 2, 0), Result(3, 1, 0)]], "has 3 results"),
        ([table((1, 4, 0), (2, 2, 0), (3, 1, 0), (1, 0, 0))], "listed twice"),
    ],
)
def test_malformed_rounds_are_refused(tables, words):
    with pytest.raises(SeatingError, match=words):
        eliminate(tables, Rule.table_winner())


def test_rule_arguments_are_checked():
    with pytest.raises(SeatingError):
        Rule.best_per_table(4)
    with pytest.raises(SeatingError):
        Rule.best_overall(-1)
