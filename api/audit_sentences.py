"""The audit log's sentences for the api app's actions: organizer tokens created and revoked. Registered when
the app loads (``ApiConfig.ready``); the mechanism is ``tournament.audit_text``."""

from rules.text import N_  # marks the sentences for the catalogue; translated when rendered
from tournament.audit_text import register_sentences, simple


def register() -> None:
    register_sentences(
        {
            "api_token.create": simple(
                N_("%(actor)s created the API token %(name)s."), "manage-api-tokens", N_("API tokens")
            ),
            "api_token.revoke": simple(
                N_("%(actor)s revoked the API token %(name)s."), "manage-api-tokens", N_("API tokens")
            ),
            "stream.feature": simple(
                N_("%(actor)s set the stream overlay to table %(table)s, the ticker to %(top)s players."),
                "manage-stream",
                N_("stream overlay"),
            ),
        }
    )
