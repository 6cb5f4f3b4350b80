"""Web fixtures: clients per role, a second tournament with its own referee, hands entered."""
import pytest

from scoring.rules import payments as pay
from scoring import services as ss

ROLES = ("anonymous", "outsider", "other_referee", "referee", "organizer")


@pytest.fixture
def hands_entered(published_session, sheet, players, referee):
    """Table 1: hand 1 player 1 self-drawn 8; hand 2 player 2 wins 10 off player 3."""
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    ss.hand_record(sheet=sheet, number=2, outcome=pay.DISCARD, winner=players[1], discarder=players[2],
                   points=10, by=referee)
    return sheet
