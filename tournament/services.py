"""Tournament set-up: the tournament, its roles, teams and players. Every change validates, locks, writes
and logs in one transaction. Seating and the course of sessions are in ``schedule.services``."""

from __future__ import annotations

import secrets
import unicodedata
from collections.abc import Mapping
from datetime import date, datetime
from typing import TYPE_CHECKING, Any

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, models, transaction
from django.utils.translation import gettext as _

from core import throttle
from rules import fouls
from tournament import code_guard
from tournament.audit import audit, audit_entry, audit_many, changes, snapshot
from tournament.gone import locked_again, role_gone, team_gone
from tournament.models import (
    Player,
    Session,
    Team,
    Tournament,
    TournamentRole,
    compose_display_name,
    no_nul,
    split_display_name,
)
from tournament.permissions import is_organizer
from tournament.player_fields import BY_KEY, KEYS, PLAYER_FIELDS, Kind, check_keys, values_of

if TYPE_CHECKING:
    from django.contrib.auth.models import User


def check_organizer(by: User | None, tournament: Tournament) -> None:
    if by is not None and not is_organizer(by, tournament):
        raise PermissionDenied(_("Only an organizer of this tournament can do this."))


def lock_tournament(tournament: Tournament) -> Tournament:
    """Serialise structural changes to one tournament across processes. Always the first lock taken, before
    any session or sheet (docs/architecture.md, "Locks"); score entry never takes it.

    ``FOR NO KEY UPDATE``: it serialises the structural changes among themselves as ``FOR UPDATE`` would, but
    lets a hand or foul entry write rows that point at the tournament (its audit entry) while holding its
    sheet: with ``FOR UPDATE`` a seat change locking that sheet after the tournament deadlocked with it."""
    return Tournament.objects.select_for_update(no_key=True).get(pk=tournament.pk)


def tournament_create(*, by: User | None, **fields: Any) -> Tournament:
    """A new tournament; its hands per session, unless given, are what its rule set plays (MCR 16, the
    Swiss championship 4)."""
    with transaction.atomic():
        if fields.get("hands_per_session") is None:
            # Not the model's default: the rule set's, once it is valid.
            tournament = Tournament(**{**fields, "hands_per_session": None})
            tournament.full_clean(exclude=["hands_per_session"])  # a bad rule set or option is named first
            tournament.hands_per_session = tournament.rule_set.hands_per_session
        else:
            tournament = Tournament(**fields)
        tournament.full_clean()
        try:
            with transaction.atomic():
                tournament.save()
        except IntegrityError:  # the short name was taken between the check above and now
            raise ValidationError(
                {
                    "slug": _("The short name “%(slug)s” was taken a moment ago by another tournament.")
                    % {"slug": fields.get("slug")}
                }
            ) from None
        for number in range(1, tournament.session_count + 1):
            Session.objects.create(tournament=tournament, number=number)
        if by is not None and getattr(by, "is_authenticated", False):
            TournamentRole.objects.create(tournament=tournament, user=by, role=TournamentRole.Role.ORGANIZER)
        audit(tournament=tournament, actor=by, action="tournament.create", obj=tournament, name=tournament.name)
        return tournament


# Settings that decide what the entered results are worth: once a hand or penalty is recorded, changing
# them would make the score sheets, the standings and the exported file disagree.
RESULT_SETTINGS = ("hands_per_session", "table_points", "rules", "rule_options")


def _has_results(tournament: Tournament) -> bool:
    """Whether any hand or penalty is recorded; through the tables' reverse relations, since scoring
    (which owns sheets) sits above this package."""
    from django.db.models import Q

    from tournament.models import Table

    return (
        Table.objects.filter(session__tournament=tournament)
        .filter(Q(sheet__hands__current__isnull=False) | Q(sheet__penalties__isnull=False))
        .exists()
    )


def _verbose_name(field_name: str) -> str:
    """A tournament setting's name as the settings page labels it."""
    field = Tournament._meta.get_field(field_name)
    return str(field.verbose_name) if isinstance(field, models.Field) else field_name


def _shown_value(field_name: str, value: object) -> str:
    """A setting's value as the settings form shows it: the label of a choice (the rule set's name, not
    its code), else the value itself."""
    field = Tournament._meta.get_field(field_name)
    if not getattr(field, "choices", None):
        return str(value)
    return str(dict(field.flatchoices).get(value, value))  # type: ignore[union-attr]


def _check_result_settings(tournament: Tournament, before: dict) -> None:
    """Refuse a change to a setting that shapes results once there are results, and a session count
    below a session already seated or played."""
    changed = [f for f in RESULT_SETTINGS if before[f] != getattr(tournament, f)]
    errors = {}
    if changed and _has_results(tournament):
        for field_name in changed:
            errors[field_name] = _(
                "Results have been entered, so %(field)s can no longer change: the score sheets and standings "
                "were made with %(old)s."
            ) % {"field": _verbose_name(field_name), "old": _shown_value(field_name, before[field_name])}
    if tournament.session_count < before["session_count"]:
        used = tournament.sessions.seated().order_by("-number").values_list("number", flat=True).first()
        if used and tournament.session_count < used:
            errors["session_count"] = _(
                "Session %(n)s is already seated or played, so the tournament needs at least %(n)s sessions."
            ) % {"n": used}
        withdrawn_from = (
            tournament.withdrawals.filter(from_session__number__gt=tournament.session_count)
            .order_by("-from_session__number")
            .values_list("from_session__number", flat=True)
            .first()
        )
        if withdrawn_from and "session_count" not in errors:
            errors["session_count"] = _(
                "A withdrawal is recorded from session %(n)s on, so the tournament needs at least %(n)s sessions."
            ) % {"n": withdrawn_from}
    if errors:
        raise ValidationError(errors)


def tournament_update(*, tournament: Tournament, by: User | None, **fields: Any) -> Tournament:
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        check_organizer(by, tournament)
        scope = fields.get("escalation_scope", tournament.escalation_scope)
        if (
            scope != tournament.escalation_scope
            and Player.objects.filter(
                tournament=tournament, penalties__foul__in=fouls.ESCALATING, penalties__withdrawn_at__isnull=True
            ).exists()
        ):
            raise ValidationError(
                {
                    "escalation_scope": _(
                        "Repeated fouls have already been recorded; counting them another way now would change the "
                        "penalties they were given."
                    )
                }
            )
        if (
            fields.get("format", tournament.format) != tournament.format
            and tournament.sessions.exclude(advance_rule="").exists()
        ):
            # The players eliminated so far would silently lose the final ranks they were given.
            raise ValidationError(
                {
                    "format": _(
                        "Players have already been eliminated after a session; undo those eliminations before changing "
                        "the format."
                    )
                }
            )
        before = snapshot(tournament, sorted(set(fields) | set(RESULT_SETTINGS) | {"session_count"}))
        for key, value in fields.items():
            setattr(tournament, key, value)
        tournament.full_clean()
        _check_result_settings(tournament, before)
        changed = changes({k: before[k] for k in fields}, tournament)
        if not changed:
            return tournament  # the same settings again (a double tap, two organizers at once): nothing to log
        tournament.save()
        # Sessions beyond a lowered count are planned and empty (checked above): remove them.
        tournament.sessions.planned().filter(number__gt=tournament.session_count, tables__isnull=True).delete()
        existing = set(tournament.sessions.values_list("number", flat=True))
        for number in range(1, tournament.session_count + 1):
            if number not in existing:
                Session.objects.create(tournament=tournament, number=number)
        audit(
            tournament=tournament,
            actor=by,
            action="tournament.update",
            obj=tournament,
            changes=changed,
        )
        return tournament


# What a copy takes from its template: every setting, not the identity, the dates or visibility.
NOT_COPIED = {"id", "name", "slug", "start_date", "end_date", "published", "created_at"}


def tournament_copy(
    *,
    source: Tournament,
    name: str,
    slug: str,
    by: User | None,
    start_date: date | None = None,
    end_date: date | None = None,
    teams: bool = False,
    players: bool = False,
    roles: bool = False,
) -> Tournament:
    """A new tournament with the settings of ``source``, optionally its teams, players and roles; never its
    seating or results. The copy starts not public, so it can be prepared before anyone sees it."""
    with transaction.atomic():
        source = lock_tournament(source)  # its settings as saved, and no change to them meanwhile
        check_organizer(by, source)
        settings = {
            f.name: getattr(source, f.name) for f in Tournament._meta.concrete_fields if f.name not in NOT_COPIED
        }
        tournament = tournament_create(
            by=by, name=name, slug=slug, start_date=start_date, end_date=end_date, published=False, **settings
        )
        if teams:
            for team in source.teams.order_by("name"):
                team_get_or_create(tournament=tournament, name=team.name, by=by)
        copied_players = 0
        if players:
            for p in source.players.select_related("team").order_by("number"):
                fields = values_of(p)  # every field (tournament.player_fields), the team by its name
                if not teams:
                    fields["team"] = None
                player_create(tournament=tournament, by=by, **fields)
                copied_players += 1
            if teams:  # each captain again, now that the members are there
                captains = source.teams.filter(captain__isnull=False).values_list("name", "captain__number")
                for team_name, captain_number in captains:
                    team_captain_set(
                        team=tournament.teams.get(name=team_name),
                        captain=tournament.players.get(number=captain_number),
                        by=by,
                    )
        copied_roles = 0
        if roles:
            for role in source.roles.select_related("user").order_by("role", "user__username"):
                if not tournament.roles.filter(user=role.user, role=role.role).exists():
                    role_grant(tournament=tournament, user=role.user, role=role.role, by=by)
                    copied_roles += 1
        audit(
            tournament=tournament,
            actor=by,
            action="tournament.copy",
            obj=tournament,
            source=source.slug,
            source_name=source.name,
            teams=teams,
            players=copied_players,
            roles=copied_roles,
        )
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
        role = locked_again(TournamentRole.objects.select_related("user"), role.pk, role_gone(role))
        if (
            role.role == TournamentRole.Role.ORGANIZER
            and tournament.roles.filter(role=TournamentRole.Role.ORGANIZER).count() == 1
        ):
            raise ValidationError(
                _("%(user)s is the only organizer; grant the role to someone else first.")
                % {"user": role.user.get_username()},
                code="last_organizer",
            )
        audit(
            tournament=tournament,
            actor=by,
            action="role.revoke",
            obj=role,
            user=role.user.get_username(),
            role=role.role,
        )
        role.delete()


def team_name_tidied(name: str, *, field: str) -> str:
    """A team's name stripped, refused under ``field`` when too long or holding a NUL; may be empty."""
    name = (name or "").strip()
    max_length = Team._meta.get_field("name").max_length
    if max_length is not None and len(name) > max_length:
        raise ValidationError({field: _("A team name has at most %(n)s characters.") % {"n": max_length}})
    try:
        no_nul(name)
    except ValidationError as exc:
        raise ValidationError({field: exc.messages}) from None
    return name


def team_get_or_create(*, tournament: Tournament, name: str, by: User | None) -> Team | None:
    name = team_name_tidied(name, field="team")
    if not name:
        return None
    team, created = Team.objects.get_or_create(tournament=tournament, name=name)
    if created:
        audit(tournament=tournament, actor=by, action="team.create", obj=team, name=name)
    return team


# The audit entry of a new or changed player holds every field (tournament.player_fields).
PLAYER_AUDIT_FIELDS = KEYS


def _unsaved_player(tournament: Tournament, fields: Mapping[str, Any], team: Team | None) -> Player:
    """A player as player_create and players_create make one, tidied but neither checked nor saved: each
    field tidied as tournament.player_fields says, the display name made from the family and given names
    when missing, and the other way round."""
    check_keys(fields, "player_create")
    values = {f.key: f.tidy(fields.get(f.key, f.default)) for f in PLAYER_FIELDS if f.kind is not Kind.TEAM}
    if not values["family_name"] and not values["given_name"]:
        values["family_name"], values["given_name"] = split_display_name(values["name"])
    values["name"] = values["name"] or compose_display_name(values["family_name"], values["given_name"])
    return Player(tournament=tournament, team=team, **values)


def _player_created(tournament: Tournament, player: Player, by: User | None) -> dict[str, Any]:
    """The audit entry of a new player, added one by one or in bulk: the same words either way."""
    return dict(
        tournament=tournament,
        actor=by,
        action="player.create",
        obj=player,
        number=player.number,
        name=player.name,
        values=snapshot(player, PLAYER_AUDIT_FIELDS),
    )


def player_create(*, tournament: Tournament, by: User | None, **fields: Any) -> Player:
    """A player, from the fields of tournament.player_fields (``number`` required). ``name`` is the display
    name; without one it is made from the family and given names. ``team`` is a Team or a team's name (a new
    name makes a new team)."""
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        check_organizer(by, tournament)
        team = fields.get("team")
        if isinstance(team, str):
            team = team_get_or_create(tournament=tournament, name=team, by=by)
        player = _unsaved_player(tournament, fields, team)
        player.full_clean()
        player.save()
        audit(**_player_created(tournament, player, by))
        return player


def player_update(*, player: Player, by: User | None, **fields: Any) -> Player:
    """Change the given fields of ``player`` (those of tournament.player_fields, tidied as it says; ``team``
    a Team or a team's name). A captain who leaves their team is its captain no more."""
    with transaction.atomic():
        lock_tournament(player.tournament)
        check_organizer(by, player.tournament)
        player = Player.objects.select_for_update().get(pk=player.pk)
        if "tournament" in fields and fields["tournament"] != player.tournament:
            raise ValidationError(
                {"tournament": _("A player cannot be moved to another tournament.")}, code="player_moved"
            )
        before = snapshot(player, PLAYER_AUDIT_FIELDS)
        team = fields.pop("team", player.team)
        if isinstance(team, str):
            team = team_get_or_create(tournament=player.tournament, name=team, by=by)
        player.team = team
        for key, value in fields.items():
            setattr(player, key, BY_KEY[key].tidy(value) if key in BY_KEY else value)
        # The display name left empty is made from its parts, as when the player was added.
        if not player.name:
            player.name = compose_display_name(player.family_name, player.given_name)
        player.full_clean()
        changed = changes(before, player)
        if not changed:
            return player  # the same values again (a double tap, two organizers at once): nothing to log
        player.save()
        audit(tournament=player.tournament, actor=by, action="player.update", obj=player, changes=changed)
        # A captain who leaves their team is its captain no more (the database cannot keep that rule).
        captained_teams = Team.objects.filter(captain=player)
        if player.team_id is not None:
            captained_teams = captained_teams.exclude(pk=player.team_id)
        for captained in captained_teams:
            captained.captain = None
            captained.save(update_fields=["captain"])
            audit(
                tournament=player.tournament,
                actor=by,
                action="team.captain",
                obj=captained,
                team=captained.name,
                captain=None,
                before=player.number,
                reason="left_team",
            )
        return player


def team_captain_set(*, team: Team, captain: Player | None, by: User | None) -> Team:
    """Name the team's captain (MCR 3.12.1: the captain may appeal for the team's players), or none. The
    captain must be a member of the team."""
    with transaction.atomic():
        tournament = lock_tournament(team.tournament)
        check_organizer(by, tournament)
        team = locked_again(
            Team.objects.select_for_update(of=("self",)).select_related("captain"), team.pk, team_gone(tournament, team)
        )
        if captain is not None:
            captain = Player.objects.select_for_update().get(pk=captain.pk)
            if captain.team_id != team.pk:
                raise ValidationError(
                    {
                        "captain": _("%(player)s is not a member of team %(team)s: only a member can be its captain.")
                        % {"player": captain, "team": team}
                    },
                    code="captain_not_member",
                )
        before = team.captain.number if team.captain is not None else None
        after = captain.number if captain is not None else None
        if before == after:
            return team
        team.captain = captain
        team.full_clean()
        team.save(update_fields=["captain"])
        audit(
            tournament=tournament,
            actor=by,
            action="team.captain",
            obj=team,
            team=team.name,
            captain=after,
            before=before,
        )
        return team


def next_player_number(tournament: Tournament) -> int:
    last = tournament.players.order_by("-number").values_list("number", flat=True).first()
    return (last or 0) + 1


def players_import(*, tournament: Tournament, rows: list[dict], by: User | None) -> list[Player]:
    """Create players from validated import rows (see tournament.importing). All or nothing."""
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        check_organizer(by, tournament)
        try:
            created = players_create(tournament=tournament, rows=rows, by=by)
        except PlayerRowError as exc:
            raise exc.error from None
        audit(tournament=tournament, actor=by, action="players.import", count=len(created))
        player_codes_make_missing(tournament=tournament, by=by)  # for the player cards
        return created


def players_import_update(*, tournament: Tournament, rows: list[dict], by: User | None) -> list[Player]:
    """Change players already in the tournament from validated import rows (``parse_players_file(update=True)``):
    each row names its player by number and holds only the file's columns. All or nothing; each player's
    changes are logged as an edit would be. Returns the players that changed."""
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        check_organizer(by, tournament)
        players = {
            p.number: p
            for p in Player.objects.filter(tournament=tournament, number__in=[row["number"] for row in rows])
        }
        changed = []
        for row in rows:
            fields = {key: value for key, value in row.items() if key != "number"}
            player = players.get(row["number"])
            if player is None:
                raise ValidationError(
                    _("No player has number %(n)s in this tournament.") % {"n": row["number"]}, code="no_such_player"
                )
            before = snapshot(player, PLAYER_AUDIT_FIELDS)
            player = player_update(player=player, by=by, **fields)
            if changes(before, player):
                changed.append(player)
        if changed:  # the same file again (a double tap, two organizers at once) changes and logs nothing
            audit(
                tournament=tournament,
                actor=by,
                action="players.import_update",
                count=len(changed),
                numbers=[p.number for p in changed],
            )
        return changed


class PlayerRowError(Exception):
    """Row ``index`` of a ``players_create`` call was refused with ``error`` (a ValidationError)."""

    def __init__(self, index: int, error: ValidationError) -> None:
        super().__init__(f"row {index}: {error}")
        self.index, self.error = index, error


def players_create(*, tournament: Tournament, rows: list[dict], by: User | None) -> list[Player]:
    """Many players at once, each made and checked as ``player_create`` makes it (the same fields, errors and
    audit entries), written with a few bulk inserts instead of a transaction and several queries each: an
    import of 1,000 players takes a fraction of a second instead of many. Raises PlayerRowError naming the
    first refused row; nothing is written then."""
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        check_organizer(by, tournament)
        teams: dict[str, Team | None] = {t.name: t for t in tournament.teams.all()}
        taken = set(tournament.players.values_list("number", flat=True))
        players = []
        for index, row in enumerate(rows):
            try:
                players.append(_player_for(tournament, teams, taken, row, by))
            except ValidationError as exc:
                raise PlayerRowError(index, exc) from None
        created = Player.objects.bulk_create(players, batch_size=1000)
        audit_many([audit_entry(**_player_created(tournament, player, by)) for player in created])
        return created


def _player_for(
    tournament: Tournament, teams: dict[str, Team | None], taken: set[int], row: Mapping[str, Any], by: User | None
) -> Player:
    """One player of ``players_create``, checked but not saved; ``taken``: the numbers already used."""
    team = row.get("team")
    if isinstance(team, str):
        key = team.strip()
        if key and key not in teams:
            teams[key] = team_get_or_create(tournament=tournament, name=team, by=by)
        team = teams.get(key)
    player = _unsaved_player(tournament, row, team)
    # The model's constraints other than the unique number are its field validators and clean(), which
    # full_clean runs; uniqueness is checked here against the tournament and the rows before this one, rather
    # than with a query per player (the database's unique constraint still stands behind it).
    # The tournament and team are those in hand (no query each to check that they exist).
    player.full_clean(exclude=["tournament", "team"], validate_unique=False, validate_constraints=False)
    if player.number in taken:
        raise ValidationError({"number": _("Number %(n)s is already taken in this tournament.") % {"n": player.number}})
    taken.add(player.number)
    return player


def sessions_below_minimum(tournament: Tournament) -> str | None:
    """A warning when the tournament has fewer sessions than its rule set asks for (MCR 3.5.4: at least
    six), or None. A warning, not a refusal: a club evening or a test may well play fewer."""
    rule_set = tournament.rule_set
    if not rule_set.min_sessions or tournament.session_count >= rule_set.min_sessions:
        return None
    return _(
        "This tournament has %(n)s sessions; %(rule)s asks for at least %(min)s. Results of a shorter "
        "tournament may not be accepted for rankings."
    ) % {"n": tournament.session_count, "rule": rule_set.min_sessions_rule, "min": rule_set.min_sessions}


def field_with_bench(regular: int, bench: int) -> int:
    """How many play when ``regular`` players (not substitutes) meet ``bench`` substitutes waiting: the
    substitutes sit in only as far as they fill tables of four (``schedule.withdrawals.fill_plan``)."""
    return regular + min(bench, -regular % 4)


def seating_problem(player_count: int) -> str | None:
    """A message when players cannot fill tables of four, or None."""
    if player_count < 4:
        return _("At least four players are needed to seat a session.")
    if player_count % 4:
        missing = 4 - player_count % 4
        return _(
            "%(n)s players cannot fill tables of four: add substitutes to make %(up)s players, or withdraw players "
            "to leave %(down)s."
        ) % {"n": player_count, "up": player_count + missing, "down": player_count - player_count % 4}
    return None


# Player codes: read off a player card and typed on a phone, so no 0/O or 1/I to confuse.
CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 8
# How many wrong codes an address may try, and the arithmetic that makes guessing hopeless: tournament.code_guard
# and docs/security.md.


def _new_code(taken: set[str]) -> str:
    while True:
        code = "".join(secrets.choice(CODE_ALPHABET) for _i in range(CODE_LENGTH))
        if code not in taken:
            return code


def player_codes_generate(*, tournament: Tournament, by: User | None, replace: bool = False) -> int:
    """Give every player without a code a new random one (all players with `replace`). Returns how many."""
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        check_organizer(by, tournament)
        players = list(Player.objects.select_for_update().filter(tournament=tournament).order_by("number"))
        taken = {p.code for p in players if p.code and not replace}
        changed = []
        for player in players:
            if player.code and not replace:
                continue
            player.code = _new_code(taken)
            taken.add(player.code)
            changed.append(player)
        if not changed:
            return 0  # every player has a code already (a double tap, two organizers at once): nothing to log
        Player.objects.bulk_update(changed, ["code"])
        audit(
            tournament=tournament,
            actor=by,
            action="player.codes",
            count=len(changed),
            replaced=replace,
            players=[p.number for p in changed],
        )
        return len(changed)


def player_codes_make_missing(*, tournament: Tournament, by: User | None) -> int:
    """Codes for the players who have none, as publishing a session and importing players make them, so the
    player cards print every code; nothing changes (and nothing is logged) when every player has one.
    Takes the tournament lock: call it before locking a session."""
    if not Player.objects.filter(tournament=tournament, code="").exists():
        return 0
    return player_codes_generate(tournament=tournament, by=by)


def player_code_reset(*, player: Player, by: User | None, expected: str | None = None) -> Player:
    """A new code for one player (theirs was seen by someone else); the old one stops working. ``expected``: the
    code the organizer saw when asked; when it has changed since (a double tap), nothing changes again."""
    with transaction.atomic():
        tournament = lock_tournament(player.tournament)
        check_organizer(by, tournament)
        player = Player.objects.select_for_update().get(pk=player.pk)
        if expected is not None and player.code != expected:
            return player
        taken = set(Player.objects.filter(tournament=tournament).exclude(code="").values_list("code", flat=True))
        player.code = _new_code(taken)
        player.save(update_fields=["code"])
        audit(tournament=tournament, actor=by, action="player.code_reset", obj=player, number=player.number)
        return player


class TooManyCodeFailures(Exception):
    """Too many wrong player codes from one address lately; ``until`` says when it may try again."""

    def __init__(self, until: datetime | None = None) -> None:
        super().__init__()
        self.until = until


# The dashes a phone's keyboard or a copied card may put between the two groups of four (K7PM-4XQ2).
_CODE_DASHES = str.maketrans("", "", "-\u2010\u2011\u2012\u2013\u2014\u2212\u00ad")


def normalise_code(code: str | None) -> str:
    """A player code as stored, from the code as printed or typed: the card's dash (or any dash a keyboard
    makes), spaces and case do not matter, nor the full-width letters a Chinese or Japanese keyboard types
    (NFKC). Every place that takes a player code reads it through this."""
    return "".join(unicodedata.normalize("NFKC", code or "").split()).translate(_CODE_DASHES).upper()


def player_for_code(*, tournament: Tournament, code: str, address: str = "", known: bool = False) -> Player | None:
    """The player whose code `code` is, or None. A wrong code is counted for its address (no audit entry:
    it changes no tournament record); past the limit, TooManyCodeFailures until the window has passed,
    except for a code this phone opened before (`known`; tournament.code_guard says why)."""
    code = normalise_code(code)
    if known:
        return code_guard.player_of_code(tournament, code)
    try:
        attempt = throttle.attempt(code_guard.bucket(tournament=tournament, address=address))
    except throttle.Throttled as refused:
        raise TooManyCodeFailures(refused.until) from None
    player = code_guard.player_of_code(tournament, code)
    if player is None:
        attempt.failed()
    else:
        attempt.succeeded()
    return player
