"""Messages of the pure rules, translatable without Django.

The rules never import Django, so they cannot translate. They mark their user-facing English
texts with :func:`N_` (``makemessages`` extracts it, see tournament's makemessages command), and
the web layer passes them through ``gettext`` when it shows them, with the parameters filled in
afterwards, so the catalogue holds one entry per message rather than one per value.
"""


def N_(message: str) -> str:
    """Mark `message` for translation; return it unchanged."""
    return message
