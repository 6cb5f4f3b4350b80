"""People across tournaments, series of tournaments and the rankings computed for them.

A *person* is who a tournament's player is, across tournaments: players with the same EMA id are one
person; an organizer links players without one (``PlayerLink.manual``). A *series* is a named set of
finished tournaments with a ranking method and its parameters; each computation of its ranking is kept
(``SeriesRanking``, numbered), so a correction makes a new version and never changes a published one.
"""

from __future__ import annotations

from decimal import Decimal

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from ratings.base import MAX_RESULTS_PARAMETER
from tournament.models import Player, Tournament, country_validator, ema_validator, no_nul

MAX_WEIGHT = Decimal(1000)


def ema_decay() -> list[dict]:
    """The EMA's time decay since 2018 (docs/series.md): half after a year, nothing after two."""
    return [{"older_than_days": 365, "factor": "0.5"}, {"older_than_days": 730, "factor": "0"}]


class Person(models.Model):
    """Someone who played in tournaments here. Name and country are those of their most recent tournament."""

    name = models.CharField(_("name"), max_length=120, validators=[no_nul])
    family_name = models.CharField(_("family name"), max_length=120, blank=True, validators=[no_nul])
    given_name = models.CharField(_("given name"), max_length=120, blank=True, validators=[no_nul])
    country = models.CharField(_("country"), max_length=2, blank=True, validators=[country_validator])
    ema_id = models.CharField(_("EMA id"), max_length=8, blank=True, validators=[ema_validator])
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = _("person")
        verbose_name_plural = _("people")
        constraints = [
            # An EMA id is one person: two people never share it.
            models.UniqueConstraint(fields=["ema_id"], condition=~models.Q(ema_id=""), name="unique_person_ema_id"),
        ]

    def __str__(self) -> str:
        return f"{self.name} ({self.ema_id})" if self.ema_id else self.name

    def get_absolute_url(self) -> str:
        return reverse("person-detail", args=[self.pk])


class PlayerLink(models.Model):
    """Which person a tournament's player is. Made by ``series.services.people_sync`` from EMA ids, or by an
    organizer (``manual``) for a player without one; never merged silently."""

    player = models.OneToOneField(Player, on_delete=models.CASCADE, related_name="person_link")
    # Denormalised from the player so the database itself refuses a person twice in one tournament.
    tournament = models.ForeignKey(Tournament, on_delete=models.CASCADE, related_name="+")
    person = models.ForeignKey(Person, on_delete=models.PROTECT, related_name="links")
    manual = models.BooleanField(_("linked by an organizer"), default=False)
    linked_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    linked_at = models.DateTimeField(auto_now=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["person", "tournament"], name="unique_person_per_tournament"),
        ]

    def __str__(self) -> str:
        return f"{self.player} → {self.person}"


class SeriesMethod(models.TextChoices):
    MERS = "mers", _("MERS (the EMA's ranking)")
    LEAGUE = "league", _("League (best results summed)")


class LeagueBy(models.TextChoices):
    TABLE_POINTS = "table_points", _("Table points")
    BASE_RANK = "base_rank", _("Base rank")


class SeriesRoleKind(models.TextChoices):
    ORGANIZER = "organizer", _("Series organizer")


class SeriesQuerySet(models.QuerySet):
    def visible_to(self, user) -> SeriesQuerySet:
        """The one rule of who sees a series (the twin of ``Tournament.objects.visible_to``), read by the series
        pages, the lists and the API: a public one, everyone; one that is not public, its organizers and the
        superusers. Others get "no such series" (404)."""
        if getattr(user, "is_superuser", False):
            return self.all()
        visible = models.Q(published=True)
        if getattr(user, "is_authenticated", False):
            visible |= models.Q(pk__in=SeriesRole.objects.filter(user=user).values("series_id"))
        return self.filter(visible)


class Series(models.Model):
    Method = SeriesMethod

    objects = SeriesQuerySet.as_manager()

    name = models.CharField(_("name"), max_length=200, validators=[no_nul])
    slug = models.SlugField(_("short name"), max_length=80, unique=True)
    description = models.TextField(_("description"), max_length=2000, blank=True, validators=[no_nul])
    published = models.BooleanField(_("public"), default=True, help_text=_("Show the ranking to everyone."))
    method = models.CharField(_("ranking method"), max_length=10, choices=SeriesMethod.choices)
    as_of = models.DateField(
        _("ranking date"),
        null=True,
        blank=True,
        help_text=_("Results are aged to this day, and later tournaments left out. Empty: the day it is computed."),
    )
    decay = models.JSONField(
        _("time decay"),
        default=ema_decay,
        blank=True,
        help_text=_("Steps of (older than N days, factor), youngest first; a factor of 0 drops the result."),
    )
    minimum_results = models.PositiveSmallIntegerField(
        _("minimum results"),
        default=5,
        validators=[MaxValueValidator(MAX_RESULTS_PARAMETER)],
        help_text=_("A player with fewer results gets results of 0 at weight 1 to fill the gap."),
    )
    best_results = models.PositiveSmallIntegerField(
        _("best results counted"),
        default=4,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_RESULTS_PARAMETER)],
        help_text=_("MERS: the results of part B. League: the events summed."),
    )
    listed_from = models.PositiveSmallIntegerField(
        _("listed from"),
        default=2,
        validators=[MaxValueValidator(MAX_RESULTS_PARAMETER)],
        help_text=_("A player is listed with at least this many real results."),
    )
    part_a_best = models.PositiveSmallIntegerField(
        _("part A: best results"),
        null=True,
        blank=True,
        default=5,
        validators=[MinValueValidator(1), MaxValueValidator(MAX_RESULTS_PARAMETER)],
        help_text=_(
            "Part A counts the best N results and a share of the others (the EMA: 5 and 0.8). Empty: every result."
        ),
    )
    part_a_share = models.DecimalField(
        _("part A: share of the others"),
        max_digits=5,
        decimal_places=4,
        default=Decimal("0.8"),
        validators=[MinValueValidator(0), MaxValueValidator(1)],
    )
    league_by = models.CharField(
        _("league: results by"), max_length=20, choices=LeagueBy.choices, default=LeagueBy.TABLE_POINTS
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name"]
        verbose_name = _("series")
        verbose_name_plural = _("series")
        constraints = [
            models.CheckConstraint(condition=models.Q(method__in=SeriesMethod.values), name="series_method_valid"),
            models.CheckConstraint(condition=models.Q(league_by__in=LeagueBy.values), name="series_league_by_valid"),
            models.CheckConstraint(
                condition=models.Q(
                    minimum_results__lte=MAX_RESULTS_PARAMETER,
                    best_results__gte=1,
                    best_results__lte=MAX_RESULTS_PARAMETER,
                    listed_from__lte=MAX_RESULTS_PARAMETER,
                ),
                name="series_counts_range",
            ),
            models.CheckConstraint(
                condition=models.Q(part_a_best__isnull=True)
                | models.Q(part_a_best__gte=1, part_a_best__lte=MAX_RESULTS_PARAMETER),
                name="series_part_a_best_range",
            ),
            models.CheckConstraint(
                condition=models.Q(part_a_share__gte=0, part_a_share__lte=1), name="series_part_a_share_range"
            ),
        ]

    def __str__(self) -> str:
        return self.name

    def get_absolute_url(self) -> str:
        return reverse("series-detail", args=[self.slug])


class SeriesTournament(models.Model):
    """A tournament of a series, named by its slug: a tournament replaced by an import (same slug) stays in
    the series. ``weight``: as given; None computes it from the EMA's table."""

    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="entries")
    tournament_slug = models.SlugField(_("tournament"), max_length=80)
    tournament = models.ForeignKey(Tournament, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    weight = models.DecimalField(
        _("weight"),
        max_digits=7,
        decimal_places=3,
        null=True,
        blank=True,
        validators=[MinValueValidator(0), MaxValueValidator(MAX_WEIGHT)],
        help_text=_("Empty: from the EMA's table (days, players, countries, qualification)."),
    )
    qualification = models.BooleanField(
        _("players had to qualify"), default=False, help_text=_("Adds 1 to the weight from the EMA's table.")
    )

    class Meta:
        ordering = ["series", "tournament_slug"]
        constraints = [
            models.UniqueConstraint(fields=["series", "tournament_slug"], name="unique_series_tournament"),
            models.CheckConstraint(
                condition=models.Q(weight__isnull=True) | models.Q(weight__gte=0, weight__lte=MAX_WEIGHT),
                name="series_tournament_weight_range",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.series}: {self.tournament_slug}"


class SeriesRole(models.Model):
    Role = SeriesRoleKind

    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="roles")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="series_roles")
    role = models.CharField(max_length=20, choices=SeriesRoleKind.choices, default=SeriesRoleKind.ORGANIZER)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["series", "user", "role"], name="unique_series_role"),
            models.CheckConstraint(condition=models.Q(role__in=SeriesRoleKind.values), name="series_role_valid"),
        ]

    def __str__(self) -> str:
        return f"{self.user} – {self.get_role_display()} – {self.series}"


class SeriesRanking(models.Model):
    """One computation of a series' ranking, as published: its date, parameters, the tournaments and
    results it used (``events``, ``results``) and the rows it gave. Never changed once written."""

    series = models.ForeignKey(Series, on_delete=models.CASCADE, related_name="rankings")
    number = models.PositiveIntegerField()
    computed_at = models.DateTimeField(auto_now_add=True)
    computed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    as_of = models.DateField()
    method = models.CharField(max_length=10, choices=SeriesMethod.choices)
    parameters = models.JSONField(default=dict)
    events = models.JSONField(default=list)
    results = models.JSONField(default=list)
    rows = models.JSONField(default=list)

    class Meta:
        ordering = ["series", "-number"]
        constraints = [models.UniqueConstraint(fields=["series", "number"], name="unique_series_ranking_number")]

    def __str__(self) -> str:
        return f"{self.series} #{self.number}"


class NotSamePerson(models.Model):
    """An organizer's word that two people who look alike (same name and country) are two people: the pair is
    never offered for linking again (``series.same_person``). ``person_a`` is the one with the lower id."""

    person_a = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="+")
    person_b = models.ForeignKey(Person, on_delete=models.CASCADE, related_name="+")
    # Where the organizer said it; the word holds in every series.
    series = models.ForeignKey(Series, on_delete=models.SET_NULL, null=True, blank=True, related_name="+")
    said_by = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+")
    said_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("not the same person")
        verbose_name_plural = _("not the same person")
        constraints = [
            models.UniqueConstraint(fields=["person_a", "person_b"], name="unique_not_same_person"),
            models.CheckConstraint(condition=models.Q(person_a__lt=models.F("person_b")), name="not_same_person_order"),
        ]

    def __str__(self) -> str:
        return f"{self.person_a} ≠ {self.person_b}"
