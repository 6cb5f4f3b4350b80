"""The final page (docs/elimination.md, "Finals with a cut"): the organizer sets the final, previews the cut, makes
it (seating the first session of the final), seats the later sessions, or undoes the cut. Thin: ``schedule.finals``
decides and records."""

import re

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.generic import TemplateView

from schedule import finals
from schedule.views import _messages, confirmed
from tournament.finals_models import FinalStage
from tournament.views.mixins import OrganizerRequiredMixin

FIELDS = [
    "size",
    "after_session",
    "carry_table_points",
    "table_points_factor",
    "carry_points",
    "points_factor",
    "others",
    "seating",
]


class FinalStageForm(forms.ModelForm):
    class Meta:
        model = FinalStage
        fields = FIELDS


class CutForm(forms.Form):
    level_order = forms.CharField(
        label=_lazy("Order of players level at the cut"),
        required=False,
        max_length=2000,
        help_text=_lazy("Only after a tie: the player numbers as a play-off or a draw decided, best first."),
    )

    def clean_level_order(self):
        text = self.cleaned_data["level_order"]
        if re.search(r"[^\d,\s]", text):
            raise ValidationError(_("Player numbers only, separated by spaces or commas."))
        return [int(n) for n in re.findall(r"\d+", text)]


class FinalView(OrganizerRequiredMixin, TemplateView):
    template_name = "schedule/final.html"

    def stage(self):
        return FinalStage.objects.filter(tournament=self.tournament).first()

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        stage = self.stage()
        context.setdefault("form", FinalStageForm(instance=stage))
        context.setdefault("cut_form", CutForm())
        context["stage"] = stage
        if stage is not None and stage.is_cut:
            by_pk = {p.pk: p for p in self.tournament.players.all()}
            context["finalists"] = [by_pk[pk] for pk in stage.finalists if pk in by_pk]
            context["later_sessions"] = list(
                self.tournament.sessions.filter(number__gt=stage.after_session + 1).order_by("number")
            )
        return context

    def post(self, request, *args, **kwargs):
        action = request.POST.get("action")
        handlers = {"set": self.set_stage, "cut": self.cut, "undo": self.undo, "seat": self.seat}
        if action not in handlers:
            return redirect("manage-final", slug=self.tournament.slug)
        try:
            return handlers[action](request)
        except (ValidationError, PermissionDenied) as exc:
            return self.render_to_response(self.get_context_data(errors=_messages(exc)))

    def set_stage(self, request):
        form = FinalStageForm(request.POST, instance=self.stage())
        form.instance.tournament = self.tournament
        if not form.is_valid():
            return self.render_to_response(self.get_context_data(form=form))
        finals.final_stage_set(tournament=self.tournament, by=request.user, **form.cleaned_data)
        messages.success(request, _("The final is set."))
        return redirect("manage-final", slug=self.tournament.slug)

    def cut(self, request):
        form = CutForm(request.POST)
        if not form.is_valid():
            return self.render_to_response(self.get_context_data(cut_form=form))
        order = form.cleaned_data["level_order"]
        if not confirmed(request):
            chosen, first = finals.final_cut_check(self.tournament, order)
            return self.render_to_response(self.get_context_data(cut_form=form, preview=chosen, first=first))
        stage = finals.final_cut(tournament=self.tournament, by=request.user, level_order=order)
        messages.success(
            request,
            _("The cut is made: session %(n)s is seated for the final. Publish its seating when ready.")
            % {"n": stage.after_session + 1},
        )
        return redirect("manage-final", slug=self.tournament.slug)

    def undo(self, request):
        if not confirmed(request):
            return self.render_to_response(self.get_context_data(confirm_undo=True))
        finals.final_cut_undo(tournament=self.tournament, by=request.user)
        messages.success(request, _("The cut is undone; the first session of the final is no longer seated."))
        return redirect("manage-final", slug=self.tournament.slug)

    def seat(self, request):
        session = self.tournament.sessions.filter(number=request.POST.get("session") or 0).first()
        if session is None:
            raise ValidationError(_("There is no such session."))
        finals.final_session_seat(session=session, by=request.user)
        messages.success(request, _("Session %(n)s is seated for the final.") % {"n": session.number})
        return redirect("manage-final", slug=self.tournament.slug)
