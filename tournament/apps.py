from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class TournamentConfig(AppConfig):
    name = "tournament"
    verbose_name = _("Tournaments")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The audit log's sentences for our own actions; every app above registers its own the same way.
        from tournament import audit_sentences

        audit_sentences.register()
