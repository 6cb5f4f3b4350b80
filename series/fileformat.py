"""The series file: a series as JSON, written by ``export_series`` and read by ``import_series`` (and the
upload page), carrying every parameter explicitly. docs/series.md describes it:

    {"name": "Liga Ibérica MCR", "slug": "liga-iberica", "method": "mers", "as_of": "2026-11-01",
     "tournaments": [{"slug": "madrid-open-2026", "weight": 2.0}, {"slug": "porto-cup-2025", "weight": null}],
     "decay": [{"older_than_days": 365, "factor": 0.5}, {"older_than_days": 730, "factor": 0}],
     "minimum_results": 5, "best_results": 4, "listed_from": 2, "part_a_best": null, "part_a_share": 0.8}

A file is checked whole before anything is written; every problem is named by its place in the file
(``tournaments[2].slug: ...``). The import goes through the services, in one transaction.
"""

from __future__ import annotations

import json
from datetime import date
from decimal import Decimal

from django.contrib.auth import get_user_model
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from core.safejson import JSONLimitError, loads
from series import schema, selectors, services
from series.models import Person, PlayerLink, Series, SeriesMethod, SeriesRole
from tournament.models import Player, Tournament

MAX_FILE_BYTES = 1_000_000
MAX_DEPTH = 6
# The keys and their types: series.schema (declared once, published in docs/schemas/).


class SeriesFileError(Exception):
    """A file that cannot be imported: ``problems`` is [(path, message)], in the file's order."""

    def __init__(self, problems: list[tuple[str, str]]):
        self.problems = problems
        super().__init__("; ".join(f"{path}: {message}" if path else message for path, message in problems))


def parse(text: str) -> object:
    if len(text) > MAX_FILE_BYTES:
        raise SeriesFileError([("", _("The file is larger than %(n)s bytes.") % {"n": MAX_FILE_BYTES})])
    try:
        return loads(text, max_depth=MAX_DEPTH)
    except JSONLimitError as exc:
        raise SeriesFileError([("", _("Not a series file: %(reason)s.") % {"reason": exc})]) from exc
    except ValueError as exc:
        raise SeriesFileError([("", _("Not JSON: %(reason)s.") % {"reason": exc})]) from exc


def shape(data: object) -> dict:
    """The file's content as the services' arguments, or SeriesFileError naming every problem of form (checked
    against the declared schema, ``series.schema``)."""
    problems = schema.problems(data)
    if problems:
        raise SeriesFileError(problems)
    assert isinstance(data, dict)  # the schema says so
    out: dict = {key: data[key] for key in ("name", "slug", "description", "method", "league_by") if key in data}
    if "public" in data:
        out["published"] = data["public"]
    if "as_of" in data:
        out["as_of"] = None if data["as_of"] is None else date.fromisoformat(data["as_of"])
    for key in ("minimum_results", "best_results", "listed_from", "part_a_best"):
        if key in data:
            out[key] = data[key]
    if "part_a_share" in data:
        out["part_a_share"] = _decimal(data["part_a_share"])
    if "decay" in data:
        out["decay"] = [
            {"older_than_days": step["older_than_days"], "factor": _decimal(step["factor"])} for step in data["decay"]
        ]
    if "tournaments" in data:
        out["tournaments"] = [
            services.TournamentEntry(
                slug=item["slug"],
                weight=None if item.get("weight") is None else _decimal(item["weight"]),
                qualification=item.get("qualification", False),
            )
            for item in data["tournaments"]
        ]
    if "organizers" in data:
        out["organizers"] = data["organizers"]
    if "links" in data:
        out["links"] = [
            [(who["tournament"], who["number"], f"links[{i}].players[{j}]") for j, who in enumerate(group["players"])]
            for i, group in enumerate(data["links"])
        ]
    return out


def _decimal(value: int | float) -> Decimal:
    return Decimal(str(value))


def _problems(exc: ValidationError) -> list[tuple[str, str]]:
    if hasattr(exc, "error_dict"):
        return [(field, " ".join(m for e in errors for m in e.messages)) for field, errors in exc.error_dict.items()]
    return [("", " ".join(exc.messages))]


def _apply_links(groups, by) -> None:
    """Link each group's players to one person: the person of the EMA id among them, else the first's."""
    problems: list[tuple[str, str]] = []
    for group in groups:
        players = []
        for slug, number, where in group:
            player = Player.objects.filter(tournament__slug=slug, number=number).select_related("tournament").first()
            if player is None:
                problems.append((where, _("No player %(n)s in “%(slug)s”.") % {"n": number, "slug": slug}))
            else:
                players.append((player, where))
        if len(players) < 2:
            continue
        emas = {p.ema_id for p, _w in players if p.ema_id}
        if len(emas) > 1:
            problems.append(
                (group[0][2], _("These players have different EMA ids: %(ids)s.") % {"ids": ", ".join(sorted(emas))})
            )
            continue
        anchor = next((p for p, _w in players if p.ema_id), players[0][0])
        link = PlayerLink.objects.filter(player=anchor).select_related("person").first()
        if link is None:
            services.people_sync(tournaments=[anchor.tournament], by=by)
            link = PlayerLink.objects.select_related("person").get(player=anchor)
        person: Person = link.person
        for player, where in players:
            if player.pk == anchor.pk or player.ema_id:
                continue
            current = PlayerLink.objects.filter(player=player).first()
            if current is not None and current.person_id == person.pk:
                continue
            try:
                services.person_link(player=player, person=person, by=None)
            except ValidationError as exc:
                problems += [(where, message) for _f, message in _problems(exc)]
    if problems:
        raise SeriesFileError(problems)


def series_import(data: object, *, by=None, replace: bool = False) -> Series:
    """Create the series of a file (or, with ``replace``, change the one of its slug to what the file
    says): all or nothing. The ranking is computed and kept as the import's version."""
    fields = shape(data)
    tournaments = fields.pop("tournaments")
    organizers = fields.pop("organizers", [])
    links = fields.pop("links", [])
    users = {u.get_username(): u for u in get_user_model().objects.filter(username__in=organizers)}
    unknown = [u for u in organizers if u not in users]
    if unknown:
        raise SeriesFileError([("organizers", _("No such user: %(names)s.") % {"names": ", ".join(unknown)})])
    existing = Series.objects.filter(slug=fields.get("slug", "")).first()
    if existing is not None and not replace:
        raise SeriesFileError(
            [("slug", _("A series “%(slug)s” exists already; replace it to change it.") % {"slug": existing.slug})]
        )
    try:
        with transaction.atomic():
            if existing is not None:  # the series before its tournaments, as every series service locks them
                existing = services.lock_series(existing)
            slugs = [e.slug for e in tournaments]
            services.people_sync(tournaments=list(Tournament.objects.filter(slug__in=slugs)), by=by)
            _apply_links(links, by)
            if existing is not None:
                series = services.series_update(series=existing, by=by, tournaments=tournaments, **fields)
            else:
                series = services.series_create(by=by, tournaments=tournaments, **fields)
            for user in users.values():
                SeriesRole.objects.get_or_create(series=series, user=user, role=SeriesRole.Role.ORGANIZER)
    except ValidationError as exc:
        raise SeriesFileError(_problems(exc)) from exc
    except PermissionDenied as exc:
        raise SeriesFileError([("links", str(exc))]) from exc
    return series


def _json_number(value: Decimal):
    """A parameter as a JSON number: 2 rather than 2.0, 0.5 rather than "0.5"."""
    normal = value.normalize()
    return int(normal) if normal == normal.to_integral_value() else float(normal)


def series_export(series: Series) -> dict:
    """The file of a series: every parameter of its method, its tournaments in date order, its organizers
    and the players organizers linked to a person."""
    entries = selectors.series_entries(series)
    data: dict = {
        "name": series.name,
        "slug": series.slug,
        "description": series.description,
        "public": series.published,
        "method": series.method,
        "as_of": series.as_of.isoformat() if series.as_of else None,
        "tournaments": [
            {
                "slug": e.tournament_slug,
                "weight": None if e.weight is None else _json_number(e.weight),
                "qualification": e.qualification,
            }
            for e in entries
        ],
    }
    if series.method == SeriesMethod.LEAGUE:
        data.update(best_results=series.best_results, listed_from=series.listed_from, league_by=series.league_by)
    else:
        data.update(
            decay=[
                {"older_than_days": s["older_than_days"], "factor": _json_number(Decimal(str(s["factor"])))}
                for s in series.decay
            ],
            minimum_results=series.minimum_results,
            best_results=series.best_results,
            listed_from=series.listed_from,
            part_a_best=series.part_a_best,
            part_a_share=_json_number(series.part_a_share),
        )
    data["organizers"] = sorted(
        series.roles.filter(role=SeriesRole.Role.ORGANIZER).values_list("user__username", flat=True)
    )
    slugs = [e.tournament_slug for e in entries]
    manual = set(PlayerLink.objects.filter(tournament__slug__in=slugs, manual=True).values_list("person_id", flat=True))
    groups: dict[int, list] = {}
    for person_id, slug, number in (
        PlayerLink.objects.filter(person_id__in=manual, tournament__slug__in=slugs)
        .order_by("tournament__end_date", "tournament__start_date", "tournament__slug")
        .values_list("person_id", "tournament__slug", "player__number")
    ):
        groups.setdefault(person_id, []).append({"tournament": slug, "number": number})
    data["links"] = [{"players": players} for players in groups.values() if len(players) > 1]
    return data


def dumps(data: dict) -> str:
    return json.dumps(data, ensure_ascii=False, indent=1)
