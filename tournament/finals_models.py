"""Finals with a cut (issue 32; docs/elimination.md, "Finals with a cut"): the organizer's settings for a final
played by the best N after session K, and the cut once made. The pure rules are ``seating.finals``; the
services ``schedule.finals``; the standings read it in ``standings.finals``. Imported by ``tournament.models``."""

from django.conf import settings
from django.core.exceptions import ValidationError
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from seating import finals


class CarryRule(models.TextChoices):
    RESET = finals.RESET, _("start from zero")
    HALF = finals.HALF, _("half")
    TWO_THIRDS_UP = finals.TWO_THIRDS_UP, _("two thirds, rounded up")
    KEPT = finals.KEPT, _("kept in full")
    FACTOR = finals.FACTOR, _("a factor")


class FinalSeating(models.TextChoices):
    BLOCKS = finals.BLOCKS, _("by rank: 1-4, 5-8, …")
    SNAKE = finals.SNAKE, _("snake: 1, 2, … then back")


class FinalOthers(models.TextChoices):
    PLAY_ON = finals.PLAY_ON, _("play their own sessions")
    STOP = finals.STOP, _("stop")


class FinalStage(models.Model):
    tournament = models.OneToOneField("tournament.Tournament", on_delete=models.CASCADE, related_name="final_stage")
    size = models.PositiveSmallIntegerField(
        _("players in the final"), validators=[MinValueValidator(4), MaxValueValidator(400)]
    )
    after_session = models.PositiveSmallIntegerField(_("cut after session"), validators=[MinValueValidator(1)])
    carry_table_points = models.CharField(
        _("table points carried over"), max_length=20, choices=CarryRule.choices, default=CarryRule.KEPT
    )
    table_points_factor = models.DecimalField(
        _("table points factor"), max_digits=5, decimal_places=4, null=True, blank=True
    )
    carry_points = models.CharField(
        _("points carried over"), max_length=20, choices=CarryRule.choices, default=CarryRule.KEPT
    )
    points_factor = models.DecimalField(_("points factor"), max_digits=5, decimal_places=4, null=True, blank=True)
    others = models.CharField(_("the others"), max_length=10, choices=FinalOthers.choices, default=FinalOthers.PLAY_ON)
    seating = models.CharField(
        _("final tables seated"), max_length=10, choices=FinalSeating.choices, default=FinalSeating.BLOCKS
    )
    # The cut, once made: the finalists' ids in their order at the cut, and the organizer's order of players
    # who were level at it (a play-off or a draw).
    finalists = models.JSONField(default=list, blank=True)
    level_order = models.JSONField(default=list, blank=True)
    cut_at = models.DateTimeField(null=True, blank=True)
    cut_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        constraints = [
            models.CheckConstraint(condition=models.Q(size__gte=4), name="final_size_at_least_a_table"),
            models.CheckConstraint(
                condition=(models.Q(carry_table_points="factor") & models.Q(table_points_factor__isnull=False))
                | (~models.Q(carry_table_points="factor") & models.Q(table_points_factor__isnull=True)),
                name="final_table_points_factor_shape",
            ),
            models.CheckConstraint(
                condition=(models.Q(carry_points="factor") & models.Q(points_factor__isnull=False))
                | (~models.Q(carry_points="factor") & models.Q(points_factor__isnull=True)),
                name="final_points_factor_shape",
            ),
        ]

    @property
    def is_cut(self) -> bool:
        return self.cut_at is not None

    def carry(self) -> finals.Carry:
        from fractions import Fraction

        def factor(value):
            return Fraction(value) if value is not None else None

        return finals.Carry(
            table_points=self.carry_table_points,
            points=self.carry_points,
            table_points_factor=factor(self.table_points_factor),
            points_factor=factor(self.points_factor),
        )

    def clean(self):
        errors = {}
        if self.size % 4:
            errors["size"] = _("The final is played at tables of four: choose a multiple of 4.")
        tournament = getattr(self, "tournament", None)
        if tournament is not None and self.after_session >= tournament.session_count:
            errors["after_session"] = _("The cut comes before the last session: choose a session before %(n)s.") % {
                "n": tournament.session_count
            }
        for rule, factor in (("carry_table_points", "table_points_factor"), ("carry_points", "points_factor")):
            value = getattr(self, factor)
            if getattr(self, rule) == CarryRule.FACTOR:
                if value is None or not 0 <= value <= 1:
                    errors[factor] = _("A factor between 0 and 1, e.g. 0.5.")
            elif value is not None:
                errors[factor] = _("A factor only goes with “a factor”.")
        if errors:
            raise ValidationError(errors)
