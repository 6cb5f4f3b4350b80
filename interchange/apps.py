from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class InterchangeConfig(AppConfig):
    # No models: the commands import and export through the other apps' services.
    name = "interchange"
    verbose_name = _("Interchange")

    def ready(self) -> None:
        # The audit log (tournament, below us) learns the sentences of our actions without importing us.
        from interchange import audit_sentences

        audit_sentences.register()
