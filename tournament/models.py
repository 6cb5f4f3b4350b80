"""Tournament, players, teams, sessions and seats."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator, ProhibitNullCharactersValidator, RegexValidator
from django.db import models
from django.db.models.lookups import Exact
from django.urls import reverse
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from rules.ranking import TIEBREAKS
from rules.registry import RULE_SETS, get_rule_set
from rules.rotation import WINDS
from rules.table_points import parse_table_points
from tournament import lifecycle
from tournament.choices import (
    AdvanceRule,
    EscalationScope,
    PlayerConfirmation,
    RoleKind,
    RuleSet,
    TournamentFormat,
    WithdrawalReason,
)
from tournament.day_models import (  # noqa: F401 (read from here too)
    CLOCK_WARNING,
    EXTRA_MINUTES_MAX,
    CheckIn,
    SeatingVersion,
    SessionDayMixin,
    TableTimeMixin,
    TieDecider,
    TieDeciderMethod,
    WithdrawalDayFields,
    clock_state,
)
from tournament.finals_models import FinalStage  # noqa: F401 (a model of this app)
from tournament.lifecycle import RollCallStatus, SessionStatus
from tournament.names import compose_display_name, split_display_name  # noqa: F401 (read from here too)
from tournament.querysets import SessionQuerySet, TournamentQuerySet
from tournament.ranking_body import RankingBodyFields

# Bounds the models check themselves (validators) and the database enforces (constraints), so SQLite,
# which stores any integer and any text, refuses exactly what PostgreSQL refuses.
PLAYER_NUMBER_MAX = 99_999
SESSION_COUNT_MAX = 60
TABLE_NUMBER_MAX = 1_000
MINUTES_MAX = 24 * 60
no_nul = ProhibitNullCharactersValidator()  # PostgreSQL cannot store NUL in text


# The four winds by letter (``rules.rotation.WINDS``), named in the user's language.
WIND_NAMES = dict(zip(WINDS, (_("East"), _("South"), _("West"), _("North"))))


class Tournament(RankingBodyFields, models.Model):
    Rules = RuleSet
    Format = TournamentFormat

    objects = TournamentQuerySet.as_manager()

    name = models.CharField(_("name"), max_length=200, validators=[no_nul])
    slug = models.SlugField(_("short name"), max_length=80, unique=True)
    start_date = models.DateField(_("start date"), null=True, blank=True)
    end_date = models.DateField(_("end date"), null=True, blank=True)
    venue = models.CharField(_("venue"), max_length=200, blank=True, validators=[no_nul])
    rules = models.CharField(_("rule set"), max_length=20, choices=Rules.choices, default=Rules.MCR)
    # The organizer's settings where the rulebook leaves a choice (the rule set's OPTIONS, e.g. the
    # Spanish payment mode); checked against the rule set in clean().
    rule_options = models.JSONField(
        _("rule set options"),
        default=dict,
        blank=True,
        help_text=_(
            'Settings of the rule set where its rulebook leaves a choice, e.g. {"payment_mode": '
            '"official"} for the Spanish rules. Empty: the rule set\'s defaults.'
        ),
    )
    format = models.CharField(_("format"), max_length=20, choices=Format.choices, default=Format.ROUND_ROBIN)
    session_count = models.PositiveSmallIntegerField(
        _("number of sessions"), default=6, validators=[MinValueValidator(1), MaxValueValidator(SESSION_COUNT_MAX)]
    )
    round_robin_sessions = models.PositiveSmallIntegerField(
        _("round-robin sessions before Swiss"),
        default=0,
        validators=[MaxValueValidator(SESSION_COUNT_MAX)],
        help_text=_("Only for the mixed format: how many sessions are seated round robin before Swiss pairing starts."),
    )
    hands_per_session = models.PositiveSmallIntegerField(
        _("hands per session"), default=16, validators=[MinValueValidator(1), MaxValueValidator(16)]
    )
    session_minutes = models.PositiveSmallIntegerField(
        _("session time limit (minutes)"), default=150, validators=[MaxValueValidator(MINUTES_MAX)]
    )
    table_points = models.CharField(
        _("table points"),
        max_length=40,
        default="4/2/1/0",
        validators=[no_nul],
        help_text=_("Points for 1st/2nd/3rd/4th place at a table; ties share the points of their places."),
    )
    tiebreaks = models.CharField(
        _("further tie-breaks"),
        max_length=200,
        blank=True,
        default="first_places,best_session_score",
        validators=[no_nul],
        help_text=lazy(
            lambda: (
                _("After table points and score, comma-separated, in order: %(keys)s.") % {"keys": ", ".join(TIEBREAKS)}
            ),
            str,
        )(),  # interpolated per request, so translated
    )
    appeal_minutes = models.PositiveSmallIntegerField(
        _("appeal window (minutes)"), default=30, validators=[MaxValueValidator(MINUTES_MAX)]
    )
    appeal_fee = models.DecimalField(
        _("appeal fee"), max_digits=8, decimal_places=2, default=0, validators=[MinValueValidator(0)]
    )
    appeal_fee_currency = models.CharField(_("appeal fee currency"), max_length=3, default="EUR", validators=[no_nul])
    published = models.BooleanField(_("public"), default=True, help_text=_("Show standings and seating to everyone."))
    group = models.CharField(
        _("group"),
        max_length=40,
        blank=True,
        help_text=_(
            "Printed as “Group” on the score sheets and the record of fouls (MCR appendices 5 and 6), e.g. A or Open."
        ),
    )
    player_confirmation = models.CharField(
        _("players confirm the sheet"),
        max_length=10,
        choices=PlayerConfirmation.choices,
        default=PlayerConfirmation.NONE,
        help_text=_("Before the referee signs a finished sheet, each of the four players confirms it."),
    )
    device_confirmation_code = models.BooleanField(
        _("players confirm on the referee's device with their code"),
        default=False,
        help_text=_(
            "On the referee's device each player types the code on their player card before confirming, so the "
            "sheet shows that the player confirmed it themself, not only that someone tapped their name."
        ),
    )
    countersign_required = models.BooleanField(
        _("chief referee countersigns"),
        default=False,
        help_text=_("A signed sheet counts as final only once the chief referee has countersigned it."),
    )
    escalation_scope = models.CharField(
        _("repeated fouls are counted"),
        max_length=12,
        choices=EscalationScope.choices,
        default=EscalationScope.SESSION,
        help_text=_(
            "Changing one's mind on a claim, touching the wall early and late pungs: a warning the first "
            "time, then 5, 10, 20 points and doubling."
        ),
    )
    two_person_entry = models.BooleanField(
        _("two-person entry"),
        default=False,
        help_text=_("A hand counts only once a second scorer, or one of the table's players, confirms it."),
    )
    substitutes_ranked = models.BooleanField(
        _("substitutes are ranked"),
        default=False,
        help_text=_("Off: substitutes are listed apart, below the ranked players. On: they are ranked like everyone."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(
                condition=models.Q(hands_per_session__gte=1, hands_per_session__lte=16),
                name="tournament_hands_per_session_range",
            ),
            models.CheckConstraint(condition=models.Q(session_count__gte=1), name="tournament_session_count_positive"),
            models.CheckConstraint(
                condition=models.Q(session_count__lte=SESSION_COUNT_MAX, round_robin_sessions__lte=SESSION_COUNT_MAX),
                name="tournament_session_count_max",
            ),
            models.CheckConstraint(
                condition=models.Q(session_minutes__lte=MINUTES_MAX, appeal_minutes__lte=MINUTES_MAX),
                name="tournament_minutes_range",
            ),
            models.CheckConstraint(condition=models.Q(appeal_fee__gte=0), name="tournament_appeal_fee_not_negative"),
            models.CheckConstraint(condition=models.Q(rules__in=RuleSet.values), name="tournament_rules_valid"),
            models.CheckConstraint(
                condition=models.Q(format__in=TournamentFormat.values), name="tournament_format_valid"
            ),
            models.CheckConstraint(
                condition=models.Q(player_confirmation__in=PlayerConfirmation.values),
                name="tournament_player_confirmation_valid",
            ),
            models.CheckConstraint(
                condition=models.Q(escalation_scope__in=EscalationScope.values),
                name="tournament_escalation_scope_valid",
            ),
            models.CheckConstraint(
                condition=models.Q(start_date__isnull=True)
                | models.Q(end_date__isnull=True)
                | models.Q(end_date__gte=models.F("start_date")),
                name="tournament_ends_after_start",
            ),
        ]

    def __str__(self):
        return self.name

    def get_absolute_url(self):
        return reverse("tournament-detail", args=[self.slug])

    def clean(self):
        errors = {}
        try:
            parse_table_points(self.table_points)
        except ValueError as exc:
            errors["table_points"] = str(exc)
        unknown = [k for k in self.tiebreak_keys() if k not in TIEBREAKS]
        if unknown:
            errors["tiebreaks"] = ngettext(
                "Unknown tie-break: %(keys)s. Choose from %(choices)s.",
                "Unknown tie-breaks: %(keys)s. Choose from %(choices)s.",
                len(unknown),
            ) % {
                "keys": ", ".join(unknown),
                "choices": ", ".join(TIEBREAKS),
            }
        if not isinstance(self.rule_options, dict):
            errors["rule_options"] = _("The rule set options are a JSON object of option names and values.")
        elif self.rules in RULE_SETS:
            try:
                get_rule_set(self.rules, **self.rule_options)
            except (ValueError, TypeError) as exc:
                errors["rule_options"] = _("These options do not fit the rule set: %(reason)s.") % {"reason": exc}
            else:
                # A rule set whose session length is an option (Spanish) and the tournament must agree: the
                # score sheets follow hands_per_session.
                chosen = self.rule_options.get("hands_per_session")
                if chosen is not None and self.hands_per_session is not None and chosen != self.hands_per_session:
                    errors["hands_per_session"] = _(
                        "The rule set options say %(n)s hands per session; set the same number here."
                    ) % {"n": chosen}
        if self.start_date and self.end_date and self.end_date < self.start_date:
            errors["end_date"] = _("The tournament cannot end before it starts.")
        if self.format == self.Format.MIXED and not 0 < self.round_robin_sessions < self.session_count:
            errors["round_robin_sessions"] = _("A mixed tournament needs between 1 and %(n)s round-robin sessions.") % {
                "n": self.session_count - 1
            }
        if errors:
            raise ValidationError(errors)

    @property
    def rule_set(self):
        """The tournament's rule set (``rules.base.RuleSet``), configured by its options: what the
        web app asks for entry bounds, payments, winds and tiles. Cached on the instance, keyed by the
        settings, so a changed instance never answers with the old rules."""
        key = (self.rules, repr(sorted((self.rule_options or {}).items())))
        cached = getattr(self, "_rule_set_cache", None)
        if cached is None or cached[0] != key:
            cached = (key, get_rule_set(self.rules, **(self.rule_options or {})))
            self._rule_set_cache = cached
        return cached[1]

    @property
    def confirmation_methods(self) -> tuple[str, ...]:
        """The ways players may confirm a sheet: ``device``, ``phone``; none when they sign on paper."""
        methods: dict[str, tuple[str, ...]] = {
            PlayerConfirmation.NONE: (),
            PlayerConfirmation.DEVICE: ("device",),
            PlayerConfirmation.PHONE: ("phone",),
            PlayerConfirmation.EITHER: ("device", "phone"),
        }
        return methods[self.player_confirmation]

    def tiebreak_keys(self):
        return [k.strip() for k in self.tiebreaks.split(",") if k.strip()]

    @property
    def is_over(self) -> bool:
        """Every session is closed: the standings are final (the hall display, the standings page, the API's
        ``over``)."""
        return self.sessions.all_closed()

    def table_points_values(self):
        return parse_table_points(self.table_points)


class TournamentRole(models.Model):
    Role = RoleKind

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="tournament_roles")
    role = models.CharField(max_length=20, choices=Role.choices)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["tournament", "user", "role"], name="unique_tournament_role"),
            models.CheckConstraint(condition=models.Q(role__in=RoleKind.values), name="tournament_role_valid"),
        ]

    def __str__(self):
        return f"{self.user} – {self.get_role_display()} – {self.tournament}"


class Team(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="teams")
    name = models.CharField(_("name"), max_length=120, validators=[no_nul])
    # The captain may appeal a ruling at any table where a member of the team played (MCR 3.12.1). They must
    # be a member: a database constraint cannot look at the player's team (another table), so clean() and
    # tournament.services.team_captain_set check it, and a captain who leaves the team is cleared there.
    captain = models.ForeignKey(
        "Player", on_delete=models.SET_NULL, null=True, blank=True, related_name="+", verbose_name=_("captain")
    )

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["tournament", "name"], name="unique_team_name")]

    def __str__(self):
        return self.name

    def clean(self):
        super().clean()
        if self.captain_id is not None and (self.pk is None or self.captain.team_id != self.pk):
            raise ValidationError(
                {"captain": _("The captain must be a member of the team.")}, code="captain_not_member"
            )


country_validator = RegexValidator(r"^[A-Z]{2}$", _("Use the two-letter country code, e.g. ES."))
ema_validator = RegexValidator(r"^\d{8}$", _("An EMA id has eight digits, e.g. 04000001."))


class Player(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="players")
    number = models.PositiveIntegerField(
        _("number"), validators=[MinValueValidator(1), MaxValueValidator(PLAYER_NUMBER_MAX)]
    )
    # The display name, as the player writes it; the parts are what a ranking body files it under.
    name = models.CharField(_("name"), max_length=120, validators=[no_nul])
    family_name = models.CharField(_("family name"), max_length=120, blank=True, validators=[no_nul])
    given_name = models.CharField(_("given name"), max_length=120, blank=True, validators=[no_nul])
    country = models.CharField(_("country"), max_length=2, blank=True, validators=[country_validator])
    club = models.CharField(_("club"), max_length=120, blank=True, validators=[no_nul])
    ema_id = models.CharField(_("EMA id"), max_length=8, blank=True, validators=[ema_validator])
    no_ema_id = models.BooleanField(
        _("no EMA id"),
        default=False,
        help_text=_("The player has no EMA id (e.g. a first tournament); the ranking file says so."),
    )
    # RESTRICT: a team with members cannot be deleted on its own (their results would lose their team);
    # deleting the whole tournament still removes both.
    team = models.ForeignKey(
        Team, on_delete=models.RESTRICT, null=True, blank=True, related_name="players", verbose_name=_("team")
    )
    is_substitute = models.BooleanField(
        _("substitute"),
        default=False,
        help_text=_("Fills a seat so tables have four; their own results are not ranked, their opponents' count."),
    )
    # The player's private code: typed on the confirmation page, or part of their private link, to confirm
    # score sheets on their own phone. Made by tournament.services.player_codes_generate.
    code = models.CharField(_("player code"), max_length=12, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_player_number"),
            models.UniqueConstraint(
                fields=["tournament", "code"], condition=~models.Q(code=""), name="unique_player_code"
            ),
            models.CheckConstraint(
                condition=models.Q(number__gte=1, number__lte=PLAYER_NUMBER_MAX), name="player_number_range"
            ),
            models.CheckConstraint(
                condition=models.Q(no_ema_id=False) | models.Q(ema_id=""), name="player_ema_id_or_none"
            ),
        ]

    def __str__(self):
        return f"{self.number}. {self.name}"

    def save(self, *args, **kwargs):
        if self.pk is not None:
            # A player's seats, hands and penalties belong to their tournament: moving the player would
            # carry those results into another one.
            stored = type(self).objects.filter(pk=self.pk).values_list("tournament_id", flat=True).first()
            if stored is not None and stored != self.tournament_id:
                raise ValidationError(
                    {"tournament": _("A player cannot be moved to another tournament.")}, code="player_moved"
                )
        super().save(*args, **kwargs)

    def get_absolute_url(self):
        return reverse("player-detail", args=[self.tournament.slug, self.number])

    @property
    def code_display(self) -> str:
        """The code as printed on the player card, in two groups of four: K7PM-4XQ2."""
        return "-".join(self.code[i : i + 4] for i in range(0, len(self.code), 4))

    def clean(self):
        if self.team_id and self.team.tournament_id != self.tournament_id:
            raise ValidationError({"team": _("The team belongs to another tournament.")})
        if self.ema_id and self.no_ema_id:
            raise ValidationError({"no_ema_id": _("The player has an EMA id; clear it or untick “no EMA id”.")})


class Session(SessionDayMixin, models.Model):
    Status = SessionStatus

    objects = SessionQuerySet.as_manager()

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="sessions")
    number = models.PositiveSmallIntegerField(
        _("number"), validators=[MinValueValidator(1), MaxValueValidator(SESSION_COUNT_MAX)]
    )
    status = models.CharField(_("status"), max_length=20, choices=Status.choices, default=Status.PLANNED)
    seating_method = models.CharField(_("seating method"), max_length=40, blank=True, validators=[no_nul])
    seed = models.BigIntegerField(_("seed"), null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)
    # When it was first closed, kept through a reopening: its results were called final then, so any later
    # change to them, made while closed or after reopening, is noted for the organizer (ClosedSessionChange).
    first_closed_at = models.DateTimeField(null=True, blank=True, editable=False)
    # Elimination tournaments: the rule that decided, on this session's results, who played on. Set by
    # schedule.elimination.session_eliminate_and_seat; empty while nobody has been eliminated after it.
    advance_rule = models.CharField(_("who plays on"), max_length=20, choices=AdvanceRule.choices, blank=True)
    advance_count = models.PositiveSmallIntegerField(_("how many play on"), default=0)
    # Player numbers, best first, that the organizer gave to separate players level at the cut (a
    # play-off or a draw): kept so the decision can be read, exported and recomputed.
    advance_order = models.JSONField(_("order of players level at the cut"), default=list, blank=True)
    # The session clock (MCR 3.5.6): it runs from ``starts_at`` (a start pressed now, or one scheduled
    # later) to ``ends_at``, the bell. Both come from the server's clock, never a browser's.
    starts_at = models.DateTimeField(_("clock starts"), null=True, blank=True)
    ends_at = models.DateTimeField(_("clock ends"), null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_session_number"),
            models.CheckConstraint(condition=models.Q(status__in=SessionStatus.values), name="session_status_valid"),
            models.CheckConstraint(
                condition=models.Q(roll_call__in=RollCallStatus.values), name="session_roll_call_valid"
            ),
            # The count each rule takes: none, 1, k in 1..3, n a positive multiple of four, none.
            models.CheckConstraint(
                condition=models.Q(advance_rule="", advance_count=0)
                | models.Q(advance_rule=AdvanceRule.TABLE_WINNER, advance_count=1)
                | models.Q(advance_rule=AdvanceRule.BEST_PER_TABLE, advance_count__gte=1, advance_count__lte=3)
                | (
                    models.Q(advance_rule=AdvanceRule.BEST_OVERALL, advance_count__gte=4)
                    & models.Q(Exact(models.F("advance_count") % 4, 0))
                )
                | models.Q(advance_rule=AdvanceRule.FINAL, advance_count=0),
                name="session_advance_rule_count",
            ),
            models.CheckConstraint(
                condition=models.Q(starts_at__isnull=True, ends_at__isnull=True)
                | models.Q(starts_at__isnull=False, ends_at__isnull=False, ends_at__gt=models.F("starts_at")),
                name="session_clock_ends_after_start",
            ),
        ]

    @property
    def is_public(self) -> bool:
        """Its seating and results are shown to everyone (``SessionQuerySet.public``)."""
        return lifecycle.is_public(self.status)

    @property
    def is_seated(self) -> bool:
        """It has tables and seats (``SessionQuerySet.seated``)."""
        return lifecycle.is_seated(self.status)

    @property
    def is_closed(self) -> bool:
        """Its results are final (``SessionQuerySet.closed``)."""
        return lifecycle.is_closed(self.status)

    @property
    def is_planned(self) -> bool:
        """Not seated yet (``SessionQuerySet.planned``)."""
        return lifecycle.is_planned(self.status)

    # What may be done to it next (``tournament.lifecycle.SESSION``): the sessions pages offer only these.
    @property
    def may_seat(self) -> bool:
        return lifecycle.SESSION.may(self, "seat")

    @property
    def may_publish(self) -> bool:
        return lifecycle.SESSION.may(self, "publish")

    @property
    def may_close(self) -> bool:
        return lifecycle.SESSION.may(self, "close")

    @property
    def may_reopen(self) -> bool:
        return self.is_closed

    @property
    def was_closed(self) -> bool:
        """Its results were once called final: it is closed, or was closed and reopened since."""
        return self.is_closed or self.first_closed_at is not None

    def clock_state(self, now) -> str:
        """The session clock's state now (``day_models.clock_state``); one table's: ``Table.clock_state``."""
        return clock_state(self.starts_at, self.ends_at, now)

    def __str__(self):
        return _("Session %(n)s") % {"n": self.number}

    def get_absolute_url(self):
        return reverse("session-detail", args=[self.tournament.slug, self.number])


class Elimination(models.Model):
    """A player knocked out of an elimination tournament after a session (the round), with the final
    rank they keep; the players of the final table get theirs when it is played (``AdvanceRule.FINAL``)."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="eliminations")
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="eliminations")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="eliminations")
    final_rank = models.PositiveIntegerField(
        _("final rank"), validators=[MinValueValidator(1), MaxValueValidator(PLAYER_NUMBER_MAX)]
    )

    class Meta:
        ordering = ["final_rank", "player__number"]
        constraints = [
            # Knocked out once: a player's final rank is one fact.
            models.UniqueConstraint(fields=["tournament", "player"], name="unique_elimination_per_player"),
            models.CheckConstraint(
                condition=models.Q(final_rank__gte=1, final_rank__lte=PLAYER_NUMBER_MAX),
                name="elimination_final_rank_range",
            ),
        ]

    def __str__(self):
        return f"{self.player}: {self.final_rank}"

    def clean(self):
        if self.player.tournament_id != self.tournament_id or self.session.tournament_id != self.tournament_id:
            raise ValidationError(_("The player and the session must belong to the tournament."))


class Table(TableTimeMixin, models.Model):
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(
        _("number"), validators=[MinValueValidator(1), MaxValueValidator(TABLE_NUMBER_MAX)]
    )

    class Meta:
        ordering = ["session", "number"]
        constraints = [models.UniqueConstraint(fields=["session", "number"], name="unique_table_number")]

    def __str__(self):
        return _("Table %(n)s") % {"n": self.number}

    def seated_players(self):
        """Players in initial East, South, West, North order."""
        seats = sorted(self.seats.all(), key=lambda s: s.position)
        return [s.player for s in seats]


class Seat(models.Model):
    """A player's place at a table for a session; position 0..3 is the initial wind E, S, W, N."""

    table = models.ForeignKey(Table, on_delete=models.CASCADE, related_name="seats")
    # Denormalised so the database itself forbids seating a player twice in one session.
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="seats")
    position = models.PositiveSmallIntegerField(validators=[MaxValueValidator(3)])

    class Meta:
        ordering = ["table", "position"]
        constraints = [
            models.UniqueConstraint(fields=["table", "position"], name="unique_seat_position"),
            models.UniqueConstraint(fields=["session", "player"], name="unique_player_per_session"),
            models.CheckConstraint(condition=models.Q(position__lte=3), name="seat_position_range"),
        ]

    def __str__(self):
        return f"{self.table} {self.wind}: {self.player}"

    @property
    def wind(self):
        return WINDS[self.position]

    @property
    def wind_name(self):
        return WIND_NAMES[self.wind]

    @staticmethod
    def wind_name_of(position):
        """The name of the initial wind of a position (0..3)."""
        return WIND_NAMES[WINDS[position]]


class AuditLog(models.Model):
    """Who changed what, written in the same transaction as the change.

    ``data`` holds the values: for an update, ``changes`` maps each changed field to [old, new]. Entries
    outlive their tournament (SET_NULL, with its slug kept), so replacing one by an import keeps its history.
    """

    tournament = models.ForeignKey(Tournament, on_delete=models.SET_NULL, related_name="audit_log", null=True)
    tournament_slug = models.CharField(max_length=80, blank=True, db_index=True)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    action = models.CharField(max_length=60)
    object_type = models.CharField(max_length=60, blank=True)
    object_id = models.CharField(max_length=60, blank=True)
    data = models.JSONField(default=dict, blank=True)
    # Where the change came from (core.client: behind the trusted proxies); empty outside a request.
    address = models.CharField(_("address"), max_length=45, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["tournament", "-created_at"])]

    def __str__(self):
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.actor}: {self.action}"


class Withdrawal(WithdrawalDayFields, models.Model):
    """A player leaves the tournament from a session on. Never deleted: undoing one marks it undone, so the
    record shows both. A substitute, when one is named, takes the player's seats in the sessions not yet played."""

    Reason = WithdrawalReason

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="withdrawals")
    player = models.ForeignKey(Player, on_delete=models.PROTECT, related_name="withdrawals", verbose_name=_("player"))
    from_session = models.ForeignKey(
        Session, on_delete=models.PROTECT, related_name="+", verbose_name=_("from session")
    )
    reason = models.CharField(_("reason"), max_length=20, choices=WithdrawalReason.choices)
    note = models.CharField(_("note"), max_length=200, blank=True, validators=[no_nul])
    # Whether the player keeps their place in the standings with what they earned before leaving; a
    # disqualified player usually loses their rank (MCR 3.11.5).
    keep_in_standings = models.BooleanField(_("stays in the standings"), default=True)
    substitute = models.ForeignKey(
        Player, on_delete=models.PROTECT, null=True, blank=True, related_name="stands_in", verbose_name=_("substitute")
    )
    # Sessions in which the substitute took the player's seat, so an undo gives back those not played since.
    seats_taken = models.JSONField(default=list, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    undone_at = models.DateTimeField(null=True, blank=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["tournament", "created_at", "id"]
        constraints = [
            # One withdrawal in force per player; undone ones stay on record.
            models.UniqueConstraint(
                fields=["player"], condition=models.Q(undone_at__isnull=True), name="unique_active_withdrawal"
            ),
            models.CheckConstraint(
                condition=models.Q(reason__in=WithdrawalReason.values), name="withdrawal_reason_valid"
            ),
            models.CheckConstraint(
                condition=~models.Q(substitute=models.F("player")), name="withdrawal_substitute_not_self"
            ),
        ]

    def __str__(self):
        return _("%(player)s withdrawn from session %(n)s") % {"player": self.player, "n": self.from_session.number}

    @property
    def active(self):
        return self.undone_at is None
