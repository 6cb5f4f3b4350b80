"""Tied entries keep a natural order: player numbers as numbers, team names with numbers inside them too."""

import pytest

from rules.ranking import Entry, natural_key, rank_entries


def test_tied_player_numbers_sort_as_numbers():
    entries = [Entry(key=n) for n in (20, 2, 11, 1, 10, 3)]
    ranked = rank_entries(entries)
    assert [e.key for e in ranked] == [1, 2, 3, 10, 11, 20]
    assert {e.rank for e in ranked} == {1}


def test_tied_team_names_sort_naturally():
    ranked = rank_entries([Entry(key=k) for k in ("Team 10", "team 2", "Team 1", "Bamboo")])
    assert [e.key for e in ranked] == ["Bamboo", "Team 1", "team 2", "Team 10"]


@pytest.mark.parametrize(
    "smaller, bigger",
    [
        (2, 10),
        (9, 100),
        ("a2", "a10"),
        ("A", "b"),
        ("Table 3", "Table 12"),
        ("x", "x1"),
    ],
)
def test_natural_key_order(smaller, bigger):
    assert natural_key(smaller) < natural_key(bigger)


def test_tied_names_that_start_with_a_number_come_before_names_that_start_with_a_letter():
    ranked = rank_entries([Entry(key=k) for k in ("Bamboo", "2 Dragons", "10 Winds", "bamboo 3")])
    assert [e.key for e in ranked] == ["2 Dragons", "10 Winds", "Bamboo", "bamboo 3"]
