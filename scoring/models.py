"""Score sheets, hands (with every version kept) and penalties."""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from rules import fouls
from rules import payments as pay
from scoring import lifecycle, penalty_fields
from scoring.lifecycle import (
    APPEAL_FINAL_STATUSES,
    APPEAL_OPEN_STATUSES,
    AppealStatus,
    FeeStatus,
    ReopenRequestStatus,
    SheetStatus,
)
from scoring.penalty_fields import WsomFoulFields
from scoring.validators import (  # noqa: F401
    HAND_POINTS_MAX,
    PENALTY_MAX,
    TILES_MAX_CHARS,
    no_nul,
    validate_player_points,
    validate_tiles,
)


class ScoreSheet(models.Model):
    """The score sheet of one table in one session (MCR appendix 5). Its states, their moves and labels, and
    which count as finished or final: ``scoring.lifecycle``."""

    Status = SheetStatus

    table = models.OneToOneField("tournament.Table", on_delete=models.CASCADE, related_name="sheet")
    status = models.CharField(_("status"), max_length=20, choices=Status.choices, default=Status.OPEN)
    # When and by whom the referee signed (the sheet was "submitted").
    submitted_at = models.DateTimeField(null=True, blank=True)
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        constraints = [
            models.CheckConstraint(condition=models.Q(status__in=SheetStatus.values), name="sheet_status_valid"),
        ]

    def __str__(self):
        return _("Score sheet, session %(s)s, table %(t)s") % {"s": self.table.session.number, "t": self.table.number}

    @property
    def is_submitted(self):
        """Finished: signed by the referee (and perhaps countersigned), locked against every change."""
        return lifecycle.is_finished(self.status)

    is_signed = is_submitted

    @property
    def is_open(self) -> bool:
        """Still being entered: neither awaiting the players' confirmation nor signed."""
        return lifecycle.is_open(self.status)

    def is_final(self, tournament=None):
        """Results are final once signed (appendix 5), and countersigned where the tournament requires it."""
        tournament = tournament or self.table.session.tournament
        return lifecycle.is_final(self.status, tournament.countersign_required)

    @property
    def status_label(self) -> str:
        return lifecycle.label(self.status)


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
    # With two-person entry, the latest entry until a second person confirms it; it then becomes current.
    pending = models.OneToOneField("HandVersion", on_delete=models.PROTECT, null=True, blank=True, related_name="+")

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
    winner = models.ForeignKey(
        "tournament.Player", on_delete=models.PROTECT, null=True, blank=True, related_name="+", verbose_name=_("winner")
    )
    discarder = models.ForeignKey(
        "tournament.Player",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("discarder"),
    )
    points = models.PositiveIntegerField(_("hand points"), default=0, validators=[MaxValueValidator(HAND_POINTS_MAX)])
    flowers = models.PositiveSmallIntegerField(_("flowers"), default=0, validators=[MaxValueValidator(8)])
    # The tiles, when the referee entered them, so the fans can be shown again later.
    tiles = models.JSONField(default=dict, blank=True, validators=[validate_tiles])
    # Every player's points by position, when the rule set scores the losers' hands too (entry.every_player).
    player_points = models.JSONField(_("points by player"), null=True, blank=True, validators=[validate_player_points])
    note = models.CharField(_("note"), max_length=300, blank=True, validators=[no_nul])
    # Entered after the session's bell for a hand the referee declared finished before it (MCR 3.5.6).
    after_bell = models.BooleanField(_("entered after the bell"), default=False)
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    # Two-person entry: who confirmed this entry (a second scorer, or one of the table's players) and when.
    confirmed_at = models.DateTimeField(null=True, blank=True)
    confirmed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    confirmed_by_player = models.ForeignKey(
        "tournament.Player", on_delete=models.PROTECT, null=True, blank=True, related_name="+"
    )
    # The key the entry was sent with (made on the referee's phone, or in the form the server drew): the same
    # entry sent again is answered with this version, never stored twice (scoring.entry_replay). None for
    # imports and entries from before the keys.
    idempotency_key = models.UUIDField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["hand", "version"]
        constraints = [
            models.UniqueConstraint(fields=["hand", "version"], name="unique_hand_version"),
            models.UniqueConstraint(fields=["idempotency_key"], name="unique_hand_entry_key"),
            models.CheckConstraint(
                condition=models.Q(delta_0=models.F("delta_1") * -1 - models.F("delta_2") - models.F("delta_3")),
                name="hand_payments_sum_to_zero",
            ),
            models.CheckConstraint(condition=models.Q(flowers__lte=8), name="hand_flowers_range"),
            models.CheckConstraint(condition=models.Q(points__lte=HAND_POINTS_MAX), name="hand_points_range"),
            # The shape of each outcome (MCR 3.9.1.3): who won, who paid, and that nothing else is recorded.
            models.CheckConstraint(
                condition=(
                    models.Q(
                        outcome__in=[pay.DRAW, pay.NOT_PLAYED],
                        winner__isnull=True,
                        discarder__isnull=True,
                        points=0,
                        flowers=0,
                    )
                    | models.Q(outcome=pay.SELF_DRAWN, winner__isnull=False, discarder__isnull=True)
                    | (
                        models.Q(outcome=pay.DISCARD, winner__isnull=False, discarder__isnull=False)
                        & ~models.Q(discarder=models.F("winner"))
                    )
                ),
                name="hand_outcome_shape",
            ),
            models.CheckConstraint(
                condition=models.Q(confirmed_by__isnull=True) | models.Q(confirmed_by_player__isnull=True),
                name="hand_confirmed_by_one",
            ),
        ]

    def __str__(self):
        return f"{self.hand} v{self.version}"


class Penalty(WsomFoulFields, PositionDeltas):
    """A foul and what it cost. ``foul`` is the catalogue's code (``rules.fouls``); blank for a penalty
    recorded before the catalogue, by amount and target only."""

    class To(models.TextChoices):
        NOBODY = pay.TO_NOBODY, _("Paid to nobody")
        EACH_OTHER = pay.TO_EACH_OTHER, _("Paid to each other player")
        PLAYER = pay.TO_PLAYER, _("Paid to the player harmed")

    sheet = models.ForeignKey(ScoreSheet, on_delete=models.CASCADE, related_name="penalties")
    player = models.ForeignKey(
        "tournament.Player", on_delete=models.PROTECT, related_name="penalties", verbose_name=_("player")
    )
    foul = models.CharField(_("foul"), max_length=20, blank=True)
    # 0 for a foul recorded without points (a warning, a dead hand, a lost session).
    amount = models.PositiveIntegerField(_("points"), validators=[MaxValueValidator(PENALTY_MAX)])
    to = models.CharField(_("paid to"), max_length=20, choices=To.choices, default=To.NOBODY)
    recipient = models.ForeignKey(
        "tournament.Player",
        on_delete=models.PROTECT,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("paid to player"),
    )
    minutes = models.PositiveSmallIntegerField(_("minutes late"), null=True, blank=True)
    seconds = models.PositiveIntegerField(_("seconds"), null=True, blank=True)
    # Which time this is for the escalating fouls (1: the first, a warning), counted when it was recorded.
    occurrence = models.PositiveSmallIntegerField(null=True, blank=True)
    # The player may not win hand `hand_number` (MCR 3.11.3); hand_record refuses them as its winner.
    dead_hand = models.BooleanField(_("dead hand"), default=False)
    reason = models.CharField(_("remark"), max_length=200, blank=True, validators=[no_nul])
    hand_number = models.PositiveSmallIntegerField(
        _("hand"), null=True, blank=True, validators=[MinValueValidator(1), MaxValueValidator(16)]
    )
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)
    # A penalty given in error is withdrawn, never deleted, so the record shows it was given.
    withdrawn_at = models.DateTimeField(null=True, blank=True)
    withdrawn_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    withdrawn_reason = models.CharField(max_length=200, blank=True, validators=[no_nul])
    # As HandVersion.idempotency_key: a foul sent again is stored once.
    idempotency_key = models.UUIDField(null=True, blank=True, editable=False)

    class Meta:
        ordering = ["sheet", "created_at", "id"]
        verbose_name_plural = _("penalties")
        constraints = [
            models.UniqueConstraint(fields=["idempotency_key"], name="unique_penalty_entry_key"),
            models.CheckConstraint(
                condition=models.Q(amount__gte=1) | models.Q(amount=0, foul__in=fouls.WITHOUT_POINTS),
                name="penalty_amount_positive",
            ),
            models.CheckConstraint(condition=models.Q(amount__lte=PENALTY_MAX), name="penalty_amount_max"),
            models.CheckConstraint(condition=models.Q(to__in=pay.PENALTY_TARGETS), name="penalty_target_valid"),
            models.CheckConstraint(
                condition=models.Q(hand_number__isnull=True) | models.Q(hand_number__gte=1, hand_number__lte=16),
                name="penalty_hand_number_range",
            ),
            models.CheckConstraint(condition=models.Q(foul__in=("", *fouls.CODES)), name="penalty_foul_valid"),
            # One player receives the points exactly when they go "to the player harmed", never the offender.
            models.CheckConstraint(
                condition=(
                    models.Q(to=pay.TO_PLAYER, recipient__isnull=False) & ~models.Q(recipient=models.F("player"))
                )
                | (~models.Q(to=pay.TO_PLAYER) & models.Q(recipient__isnull=True)),
                name="penalty_recipient_shape",
            ),
            # A foul without points pays nothing.
            models.CheckConstraint(
                condition=models.Q(amount__gte=1) | models.Q(delta_0=0, delta_1=0, delta_2=0, delta_3=0),
                name="penalty_warning_pays_nothing",
            ),
            models.CheckConstraint(
                condition=models.Q(dead_hand=False)
                | models.Q(hand_number__isnull=False, foul__in=fouls.DEAD_HAND_FOULS),
                name="penalty_dead_hand_shape",
            ),
            models.CheckConstraint(
                condition=models.Q(minutes__isnull=True) | models.Q(foul=fouls.LATE, minutes__gte=1),
                name="penalty_minutes_for_late",
            ),
            models.CheckConstraint(
                condition=models.Q(seconds__isnull=True) | models.Q(foul__in=fouls.TIME_FOULS, seconds__gte=1),
                name="penalty_seconds_for_time",
            ),
            *penalty_fields.CONSTRAINTS,
        ]

    def __str__(self):
        return f"{self.player}: -{self.amount} ({self.nature})"

    @property
    def active(self):
        return self.withdrawn_at is None

    @property
    def foul_name(self) -> str:
        """The catalogue's name of the foul, translated; blank for a penalty recorded before the catalogue."""
        from django.utils.translation import gettext

        return gettext(fouls.CATALOGUE[self.foul].name) if self.foul in fouls.CATALOGUE else ""

    @property
    def description(self) -> str:
        """The catalogue's name with what makes it this foul: how late, how long, which time (appendix 6's
        "nature of the foul"); the reason given for a penalty recorded before the catalogue."""
        from django.utils.translation import gettext

        if not self.foul:
            return self.reason
        details = []
        if self.minutes is not None:
            details.append(gettext("%(n)s min late") % {"n": self.minutes})
        if self.seconds is not None:
            details.append(self.seconds_detail())
        if self.tiles:
            details.append(self.tiles)
        if self.occurrence:
            details.append(occurrence_label(self.occurrence))
        return f"{self.foul_name} ({', '.join(details)})" if details else self.foul_name

    @property
    def paid_to_label(self) -> str:
        """What the foul cost in words: a warning, or to whom the points go."""
        from django.utils.translation import gettext

        if self.is_warning:
            return self.record_only_label() or gettext("Warning, no points")
        if self.to == pay.TO_PLAYER and self.recipient is not None:
            return gettext("Paid to %(player)s") % {"player": self.recipient.name}
        return self.get_to_display()

    @property
    def cost_label(self) -> str:
        """What the foul costs the player in all and what the others receive: a penalty paid to each other
        player costs three times its amount, which "−10, paid to each other player" would hide."""
        from django.utils.translation import gettext

        if self.is_warning:
            return self.record_only_label() or gettext("Warning, no points")
        seats = ("offender", "harmed", "other", "another")
        deltas = pay.penalty_payments(
            seats, "offender", self.amount, self.to, recipient="harmed" if self.to == pay.TO_PLAYER else None
        )
        lost = -deltas["offender"]
        # The audit log's words (tournament.audit_text.penalty_text), so the two never read differently.
        if self.to == pay.TO_EACH_OTHER:
            return gettext("−%(total)s in all, %(amount)s to each other player") % {
                "total": lost,
                "amount": deltas["harmed"],
            }
        if self.to == pay.TO_PLAYER and self.recipient is not None:
            return gettext("−%(total)s, paid to %(player)s") % {"total": lost, "player": self.recipient.name}
        return gettext("−%(amount)s, paid to nobody") % {"amount": lost}

    @property
    def nature(self) -> str:
        """The nature of the foul as the record of fouls (appendix 6) gives it: the catalogue's name with the
        referee's remark, or the reason given for a penalty recorded before the catalogue."""
        name = self.foul_name
        if not name:
            return self.reason
        return f"{name}: {self.reason}" if self.reason else name

    @property
    def is_warning(self) -> bool:
        return self.amount == 0


def occurrence_label(n: int) -> str:
    """Which time a repeated foul is: "first time" (a warning), "second time", ..."""
    from django.utils.translation import gettext

    words = {
        1: gettext("first time"),
        2: gettext("second time"),
        3: gettext("third time"),
        4: gettext("fourth time"),
        5: gettext("fifth time"),
        6: gettext("sixth time"),
        7: gettext("seventh time"),
        8: gettext("eighth time"),
    }
    return words.get(n) or gettext("offence number %(n)s") % {"n": n}


class Signature(models.Model):
    """A player's confirmation of a finished sheet, the referee's signature or the chief referee's
    countersignature (MCR 3.9.1.4, 3.9.2, appendix 5). Reopening a sheet voids them; none is deleted."""

    class Role(models.TextChoices):
        PLAYER = "player", _("Player")
        REFEREE = "referee", _("Referee")
        CHIEF_REFEREE = "chief_referee", _("Chief referee")

    class Method(models.TextChoices):
        DEVICE = "device", _("on the referee's device")
        PHONE = "phone", _("on their own phone")

    sheet = models.ForeignKey(ScoreSheet, on_delete=models.CASCADE, related_name="signatures")
    role = models.CharField(max_length=20, choices=Role.choices)
    player = models.ForeignKey("tournament.Player", on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    method = models.CharField(max_length=10, choices=Method.choices, blank=True)
    # Who pressed the button: the referee or chief referee signing, or the referee whose device a player used.
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # The signer's name as recorded: a username, or the name an imported file gave.
    name = models.CharField(max_length=150, blank=True)
    signed_at = models.DateTimeField()
    voided_at = models.DateTimeField(null=True, blank=True)
    voided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    voided_reason = models.CharField(max_length=200, blank=True)

    class Meta:
        ordering = ["sheet", "signed_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(role__in=["player", "referee", "chief_referee"]), name="signature_role_valid"
            ),
            # A player confirms by one of the two methods; the referees sign as themselves.
            models.CheckConstraint(
                condition=models.Q(role="player", player__isnull=False, method__in=["device", "phone"])
                | (~models.Q(role="player") & models.Q(player__isnull=True, method="")),
                name="signature_shape",
            ),
            models.UniqueConstraint(
                fields=["sheet", "player"],
                condition=models.Q(role="player", voided_at__isnull=True),
                name="unique_active_player_confirmation",
            ),
            models.UniqueConstraint(
                fields=["sheet", "role"],
                condition=~models.Q(role="player") & models.Q(voided_at__isnull=True),
                name="unique_active_referee_signature",
            ),
        ]

    def __str__(self):
        return f"{self.get_role_display()} {self.signer} {self.signed_at:%Y-%m-%d %H:%M}"

    @property
    def active(self):
        return self.voided_at is None

    @property
    def signer(self) -> str:
        if self.player_id:
            return str(self.player)
        return self.name or (self.user.get_username() if self.user is not None else "")


class ReopenRequest(models.Model):
    """A referee asking the chief referee to reopen a signed sheet, saying why (only the chief referee reopens
    one: ``sheet_reopen``). It waits in the chief referee's work queue until the sheet is reopened (granted) or
    the chief referee declines it with an answer; at most one waits per sheet."""

    Status = ReopenRequestStatus

    sheet = models.ForeignKey(ScoreSheet, on_delete=models.CASCADE, related_name="reopen_requests")
    reason = models.CharField(max_length=200, validators=[no_nul])
    requested_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    requested_at = models.DateTimeField(default=timezone.now)
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.OPEN)
    decided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    decided_at = models.DateTimeField(null=True, blank=True)
    answer = models.CharField(max_length=200, blank=True, validators=[no_nul])

    class Meta:
        ordering = ["requested_at", "id"]
        constraints = [
            models.UniqueConstraint(
                fields=["sheet"], condition=models.Q(status="open"), name="one_open_reopen_request_per_sheet"
            ),
            models.CheckConstraint(
                condition=models.Q(status="open", decided_at__isnull=True)
                | models.Q(status__in=["granted", "declined"], decided_at__isnull=False),
                name="reopen_request_decided_shape",
            ),
        ]

    def __str__(self):
        return f"{self.sheet}: {self.get_status_display()}"

    @property
    def is_open(self) -> bool:
        return lifecycle.REOPEN_REQUEST.is_in(self, ReopenRequestStatus.OPEN)

    @property
    def is_granted(self) -> bool:
        return lifecycle.REOPEN_REQUEST.is_in(self, ReopenRequestStatus.GRANTED)


# ------------------------------------------------------------------ appeals (MCR 3.12-3.13)

STATEMENT_MAX_CHARS = 2_000
FEE_MAX = 999_999


class AppealKind(models.TextChoices):
    """Which way an appeal goes (MCR 3.13): about the rules to the referees, anything else to the committee."""

    RULE = "rule", _("About the rules (to the referees)")
    OTHER = "other", _("Other (to the appeals committee)")


class Appeal(models.Model):
    """A written appeal against a ruling at a table (MCR 3.12), filed by a player of the table or their team
    captain within the appeal window after the session's end. The decisions are ``AppealDecision`` rows; the
    changes to the sheet an upheld appeal made are ``AppealAmendment`` rows, each pointing at the new hand
    version or penalty the ordinary scoring services created."""

    Kind = AppealKind
    Status = AppealStatus
    Fee = FeeStatus

    class Via(models.TextChoices):
        LINK = "link", _("by the player on their private link")
        REFEREE = "referee", _("by a referee or organizer for the player")

    tournament = models.ForeignKey("tournament.Tournament", on_delete=models.CASCADE, related_name="appeals")
    number = models.PositiveIntegerField()
    sheet = models.ForeignKey(ScoreSheet, on_delete=models.PROTECT, related_name="appeals")
    hand_number = models.PositiveSmallIntegerField(
        _("hand"), null=True, blank=True, validators=[MinValueValidator(1), MaxValueValidator(16)]
    )
    penalty = models.ForeignKey(
        Penalty, on_delete=models.PROTECT, null=True, blank=True, related_name="appeals", verbose_name=_("penalty")
    )
    kind = models.CharField(_("kind of appeal"), max_length=10, choices=AppealKind.choices)
    filer = models.ForeignKey(
        "tournament.Player", on_delete=models.PROTECT, related_name="appeals", verbose_name=_("filed by")
    )
    via = models.CharField(max_length=10, choices=Via.choices)
    filed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # The usernames, kept as they were (a deleted user, or a tournament file imported elsewhere, keeps them), as
    # a decision keeps ``decided_by_name`` and a signature its ``name``.
    filed_by_name = models.CharField(max_length=150, blank=True)
    statement = models.TextField(_("written statement"), max_length=STATEMENT_MAX_CHARS, validators=[no_nul])
    filed_at = models.DateTimeField()
    # Filed after the window closed: only an organizer accepts it, saying why.
    late_reason = models.CharField(_("why a late appeal is accepted"), max_length=300, blank=True, validators=[no_nul])
    late_accepted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    late_accepted_by_name = models.CharField(max_length=150, blank=True)
    fee_amount = models.DecimalField(
        max_digits=8, decimal_places=2, default=0, validators=[MinValueValidator(0), MaxValueValidator(FEE_MAX)]
    )
    fee_currency = models.CharField(max_length=3, blank=True, validators=[no_nul])
    fee_status = models.CharField(max_length=10, choices=FeeStatus.choices, default=FeeStatus.PAID)
    status = models.CharField(_("status"), max_length=20, choices=AppealStatus.choices, default=AppealStatus.FILED)
    escalated_at = models.DateTimeField(null=True, blank=True)
    escalation_reason = models.CharField(max_length=1_000, blank=True, validators=[no_nul])

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_appeal_number"),
            models.CheckConstraint(condition=models.Q(kind__in=AppealKind.values), name="appeal_kind_valid"),
            models.CheckConstraint(condition=models.Q(status__in=AppealStatus.values), name="appeal_status_valid"),
            models.CheckConstraint(condition=models.Q(fee_status__in=FeeStatus.values), name="appeal_fee_status_valid"),
            models.CheckConstraint(condition=models.Q(via__in=["link", "referee"]), name="appeal_via_valid"),
            models.CheckConstraint(condition=models.Q(fee_amount__gte=0), name="appeal_fee_not_negative"),
            models.CheckConstraint(
                condition=models.Q(hand_number__isnull=True) | models.Q(hand_number__gte=1, hand_number__lte=16),
                name="appeal_hand_number_range",
            ),
            # Only rule appeals go up to the chief referee (MCR 3.13.1).
            models.CheckConstraint(
                condition=models.Q(kind="rule") | ~models.Q(status__in=["referee_rejected", "escalated"]),
                name="appeal_escalation_rule_only",
            ),
        ]

    def __str__(self):
        return _("Appeal %(n)s") % {"n": self.number}

    @property
    def is_open(self) -> bool:
        return lifecycle.APPEAL.is_in(self, *APPEAL_OPEN_STATUSES)

    @property
    def is_final(self) -> bool:
        return lifecycle.APPEAL.is_in(self, *APPEAL_FINAL_STATUSES)

    @property
    def is_upheld(self) -> bool:
        return lifecycle.APPEAL.is_in(self, AppealStatus.UPHELD)


class AppealDecision(models.Model):
    """One step of an appeal's path: who decided, in which capacity, what and why, and when."""

    class Body(models.TextChoices):
        REFEREES = "referees", _("Referees")
        CHIEF_REFEREE = "chief_referee", _("Chief referee")
        COMMITTEE = "committee", _("Appeals committee")

    class Outcome(models.TextChoices):
        UPHELD = "upheld", _("Upheld")
        REJECTED = "rejected", _("Rejected")

    appeal = models.ForeignKey(Appeal, on_delete=models.CASCADE, related_name="decisions")
    body = models.CharField(max_length=20, choices=Body.choices)
    outcome = models.CharField(max_length=10, choices=Outcome.choices)
    reasons = models.TextField(max_length=STATEMENT_MAX_CHARS, validators=[no_nul])
    decided_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    decided_by_name = models.CharField(max_length=150, blank=True)
    decided_at = models.DateTimeField()

    class Meta:
        ordering = ["appeal", "decided_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(body__in=["referees", "chief_referee", "committee"]),
                name="appeal_decision_body_valid",
            ),
            models.CheckConstraint(
                condition=models.Q(outcome__in=["upheld", "rejected"]), name="appeal_decision_outcome_valid"
            ),
            # Each body decides an appeal once.
            models.UniqueConstraint(fields=["appeal", "body"], name="unique_appeal_decision_body"),
        ]


class AppealAmendment(models.Model):
    """A change to the sheet made because of an upheld appeal, through the ordinary scoring services: a new
    hand version, a penalty added, or one withdrawn."""

    class Kind(models.TextChoices):
        HAND = "hand", _("Hand corrected")
        PENALTY_ADDED = "penalty_added", _("Penalty added")
        PENALTY_WITHDRAWN = "penalty_withdrawn", _("Penalty withdrawn")

    appeal = models.ForeignKey(Appeal, on_delete=models.CASCADE, related_name="amendments")
    kind = models.CharField(max_length=20, choices=Kind.choices)
    hand_version = models.ForeignKey(HandVersion, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    penalty = models.ForeignKey(Penalty, on_delete=models.PROTECT, null=True, blank=True, related_name="+")
    created_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["appeal", "created_at", "id"]
        constraints = [
            models.CheckConstraint(
                condition=models.Q(kind="hand", hand_version__isnull=False, penalty__isnull=True)
                | models.Q(
                    kind__in=["penalty_added", "penalty_withdrawn"], hand_version__isnull=True, penalty__isnull=False
                ),
                name="appeal_amendment_shape",
            ),
        ]


class ClosedSessionChange(models.Model):
    """A change to the results of a session once closed (an upheld appeal's amendment, a sheet reopened after
    the session was reopened, say), written by the scoring service that made it (``_note_if_closed``). The
    organizer sees it on the dashboard and the session's page until they acknowledge it: the results they
    called final have moved."""

    class What(models.TextChoices):
        HAND = "hand", _("a hand recorded or corrected")
        FOUL = "foul", _("a foul recorded")
        PENALTY_WITHDRAWN = "penalty_withdrawn", _("a penalty withdrawn")
        HANDS_NOT_PLAYED = "hands_not_played", _("hands recorded not played")
        SHEET_REOPENED = "sheet_reopened", _("the score sheet reopened by the chief referee")

    session = models.ForeignKey("tournament.Session", on_delete=models.CASCADE, related_name="changes_after_closing")
    sheet = models.ForeignKey(ScoreSheet, on_delete=models.CASCADE, related_name="+")
    appeal = models.ForeignKey(Appeal, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    what = models.CharField(max_length=20, choices=What.choices)
    changed_at = models.DateTimeField(auto_now_add=True)
    changed_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    acknowledged_at = models.DateTimeField(null=True, blank=True)
    acknowledged_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["session", "changed_at", "id"]
        indexes = [models.Index(fields=["session", "acknowledged_at"], name="closed_change_unacknowledged")]
