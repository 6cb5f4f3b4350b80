"""People of a series who look like the same person, offered to its organizers to link.

Two people of a series' tournaments are offered when their names are the same once accents, case, commas and
the order of family and given names are set aside (``core.names.person_key``), their countries are the same,
they never played the same tournament, at most one of them has an EMA id (two ids are two people), and no
organizer said they are not the same person (``NotSamePerson``). Linking goes through ``person_link``: each
player of the one (``other``) becomes the other (``keep``: the one with an EMA id, else the one with more
tournaments, else the older), audited and undone player by player with ``person_unlink``.
"""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from itertools import combinations

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from core.acting import acting_user
from core.collation import person_sort_key
from core.names import person_key
from series import selectors, services
from series.models import NotSamePerson, Person, PlayerLink, Series
from series.permissions import is_series_organizer
from tournament.audit import audit


@dataclass
class Played:
    """A tournament a person played, as an offer names it."""

    tournament_id: int
    name: str
    slug: str
    in_series: bool


@dataclass
class Offer:
    keep: Person
    other: Person
    keep_played: list[Played] = field(default_factory=list)
    other_played: list[Played] = field(default_factory=list)


def _order(a: Person, b: Person, played: dict[int, list[Played]]) -> tuple[Person, Person]:
    """(keep, other): the one with an EMA id is kept, else the one with more tournaments, else the older."""
    if a.ema_id or b.ema_id:
        return (a, b) if a.ema_id else (b, a)
    ka, kb = (-len(played[a.pk]), a.pk), (-len(played[b.pk]), b.pk)
    return (a, b) if ka <= kb else (b, a)


def same_person_offers(series: Series) -> list[Offer]:
    """The pairs of the series' people who look like the same person, by name."""
    tournament_ids = [e.tournament_id for e in series.entries.all() if e.tournament_id]
    people: dict[int, Person] = {}
    for link in PlayerLink.objects.filter(tournament_id__in=tournament_ids).select_related("person"):
        people[link.person_id] = link.person
    groups: dict[tuple, list[Person]] = defaultdict(list)
    for person in people.values():
        groups[(person_key(person.name), person.country)].append(person)
    groups = {key: group for key, group in groups.items() if len(group) > 1 and key[0]}
    if not groups:
        return []
    candidates = [p.pk for group in groups.values() for p in group]
    played: dict[int, list[Played]] = defaultdict(list)
    for person_id, tid, name, slug in PlayerLink.objects.filter(person_id__in=candidates).values_list(
        "person_id", "tournament_id", "tournament__name", "tournament__slug"
    ):
        played[person_id].append(Played(tid, name, slug, tid in tournament_ids))
    dismissed = set(
        NotSamePerson.objects.filter(person_a_id__in=candidates, person_b_id__in=candidates).values_list(
            "person_a_id", "person_b_id"
        )
    )
    offers = []
    for group in groups.values():
        for a, b in combinations(sorted(group, key=lambda p: p.pk), 2):
            if a.ema_id and b.ema_id:
                continue
            if {p.tournament_id for p in played[a.pk]} & {p.tournament_id for p in played[b.pk]}:
                continue
            if (a.pk, b.pk) in dismissed:
                continue
            keep, other = _order(a, b, played)
            offers.append(Offer(keep, other, played[keep.pk], played[other.pk]))
    language = get_language()
    offers.sort(key=lambda o: (person_sort_key(o.keep.name, language), o.keep.pk, o.other.pk))
    return offers


def said_not_same(series: Series) -> list[NotSamePerson]:
    """The pairs of the series' people an organizer said are two people (to offer again on People)."""
    tournament_ids = [e.tournament_id for e in series.entries.all() if e.tournament_id]
    people = set(PlayerLink.objects.filter(tournament_id__in=tournament_ids).values_list("person_id", flat=True))
    return list(
        NotSamePerson.objects.filter(person_a_id__in=people, person_b_id__in=people)
        .select_related("person_a", "person_b", "said_by")
        .order_by("-said_at", "-pk")
    )


def one_result_count(offers: list[Offer]) -> int:
    """How many people of these offers have a single result in the series: the likely duplicates."""
    once = {o.keep.pk for o in offers if sum(p.in_series for p in o.keep_played) == 1}
    once |= {o.other.pk for o in offers if sum(p.in_series for p in o.other_played) == 1}
    return len(once)


def find_offer(series: Series, first: int, second: int) -> Offer | None:
    """The offer of these two people (in either order), if the series offers it now."""
    wanted = {first, second}
    return next((o for o in same_person_offers(series) if {o.keep.pk, o.other.pk} == wanted), None)


def offer_results(offer: Offer) -> list[tuple[Person, list[selectors.PersonTournament]]]:
    """Both people with every tournament they played and their place there, for the organizer to compare."""
    return [(p, selectors.person_tournaments(p, public=False)) for p in (offer.keep, offer.other)]


def current_offer(series: Series, first: int, second: int) -> Offer:
    """The offer of these two people as it stands now; ValidationError (code "gone") saying why there is none."""
    offer = find_offer(series, first, second)
    if offer is None:
        low, high = sorted((first, second))
        if NotSamePerson.objects.filter(person_a_id=low, person_b_id=high).exists():
            message = _("You said already that these two are not the same person.")
        elif not all(PlayerLink.objects.filter(person_id=pk).exists() for pk in (first, second)):
            message = _("These two are one person already.")
        else:
            message = _("These two are not offered as the same person any more.")
        raise ValidationError(message, code="gone")
    return offer


def _locked_offer(series: Series, first: int, second: int, by) -> tuple[Series, Offer]:
    """The series locked (one offer is decided at a time in it) and the offer as it stands now."""
    series = Series.objects.select_for_update().get(pk=series.pk)
    if by is not None and not is_series_organizer(by, series):
        raise PermissionDenied(_("Only an organizer of this series can do this."))
    return series, current_offer(series, first, second)


def same_person_link(*, series: Series, first: int, second: int, by) -> Offer:
    """Link the two people of an offer: each player of ``other`` becomes ``keep`` (``person_link``, audited in
    each tournament, undone by ``person_unlink``); one entry in the series' audit log says it."""
    with transaction.atomic():
        series, offer = _locked_offer(series, first, second, by)
        links = list(PlayerLink.objects.filter(person=offer.other).select_related("player", "tournament"))
        for link in sorted(links, key=lambda link: (link.tournament_id, link.player.number)):
            services.person_link(player=link.player, person=offer.keep, by=by)
        audit(
            tournament=None,
            actor=by,
            action="series.same_person",
            obj=series,
            series=series.slug,
            person=offer.keep.pk,
            person_name=offer.keep.name,
            other=offer.other.pk,
            other_name=offer.other.name,
            players=[[link.tournament.slug, link.player.number] for link in links],
        )
        return offer


def same_person_dismiss(*, series: Series, first: int, second: int, by) -> NotSamePerson:
    """Say that the two people of an offer are two people: remembered, so no series offers them again."""
    with transaction.atomic():
        series, offer = _locked_offer(series, first, second, by)
        low, high = sorted((offer.keep.pk, offer.other.pk))
        try:
            with transaction.atomic():
                said = NotSamePerson.objects.create(
                    person_a_id=low, person_b_id=high, series=series, said_by=acting_user(by)
                )
        except IntegrityError:  # said at the same moment in another series
            return NotSamePerson.objects.get(person_a_id=low, person_b_id=high)
        audit(
            tournament=None,
            actor=by,
            action="series.not_same_person",
            obj=series,
            series=series.slug,
            people=[low, high],
            names=[offer.keep.name, offer.other.name],
        )
        return said


def same_person_again(*, series: Series, first: int, second: int, by) -> None:
    """Take back "not the same person": the pair is offered again where it looks alike."""
    low, high = sorted((first, second))
    with transaction.atomic():
        series = Series.objects.select_for_update().get(pk=series.pk)
        if by is not None and not is_series_organizer(by, series):
            raise PermissionDenied(_("Only an organizer of this series can do this."))
        said = NotSamePerson.objects.filter(person_a_id=low, person_b_id=high).select_related("person_a", "person_b")
        found = said.first()
        if found is None:
            raise ValidationError(_("Nobody said these two are not the same person."), code="gone")
        found.delete()
        audit(
            tournament=None,
            actor=by,
            action="series.same_person_again",
            obj=series,
            series=series.slug,
            people=[low, high],
            names=[found.person_a.name, found.person_b.name],
        )
