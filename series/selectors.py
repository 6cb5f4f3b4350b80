"""Reads for series and people: whether a tournament is finished, its final places, who is who across
tournaments, a series' ranking computed now, and the rankings kept. No writes.

A tournament's final places (``tournament_placings``) come from the standings selectors, the one
definition of a ranking; they are kept in the shared page cache (the database) under the tournament's
latest audit entry, which every change to a tournament writes in its own transaction, so a kept copy
is never one of older results.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from datetime import date
from decimal import Decimal
from fractions import Fraction

from django.core.cache import caches
from django.db.models import Count, Max, Q
from django.utils import timezone
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _

from core import names
from core.collation import person_sort_key
from ratings.base import DecayStep, Event, Result, Standing, two_decimals
from ratings.history import history_days
from ratings.league import LeagueParameters, league_ranking
from ratings.mers import MersParameters, mers_ranking, mers_standing, person_results
from ratings.weights import mers_weight, participants
from rules.ranking import Entry, rank_entries
from scoring.results import table_results
from series.models import Person, PlayerLink, Series, SeriesMethod, SeriesRanking, SeriesTournament
from standings.selectors import player_standings, substitute_standings
from standings.weight import tournament_days, tournament_weight
from tournament import lifecycle as session_lifecycle
from tournament.models import AuditLog, Player, Session, Tournament

PLACINGS_CACHE_SECONDS = 24 * 3600
PLACINGS_CACHE_VERSION = 1


# --- tournaments ---------------------------------------------------------------------------------------


def finished_tournament_ids(tournament_ids: Iterable[int]) -> set[int]:
    """The tournaments, among these, whose sessions are all closed (a tournament is finished when its
    last session is closed: no result of it can change without reopening one, which shows)."""
    counts = (
        Session.objects.filter(tournament_id__in=list(tournament_ids))
        .values("tournament_id")
        .annotate(total=Count("id"), closed=Count("id", filter=Q(status__in=session_lifecycle.CLOSED)))
    )
    return {row["tournament_id"] for row in counts if row["total"] and row["total"] == row["closed"]}


def tournament_finished(tournament: Tournament) -> bool:
    return tournament.pk in finished_tournament_ids([tournament.pk])


def open_sessions(tournament: Tournament) -> list[int]:
    """Numbers of the sessions not closed yet (why a tournament is not finished)."""
    return list(tournament.sessions.open().order_by("number").values_list("number", flat=True))


def tournament_day(tournament: Tournament) -> date | None:
    """The day its result stands from, which its age is counted from: its last day."""
    return tournament.end_date or tournament.start_date


@dataclass(frozen=True)
class Placing:
    """A ranked player's final result in a tournament: ``place`` among the ranked players who played
    (shared places shared), and their rank after each session (``session_ranks``, for the sessions
    ``sessions``), the last one their final place."""

    player_id: int
    number: int
    place: int
    table_points: Fraction
    score: int
    sessions: tuple[int, ...]
    session_ranks: tuple[int, ...]


@dataclass(frozen=True)
class TournamentPlacings:
    tournament_id: int
    finished: bool
    ranked: int  # N: the ranked players with a result
    substitutes: int  # substitutes who played and are not ranked
    countries: int  # countries of everyone who played
    placings: dict[int, Placing] = field(default_factory=dict)  # by player id


def _compute_placings(tournament: Tournament, finished: bool) -> TournamentPlacings:
    results = table_results(tournament, public=True)
    rows = [r for r in player_standings(tournament, public=True, results=results) if r.sessions]
    substitutes = substitute_standings(tournament, public=True, results=results)
    countries = {r.player.country for r in [*rows, *substitutes] if r.player.country}
    sessions = sorted({n for r in rows for n in r.sessions})
    # Rank after each session: the same ranking engine and tie-breaks on the sessions played so far.
    after: dict[int, list[int]] = {r.player.pk: [] for r in rows}
    for n in sessions:
        entries = [Entry(key=r.player.pk, results=[s for k, s in r.sessions.items() if k <= n]) for r in rows]
        for entry in rank_entries(entries, tournament.tiebreak_keys()):
            after[entry.key].append(entry.rank)
    placings = {}
    for row in rows:
        # Among the players who played: those the standings rank strictly better come before.
        place = 1 + sum(1 for other in rows if other.rank < row.rank)
        ranks = after[row.player.pk]
        if ranks:
            ranks[-1] = place  # the final ranking (an elimination's final ranks) is the last word
        placings[row.player.pk] = Placing(
            player_id=row.player.pk,
            number=row.player.number,
            place=place,
            table_points=row.table_points,
            score=row.score,
            sessions=tuple(sessions),
            session_ranks=tuple(ranks),
        )
    return TournamentPlacings(
        tournament_id=tournament.pk,
        finished=finished,
        ranked=len(rows),
        substitutes=len(substitutes),
        countries=len(countries),
        placings=placings,
    )


def table_weights(tournaments: Sequence[Tournament]) -> dict[int, Fraction]:
    """The weight the EMA's table gives each finished tournament from its public results (``standings.weight``),
    by id: what a series takes when no weight is typed, offered on the series form."""
    finished = finished_tournament_ids(t.pk for t in tournaments)
    return {t.pk: tournament_weight(t, public=True).parts.total for t in tournaments if t.pk in finished}


def tournament_placings(tournaments: Sequence[Tournament]) -> dict[int, TournamentPlacings]:
    """Each tournament's final places (its public results), by tournament id. Kept in the shared page cache
    under the tournament's latest audit entry: two queries when every one is kept."""
    if not tournaments:
        return {}
    ids = [t.pk for t in tournaments]
    stamps = dict(
        AuditLog.objects.filter(tournament_id__in=ids)
        .values("tournament_id")
        .annotate(last=Max("id"))
        .values_list("tournament_id", "last")
    )
    keys = {t.pk: f"series:placings:{PLACINGS_CACHE_VERSION}:{t.pk}:{stamps.get(t.pk, 0)}" for t in tournaments}
    cache = caches["pages"]
    kept = cache.get_many(list(keys.values()))
    out: dict[int, TournamentPlacings] = {}
    missing = [t for t in tournaments if not isinstance(kept.get(keys[t.pk]), TournamentPlacings)]
    finished = finished_tournament_ids([t.pk for t in missing]) if missing else set()
    for t in tournaments:
        if t in missing:
            placings = _compute_placings(t, t.pk in finished)
            cache.set(keys[t.pk], placings, PLACINGS_CACHE_SECONDS)
        else:
            placings = kept[keys[t.pk]]
        out[t.pk] = placings
    return out


# --- people --------------------------------------------------------------------------------------------


def persons_of_players(player_ids: Iterable[int]) -> dict[int, int]:
    """Player id -> person id, for the players linked to a person."""
    return dict(PlayerLink.objects.filter(player_id__in=list(player_ids)).values_list("player_id", "person_id"))


def person_players(person: Person) -> list[Player]:
    """The players who are this person: linked to them, or carrying their EMA id and not linked yet."""
    query = Q(person_link__person=person)
    if person.ema_id:
        query |= Q(ema_id=person.ema_id, person_link__isnull=True)
    return list(Player.objects.filter(query).select_related("tournament", "team"))


def public_person(person: Person, players: list[Player] | None = None) -> bool:
    """A person's page is public when they played in a public tournament."""
    players = person_players(person) if players is None else players
    return any(p.tournament.published for p in players)


@dataclass
class PersonTournament:
    player: Player
    tournament: Tournament
    day: date | None
    finished: bool
    placing: Placing | None
    ranked: int
    base_rank: Fraction | None


def person_tournaments(person: Person, *, public: bool = True) -> list[PersonTournament]:
    """The tournaments a person played, most recent first, with their place among the N ranked, table
    points and base rank (finished tournaments) or their place so far (others)."""
    players = [p for p in person_players(person) if p.tournament.published or not public]
    tournaments = list({p.tournament_id: p.tournament for p in players}.values())
    placings = tournament_placings(tournaments)
    out = []
    for player in players:
        found = placings[player.tournament_id]
        placing = found.placings.get(player.pk)
        rank = (
            Fraction(1000 * (found.ranked - placing.place), found.ranked - 1)
            if placing and found.finished and found.ranked >= 2
            else None
        )
        out.append(
            PersonTournament(
                player=player,
                tournament=player.tournament,
                day=tournament_day(player.tournament),
                finished=found.finished,
                placing=placing,
                ranked=found.ranked,
                base_rank=rank,
            )
        )
    out.sort(key=lambda pt: (pt.day or date.min, pt.tournament.name), reverse=True)
    return out


@dataclass
class Suggestion:
    person: Person
    tournaments: list[str]


def link_suggestions(players: Sequence[Player]) -> dict[int, list[Suggestion]]:
    """For each player without an EMA id, the people of other tournaments with the same name (accents and
    case aside) and the same country (or none given) who did not play this tournament: candidates for
    an organizer to link, never linked by themselves."""
    wanted = [p for p in players if not p.ema_id]
    if not wanted:
        return {}
    folded = {names.fold(p.name) for p in wanted}
    candidates: dict[str, list[Person]] = {}
    for person in Person.objects.all().only("pk", "name", "country", "ema_id"):
        key = names.fold(person.name)
        if key in folded:
            candidates.setdefault(key, []).append(person)
    if not candidates:
        return {}
    persons = [p.pk for group in candidates.values() for p in group]
    played: dict[int, list[tuple[int, str]]] = {}
    for person_id, tournament_id, name in PlayerLink.objects.filter(person_id__in=persons).values_list(
        "person_id", "tournament_id", "tournament__name"
    ):
        played.setdefault(person_id, []).append((tournament_id, name))
    own = persons_of_players(p.pk for p in wanted)
    out: dict[int, list[Suggestion]] = {}
    for player in wanted:
        found = []
        for person in candidates.get(names.fold(player.name), []):
            if person.pk == own.get(player.pk):
                continue
            if player.country and person.country and person.country != player.country:
                continue
            tournaments = played.get(person.pk, [])
            if not tournaments or any(t == player.tournament_id for t, _name in tournaments):
                continue
            found.append(Suggestion(person=person, tournaments=sorted(name for _t, name in tournaments)))
        if found:
            out[player.pk] = found
    return out


# --- series: who, which tournaments ---------------------------------------------------------------------


def latest_rankings(series: Sequence[Series]) -> dict[int, SeriesRanking]:
    """The latest kept ranking of each series, by series id: two queries for any number of series."""
    numbers = (
        SeriesRanking.objects.filter(series_id__in=[s.pk for s in series])
        .values("series_id")
        .annotate(latest=Max("number"))
    )
    query = Q()
    for row in numbers:
        query |= Q(series_id=row["series_id"], number=row["latest"])
    if not query:
        return {}
    return {r.series_id: r for r in SeriesRanking.objects.filter(query)}


def visible_series(user) -> list[Series]:
    """The series a user may see: the public ones, and those they organize."""
    return list(Series.objects.visible_to(user).annotate(entry_count=Count("entries", distinct=True)))


def series_entries(series: Series) -> list[SeriesTournament]:
    """The series' tournaments, each with ``tournament`` found by its slug (None: no such tournament now),
    oldest first."""
    entries = list(series.entries.select_related("tournament"))
    lost = {e.tournament_slug for e in entries if e.tournament is None or e.tournament.slug != e.tournament_slug}
    if lost:
        found = {t.slug: t for t in Tournament.objects.filter(slug__in=lost)}
        for e in entries:
            if e.tournament_slug in lost:
                e.tournament = found.get(e.tournament_slug)
    entries.sort(key=lambda e: ((e.tournament and tournament_day(e.tournament)) or date.min, e.tournament_slug))
    return entries


def candidate_tournaments(user, series: Series | None = None) -> list[Tournament]:
    """Tournaments that may join a series: public and finished (those already in it too, whatever their
    state, so the form can show them), most recent first."""
    public = list(Tournament.objects.filter(published=True))
    finished = finished_tournament_ids(t.pk for t in public)
    inside = set(series.entries.values_list("tournament_slug", flat=True)) if series is not None else set()
    found = [t for t in public if t.pk in finished or t.slug in inside]
    return sorted(found, key=lambda t: (tournament_day(t) or date.min, t.name), reverse=True)


# --- series: computing a ranking --------------------------------------------------------------------


@dataclass
class EventFacts:
    """A tournament as a ranking uses it, kept with the ranking (``SeriesRanking.events``)."""

    slug: str
    name: str
    day: date
    ranked: int
    weight: Fraction
    weight_given: bool
    days: int
    players: int
    countries: int
    qualification: bool

    def event(self) -> Event:
        return Event(self.slug, self.day, self.ranked, self.weight)

    def as_json(self) -> dict:
        return {
            "slug": self.slug,
            "name": self.name,
            "day": self.day.isoformat(),
            "ranked": self.ranked,
            "weight": str(self.weight),
            "weight_given": self.weight_given,
            "days": self.days,
            "players": self.players,
            "countries": self.countries,
            "qualification": self.qualification,
        }

    @classmethod
    def from_json(cls, data: dict) -> EventFacts:
        return cls(
            slug=data["slug"],
            name=data["name"],
            day=date.fromisoformat(data["day"]),
            ranked=data["ranked"],
            weight=Fraction(data["weight"]),
            weight_given=data["weight_given"],
            days=data["days"],
            players=data["players"],
            countries=data["countries"],
            qualification=data["qualification"],
        )


class SeriesInputError(Exception):
    """Tournaments a ranking cannot use: ``problems`` maps a field as the series file names it
    (``tournaments[2].slug``) to what is wrong."""

    def __init__(self, problems: dict[str, str]):
        super().__init__("; ".join(f"{k}: {v}" for k, v in problems.items()))
        self.problems = problems


def entry_problems(index: int, entry: SeriesTournament, finished: set[int]) -> dict[str, str]:
    """What keeps one tournament of a series out of a ranking, by field."""
    where = f"tournaments[{index}].slug"
    t = entry.tournament
    if t is None:
        return {where: _("There is no tournament “%(slug)s”.") % {"slug": entry.tournament_slug}}
    if not t.published:
        return {where: _("“%(name)s” is not public: its results cannot be ranked.") % {"name": t.name}}
    if t.pk not in finished:
        still_open = open_sessions(t)
        return {
            where: ngettext(
                "“%(name)s” is not finished: session %(numbers)s is not closed.",
                "“%(name)s” is not finished: sessions %(numbers)s are not closed.",
                len(still_open),
            )
            % {"name": t.name, "numbers": ", ".join(map(str, still_open))}
        }
    if tournament_day(t) is None:
        return {where: _("“%(name)s” has no dates: a ranking needs the day it was played.") % {"name": t.name}}
    return {}


@dataclass
class Inputs:
    events: list[EventFacts]
    results: list[Result]


def series_inputs(series: Series, entries: list[SeriesTournament] | None = None) -> Inputs:
    """The tournaments and results of a series as they stand now; SeriesInputError names any tournament
    that cannot be used (missing, not public, not finished, without dates, fewer than two ranked)."""
    entries = series_entries(series) if entries is None else entries
    finished = finished_tournament_ids(e.tournament.pk for e in entries if e.tournament)
    problems: dict[str, str] = {}
    for i, entry in enumerate(entries):
        problems.update(entry_problems(i, entry, finished))
    if problems:
        raise SeriesInputError(problems)
    tournaments = [e.tournament for e in entries if e.tournament is not None]
    placings = tournament_placings(tournaments)
    player_ids = [pid for p in placings.values() for pid in p.placings]
    persons = persons_of_players(player_ids)
    events, results = [], []
    for i, entry in enumerate(entries):
        t = entry.tournament
        assert t is not None
        found = placings[t.pk]
        if found.ranked < 2:
            problems[f"tournaments[{i}].slug"] = _(
                "“%(name)s” ranked %(n)s players: a base rank needs at least two."
            ) % {"name": t.name, "n": found.ranked}
            continue
        days, players = tournament_days(t), participants(found.ranked, found.substitutes)
        computed = mers_weight(days=days, players=players, countries=found.countries, qualification=entry.qualification)
        day = tournament_day(t)
        assert day is not None
        events.append(
            EventFacts(
                slug=t.slug,
                name=t.name,
                day=day,
                ranked=found.ranked,
                weight=Fraction(entry.weight) if entry.weight is not None else computed,
                weight_given=entry.weight is not None,
                days=days,
                players=players,
                countries=found.countries,
                qualification=entry.qualification,
            )
        )
        for placing in found.placings.values():
            person = persons.get(placing.player_id)
            if person is None:
                problems[f"tournaments[{i}].slug"] = _(
                    "The players of “%(name)s” are not all linked to a person yet."
                ) % {"name": t.name}
                break
            results.append(Result(person, t.slug, placing.place, placing.table_points))
    if problems:
        raise SeriesInputError(problems)
    return Inputs(events=events, results=results)


def decay_steps(raw: Sequence[dict]) -> tuple[DecayStep, ...]:
    return tuple(DecayStep(int(step["older_than_days"]), Fraction(Decimal(str(step["factor"])))) for step in raw)


def parameters_of(series: Series, as_of: date) -> dict:
    """The parameters a ranking is computed with, as kept with it (JSON)."""
    if series.method == SeriesMethod.LEAGUE:
        return {
            "method": series.method,
            "as_of": as_of.isoformat(),
            "best_results": series.best_results,
            "listed_from": series.listed_from,
            "league_by": series.league_by,
        }
    return {
        "method": series.method,
        "as_of": as_of.isoformat(),
        "decay": [
            {"older_than_days": int(s["older_than_days"]), "factor": str(Decimal(str(s["factor"])).normalize())}
            for s in series.decay
        ],
        "minimum_results": series.minimum_results,
        "best_results": series.best_results,
        "listed_from": series.listed_from,
        "part_a_best": series.part_a_best,
        "part_a_share": str(series.part_a_share.normalize()),
    }


def method_parameters(parameters: dict) -> MersParameters | LeagueParameters:
    as_of = date.fromisoformat(parameters["as_of"])
    if parameters["method"] == SeriesMethod.LEAGUE:
        return LeagueParameters(
            as_of=as_of,
            best_results=parameters["best_results"],
            listed_from=parameters["listed_from"],
            by=parameters["league_by"],
        )
    return MersParameters(
        as_of=as_of,
        decay=decay_steps(parameters["decay"]),
        minimum_results=parameters["minimum_results"],
        best_results=parameters["best_results"],
        listed_from=parameters["listed_from"],
        part_a_best=parameters["part_a_best"],
        part_a_share=Fraction(Decimal(parameters["part_a_share"])),
    )


def rank(
    events: Sequence[Event], results: Sequence[Result], params: MersParameters | LeagueParameters
) -> list[Standing]:
    if isinstance(params, LeagueParameters):
        return league_ranking(events, results, params)
    return mers_ranking(events, results, params)


@dataclass
class Computed:
    """A ranking as it would be published now: what ``SeriesRanking`` keeps."""

    as_of: date
    method: str
    parameters: dict
    events: list[EventFacts]
    results: list[Result]
    standings: list[Standing]

    def events_json(self) -> list[dict]:
        return [e.as_json() for e in self.events]

    def results_json(self) -> list[list]:
        return [[r.person, r.event, r.place, str(r.table_points)] for r in self.results]


def series_compute(series: Series, *, as_of: date | None = None) -> Computed:
    """The series' ranking computed now from its tournaments' results (SeriesInputError when one cannot
    be used). ``as_of``: the ranking's date; default the series' own, else today, or the day of its last
    result when that is later (a tournament whose last day is still to come once it is finished: ranked as of
    today it would count for nothing, and rank nobody)."""
    inputs = series_inputs(series)
    day = as_of or series.as_of or max([timezone.localdate(), *(e.day for e in inputs.events if e.day)])
    parameters = parameters_of(series, day)
    standings = rank([e.event() for e in inputs.events], inputs.results, method_parameters(parameters))
    return Computed(
        as_of=day,
        method=series.method,
        parameters=parameters,
        events=inputs.events,
        results=inputs.results,
        standings=standings,
    )


def ranking_rows(computed: Computed) -> list[dict]:
    """The rows a ranking keeps: every rated person, listed ones first, ties by name."""
    people = {p.pk: p for p in Person.objects.filter(pk__in=[s.person for s in computed.standings])}
    rows = []
    for s in computed.standings:
        person = people[s.person]  # type: ignore[index]
        rows.append(
            {
                "person": person.pk,
                "name": person.name,
                "country": person.country,
                "ema_id": person.ema_id,
                "rank": s.rank,
                "listed": s.listed,
                "rating": str(two_decimals(s.rating)),
                "results": s.real_results,
                "counted": sum(1 for r in s.results if r.in_a and r.event is not None),
                "part_a": None if s.part_a is None else str(two_decimals(s.part_a)),
                "part_b": None if s.part_b is None else str(two_decimals(s.part_b)),
            }
        )
    # The kept order does not depend on who computed it: English's; pages order equal ranks in the reader's
    # language (listed_rows).
    rows.sort(key=lambda r: (not r["listed"], r["rank"] or 0, person_sort_key(str(r["name"]), "en")))
    return rows


# --- series: the rankings kept ------------------------------------------------------------------------


def latest_ranking(series: Series) -> SeriesRanking | None:
    return series.rankings.order_by("-number").first()


def ranking_version(series: Series, number: int) -> SeriesRanking | None:
    return series.rankings.filter(number=number).first()


def listed_rows(ranking: SeriesRanking, country: str = "") -> list[dict]:
    """The listed players in ranking order, equal ranks by name in the reader's language; with ``country``,
    only that country's, each with its ``national_rank`` among them (a national ranking drawn from a wider one;
    equal ranks stay equal)."""
    language = get_language()
    rows = sorted(
        (r for r in ranking.rows if r["listed"]), key=lambda r: (r["rank"], person_sort_key(str(r["name"]), language))
    )
    if not country:
        return rows
    own = [r for r in rows if r["country"] == country]
    return [{**r, "national_rank": 1 + sum(1 for o in own if o["rank"] < r["rank"])} for r in own]


def ranking_countries(ranking: SeriesRanking) -> list[str]:
    return sorted({r["country"] for r in ranking.rows if r["listed"] and r["country"]})


def movements(ranking: SeriesRanking) -> dict[int, int | None]:
    """Per person, their rank in the version before this one (None: not listed then)."""
    previous = ranking.series.rankings.filter(number__lt=ranking.number).order_by("-number").first()
    if previous is None:
        return {}
    before = {r["person"]: r["rank"] for r in previous.rows}
    return {r["person"]: before.get(r["person"]) for r in ranking.rows}


def kept_events(ranking: SeriesRanking) -> list[EventFacts]:
    return [EventFacts.from_json(e) for e in ranking.events]


def kept_results(ranking: SeriesRanking, person: int | None = None) -> list[Result]:
    return [
        Result(p, slug, place, Fraction(tp)) for p, slug, place, tp in ranking.results if person is None or p == person
    ]


def person_standing(ranking: SeriesRanking, person: int, as_of: date | None = None) -> Standing | None:
    """One person's standing in a kept ranking (every result with how it counted), from what the ranking
    kept, on its date or an earlier one (``as_of``). Their rank is the one the ranking gave."""
    events = {e.slug: e.event() for e in kept_events(ranking)}
    results = kept_results(ranking, person)
    params = method_parameters(ranking.parameters)
    if as_of is not None:
        params = replace(params, as_of=as_of)
    if isinstance(params, LeagueParameters):
        found = league_ranking(events.values(), results, params)
        standing = found[0] if found else None
    else:
        counted = person_results(results, events, params)
        standing = mers_standing(person, counted, params) if any(not r.dropped for r in counted) else None
    if standing is not None:
        standing.listed = standing.real_results >= params.listed_from
    if standing is not None and as_of is None:
        row = next((r for r in ranking.rows if r["person"] == person), None)
        standing.rank = row["rank"] if row else None
    return standing


@dataclass(frozen=True)
class HistoryPoint:
    day: date
    rating: Fraction
    listed: bool
    event: str | None  # the tournament of that day; None for the ranking's own date


def person_history(ranking: SeriesRanking, person: int) -> list[HistoryPoint]:
    """A person's rating in a series on the day of each of its tournaments and on the ranking's date."""
    events = kept_events(ranking)
    played = {slug for _p, slug, *_rest in (r for r in ranking.results if r[0] == person)}
    first = min((e.day for e in events if e.slug in played), default=None)
    points = []
    for day, event in history_days([(e.slug, e.day) for e in events], ranking.as_of):
        if first is None or day < first:
            continue
        standing = person_standing(ranking, person, as_of=day)
        if standing is not None:
            points.append(HistoryPoint(day, standing.rating, standing.listed, event))
    return points


def person_rankings(person: Person, user=None) -> list[tuple[Series, SeriesRanking, dict]]:
    """The visible series whose latest ranking rates this person, with the row."""
    out = []
    series = visible_series(user)
    latest = latest_rankings(series)
    for one in series:
        ranking = latest.get(one.pk)
        if ranking is None:
            continue
        ranking.series = one  # already read: no query for it
        row = next((r for r in ranking.rows if r["person"] == person.pk), None)
        if row is not None:
            out.append((one, ranking, row))
    return out
