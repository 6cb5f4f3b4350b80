"""Tournament, players, teams, sessions and seats."""
from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator, RegexValidator
from django.db import models
from django.urls import reverse
from django.utils.functional import lazy
from django.utils.translation import gettext_lazy as _

from scoring.rules.ranking import TIEBREAKS
from scoring.rules.rotation import WINDS
from scoring.rules.table_points import parse_table_points


# The four winds by letter (``scoring.rules.rotation.WINDS``), named in the user's language.
WIND_NAMES = dict(zip(WINDS, (_("East"), _("South"), _("West"), _("North"))))


# Choices are defined at module level so the models' Meta can constrain the columns to them.
class RuleSet(models.TextChoices):
    MCR = "mcr", _("Mahjong Competition Rules (MCR)")


class TournamentFormat(models.TextChoices):
    ROUND_ROBIN = "round_robin", _("Round robin")
    SWISS = "swiss", _("Swiss")
    MIXED = "mixed", _("Mixed (round robin, then Swiss)")


class RoleKind(models.TextChoices):
    ORGANIZER = "organizer", _("Organizer")
    REFEREE = "referee", _("Referee")
    # Reopens signed score sheets and countersigns them (MCR appendix 5, "General Umpire Chief"); scores too.
    CHIEF_REFEREE = "chief_referee", _("Chief referee")


class PlayerConfirmation(models.TextChoices):
    """How the four players confirm a finished score sheet before the referee signs it (MCR 3.9.1.4, 3.9.2)."""

    NONE = "none", _("Not in the system (the players sign the paper sheet)")
    DEVICE = "device", _("On the referee's device")
    PHONE = "phone", _("On their own phone, with their player code")
    EITHER = "either", _("On the referee's device or their own phone")


class EscalationScope(models.TextChoices):
    """Where earlier fouls of the same kind are counted for the escalating penalties (MCR 3.11.6.3-5)."""

    SESSION = "session", _("In the same session")
    TOURNAMENT = "tournament", _("In the whole tournament")


class SessionStatus(models.TextChoices):
    PLANNED = "planned", _("Planned")
    SEATED = "seated", _("Seated")
    PUBLISHED = "published", _("Seating published")
    CLOSED = "closed", _("Closed")


class Tournament(models.Model):
    Rules = RuleSet
    Format = TournamentFormat

    name = models.CharField(_("name"), max_length=200)
    slug = models.SlugField(_("short name"), max_length=80, unique=True)
    start_date = models.DateField(_("start date"), null=True, blank=True)
    end_date = models.DateField(_("end date"), null=True, blank=True)
    venue = models.CharField(_("venue"), max_length=200, blank=True)
    rules = models.CharField(_("rule set"), max_length=20, choices=Rules.choices, default=Rules.MCR)
    format = models.CharField(_("format"), max_length=20, choices=Format.choices, default=Format.ROUND_ROBIN)
    session_count = models.PositiveSmallIntegerField(
        _("number of sessions"), default=6, validators=[MinValueValidator(1), MaxValueValidator(60)]
    )
    round_robin_sessions = models.PositiveSmallIntegerField(
        _("round-robin sessions before Swiss"), default=0,
        help_text=_("Only for the mixed format: how many sessions are seated round robin before Swiss pairing starts."),
    )
    hands_per_session = models.PositiveSmallIntegerField(
        _("hands per session"), default=16, validators=[MinValueValidator(1), MaxValueValidator(16)]
    )
    session_minutes = models.PositiveSmallIntegerField(_("session time limit (minutes)"), default=150)
    table_points = models.CharField(
        _("table points"), max_length=40, default="4/2/1/0",
        help_text=_("Points for 1st/2nd/3rd/4th place at a table; ties share the points of their places."),
    )
    tiebreaks = models.CharField(
        _("further tie-breaks"), max_length=200, blank=True, default="first_places,best_session_score",
        help_text=lazy(lambda: _("After table points and score, comma-separated, in order: %(keys)s.")
                       % {"keys": ", ".join(TIEBREAKS)}, str)(),  # interpolated per request, so translated
    )
    appeal_minutes = models.PositiveSmallIntegerField(_("appeal window (minutes)"), default=30)
    appeal_fee = models.DecimalField(_("appeal fee"), max_digits=8, decimal_places=2, default=0)
    appeal_fee_currency = models.CharField(_("appeal fee currency"), max_length=3, default="EUR")
    published = models.BooleanField(_("public"), default=True, help_text=_("Show standings and seating to everyone."))
    group = models.CharField(
        _("group"), max_length=40, blank=True,
        help_text=_("Printed as “Group” on the score sheets and the record of fouls (MCR appendices 5 and 6), "
                    "e.g. A or Open."))
    player_confirmation = models.CharField(
        _("players confirm the sheet"), max_length=10, choices=PlayerConfirmation.choices,
        default=PlayerConfirmation.NONE,
        help_text=_("Before the referee signs a finished sheet, each of the four players confirms it."))
    countersign_required = models.BooleanField(
        _("chief referee countersigns"), default=False,
        help_text=_("A signed sheet counts as final only once the chief referee has countersigned it."))
    escalation_scope = models.CharField(
        _("repeated fouls are counted"), max_length=12, choices=EscalationScope.choices,
        default=EscalationScope.SESSION,
        help_text=_("Changing one's mind on a claim, touching the wall early and late pungs: a warning the first "
                    "time, then 5, 10, 20 points and doubling."))
    two_person_entry = models.BooleanField(
        _("two-person entry"), default=False,
        help_text=_("A hand counts only once a second scorer, or one of the table's players, confirms it."))
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-start_date", "name"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(condition=models.Q(hands_per_session__gte=1, hands_per_session__lte=16),
                                   name="tournament_hands_per_session_range"),
            models.CheckConstraint(condition=models.Q(session_count__gte=1), name="tournament_session_count_positive"),
            models.CheckConstraint(condition=models.Q(rules__in=RuleSet.values), name="tournament_rules_valid"),
            models.CheckConstraint(condition=models.Q(format__in=TournamentFormat.values), name="tournament_format_valid"),
            models.CheckConstraint(condition=models.Q(player_confirmation__in=PlayerConfirmation.values),
                                   name="tournament_player_confirmation_valid"),
            models.CheckConstraint(condition=models.Q(escalation_scope__in=EscalationScope.values),
                                   name="tournament_escalation_scope_valid"),
            models.CheckConstraint(
                condition=models.Q(start_date__isnull=True) | models.Q(end_date__isnull=True)
                | models.Q(end_date__gte=models.F("start_date")),
                name="tournament_ends_after_start"),
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
            errors["tiebreaks"] = _("Unknown tie-break(s): %(keys)s. Choose from %(choices)s.") % {
                "keys": ", ".join(unknown), "choices": ", ".join(TIEBREAKS)}
        if self.start_date and self.end_date and self.end_date < self.start_date:
            errors["end_date"] = _("The tournament cannot end before it starts.")
        if self.format == self.Format.MIXED and not 0 < self.round_robin_sessions < self.session_count:
            errors["round_robin_sessions"] = _("A mixed tournament needs between 1 and %(n)s round-robin sessions.") % {
                "n": self.session_count - 1}
        if errors:
            raise ValidationError(errors)

    @property
    def confirmation_methods(self) -> tuple[str, ...]:
        """The ways players may confirm a sheet: ``device``, ``phone``; none when they sign on paper."""
        return {PlayerConfirmation.NONE: (), PlayerConfirmation.DEVICE: ("device",),
                PlayerConfirmation.PHONE: ("phone",), PlayerConfirmation.EITHER: ("device", "phone")}[
            self.player_confirmation]

    def tiebreak_keys(self):
        return [k.strip() for k in self.tiebreaks.split(",") if k.strip()]

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
    name = models.CharField(_("name"), max_length=120)

    class Meta:
        ordering = ["name"]
        constraints = [models.UniqueConstraint(fields=["tournament", "name"], name="unique_team_name")]

    def __str__(self):
        return self.name


country_validator = RegexValidator(r"^[A-Z]{2}$", _("Use the two-letter country code, e.g. ES."))
ema_validator = RegexValidator(r"^\d{8}$", _("An EMA id has eight digits, e.g. 04000001."))


class Player(models.Model):
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="players")
    number = models.PositiveIntegerField(_("number"), validators=[MinValueValidator(1)])
    name = models.CharField(_("name"), max_length=120)
    country = models.CharField(_("country"), max_length=2, blank=True, validators=[country_validator])
    club = models.CharField(_("club"), max_length=120, blank=True)
    ema_id = models.CharField(_("EMA id"), max_length=8, blank=True, validators=[ema_validator])
    team = models.ForeignKey(Team, on_delete=models.SET_NULL, null=True, blank=True, related_name="players",
                             verbose_name=_("team"))
    is_substitute = models.BooleanField(
        _("substitute"), default=False,
        help_text=_("Fills a seat so tables have four; their own results are not ranked, their opponents' count."),
    )
    # The player's private code: typed on the confirmation page, or part of their private link, to confirm
    # score sheets on their own phone. Made by tournament.services.player_codes_generate.
    code = models.CharField(_("player code"), max_length=12, blank=True)

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_player_number"),
            models.UniqueConstraint(fields=["tournament", "code"], condition=~models.Q(code=""),
                                    name="unique_player_code"),
        ]

    def __str__(self):
        return f"{self.number}. {self.name}"

    def get_absolute_url(self):
        return reverse("player-detail", args=[self.tournament.slug, self.number])

    @property
    def code_display(self) -> str:
        """The code as printed on the player card, in two groups of four: K7PM-4XQ2."""
        return "-".join(self.code[i:i + 4] for i in range(0, len(self.code), 4))

    def clean(self):
        if self.team_id and self.team.tournament_id != self.tournament_id:
            raise ValidationError({"team": _("The team belongs to another tournament.")})


class Session(models.Model):
    Status = SessionStatus

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="sessions")
    number = models.PositiveSmallIntegerField(_("number"), validators=[MinValueValidator(1)])
    status = models.CharField(_("status"), max_length=20, choices=Status.choices, default=Status.PLANNED)
    seating_method = models.CharField(_("seating method"), max_length=40, blank=True)
    seed = models.BigIntegerField(_("seed"), null=True, blank=True)
    closed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="unique_session_number"),
            models.CheckConstraint(condition=models.Q(status__in=SessionStatus.values), name="session_status_valid"),
        ]

    def __str__(self):
        return _("Session %(n)s") % {"n": self.number}

    def get_absolute_url(self):
        return reverse("session-detail", args=[self.tournament.slug, self.number])


class Table(models.Model):
    session = models.ForeignKey(Session, on_delete=models.CASCADE, related_name="tables")
    number = models.PositiveSmallIntegerField(_("number"), validators=[MinValueValidator(1)])

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


class CodeFailure(models.Model):
    """A wrong player code typed on the confirmation page, counted to slow down guessing."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+")
    address = models.CharField(max_length=64, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        indexes = [models.Index(fields=["tournament", "address", "created_at"])]


class AuditLog(models.Model):
    """Who changed what, written in the same transaction as the change."""

    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="audit_log", null=True)
    actor = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True)
    action = models.CharField(max_length=60)
    object_type = models.CharField(max_length=60, blank=True)
    object_id = models.CharField(max_length=60, blank=True)
    data = models.JSONField(default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["tournament", "-created_at"])]

    def __str__(self):
        return f"{self.created_at:%Y-%m-%d %H:%M} {self.actor}: {self.action}"
