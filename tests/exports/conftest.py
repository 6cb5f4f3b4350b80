"""Export fixtures: a small tournament with known results over two sessions, clients per role."""

import pytest

from rules import payments as pay
from schedule import services as sched
from scoring import services as ss
from tests.closing import close_session
from tournament import services as ts


@pytest.fixture
def played(tournament, players, seated_session, organizer, referee):
    """Known results.

    Player 1 is "Ana López Ruiz" with EMA id 04000001; player 3 is a substitute.
    Session 1: table 1 (players 1-4) hand 1 drawn, so all four tie at 0 and get 1.75 each;
    a penalty given to player 1 in hand 5 is withdrawn. Table 2 (players 5-8): hand 1 player 5
    self-drawn 8 (+48, the others -16); player 8 penalised 10 (to nobody), so 5: 4 TP, 6 and 7:
    1.5 each, 8: 0. Session 2 (published), same tables: hand 1 drawn at both, 1.75 each.
    """
    ts.player_update(player=players[0], name="Ana López Ruiz", ema_id="04000001", by=organizer)
    ts.player_update(player=players[2], is_substitute=True, by=organizer)
    sched.session_publish(session=seated_session, by=organizer)
    t1 = seated_session.tables.get(number=1).sheet
    t2 = seated_session.tables.get(number=2).sheet
    ss.hand_record(sheet=t1, number=1, outcome=pay.DRAW, by=referee)
    withdrawn = ss.penalty_record(
        sheet=t1, player=players[0], amount=20, to=pay.TO_NOBODY, reason="touching the wall", hand_number=5, by=referee
    )
    ss.penalty_withdraw(penalty=withdrawn, reason="given in error", by=organizer)
    ss.hand_record(sheet=t2, number=1, outcome=pay.SELF_DRAWN, winner=players[4], points=8, by=referee)
    ss.penalty_record(sheet=t2, player=players[7], amount=10, to=pay.TO_NOBODY, reason="late arrival", by=referee)
    second = tournament.sessions.get(number=2)
    sched.session_seat(session=second, tables=[players[0:4], players[4:8]], by=organizer, method="manual")
    sched.session_publish(session=second, by=organizer)  # public files show published sessions only
    for table in second.tables.all():
        ss.hand_record(sheet=table.sheet, number=1, outcome=pay.DRAW, by=referee)
    return tournament


@pytest.fixture
def ema_ready(played, players, organizer, referee):
    """`played`, finished as a ranking body wants it: every sheet submitted, both sessions closed,
    every player with family and given names and an EMA id or marked as having none."""
    ts.player_update(player=players[0], family_name="López Ruiz", given_name="Ana", by=organizer)
    for player in players[1:]:
        ts.player_update(
            player=player, family_name="Player", given_name=str(player.number), no_ema_id=True, by=organizer
        )
    for session in played.sessions.exclude(status="planned"):
        for table in session.tables.all():
            ss.sheet_sign(sheet=table.sheet, mark_rest_not_played=True, by=referee)
        close_session(session=session, by=organizer)
    return played
