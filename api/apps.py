from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ApiConfig(AppConfig):
    name = "api"
    verbose_name = _("API and hall display")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The audit log (tournament, below us) learns the sentences of our actions without importing us.
        from api import audit_sentences

        audit_sentences.register()
