"""The one table ``core`` keeps: the throttle's counters (core/throttle.py)."""

from django.db import models


class ThrottleCount(models.Model):
    """Failures counted against one key (a login from an address, a player's code...) in the current window.

    One row per key, changed by single UPDATE statements (never read, then written), so every app server counts
    the same failures and parallel requests cannot both slip under the limit."""

    scope = models.CharField(max_length=30)
    # A digest of what is counted (an address, a typed username...): no typed text is kept.
    key = models.CharField(max_length=64)
    count = models.PositiveIntegerField(default=0)
    window_start = models.DateTimeField()

    class Meta:
        constraints = [models.UniqueConstraint(fields=["scope", "key"], name="throttle_one_row_per_key")]
        indexes = [models.Index(fields=["window_start"], name="throttle_window_start")]

    def __str__(self):
        return f"{self.scope} {self.key[:8]}: {self.count}"
