"""JSON typed or posted into a form, read within limits, so that no value posted gives a server error.

Django's ``forms.JSONField`` hands the text to ``json.loads`` as it is, on validation and again when the page
is drawn back: ten thousand nested brackets raise RecursionError, a 5,000-digit number ValueError, ``1e309``
becomes infinity and ``"\\ud800"`` a lone surrogate that no page or database can hold. Here the text goes
through ``core.safejson`` (depth, number size, NaN and infinity, lone surrogates) after a length limit, and
every refusal is a form error that says what is wrong.
"""

import json

from django import forms
from django.core.exceptions import ValidationError
from django.forms.fields import InvalidJSONInput, JSONString
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core import safejson


class LimitedJSONField(forms.JSONField):
    """``forms.JSONField`` within limits; ``require_object``: only a JSON object, ``{…}``, is accepted."""

    def __init__(
        self,
        *args,
        max_chars: int = 5_000,
        max_depth: int = 8,
        max_digits: int = 15,
        require_object: bool = False,
        object_message=None,
        **kwargs,
    ):
        self.max_chars, self.max_depth, self.max_digits = max_chars, max_depth, max_digits
        self.require_object = require_object
        self.object_message = object_message or gettext_lazy("Give a JSON object, “{…}”, of names and values.")
        super().__init__(*args, **kwargs)

    def _parse(self, value: str):
        if len(value) > self.max_chars:
            raise ValidationError(
                _("At most %(n)s characters of JSON (this has %(m)s).") % {"n": self.max_chars, "m": len(value)},
                code="too_long",
            )
        try:
            return safejson.loads(value, max_depth=self.max_depth, max_digits=self.max_digits)
        except safejson.JSONLimitError as exc:
            raise ValidationError(self._limit_message(exc), code=exc.kind) from None
        except json.JSONDecodeError as exc:
            where = _(" (line %(line)s, column %(col)s)") % {"line": exc.lineno, "col": exc.colno}
            raise ValidationError(_("This is not valid JSON%(where)s.") % {"where": where}, code="invalid") from None
        except ValueError:  # anything else json refuses
            raise ValidationError(_("This is not valid JSON%(where)s.") % {"where": ""}, code="invalid") from None

    def _limit_message(self, exc: safejson.JSONLimitError) -> str:
        if exc.kind == "depth":
            return _("Objects and lists are nested more than %(n)s deep.") % {"n": self.max_depth}
        if exc.kind == "number":
            return _("A number is too large: at most %(n)s digits, and nothing beyond what a number can hold.") % {
                "n": self.max_digits
            }
        if exc.kind == "constant":
            return _("NaN and Infinity are not numbers JSON allows.")
        if exc.kind == "surrogate":
            return _(
                "The text at %(where)s holds a lone surrogate (like \\ud800): half of a UTF-16 pair, which is not a "
                "character. Remove it or write the whole character."
            ) % {"where": exc.path}
        return str(exc)

    def to_python(self, value):
        if self.disabled:
            return value
        if value in self.empty_values:
            return None
        if isinstance(value, (list, dict, int, float, JSONString)):
            converted = value
        else:
            converted = self._parse(str(value))
        if self.require_object and not isinstance(converted, dict):
            raise ValidationError(self.object_message, code="not_object")
        if isinstance(converted, str):
            return JSONString(converted)
        return converted

    def bound_data(self, data, initial):
        """What the page shows again after an error: the posted text as it was when it cannot be read."""
        if self.disabled:
            return initial
        if data is None:
            return None
        try:
            return self._parse(str(data))
        except ValidationError:
            return InvalidJSONInput(data)

    def has_changed(self, initial, data):
        try:
            return super().has_changed(initial, data)
        except (ValidationError, ValueError, TypeError):
            return True

    def clean(self, value):
        try:
            return super().clean(value)
        except ValidationError as exc:
            if not self.widget.is_hidden:
                raise
            # A hidden field's error is shown above the form: say which field it is about.
            label = self.label or "JSON"  # the name of the format, the same in every language
            raise ValidationError(
                [_("%(field)s: %(error)s") % {"field": label, "error": message} for message in exc.messages]
            ) from None
