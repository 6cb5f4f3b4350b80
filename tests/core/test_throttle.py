"""The one throttle (core/throttle.py): a full bucket refuses unchecked, a right guess is no failure, a window
ends, and the count is exact when many clients guess at once (PostgreSQL: each one its own connection, as on
several app servers)."""

import threading
from datetime import timedelta

import pytest
from django.db import connection, connections
from django.utils import timezone

from core import throttle
from core.models import ThrottleCount
from tournament import services as ts

WINDOW = timedelta(minutes=15)


def bucket(limit=3, *parts):
    return throttle.Bucket("test", parts or ("someone",), limit, WINDOW)


@pytest.mark.django_db
def test_a_full_bucket_refuses_until_its_window_ends():
    for n in (1, 2, 3):
        attempt = throttle.attempt(bucket())
        full = attempt.failed()
        assert (full is not None) == (n == 3)
    with pytest.raises(throttle.Throttled) as refused:
        throttle.attempt(bucket())
    assert timezone.now() + WINDOW - timedelta(seconds=5) < refused.value.until <= timezone.now() + WINDOW
    ThrottleCount.objects.update(window_start=timezone.now() - WINDOW)
    throttle.attempt(bucket()).failed()
    assert ThrottleCount.objects.get().count == 1  # a new window


@pytest.mark.django_db
def test_a_right_guess_is_no_failure_and_buckets_are_apart():
    for _ in range(10):
        throttle.attempt(bucket()).succeeded()
    assert ThrottleCount.objects.get().count == 0
    for _ in range(3):
        throttle.attempt(bucket(3, "a")).failed()
    throttle.attempt(bucket(3, "b")).failed()


@pytest.mark.django_db
def test_a_refusal_in_a_second_bucket_gives_the_first_its_slot_back():
    throttle.attempt(bucket(1, "address")).failed()
    with pytest.raises(throttle.Throttled):
        throttle.attempt(bucket(5, "pair"), bucket(1, "address"))
    assert ThrottleCount.objects.get(key=bucket(5, "pair").key).count == 0


@pytest.mark.django_db
def test_keys_are_digests_not_what_was_typed():
    throttle.attempt(bucket(3, "my secret password typed as a username")).failed()
    assert "secret" not in ThrottleCount.objects.get().key


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="parallel writers need PostgreSQL's row locks")
def test_24_parallel_guessers_get_exactly_the_limit_looked_up(tournament, organizer, settings):
    """Issue 27: under 24 parallel clients, 102 wrong codes were looked up against a limit of 100."""
    settings.PLAYER_CODE_FAILURE_LIMIT = 100
    looked_up, refused, errors = [], [], []
    start = threading.Barrier(24)

    def client(n):
        try:
            start.wait(20)
            for i in range(6):
                try:
                    ts.player_for_code(tournament=tournament, code=f"WRONG{n:02d}{i}", address="203.0.113.10")
                    looked_up.append(1)
                except ts.TooManyCodeFailures:
                    refused.append(1)
        except Exception as exc:
            errors.append(exc)
        finally:
            connections.close_all()

    threads = [threading.Thread(target=client, args=(n,)) for n in range(24)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(60)
    assert errors == []
    assert (len(looked_up), len(refused)) == (100, 44)
    assert ThrottleCount.objects.get(scope="player-code").count == 100
