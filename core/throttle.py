"""One throttle for the whole site: wrong logins, wrong player codes, wrong codes on a referee's device.

A guard names its buckets (what a failure counts against, its limit and window). ``attempt`` takes a slot in
each before the guess is checked, in one UPDATE per bucket that only succeeds while the bucket is under its
limit; a bucket that is full refuses the guess unchecked (``Throttled``, with when to try again). A right guess
gives its slots back (``Attempt.succeeded``); a wrong one keeps them. So the count is exact whatever the number
of parallel requests and app servers: at most ``limit`` guesses per window are ever checked against one bucket
(tests/core/test_throttle.py fires them in parallel on PostgreSQL).

A window starts at its bucket's first counted failure and lasts ``window``; a bucket left full is refused until
that window ends. Rows are kept by a digest of the key, never the typed text.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from django.db import transaction
from django.db.models import Case, F, Q, Value, When
from django.utils import timezone

from core.models import ThrottleCount


@dataclass(frozen=True)
class Bucket:
    scope: str
    parts: tuple
    limit: int
    window: timedelta

    @property
    def key(self) -> str:
        text = "\x1f".join(str(p) for p in self.parts)
        return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()

    def rows(self):
        return ThrottleCount.objects.filter(scope=self.scope, key=self.key)


class Throttled(Exception):
    """A guess refused unchecked: ``bucket`` is full until ``until``."""

    def __init__(self, bucket: Bucket, until: datetime):
        super().__init__(f"{bucket.scope} throttled until {until.isoformat()}")
        self.bucket, self.until = bucket, until


@dataclass
class Attempt:
    """The slots one guess took; say how it went."""

    taken: list[tuple[Bucket, int]] = field(default_factory=list)

    def succeeded(self) -> None:
        """A right guess is no failure: its slots are given back."""
        for bucket, _count in self.taken:
            bucket.rows().filter(count__gt=0).update(count=F("count") - 1)
        self.taken = []

    def failed(self) -> Bucket | None:
        """A wrong guess keeps its slots. Returns the bucket it filled, if any (the caller may say so at once)."""
        full = next((bucket for bucket, count in self.taken if count >= bucket.limit), None)
        _forget_old()
        self.taken = []
        return full


def _take(bucket: Bucket, now: datetime) -> int | None:
    """One slot of ``bucket``: the new count, or None when it is full. A single UPDATE (PostgreSQL re-checks its
    condition on the row as the previous writer left it), so two requests cannot both take the last slot."""
    expired = Q(window_start__lte=now - bucket.window)
    for _ in range(3):  # the row may be forgotten (``_forget_old``) between its creation and the update
        ThrottleCount.objects.bulk_create(
            [ThrottleCount(scope=bucket.scope, key=bucket.key, count=0, window_start=now)], ignore_conflicts=True
        )
        with transaction.atomic():
            taken = (
                bucket.rows()
                .filter(Q(count__lt=bucket.limit) | expired)
                .update(
                    count=Case(When(expired, then=Value(1)), default=F("count") + 1),
                    window_start=Case(When(expired, then=Value(now)), default=F("window_start")),
                )
            )
            if taken:
                return bucket.rows().values_list("count", flat=True).first()
            if bucket.rows().exists():
                return None
    return None


def refused_until(bucket: Bucket) -> datetime | None:
    """When ``bucket`` takes guesses again, or None if it does now (for pages that only ask)."""
    row = bucket.rows().filter(count__gte=bucket.limit).values_list("window_start", flat=True).first()
    if row is None or row + bucket.window <= timezone.now():
        return None
    return row + bucket.window


def attempt(*buckets: Bucket) -> Attempt:
    """Take a slot in every bucket, or raise ``Throttled`` for the first full one (giving back those taken)."""
    now = timezone.now()
    taken = Attempt()
    for bucket in buckets:
        count = _take(bucket, now)
        if count is None:
            taken.succeeded()  # not a failure: nothing was checked
            until = refused_until(bucket) or now + bucket.window
            raise Throttled(bucket, until)
        taken.taken.append((bucket, count))
    return taken


def _forget_old() -> None:
    """Rows whose window ended a day ago count nothing: dropped so the table stays small."""
    ThrottleCount.objects.filter(window_start__lt=timezone.now() - timedelta(days=1)).delete()


def clear(scope: str | None = None) -> int:
    """Lift every lock (``manage.py throttle_reset``), or those of one scope."""
    rows = ThrottleCount.objects.all() if scope is None else ThrottleCount.objects.filter(scope=scope)
    return rows.delete()[0]
