"""What a hand entry locks (PostgreSQL only: SQLite has no row locks, it serialises every writer).

Entry A on table 1 is held open inside an outer transaction, after the service has run, so its locks
are held. Meanwhile an entry on table 2 of the same tournament must complete, and a second entry on
table 1 must wait until A commits. Every wait has a time-out, so a regression fails instead of
hanging CI.
"""

import threading

import pytest
from django.db import OperationalError, connection, connections, transaction

from rules import payments as pay
from scoring import services as ss
from scoring.models import Hand, ScoreSheet
from tournament.models import Session, Tournament

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL"),
]

WAIT = 20  # seconds: far longer than any of these entries takes, short enough to fail CI cleanly


class Worker(threading.Thread):
    """Runs `work` on its own database connection; keeps its result or exception."""

    def __init__(self, work):
        super().__init__(daemon=True)
        self.work, self.result, self.error = work, None, None
        self.done = threading.Event()

    def run(self):
        try:
            with connection.cursor() as cursor:
                # A lock wait that outlives the test's patience ends with an error, never a hang.
                cursor.execute("SET lock_timeout = '%ss'" % (WAIT + 10))
            self.result = self.work()
        except Exception as exc:
            self.error = exc
        finally:
            self.done.set()
            connections.close_all()


@pytest.fixture
def held_entry(published_session, sheet, players, referee):
    """Hand 1 on table 1 entered inside a transaction that stays open until release() is called."""
    entered, release = threading.Event(), threading.Event()

    def work():
        with transaction.atomic():
            version = ss.hand_record(
                sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee
            )
            entered.set()
            assert release.wait(WAIT), "the test never released entry A"
        return version

    a = Worker(work)
    a.start()
    assert entered.wait(WAIT), f"entry A did not run: {a.error!r}"
    yield a, release
    release.set()
    a.join(WAIT)


def test_another_table_enters_while_one_table_is_held(held_entry, published_session, players, referee):
    a, release = held_entry
    other = published_session.tables.get(number=2).sheet
    b = Worker(
        lambda: ss.hand_record(
            sheet=other, number=1, outcome=pay.DISCARD, winner=players[4], discarder=players[5], points=9, by=referee
        )
    )
    b.start()
    assert b.done.wait(WAIT), "an entry on table 2 waited for table 1: the lock covers more than the sheet"
    assert b.error is None, b.error
    assert not a.done.is_set()  # A was still open all along
    release.set()
    a.join(WAIT)
    assert a.error is None, a.error
    assert Hand.objects.filter(current__isnull=False).count() == 2


def test_same_table_waits_for_the_held_entry(held_entry, sheet, players, referee):
    a, release = held_entry
    c = Worker(lambda: ss.hand_record(sheet=sheet, number=2, outcome=pay.DRAW, by=referee))
    c.start()
    assert not c.done.wait(1.0), f"a second entry on table 1 did not wait for the first: {c.error!r}"
    release.set()
    assert c.done.wait(WAIT), "the second entry on table 1 never finished after the first committed"
    assert a.error is None and c.error is None, (a.error, c.error)
    # It ran after A committed, so it saw hand 1 and could enter hand 2 in order.
    assert list(Hand.objects.filter(sheet=sheet).order_by("number").values_list("number", "current__version")) == [
        (1, 1),
        (2, 1),
    ]


def test_held_entry_locks_only_its_sheet(held_entry, published_session, sheet):
    """The rows a hand entry reads through joins (tournament, session, table 2's sheet) stay free."""

    def try_lock(queryset):
        with transaction.atomic():
            return list(queryset.select_for_update(nowait=True))

    assert try_lock(Tournament.objects.filter(pk=published_session.tournament_id))
    assert try_lock(Session.objects.filter(pk=published_session.pk))
    assert try_lock(ScoreSheet.objects.filter(table__session=published_session, table__number=2))
    with pytest.raises(OperationalError):
        try_lock(ScoreSheet.objects.filter(pk=sheet.pk))
