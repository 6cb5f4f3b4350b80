"""The roll call at the desk (organizers and referees), its controls and the seating proposal (organizers),
and bringing a player back in (organizers). Thin: the rules are in ``schedule.attendance`` and
``schedule.withdrawals``."""

from __future__ import annotations

from urllib.parse import urlencode

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from core.names import matches, search_text
from schedule import attendance
from tournament import code_guard
from tournament.lifecycle import CheckInStatus, RollCallStatus, checked_in_as
from tournament.models import Session, Tournament
from tournament.services import TooManyCodeFailures
from tournament.views.mixins import OrganizerRequiredMixin, ScorerRequiredMixin


def _error_text(exc: Exception) -> str:
    return " ".join(getattr(exc, "messages", None) or [str(exc)])


def _matches(player, query: str) -> bool:
    """The desk's search: a number finds that player, anything else is looked for in the names."""
    return not query.strip() or matches(player.number, player.name, query)


class RollCallView(ScorerRequiredMixin, TemplateView):
    """GET the roll call of session ``n``; POST marks one player (the desk)."""

    template_name = "schedule/roll_call.html"

    @cached_property
    def session(self) -> Session:
        return get_object_or_404(Session, tournament=self.tournament, number=self.kwargs["n"])

    def url(self, query: str = "", anchor: str = "") -> str:
        base = reverse("manage-roll-call", args=[self.tournament.slug, self.session.number])
        return base + (f"?{urlencode({'q': query})}" if query else "") + anchor

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        session = self.session
        query = self.request.GET.get("q", "")[:60]
        field_, bench = attendance.roll_call_players(self.tournament, session)
        marks = attendance.check_ins(session)

        def row(p):
            mark = marks.get(p.pk)
            return {
                "player": p,
                "status": mark.status if mark else CheckInStatus.EXPECTED,
                "self": bool(mark and mark.by_self),
                "search": search_text(p.name),  # what the page's script filters on (a Chinese name's pinyin too)
            }

        context.update(
            session=session,
            query=query,
            rows=[row(p) for p in field_ if _matches(p, query)],
            bench=[row(p) for p in bench if _matches(p, query)],
            counts=attendance.counts(field_, marks),
            bench_here=sum(1 for p in bench if checked_in_as(marks.get(p.pk), CheckInStatus.PRESENT)),
            statuses=CheckInStatus,
            roll_call_states=RollCallStatus,
            error=kwargs.get("error"),
            sessions=list(self.tournament.sessions.open().order_by("number")),
        )
        return context

    def post(self, request, *args, **kwargs):
        query = request.POST.get("q", "")[:60]
        player = self.tournament.players.filter(number=request.POST.get("player") or 0).first()
        try:
            if player is None:
                raise ValidationError(_("Choose a player of this tournament."))
            attendance.check_in_mark(
                session=self.session, player=player, status=request.POST.get("status", ""), by=request.user
            )
        except (ValidationError, PermissionDenied) as exc:
            return self.render_to_response(self.get_context_data(error=_error_text(exc)), status=400)
        return redirect(self.url(query, f"#p-{player.number}"))


class RollCallControlView(OrganizerRequiredMixin, TemplateView):
    """POST: open the roll call, let players check themselves in (or stop them), put it away."""

    http_method_names = ["post"]
    action = ""

    def post(self, request, *args, **kwargs):
        session = get_object_or_404(Session, tournament=self.tournament, number=self.kwargs["n"])
        try:
            if self.action == "open":
                attendance.roll_call_open(session=session, by=request.user)
                messages.success(request, _("The roll call of session %(n)s is open.") % {"n": session.number})
            elif self.action in ("self", "desk"):
                attendance.roll_call_self_check_in(session=session, by=request.user, allowed=self.action == "self")
                messages.success(
                    request,
                    _("Players may now check themselves in on their private page.")
                    if self.action == "self"
                    else _("Only the desk checks players in now."),
                )
            else:
                attendance.roll_call_close(session=session, by=request.user)
                messages.success(request, _("The roll call of session %(n)s is put away.") % {"n": session.number})
        except (ValidationError, PermissionDenied) as exc:
            messages.error(request, _error_text(exc))
        return redirect("manage-roll-call", slug=self.tournament.slug, n=session.number)


class RollCallSeatView(OrganizerRequiredMixin, TemplateView):
    """GET: what seating from the roll call would do; POST with the proposal's fingerprint: do it."""

    template_name = "schedule/roll_call_seat.html"

    @cached_property
    def session(self) -> Session:
        return get_object_or_404(Session, tournament=self.tournament, number=self.kwargs["n"])

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        make = kwargs.get("make", self.request.GET.get("make") == "1")
        context.update(
            session=self.session,
            proposal=attendance.roll_call_proposal(self.session, make_substitutes=make),
            make=make,
            error=kwargs.get("error"),
        )
        return context

    def post(self, request, *args, **kwargs) -> HttpResponse:
        make = request.POST.get("make") == "1"
        try:
            proposal = attendance.roll_call_seat(
                session=self.session, by=request.user, expected=request.POST.get("proposal", ""), make_substitutes=make
            )
        except (ValidationError, PermissionDenied) as exc:
            return self.render_to_response(self.get_context_data(error=_error_text(exc), make=make), status=400)
        session = self.session
        text = (
            _("Session %(n)s: the seats of the absent players went to substitutes.")
            if session.is_seated and proposal.changes
            else _("Session %(n)s is seated from the roll call; publish it when you are ready.")
        ) % {"n": session.number}
        if proposal.absent:
            text += " " + _("No-shows: %(names)s.") % {"names": ", ".join(str(p) for p in proposal.absent)}
        messages.success(request, text)
        return redirect("manage-sessions", slug=self.tournament.slug)


class PlayerCheckInView(TemplateView):
    """POST from the player's private page: "I am here", while the organizer lets players check themselves in.
    The code in the address is the key, as for the page itself (a wrong one is a 404)."""

    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        tournament = get_object_or_404(Tournament, slug=self.kwargs["slug"])
        try:
            player = code_guard.player_for_request(request, tournament=tournament, code=self.kwargs["code"])
        except TooManyCodeFailures as exc:
            return code_guard.refused_response(request, tournament, exc.until)
        if player is None:
            raise Http404()
        session = attendance.self_check_in_session(tournament)
        try:
            if session is None:
                raise ValidationError(_("Checking in on your phone is not open now; check in at the desk."))
            attendance.check_in_self(session=session, player=player)
        except ValidationError as exc:
            messages.error(request, _error_text(exc))
        else:
            messages.success(request, _("Thank you: you are checked in for session %(n)s.") % {"n": session.number})
        return redirect(reverse("player-page", args=[tournament.slug, self.kwargs["code"]]) + "#check-in")
