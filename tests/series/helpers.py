"""Changing a finished tournament's results the way an event does it: reopen a session and a sheet,
correct a hand (a new version), sign the sheet and close the session again."""

from rules import payments as pay
from schedule import services as sched
from scoring import services as ss
from tests.closing import close_session
from tournament.models import Tournament


def reopen_session(slug: str, number: int):
    session = Tournament.objects.get(slug=slug).sessions.get(number=number)
    return sched.session_reopen(session=session, by=None, reason="a scoring mistake")


def correct_hand(slug: str, session: int, table: int, hand: int, *, seat: int, points: int) -> None:
    """Hand ``hand`` of that table becomes a self-drawn win of ``points`` by the player in seat ``seat`` (0-3)."""
    session_obj = reopen_session(slug, session)
    sheet = session_obj.tables.get(number=table).sheet
    ss.sheet_reopen(sheet=sheet, reason="a scoring mistake", by=None)
    winner = sheet.table.seated_players()[seat]
    ss.hand_record(sheet=sheet, number=hand, outcome=pay.SELF_DRAWN, winner=winner, points=points, by=None)
    ss.sheet_sign(sheet=sheet, by=None)
    close_session(session=session_obj, by=None)
