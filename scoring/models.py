"""Score sheets, hands (with every version kept) and penalties."""
import json

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator, ProhibitNullCharactersValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from scoring.rules import payments as pay


# Far above any real hand or penalty, far below what an integer column holds: both databases refuse the same.
HAND_POINTS_MAX = 9_999
PENALTY_MAX = 9_999
TILES_MAX_CHARS = 4_000
no_nul = ProhibitNullCharactersValidator()


def validate_tiles(value):
    """The tiles a hand was entered with: small, and without NUL (PostgreSQL's JSON refuses it)."""
    text = json.dumps(value)
    if len(text) > TILES_MAX_CHARS or "\\u0000" in text:
        raise ValidationError(_("The tiles of this hand are not readable."), code="tiles")


class SheetStatus(models.TextChoices):
    OPEN = "open", _("Open")
    SUBMITTED = "submitted", _("Submitted")


class ScoreSheet(models.Model):
    """The score sheet of one table in one session (MCR appendix 5)."""

    Status = SheetStatus

    table = models.OneToOneField("tournament.Table", on_delete=models.CASCADE, related_name="sheet")
    status = models.CharField(_("status"), max_length=20, choices=Status.choices, default=Status.OPEN)
    submitted_at = models.DateTimeField(null=True, blank=True)
    submitted_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                     related_name="+")

    class Meta:
        constraints = [
            models.CheckConstraint(condition=models.Q(status__in=SheetStatus.values), name="sheet_status_valid"),
        ]

    def __str__(self):
        return _("Score sheet, session %(s)s, table %(t)s") % {"s": self.table.session.number, "t": self.table.number}

    @property
    def is_submitted(self):
        return self.status == self.Status.SUBMITTED


DELTA_FIELDS = ("delta_0", "delta_1", "delta_2", "delta_3")


class PositionDeltas(models.Model):
    """Score change of the players who started at positions 0..3 (East..North) of the table.

    Kept per position, not per player, so a table's totals are four column sums in the database.
    """

    delta_0 = models.IntegerField(default=0)
    delta_1 = models.IntegerField(default=0)
    delta_2 = models.IntegerField(default=0)
    delta_3 = models.IntegerField(default=0)

    class Meta:
        abstract = True

    @property
    def deltas(self):
        return [self.delta_0, self.delta_1, self.delta_2, self.delta_3]


class Hand(models.Model):
    sheet = models.ForeignKey(ScoreSheet, on_delete=models.CASCADE, related_name="hands")
    number = models.PositiveSmallIntegerField(validators=[MinValueValidator(1), MaxValueValidator(16)])
    # The version that counts; older versions stay as history.
    current = models.OneToOneField("HandVersion", on_delete=models.PROTECT, null=True, blank=True, related_name="+")

    class Meta:
        ordering = ["sheet", "number"]
        constraints = [
            models.UniqueConstraint(fields=["sheet", "number"], name="unique_hand_number"),
            models.CheckConstraint(condition=models.Q(number__gte=1, number__lte=16), name="hand_number_range"),
        ]

    def __str__(self):
        return _("Hand %(n)s") % {"n": self.number}


class HandVersion(PositionDeltas):
    """One entry of a hand as the referee gave it. Corrections add versions; none is overwritten."""

    class Outcome(models.TextChoices):
        DISCARD = pay.DISCARD, _("Win by discard")
        SELF_DRAWN = pay.SELF_DRAWN, _("Self-drawn win")
        DRAW = pay.DRAW, _("Drawn hand")
        NOT_PLAYED = pay.NOT_PLAYED, _("Not played (time ran out)")

    hand = models.ForeignKey(Hand, on_delete=models.CASCADE, related_name="versions")
    version = models.PositiveSmallIntegerField()
    outcome = models.CharField(_("outcome"), max_length=20, choices=Outcome.choices)
    winner = models.ForeignKey("tournament.Player", on_delete=models.PROTECT, null=True, blank=True,
                               related_name="+", verbose_name=_("winner"))
    discarder = models.ForeignKey("tournament.Player", on_delete=models.PROTECT, null=True, blank=True,
                                  related_name="+", verbose_name=_("discarder"))
    points = models.PositiveIntegerField(_("hand points"), default=0, validators=[MaxValueValidator(HAND_POINTS_MAX)])
    flowers = models.PositiveSmallIntegerField(_("flowers"), default=0, validators=[MaxValueValidator(8)])
    # The tiles, when the referee entered them, so the fans can be shown again later.
    tiles = models.JSONField(default=dict, blank=True, validators=[validate_tiles])
    note = models.CharField(_("note"), max_length=300, blank=True, validators=[no_nul])
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["hand", "version"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "version"], name="unique_hand_version"),
            models.CheckConstraint(
                condition=models.Q(delta_0=models.F("delta_1") * -1 - models.F("delta_2") - models.F("delta_3")),
                name="hand_payments_sum_to_zero",
            ),
            models.CheckConstraint(condition=models.Q(flowers__lte=8), name="hand_flowers_range"),
            models.CheckConstraint(condition=models.Q(points__lte=HAND_POINTS_MAX), name="hand_points_range"),
            # The shape of each outcome (MCR 3.9.1.3): who won, who paid, and that nothing else is recorded.
            models.CheckConstraint(
                condition=(
                    models.Q(outcome__in=[pay.DRAW, pay.NOT_PLAYED], winner__isnull=True, discarder__isnull=True,
                             points=0, flowers=0)
                    | models.Q(outcome=pay.SELF_DRAWN, winner__isnull=False, discarder__isnull=True)
                    | (models.Q(outcome=pay.DISCARD, winner__isnull=False, discarder__isnull=False)
                       & ~models.Q(discarder=models.F("winner")))
                ),
                name="hand_outcome_shape",
            ),
        ]

    def __str__(self):
        return f"{self.hand} v{self.version}"


class Penalty(PositionDeltas):
    class To(models.TextChoices):
        NOBODY = pay.TO_NOBODY, _("Paid to nobody")
        EACH_OTHER = pay.TO_EACH_OTHER, _("Paid to each other player")

    sheet = models.ForeignKey(ScoreSheet, on_delete=models.CASCADE, related_name="penalties")
    player = models.ForeignKey("tournament.Player", on_delete=models.PROTECT, related_name="penalties",
                               verbose_name=_("player"))
    amount = models.PositiveIntegerField(_("points"), validators=[MinValueValidator(1), MaxValueValidator(PENALTY_MAX)])
    to = models.CharField(_("paid to"), max_length=20, choices=To.choices, default=To.NOBODY)
    reason = models.CharField(_("reason"), max_length=200, validators=[no_nul])
    hand_number = models.PositiveSmallIntegerField(_("hand"), null=True, blank=True,
                                                   validators=[MinValueValidator(1), MaxValueValidator(16)])
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    # A penalty given in error is withdrawn, never deleted, so the record shows it was given.
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True,
                                     related_name="+")
    withdrawn_reason = models.CharField(max_length=200, blank=True, validators=[no_nul])

    class Meta:
        ordering = ["sheet", "created_at", "id"]
        verbose_name_plural = _("penalties")
        constraints = [
            models.CheckConstraint(condition=models.Q(amount__gte=1), name="penalty_amount_positive"),
            models.CheckConstraint(condition=models.Q(amount__lte=PENALTY_MAX), name="penalty_amount_max"),
            models.CheckConstraint(condition=models.Q(to__in=pay.PENALTY_TARGETS), name="penalty_target_valid"),
            models.CheckConstraint(
                condition=models.Q(hand_number__isnull=True) | models.Q(hand_number__gte=1, hand_number__lte=16),
                name="penalty_hand_number_range"),
        ]

    def __str__(self):
        return f"{self.player}: -{self.amount} ({self.reason})"

    @property
    def active(self):
        return self.withdrawn_at is None

