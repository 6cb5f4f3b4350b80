"""The work queue: where the chief referee, the referees and the appeals committee start (docs/running-the-day.md).
Thin: ``scoring.queues.work_queue`` reads what waits for this user; the tables' calls for a referee
(``tournament.floor``) come first, with their own small address that the page polls, and their take and close."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views import View
from django.views.generic import TemplateView

from scoring import services
from scoring.lifecycle import is_countersigned
from scoring.models import ScoreSheet
from scoring.queues import work_queue
from scoring.selectors import countersign_lacks
from scoring.views.appeals import AppealRoleMixin
from tournament import floor
from tournament.floor_models import RefereeCall
from tournament.models import Session
from tournament.permissions import is_chief_referee
from tournament.views.mixins import RoleRequiredMixin, ScorerRequiredMixin


def calls_context(tournament, user, now):
    calls = list(floor.calls_live(tournament))
    for call in calls:
        call.waited = max(0, int((now - call.called_at).total_seconds() // 60))  # not a lifecycle move
        call.mine = call.taken_by_id == getattr(user, "pk", None)
    return calls


class WorkQueueView(AppealRoleMixin, TemplateView):
    template_name = "scoring/work_queue.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        now = timezone.now()
        context.update(
            queue=work_queue(self.tournament, self.request.user, now),
            now=now,
            calls=calls_context(self.tournament, self.request.user, now) if self.can_score else None,
        )
        return context


class WorkCallsView(ScorerRequiredMixin, TemplateView):
    """The calls alone, for the To do page's script to swap in every few seconds."""

    template_name = "scoring/_referee_calls.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["calls"] = calls_context(self.tournament, self.request.user, timezone.now())
        return context

    def render_to_response(self, context, **response_kwargs):
        response = super().render_to_response(context, **response_kwargs)
        response["Cache-Control"] = "no-store"
        return response


class CallActionView(ScorerRequiredMixin, View):
    """POST: take a table's call (one referee: the others are told who) or close it."""

    http_method_names = ["post"]
    action = "take"

    def post(self, request, *args, **kwargs):
        call = get_object_or_404(RefereeCall, table__session__tournament=self.tournament, pk=kwargs["pk"])
        try:
            if self.action == "take":
                floor.referee_call_take(call=call, by=request.user)
                messages.success(request, _("You took the call of table %(t)s: go to it.") % {"t": call.table.number})
            else:
                floor.referee_call_close(call=call, by=request.user)
                messages.success(request, _("The call of table %(t)s is closed.") % {"t": call.table.number})
        except (ValidationError, PermissionDenied) as exc:
            messages.error(request, " ".join(getattr(exc, "messages", [str(exc)])))
        return redirect("work-queue", slug=self.tournament.slug)


class SessionCountersignView(RoleRequiredMixin, TemplateView):
    """The chief referee countersigns the ready sheets of a session in one go (issue 30). The page is the
    question: it lists the ready sheets, ticked, and names the others with what they lack; its button
    countersigns the ticked ones (``services.sheets_countersign``: all or none, a second tap harmless)."""

    template_name = "scoring/countersign_session.html"

    def has_role(self):
        return is_chief_referee(self.request.user, self.tournament) and self.tournament.countersign_required

    def permission_message(self):
        return _("Only the chief referee countersigns score sheets.")

    def session(self):
        return get_object_or_404(Session, tournament=self.tournament, number=self.kwargs["n"])

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        session = self.session()
        sheets = list(
            ScoreSheet.objects.filter(table__session=session)
            .select_related("table")
            .prefetch_related("table__seats__player")
            .order_by("table__number")
        )
        lacks = countersign_lacks(sheets)
        ticked = kwargs.get("ticked")
        rows = [
            {
                "sheet": s,
                "table": s.table.number,
                "players": [seat.player.name for seat in s.table.seats.all()],
                "lacks": lacks[s.pk],
                "ticked": not lacks[s.pk] and (ticked is None or s.table.number in ticked),
                "url": reverse("sheet", args=[self.tournament.slug, session.number, s.table.number]),
            }
            for s in sheets
        ]
        context.update(
            session=session,
            ready=[r for r in rows if not r["lacks"]],
            waiting=[r for r in rows if r["lacks"] and not is_countersigned(r["sheet"].status)],
            done=[r for r in rows if is_countersigned(r["sheet"].status)],
        )
        return context

    def post(self, request, *args, **kwargs):
        tables = sorted({int(t) for t in request.POST.getlist("tables") if t.isdigit()})
        try:
            done = services.sheets_countersign(session=self.session(), tables=tables, by=request.user)
        except ValidationError as exc:
            return self.render_to_response(self.get_context_data(errors=exc.messages, ticked=set(tables)))
        if done:
            messages.success(
                request,
                ngettext(
                    "%(count)s score sheet countersigned: table %(tables)s.",
                    "%(count)s score sheets countersigned: tables %(tables)s.",
                    len(done),
                )
                % {"count": len(done), "tables": ", ".join(map(str, done))},
            )
        else:
            messages.info(request, _("These sheets were already countersigned."))
        return redirect("work-queue", slug=self.tournament.slug)
