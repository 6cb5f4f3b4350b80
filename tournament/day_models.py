"""What a real day adds to a tournament's records (issue 29): a session's start time and day and its roll call
(``SessionDayMixin``, mixed into ``Session``), each player's answer to a roll call (``CheckIn``) and the chief
referee's deciders between players tied on everything (``TieDecider``). Beside ``tournament.models``, which
imports them; relations are named by label, so this module needs nothing from there."""

from datetime import timedelta

from django.conf import settings
from django.core.validators import MaxValueValidator, ProhibitNullCharactersValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from tournament import (
    floor_models,  # noqa: F401 -- the floor's records (issue 31) load with the app's models here
    lifecycle,
)
from tournament.lifecycle import CheckInStatus

no_nul = ProhibitNullCharactersValidator()  # PostgreSQL cannot store NUL in text

# The chief referee warns the players a quarter of an hour before the end of a session (MCR 3.5.6).
CLOCK_WARNING = timedelta(minutes=15)
# One table's extra time: more than a session's length is a typing mistake.
EXTRA_MINUTES_MAX = 24 * 60


def clock_state(starts_at, ends_at, now) -> str:
    """``none`` (no clock), ``scheduled`` (not started yet), ``running``, ``warning`` (the last quarter of
    an hour, when the chief referee warns the players, MCR 3.5.6) or ``ended``: of a session's clock or of
    one table's (``TableTimeMixin.ends_at``)."""
    if ends_at is None or starts_at is None:
        return "none"
    if now < starts_at:
        return "scheduled"
    if now >= ends_at:
        return "ended"
    if now >= ends_at - CLOCK_WARNING:
        return "warning"
    return "running"


class SessionDayMixin(models.Model):
    """A session's start as players are told, its day, and what its roll call allows (``Session``)."""

    # The timetable: when the session is planned to begin ("Session 3 starts at 14:00"), set before it is
    # seated; its local date is the session's day. The clock's start, once scheduled, takes over (``start_time``).
    planned_start = models.DateTimeField(_("planned start"), null=True, blank=True)
    # Its roll call (``tournament.lifecycle.ROLL_CALL``), written only by that lifecycle's moves.
    roll_call = models.CharField(
        _("roll call"), max_length=10, choices=lifecycle.RollCallStatus.choices, default=lifecycle.RollCallStatus.NONE
    )

    class Meta:
        abstract = True

    @property
    def start_time(self):
        """When it begins, as players are told: the clock's start once scheduled, else the timetable's."""
        return getattr(self, "starts_at", None) or self.planned_start

    @property
    def has_started(self) -> bool:
        start = self.start_time
        return start is not None and start <= timezone.now()

    @property
    def day(self):
        """The local date it is played on (multi-day events group sessions by it); None without a time."""
        start = self.start_time
        return timezone.localdate(start) if start is not None else None

    @property
    def roll_call_taking(self) -> bool:
        """The desk (and, when opened to them, the players) may mark who is here."""
        return lifecycle.roll_call_taking(self)

    @property
    def self_check_in(self) -> bool:
        return lifecycle.self_check_in(self)


class CheckIn(models.Model):
    """A player's answer to a session's roll call (``tournament.lifecycle.CheckInStatus``), written only by
    the moves of ``lifecycle.CHECK_IN`` (``schedule.attendance``). No row: not here yet."""

    Status = CheckInStatus

    session = models.ForeignKey("tournament.Session", on_delete=models.CASCADE, related_name="check_ins")
    player = models.ForeignKey("tournament.Player", on_delete=models.CASCADE, related_name="check_ins")
    status = models.CharField(_("status"), max_length=10, choices=CheckInStatus.choices, default=CheckInStatus.EXPECTED)
    # "desk" (marked by the staff) or "self" (by the player, on their private page).
    by_self = models.BooleanField(_("checked in themself"), default=False)
    changed_at = models.DateTimeField(auto_now=True)
    changed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["session", "player__number"]
        constraints = [
            models.UniqueConstraint(fields=["session", "player"], name="unique_check_in"),
            models.CheckConstraint(condition=lifecycle.CHECK_IN.q(CheckInStatus.values), name="check_in_status_valid"),
        ]

    def __str__(self):
        return f"{self.session}: {self.player} ({self.get_status_display()})"


class TieDeciderMethod(models.TextChoices):
    PLAY_OFF = "play_off", _("Play-off")
    LOTS = "lots", _("Drawing lots")
    OTHER = "other", _("Other")


class TieDecider(models.Model):
    """The chief referee's decision between players tied on everything the standings compare (MCR 3.10.1):
    their order, best first, by a play-off or by lots. It orders them while they stay tied that way; kept,
    never deleted (withdrawing one marks it)."""

    Method = TieDeciderMethod

    tournament = models.ForeignKey("tournament.Tournament", on_delete=models.CASCADE, related_name="tie_deciders")
    # Player numbers, best first.
    order = models.JSONField(_("order"), default=list)
    method = models.CharField(_("decided by"), max_length=10, choices=TieDeciderMethod.choices)
    note = models.CharField(_("note"), max_length=200, blank=True, validators=[no_nul])
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["tournament", "created_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(method__in=TieDeciderMethod.values), name="tie_decider_method_valid"
            ),
        ]

    def __str__(self):
        return _("Tie decided by %(method)s: %(order)s") % {
            "method": self.get_method_display(),
            "order": ", ".join(map(str, self.order)),
        }

    @property
    def active(self):
        return self.withdrawn_at is None


class WithdrawalDayFields(models.Model):
    """When a withdrawn player left during a session, and when they came back (``Withdrawal``)."""

    # Left during their first session out, after this many hands at their table (the rest are not played
    # there); None when they left before it began.
    after_hand = models.PositiveSmallIntegerField(_("after hand"), null=True, blank=True)
    # The player came back and plays again from this session on (``schedule.withdrawals.player_return``).
    back_from = models.PositiveSmallIntegerField(_("back from session"), null=True, blank=True)

    class Meta:
        abstract = True


class SeatingVersion(models.Model):
    """A session's seating as it was just before something replaced it (a draw again, a new schedule, a chart,
    a Swiss pairing made again, or a restore): kept, so a seating replaced by mistake can be put back while the
    session is unpublished (``schedule.seating_versions``). Player numbers, table by table, East..North."""

    session = models.ForeignKey("tournament.Session", on_delete=models.CASCADE, related_name="seating_versions")
    tables = models.JSONField(_("tables"), default=list)
    seating_method = models.CharField(_("seating method"), max_length=40, blank=True, validators=[no_nul])
    seed = models.BigIntegerField(_("seed"), null=True, blank=True)
    # When and by whom it was replaced, and by what (the new seating's method).
    replaced_at = models.DateTimeField(auto_now_add=True)
    replaced_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    replaced_with = models.CharField(_("replaced with"), max_length=40, blank=True, validators=[no_nul])

    class Meta:
        ordering = ["session", "-replaced_at", "-id"]

    def __str__(self):
        return _("%(session)s as seated before %(when)s") % {"session": self.session, "when": self.replaced_at}


class TableTimeMixin(models.Model):
    """One table's extra time on the session clock (``Table``): a table that started late, or was held up,
    plays that many minutes after the session's bell. Set by ``schedule.clock.table_time_extend``."""

    extra_minutes = models.PositiveSmallIntegerField(
        _("extra minutes"), default=0, validators=[MaxValueValidator(EXTRA_MINUTES_MAX)]
    )
    extra_reason = models.CharField(_("why the extra time"), max_length=200, blank=True, validators=[no_nul])

    class Meta:
        abstract = True

    @property
    def ends_at(self):
        """This table's bell: the session's, plus its extra minutes; None without a clock. The one definition
        the table page, the hall, the cut-off for new hands, the dashboard and the API read."""
        bell = self.session.ends_at
        return None if bell is None else bell + timedelta(minutes=self.extra_minutes)

    def clock_state(self, now) -> str:
        return clock_state(self.session.starts_at, self.ends_at, now)  # type: ignore[attr-defined]
