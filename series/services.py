"""Every change to people, series and their rankings: ``<entity>_<action>(*, ..., by)``.

Each validates, runs in ``transaction.atomic()``, locks what it reads then writes and writes its audit
entries in the same transaction. Locks, in order: the series row, the tournaments whose players get a
person (by id), then the players whose link changes (tournament services never lock a series, so no two
services wait for each other in a circle).
Errors are ``ValidationError`` keyed by field as a series file names it (``tournaments[2].slug``,
``decay[1].factor``), so the browser form and the file import say the same thing.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import date
from decimal import Decimal, InvalidOperation
from fractions import Fraction

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import gettext as _

from core.acting import acting_user
from ratings.base import format_number
from ratings.league import LeagueParameters
from ratings.mers import MersParameters
from ratings.text import ParameterError
from series import selectors
from series.models import (
    LeagueBy,
    Person,
    PlayerLink,
    Series,
    SeriesMethod,
    SeriesRanking,
    SeriesRole,
    SeriesTournament,
)
from tournament.audit import audit
from tournament.models import Player, Tournament
from tournament.permissions import is_organizer
from tournament.services import lock_tournament

SERIES_FIELDS = (
    "name",
    "slug",
    "description",
    "published",
    "method",
    "as_of",
    "decay",
    "minimum_results",
    "best_results",
    "listed_from",
    "part_a_best",
    "part_a_share",
    "league_by",
)
MAX_TOURNAMENTS = 500
MAX_MOVES_LOGGED = 50


@dataclass(frozen=True)
class TournamentEntry:
    """A tournament as a series lists it: by slug, with its weight (None: from the EMA's table)."""

    slug: str
    weight: Decimal | None = None
    qualification: bool = False


def parameter_error_text(error: ParameterError) -> str:
    """A ranking method's message in the user's language (``ratings`` cannot translate itself)."""
    text = _(error.template)
    return text % error.params if error.params else text


# --- checks -------------------------------------------------------------------------------------------


def _decimal(value, field: str, errors: dict) -> Decimal | None:
    try:
        number = Decimal(str(value))
    except (InvalidOperation, ValueError, TypeError):
        errors[field] = _("A number, e.g. 0.5.")
        return None
    if not number.is_finite():
        errors[field] = _("A number, e.g. 0.5.")
        return None
    return number


def clean_decay(raw, errors: dict) -> list[dict]:
    """The decay table as stored: [{"older_than_days": int, "factor": "0.5"}], checked by the method."""
    if not isinstance(raw, (list, tuple)):
        errors["decay"] = _("A list of steps, each with older_than_days and factor.")
        return []
    steps = []
    for i, step in enumerate(raw):
        if not isinstance(step, dict) or set(step) != {"older_than_days", "factor"}:
            errors[f"decay[{i}]"] = _("A step has older_than_days and factor, nothing else.")
            continue
        days = step["older_than_days"]
        if isinstance(days, bool) or not isinstance(days, int):
            errors[f"decay[{i}].older_than_days"] = _("A whole number of days.")
            continue
        factor = _decimal(step["factor"], f"decay[{i}].factor", errors)
        if factor is None:
            continue
        if not 0 <= factor <= 1:
            errors[f"decay[{i}].factor"] = parameter_error_text(
                ParameterError(f"decay[{i}].factor", "A factor between 0 and 1.")
            )
            continue
        if factor != factor.quantize(Decimal("0.0001")):
            errors[f"decay[{i}].factor"] = _("At most four decimals.")
            continue
        steps.append({"older_than_days": days, "factor": str(factor.normalize())})
    if not errors:
        for problem in MersParameters(
            as_of=date.today(), decay=selectors.decay_steps(steps)
        ).problems():  # only the decay is checked here; the counts below
            if problem.field.startswith("decay"):
                errors.setdefault(problem.field, parameter_error_text(problem))
    return steps


def _check_parameters(series: Series, errors: dict) -> None:
    """The counts and choices, as the method checks them (one definition of what a method accepts)."""
    if series.method == SeriesMethod.LEAGUE:
        params: MersParameters | LeagueParameters = LeagueParameters(
            best_results=series.best_results, listed_from=series.listed_from, by=series.league_by
        )
    else:
        params = MersParameters(
            as_of=date.today(),
            minimum_results=series.minimum_results,
            best_results=series.best_results,
            listed_from=series.listed_from,
            part_a_best=series.part_a_best,
            part_a_share=Fraction(series.part_a_share),
        )
    for problem in params.problems():
        if not problem.field.startswith("decay"):
            errors.setdefault(problem.field, parameter_error_text(problem))


def clean_entries(entries: Sequence[TournamentEntry], errors: dict, *, user=None, series=None) -> list[TournamentEntry]:
    """Tournaments that exist, are public and finished, once each, with a weight from 0 up."""
    if len(entries) > MAX_TOURNAMENTS:
        errors["tournaments"] = _("At most %(n)s tournaments.") % {"n": MAX_TOURNAMENTS}
        return []
    found = {t.slug: t for t in Tournament.objects.filter(slug__in=[e.slug for e in entries])}
    finished = selectors.finished_tournament_ids(t.pk for t in found.values())
    seen: set[str] = set()
    out = []
    for i, entry in enumerate(entries):
        where = f"tournaments[{i}]"
        tournament = found.get(entry.slug)
        if entry.slug in seen:
            errors[f"{where}.slug"] = _("“%(slug)s” is listed twice.") % {"slug": entry.slug}
            continue
        seen.add(entry.slug)
        record = SeriesTournament(tournament_slug=entry.slug, tournament=tournament)
        problems = selectors.entry_problems(i, record, finished)
        if problems:
            errors.update(problems)
        if entry.weight is not None:
            if entry.weight < 0:
                errors[f"{where}.weight"] = _("A weight cannot be below 0.")
            elif entry.weight > 1000 or entry.weight != entry.weight.quantize(Decimal("0.001")):
                errors[f"{where}.weight"] = _("A weight up to 1000, with at most three decimals.")
        out.append(entry)
    return out


def _validate(series: Series, entries: Sequence[TournamentEntry] | None, errors: dict, **context) -> list:
    series.decay = clean_decay(series.decay, errors)
    try:
        series.full_clean(exclude=["decay"])
    except ValidationError as exc:
        for name, messages in exc.message_dict.items():
            errors.setdefault(name, " ".join(messages))
    if not any(k in errors for k in ("minimum_results", "best_results", "listed_from", "part_a_best", "part_a_share")):
        _check_parameters(series, errors)
    cleaned = clean_entries(entries, errors, **context) if entries is not None else []
    if errors:
        raise ValidationError(errors)
    return cleaned


def _write_entries(series: Series, entries: Sequence[TournamentEntry]) -> dict:
    """Replace the series' tournaments; what changed, for the audit log."""
    before = {e.tournament_slug: e for e in series.entries.all()}
    after = {e.slug: e for e in entries}
    found = {t.slug: t for t in Tournament.objects.filter(slug__in=list(after))}
    series.entries.exclude(tournament_slug__in=list(after)).delete()
    changed = {}
    for slug, entry in after.items():
        old = before.get(slug)
        if old is not None:
            if old.weight != entry.weight or old.qualification != entry.qualification:
                changed[slug] = {
                    "weight": [_plain(old.weight), _plain(entry.weight)],
                    "qualification": [old.qualification, entry.qualification],
                }
            old.weight, old.qualification, old.tournament = entry.weight, entry.qualification, found.get(slug)
            old.save()
        else:
            SeriesTournament.objects.create(
                series=series,
                tournament_slug=slug,
                tournament=found.get(slug),
                weight=entry.weight,
                qualification=entry.qualification,
            )
    return {
        "added": sorted(set(after) - set(before)),
        "removed": sorted(set(before) - set(after)),
        "changed": changed,
    }


def _plain(value):
    if isinstance(value, Decimal):
        return format_number(Fraction(value))
    if isinstance(value, date):
        return value.isoformat()
    return value


def _snapshot(series: Series) -> dict:
    return {name: _plain(getattr(series, name)) for name in SERIES_FIELDS}


# --- series -------------------------------------------------------------------------------------------


def lock_series(series: Series) -> Series:
    """The series read again under its lock; refused with a clear message when another organizer deleted it."""
    locked = Series.objects.select_for_update().filter(pk=series.pk).first()
    if locked is None:
        message = _("The series %(name)s was deleted a moment ago by another organizer.")
        raise ValidationError(message % {"name": series.name}, code="series_gone")
    return locked


def series_create(
    *, by, name: str, slug: str, method: str, tournaments: Sequence[TournamentEntry] = (), **fields
) -> Series:
    """A new series with its tournaments; its creator organizes it. Its first ranking is computed at once."""
    unknown = set(fields) - set(SERIES_FIELDS)
    if unknown:
        raise TypeError(f"unknown series fields: {sorted(unknown)}")
    with transaction.atomic():
        series = Series(name=name, slug=slug, method=method, **fields)
        errors: dict = {}
        entries = _validate(series, tournaments, errors)
        try:
            with transaction.atomic():
                series.save()
        except IntegrityError:  # created by someone else between the check above and now
            raise ValidationError(
                {"slug": _("A series with the short name “%(slug)s” was created a moment ago.") % {"slug": slug}}
            ) from None
        _write_entries(series, entries)
        if acting_user(by) is not None:
            SeriesRole.objects.create(series=series, user=by, role=SeriesRole.Role.ORGANIZER)
        audit(
            tournament=None,
            actor=by,
            action="series.create",
            obj=series,
            series=series.slug,
            name=series.name,
            method=series.method,
            tournaments=[e.slug for e in entries],
        )
        series_recompute(series=series, by=by, reason="created")
    return series


def series_update(*, series: Series, by, tournaments: Sequence[TournamentEntry] | None = None, **fields) -> Series:
    """Change a series' settings and, given, its tournaments; the ranking is computed again and kept as a new
    version when it changes."""
    unknown = set(fields) - set(SERIES_FIELDS)
    if unknown:
        raise TypeError(f"unknown series fields: {sorted(unknown)}")
    with transaction.atomic():
        series = lock_series(series)
        before = _snapshot(series)
        for name, value in fields.items():
            setattr(series, name, value)
        errors: dict = {}
        entries = _validate(series, tournaments, errors)
        series.save()
        changes = {k: [before[k], v] for k, v in _snapshot(series).items() if before[k] != v}
        moved = _write_entries(series, entries) if tournaments is not None else {}
        if changes or any(moved.values()):
            audit(
                tournament=None,
                actor=by,
                action="series.update",
                obj=series,
                series=series.slug,
                changes=changes,
                **{k: v for k, v in moved.items() if v},
            )
        series_recompute(series=series, by=by, reason="settings")
    return series


def series_delete(*, series: Series, by) -> None:
    """Delete a series and its kept rankings; its audit entries stay, naming it."""
    with transaction.atomic():
        series = lock_series(series)
        audit(tournament=None, actor=by, action="series.delete", obj=series, series=series.slug, name=series.name)
        series.delete()


@dataclass
class Recomputed:
    ranking: SeriesRanking
    changed: bool  # False: the ranking was the same as the latest kept, no new version


def _differences(previous: SeriesRanking | None, computed: selectors.Computed, rows: list[dict]) -> dict:
    """What differs from the latest kept ranking: the tournaments whose results changed, the parameters,
    and who moved (rank or rating), entered or left the list."""
    if previous is None:
        return {"first": True}
    out: dict = {}
    changed = _tournaments_changed(previous, computed)
    if changed:
        out["tournaments_changed"] = changed
    old_parameters = {k: v for k, v in previous.parameters.items() if k != "as_of"}
    new_parameters = {k: v for k, v in computed.parameters.items() if k != "as_of"}
    if old_parameters != new_parameters:
        out["parameters"] = {
            k: [old_parameters.get(k), new_parameters.get(k)]
            for k in sorted(set(old_parameters) | set(new_parameters))
            if old_parameters.get(k) != new_parameters.get(k)
        }
    if previous.as_of != computed.as_of:
        out["as_of_changed"] = [previous.as_of.isoformat(), computed.as_of.isoformat()]
    out.update(_moves(previous, rows))
    return out


def _tournaments_changed(previous: SeriesRanking, computed: selectors.Computed) -> list[str]:
    """The tournaments whose results or facts differ from the kept ranking's."""
    old_results: dict[str, set] = {}
    for person, slug, place, tp in previous.results:
        old_results.setdefault(slug, set()).add((person, place, tp))
    new_results: dict[str, set] = {}
    for person, slug, place, tp in computed.results_json():
        new_results.setdefault(slug, set()).add((person, place, tp))
    old_events = {e["slug"]: e for e in previous.events}
    new_events = {e["slug"]: e for e in computed.events_json()}
    return sorted(
        slug
        for slug in set(old_results) | set(new_results) | set(old_events) | set(new_events)
        if old_results.get(slug) != new_results.get(slug) or old_events.get(slug) != new_events.get(slug)
    )


def _moves(previous: SeriesRanking, rows: list[dict]) -> dict:
    """Who moved (rank or rating), entered or left the list, as far as the audit entry keeps them."""
    out: dict = {}
    before = {r["person"]: r for r in previous.rows if r["listed"]}
    after = {r["person"]: r for r in rows if r["listed"]}
    moved = [
        [after[p]["name"], before[p]["rank"], after[p]["rank"], before[p]["rating"], after[p]["rating"]]
        for p in after
        if p in before and (before[p]["rank"], before[p]["rating"]) != (after[p]["rank"], after[p]["rating"])
    ]
    moved.sort(key=lambda m: m[2])
    entered = sorted(([after[p]["name"], after[p]["rank"]] for p in set(after) - set(before)), key=lambda e: e[1])
    left = sorted(before[p]["name"] for p in set(before) - set(after))
    if moved:
        out["moved"] = moved[:MAX_MOVES_LOGGED]
        out["moved_count"] = len(moved)
    if entered:
        out["entered"] = entered[:MAX_MOVES_LOGGED]
    if left:
        out["left"] = left[:MAX_MOVES_LOGGED]
    return out


def series_recompute(*, series: Series, by, reason: str = "") -> Recomputed:
    """Compute the ranking from the tournaments' results as they are now and keep it as a new version when
    it differs from the latest one (rows, tournaments' results or parameters); the audit entry says what
    changed and who moved. ValidationError names a tournament that cannot be ranked (e.g. reopened)."""
    with transaction.atomic():
        series = lock_series(series)
        entries = selectors.series_entries(series)
        for entry in entries:  # a tournament imported again under its slug is found again
            if entry.tournament is not None and entry.tournament_id != entry.tournament.pk:
                SeriesTournament.objects.filter(pk=entry.pk).update(tournament=entry.tournament)
        people_sync(tournaments=[e.tournament for e in entries if e.tournament is not None], by=by)
        try:
            computed = selectors.series_compute(series)
        except selectors.SeriesInputError as exc:
            raise ValidationError(exc.problems) from exc
        except ParameterError as exc:
            raise ValidationError({exc.field: parameter_error_text(exc)}) from exc
        rows = selectors.ranking_rows(computed)
        previous = selectors.latest_ranking(series)
        if (
            previous is not None
            and previous.rows == rows
            and previous.results == computed.results_json()
            and previous.events == computed.events_json()
            and {k: v for k, v in previous.parameters.items() if k != "as_of"}
            == {k: v for k, v in computed.parameters.items() if k != "as_of"}
        ):
            return Recomputed(ranking=previous, changed=False)
        differences = _differences(previous, computed, rows)
        ranking = SeriesRanking.objects.create(
            series=series,
            number=(previous.number + 1) if previous else 1,
            computed_by=acting_user(by),
            as_of=computed.as_of,
            method=computed.method,
            parameters=computed.parameters,
            events=computed.events_json(),
            results=computed.results_json(),
            rows=rows,
        )
        audit(
            tournament=None,
            actor=by,
            action="series.recompute",
            obj=series,
            series=series.slug,
            version=ranking.number,
            as_of=computed.as_of.isoformat(),
            reason=reason,
            listed=sum(1 for r in rows if r["listed"]),
            **differences,
        )
        return Recomputed(ranking=ranking, changed=True)


def series_role_grant(*, series: Series, user, by) -> SeriesRole:
    with transaction.atomic():
        series = lock_series(series)
        role, created = SeriesRole.objects.get_or_create(series=series, user=user, role=SeriesRole.Role.ORGANIZER)
        if not created:
            raise ValidationError({"user": _("%(user)s already organizes this series.") % {"user": user}})
        audit(tournament=None, actor=by, action="series.role_grant", obj=series, series=series.slug, user=str(user))
        return role


def series_role_revoke(*, series: Series, user, by) -> None:
    with transaction.atomic():
        series = lock_series(series)
        roles = SeriesRole.objects.filter(series=series, role=SeriesRole.Role.ORGANIZER)
        if not roles.filter(user=user).exists():
            raise ValidationError({"user": _("%(user)s does not organize this series.") % {"user": user}})
        if roles.count() == 1:
            raise ValidationError({"user": _("A series keeps at least one organizer.")})
        roles.filter(user=user).delete()
        audit(tournament=None, actor=by, action="series.role_revoke", obj=series, series=series.slug, user=str(user))


# --- people -------------------------------------------------------------------------------------------


def _person_for(player: Player) -> Person:
    return Person(
        name=player.name,
        family_name=player.family_name,
        given_name=player.given_name,
        country=player.country,
        ema_id=player.ema_id,
    )


def _ema_person(player: Player) -> Person:
    """The person of an EMA id, made when it is new; two syncs making it at once meet on the unique id."""
    try:
        with transaction.atomic():
            person, _created = Person.objects.get_or_create(ema_id=player.ema_id, defaults={"name": player.name})
    except IntegrityError:
        person = Person.objects.get(ema_id=player.ema_id)
    return person


def _refresh_names(person_ids: set[int]) -> None:
    """A person's name and country are their most recent tournament's."""
    latest: dict[int, Player] = {}
    links = PlayerLink.objects.filter(person_id__in=person_ids).select_related("player", "tournament")
    for link in links:
        t = link.tournament
        key = (t.end_date or t.start_date, t.pk)
        current = latest.get(link.person_id)
        if current is None:
            latest[link.person_id] = link.player
            continue
        ct = current.tournament
        if key > (ct.end_date or ct.start_date, ct.pk):
            latest[link.person_id] = link.player
    for person in Person.objects.filter(pk__in=list(latest)):
        player = latest[person.pk]
        fresh = (player.name, player.family_name, player.given_name, player.country)
        if (person.name, person.family_name, person.given_name, person.country) != fresh:
            person.name, person.family_name, person.given_name, person.country = fresh
            person.save(update_fields=["name", "family_name", "given_name", "country"])


def _refuse_clash(tournament: Tournament, player: Player, person: Person) -> None:
    clash = PlayerLink.objects.filter(person=person, tournament=tournament).exclude(player=player).first()
    if clash is not None:
        raise ValidationError(
            {
                "tournaments": _(
                    "In “%(name)s”, player %(n)s is linked to %(person)s, who is player %(m)s by EMA id: undo "
                    "that link first."
                )
                % {"name": tournament.name, "n": clash.player.number, "person": person.name, "m": player.number}
            }
        )


@dataclass
class SyncReport:
    linked: int = 0  # players given a person
    moved: int = 0  # players moved to the person of their (changed) EMA id


def people_sync(*, tournaments: Sequence[Tournament], by) -> SyncReport:
    """Give every player of these tournaments a person: the person of their EMA id, or one of their own
    (kept when an organizer linked them). Two players of one tournament with the same EMA id are refused,
    naming them. One audit entry per tournament where something changed."""
    report = SyncReport()
    with transaction.atomic():
        for tournament in sorted(tournaments, key=lambda t: t.pk):
            # Two syncs of one tournament at once would both give its new players a person.
            tournament = lock_tournament(tournament)
            players = list(tournament.players.select_related("person_link__person").order_by("number"))
            by_ema: dict[str, list[int]] = {}
            for p in players:
                if p.ema_id:
                    by_ema.setdefault(p.ema_id, []).append(p.number)
            shared = {ema: numbers for ema, numbers in by_ema.items() if len(numbers) > 1}
            if shared:
                ema, numbers = next(iter(shared.items()))
                raise ValidationError(
                    {
                        "tournaments": _(
                            "In “%(name)s”, players %(numbers)s have the same EMA id %(ema)s: one person cannot "
                            "play twice."
                        )
                        % {"name": tournament.name, "numbers": ", ".join(map(str, numbers)), "ema": ema}
                    }
                )
            linked, moved = [], []
            touched: set[int] = set()
            for player in players:
                link = getattr(player, "person_link", None)
                if player.ema_id:
                    if link is not None and link.person.ema_id == player.ema_id:
                        continue
                    person = _ema_person(player)
                    _refuse_clash(tournament, player, person)
                    if link is None:
                        PlayerLink.objects.create(player=player, tournament=tournament, person=person)
                        linked.append(player.number)
                    else:
                        old = link.person_id
                        PlayerLink.objects.filter(pk=link.pk).update(person=person, manual=False)
                        moved.append([player.number, old, person.pk])
                        touched.add(old)
                    touched.add(person.pk)
                elif link is None:
                    person = _person_for(player)
                    person.save()
                    PlayerLink.objects.create(player=player, tournament=tournament, person=person)
                    linked.append(player.number)
                elif link.person.ema_id and not link.manual:
                    # The player's EMA id was cleared: they are no longer that person, but someone of their own.
                    person = _person_for(player)
                    person.save()
                    old = link.person_id
                    PlayerLink.objects.filter(pk=link.pk).update(person=person)
                    moved.append([player.number, old, person.pk])
                    touched |= {old, person.pk}
            # Names and countries follow the players (an organizer may have corrected one since).
            touched |= {link.person_id for p in players if (link := getattr(p, "person_link", None)) is not None}
            _refresh_names(touched)
            if linked or moved:
                report.linked += len(linked)
                report.moved += len(moved)
                audit(
                    tournament=tournament,
                    actor=by,
                    action="people.sync",
                    linked=len(linked),
                    moved=moved[:MAX_MOVES_LOGGED],
                )
    return report


def can_link(user, player: Player) -> bool:
    """Organizers of the player's tournament, and organizers of a series that ranks it."""
    if is_organizer(user, player.tournament):
        return True
    if not getattr(user, "is_authenticated", False):
        return False
    return SeriesRole.objects.filter(user=user, series__entries__tournament_slug=player.tournament.slug).exists()


def person_link(*, player: Player, person: Person, by) -> PlayerLink:
    """Say that a player without an EMA id is this person (who played other tournaments). Refused for a
    player with an EMA id (the id says who they are) and when the person already played that tournament."""
    with transaction.atomic():
        player = Player.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=player.pk)
        if by is not None and not can_link(by, player):
            raise PermissionDenied(_("Only an organizer of this tournament or of a series ranking it can do this."))
        if player.ema_id:
            raise ValidationError(
                {"person": _("Player %(n)s has an EMA id: they are the person of that id.") % {"n": player.number}}
            )
        person = Person.objects.get(pk=person.pk)
        clash = PlayerLink.objects.filter(person=person, tournament=player.tournament).exclude(player=player).first()
        if clash is not None:
            raise ValidationError(
                {
                    "person": _("%(person)s already played this tournament, as player %(n)s.")
                    % {"person": person.name, "n": clash.player.number}
                }
            )
        link = PlayerLink.objects.filter(player=player).first()
        if link is not None and link.manual and link.person_id == person.pk:
            return link  # linked so a moment ago (a double tap, two organizers): nothing changes
        old = link.person_id if link else None
        if link is None:
            link = PlayerLink(player=player, tournament=player.tournament)
        link.person, link.manual, link.linked_by = person, True, acting_user(by)
        link.save()
        _refresh_names({person.pk} | ({old} if old else set()))
        audit(
            tournament=player.tournament,
            actor=by,
            action="person.link",
            obj=player,
            number=player.number,
            person=person.pk,
            person_name=person.name,
            previous=old,
        )
        return link


def person_unlink(*, player: Player, by) -> PlayerLink:
    """Undo an organizer's link: the player becomes a person of their own again."""
    with transaction.atomic():
        player = Player.objects.select_for_update(of=("self",)).select_related("tournament").get(pk=player.pk)
        if by is not None and not can_link(by, player):
            raise PermissionDenied(_("Only an organizer of this tournament or of a series ranking it can do this."))
        link = PlayerLink.objects.filter(player=player).select_related("person").first()
        if link is None or not link.manual:
            raise ValidationError({"person": _("Player %(n)s was not linked by an organizer.") % {"n": player.number}})
        old = link.person
        person = _person_for(player)
        person.save()
        link.person, link.manual, link.linked_by = person, False, acting_user(by)
        link.save()
        _refresh_names({old.pk, person.pk})
        audit(
            tournament=player.tournament,
            actor=by,
            action="person.unlink",
            obj=player,
            number=player.number,
            person=person.pk,
            previous=old.pk,
            previous_name=old.name,
        )
        return link


__all__ = [
    "LeagueBy",
    "TournamentEntry",
    "lock_series",
    "people_sync",
    "person_link",
    "person_unlink",
    "series_create",
    "series_delete",
    "series_recompute",
    "series_role_grant",
    "series_role_revoke",
    "series_update",
]
