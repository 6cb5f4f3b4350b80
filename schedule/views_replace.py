"""The seating actions that replace or publish (issue 29): a random draw over a seated session ("Draw again"), a
round-robin schedule generated over seated sessions, publishing one session's seating, and putting back a
replaced seating. Each asks first on a page that names what it changes (repeat meetings before → after, the
printed cards) and posts again with confirm=1; without it nothing changes.

Thin: ``schedule.services`` and ``schedule.seating_versions`` decide and change; this module only asks.
"""

from __future__ import annotations

import random
from urllib.parse import urlencode

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

import seating
from schedule import selectors, services
from schedule.forms import GenerateForm, SeatSessionForm
from schedule.seating_restore import seating_restore_check, session_seating_restore
from schedule.seating_versions import (
    current_tables,
    repeat_excess,
    repeats_before_after,
    seating_seen,
    tournament_tables,
)
from schedule.selectors import PRIORITY_BY_KEY
from schedule.views import (
    ConfirmedSessionActionView,
    SeatingManageView,
    SessionActionView,
    SessionManageView,
    _messages,
    confirmation,
    confirmed,
)
from schedule.withdrawals import seating_field
from tournament.models import SeatingVersion, Session
from tournament.services import seating_problem


def _reprint_line(numbers: list[int]) -> str:
    return ngettext(
        "Player cards and seat lists already printed for session %(s)s show the old tables: print them again.",
        "Player cards and seat lists already printed for sessions %(s)s show the old tables: print them again.",
        len(numbers),
    ) % {"s": ", ".join(map(str, numbers))}


def _kept_line() -> str:
    return _(
        "The seating replaced is kept: while the session is unpublished you can put it back from its seating versions."
    )


def _repeats_line(before: int, after: int | None) -> str:
    if after is None:
        return _("Repeat meetings over the seated sessions now: %(b)s.") % {"b": before}
    return _("Repeat meetings over the seated sessions: %(b)s before → %(a)s after.") % {"b": before, "a": after}


class SessionSeatView(SessionActionView):
    """Seat one session by a (seeded) random draw, filling the field with substitutes when asked. Over a seated
    session ("Draw again") it asks first, with the seed it will use, so the figures shown are the draw made."""

    def act(self, session):
        prefix = f"s{session.number}"
        form = SeatSessionForm(self.request.POST, prefix=prefix)
        self.seat_forms[session.number] = form
        if not form.is_valid():
            raise ValidationError(_("Check the seed."))
        seed = form.cleaned_data.get("seed")
        fill = form.cleaned_data.get("fill_with_substitutes", False)
        replacing = session.is_seated
        if replacing and not confirmed(self.request):
            return self.ask(session, seed or services.new_seed(), fill)
        # What the organizer drew on: no seating, or the one the confirmation showed (another organizer's
        # draw meanwhile is refused, not replaced).
        seen = self.request.POST.get(f"{prefix}-seen") if replacing else seating_seen([session], unseated=True)
        session = services.session_seat_random(
            session=session, by=self.request.user, seed=seed, fill_with_substitutes=fill, seen=seen
        )
        message = _("Session %(n)s seated by random draw (seed %(seed)s).") % {
            "n": session.number,
            "seed": session.seed,
        }
        if replacing:
            message += " " + _("The seating it replaced is kept in the session's seating versions.")
        return self.done(message)

    def ask(self, session, seed, fill):
        services.check_seating_may_change([session])  # refused at once, as the draw would be
        before_tables = current_tables(session)
        after = None
        if not fill:
            players = seating_field(session.tournament, session.number)
            problem = seating_problem(len(players))
            if problem:
                raise ValidationError(problem)
            teams = {i: p.team_id for i, p in enumerate(players, start=1) if p.team_id}
            try:
                drawn = seating.draw_session(len(players), teams=teams, rng=random.Random(seed))
            except seating.SeatingError as exc:
                raise services.engine_error(exc) from exc
            tables = [[players[n - 1].number for n in table] for table in drawn]
            before, after = repeats_before_after(session, {session.number: tables})
        else:
            before = repeat_excess(list(tournament_tables(session).values()))
        prefix = f"s{session.number}"
        hidden = {f"{prefix}-seed": seed, f"{prefix}-seen": seating_seen([session])}
        if fill:
            hidden[f"{prefix}-fill_with_substitutes"] = "on"
        return confirmation(
            self,
            title=_("Draw session %(n)s again?") % {"n": session.number},
            lines=[
                ngettext(
                    "Its %(t)s table, seated now (%(method)s), is replaced by a new random draw (seed %(seed)s).",
                    "Its %(t)s tables, seated now (%(method)s), are replaced by a new random draw (seed %(seed)s).",
                    len(before_tables),
                )
                % {"t": len(before_tables), "method": selectors.method_label(session.seating_method), "seed": seed},
                _repeats_line(before, after),
                _reprint_line([session.number]),
                _kept_line(),
            ],
            button=_("Draw again"),
            hidden=hidden,
        )


class SessionPublishView(ConfirmedSessionActionView):
    """Publishing one session's seating asks first: from then on everyone sees it and it is never replaced."""

    def ask(self, session):
        if not session.may_publish:
            raise ValidationError(_("Session %(n)s is not seated and waiting to be published.") % {"n": session.number})
        seated = session.seats.count()
        lines = [
            ngettext(
                "Everyone who opens the tournament's pages sees where the %(p)s player of session %(n)s sits.",
                "Everyone who opens the tournament's pages sees where each of the %(p)s players of session %(n)s sits.",
                seated,
            )
            % {"p": seated, "n": session.number},
            _(
                "Its results become public too: hands and fouls the referees entered before publishing were "
                "seen only by organizers and referees."
            ),
            _(
                "A published seating is never replaced by a new draw, schedule or kept version; later changes "
                "are made seat by seat (a player back in, a seat swap)."
            ),
        ]
        missing = session.tournament.players.filter(code="").count()
        if missing:
            lines.append(
                ngettext(
                    "A player code is made for the %(m)s player who has none: print their card.",
                    "Player codes are made for the %(m)s players who have none: print their cards.",
                    missing,
                )
                % {"m": missing}
            )
        return confirmation(
            self,
            title=_("Publish the seating of session %(n)s?") % {"n": session.number},
            lines=lines,
            button=_("Publish"),
        )

    def perform(self, session):
        services.session_publish(session=session, by=self.request.user)
        return self.done(_("Seating of session %(n)s published.") % {"n": session.number})


class ScheduleGenerateView(SeatingManageView):
    """Generate the round-robin schedule; over sessions already seated it asks first, with the seed it will use."""

    http_method_names = ["post"]

    def cancel_url(self):
        return reverse("manage-seating", args=[self.tournament.slug]) + "#generate"

    def post(self, request, *args, **kwargs):
        form = GenerateForm(request.POST)
        if form.is_valid() and request.POST.get("compare") == "1":
            # Comparing changes nothing: on to the page that shows it, by a GET of its own (the form's
            # CSRF token never travels in an address).
            return self._to_comparison(form.cleaned_data, form.cleaned_data.get("seed") or services.new_seed())
        if form.is_valid():
            try:
                targets = selectors.round_robin_sessions(self.tournament)
                seated = [s for s in targets if s.is_seated]
                if seated and not confirmed(request):
                    return self.ask(seated, form.cleaned_data)
                seen = request.POST.get("seen") if seated else seating_seen(targets, unseated=True)
                result = services.schedule_generate(
                    seen=seen,
                    tournament=self.tournament,
                    by=request.user,
                    seed=form.cleaned_data.get("seed"),
                    fill_with_substitutes=form.cleaned_data.get("fill_with_substitutes", False),
                    priority=form.cleaned_data["priority"],
                )
            except (ValidationError, PermissionDenied) as exc:
                form.add_error(None, _messages(exc))
            else:
                messages.success(request, self._done_message(result, form.cleaned_data["priority"]))
                return self._to_comparison(form.cleaned_data, result.seed)
        return self.render_to_response(self.get_context_data(generate_form=form))

    def ask(self, seated, cleaned):
        services.check_seating_may_change(seated)  # refused at once, as generating would be
        seed = cleaned.get("seed") or services.new_seed()
        fill = cleaned.get("fill_with_substitutes", False)
        priority = cleaned["priority"]
        before = repeat_excess(list(tournament_tables(seated[0]).values()))
        rows = {r["key"]: r for r in selectors.schedule_choices(self.tournament, seed=seed, fill=fill)}
        after = rows[priority]["repeat_excess"] if priority in rows else None
        numbers = [s.number for s in seated]
        targets = selectors.round_robin_sessions(self.tournament)
        hidden = {"seed": seed, "priority": priority, "seen": seating_seen(targets)}
        if fill:
            hidden["fill_with_substitutes"] = "on"
        return confirmation(
            self,
            title=_("Generate a new schedule over the seating of sessions %(s)s?")
            % {"s": ", ".join(map(str, numbers))},
            lines=[
                _("Every table of sessions %(s)s is replaced by the new schedule (%(priority)s, seed %(seed)s).")
                % {"s": ", ".join(map(str, numbers)), "priority": PRIORITY_BY_KEY[priority].label, "seed": seed},
                _repeats_line(before, after),
                _reprint_line(numbers),
                _kept_line(),
            ],
            button=_("Generate and replace"),
            hidden=hidden,
        )

    @staticmethod
    def _done_message(result, priority):
        m = result.metrics
        return _(
            "%(s)s sessions seated round robin (%(priority)s, seed %(seed)s): %(x)s repeat meetings "
            "(lower bound %(lb)s; %(r)s pairs meet more than once), %(c)s team-mate meetings, wind "
            "spread %(w)s. Not published yet: compare the choices below before publishing."
        ) % {
            "s": m["sessions"],
            "priority": PRIORITY_BY_KEY[priority].label,
            "seed": result.seed,
            "r": m["repeated_pairs"],
            "lb": m["lower_bound"],
            "x": m["repeat_excess"],
            "w": m["wind_spread"],
            "c": m["team_clashes"],
        }

    def _to_comparison(self, cleaned, seed):
        query = urlencode(
            {
                "compare": "1",
                "seed": seed,
                "priority": cleaned["priority"],
                **({"fill_with_substitutes": "on"} if cleaned.get("fill_with_substitutes") else {}),
            }
        )
        return redirect(reverse("manage-seating", args=[self.tournament.slug]) + f"?{query}#choices")


class SeatingVersionsView(SessionManageView):
    """A session's kept seatings, newest first, each with what replaced it and, while the session is
    unpublished and has no scores, a button to put it back."""

    template_name = "schedule/seating_versions.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        session = get_object_or_404(Session, tournament=self.tournament, number=self.kwargs["n"])
        names = {p.number: p.name for p in self.tournament.players.all()}
        versions = list(session.seating_versions.select_related("replaced_by"))
        for version in versions:
            version.method_label = selectors.method_label(version.seating_method)
            version.named_tables = [[(n, names.get(n, "?")) for n in table] for table in version.tables]
        try:
            services.check_seating_may_change([session])
            restorable, why_not = True, ""
        except ValidationError as exc:
            restorable, why_not = False, " ".join(_messages(exc))
        context.update(
            session=session, versions=versions, restorable=restorable, why_not=why_not, now=current_tables(session)
        )
        return context

    def get(self, request, *args, **kwargs):
        return self.render_to_response(self.get_context_data())


class SeatingRestoreView(SessionActionView):
    """Put a kept seating back, after a page that says what it replaces (and the repeat meetings)."""

    def _version(self, session):
        return get_object_or_404(SeatingVersion, session=session, pk=self.kwargs["pk"])

    def cancel_url(self):
        return reverse("manage-seating-versions", args=[self.tournament.slug, self.kwargs["n"]])

    def act(self, session):
        version = self._version(session)
        if not confirmed(self.request):
            seating_restore_check(session, version)
            before, after = repeats_before_after(session, {session.number: version.tables})
            playing = {p.number for p in seating_field(session.tournament, session.number)}
            out = sorted({n for table in version.tables for n in table} - playing)
            warnings = []
            if out:
                warnings.append(
                    _(
                        "Players %(p)s of that seating are withdrawn from this session or no longer seated in it "
                        "(a no-show, a withdrawal, a substitute back on the bench): put back, they are seated again."
                    )
                    % {"p": ", ".join(map(str, out))}
                )
            return confirmation(
                self,
                title=_("Put back the seating of session %(n)s kept on %(when)s?")
                % {"n": session.number, "when": _local(version.replaced_at)},
                lines=[
                    _("Every table of session %(n)s is seated as it was then (%(method)s).")
                    % {"n": session.number, "method": selectors.method_label(version.seating_method)},
                    _repeats_line(before, after),
                    _reprint_line([session.number]),
                    _("The seating it replaces is kept in turn: this too can be undone."),
                ],
                button=_("Put this seating back"),
                warnings=warnings,
            )
        session_seating_restore(session=session, version=version, by=self.request.user)
        messages.success(self.request, _("Session %(n)s is seated as it was before.") % {"n": session.number})
        return redirect("manage-seating-versions", slug=self.tournament.slug, n=session.number)


def _local(moment):
    from django.utils import formats, timezone

    return formats.date_format(timezone.localtime(moment), "SHORT_DATETIME_FORMAT")
