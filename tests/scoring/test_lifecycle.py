"""The score sheet's and the session's lifecycles (scoring.lifecycle, tournament.lifecycle): the moves the
services make are the allowed ones, and "finished" and "final" mean one thing everywhere."""

import pytest

from scoring import lifecycle as sheet
from tournament import lifecycle as session


@pytest.mark.parametrize(
    ("old", "new", "allowed"),
    [
        (sheet.OPEN, sheet.CONFIRMING, True),
        (sheet.CONFIRMING, sheet.SIGNED, True),
        (sheet.SIGNED, sheet.COUNTERSIGNED, True),
        (sheet.COUNTERSIGNED, sheet.OPEN, True),  # reopened by the chief referee
        (sheet.OPEN, sheet.COUNTERSIGNED, False),  # the referee signs first
        (sheet.COUNTERSIGNED, sheet.SIGNED, False),
    ],
)
def test_sheet_moves(old, new, allowed):
    assert sheet.may_move(old, new) is allowed


def test_finished_is_every_signed_state_and_final_follows_the_tournament():
    assert [s for s in sheet.SheetStatus.values if sheet.is_finished(s)] == [sheet.SIGNED, sheet.COUNTERSIGNED]
    assert sheet.is_final(sheet.SIGNED, countersign_required=False)
    assert not sheet.is_final(sheet.SIGNED, countersign_required=True)
    assert sheet.is_final(sheet.COUNTERSIGNED, countersign_required=True)
    assert sheet.label(sheet.SIGNED) == "Signed"


@pytest.mark.parametrize(
    ("status", "counts", "phase"),
    [
        ("planned", (0, 0, 0), "planned"),
        ("seated", (4, 0, 0), "seated"),
        ("published", (4, 0, 0), "published"),
        ("published", (4, 1, 0), "in_play"),
        ("published", (4, 4, 4), "finished"),
        ("closed", (4, 4, 4), "closed"),
    ],
)
def test_session_phase(status, counts, phase):
    tables, started, finished = counts
    assert session.phase(status, tables=tables, started=started, finished=finished) == phase


def test_session_moves():
    assert session.may_move("published", "closed") and session.may_move("closed", "published")
    assert not session.may_move("seated", "closed")  # published first
