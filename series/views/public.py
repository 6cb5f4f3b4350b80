"""Public pages: the series, a series' ranking and its kept versions, a person's results in a series, a
person across tournaments (with the two charts). Thin: the selectors compute, the views shape rows."""

from __future__ import annotations

from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.utils.formats import date_format
from django.utils.functional import cached_property
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from ratings.base import format_number
from series import charts, same_person, selectors
from series.describe import event_rows, parameter_lines, rating_text
from series.models import Person, PlayerLink, SeriesMethod
from series.views.mixins import SeriesMixin, can_create_series
from tournament.models import Player
from tournament.numbers import table_points_shown


class SeriesListView(TemplateView):
    template_name = "series/list.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        lines = []
        visible = selectors.visible_series(self.request.user)
        latest = selectors.latest_rankings(visible)
        for series in visible:
            ranking = latest.get(series.pk)
            lines.append(
                {
                    "series": series,
                    "ranking": ranking,
                    "listed": len(selectors.listed_rows(ranking)) if ranking else 0,
                    "tournaments": len(ranking.events) if ranking else series.entry_count,
                }
            )
        context.update(lines=lines, can_create=can_create_series(self.request.user))
        return context


class RankingMixin(SeriesMixin):
    """``self.ranking``: the latest kept ranking, or the version asked for (``?ranking=N``)."""

    @cached_property
    def ranking(self):
        asked = self.request.GET.get("ranking", "")
        if asked:
            if not asked.isdigit():
                raise Http404(_("No such ranking."))
            found = selectors.ranking_version(self.series, int(asked))
            if found is None:
                raise Http404(_("No such ranking."))
            return found
        return selectors.latest_ranking(self.series)

    @cached_property
    def latest_number(self) -> int | None:
        latest = selectors.latest_ranking(self.series)
        return latest.number if latest else None


class SeriesDetailView(RankingMixin, TemplateView):
    template_name = "series/detail.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        ranking = self.ranking
        context.update(ranking=ranking, latest_number=self.latest_number)
        if ranking is None:
            return context
        before = selectors.movements(ranking)
        countries = selectors.ranking_countries(ranking)
        country = self.request.GET.get("country", "").upper()
        country = country if country in countries else ""
        rows = []
        for row in selectors.listed_rows(ranking, country):
            previous = before.get(row["person"]) if before else None
            kind, by = "", 0  # nothing to compare with
            if before:
                if previous is None:
                    kind = "new"
                elif previous != row["rank"]:
                    kind, by = ("up" if previous > row["rank"] else "down"), abs(previous - row["rank"])
            rows.append({**row, "move": kind, "move_by": by, "previous": previous})
        context.update(
            rows=rows,
            countries=countries,
            country=country,
            unlisted=sum(1 for r in ranking.rows if not r["listed"]),
            events=event_rows(ranking),
            parameters=parameter_lines(ranking.parameters),
            is_mers=ranking.method == SeriesMethod.MERS,
            compared=bool(before),
        )
        if self.is_series_organizer and ranking.number == self.latest_number:
            context["stale"] = self._stale(ranking)
            offers = same_person.same_person_offers(self.series)
            context.update(offers=offers, one_result=same_person.one_result_count(offers))
        return context

    def _stale(self, ranking) -> str:
        """For organizers: whether the tournaments' results changed since the ranking was kept."""
        try:
            now = selectors.series_compute(self.series, as_of=ranking.as_of)
        except selectors.SeriesInputError as exc:
            return "; ".join(exc.problems.values())
        except ValueError as exc:
            return str(exc)
        if now.results_json() != ranking.results or now.events_json() != ranking.events:
            return _("The tournaments' results changed since this ranking was computed.")
        return ""


class SeriesRankingsView(SeriesMixin, TemplateView):
    """Every kept version of the ranking, newest first."""

    template_name = "series/rankings.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["rankings"] = [
            {"ranking": r, "listed": sum(1 for row in r.rows if row["listed"]), "tournaments": len(r.events)}
            for r in self.series.rankings.select_related("computed_by").order_by("-number")
        ]
        if self.is_series_organizer:
            offers = same_person.same_person_offers(self.series)
            context.update(offers=offers, one_result=same_person.one_result_count(offers))
        return context


def history_chart(chart_id: str, person_name: str, points, method: str):
    tips = [
        (_("%(day)s: %(rating)s after %(tournament)s") if p.event else _("%(day)s: %(rating)s (ranking date)"))
        % {
            "day": date_format(p.day, "DATE_FORMAT"),
            "rating": rating_text(p.rating),
            "tournament": p.event or "",
        }
        + ("" if p.listed else " · " + _("not listed yet"))
        for p in points
    ]
    return charts.rating_chart(
        chart_id=chart_id,
        title=_("Rating of %(name)s over time") % {"name": person_name},
        description=_("The rating after each tournament of the series and on the ranking's date: %(values)s.")
        % {"values": "; ".join(tips)},
        days=[p.day for p in points],
        ratings=[float(p.rating) for p in points],
        listed=[p.listed for p in points],
        tips=tips,
        scale_top=1000.0 if method == SeriesMethod.MERS else None,
        caption=_("date"),
    )


class SeriesPersonView(RankingMixin, TemplateView):
    """A person's results in a series: every result with how it counted, and their rating over time."""

    template_name = "series/person.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        ranking = self.ranking
        if ranking is None:
            raise Http404(_("No ranking yet."))
        person = get_object_or_404(Person, pk=self.kwargs["person"])
        standing = selectors.person_standing(ranking, person.pk)
        row = next((r for r in ranking.rows if r["person"] == person.pk), None)
        if standing is None and row is None:
            raise Http404(_("This person has no result in this ranking."))
        events = {e.slug: e for e in selectors.kept_events(ranking)}
        lines = []
        for r in standing.results if standing else []:
            facts = events.get(r.event) if r.event else None
            lines.append(
                {
                    "result": r,
                    "facts": facts,
                    "base_rank": rating_text(r.base_rank),
                    "table_points": table_points_shown(r.table_points) if r.table_points is not None else "",
                    "weight": format_number(r.weight),
                    "factor": format_number(r.factor),
                    "effective": format_number(r.effective_weight),
                }
            )
        points = selectors.person_history(ranking, person.pk)
        context.update(
            ranking=ranking,
            latest_number=self.latest_number,
            person=person,
            row=row,
            standing=standing,
            lines=lines,
            is_mers=ranking.method == SeriesMethod.MERS,
            part_a=rating_text(standing.part_a) if standing else "",
            part_b=rating_text(standing.part_b) if standing else "",
            points=[{"point": p, "rating": rating_text(p.rating)} for p in points],
            chart=history_chart("rating-chart", person.name, points, ranking.method) if points else "",
            parameters=parameter_lines(ranking.parameters),
        )
        return context


class PersonView(TemplateView):
    """A person across tournaments: each tournament with place, table points and base rank; their rank
    after each session of one tournament (``?t=slug``, the latest by default); their rating over time in
    a series (``?series=slug``, the first by default)."""

    template_name = "series/person_detail.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        person = get_object_or_404(Person, pk=self.kwargs["pk"])
        user = self.request.user
        tournaments = selectors.person_tournaments(person, public=True)
        if not tournaments:
            raise Http404(_("No such person."))
        finished = [pt for pt in tournaments if pt.finished and pt.placing]
        lines = [
            {
                "pt": pt,
                "table_points": table_points_shown(pt.placing.table_points) if pt.placing else "",
                "base_rank": rating_text(pt.base_rank),
            }
            for pt in tournaments
        ]
        chosen = self.request.GET.get("t", "")
        shown = next((pt for pt in finished if pt.tournament.slug == chosen), finished[0] if finished else None)
        rank_chart = ""
        session_rows = []
        if shown is not None and shown.placing.session_ranks:
            placing = shown.placing
            tips = [
                _("After session %(session)s: rank %(rank)s of %(n)s") % {"session": s, "rank": r, "n": shown.ranked}
                for s, r in zip(placing.sessions, placing.session_ranks, strict=True)
            ]
            rank_chart = charts.rank_chart(
                chart_id="rank-chart",
                title=_("Rank of %(name)s after each session of %(tournament)s")
                % {"name": person.name, "tournament": shown.tournament.name},
                description="; ".join(tips),
                sessions=placing.sessions,
                ranks=placing.session_ranks,
                ranked=shown.ranked,
                session_text=_("S%(n)s"),
                tip_text=_("After session %(session)s: rank %(rank)s"),
                caption=_("session"),
            )
            session_rows = list(zip(placing.sessions, placing.session_ranks, strict=True))
        rankings = selectors.person_rankings(person, user)
        chosen_series = self.request.GET.get("series", "")
        picked = next((r for r in rankings if r[0].slug == chosen_series), rankings[0] if rankings else None)
        series_chart, series_points = "", []
        if picked is not None:
            _series, ranking, _row = picked
            points = selectors.person_history(ranking, person.pk)
            if points:
                series_chart = history_chart("rating-chart", person.name, points, ranking.method)
                series_points = [{"point": p, "rating": rating_text(p.rating)} for p in points]
        context.update(
            person=person,
            lines=lines,
            shown=shown,
            finished=finished,
            rank_chart=rank_chart,
            session_rows=session_rows,
            rankings=rankings,
            picked=picked,
            series_chart=series_chart,
            series_points=series_points,
        )
        return context


class PlayerPersonView(View):
    """/t/<slug>/players/<n>/person/: to the page of the person this player is."""

    def get(self, request, slug, number):
        player = get_object_or_404(Player.objects.select_related("tournament"), tournament__slug=slug, number=number)
        if not player.tournament.published:
            raise Http404(_("No such person."))
        link = PlayerLink.objects.filter(player=player).first()
        if link is not None:
            return redirect("person-detail", link.person_id)
        if player.ema_id:
            person = Person.objects.filter(ema_id=player.ema_id).first()
            if person is not None:
                return redirect("person-detail", person.pk)
        raise Http404(_("This player is not linked to their other tournaments yet."))
