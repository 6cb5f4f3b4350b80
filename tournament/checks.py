"""Deployment checks (``manage.py check --deploy``; ``make serve`` stops on any warning)."""

from django.conf import settings
from django.core import checks


@checks.register(checks.Tags.security, deploy=True)
def check_trusted_proxies(app_configs, **kwargs):
    """Behind a proxy whose address the app does not trust, every visitor has the proxy's address: the login
    and player-code throttles would then treat a whole venue as one visitor, and the audit log would record the
    proxy. Saying "no proxy" takes TRUSTED_PROXY_COUNT=0."""
    if getattr(settings, "TRUSTED_PROXIES", None) or getattr(settings, "TRUSTED_PROXY_COUNT", None) is not None:
        return []
    return [
        checks.Warning(
            "Neither TRUSTED_PROXIES nor TRUSTED_PROXY_COUNT is set, so X-Forwarded-For is ignored: behind a proxy "
            "every visitor has the proxy's address.",
            hint="Behind the nginx of docs/deploy.md on this machine, set TRUSTED_PROXIES=127.0.0.1; with no proxy in "
            "front of the app, set TRUSTED_PROXY_COUNT=0.",
            id="tournament.W001",
        )
    ]
