from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ApiConfig(AppConfig):
    name = "api"
    verbose_name = _("API and hall display")
    default_auto_field = "django.db.models.BigAutoField"
