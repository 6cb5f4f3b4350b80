"""Public read-only pages of the tournament app: the tournaments, one tournament, its players."""

from django.views.generic import TemplateView
from django_tables2 import RequestConfig

from tournament.clock import is_multi_day
from tournament.floor import announcements_shown
from tournament.models import Tournament, TournamentRole
from tournament.numbers import table_points_shown
from tournament.tables import PlayersTable, with_name_keys
from tournament.views.mixins import TournamentMixin, new_tournament_offer

PER_PAGE = 50


class HomeView(TemplateView):
    template_name = "tournament/home.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        user = self.request.user
        context["tournaments"] = Tournament.objects.visible_to(user)
        context.update(new_tournament_offer(user))
        if user.is_authenticated:
            context["my_roles"] = TournamentRole.objects.filter(user=user).select_related("tournament")
        return context


class TournamentDetailView(TournamentMixin, TemplateView):
    template_name = "tournament/detail.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        t = self.tournament
        sessions = list(t.sessions.with_table_count())
        context.update(
            sessions=sessions,
            # "Find my seat" while a session with public seating is not closed yet (being played or about to
            # be): before, and between a closed session and the next publication, there is nothing to find.
            has_public_session=any(s.is_public and not s.is_closed for s in sessions),
            player_count=t.players.filter(is_substitute=False).count(),
            team_count=t.teams.count(),
            table_points_display=" / ".join(table_points_shown(v) for v in t.table_points_values()),
            multi_day=is_multi_day(sessions),
            announcements=announcements_shown(t),
        )
        return context


class PlayerListView(TournamentMixin, TemplateView):
    template_name = "tournament/players.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        data = [
            {
                "number": p.number,
                "name": p.name,
                "country": p.country,
                "club": p.club,
                "team": p.team.name if p.team_id else "",
                "substitute": p.is_substitute,
                "url": p.get_absolute_url(),
            }
            for p in self.tournament.players.select_related("team")
        ]
        table = PlayersTable(with_name_keys(data), request=self.request)
        RequestConfig(self.request, paginate={"per_page": PER_PAGE}).configure(table)
        context["table"] = table
        return context
