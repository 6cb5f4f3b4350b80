"""Two wrong player codes typed at the same instant on two referees' devices (two app servers): the count and
the record of a wrong code are serialised by the sheet's row lock, so the limit holds and no extra try gets
through.

The race test needs PostgreSQL (SQLite has no row locks: it serialises every writer anyway). The ordering test
runs everywhere: the sheet is locked before the wrong codes are counted, and the count and the record happen
in the same transaction as the lock.
"""

import threading

import pytest
from django.core.exceptions import PermissionDenied
from django.db import connection, connections, transaction

from scoring import services as ss
from scoring.models import Signature
from tests.scoring.test_device_confirmation_code import finished as device_sheet  # noqa: F401 -- the fixture
from tournament import services as ts

WAIT = 20  # seconds: far longer than a confirmation takes, short enough to fail CI cleanly


@pytest.fixture
def finished(device_sheet, tournament, organizer, settings):  # noqa: F811 -- the fixture imported above
    """The confirmation-code tests' finished sheet, with every player's code made and a limit of two."""
    settings.DEVICE_CODE_FAILURE_LIMIT = 2
    ts.player_codes_generate(tournament=tournament, by=organizer)
    return device_sheet


def wrong_code(sheet, player, referee):
    ss.sheet_confirm(sheet=sheet, player=player, method="device", by=referee, code="WRONG123")


class Worker(threading.Thread):
    """Runs `work` on its own database connection, as another app server would; keeps its exception."""

    def __init__(self, work):
        super().__init__(daemon=True)
        self.work, self.error = work, None
        self.done = threading.Event()

    def run(self):
        try:
            with connection.cursor() as cursor:
                # A lock wait that outlives the test's patience ends with an error, never a hang.
                cursor.execute("SET lock_timeout = '%ss'" % (WAIT + 10))
            self.work()
        except Exception as exc:
            self.error = exc
        finally:
            self.done.set()
            connections.close_all()


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
def test_a_wrong_code_typed_at_the_same_instant_waits_and_is_refused(finished, players, referee):
    """One wrong code is left before the limit. Device A's wrong code is counted and recorded but not yet
    committed; device B's wrong code, typed meanwhile, must wait for A, then find the limit reached: refused
    without being counted, so there are never more than the limit's wrong tries."""
    player = players[0]
    with pytest.raises(PermissionDenied, match="That player code is not right"):
        wrong_code(finished, player, referee)  # 1 of 2
    counted, release = threading.Event(), threading.Event()

    def device_a():
        with transaction.atomic():
            with pytest.raises(PermissionDenied, match="Too many wrong codes"):
                wrong_code(finished, player, referee)  # 2 of 2: the limit
            counted.set()
            assert release.wait(WAIT), "the test never let device A commit"

    def device_b():
        with pytest.raises(PermissionDenied, match="Too many wrong codes"):
            wrong_code(finished, player, referee)

    a = Worker(device_a)
    a.start()
    try:
        assert counted.wait(WAIT), f"device A did not run: {a.error!r}"
        b = Worker(device_b)
        b.start()
        assert not b.done.wait(1.0), f"device B counted the wrong codes without waiting for A: {b.error!r}"
    finally:
        release.set()
    a.join(WAIT)
    b.join(WAIT)
    assert b.done.is_set(), "device B never finished after A committed"
    assert (a.error, b.error) == (None, None)
    assert ss.device_code_bucket(player).rows().get().count == 2
    assert not Signature.objects.exists()
