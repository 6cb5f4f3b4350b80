"""Messages of the ranking methods, translatable without Django.

Like ``rules.text``: a message is an English template marked with :func:`N_` (``makemessages`` extracts
it) and named parameters; the web layer translates the template and fills the parameters in. This
package sits beside ``rules`` in the bottom layer and may not import it, so it has its own marker.
"""

from __future__ import annotations


def N_(message: str) -> str:
    """Mark ``message`` for translation; return it unchanged."""
    return message


class ParameterError(ValueError):
    """A parameter a ranking cannot use: ``field`` names it as a series file would (``decay[1].factor``),
    ``template`` is the English message and ``params`` its values. ``str()`` is the English text."""

    def __init__(self, field: str, template: str, /, **params: object) -> None:
        self.field = field
        self.template = template
        self.params = params
        super().__init__(f"{field}: {template % params}" if params else f"{field}: {template}")
