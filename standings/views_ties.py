"""The chief referee's page of ties: players tied on everything the standings compare, and a form per tie to
record its decider (play-off, lots); thin over ``standings.deciders``."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from standings import deciders
from tournament.models import TieDecider, TieDeciderMethod
from tournament.views.mixins import RoleRequiredMixin


class TiesView(RoleRequiredMixin, TemplateView):
    """GET: the ties and the deciders recorded; POST: record one (``order`` = numbers best first) or withdraw
    one (``withdraw`` = its id)."""

    template_name = "standings/ties.html"

    def has_role(self):
        return deciders.may_decide(self.request.user, self.tournament)

    def permission_message(self):
        return _("Only the chief referee or an organizer records a decider.")

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(
            ties=deciders.ties(self.tournament),
            recorded=TieDecider.objects.filter(tournament=self.tournament).order_by("-created_at", "-id"),
            methods=TieDeciderMethod.choices,
            error=kwargs.get("error"),
        )
        return context

    def post(self, request, *args, **kwargs):
        try:
            if request.POST.get("withdraw"):
                decider = get_object_or_404(TieDecider, tournament=self.tournament, pk=request.POST["withdraw"])
                deciders.tie_decider_withdraw(decider=decider, by=request.user)
                messages.success(request, _("The decider is withdrawn: those players share their place again."))
            else:
                order = [v for v in request.POST.getlist("order") if v.strip()]
                if not all(v.isdigit() for v in order):
                    raise ValidationError(_("Give each place a player."))
                deciders.tie_decider_record(
                    tournament=self.tournament,
                    order=[int(v) for v in order],
                    method=request.POST.get("method", ""),
                    note=request.POST.get("note", "")[:200],
                    by=request.user,
                )
                messages.success(request, _("The decider is recorded: the standings order those players by it."))
        except (ValidationError, PermissionDenied) as exc:
            text = " ".join(getattr(exc, "messages", None) or [str(exc)])
            return self.render_to_response(self.get_context_data(error=text), status=400)
        return redirect("tie-deciders", slug=self.tournament.slug)
