"""Public read-only pages: tournaments, standings, players, sessions."""
from django.db.models import Count, Prefetch, Q
from django.shortcuts import get_object_or_404
from django.views.generic import TemplateView
from django_tables2 import RequestConfig

from tournament import results
from tournament.models import Player, Seat, Session, Tournament, TournamentRole
from tournament.tables import TIEBREAK_LABELS, PlayersTable, TeamStandingsTable, format_points, standings_table
from tournament.views.mixins import TournamentMixin, can_create_tournament

PER_PAGE = 50


class HomeView(TemplateView):
    template_name = "tournament/home.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        user = self.request.user
        visible = Q(published=True)
        if user.is_authenticated:
            if user.is_superuser:
                visible = Q()
            else:
                visible |= Q(roles__user=user)
        context["tournaments"] = Tournament.objects.filter(visible).distinct()
        context["can_create"] = can_create_tournament(user)
        if user.is_authenticated:
            context["my_roles"] = TournamentRole.objects.filter(user=user).select_related("tournament")
        return context


class TournamentDetailView(TournamentMixin, TemplateView):
    template_name = "tournament/detail.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        t = self.tournament
        sessions = list(t.sessions.annotate(table_count=Count("tables")))
        context.update(
            sessions=sessions,
            player_count=t.players.filter(is_substitute=False).count(),
            team_count=t.teams.count(),
            table_points_display=" / ".join(format_points(v) for v in t.table_points_values()),
        )
        return context


def _standing_rows(tournament, rows):
    out = []
    for row in rows:
        p = row.player
        data = {
            "rank": row.rank, "number": p.number, "name": p.name, "country": p.country,
            "team": p.team.name if p.team_id else "", "table_points": row.table_points, "score": row.score,
            "provisional": row.provisional, "url": p.get_absolute_url(),
        }
        for key, value in row.values.items():
            data[f"tb_{key}"] = value
        out.append(data)
    return out


class StandingsView(TournamentMixin, TemplateView):
    template_name = "tournament/standings.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        rows = results.player_standings(self.tournament)
        table = standings_table(_standing_rows(self.tournament, rows), self.tournament.tiebreak_keys(),
                                request=self.request)
        RequestConfig(self.request, paginate={"per_page": PER_PAGE}).configure(table)
        context.update(table=table, provisional=any(r.provisional for r in rows),
                       tiebreak_labels=[str(TIEBREAK_LABELS.get(k, k)) for k in self.tournament.tiebreak_keys()])
        return context


class TeamStandingsView(TournamentMixin, TemplateView):
    template_name = "tournament/team_standings.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        rows = results.team_standings(self.tournament)
        data = [{
            "rank": r.rank, "team": r.team.name, "table_points": r.table_points, "score": r.score,
            "members": ", ".join(m.player.name for m in r.members),
        } for r in rows]
        table = TeamStandingsTable(data, request=self.request)
        RequestConfig(self.request, paginate={"per_page": PER_PAGE}).configure(table)
        context["table"] = table
        return context


class SessionTabulationView(TournamentMixin, TemplateView):
    """Session by session, per player: table points and score, and the running totals (appendix 7)."""

    template_name = "tournament/tabulation.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        sessions, table = results.tabulation(self.tournament)
        lines = []
        for row, cells in table:
            lines.append({"row": row, "table_points": format_points(row.table_points), "cells": [
                None if c is None else {
                    "tp": format_points(c.result.table_points), "score": c.result.score, "rank": c.result.rank,
                    "cum_tp": format_points(c.cum_table_points), "cum_score": c.cum_score,
                    "complete": c.result.complete,
                } for c in cells]})
        context.update(sessions=sessions, lines=lines)
        return context


class PlayerListView(TournamentMixin, TemplateView):
    template_name = "tournament/players.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        data = [{
            "number": p.number, "name": p.name, "country": p.country, "club": p.club,
            "team": p.team.name if p.team_id else "", "substitute": p.is_substitute, "url": p.get_absolute_url(),
        } for p in self.tournament.players.select_related("team")]
        table = PlayersTable(data, request=self.request)
        RequestConfig(self.request, paginate={"per_page": PER_PAGE}).configure(table)
        context["table"] = table
        return context


class PlayerDetailView(TournamentMixin, TemplateView):
    template_name = "tournament/player_detail.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        player = get_object_or_404(Player.objects.select_related("team"), tournament=self.tournament,
                                   number=self.kwargs["number"])
        seats = Seat.objects.filter(player=player).select_related("table", "session").order_by("session__number")
        by_table = results.table_results(self.tournament)
        lines = []
        for seat in seats:
            if not self.session_is_public(seat.session):
                continue
            result = by_table.get(seat.table_id)
            line = {"seat": seat, "session": seat.session, "table": seat.table,
                    "opponents": [], "result": None}
            if result is not None:
                i = seat.position
                line["opponents"] = [(Seat.WIND_NAMES[j], p) for j, p in enumerate(result.players) if j != i]
                if result.started:
                    line["result"] = {"score": result.scores[i], "rank": result.ranks[i],
                                      "table_points": format_points(result.table_points[i]),
                                      "submitted": result.submitted}
            lines.append(line)
        standing = next((r for r in results.player_standings(self.tournament) if r.player.pk == player.pk), None)
        context.update(player=player, lines=lines, standing=standing,
                       standing_tp=format_points(standing.table_points) if standing else "")
        return context


class SessionDetailView(TournamentMixin, TemplateView):
    template_name = "tournament/session_detail.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        session = get_object_or_404(Session, tournament=self.tournament, number=self.kwargs["n"])
        visible = self.session_is_public(session)
        tables = []
        if visible:
            by_table = results.table_results(self.tournament, session)
            for table in session.tables.prefetch_related(
                    Prefetch("seats", queryset=Seat.objects.select_related("player"))).select_related("sheet"):
                players = table.seated_players()
                result = by_table.get(table.pk)
                seats = []
                for i, player in enumerate(players):
                    seats.append({
                        "wind": Seat.WIND_NAMES[i], "player": player,
                        "score": result.scores[i] if result else 0,
                        "rank": result.ranks[i] if result and result.started else None,
                        "table_points": format_points(result.table_points[i]) if result and result.started else "",
                    })
                tables.append({"table": table, "seats": seats,
                               "hands": result.hands_entered if result else 0,
                               "submitted": result.submitted if result else False})
        context.update(session=session, visible=visible, tables=tables,
                       hands_per_session=self.tournament.hands_per_session)
        return context
