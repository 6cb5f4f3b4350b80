from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class StandingsConfig(AppConfig):
    # No models: standings are computed from the score sheets on every request.
    name = "standings"
    verbose_name = _("Standings")
