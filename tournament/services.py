"""Tournament set-up: the tournament, its roles, teams and players. Every change validates, locks, writes
and logs in one transaction. Seating and the course of sessions are in ``schedule.services``."""
from __future__ import annotations

from typing import TYPE_CHECKING

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournament.audit import audit
from tournament.models import Player, Session, Team, Tournament, TournamentRole
from tournament.permissions import is_organizer

if TYPE_CHECKING:
    from django.contrib.auth.models import User


def check_organizer(by: User | None, tournament: Tournament) -> None:
    if by is not None and not is_organizer(by, tournament):
        raise PermissionDenied(_("Only an organizer of this tournament can do this."))


def lock_tournament(tournament: Tournament) -> Tournament:
    """Serialise structural changes to one tournament across processes. Always the first lock taken, before
    any session or sheet (docs/architecture.md, "Locks"); score entry never takes it."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def tournament_create(*, by: User | None, **fields) -> Tournament:
    with transaction.atomic():
        tournament = Tournament(**fields)
        tournament.full_clean()
        tournament.save()
        for number in range(1, tournament.session_count + 1):
            Session.objects.create(tournament=tournament, number=number)
        if by is not None and getattr(by, "is_authenticated", False):
            TournamentRole.objects.create(tournament=tournament, user=by, role=TournamentRole.Role.ORGANIZER)
        audit(tournament=tournament, actor=by, action="tournament.create", obj=tournament, name=tournament.name)
        return tournament


def tournament_update(*, tournament: Tournament, by: User | None, **fields) -> Tournament:
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        check_organizer(by, tournament)
        for key, value in fields.items():
            setattr(tournament, key, value)
        tournament.full_clean()
        tournament.save()
        existing = set(tournament.sessions.values_list("number", flat=True))
        for number in range(1, tournament.session_count + 1):
            if number not in existing:
                Session.objects.create(tournament=tournament, number=number)
        audit(tournament=tournament, actor=by, action="tournament.update", obj=tournament,
              fields=sorted(fields))
        return tournament


def role_grant(*, tournament: Tournament, user: User, role: str, by: User | None) -> TournamentRole:
    with transaction.atomic():
        check_organizer(by, tournament)
        grant, created = TournamentRole.objects.get_or_create(tournament=tournament, user=user, role=role)
        if created:
            audit(tournament=tournament, actor=by, action="role.grant", obj=grant, user=user.get_username(), role=role)
        return grant


def role_revoke(*, role: TournamentRole, by: User | None) -> None:
    """Take a role away. The last organizer cannot be removed: a tournament always has someone to run it."""
    with transaction.atomic():
        tournament = lock_tournament(role.tournament)
        check_organizer(by, tournament)
        role = TournamentRole.objects.select_related("user").get(pk=role.pk)
        if role.role == TournamentRole.Role.ORGANIZER and \
                tournament.roles.filter(role=TournamentRole.Role.ORGANIZER).count() == 1:
            raise ValidationError(_("%(user)s is the only organizer; grant the role to someone else first.")
                                  % {"user": role.user.get_username()}, code="last_organizer")
        audit(tournament=tournament, actor=by, action="role.revoke", obj=role, user=role.user.get_username(),
              role=role.role)
        role.delete()


def team_get_or_create(*, tournament: Tournament, name: str, by: User | None) -> Team | None:
    name = (name or "").strip()
    if not name:
        return None
    max_length = Team._meta.get_field("name").max_length
    if len(name) > max_length:
        raise ValidationError({"team": _("A team name has at most %(n)s characters.") % {"n": max_length}})
    team, created = Team.objects.get_or_create(tournament=tournament, name=name)
    if created:
        audit(tournament=tournament, actor=by, action="team.create", obj=team, name=name)
    return team


def player_create(*, tournament: Tournament, number: int, name: str, country: str = "", club: str = "",
                  ema_id: str = "", team: Team | str | None = None, is_substitute: bool = False,
                  by: User | None) -> Player:
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        check_organizer(by, tournament)
        if isinstance(team, str):
            team = team_get_or_create(tournament=tournament, name=team, by=by)
        player = Player(tournament=tournament, number=number, name=(name or "").strip(),
                        country=(country or "").strip().upper(), club=(club or "").strip(),
                        ema_id=(ema_id or "").strip(), team=team, is_substitute=is_substitute)
        player.full_clean()
        player.save()
        audit(tournament=tournament, actor=by, action="player.create", obj=player, number=number, name=player.name)
        return player


def player_update(*, player: Player, by: User | None, **fields) -> Player:
    with transaction.atomic():
        lock_tournament(player.tournament)
        check_organizer(by, player.tournament)
        player = Player.objects.select_for_update().get(pk=player.pk)
        team = fields.pop("team", player.team)
        if isinstance(team, str):
            team = team_get_or_create(tournament=player.tournament, name=team, by=by)
        player.team = team
        for key, value in fields.items():
            setattr(player, key, value)
        player.country = (player.country or "").upper()
        player.full_clean()
        player.save()
        audit(tournament=player.tournament, actor=by, action="player.update", obj=player, fields=sorted(fields))
        return player


def next_player_number(tournament: Tournament) -> int:
    last = tournament.players.order_by("-number").values_list("number", flat=True).first()
    return (last or 0) + 1


def players_import(*, tournament: Tournament, rows: list[dict], by: User | None) -> list[Player]:
    """Create players from validated import rows (see tournament.importing). All or nothing."""
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        check_organizer(by, tournament)
        created = []
        for row in rows:
            created.append(player_create(tournament=tournament, by=by, **row))
        audit(tournament=tournament, actor=by, action="players.import", count=len(created))
        return created


def seating_problem(player_count: int) -> str | None:
    """A message when players cannot fill tables of four, or None."""
    if player_count < 4:
        return _("At least four players are needed to seat a session.")
    if player_count % 4:
        missing = 4 - player_count % 4
        return _(
            "%(n)s players cannot fill tables of four. Add %(m)s substitute(s) (or withdraw %(k)s player(s)) "
            "so the count is a multiple of four."
        ) % {"n": player_count, "m": missing, "k": player_count % 4}
    return None
