"""Two app servers entering the same hand at once: the sheet lock serialises them (PostgreSQL only,
since SQLite has no row locks)."""

import threading

import pytest
from django.db import connection, connections

from scoring import services as ss
from scoring.models import Hand

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
def test_concurrent_corrections_get_distinct_versions(sheet, referee):
    a, _b, _c, _d = sheet.table.seated_players()
    errors = []
    barrier = threading.Barrier(4)

    def enter(points):
        try:
            barrier.wait()
            ss.hand_record(sheet=sheet, number=1, outcome="self_drawn", winner=a, points=points, by=referee)
        except Exception as exc:
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=enter, args=(8 + i,)) for i in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert errors == []
    hand = Hand.objects.get(sheet=sheet, number=1)
    assert sorted(v.version for v in hand.versions.all()) == [1, 2, 3, 4]
    assert hand.current.version == 4
