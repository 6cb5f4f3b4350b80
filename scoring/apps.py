from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScoringConfig(AppConfig):
    # The app holds hand records; the rules engine beside it stays free of Django.
    name = "scoring"
    verbose_name = _("Scoring")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self):
        # The audit log (tournament, below us) learns where our objects are, and the sentences of our
        # actions, without importing this app.
        from scoring import audit_refs, audit_sentences

        audit_refs.register()
        audit_sentences.register()
