"""A hand entry whose table was seated again meanwhile (it waited for the sheet lock while the organizer
re-seated the session) is refused with a message, not a server error."""

import pytest
from django.core.exceptions import ValidationError
from django.utils import translation

from rules import payments as pay
from schedule import services as sched
from scoring import services as ss

pytestmark = pytest.mark.django_db


def test_entry_on_a_sheet_seated_away_is_refused(seated_session, sheet, players, referee, organizer):
    stale = sheet
    sched.session_seat(session=seated_session, tables=[players[4:8], players[0:4]], by=organizer, method="manual")
    with pytest.raises(ValidationError) as caught:
        ss.hand_record(sheet=stale, number=1, outcome=pay.DRAW, by=referee)
    assert caught.value.code == "sheet_gone"
    with translation.override("es"), pytest.raises(ValidationError) as caught:
        ss.hand_record(sheet=stale, number=1, outcome=pay.DRAW, by=referee)
    assert "se han vuelto a asignar los asientos" in caught.value.messages[0]
