"""The series and people in the read-only JSON API (/api/v1/series/..., /api/v1/people/<id>/; docs/api.md),
answered like the tournament resources (``api.views.ApiView``: CORS, ETags, errors in one shape). What the
public pages show: a series that is not public, or a person without a public tournament, answers 404."""

from __future__ import annotations

from fractions import Fraction

from django.urls import reverse
from django.utils.translation import gettext as _

from api.views import ApiView, NotFound
from series import selectors
from series.describe import rating_text
from series.models import Person, Series, SeriesMethod


def _number(text: str | None) -> float | None:
    return None if text in (None, "") else round(float(text), 2)


def series_summary(series: Series, ranking) -> dict:
    return {
        "slug": series.slug,
        "name": series.name,
        "method": series.method,
        "as_of": ranking.as_of.isoformat() if ranking else None,
        "ranking": ranking.number if ranking else None,
        "tournaments": len(ranking.events)
        if ranking
        else getattr(series, "entry_count", None) or series.entries.count(),
        "listed": len(selectors.listed_rows(ranking)) if ranking else 0,
        "url": reverse("api-series", args=[series.slug]),
        "web_url": series.get_absolute_url(),
    }


def _player(row: dict) -> dict:
    return {
        "person": row["person"],
        "ema_id": row["ema_id"],
        "name": row["name"],
        "country": row["country"],
        "url": reverse("api-person", args=[row["person"]]),
    }


class SeriesApiView(ApiView):
    def get(self, request, *args, **kwargs):
        return self.respond(self.resource(**kwargs))

    def series(self, slug: str) -> Series:
        series = Series.objects.visible_to(None).filter(slug=slug).first()
        if series is None:
            raise NotFound(_("No such series."))
        return series

    def ranking(self, series: Series):
        asked = self.request.GET.get("ranking", "")
        if asked:
            found = selectors.ranking_version(series, int(asked)) if asked.isdigit() else None
        else:
            found = selectors.latest_ranking(series)
        if found is None:
            raise NotFound(_("No such ranking."))
        return found


class SeriesListApiView(SeriesApiView):
    def resource(self):
        series = list(Series.objects.visible_to(None).order_by("name"))
        latest = selectors.latest_rankings(series)
        return [series_summary(s, latest.get(s.pk)) for s in series]


class SeriesDetailApiView(SeriesApiView):
    def resource(self, slug):
        series = self.series(slug)
        ranking = self.ranking(series)
        return {
            **series_summary(series, ranking),
            "description": series.description,
            "computed_at": ranking.computed_at.isoformat(),
            "parameters": ranking.parameters,
            "tournaments": [
                {
                    "slug": e["slug"],
                    "name": e["name"],
                    "date": e["day"],
                    "ranked": e["ranked"],
                    "weight": round(float(Fraction(e["weight"])), 3),
                    "weight_given": e["weight_given"],
                    "days": e["days"],
                    "players": e["players"],
                    "countries": e["countries"],
                    "qualification": e["qualification"],
                }
                for e in ranking.events
            ],
            "standings": reverse("api-series-standings", args=[series.slug]),
        }


class SeriesStandingsApiView(SeriesApiView):
    def resource(self, slug):
        series = self.series(slug)
        ranking = self.ranking(series)
        mers = ranking.method == SeriesMethod.MERS
        country = self.request.GET.get("country", "").upper()
        rows = []
        for row in selectors.listed_rows(ranking, country):
            line = {
                **({"national_rank": row["national_rank"]} if country else {}),
                "rank": row["rank"],
                "player": _player(row),
                "rating": _number(row["rating"]),
                "results": row["results"],
            }
            if mers:
                line.update(part_a=_number(row["part_a"]), part_b=_number(row["part_b"]))
            else:
                line["counted"] = row["counted"]
            rows.append(line)
        return {"series": series.slug, "ranking": ranking.number, "as_of": ranking.as_of.isoformat(), "rows": rows}


class SeriesPersonApiView(SeriesApiView):
    def resource(self, slug, person):
        series = self.series(slug)
        ranking = self.ranking(series)
        standing = selectors.person_standing(ranking, person)
        row = next((r for r in ranking.rows if r["person"] == person), None)
        if standing is None or row is None:
            raise NotFound(_("This person has no result in this ranking."))
        events = {e.slug: e for e in selectors.kept_events(ranking)}
        return {
            "series": series.slug,
            "ranking": ranking.number,
            "player": _player(row),
            "rank": row["rank"],
            "listed": row["listed"],
            "rating": _number(row["rating"]),
            "part_a": _number(row["part_a"]),
            "part_b": _number(row["part_b"]),
            "results": [
                {
                    "tournament": r.event,
                    "date": events[r.event].day.isoformat() if r.event else None,
                    "place": r.place,
                    "ranked": r.ranked,
                    "base_rank": _number(rating_text(r.base_rank)),
                    "weight": float(r.weight),
                    "factor": float(r.factor),
                    "part_a": r.in_a,
                    "part_b": r.in_b,
                    "dropped": r.dropped,
                }
                for r in standing.results
            ],
            "history": [
                {
                    "date": p.day.isoformat(),
                    "rating": _number(rating_text(p.rating)),
                    "listed": p.listed,
                    "tournament": p.event,
                }
                for p in selectors.person_history(ranking, person)
            ],
        }


class PersonApiView(SeriesApiView):
    def resource(self, pk):
        person = Person.objects.filter(pk=pk).first()
        if person is None:
            raise NotFound(_("No such person."))
        tournaments = selectors.person_tournaments(person, public=True)
        if not tournaments:
            raise NotFound(_("No such person."))
        return {
            "person": person.pk,
            "name": person.name,
            "country": person.country,
            "ema_id": person.ema_id,
            "web_url": person.get_absolute_url(),
            "tournaments": [
                {
                    "slug": pt.tournament.slug,
                    "name": pt.tournament.name,
                    "date": pt.day.isoformat() if pt.day else None,
                    "finished": pt.finished,
                    "number": pt.player.number,
                    "place": pt.placing.place if pt.placing else None,
                    "ranked": pt.ranked,
                    "table_points": round(float(pt.placing.table_points), 2) if pt.placing else None,
                    "base_rank": _number(rating_text(pt.base_rank)) if pt.base_rank is not None else None,
                    "session_ranks": list(pt.placing.session_ranks) if pt.placing else [],
                }
                for pt in tournaments
            ],
            "series": [
                {
                    "slug": s.slug,
                    "name": s.name,
                    "rank": row["rank"],
                    "rating": _number(row["rating"]),
                    "listed": row["listed"],
                }
                for s, _ranking, row in selectors.person_rankings(person)
                if s.published
            ],
        }


def _schemas() -> dict:
    """The shapes of the series resources, for the API's OpenAPI document (api.openapi)."""
    from api.openapi import BOOLEAN, DATE, INTEGER, NUMBER, STRING, array, nullable, obj

    player = obj({"person": INTEGER, "ema_id": STRING, "name": STRING, "country": STRING, "url": STRING})
    summary = {
        "slug": STRING,
        "name": STRING,
        "method": STRING,
        "as_of": nullable(DATE),
        "ranking": nullable(INTEGER),
        "tournaments": nullable(INTEGER),
        "listed": INTEGER,
        "url": STRING,
        "web_url": STRING,
    }
    return {
        "SeriesSummary": obj(summary),
        "Series": obj(
            {
                **summary,
                "tournaments": array(obj({"slug": STRING, "name": STRING, "weight": NUMBER}, strict=False)),
                "description": STRING,
                "computed_at": STRING,
                "parameters": {"type": "object"},
                "standings": STRING,
            }
        ),
        "SeriesStandings": obj(
            {
                "series": STRING,
                "ranking": INTEGER,
                "as_of": DATE,
                "rows": array(
                    obj({"rank": nullable(INTEGER), "player": player, "rating": nullable(NUMBER)}, strict=False)
                ),
            }
        ),
        "SeriesPerson": obj(
            {
                "series": STRING,
                "ranking": INTEGER,
                "player": player,
                "rank": nullable(INTEGER),
                "listed": BOOLEAN,
                "rating": nullable(NUMBER),
                "part_a": nullable(NUMBER),
                "part_b": nullable(NUMBER),
                "results": array({"type": "object"}),
                "history": array({"type": "object"}),
            }
        ),
        "Person": obj(
            {
                "person": INTEGER,
                "name": STRING,
                "country": STRING,
                "ema_id": STRING,
                "web_url": STRING,
                "tournaments": array(obj({"slug": STRING, "name": STRING}, strict=False)),
                "series": array(obj({"slug": STRING, "name": STRING}, strict=False)),
            }
        ),
    }


def _describe() -> None:
    """The series resources in the API's OpenAPI document (api.openapi)."""
    from api.openapi import array, components, describe, ref

    components(_schemas())
    ranking = (("ranking", "a kept ranking's number (default: the latest)"),)
    describe(SeriesListApiView, "The public series", array(ref("SeriesSummary")), tag="series", errors=())
    describe(
        SeriesDetailApiView,
        "A series and its latest ranking",
        ref("Series"),
        tag="series",
        query=ranking,
        errors=(404,),
    )
    describe(
        SeriesStandingsApiView,
        "A series' ranking, row by row",
        ref("SeriesStandings"),
        tag="series",
        query=(*ranking, ("country", "only this country's players, with their national rank")),
        errors=(404,),
    )
    describe(
        SeriesPersonApiView,
        "One person's place in a series",
        ref("SeriesPerson"),
        tag="series",
        query=ranking,
        errors=(404,),
    )
    describe(PersonApiView, "A person: their public tournaments and series", ref("Person"), tag="series", errors=(404,))


_describe()
