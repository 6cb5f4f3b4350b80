"""The Teams page: teams made, renamed, merged, filled and removed. Every change validates, locks the
tournament, writes and logs in one transaction, as in ``tournament.services`` (which keeps the captain and
the team a player row names)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from tournament.audit import audit
from tournament.gone import locked_again, team_gone
from tournament.models import (
    Player,
    Team,
    Tournament,
)
from tournament.services import check_organizer, lock_tournament, player_update, team_name_tidied

if TYPE_CHECKING:
    from django.contrib.auth.models import User


def _team_name(tournament: Tournament, name: str, *, keep: Team | None = None) -> str:
    """A team's name tidied and checked: not blank, not too long, and not already another team's name in
    this tournament. Letter case does not make a name new ("dragons" is the team "Dragons"): two teams told
    apart only by case would look like one on every page and file."""
    name = team_name_tidied(name, field="name")
    if not name:
        raise ValidationError({"name": _("Give the team a name.")}, code="team_name_blank")
    same = tournament.teams.filter(name__iexact=name)
    if keep is not None:
        same = same.exclude(pk=keep.pk)
    existing = same.first()
    if existing is not None:
        raise ValidationError(
            {"name": _("There is already a team %(team)s in this tournament.") % {"team": existing.name}},
            code="team_name_taken",
        )
    return name


def team_create(*, tournament: Tournament, name: str, by: User | None) -> Team:
    """A new team with no members yet (players join it from the players' pages or the teams page)."""
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        check_organizer(by, tournament)
        name = _team_name(tournament, name)
        team = Team.objects.create(tournament=tournament, name=name)
        audit(tournament=tournament, actor=by, action="team.create", obj=team, name=name)
        return team


def team_rename(*, team: Team, name: str, by: User | None) -> tuple[Team, bool]:
    """A team's new name; its members, captain and results stay with it. Also says whether anything changed:
    the same name again (a double tap, or two organizers typing the same) writes nothing and logs nothing."""
    with transaction.atomic():
        tournament = lock_tournament(team.tournament)
        check_organizer(by, tournament)
        team = locked_again(Team.objects.select_for_update(), team.pk, team_gone(tournament, team))
        name = _team_name(tournament, name, keep=team)
        if name == team.name:
            return team, False
        before = team.name
        team.name = name
        team.save(update_fields=["name"])
        audit(
            tournament=tournament,
            actor=by,
            action="team.rename",
            obj=team,
            team=name,
            before=before,
            changes={"name": [before, name]},
        )
        return team, True


def team_merge(*, team: Team, into: Team, by: User | None) -> Team:
    """Move every member of ``team`` into ``into`` and remove ``team``: the remedy for one team typed two
    ways on the players. ``into`` keeps its captain; if it has none, ``team``'s captain (now a member) is."""
    with transaction.atomic():
        tournament = lock_tournament(team.tournament)
        check_organizer(by, tournament)
        if into.tournament_id != tournament.pk:
            raise ValidationError(
                {"into": _("Teams can only be merged within one tournament.")}, code="team_merge_other"
            )
        if into.pk == team.pk:
            raise ValidationError({"into": _("Choose another team to merge into.")}, code="team_merge_self")
        locked = {t.pk: t for t in Team.objects.select_for_update().filter(pk__in=[team.pk, into.pk]).order_by("pk")}
        for wanted in (team, into):
            if wanted.pk not in locked:
                raise team_gone(tournament, wanted)
        team, into = locked[team.pk], locked[into.pk]
        members = list(Player.objects.select_for_update().filter(team=team).order_by("number"))
        numbers = [p.number for p in members]
        Player.objects.filter(pk__in=[p.pk for p in members]).update(team=into)
        captain = into.captain_id or team.captain_id
        team.captain = None
        team.save(update_fields=["captain"])
        if captain != into.captain_id:
            into.captain_id = captain
            into.save(update_fields=["captain"])
        audit(
            tournament=tournament,
            actor=by,
            action="team.merge",
            obj=into,
            team=team.name,
            into=into.name,
            players=numbers,
            count=len(numbers),
            merged_id=team.pk,
        )
        team.delete()
        return into


def team_players_add(*, team: Team, numbers: list[int], by: User | None) -> list[Player]:
    """Put the players with these numbers in ``team`` (from no team or another one), each as a change of
    that player (``player_update``: audited, a captain who leaves their team is its captain no more). All or
    nothing: an unknown number refuses the lot, naming it."""
    with transaction.atomic():
        tournament = lock_tournament(team.tournament)
        check_organizer(by, tournament)
        team = locked_again(Team.objects.select_for_update(), team.pk, team_gone(tournament, team))
        wanted = sorted(set(numbers))
        if not wanted:
            raise ValidationError({"numbers": _("Give the numbers of the players to add.")}, code="no_players")
        found = {p.number: p for p in tournament.players.filter(number__in=wanted)}
        unknown = [n for n in wanted if n not in found]
        if unknown:
            raise ValidationError(
                {"numbers": _("No player has number %(n)s in this tournament.") % {"n": ", ".join(map(str, unknown))}},
                code="unknown_player",
            )
        return [player_update(player=found[n], team=team, by=by) for n in wanted if found[n].team_id != team.pk]


def team_delete(*, team: Team, by: User | None) -> None:
    """Remove a team that has no members (a team with members is merged, or its players moved, first)."""
    with transaction.atomic():
        tournament = lock_tournament(team.tournament)
        check_organizer(by, tournament)
        team = locked_again(Team.objects.select_for_update(), team.pk, team_gone(tournament, team))
        if Player.objects.filter(team=team).exists():
            raise ValidationError(
                _("Team %(team)s has members: merge it into another team, or move its players first.")
                % {"team": team.name},
                code="team_has_members",
            )
        audit(tournament=tournament, actor=by, action="team.delete", obj=team, name=team.name)
        team.delete()


def team_captain_of(player: Player) -> Team | None:
    """The team ``player`` captains, if any."""
    if player.team_id is None:
        return None
    return Team.objects.filter(pk=player.team_id, captain=player).first()
