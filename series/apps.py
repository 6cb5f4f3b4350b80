from django.apps import AppConfig
from django.utils.translation import gettext_lazy as _


class SeriesConfig(AppConfig):
    # Rankings across tournaments; the ranking methods themselves are the pure package ``ratings``.
    name = "series"
    verbose_name = _("Series and rankings")
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # The tournament's audit log (below us) learns to say our entries in sentences without importing us.
        from series import audit_sentences

        audit_sentences.register()
        # load_demo (below us) sends demo_loaded once its tournaments are in: we add the demo series.
        from interchange.signals import demo_loaded
        from series.demo import load_demo_series

        demo_loaded.connect(load_demo_series, dispatch_uid="series-demo")
