"""The generic part of turning audit entries into sentences: values, field names, times, links and the changes an
update made, as every audit log shows them (a tournament's: ``tournament.audit_text``; a series':
``series.audit_text``). The sentences themselves stay in the apps whose actions they tell.

An entry is anything with ``action``, ``object_type`` ("app_label.Model") and ``data`` (a dict; an update's
``data["changes"]`` is ``{field: [old, new]}``)."""

from __future__ import annotations

from typing import Any

from django.apps import apps
from django.core.exceptions import FieldDoesNotExist
from django.urls import NoReverseMatch, reverse
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.formats import localize
from django.utils.translation import gettext as _


def page_url(name: str, *args: object) -> str:
    """The address of a page, or "" when it has none (an entry of an older shape)."""
    try:
        return reverse(name, args=list(args))
    except NoReverseMatch:
        return ""


def numbers_text(values: object) -> str:
    return ", ".join(str(v) for v in values) if isinstance(values, (list, tuple)) else str(values)


def local_time(value: object) -> str:
    """An ISO 8601 time from an entry as the reader's local date and time."""
    parsed = parse_datetime(value) if isinstance(value, str) else None
    return localize(timezone.localtime(parsed)) if parsed else str(value or "?")


def user_name(user: Any) -> str:
    """Who did it, by name: "The system" for an import, a command, or an account deleted since."""
    if user is None:
        return _("The system")
    return user.get_full_name() or user.get_username()


def value_text(v: object) -> str:
    """A value an entry stored, as a reader sees it: "—" for nothing, yes/no, lists and mappings spelled out."""
    if v is None or v == "":
        return "—"
    if isinstance(v, bool):
        return _("yes") if v else _("no")
    if isinstance(v, list):
        return "; ".join(value_text(x) for x in v)
    if isinstance(v, dict):
        return ", ".join(f"{k} {value_text(x)}" for k, x in v.items())
    return localize(v) if isinstance(v, (int, float)) else str(v)


def field_label(object_type: str, name: str) -> str:
    """A model field's name as its form shows it ("table points"), or the stored name when there is no such field."""
    try:
        return str(apps.get_model(object_type)._meta.get_field(name).verbose_name)
    except (LookupError, ValueError, FieldDoesNotExist):
        return name


def changes(entry: Any) -> list[tuple[str, str, str]]:
    """The fields an update changed, with old and new values when the entry carries them
    (data["changes"] = {field: [old, new]}), else just their names (data["fields"])."""
    data = entry.data or {}
    found = data.get("changes")
    if isinstance(found, dict):
        out = []
        for name, pair in found.items():
            if isinstance(pair, (list, tuple)) and len(pair) == 2:
                out.append((field_label(entry.object_type, name), value_text(pair[0]), value_text(pair[1])))
            else:
                out.append((field_label(entry.object_type, name), "", value_text(pair)))
        return out
    if isinstance(data.get("fields"), list) and entry.action.endswith(".update"):
        return [(field_label(entry.object_type, name), "", "") for name in data["fields"]]
    return []
