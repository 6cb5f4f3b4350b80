"""Organizer pages of the tournament day: a session's clock (start, schedule, move the bell) and withdrawals
with their substitutes. Thin: a form, then ``schedule.clock`` or ``schedule.withdrawals``; a service's error
goes back on the form with what was typed."""

from datetime import datetime
from urllib.parse import urlencode

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views.generic import TemplateView

from schedule import clock, withdrawals
from schedule.forms import ClockAdjustForm, ClockScheduleForm, ClockStartForm, SubstituteFields, WithdrawForm
from tournament.clock import clock_context
from tournament.models import AuditLog, Seat, Session, Withdrawal
from tournament.views.mixins import OrganizerRequiredMixin, add_service_error

CLOCK_FORMS = {"start": ClockStartForm, "schedule": ClockScheduleForm, "adjust": ClockAdjustForm}


def _seen(raw: str | None) -> int | None:
    """The session's end the adjust form was drawn at (Unix seconds), or None when it does not say."""
    try:
        return int(raw) if raw else None
    except ValueError:
        return None


class SessionClockView(OrganizerRequiredMixin, TemplateView):
    template_name = "schedule/clock.html"

    def session(self):
        return get_object_or_404(Session, tournament=self.tournament, number=self.kwargs["n"])

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        session = kwargs.get("session") or self.session()
        forms = {name: kwargs.get(f"{name}_form") or form(prefix=name) for name, form in CLOCK_FORMS.items()}
        context.update(
            session=session,
            clock=clock_context(session),
            # Tables given extra time (``schedule.clock.table_time_extend``): each ends later than the session.
            extended=[t for t in session.tables.filter(extra_minutes__gt=0).order_by("number") if t.ends_at],
            forms=forms,
            can_change=session.is_seated and not session.is_closed,
        )
        return context

    def post(self, request, *args, **kwargs):
        session = self.session()
        action = request.POST.get("action")
        if action not in CLOCK_FORMS:
            return redirect("manage-session-clock", slug=self.tournament.slug, n=session.number)
        form = CLOCK_FORMS[action](request.POST, prefix=action)
        if form.is_valid():
            data = form.cleaned_data
            try:
                if action == "start":
                    clock.session_clock_start(session=session, minutes=data.get("minutes"), by=request.user)
                elif action == "schedule":
                    clock.session_clock_schedule(
                        session=session, starts_at=data["starts_at"], minutes=data.get("minutes"), by=request.user
                    )
                else:
                    clock.session_clock_adjust(
                        session=session,
                        minutes=data["minutes"],
                        reason=data["reason"],
                        by=request.user,
                        seen=_seen(request.POST.get("seen")),
                    )
            except (ValidationError, PermissionDenied) as exc:
                add_service_error(form, exc)
            else:
                session.refresh_from_db()
                messages.success(
                    request,
                    _("The clock of session %(n)s ends at %(time)s.")
                    % {"n": session.number, "time": timezone.localtime(session.ends_at).strftime("%H:%M")},
                )
                return redirect("manage-session-clock", slug=self.tournament.slug, n=session.number)
        session.refresh_from_db()  # the end shown, and seen by the form again, is the one now
        return self.render_to_response(self.get_context_data(session=session, **{f"{action}_form": form}))


class WithdrawalsView(OrganizerRequiredMixin, TemplateView):
    """Withdrawals in force and undone, a form to withdraw a player (with a substitute at once, or later)."""

    template_name = "schedule/withdrawals.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        t = self.tournament
        rows = list(
            Withdrawal.objects.filter(tournament=t)
            .select_related("player", "substitute", "from_session")
            .order_by("-created_at", "-id")
        )
        substitute_seats: dict[int, list[int]] = {}
        for player_id, number in Seat.objects.filter(
            player_id__in=[w.substitute_id for w in rows if w.substitute_id]
        ).values_list("player_id", "session__number"):
            substitute_seats.setdefault(player_id, []).append(number)
        errors = kwargs.get("row_errors", {})
        back = self.request.GET.get("back", "")
        for w in rows:
            w.sub_sessions = sorted(n for n in substitute_seats.get(w.substitute_id, []) if n >= w.from_session.number)
            if back.isdigit() and int(back) == w.pk and not w.active:
                w.reprint = _reprint_links(self.tournament, w)
            w.error = errors.get(w.pk)
            if w.active and not w.substitute_id:
                w.form = kwargs.get("substitute_forms", {}).get(w.pk) or SubstituteFields(
                    tournament=t, prefix=f"w{w.pk}"
                )
        context.update(withdrawals=rows, form=kwargs.get("form") or WithdrawForm(tournament=t))
        return context

    def post(self, request, *args, **kwargs):
        form = WithdrawForm(request.POST, tournament=self.tournament)
        if form.is_valid():
            data = form.cleaned_data
            try:
                w = withdrawals.player_withdraw(
                    player=data["player"],
                    from_session=data["from_session"],
                    reason=data["reason"],
                    note=data["note"],
                    keep_in_standings=data["keep_in_standings"],
                    substitute=data["substitute"],
                    new_name=data["new_name"],
                    by=request.user,
                )
            except (ValidationError, PermissionDenied) as exc:
                add_service_error(form, exc)
            else:
                messages.success(request, _withdrawn_message(w))
                return redirect("manage-withdrawals", slug=self.tournament.slug)
        return self.render_to_response(self.get_context_data(form=form))


def _withdrawn_message(w):
    text = _("%(player)s withdrawn from session %(n)s on.") % {"player": w.player, "n": w.from_session.number}
    if w.substitute_id:
        if w.seats_taken:
            text += " " + ngettext(
                "%(sub)s takes their seat in session %(s)s.",
                "%(sub)s takes their seat in sessions %(s)s.",
                len(w.seats_taken),
            ) % {"sub": w.substitute, "s": ", ".join(map(str, w.seats_taken))}
        else:
            text += " " + _(
                "%(sub)s stands in for them; no seat could change (every later table has already started)."
            ) % {"sub": w.substitute}
    return text


class WithdrawalActionView(WithdrawalsView):
    """POST: name the substitute of a withdrawal, or undo it."""

    http_method_names = ["post"]
    action = None

    def post(self, request, *args, **kwargs):
        w = get_object_or_404(Withdrawal, tournament=self.tournament, pk=self.kwargs["pk"])
        forms = {}
        try:
            if self.action == "substitute":
                form = forms[w.pk] = SubstituteFields(request.POST, tournament=self.tournament, prefix=f"w{w.pk}")
                if not form.is_valid():
                    raise ValidationError(_("Check the substitute."))
                w = withdrawals.player_substitute(
                    withdrawn=w.player,
                    substitute=form.cleaned_data["substitute"],
                    new_name=form.cleaned_data["new_name"],
                    by=request.user,
                )
                message = _withdrawn_message(w)
            elif self.action == "return":
                minutes = (request.POST.get("minutes") or "").strip()
                if minutes and not (minutes.isdigit() and 0 <= int(minutes) <= 24 * 60):
                    raise ValidationError(
                        _("Minutes late: a whole number of minutes, or empty to take them from the clock.")
                    )
                result = withdrawals.player_return(
                    withdrawal=w, by=request.user, minutes=int(minutes) if minutes else None
                )
                message = _returned_message(result)
            else:
                result = withdrawals.withdrawal_undo(withdrawal=w, by=request.user)
                message = (
                    _("The withdrawal of %(player)s is undone.") % {"player": w.player}
                    + " "
                    + _returned_message(result, undo=True)
                )
        except (ValidationError, PermissionDenied) as exc:
            text = " ".join(getattr(exc, "messages", None) or [str(exc)])
            return self.render_to_response(self.get_context_data(row_errors={w.pk: text}, substitute_forms=forms))
        messages.success(request, message)
        return redirect(reverse("manage-withdrawals", args=[self.tournament.slug]) + f"?back={w.pk}#withdrawal-{w.pk}")


def _returned_message(result: withdrawals.Return, undo: bool = False) -> str:
    """What bringing the player back did, in one paragraph: where they sit, what they missed, the penalty."""
    w = result.withdrawal
    parts = []
    if result.given_back:
        first = result.given_back[0]
        table = next(t for n, t in result.tables if n == first)
        parts.append(
            _("%(player)s sits again from session %(n)s (table %(t)s).") % {"player": w.player, "n": first, "t": table}
        )
        if w.substitute_id:
            parts.append(_("%(sub)s returns to the bench.") % {"sub": w.substitute})
    if result.lost_by_lateness:
        parts.append(
            _("%(m)s minutes late: session %(n)s is lost (MCR 3.11.2); they play from the next session.")
            % {"m": result.minutes, "n": result.missed}
        )
    elif result.missed is not None:
        parts.append(
            _("Their table in session %(n)s has begun: the substitute finishes it; they play from the next session.")
            % {"n": result.missed}
        )
    if result.penalty is not None:
        parts.append(
            _("Late arrival, %(m)s minutes: %(p)s points at the end of the session (MCR 3.11.2).")
            % {"m": result.minutes, "p": result.penalty.amount}
        )
    if not parts and not undo:
        parts.append(_("%(player)s is back.") % {"player": w.player})
    return " ".join(parts)


def _reprint_links(tournament, w) -> list[dict]:
    """After a player came back: the cards and seat lists of the changed tables only, per session."""
    entry = (
        AuditLog.objects.filter(
            tournament=tournament,
            action__in=("player.return", "player.withdraw_undo"),
            object_type=Withdrawal._meta.label,
            object_id=str(w.pk),
        )
        .order_by("-created_at", "-id")
        .first()
    )
    by_session: dict[int, list[int]] = {}
    for n, t in (entry.data.get("tables") or []) if entry else []:
        by_session.setdefault(n, []).append(t)
    out = []
    for n, tables in sorted(by_session.items()):
        query = urlencode({"session": n, "tables": ",".join(map(str, sorted(tables)))})
        out.append(
            {
                "session": n,
                "tables": sorted(tables),
                "cards": reverse("export-player-cards", args=[tournament.slug]) + "?" + query,
                "seats": reverse("export-seat-list", args=[tournament.slug, n])
                + "?"
                + urlencode({"tables": ",".join(map(str, sorted(tables)))}),
            }
        )
    return out


class TimetableView(OrganizerRequiredMixin, TemplateView):
    """The planned start of every session (the venue's local time): players and the hall are told when the
    next one begins; its date groups sessions by day."""

    template_name = "schedule/timetable.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        sessions = list(self.tournament.sessions.order_by("number"))
        typed = kwargs.get("typed", {})
        for s in sessions:
            s.typed = typed.get(
                s.number, timezone.localtime(s.planned_start).strftime("%Y-%m-%dT%H:%M") if s.planned_start else ""
            )
        context.update(sessions=sessions, error=kwargs.get("error"))
        return context

    def post(self, request, *args, **kwargs):
        typed, starts = {}, {}
        try:
            for s in self.tournament.sessions.open():  # a closed session's time is shown, not sent
                value = request.POST.get(f"start_{s.number}", "").strip()[:20]
                typed[s.number] = value
                if not value:
                    starts[s.number] = None
                    continue
                try:
                    naive = datetime.strptime(value.replace(" ", "T"), "%Y-%m-%dT%H:%M")
                except ValueError:
                    raise ValidationError(
                        _("Session %(n)s: give the date and time, e.g. 2026-05-02 14:00.") % {"n": s.number}
                    ) from None
                starts[s.number] = timezone.make_aware(naive)
            changed = clock.sessions_timetable_set(tournament=self.tournament, starts=starts, by=request.user)
        except (ValidationError, PermissionDenied) as exc:
            text = " ".join(getattr(exc, "messages", None) or [str(exc)])
            return self.render_to_response(self.get_context_data(typed=typed, error=text), status=400)
        messages.success(
            request,
            _("Timetable saved: sessions %(s)s.") % {"s": ", ".join(map(str, changed))}
            if changed
            else _("Nothing changed in the timetable."),
        )
        return redirect("manage-timetable", slug=self.tournament.slug)
