"""Deciders for ties (MCR 3.10.1 ranks by table points, then contest points; the organizer adds further
tie-breaks): when players are still tied on everything the standings compare, the chief referee decides
their order by a play-off or by drawing lots and records it here. The standings (and so the ranking file)
order those players by it while they stay tied that way. Kept, never deleted: a decider is withdrawn, or
replaced by a newer one for the same players."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.acting import acting_user
from standings.selectors import player_standings
from tournament.audit import audit
from tournament.models import Player, TieDecider, TieDeciderMethod, Tournament
from tournament.permissions import is_chief_referee, is_organizer
from tournament.services import lock_tournament

if TYPE_CHECKING:
    from django.contrib.auth.models import User


def may_decide(user, tournament: Tournament) -> bool:
    """The chief referee records deciders; the organizers, who run the day, may too."""
    return is_chief_referee(user, tournament) or is_organizer(user, tournament)


@dataclass
class Tie:
    """Players with a result sharing one place in the standings, undecided or decided."""

    rank: int
    players: list[Player]
    decider: TieDecider | None = None


def ties(tournament: Tournament) -> list[Tie]:
    """The groups of players who played and are tied on everything the standings compare, best place first,
    each with the decider that orders it now, if any."""
    rows = [r for r in player_standings(tournament) if r.sessions]
    groups: dict[tuple, list] = {}
    for row in rows:
        key = tuple(row.values.get(k) for k in sorted(row.values))
        groups.setdefault(key, []).append(row)
    out = []
    for group in groups.values():
        if len(group) < 2:
            continue
        out.append(
            Tie(
                rank=min(r.rank for r in group),
                players=[r.player for r in sorted(group, key=lambda r: r.rank)],
                decider=group[0].decider,
            )
        )
    return sorted(out, key=lambda t: t.rank)


def tie_decider_record(
    *, tournament: Tournament, order: list[int], method: str, by: User | None, note: str = ""
) -> TieDecider:
    """Record the order, best first, of players tied on everything (by number). Refused, changing nothing,
    unless they are exactly one group of fully tied players, each once; a decider already recorded for them
    is replaced (withdrawn, kept)."""
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        if not may_decide(by, tournament):
            raise PermissionDenied(_("Only the chief referee or an organizer records a decider."))
        if method not in TieDeciderMethod.values:
            raise ValidationError({"method": _("Choose how the tie was decided.")}, code="method")
        order = [int(n) for n in order]
        if len(order) != len(set(order)):
            raise ValidationError(_("Give each player one place."), code="twice")
        group = next((t for t in ties(tournament) if {p.number for p in t.players} == set(order)), None)
        if group is None:
            raise ValidationError(
                _("Players %(players)s are not one group of players tied on everything the standings compare.")
                % {"players": ", ".join(map(str, order))},
                code="not_tied",
            )
        active = TieDecider.objects.select_for_update().filter(tournament=tournament, withdrawn_at__isnull=True)
        same = [d for d in active if d.order == order and d.method == method and d.note == (note or "").strip()]
        if same:  # the same decider again (a double tap, two at the desk): recorded once
            return same[0]
        now = timezone.now()
        replaced = []
        for old in active:
            if set(old.order) & set(order):
                old.withdrawn_at, old.withdrawn_by = now, acting_user(by)
                old.save(update_fields=["withdrawn_at", "withdrawn_by"])
                replaced.append(old.pk)
        decider = TieDecider(
            tournament=tournament,
            order=order,
            method=method,
            note=(note or "").strip(),
            created_by=acting_user(by),
        )
        decider.full_clean(exclude=["created_by", "withdrawn_by"])
        decider.save()
        audit(
            tournament=tournament,
            actor=by,
            action="standings.tie_decide",
            obj=decider,
            order=order,
            method=method,
            note=decider.note,
            rank=group.rank,
            replaced=replaced,
        )
        return decider


def tie_decider_withdraw(*, decider: TieDecider, by: User | None) -> TieDecider:
    """Take a decider back (recorded in error): the players share their place again."""
    with transaction.atomic():
        tournament = lock_tournament(decider.tournament)
        if not may_decide(by, tournament):
            raise PermissionDenied(_("Only the chief referee or an organizer records a decider."))
        decider = TieDecider.objects.select_for_update().get(pk=decider.pk)
        if not decider.active:
            raise ValidationError(_("This decider was already withdrawn."), code="withdrawn")
        decider.withdrawn_at = timezone.now()
        decider.withdrawn_by = acting_user(by)
        decider.save(update_fields=["withdrawn_at", "withdrawn_by"])
        audit(tournament=tournament, actor=by, action="standings.tie_undecide", obj=decider, order=decider.order)
        return decider


def tie_decider_load(
    *, tournament: Tournament, order: list[int], method: str, by: User | None, note: str = "", withdrawn: bool = False
) -> TieDecider:
    """Record a decider as a tournament file gives it, without checking the tie (the file is the record; a
    decider whose players are no longer tied orders nothing). For imports."""
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        if by is not None and not may_decide(by, tournament):
            raise PermissionDenied(_("Only the chief referee or an organizer records a decider."))
        decider = TieDecider(
            tournament=tournament,
            order=[int(n) for n in order],
            method=method,
            note=(note or "").strip(),
            withdrawn_at=timezone.now() if withdrawn else None,
        )
        decider.full_clean(exclude=["created_by", "withdrawn_by"])
        decider.save()
        audit(
            tournament=tournament,
            actor=by,
            action="standings.tie_decide",
            obj=decider,
            order=decider.order,
            method=method,
            note=decider.note,
            loaded=True,
            **({"withdrawn": True} if withdrawn else {}),
        )
        return decider
