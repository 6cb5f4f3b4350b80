"""The acting user, defined once: who a service records as having done something.

Services take ``by``: a user, an anonymous visitor (a player acting on their private code), or None (an import,
a command). What is stored as "done by" (``created_by``, ``decided_by``, the audit entry's actor) is the user
when there is one, else nothing."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypeGuard

if TYPE_CHECKING:
    from django.contrib.auth.models import User


def is_user(by: object) -> TypeGuard[User]:
    """Whether ``by`` is a logged-in user (not None, not an anonymous visitor)."""
    return bool(getattr(by, "is_authenticated", False))


def acting_user(by: object) -> User | None:
    """The user to record as having done it: none for an import, a command or an anonymous visitor."""
    return by if is_user(by) else None


def username(by: object) -> str:
    """The acting user's username, kept beside the link to them (a deleted user, a file imported elsewhere)."""
    return by.get_username() if is_user(by) else ""
