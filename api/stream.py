"""Stream overlays for OBS browser sources (issue 31; docs/api.md, "Stream overlays"): one table of the session
being played -- the four players with their seat winds and running scores, the last hand's winner, fans and
points -- and a ticker of the top of the standings. Transparent pages that poll their own small JSON every
1.5 seconds, so a hand appears within 2 seconds of its entry.

Always the public view, whoever is logged in: only published sessions, only their results. The organizer picks
the featured table (``StreamFeature``, ``api.services.stream_feature_set``); ``/stream/table/`` follows that
choice, ``/stream/table/<n>/`` stays on table n.
"""

from __future__ import annotations

from typing import Any

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import JsonResponse
from django.shortcuts import redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.generic import FormView, TemplateView

from api import data, services
from api.forms import StreamFeatureForm
from api.models import StreamFeature
from scoring import tile_entry
from scoring.results import sheets_data
from tournament.models import WIND_NAMES, Tournament
from tournament.views.mixins import OrganizerRequiredMixin, TournamentMixin, add_service_error

STREAM_POLL_MS = 1500  # a hand entered shows within 2 s
TOP_DEFAULT = 8


def _feature(tournament: Tournament) -> StreamFeature | None:
    return StreamFeature.objects.filter(tournament=tournament).first()


def _last_hand(tournament: Tournament, hands: list) -> dict[str, Any] | None:
    entered = [h for h in hands if h.version is not None]
    if not entered:
        return None
    last = entered[-1]
    v = last.version
    fans = []
    if v.tiles:
        scored = tile_entry.score(v.tiles, tournament.rule_set)
        if scored.valid:
            fans = [{"name": f["label"], "points": f["points"], "count": f["count"]} for f in scored.fans]
    return {
        "number": last.number,
        "outcome": v.outcome,
        "outcome_label": v.get_outcome_display(),
        "winner": v.winner.name if v.winner is not None else None,
        "discarder": v.discarder.name if v.discarder is not None else None,
        "points": v.points,
        "fans": fans,
    }


def stream_table_data(tournament: Tournament, number: int | None = None) -> dict[str, Any]:
    """Table ``number`` (else the featured one) of the session being played, as the overlay shows it."""
    session = data.current_session(data.visible_sessions(tournament, organizer=False))
    if number is None:
        feature = _feature(tournament)
        number = feature.table if feature is not None else None
    out: dict[str, Any] = {"session": None, "table": number, "players": [], "hands": 0, "last_hand": None}
    if session is None or number is None or not session.is_public:
        return out
    found = sheets_data(tournament, session.tables.filter(number=number))
    if not found:
        return out
    sheet = found[0]
    # The winds they sit at now: those of the next hand to play, else of the last one.
    upcoming = next((h for h in sheet.hands if h.version is None), sheet.hands[-1] if sheet.hands else None)
    winds = upcoming.seat_winds if upcoming is not None else ["E", "S", "W", "N"]
    out.update(
        session=session.number,
        hands=sum(1 for h in sheet.hands if h.version is not None),
        hands_per_session=len(sheet.hands),
        players=[
            {
                "number": p.number if p is not None else None,
                "name": p.name if p is not None else "",
                "wind": winds[i],
                "wind_name": str(WIND_NAMES[winds[i]]),
                "score": sheet.scores[i] if sheet.scores else 0,
            }
            for i, p in enumerate(sheet.players)
        ],
        last_hand=_last_hand(tournament, sheet.hands),
    )
    return out


def stream_standings_data(tournament: Tournament, top: int | None = None) -> dict[str, Any]:
    if top is None:
        feature = _feature(tournament)
        top = feature.top if feature is not None else TOP_DEFAULT
    rows = data.standings_data(tournament, organizer=False)[: max(1, min(top, services.STREAM_TOP_MAX))]
    return {
        "top": top,
        "rows": [
            {"rank": r["rank"] if r.get("played", True) else None, "name": r["name"], "table_points": r["table_points"]}
            for r in rows
        ],
    }


def _labels() -> dict[str, str]:
    return {
        "hand": _("%(n)s of %(m)s hands played"),
        "waiting": _("Waiting for the session to start"),
        "no_table": _("No table featured"),
        "points": _("%(n)s points"),
        "standings": _("Standings"),
    }


class StreamPage(TournamentMixin, TemplateView):
    """The overlay page: drawn complete on the server, then kept current by ``static/js/stream.js``."""

    kind = "table"

    def get_template_names(self):
        return [f"api/stream_{self.kind}.html"]

    def payload(self) -> dict[str, Any]:
        if self.kind == "standings":
            top = self.request.GET.get("top", "")
            return stream_standings_data(self.tournament, int(top) if top.isdigit() else None)
        return stream_table_data(self.tournament, self.kwargs.get("n"))

    def get(self, request, *args, **kwargs):
        if kwargs.get("json"):
            response = JsonResponse(self.payload())
            response["Cache-Control"] = "no-store"
            return response
        return super().get(request, *args, **kwargs)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        url = self.request.path + "data.json"
        if self.request.GET:
            url += "?" + self.request.GET.urlencode()
        context.update(
            stream=self.payload(),
            stream_config={"url": url, "poll_ms": STREAM_POLL_MS, "labels": _labels(), "kind": self.kind},
        )
        return context


class StreamManageView(OrganizerRequiredMixin, FormView):
    """The organizer picks the featured table and the ticker's length, and finds the overlays' addresses."""

    template_name = "api/stream_manage.html"
    form_class = StreamFeatureForm

    def get_initial(self):
        feature = _feature(self.tournament)
        return {"table": feature.table if feature else None, "top": feature.top if feature else TOP_DEFAULT}

    def form_valid(self, form):
        try:
            services.stream_feature_set(
                tournament=self.tournament,
                table=form.cleaned_data["table"],
                top=form.cleaned_data["top"],
                by=self.request.user,
            )
        except (ValidationError, PermissionDenied) as exc:
            add_service_error(form, exc)
            return self.form_invalid(form)
        messages.success(self.request, _("The stream overlay now shows what you chose."))
        return redirect("manage-stream", slug=self.tournament.slug)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        slug = self.tournament.slug
        context.update(
            featured_url=self.request.build_absolute_uri(reverse("stream-featured", args=[slug])),
            standings_url=self.request.build_absolute_uri(reverse("stream-standings", args=[slug])),
            preview=stream_table_data(self.tournament),
        )
        return context
