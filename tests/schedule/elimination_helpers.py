"""Playing elimination rounds through the services, with results that separate every player."""

from rules import payments as pay
from schedule import services as sched
from scoring import services as ss
from tests.closing import close_session

from .conftest import make_tournament


def elimination_tournament(organizer, referee, *, players=64, sessions=5, slug="ko-open", **fields):
    return make_tournament(
        organizer, referee, slug=slug, players=players, sessions=sessions, format="elimination", **fields
    )


def play_round(session, referee, organizer, *, close=True):
    """Every table: its lowest player number self-draws 8 + the table's index, then the second lowest wins
    8 off the highest's discard. So at each table the players finish in the order of their numbers, whatever
    their winds, and the same place at different tables never scores the same."""
    for i, table in enumerate(session.tables.order_by("number")):
        best, second, _third, last = sorted(table.seated_players(), key=lambda p: p.number)
        ss.hand_record(sheet=table.sheet, number=1, outcome=pay.SELF_DRAWN, winner=best, points=8 + i, by=referee)
        ss.hand_record(
            sheet=table.sheet, number=2, outcome=pay.DISCARD, winner=second, discarder=last, points=8, by=referee
        )
        ss.sheet_sign(sheet=table.sheet, by=referee, mark_rest_not_played=True)
    session.refresh_from_db()
    if session.status == "seated":
        sched.session_publish(session=session, by=organizer)
    if close:
        return close_session(session=session, by=organizer)
    return session


def tied_round(session, referee, organizer):
    """Every table: East self-draws one hand, nothing else; the three others are level."""
    for table in session.tables.order_by("number"):
        ss.hand_record(
            sheet=table.sheet, number=1, outcome=pay.SELF_DRAWN, winner=table.seated_players()[0], points=8, by=referee
        )
        ss.sheet_sign(sheet=table.sheet, by=referee, mark_rest_not_played=True)
    sched.session_publish(session=session, by=organizer)
    return close_session(session=session, by=organizer)
