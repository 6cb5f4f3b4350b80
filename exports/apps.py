from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ExportsConfig(AppConfig):
    # No models: every file is built from the results when it is asked for.
    name = "exports"
    verbose_name = _("Exports")
