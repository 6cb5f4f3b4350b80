"""Seating pages: generate a round-robin schedule, seat by Swiss, upload a chart, publish, view.

Thin: forms, then the services in tournament.schedule.
"""
import json

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Count
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy
from django.views.generic import TemplateView

from tournament import schedule, services
from tournament.models import Session, Tournament
from tournament.views.mixins import OrganizerRequiredMixin, TournamentMixin

MAX_CHART_BYTES = 1_000_000
METHOD_LABELS = {
    "round_robin": _lazy("round robin"), "swiss": _lazy("Swiss"), "chart": _lazy("chart"),
    "random": _lazy("random draw"), "manual": _lazy("manual"),
}


def _messages(exc):
    return list(getattr(exc, "messages", None) or [str(exc) or _("You may not do this.")])


class GenerateForm(forms.Form):
    seed = forms.IntegerField(
        label=_lazy("Seed"), min_value=1, max_value=2**31, required=False,
        help_text=_lazy("A random seed is filled in (left empty, a new one is drawn); the same seed with the same "
                        "players gives the same schedule."))


class ChartUploadForm(forms.Form):
    text = forms.CharField(
        label=_lazy("Chart"), required=False, max_length=schedule.MAX_CHART_CHARS,
        widget=forms.Textarea(attrs={"rows": 12, "cols": 60, "spellcheck": "false"}),
        help_text=_lazy("CSV: one line per table: session, table, then four player numbers (a header line is "
                        "allowed). Or JSON: a list of sessions, each a list of tables of four player numbers."))
    file = forms.FileField(label=_lazy("or a file"), required=False,
                           help_text=_lazy("A .csv, .txt or .json file instead of the text above."))
    winds_given = forms.BooleanField(
        label=_lazy("The order in each table is East, South, West, North"), required=False,
        help_text=_lazy("Otherwise starting winds are assigned so that every player's winds are balanced."))

    def clean(self):
        data = super().clean()
        upload = data.get("file")
        if upload:
            if upload.size > MAX_CHART_BYTES:
                raise forms.ValidationError(_("The file is too large (at most %(n)s bytes).") % {"n": MAX_CHART_BYTES})
            try:
                data["text"] = upload.read().decode("utf-8-sig")
            except UnicodeDecodeError:
                raise forms.ValidationError(_("The file is not UTF-8 text; save it as CSV (UTF-8) or JSON."))
        if not (data.get("text") or "").strip():
            raise forms.ValidationError(_("Paste a chart or choose a file."))
        return data


class ChartConfirmForm(forms.Form):
    """Carries the previewed chart back, so nothing is kept on the server between preview and confirm."""

    chart = forms.CharField(widget=forms.HiddenInput, max_length=2 * schedule.MAX_CHART_CHARS)
    winds_given = forms.BooleanField(widget=forms.HiddenInput, required=False)

    def clean_chart(self):
        parsed = schedule.parse_chart(self.cleaned_data["chart"])
        if parsed.errors or parsed.format != "json":
            raise forms.ValidationError(_("The chart was damaged on the way; upload it again."))
        return parsed.sessions


class SeatingManageView(OrganizerRequiredMixin, TemplateView):
    """The organizer's seating page: schedule, Swiss, chart upload, publish, metrics."""

    template_name = "tournament/seating/manage.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        t = self.tournament
        sessions = list(t.sessions.annotate(table_count=Count("tables")).order_by("number"))
        swiss = {s.number for s in schedule.swiss_sessions(t)}
        action_errors = kwargs.get("action_errors", {})
        for s in sessions:
            s.swiss_eligible = s.number in swiss and s.status in (Session.Status.PLANNED, Session.Status.SEATED)
            s.action_error = action_errors.get(s.number)
            s.method_label = METHOD_LABELS.get(s.seating_method, s.seating_method)
        count = t.players.count()
        context.update(
            sessions=sessions,
            round_robin_numbers=[s.number for s in schedule.round_robin_sessions(t)],
            has_swiss=bool(swiss),
            generate_form=kwargs.get("generate_form") or GenerateForm(initial={"seed": schedule.new_seed()}),
            seating_problem=services.seating_problem(count),
            player_count=count,
            oversized_teams=schedule.oversized_teams(t),
            metrics=schedule.tournament_schedule_metrics(t),
            seated_waiting=[s.number for s in sessions if s.status == Session.Status.SEATED],
            is_mixed=t.format == Tournament.Format.MIXED,
        )
        return context


class ScheduleGenerateView(SeatingManageView):
    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        form = GenerateForm(request.POST)
        if form.is_valid():
            try:
                result = schedule.schedule_generate(tournament=self.tournament, by=request.user,
                                                    seed=form.cleaned_data.get("seed"))
            except (ValidationError, PermissionDenied) as exc:
                form.add_error(None, _messages(exc))
            else:
                m = result.metrics
                messages.success(request, _(
                    "%(s)s sessions seated round robin (seed %(seed)s): %(r)s repeated pairs (lower bound on repeats "
                    "%(lb)s, achieved %(x)s), wind spread %(w)s, team clashes %(c)s.") % {
                    "s": m["sessions"], "seed": result.seed, "r": m["repeated_pairs"], "lb": m["lower_bound"],
                    "x": m["repeat_excess"], "w": m["wind_spread"], "c": m["team_clashes"]})
                return redirect("manage-seating", slug=self.tournament.slug)
        return self.render_to_response(self.get_context_data(generate_form=form))


class SwissSeatView(SeatingManageView):
    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        session = get_object_or_404(Session, tournament=self.tournament, number=self.kwargs["n"])
        try:
            schedule.session_seat_swiss(session=session, by=request.user)
        except (ValidationError, PermissionDenied) as exc:
            return self.render_to_response(self.get_context_data(
                action_errors={session.number: " ".join(_messages(exc))}))
        messages.success(request, _("Session %(n)s seated by Swiss pairing on the current standings.")
                         % {"n": session.number})
        return redirect("manage-seating", slug=self.tournament.slug)


class PublishAllView(SeatingManageView):
    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        try:
            numbers = schedule.schedule_publish_all(tournament=self.tournament, by=request.user)
        except (ValidationError, PermissionDenied) as exc:
            return self.render_to_response(self.get_context_data(publish_error=" ".join(_messages(exc))))
        messages.success(request, _("Seating of sessions %(s)s published.") % {"s": ", ".join(map(str, numbers))})
        return redirect("manage-seating", slug=self.tournament.slug)


class ChartUploadView(OrganizerRequiredMixin, TemplateView):
    """Upload a chart, preview it against the tournament, confirm. Nothing is seated before confirm."""

    template_name = "tournament/seating/chart_upload.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.setdefault("form", ChartUploadForm())
        context["player_count"] = self.tournament.players.count()
        context["session_count"] = self.tournament.sessions.count()
        return context

    def _preview(self, chart_sessions, winds_given):
        report = schedule.chart_check(self.tournament, chart_sessions, winds_given=winds_given)
        numbers = {p.number: p for p in self.tournament.players.all()}
        preview = [{"number": s, "tables": [{"number": t, "players": [numbers.get(n) or n for n in table]}
                                            for t, table in enumerate(tables, 1)]}
                   for s, tables in enumerate(report["sessions"] or [], 1)]
        confirm = None
        if not report["errors"]:
            confirm = ChartConfirmForm(initial={"chart": json.dumps(chart_sessions, separators=(",", ":")),
                                                "winds_given": winds_given})
        return {"report": report, "preview": preview, "confirm_form": confirm}

    def post(self, request, *args, **kwargs):
        if "confirm" in request.POST:
            confirm = ChartConfirmForm(request.POST)
            if not confirm.is_valid():
                return self.render_to_response(self.get_context_data(
                    confirm_errors=[e for errs in confirm.errors.values() for e in errs]))
            chart, winds_given = confirm.cleaned_data["chart"], confirm.cleaned_data["winds_given"]
            try:
                schedule.schedule_from_chart(tournament=self.tournament, chart=chart, by=request.user,
                                             winds_given=winds_given)
            except (ValidationError, PermissionDenied) as exc:
                context = self._preview(chart, winds_given)
                context["confirm_errors"] = _messages(exc)
                context["confirm_form"] = None
                return self.render_to_response(self.get_context_data(**context))
            messages.success(request, _("Sessions 1 to %(n)s seated from the chart.") % {"n": len(chart)})
            return redirect("manage-seating", slug=self.tournament.slug)

        form = ChartUploadForm(request.POST, request.FILES)
        if not form.is_valid():
            return self.render_to_response(self.get_context_data(form=form))
        text, winds_given = form.cleaned_data["text"], form.cleaned_data["winds_given"]
        if form.cleaned_data.get("file"):
            # Keep the file's content in the text box, so it can be corrected in place.
            data = request.POST.copy()
            data["text"] = text
            form = ChartUploadForm(data)
            form.is_valid()
        parsed = schedule.parse_chart(text)
        context = {"form": form, "parse_errors": parsed.errors, "previewed": True}
        if not parsed.errors:
            context.update(self._preview(parsed.sessions, winds_given))
        return self.render_to_response(self.get_context_data(**context))


class SeatingChartView(TournamentMixin, TemplateView):
    """Everyone's table in every published session (appendix 3), and each player's table and wind."""

    template_name = "tournament/seating/chart.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        sessions = [s for s in self.tournament.sessions.annotate(table_count=Count("tables")).order_by("number")
                    if s.table_count and self.session_is_public(s)]
        data = schedule.tournament_chart(self.tournament, sessions) if sessions else {"sessions": [], "rows": []}
        context.update(chart=data, sessions=sessions,
                       table_numbers=range(1, max((s.table_count for s in sessions), default=0) + 1),
                       unpublished_shown=[s.number for s in sessions
                                          if s.status not in (Session.Status.PUBLISHED, Session.Status.CLOSED)])
        return context
