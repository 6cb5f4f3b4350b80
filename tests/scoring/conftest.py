"""Fixtures for tile entry through the web: clients per role, a published session, hands before a given one."""

import pytest

from rules import payments as pay
from scoring import services as ss


@pytest.fixture
def draws_before(published_session, sheet, referee):
    """Record hands 1..n-1 as drawn, so hand n can be entered."""

    def make(n):
        for number in range(1, n):
            ss.hand_record(sheet=sheet, number=number, outcome=pay.DRAW, by=referee)
        return sheet

    return make
