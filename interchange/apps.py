from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class InterchangeConfig(AppConfig):
    # No models: the commands import and export through the other apps' services.
    name = "interchange"
    verbose_name = _("Interchange")
