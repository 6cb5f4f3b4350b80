from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScheduleConfig(AppConfig):
    # No models: sessions, tables and seats belong to the tournament app; this app changes them.
    name = "schedule"
    verbose_name = _("Schedule")
