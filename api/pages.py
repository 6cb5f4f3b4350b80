"""The pages of the api app: the hall display (public, for a projector) and the organizers' token page."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.shortcuts import get_object_or_404, redirect
from django.utils.dateparse import parse_datetime
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import FormView, TemplateView

from api import data, services
from api.forms import ApiTokenForm
from api.models import ApiToken
from core.collation import person_sort_key
from tournament import lifecycle as session_lifecycle
from tournament.clock import clock_context, next_session_start
from tournament.models import WIND_NAMES
from tournament.views.mixins import OrganizerRequiredMixin, TournamentMixin, add_service_error

HALL_POLL_SECONDS = 15
HALL_SLIDE_SECONDS = 12


def hall_labels():
    """The words the hall's script shows, in the page's language (the script has no catalogue of its own)."""
    return {
        "standings": _("Standings"),
        "teams": _("Team standings"),
        "tables": _("Tables"),
        "find": _("Find your table"),
        "rank": _("Rank"),
        "player": _("Player"),
        "team": _("Team"),
        "table_points": _("TP"),
        "score": _("Score"),
        "table": _("Table"),
        "wind": _("Wind"),
        "table_n": _("Table %(n)s"),
        "session_n": _("Session %(n)s"),
        "page": _("%(i)s of %(n)s"),
        "no_session": _("No session has published seating yet."),
        "over": _("The tournament is over: final standings"),
        "final_standings": _("Final standings"),
        "final_teams": _("Final team standings"),
        "next_not_published": _("The seating of the next session is not published yet."),
        "no_results": _("No results yet."),
        "time_left": _("left"),
        "time_up": _("Time is up"),
        "extra_time": _("+%(m)s min: ends at %(time)s"),
        "playing_on": _("Time is up; table %(tables)s plays on"),
        "starts_in": _("starts in"),
        "next_starts": _("Session %(n)s starts at %(time)s."),
        "next_starts_on": _("Session %(n)s starts on %(day)s at %(time)s."),
        "updated": _("Updated %(time)s"),
        "stale": _("Not updated since %(time)s: the connection is down."),
        "under_appeal": _("Under appeal"),
        "under_appeal_mark": _("A"),
        "announcements": _("Announcements"),
        "calls": _("Calling a referee"),
        "call_taken": _("a referee is on the way"),
        "no_calls": _("no table"),
        "phases": session_lifecycle.phase_labels(),
        "winds": {letter: str(name) for letter, name in WIND_NAMES.items()},
    }


class HallView(TournamentMixin, TemplateView):
    """Full screen, for a projector: standings, the current session's seating and its clock, in turn.

    Rendered complete on the server (a page without script still shows everything and reloads itself);
    ``static/js/hall.js`` then pages, cycles and polls the public API. Always the public view, whoever
    is logged in, since everyone in the hall sees it.
    """

    template_name = "api/hall.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        tournament = self.tournament
        info = data.tournament_data(tournament, organizer=False)
        session = clock = None
        if info["current_session"] is not None:
            current = next(s for s in data.visible_sessions(tournament, False) if s.number == info["current_session"])
            session = data.session_data(tournament, current)
            # A closed session's clock and seating are over: the hall shows the time of day and, instead of
            # last session's tables, that the next seating is coming (or, at the end, the final standings).
            clock = None if current.is_closed else clock_context(current)
        seating = session["seating"] if session and session["phase"] != session_lifecycle.PHASE_CLOSED else []
        standings = data.standings_data(tournament, organizer=False)
        teams = data.team_standings_data(tournament, organizer=False) if info["teams"] else []
        language = get_language()
        finder = sorted(
            ((seat["player"], table["number"], seat["wind"]) for table in seating for seat in table["seats"]),
            key=lambda item: (person_sort_key(item[0]["name"], language), item[0]["number"]),
        )
        # The script re-sorts the finder after each poll: it takes the order from here (it cannot read pinyin).
        name_order = [
            number
            for _name, number in sorted(
                tournament.players.values_list("name", "number"),
                key=lambda p: (person_sort_key(p[0], language), p[1]),
            )
        ]
        labels = hall_labels()
        context.update(
            info=info,
            session=session,
            standings=standings,
            teams=teams,
            labels=labels,
            tables=[
                {
                    "number": table["number"],
                    "extra_minutes": table["extra_minutes"],
                    "ends_at_local": parse_datetime(table["ends_at"]) if table["ends_at"] else None,
                    "seats": [
                        {
                            "wind": seat["wind"],
                            "wind_name": labels["winds"][seat["wind"]],
                            "name": seat["player"]["name"],
                        }
                        for seat in table["seats"]
                    ],
                }
                for table in seating
                if table["seats"]
            ],
            finder=[{"player": p, "table": t, "wind": labels["winds"][w]} for p, t, w in finder],
            status_label=labels["phases"].get(session["phase"]) if session else "",
            hall_data={"tournament": info, "session": session, "standings": standings, "teams": teams},
            hall_config={
                "poll_seconds": HALL_POLL_SECONDS,
                "slide_seconds": HALL_SLIDE_SECONDS,
                "labels": labels,
                "name_order": name_order,
            },
            refresh_seconds=60,
            show_calls=self.request.GET.get("calls") == "1",
            clock=clock,
            next_session=next_session_start(tournament),
        )
        return context


class ApiTokensView(OrganizerRequiredMixin, FormView):
    """List the tournament's tokens and create one. A new token is shown in the answer to the POST, once,
    never stored or redirected to, so a reload or the browser's history cannot show it again."""

    template_name = "api/tokens.html"
    form_class = ApiTokenForm

    def form_valid(self, form):
        try:
            token, raw = services.api_token_create(
                tournament=self.tournament, name=form.cleaned_data["name"], by=self.request.user
            )
        except (ValidationError, PermissionDenied) as exc:
            add_service_error(form, exc)
            return self.form_invalid(form)
        response = self.render_to_response(
            self.get_context_data(form=self.form_class(), new_token=raw, new_token_record=token)
        )
        response["Cache-Control"] = "no-store"
        return response

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["tokens"] = ApiToken.objects.filter(tournament=self.tournament).select_related(
            "created_by", "revoked_by"
        )
        context["api_base"] = self.request.build_absolute_uri("/api/v1/")
        return context


class ApiTokenRevokeView(OrganizerRequiredMixin, View):
    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        token = get_object_or_404(ApiToken, tournament=self.tournament, pk=kwargs["pk"])
        try:
            services.api_token_revoke(token=token, by=request.user)
        except (ValidationError, PermissionDenied) as exc:
            messages.error(request, " ".join(getattr(exc, "messages", [str(exc)])))
        else:
            messages.success(request, _("Token “%(name)s” revoked; it no longer works.") % {"name": token.name})
        return redirect("manage-api-tokens", slug=self.tournament.slug)
