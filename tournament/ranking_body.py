"""What the ranking body reads about a tournament beyond its name and dates (issue 32): the city and country it
is held in (the results file's header) and whether players had to qualify for it (one point of the EMA's MERS
weight, ``ratings.weights``; docs/series.md). Mixed into ``Tournament``."""

from django.core.validators import ProhibitNullCharactersValidator, RegexValidator
from django.db import models
from django.utils.translation import gettext_lazy as _


class RankingBodyFields(models.Model):
    city = models.CharField(_("city"), max_length=100, blank=True, validators=[ProhibitNullCharactersValidator()])
    country = models.CharField(
        _("country"),
        max_length=2,
        blank=True,
        validators=[RegexValidator(r"^[A-Z]{2}$", _("Use the two-letter country code, e.g. ES."))],
        help_text=_("Where it is held: the two-letter code, e.g. ES."),
    )
    qualification_required = models.BooleanField(
        _("players had to qualify"),
        default=False,
        help_text=_("The EMA's MERS weight adds 1 when players had to qualify to play (rules in force since 2018)."),
    )

    class Meta:
        abstract = True
