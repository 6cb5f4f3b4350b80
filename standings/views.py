"""Public result pages: standings, team standings, the tabulation, a player's results, a session's tables.

Thin: the selectors compute, the views shape rows for the templates. A session whose seating is not
published yet is shown only to organizers and referees.
"""

from urllib.parse import urlencode

from django.conf import settings
from django.contrib import messages
from django.core.cache import caches
from django.db.models import Prefetch
from django.shortcuts import get_object_or_404, redirect
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.generic import TemplateView, View
from django_tables2 import RequestConfig

from core import names
from core.collation import person_sort_key
from scoring.progress import current_session, session_phase, session_progress
from scoring.results import table_results
from scoring.selectors import changes_after_closing, open_appeals_by_table, players_under_appeal
from standings import selectors
from standings.deciders import may_decide
from standings.finals import cut_stage
from standings.tables import TeamStandingsTable, standings_table, tiebreak_label
from tournament.clock import clock_context
from tournament.models import Player, Seat, Session
from tournament.numbers import table_points_shown
from tournament.views.mixins import TournamentMixin

PER_PAGE = 50


class ResultsMixin(TournamentMixin):
    """Result pages show the public only published sessions' results; organizers and referees see every
    session, with a note naming the sessions the public does not see yet."""

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["not_public_sessions"] = (
            [] if self.public_view else selectors.unpublished_sessions_with_results(self.tournament)
        )
        return context


class StandingsView(ResultsMixin, TemplateView):
    """The standings. What the public sees is kept for PUBLIC_STANDINGS_CACHE_SECONDS in the shared page cache
    (the database, so every app server shares it): at a large event hundreds of phones poll this page while
    the referees enter hands, and ranking every player for each of them costs the referees' time. Organizers
    and referees always see it as it is now. Only the page's content is kept: the rest of the page (the menu,
    the forms with their per-visitor CSRF token) is drawn for each visitor."""

    template_name = "standings/standings.html"
    content_template = "standings/_standings.html"

    def content_cache_key(self):
        seconds = settings.PUBLIC_STANDINGS_CACHE_SECONDS
        if not seconds or not self.public_view:
            return None
        # One entry per tournament, language, and page or order asked for.
        return f"standings:{self.tournament.pk}:{get_language()}:{self.request.get_full_path()}"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["can_decide"] = not self.public_view and may_decide(self.request.user, self.tournament)
        key = self.content_cache_key()
        content = caches["pages"].get(key) if key else None
        if content is None:
            content = render_to_string(self.content_template, self.content_context(context), request=self.request)
            if key:
                caches["pages"].set(key, content, settings.PUBLIC_STANDINGS_CACHE_SECONDS)
        context["content"] = mark_safe(content)
        return context

    def content_context(self, context):
        # Every table's result read once, for the ranked players and the substitutes alike.
        results = table_results(self.tournament, public=self.public_view)
        rows = selectors.standings_rows(
            self.tournament,
            selectors.player_standings(self.tournament, public=self.public_view, results=results),
            public=self.public_view,
        )
        under_appeal = players_under_appeal(self.tournament)
        for row in rows:
            row["url"] = row["player"].get_absolute_url()
            row["under_appeal"] = row["player"].pk in under_appeal
        table = standings_table(rows, self.tournament.tiebreak_keys(), request=self.request)
        RequestConfig(self.request, paginate={"per_page": PER_PAGE}).configure(table)
        substitutes = selectors.standings_rows(
            self.tournament,
            selectors.substitute_standings(self.tournament, public=self.public_view, results=results),
            public=self.public_view,
        )
        for row in substitutes:
            row["table_points_text"] = table_points_shown(row["table_points"])
        context.update(
            table=table,
            provisional=any(r["provisional"] for r in rows),
            substitutes=substitutes,
            withdrawn=any(r.get("withdrawn") for r in rows),
            decided=list({id(r["decider"]): r["decider"] for r in rows if r.get("decider")}.values()),
            under_appeal=bool(under_appeal),
            no_results=bool(rows) and not any(r["played"] for r in rows),
            lost=any(r["lost_sessions"] for r in rows),
            tiebreak_labels=[tiebreak_label(k) for k in self.tournament.tiebreak_keys()],
            is_elimination=self.tournament.format == self.tournament.Format.ELIMINATION,
            final_stage=cut_stage(self.tournament),
            final_ranking=selectors.final_ranking_done(self.tournament),
            over=self.tournament.is_over,
        )
        return context


class TeamStandingsView(ResultsMixin, TemplateView):
    template_name = "standings/team_standings.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        data = [
            {
                "rank": r.rank,
                "team": r.team.name,
                "table_points": r.table_points,
                "score": r.score,
                "members": ", ".join(m.player.name for m in r.members),
                # Before any member's first result every team would be "1": a dash says there is no rank yet.
                "played": any(m.sessions for m in r.members),
            }
            for r in selectors.team_standings(self.tournament, public=self.public_view)
        ]
        table = TeamStandingsTable(data, request=self.request)
        RequestConfig(self.request, paginate={"per_page": PER_PAGE}).configure(table)
        context["table"] = table
        context["no_results"] = bool(data) and not any(r["played"] for r in data)
        context["over"] = self.tournament.is_over
        return context


class SessionTabulationView(ResultsMixin, TemplateView):
    """Session by session, per player: table points and score, and the running totals (appendix 7)."""

    template_name = "standings/tabulation.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        sessions, table = selectors.tabulation(self.tournament, public=self.public_view)
        lines = []
        for row, cells in table:
            lines.append(
                {
                    "row": row,
                    "table_points": table_points_shown(row.table_points),
                    "cells": [
                        None
                        if c is None
                        else {
                            "tp": table_points_shown(c.result.table_points),
                            "score": c.result.score,
                            "rank": c.result.rank,
                            "cum_tp": table_points_shown(c.cum_table_points),
                            "cum_score": c.cum_score,
                            "complete": c.result.complete,
                            "lost": c.result.lost,
                        }
                        for c in cells
                    ],
                }
            )
        context.update(sessions=sessions, lines=lines)
        return context


class PlayerDetailView(ResultsMixin, TemplateView):
    template_name = "standings/player_detail.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        player = get_object_or_404(
            Player.objects.select_related("team"), tournament=self.tournament, number=self.kwargs["number"]
        )
        seats = Seat.objects.filter(player=player).select_related("table", "session").order_by("session__number")
        by_table = table_results(self.tournament, public=self.public_view)
        lines = []
        for seat in seats:
            if not self.session_visible(seat.session):
                continue
            result = by_table.get(seat.table_id)
            line = {"seat": seat, "session": seat.session, "table": seat.table, "opponents": [], "result": None}
            if result is not None:
                i = seat.position
                line["opponents"] = [(Seat.wind_name_of(j), p) for j, p in enumerate(result.players) if j != i]
                if result.started:
                    line["result"] = {
                        "score": result.scores[i],
                        "rank": result.ranks[i],
                        "table_points": table_points_shown(result.table_points[i]),
                        "submitted": result.submitted,
                        "lost": result.lost[i],
                    }
            lines.append(line)
        current = current_session(session_progress(self.tournament))
        now = next((line for line in lines if current and line["session"].pk == current.session.pk), None)
        if now is not None:
            now["current"] = True
        standing = next(
            (
                r
                for r in selectors.player_standings(self.tournament, public=self.public_view, results=by_table)
                if r.player.pk == player.pk
            ),
            None,
        )
        if standing is not None and self.tournament.format == self.tournament.Format.ELIMINATION:
            context["elimination_status"] = selectors.elimination_status(standing)
        context.update(
            player=player,
            lines=lines,
            standing=standing,
            now=now,
            now_phase=current.phase_label if now else "",
            standing_tp=table_points_shown(standing.table_points) if standing else "",
        )
        return context


class SessionDetailView(TournamentMixin, TemplateView):
    """A session's tables; ``?q=`` (a name or a player number) finds where someone sits."""

    template_name = "standings/session_detail.html"
    MAX_QUERY = 100

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        session = get_object_or_404(Session, tournament=self.tournament, number=self.kwargs["n"])
        visible = self.session_visible(session)
        query = self.request.GET.get("q", "")[: self.MAX_QUERY].strip()
        found = []
        tables = []
        if visible:
            by_table = table_results(self.tournament, session)
            appealed = open_appeals_by_table(self.tournament)
            for table in session.tables.prefetch_related(
                Prefetch("seats", queryset=Seat.objects.select_related("player"))
            ).select_related("sheet"):
                players = table.seated_players()
                for player in players:
                    if player is not None:
                        player.tournament = self.tournament  # its link needs the slug: no query per player
                result = by_table.get(table.pk)
                started = result is not None and result.started
                seats = [
                    {
                        "wind": Seat.wind_name_of(i),
                        "player": player,
                        "score": result.scores[i] if started else "",
                        "rank": result.ranks[i] if started else None,
                        "table_points": table_points_shown(result.table_points[i]) if started else "",
                    }
                    for i, player in enumerate(players)
                ]
                for seat in seats:
                    seat["found"] = names.matches(seat["player"].number, seat["player"].name, query)
                    seat["search"] = f"{seat['player'].number} {names.search_text(seat['player'].name)}"
                    if seat["found"]:
                        found.append({"player": seat["player"], "table": table, "wind": seat["wind"]})
                tables.append(
                    {
                        "table": table,
                        "seats": seats,
                        "hands": result.hands_entered if result else 0,
                        "started": started,
                        "submitted": result.submitted if result else False,
                        "under_appeal": appealed.get((session.number, table.number), 0),
                        "found": any(seat["found"] for seat in seats),
                    }
                )
        language = get_language()
        found.sort(key=lambda f: (person_sort_key(f["player"].name, language), f["player"].number))
        context.update(
            session=session,
            visible=visible,
            tables=tables,
            progress=session_phase(session),
            query=query,
            found=found,
            clock=clock_context(session) if visible else None,
            hands_per_session=self.tournament.hands_per_session,
            changes_after_closing=changes_after_closing(self.tournament, session) if self.is_organizer else [],
        )
        return context


class SessionCurrentView(TournamentMixin, View):
    """The session being played or about to be (``scoring.progress.current_session``), under one address that
    does not change through the day: the tournament page's "find my seat" and "current session" lead here.
    ``?q=`` goes along to find the seat."""

    def get(self, request, *args, **kwargs):
        current = current_session(session_progress(self.tournament))
        if current is None:
            if self.tournament.sessions.public().exists():
                # Every published session is closed: nothing is being played until the next is published.
                messages.info(request, _("No session is being played right now."))
            else:
                messages.info(request, _("No session's seating is published yet."))
            return redirect("tournament-detail", slug=self.tournament.slug)
        url = reverse("session-detail", args=[self.tournament.slug, current.session.number])
        query = request.GET.get("q", "")[: SessionDetailView.MAX_QUERY].strip()
        if query:
            url += "?" + urlencode({"q": query}) + "#found"
        return redirect(url)
