from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class AccountsConfig(AppConfig):
    name = "accounts"
    verbose_name = _("Accounts")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The audit log (tournament, below us) learns the sentences of our actions without importing us.
        from accounts import audit_sentences

        audit_sentences.register()
