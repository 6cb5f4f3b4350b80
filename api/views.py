"""The read-only JSON API, /api/v1/ (docs/api.md). Thin: find the tournament the caller may see, ask
``api.data`` for the resource, answer with ``api.responses``.

Public callers see what the public pages show; an organizer token (``api.auth``) shows its tournament as
its organizers see it. Unpublished tournaments and hidden sessions answer 404, exactly like ones that do
not exist, so their existence is not revealed.
"""

from django.urls import reverse
from django.utils.decorators import method_decorator
from django.utils.translation import gettext as _
from django.views import View
from django.views.decorators.csrf import csrf_exempt

from api import data
from api.auth import ApiAuthError, request_token
from api.responses import error_response, json_response, preflight_response
from tournament.models import Player, Tournament

API_VERSION = 1


class NotFound(Exception):
    def __init__(self, message):
        super().__init__(message)
        self.message = message


# No cookies are read, so there is no cross-site request to forge; exempt so that any method other
# than GET answers a JSON 405 instead of the CSRF failure page.
@method_decorator(csrf_exempt, name="dispatch")
class ApiView(View):
    http_method_names = ["get", "head", "options"]

    def dispatch(self, request, *args, **kwargs):
        if request.method == "OPTIONS":
            return preflight_response()
        if request.method.lower() not in self.http_method_names:
            return error_response(
                405, "method_not_allowed", _("This API is read-only: use GET."), Allow="GET, HEAD, OPTIONS"
            )
        try:
            self.token = request_token(request)
        except ApiAuthError as exc:
            return error_response(401, "invalid_token", exc.message, WWW_Authenticate='Bearer realm="api"')
        try:
            return super().dispatch(request, *args, **kwargs)
        except NotFound as exc:
            return error_response(404, "not_found", exc.message)

    def respond(self, payload):
        return json_response(self.request, payload, private=self.token is not None)


class RootView(ApiView):
    def get(self, request):
        return self.respond({"version": API_VERSION, "tournaments": reverse("api-tournaments")})


class TournamentListView(ApiView):
    def get(self, request):
        token_for = self.token.tournament_id if self.token is not None else None
        tournaments = Tournament.objects.visible_to(None, token_for=token_for).order_by("-start_date", "name")
        return self.respond(data.tournaments_data(tournaments))


class TournamentApiView(ApiView):
    """Loads ``self.tournament`` from the slug, and ``self.organizer``: whether the caller's token is for it."""

    def get(self, request, *args, **kwargs):
        slug = kwargs["slug"]
        if self.token is not None and self.token.tournament.slug != slug:
            return error_response(
                403,
                "wrong_tournament",
                _("This token is for another tournament (%(slug)s).") % {"slug": self.token.tournament.slug},
            )
        self.organizer = self.token is not None
        token_for = self.token.tournament_id if self.token is not None else None
        tournament = Tournament.objects.visible_to(None, token_for=token_for).filter(slug=slug).first()
        if tournament is None:
            raise NotFound(_("No such tournament."))
        self.tournament = tournament
        return self.respond(self.resource(**{k: v for k, v in kwargs.items() if k != "slug"}))

    def resource(self, **kwargs):
        raise NotImplementedError

    def session(self, n):
        session = self.tournament.sessions.with_table_count().filter(number=n).first()
        if session is None or not (self.organizer or session.is_public):
            raise NotFound(_("No such session, or its seating is not published yet."))
        return session


class TournamentView(TournamentApiView):
    def resource(self):
        return data.tournament_data(self.tournament, self.organizer)


class PlayersView(TournamentApiView):
    def resource(self):
        return data.players_data(self.tournament, self.organizer)


class PlayerView(TournamentApiView):
    def resource(self, number):
        player = (
            Player.objects.select_related("team", "tournament")
            .filter(tournament=self.tournament, number=number)
            .first()
        )
        if player is None:
            raise NotFound(_("No player number %(n)s in this tournament.") % {"n": number})
        return data.player_detail_data(self.tournament, player, self.organizer)


class SessionsView(TournamentApiView):
    def resource(self):
        return data.sessions_data(self.tournament, data.visible_sessions(self.tournament, self.organizer))


class SessionView(TournamentApiView):
    def resource(self, n):
        return data.session_data(self.tournament, self.session(n))


class SessionResultsView(TournamentApiView):
    def resource(self, n):
        return data.session_results_data(self.tournament, self.session(n))


class TableResultView(TournamentApiView):
    def resource(self, n, t):
        session = self.session(n)
        result = next((r for r in data.session_results_data(self.tournament, session) if r["table"] == t), None)
        if result is None:
            raise NotFound(_("No table %(t)s with four players in session %(n)s.") % {"t": t, "n": n})
        return result


class StandingsView(TournamentApiView):
    def resource(self):
        return data.standings_data(self.tournament, self.organizer)


class TeamStandingsView(TournamentApiView):
    def resource(self):
        return data.team_standings_data(self.tournament, self.organizer)


class UnknownView(ApiView):
    """Anything else under /api/: a JSON 404 rather than the site's HTML page."""

    def get(self, request, *args, **kwargs):
        return error_response(404, "not_found", _("No such API address; see docs/api.md."))
