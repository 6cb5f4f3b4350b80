"""A service's refusal shown on the form that asked for it, defined once for every app's views.

Services raise ``ValidationError`` (by field when the error is about one) or ``PermissionDenied``; the view puts
it on the form, which keeps what the user typed."""

from __future__ import annotations

from collections.abc import Callable

from django.core.exceptions import PermissionDenied
from django.utils.translation import gettext as _


def add_service_error(form, exc, field_for: Callable[[str], str | None] | None = None, *, name_others=False) -> None:
    """Put a service's ValidationError / PermissionDenied on the form, by field where the form has it.

    ``field_for`` maps a service's key (``decay[1].factor``) to a form field. With ``name_others``, an error on a
    key the form has no field for (or whose field already shows an error) is shown above the form, prefixed with
    its key, so the user still knows which value it is about."""
    if isinstance(exc, PermissionDenied):
        form.add_error(None, str(exc) or _("You may not do this."))
        return
    if not hasattr(exc, "error_dict"):
        form.add_error(None, exc.messages)
        return
    for key, errors in exc.error_dict.items():
        messages = [m for e in errors for m in e.messages]
        name = field_for(key) if field_for else (key if key in form.fields else None)
        if name and name in form.fields and not (name_others and name in form.errors):
            form.add_error(name, messages)
        elif name_others:
            form.add_error(None, [f"{key}: {m}" if key != "__all__" else m for m in messages])
        else:
            form.add_error(None, messages)
