from django.apps import AppConfig


class CoreConfig(AppConfig):
    name = "core"
    verbose_name = "Core"

    def ready(self):
        from core import login_mark  # noqa: F401 -- its receiver gives every login its own mark
