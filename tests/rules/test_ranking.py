"""Standings tie-breaks (MCR 3.10): table points, score, then the organizer's order."""

from fractions import Fraction as F

import pytest

from rules.ranking import Entry, SessionResult, rank_entries, tiebreak_order


def entry(key, *sessions):
    return Entry(
        key=key, results=[SessionResult(i + 1, score, rank, F(tp)) for i, (score, rank, tp) in enumerate(sessions)]
    )


def ranks(entries, order=()):
    return [(e.key, e.rank) for e in rank_entries(entries, order)]


def test_table_points_first_then_score():
    result = ranks([entry("a", (10, 2, 2)), entry("b", (-5, 1, 4)), entry("c", (50, 2, 2))])
    assert result == [("b", 1), ("c", 2), ("a", 3)]


def test_full_tie_shares_rank_and_skips_next():
    result = ranks([entry("a", (10, 1, 4)), entry("b", (10, 1, 4)), entry("c", (-20, 4, 0))])
    assert result == [("a", 1), ("b", 1), ("c", 3)]


def test_first_places_break_equal_points_and_score():
    a = entry("a", (30, 1, 4), (-30, 4, 0))
    b = entry("b", (0, 2, 2), (0, 2, 2))
    assert ranks([a, b]) == [("a", 1), ("b", 1)]
    assert ranks([a, b], ["first_places"]) == [("a", 1), ("b", 2)]


def test_best_session_score():
    a = entry("a", (20, 2, 2), (20, 2, 2))
    b = entry("b", (35, 2, 2), (5, 2, 2))
    assert ranks([a, b], ["best_session_score"]) == [("b", 1), ("a", 2)]


def test_fewest_last_places():
    a = entry("a", (30, 1, 4), (-30, 4, 0))
    b = entry("b", (30, 1, 4), (-30, 3, 0))
    assert ranks([a, b], ["fewest_last_places"]) == [("b", 1), ("a", 2)]


def test_fractional_table_points_sum_exactly():
    a = entry("a", *[(0, 1, F(7, 3))] * 3)
    b = entry("b", (0, 1, 7))
    assert ranks([a, b]) == [("a", 1), ("b", 1)]


def test_unknown_tiebreak_rejected():
    with pytest.raises(ValueError, match="Unknown tie-break"):
        tiebreak_order(["coin_toss"])


def test_mandatory_order_always_leads():
    assert tiebreak_order(["first_places", "score"]) == ["table_points", "score", "first_places"]


def test_second_places_break_a_tie_and_are_counted_as_the_standings_show_them():
    # Equal table points, score and first places: the player with two second places goes ahead of the one with
    # two thirds (the table points are the organizer's, kept equal here on purpose).
    seconds = entry("seconds", (0, 2, 2), (0, 2, 2))
    thirds = entry("thirds", (0, 3, 2), (0, 3, 2))
    order = ["first_places", "second_places"]
    assert ranks([thirds, seconds], order) == [("seconds", 1), ("thirds", 2)]
    values = {e.key: e.values["second_places"] for e in rank_entries([thirds, seconds], order)}
    assert values == {"seconds": 2, "thirds": 0}


def test_first_and_last_places_are_counted_once_each():
    a = entry("a", (30, 1, 4), (-30, 4, 0), (10, 1, 4))
    (ranked,) = rank_entries([a], ["first_places", "fewest_last_places"])
    assert ranked.values["first_places"] == 2
    assert ranked.values["fewest_last_places"] == -1  # negated so bigger is better; the standings show 1


def test_a_player_yet_to_play_shows_zero_for_every_tie_break():
    (ranked,) = rank_entries([Entry(key=7)], ["first_places", "second_places", "best_session_score"])
    assert ranked.values == {
        "table_points": 0,
        "score": 0,
        "first_places": 0,
        "second_places": 0,
        "best_session_score": 0,
    }


def test_best_session_score_counts_a_negative_best():
    # Every session lost: the best is the least bad, not 0.
    a = entry("a", (-5, 4, 0), (-40, 4, 0))
    b = entry("b", (-20, 4, 0), (-25, 4, 0))
    assert ranks([a, b], ["best_session_score"]) == [("a", 1), ("b", 2)]
    assert [e.values["best_session_score"] for e in rank_entries([a, b], ["best_session_score"])] == [-5, -20]


def test_the_shown_table_points_and_score_are_the_exact_sums():
    a = entry("a", (10, 1, F(7, 3)), (-3, 2, F(7, 4)))
    (ranked,) = rank_entries([a])
    assert (ranked.values["table_points"], ranked.values["score"]) == (F(49, 12), 7)
    assert (a.table_points, a.score) == (F(49, 12), 7)
