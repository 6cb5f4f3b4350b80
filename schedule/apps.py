from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class ScheduleConfig(AppConfig):
    # No models: sessions, tables and seats belong to the tournament app; this app changes them.
    name = "schedule"
    verbose_name = _("Schedule")

    def ready(self) -> None:
        # The audit log (tournament, below us) learns the sentences of our actions without importing us.
        from schedule import audit_sentences

        audit_sentences.register()
