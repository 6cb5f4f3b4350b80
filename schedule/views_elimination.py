"""The elimination page (MCR 3.5.4, docs/elimination.md): after a closed round, who plays on, previewed then
confirmed. Thin: ``schedule.elimination`` decides and records."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.generic import TemplateView

from schedule import elimination, services
from schedule.forms import EliminationForm
from schedule.views import _messages, confirmed
from tournament.models import Session, Tournament
from tournament.views.mixins import OrganizerRequiredMixin


class SessionEliminateView(OrganizerRequiredMixin, TemplateView):
    """Elimination tournaments: after a closed round, choose who plays on, preview who goes on and who
    is out with which final rank, then confirm: the eliminations are recorded and the next session is
    seated from the players who go on. Nothing changes before the confirmation."""

    template_name = "schedule/eliminate.html"

    def dispatch(self, request, *args, **kwargs):
        self.session = None
        return super().dispatch(request, *args, **kwargs)

    def get_session(self):
        if self.session is None:
            self.session = get_object_or_404(Session, tournament=self.tournament, number=self.kwargs["n"])
        return self.session

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        session = self.get_session()
        context.setdefault("form", EliminationForm(initial={"order": "standings"}))
        context.update(
            session=session,
            players_in_round=session.seats.count(),
            following=self.tournament.sessions.filter(number=session.number + 1).first(),
        )
        return context

    def get(self, request, *args, **kwargs):
        session = self.get_session()
        try:
            if self.tournament.format != Tournament.Format.ELIMINATION:
                raise ValidationError(_("Only an elimination tournament eliminates players after a session."))
            if session.advance_rule:
                raise ValidationError(_("Who plays on after session %(n)s is already decided.") % {"n": session.number})
        except ValidationError as exc:
            return self.render_to_response(self.get_context_data(blocked=_messages(exc)))
        return self.render_to_response(self.get_context_data())

    def post(self, request, *args, **kwargs):
        session = self.get_session()
        form = EliminationForm(request.POST)
        if not form.is_valid():
            return self.render_to_response(self.get_context_data(form=form))
        data = form.cleaned_data
        try:
            rule = elimination.elimination_rule(data["rule"], data.get("count"))
        except ValidationError as exc:
            form.add_error("count", _messages(exc))
            return self.render_to_response(self.get_context_data(form=form))
        if data["order"] == "draw" and not data.get("seed"):
            # The seed the organizer confirms is the one the preview shows.
            data["seed"] = services.new_seed()
            form = EliminationForm({**request.POST.dict(), "seed": data["seed"]})
            form.is_valid()
        try:
            if not confirmed(request):
                preview = elimination.elimination_check(session, rule=rule, decided_order=data["decided_order"])
                return self.render_to_response(self.get_context_data(form=form, preview=preview))
            outcome = elimination.session_eliminate_and_seat(
                session=session,
                rule=rule,
                by=request.user,
                decided_order=data["decided_order"],
                order=data["order"],
                seed=data.get("seed"),
            )
        except (ValidationError, PermissionDenied) as exc:
            form.add_error(None, _messages(exc))
            return self.render_to_response(self.get_context_data(form=form))
        if outcome.next_session is None:
            messages.success(
                request,
                _("The final table of session %(n)s is ranked: the final ranking is complete.") % {"n": session.number},
            )
            return redirect("standings", slug=self.tournament.slug)
        messages.success(
            request,
            ngettext(
                "%(k)s player goes on; session %(next)s is seated from them. Publish its seating when ready.",
                "%(k)s players go on; session %(next)s is seated from them. Publish its seating when ready.",
                len(outcome.survivors),
            )
            % {"k": len(outcome.survivors), "next": outcome.next_session.number},
        )
        return redirect(
            reverse("manage-sessions", args=[self.tournament.slug]) + f"#session-{outcome.next_session.number}"
        )
