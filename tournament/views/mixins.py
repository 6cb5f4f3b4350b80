"""Shared view plumbing: load the tournament from the URL and check the user's role in it."""

from django.conf import settings
from django.contrib.auth.mixins import AccessMixin
from django.core.exceptions import PermissionDenied
from django.http import Http404
from django.shortcuts import get_object_or_404
from django.template.response import TemplateResponse
from django.utils.functional import cached_property
from django.utils.translation import gettext as _

from core.kept_input import login_then_back
from core.service_errors import add_service_error  # noqa: F401 (the views import it from here)
from tournament.models import Session, Tournament, TournamentRole
from tournament.permissions import (
    can_create_tournament,
    can_score,
    is_appeals_committee,
    is_chief_referee,
    is_organizer,
    organizes_a_tournament,
)


def role_label(user, tournament):
    if tournament is None or not getattr(user, "is_authenticated", False):
        return ""
    if is_organizer(user, tournament):
        return TournamentRole.Role.ORGANIZER.label
    if is_chief_referee(user, tournament):
        return TournamentRole.Role.CHIEF_REFEREE.label
    if can_score(user, tournament):
        return TournamentRole.Role.REFEREE.label
    if is_appeals_committee(user, tournament):
        return TournamentRole.Role.APPEALS_COMMITTEE.label
    return ""


class TournamentMixin:
    """Loads ``self.tournament`` from the ``slug`` URL argument.

    A tournament that is not public is visible only to those with a role in it
    (``Tournament.objects.visible_to``; 404 otherwise, so its existence is not revealed).
    """

    @cached_property
    def tournament(self):
        tournament = Tournament.objects.visible_to(self.request.user).filter(slug=self.kwargs["slug"]).first()
        if tournament is None:
            raise Http404(_("No such tournament."))
        return tournament

    @cached_property
    def is_organizer(self):
        return is_organizer(self.request.user, self.tournament)

    @cached_property
    def can_score(self):
        return can_score(self.request.user, self.tournament)

    def session_visible(self, session: Session) -> bool:
        """Whether this user sees the session's seating and results: everyone once it is public
        (``Session.is_public``), its organizers and referees always."""
        return session.is_public or self.can_score

    @property
    def public_view(self):
        """Whether results pages show only published sessions: for everyone but organizers and referees."""
        return not self.can_score

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(
            tournament=self.tournament,
            is_organizer=self.is_organizer,
            can_score=self.can_score,
            is_appeals_committee=is_appeals_committee(self.request.user, self.tournament),
            role_label=role_label(self.request.user, self.tournament),
        )
        return context


class RoleRequiredMixin(TournamentMixin, AccessMixin):
    """Anonymous users go to the login page; logged-in users without the role get 403."""

    raise_exception = False

    def has_role(self):
        raise NotImplementedError

    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return self.handle_no_permission()
        if not self.has_role():
            raise PermissionDenied(self.permission_message())
        return super().dispatch(request, *args, **kwargs)

    def permission_message(self):
        return _("You do not have a role in this tournament that allows this.")

    def handle_no_permission(self):
        if not self.request.user.is_authenticated:
            return login_then_back(self.request)
        return super().handle_no_permission()


class OrganizerRequiredMixin(RoleRequiredMixin):
    def has_role(self):
        # A non-public tournament 404s for outsiders; for them, 403 is what matters here.
        tournament = get_object_or_404(Tournament, slug=self.kwargs["slug"])
        return is_organizer(self.request.user, tournament)

    def permission_message(self):
        return _("Only an organizer of this tournament can do this.")


class ChiefOrOrganizerRequiredMixin(RoleRequiredMixin):
    """The chief referee's or an organizer's pages: corrections after hands, a table's extra time."""

    def has_role(self):
        tournament = get_object_or_404(Tournament, slug=self.kwargs["slug"])
        return is_chief_referee(self.request.user, tournament) or is_organizer(self.request.user, tournament)

    def permission_message(self):
        return _("Only the chief referee or an organizer of this tournament can do this.")


class ScorerRequiredMixin(RoleRequiredMixin):
    def has_role(self):
        tournament = get_object_or_404(Tournament, slug=self.kwargs["slug"])
        return can_score(self.request.user, tournament)

    def permission_message(self):
        return _("Only a referee or organizer of this tournament can do this.")


class ScorerPostMixin(TournamentMixin, AccessMixin):
    """GET is public (subject to visibility); POST needs a referee or organizer."""

    def dispatch(self, request, *args, **kwargs):
        if request.method not in ("GET", "HEAD", "OPTIONS"):
            if not request.user.is_authenticated:
                return self.handle_no_permission()
            # Read directly, not through self.tournament, so that an outsider posting to a tournament that is
            # not public is refused (403), not told it does not exist; a scorer passes the visibility check
            # anyway, so the row read here serves as self.tournament for the rest of the request.
            tournament = get_object_or_404(Tournament, slug=self.kwargs["slug"])
            if not can_score(request.user, tournament):
                raise PermissionDenied(_("Only a referee or organizer of this tournament can do this."))
            self.__dict__["tournament"] = tournament  # the cached_property's own slot
        return super().dispatch(request, *args, **kwargs)

    def handle_no_permission(self):
        if not self.request.user.is_authenticated:
            return login_then_back(self.request)
        return super().handle_no_permission()


def tournament_creators_rule():
    """Who may create tournaments on this site, in words: shown where creating is refused, so that an
    organizer knows whom to ask and for what instead of meeting a bare 403."""
    who = getattr(settings, "TOURNAMENT_CREATORS", "permission")
    if who == "staff":
        return _(
            "On this site only staff accounts may create tournaments (setting TOURNAMENT_CREATORS = staff). "
            "Ask an administrator to mark your account as staff, or to create the tournament and make you "
            "its organizer."
        )
    if who == "any_user":
        return _("On this site every logged-in user may create tournaments (setting TOURNAMENT_CREATORS = any_user).")
    return _(
        "On this site staff accounts and accounts given the permission “Can add tournament” may create "
        "tournaments (setting TOURNAMENT_CREATORS = permission). Ask an administrator to give your account "
        "that permission in the admin, or to create the tournament and make you its organizer."
    )


def new_tournament_offer(user):
    """What the start and home pages show about creating a tournament: the buttons for those allowed;
    for an organizer the site refuses, why (the button would only lead to a refusal)."""
    if can_create_tournament(user):
        return {"can_create": True, "creators_rule": ""}
    return {"can_create": False, "creators_rule": tournament_creators_rule() if organizes_a_tournament(user) else ""}


class CreatorRequiredMixin:
    """For the pages that create a tournament: anyone the site's TOURNAMENT_CREATORS refuses gets a page that
    explains the setting (status 403), not a bare refusal."""

    refused_template = "tournament/create_refused.html"

    def dispatch(self, request, *args, **kwargs):
        if request.user.is_authenticated and not can_create_tournament(request.user):
            context = {"creators_rule": tournament_creators_rule()}
            return TemplateResponse(request, self.refused_template, context, status=403)
        return super().dispatch(request, *args, **kwargs)
