"""Seating and session pages: seat, publish, close and reopen sessions; generate a round-robin schedule,
seat by Swiss, upload a chart, publish all; the public seating chart.

Thin: forms, then ``schedule.services`` (changes), ``schedule.elimination`` and ``schedule.selectors`` (reads).
"""

import json

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied, ValidationError
from django.db.models import Count
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.template.response import TemplateResponse
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.generic import TemplateView

from core import names
from schedule import charts, dashboard, elimination, selectors, services
from schedule.forms import ChartConfirmForm, ChartUploadForm, GenerateForm, ReasonForm, SeatSessionForm
from schedule.seating_versions import seating_seen
from scoring.progress import CLOSED, with_phases
from scoring.queues import work_queue
from tournament.clock import is_multi_day
from tournament.models import SeatingVersion, Session, Tournament, TournamentRole
from tournament.services import seating_problem, sessions_below_minimum
from tournament.views.mixins import OrganizerRequiredMixin, TournamentMixin, new_tournament_offer


def _messages(exc):
    return list(getattr(exc, "messages", None) or [str(exc) or _("You may not do this.")])


class SeatingManageView(OrganizerRequiredMixin, TemplateView):
    """The organizer's seating page: schedule, Swiss, chart upload, publish, metrics."""

    template_name = "schedule/manage.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        t = self.tournament
        sessions = with_phases(t, list(t.sessions.with_table_count().order_by("number")))
        swiss = {s.number for s in selectors.swiss_sessions(t)}
        action_errors = kwargs.get("action_errors", {})
        for s in sessions:
            s.swiss_eligible = s.number in swiss and not s.is_public
            s.action_error = action_errors.get(s.number)
            s.method_label = selectors.method_label(s.seating_method)
        count, problem = _field_count(t)
        generate_form, choices = self._compare(kwargs.get("generate_form"))
        context.update(
            sessions=sessions,
            round_robin_numbers=[s.number for s in selectors.round_robin_sessions(t)],
            has_swiss=bool(swiss),
            generate_form=generate_form,
            choices=choices,
            seating_problem=problem,
            sessions_warning=sessions_below_minimum(t),
            player_count=count,
            oversized_teams=selectors.oversized_teams(t),
            metrics=selectors.tournament_schedule_metrics(t),
            seated_waiting=[s.number for s in sessions if s.may_publish],
            is_mixed=t.format == Tournament.Format.MIXED,
            is_elimination=t.format == Tournament.Format.ELIMINATION,
            fill=_fill_preview(t, selectors.round_robin_sessions(t) or sessions),
        )
        if not (context["fill"] and context["fill"]["plan"].new_names):
            # Bench substitutes fill gaps by themselves: the box only asks for new substitutes.
            generate_form.fields.pop("fill_with_substitutes", None)
        return context

    def _compare(self, form):
        """The generate form, and when "Compare the choices" asked (a GET with compare=1), the figures of
        each priority for its seed. A seed left empty is drawn here and put in the form, so that generating
        next gives exactly the figures shown."""
        if form is not None:
            return form, None
        query = self.request.GET
        if query.get("compare") != "1":
            return GenerateForm(initial={"seed": services.new_seed()}), None
        data = query.copy()
        if not (data.get("seed") or "").strip():
            data["seed"] = str(services.new_seed())
        form = GenerateForm(data)
        if not form.is_valid():
            return form, None
        cleaned = form.cleaned_data
        choices = selectors.schedule_choices(
            self.tournament, seed=cleaned["seed"], fill=cleaned.get("fill_with_substitutes", False)
        )
        return form, {"seed": cleaned["seed"], "rows": choices, "cost": _priority_cost(choices)}


def _priority_cost(rows):
    """What keeping teams apart first costs against avoiding repeats first, in words, when they differ."""
    by_key = {row["key"]: row for row in rows}
    first, apart = by_key.get("repeats"), by_key.get("teams")
    if first is None or apart is None:
        return ""
    if (first["repeat_excess"], first["team_clashes"]) == (apart["repeat_excess"], apart["team_clashes"]):
        return _("Both priorities give the same figures here: no choice to make.")
    return _(
        "Keeping teams apart first: %(c1)s team-mate meetings instead of %(c0)s, at the cost of %(r1)s repeat "
        "meetings instead of %(r0)s."
    ) % {
        "c1": apart["team_clashes"],
        "c0": first["team_clashes"],
        "r1": apart["repeat_excess"],
        "r0": first["repeat_excess"],
    }


def _field_count(tournament):
    """How many play in the next session to seat, and why they cannot be seated (or None): bench substitutes
    count only as far as they fill tables of four, as seating takes them."""
    upcoming = selectors.next_field(tournament)
    if upcoming is None:
        return tournament.players.filter(is_substitute=False).count(), None
    field = upcoming[1].field
    return len(field), seating_problem(len(field))


def _fill_preview(tournament, sessions):
    """What "fill the field with substitutes" would seat in the first session not played, or None when the
    players already fill tables of four."""
    from schedule.withdrawals import fill_plan

    first = next((s for s in sessions if not s.is_public), None)
    if first is None:
        return None
    plan = fill_plan(tournament, first.number)
    return {"session": first.number, "plan": plan} if plan.added else None


class SwissSeatView(SeatingManageView):
    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        session = get_object_or_404(Session, tournament=self.tournament, number=self.kwargs["n"])
        try:
            services.session_seat_swiss(
                session=session,
                by=request.user,
                fill_with_substitutes=request.POST.get("fill_with_substitutes") == "on",
                # Paired on a session not seated yet: another organizer's pairing a moment ago is refused.
                seen=None if session.is_seated else seating_seen([session], unseated=True),
            )
        except (ValidationError, PermissionDenied) as exc:
            return self.render_to_response(
                self.get_context_data(action_errors={session.number: " ".join(_messages(exc))})
            )
        messages.success(
            request, _("Session %(n)s seated by Swiss pairing on the current standings.") % {"n": session.number}
        )
        return redirect("manage-seating", slug=self.tournament.slug)


def confirmation(view, *, title, lines, button, warnings=(), reason=None, reason_required=False, hidden=None):
    """The page that asks before an action reaching many people or hard to undo. Its form posts the same
    request again with confirm=1 (and ``hidden``, the choices the question was computed for, such as a drawn
    seed, so what is done is what was shown); without JavaScript, and nothing changes until then."""
    context = view.get_context_data(
        confirm={
            "title": title,
            "lines": lines,
            "warnings": list(warnings),
            "button": button,
            "reason": reason,
            "reason_required": reason_required,
            "action": view.request.path,
            "cancel": view.cancel_url(),
            "hidden": sorted((hidden or {}).items()),
        }
    )
    return TemplateResponse(view.request, "schedule/confirm.html", context)


def confirmed(request):
    return request.POST.get("confirm") == "1"


class PublishAllView(SeatingManageView):
    http_method_names = ["post"]

    def cancel_url(self):
        return reverse("manage-seating", args=[self.tournament.slug]) + "#sessions"

    def post(self, request, *args, **kwargs):
        if not confirmed(request):
            try:
                sessions = services.schedule_publish_all_check(self.tournament)
            except ValidationError as exc:
                return self.render_to_response(self.get_context_data(publish_error=" ".join(_messages(exc))))
            numbers = ", ".join(str(s.number) for s in sessions)
            players = self.tournament.players.count()
            return confirmation(
                self,
                title=ngettext(
                    "Publish the seating of session %(s)s?", "Publish the seating of sessions %(s)s?", len(sessions)
                )
                % {"s": numbers},
                lines=[
                    ngettext(
                        "Everyone who opens the tournament's pages sees where each of the %(p)s players sits.",
                        "Everyone who opens the tournament's pages sees where each of the %(p)s players sits.",
                        players,
                    )
                    % {"p": players},
                    _(
                        "Their results become public too: hands and fouls the referees entered before publishing "
                        "were seen only by organizers and referees."
                    ),
                    _("A published seating is never replaced by a new schedule or draw."),
                ],
                button=_("Publish"),
            )
        try:
            numbers = services.schedule_publish_all(tournament=self.tournament, by=request.user)
        except (ValidationError, PermissionDenied) as exc:
            return self.render_to_response(self.get_context_data(publish_error=" ".join(_messages(exc))))
        messages.success(request, _("Seating of sessions %(s)s published.") % {"s": ", ".join(map(str, numbers))})
        return redirect("manage-seating", slug=self.tournament.slug)


class ChartUploadView(OrganizerRequiredMixin, TemplateView):
    """Upload a chart, preview it against the tournament, confirm. Nothing is seated before confirm."""

    template_name = "schedule/chart_upload.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.setdefault("form", ChartUploadForm())
        context["player_count"] = self.tournament.players.count()
        context["session_count"] = self.tournament.sessions.count()
        return context

    def _preview(self, chart_sessions, winds_given):
        report = services.chart_check(self.tournament, chart_sessions, winds_given=winds_given)
        numbers = {p.number: p for p in self.tournament.players.all()}
        preview = [
            {
                "number": s,
                "tables": [
                    {"number": t, "players": [numbers.get(n) or n for n in table]} for t, table in enumerate(tables, 1)
                ],
            }
            for s, tables in enumerate(report["sessions"] or [], 1)
        ]
        confirm = None
        if not report["errors"]:
            seen = seating_seen(list(self.tournament.sessions.order_by("number")[: len(chart_sessions)]))
            confirm = ChartConfirmForm(
                initial={
                    "chart": json.dumps(chart_sessions, separators=(",", ":")),
                    "winds_given": winds_given,
                    "seen": seen,
                }
            )
        return {"report": report, "preview": preview, "confirm_form": confirm}

    def post(self, request, *args, **kwargs):
        if "confirm" in request.POST:
            confirm = ChartConfirmForm(request.POST)
            if not confirm.is_valid():
                return self.render_to_response(
                    self.get_context_data(confirm_errors=[e for errs in confirm.errors.values() for e in errs])
                )
            chart, winds_given = confirm.cleaned_data["chart"], confirm.cleaned_data["winds_given"]
            try:
                services.schedule_from_chart(
                    tournament=self.tournament,
                    chart=chart,
                    by=request.user,
                    winds_given=winds_given,
                    seen=confirm.cleaned_data["seen"] or None,
                )
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
        parsed = charts.parse_chart(text)
        context = {"form": form, "parse_errors": parsed.errors, "previewed": True}
        if not parsed.errors:
            context.update(self._preview(parsed.sessions, winds_given))
        return self.render_to_response(self.get_context_data(**context))


class SeatingChartView(TournamentMixin, TemplateView):
    """Everyone's table in every published session (appendix 3), and each player's table and wind."""

    template_name = "schedule/chart.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        sessions = [
            s
            for s in self.tournament.sessions.with_table_count().order_by("number")
            if s.table_count and self.session_visible(s)
        ]
        data = selectors.tournament_chart(self.tournament, sessions) if sessions else {"sessions": [], "rows": []}
        context.update(
            chart=data,
            sessions=sessions,
            table_numbers=range(1, max((s.table_count for s in sessions), default=0) + 1),
            unpublished_shown=[s.number for s in sessions if not s.is_public],
        )
        return context


class SessionManageView(OrganizerRequiredMixin, TemplateView):
    template_name = "schedule/sessions.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        sessions = with_phases(self.tournament, list(self.tournament.sessions.with_table_count()))
        action_errors = kwargs.get("action_errors", {})
        seat_forms = kwargs.get("seat_forms", {})
        versions = dict(
            SeatingVersion.objects.filter(session__tournament=self.tournament)
            .values_list("session__number")
            .annotate(n=Count("pk"))
        )
        for session in sessions:
            session.version_count = versions.get(session.number, 0)
            session.method_label = selectors.method_label(session.seating_method)
            session.seat_form = seat_forms.get(session.number) or SeatSessionForm(prefix=f"s{session.number}")
            session.action_error = action_errors.get(session.number)
        count, problem = _field_count(self.tournament)
        context.update(
            sessions=sessions,
            seating_problem=problem,
            sessions_warning=sessions_below_minimum(self.tournament),
            player_count=count,
            is_elimination=self.tournament.format == Tournament.Format.ELIMINATION,
            fill=_fill_preview(self.tournament, sessions),
            multi_day=is_multi_day(sessions),
            # The roll call is taken for the next session not closed.
            roll_call_session=next((s.number for s in sessions if not s.is_closed), 1),
        )
        return context


class SessionActionView(SessionManageView):
    """POST one action on one session (each action a subclass below); an error re-renders the sessions page
    with the message under that session."""

    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        session = get_object_or_404(Session, tournament=self.tournament, number=self.kwargs["n"])
        self.seat_forms = {}
        try:
            return self.act(session)
        except (ValidationError, PermissionDenied) as exc:
            text = " ".join(getattr(exc, "messages", [str(exc)]))
            return self.render_to_response(
                self.get_context_data(action_errors={session.number: text}, seat_forms=self.seat_forms)
            )

    def act(self, session: Session) -> HttpResponse:
        raise NotImplementedError

    def done(self, message: str) -> HttpResponse:
        messages.success(self.request, message)
        return redirect("manage-sessions", slug=self.tournament.slug)

    def cancel_url(self) -> str:
        return reverse("manage-sessions", args=[self.tournament.slug]) + f"#session-{self.kwargs['n']}"


class ConfirmedSessionActionView(SessionActionView):
    """An action hard to undo: the first press asks, saying what it affects and refusing at once what the
    service would (``ask``); the second, with confirm=1, does it (``perform``)."""

    def act(self, session):
        if not confirmed(self.request):
            return self.ask(session)
        return self.perform(session)

    def ask(self, session: Session) -> HttpResponse:
        raise NotImplementedError

    def perform(self, session: Session) -> HttpResponse:
        raise NotImplementedError


class SessionCloseView(ConfirmedSessionActionView):
    """Asks first. While a countersignature is missing, an appeal window open or an appeal undecided, the
    page names each table and offers to close anyway with a reason (kept in the audit log)."""

    def ask(self, session, override=None):
        try:
            services.session_close_check(session, by=self.request.user)
        except services.CloseNeedsOverride as exc:
            override = exc.messages
        tables = session.tables.count()
        lines = [
            ngettext(
                "Its score sheet becomes final: it can no longer be reopened or corrected unless "
                "the session is reopened.",
                "Its %(n)s score sheets become final: they can no longer be reopened or corrected "
                "unless the session is reopened.",
                tables,
            )
            % {"n": tables}
        ]
        following = self.tournament.sessions.filter(number=session.number + 1).first()
        if (
            following
            and following.number in {s.number for s in selectors.swiss_sessions(self.tournament)}
            and not following.is_seated
        ):
            lines.append(
                _("Session %(n)s can then be seated by Swiss pairing on the standings.") % {"n": following.number}
            )
        if override:
            warnings = [
                _("Session %(n)s is not ready to close:") % {"n": session.number},
                *override,
                _("To close it anyway, say why; the reason is kept in the audit log."),
            ]
            form = ReasonForm(self.request.POST)
            return confirmation(
                self,
                title=_("Close session %(n)s?") % {"n": session.number},
                lines=lines,
                warnings=warnings,
                button=_("Close anyway"),
                reason=form.cleaned_data["reason"] if form.is_valid() else self.request.POST.get("reason", "")[:200],
                reason_required=True,
            )
        return confirmation(
            self, title=_("Close session %(n)s?") % {"n": session.number}, lines=lines, button=_("Close session")
        )

    def perform(self, session):
        form = ReasonForm(self.request.POST)
        reason = form.cleaned_data["reason"] if form.is_valid() else ""
        try:
            services.session_close(session=session, by=self.request.user, override_reason=reason)
        except services.CloseNeedsOverride:
            return self.ask(session)
        return self.done(_("Session %(n)s closed; its results are final.") % {"n": session.number})


class SessionChangesAcknowledgeView(SessionActionView):
    """The organizer has seen the changes to a closed session's results; back to where they pressed it."""

    def act(self, session):
        count = services.session_changes_acknowledge(session=session, by=self.request.user)
        messages.success(
            self.request,
            ngettext(
                "%(count)s change to session %(n)s acknowledged.",
                "%(count)s changes to session %(n)s acknowledged.",
                count,
            )
            % {"count": count, "n": session.number},
        )
        back = self.request.POST.get("next", "")
        if back == "session":
            return redirect("session-detail", slug=self.tournament.slug, n=session.number)
        return redirect("manage-home", slug=self.tournament.slug)


class SessionReopenView(ConfirmedSessionActionView):
    def ask(self, session):
        services.session_reopen_check(session)
        form = ReasonForm(self.request.POST)
        return confirmation(
            self,
            title=_("Reopen session %(n)s?") % {"n": session.number},
            lines=[
                _("Its results stop being final: an organizer can reopen its score sheets and correct them."),
                _("The standings change at once if a correction changes a score."),
            ],
            warnings=self.warnings(session),
            button=_("Reopen session"),
            reason=form.cleaned_data["reason"] if form.is_valid() else self.request.POST.get("reason", "")[:200],
        )

    def warnings(self, session: Session) -> list[str]:
        """What reopening cannot change: the sessions already seated by Swiss from this one's results."""
        dependents = selectors.seated_from_results_of(session)
        if not dependents:
            return []
        warnings = [
            ngettext(
                "Session %(s)s was seated by Swiss pairing on standings that include this session's results. "
                "Correcting them now does not change that seating.",
                "Sessions %(s)s were seated by Swiss pairing on standings that include this session's results. "
                "Correcting them now does not change that seating.",
                len(dependents),
            )
            % {"s": ", ".join(str(s.number) for s in dependents)}
        ]
        shown = [s for s in dependents if s.is_public]
        if shown:
            warnings.append(
                _("Players have already seen the seating of sessions %(s)s; it is not redrawn.")
                % {"s": ", ".join(str(s.number) for s in shown)}
            )
        else:
            warnings.append(
                ngettext(
                    "Its seating is not published yet: once this session is closed again, you can seat it again "
                    "by Swiss.",
                    "Their seating is not published yet: once this session is closed again, you can seat them "
                    "again by Swiss.",
                    len(dependents),
                )
            )
        return warnings

    def perform(self, session):
        form = ReasonForm(self.request.POST)
        reason = form.cleaned_data["reason"] if form.is_valid() else ""
        services.session_reopen(session=session, by=self.request.user, reason=reason)
        return self.done(_("Session %(n)s reopened.") % {"n": session.number})


class SessionEliminationUndoView(ConfirmedSessionActionView):
    def ask(self, session):
        following = elimination.session_elimination_undo_check(session)
        lines = [
            _("The players eliminated after session %(n)s lose their final rank and are back in.")
            % {"n": session.number}
        ]
        if following is not None:
            lines.append(
                _("The seating of session %(n)s is removed; it is seated again when you decide again who plays on.")
                % {"n": following.number}
            )
        lines.append(_("Session %(n)s can then be reopened and corrected.") % {"n": session.number})
        return confirmation(
            self,
            title=_("Undo the elimination after session %(n)s?") % {"n": session.number},
            lines=lines,
            button=_("Undo the elimination"),
        )

    def perform(self, session):
        elimination.session_elimination_undo(session=session, by=self.request.user)
        return self.done(_("The elimination after session %(n)s is undone.") % {"n": session.number})


class DashboardView(OrganizerRequiredMixin, TemplateView):
    """The organizer's overview: sessions and their sheets, problems to act on, the next steps."""

    template_name = "manage/home.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["board"] = dashboard.tournament_dashboard(self.tournament, timezone.now())
        context.update(new_tournament_offer(self.request.user))
        return context


class StartView(LoginRequiredMixin, TemplateView):
    """Where a login lands: a referee, the chief referee or the appeals committee on what waits for them (sheets
    to countersign, appeals to decide) and the tables being played, an organizer on their tournament."""

    template_name = "schedule/start.html"
    STAFF = (TournamentRole.Role.REFEREE, TournamentRole.Role.CHIEF_REFEREE, TournamentRole.Role.APPEALS_COMMITTEE)

    def get(self, request, *args, **kwargs):
        roles = TournamentRole.objects.filter(user=request.user).select_related("tournament")
        organizing = {r.tournament for r in roles if r.role == TournamentRole.Role.ORGANIZER}
        refereeing = {r.tournament for r in roles if r.role in self.STAFF} - organizing
        if not organizing and not refereeing:
            return redirect("home")
        if len(organizing) == 1 and not refereeing:
            return redirect("manage-home", slug=next(iter(organizing)).slug)
        now = timezone.now()
        boards = sorted((dashboard.tournament_dashboard(t, now) for t in organizing), key=_running_first)
        sessions = dashboard.referee_sessions(sorted(refereeing, key=lambda t: t.name))
        for rs in sessions:
            rs.queue = work_queue(rs.tournament, request.user, now)
        context = self.get_context_data(boards=boards, referee_sessions=sessions, **new_tournament_offer(request.user))
        return self.render_to_response(context)


def _running_first(board):
    """Tournaments still being played before finished ones, then the most recent first."""
    finished = bool(board.sessions) and all(p.phase == CLOSED for p in board.sessions)
    start = board.tournament.start_date
    return (finished, -(start.toordinal() if start else 0), board.tournament.name)


class SeatListView(TournamentMixin, TemplateView):
    """A session's players sorted by name with their table and wind, to post on the wall (and as PDF)."""

    template_name = "schedule/seat_list.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        session = get_object_or_404(Session, tournament=self.tournament, number=self.kwargs["n"])
        if not self.session_visible(session):
            raise Http404(_("The seating of this session is not published yet."))
        rows = selectors.seat_list(session)
        for row in rows:
            row["search"] = f"{row['player'].number} {names.search_text(row['player'].name)}"
        context.update(session=session, rows=rows)
        return context
