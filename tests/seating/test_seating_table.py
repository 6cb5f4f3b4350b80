"""The N x S table in docs/seating.md is what tools/seating_table.py
produces (the full 16-40 x 1-12 grid: a few seconds, most cells are shipped
designs)."""

from seating import lower_bound
from tools import seating_table


def test_docs_table_matches_the_engine():
    data = seating_table.cells()
    assert seating_table.docs_table() == seating_table.markdown(data)
    for (n, s), (ours, lb, pub) in data.items():
        assert ours >= lb == lower_bound(n, s)
        if pub is not None:
            assert ours <= pub, (n, s)
