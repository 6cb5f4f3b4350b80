"""Tournament set-up and session flow. Every change: validate, lock, write, log, in one transaction."""
import random

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from scoring.models import ScoreSheet
from tournament.audit import audit
from tournament.models import Player, Seat, Session, Table, Team, Tournament, TournamentRole
from tournament.permissions import is_organizer


def _check_organizer(by, tournament):
    if by is not None and not is_organizer(by, tournament):
        raise PermissionDenied(_("Only an organizer of this tournament can do this."))


def _lock_tournament(tournament):
    """Serialise structural changes to one tournament across processes."""
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def tournament_create(*, by, **fields):
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


def tournament_update(*, tournament, by, **fields):
    with transaction.atomic():
        tournament = _lock_tournament(tournament)
        _check_organizer(by, tournament)
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


def role_grant(*, tournament, user, role, by):
    with transaction.atomic():
        _check_organizer(by, tournament)
        grant, created = TournamentRole.objects.get_or_create(tournament=tournament, user=user, role=role)
        if created:
            audit(tournament=tournament, actor=by, action="role.grant", obj=grant, user=user.get_username(), role=role)
        return grant


def team_get_or_create(*, tournament, name, by):
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


def player_create(*, tournament, number, name, country="", club="", ema_id="", team=None,
                  is_substitute=False, by):
    with transaction.atomic():
        tournament = _lock_tournament(tournament)
        _check_organizer(by, tournament)
        if isinstance(team, str):
            team = team_get_or_create(tournament=tournament, name=team, by=by)
        player = Player(tournament=tournament, number=number, name=(name or "").strip(),
                        country=(country or "").strip().upper(), club=(club or "").strip(),
                        ema_id=(ema_id or "").strip(), team=team, is_substitute=is_substitute)
        player.full_clean()
        player.save()
        audit(tournament=tournament, actor=by, action="player.create", obj=player, number=number, name=player.name)
        return player


def player_update(*, player, by, **fields):
    with transaction.atomic():
        _lock_tournament(player.tournament)
        _check_organizer(by, player.tournament)
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


def next_player_number(tournament):
    last = tournament.players.order_by("-number").values_list("number", flat=True).first()
    return (last or 0) + 1


def players_import(*, tournament, rows, by):
    """Create players from validated import rows (see tournament.importing). All or nothing."""
    with transaction.atomic():
        tournament = _lock_tournament(tournament)
        _check_organizer(by, tournament)
        created = []
        for row in rows:
            created.append(player_create(tournament=tournament, by=by, **row))
        audit(tournament=tournament, actor=by, action="players.import", count=len(created))
        return created


def seating_problem(player_count):
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


def _session_players(tournament):
    return list(tournament.players.order_by("number"))


def session_seat(*, session, tables, by, method="", seed=None):
    """Seat a session from a list of tables, each a list of four players in East..North order."""
    with transaction.atomic():
        tournament = _lock_tournament(session.tournament)
        _check_organizer(by, tournament)
        session = Session.objects.select_for_update().get(pk=session.pk)
        if session.status == Session.Status.CLOSED:
            raise ValidationError(_("Session %(n)s is closed; its seating cannot change.") % {"n": session.number})
        if ScoreSheet.objects.filter(table__session=session).exclude(hands=None).exists() or \
                ScoreSheet.objects.filter(table__session=session).exclude(penalties=None).exists():
            raise ValidationError(_("Scores have been entered in session %(n)s; its seating cannot change.")
                                  % {"n": session.number})
        seen = set()
        for table in tables:
            if len(table) != 4:
                raise ValidationError(_("Every table has four players."))
            for player in table:
                if player.tournament_id != tournament.pk:
                    raise ValidationError(_("Player %(p)s is not in this tournament.") % {"p": player})
                if player.pk in seen:
                    raise ValidationError(_("Player %(p)s is seated twice.") % {"p": player})
                seen.add(player.pk)
        Seat.objects.filter(session=session).delete()
        Table.objects.filter(session=session).delete()
        for number, players in enumerate(tables, start=1):
            table = Table.objects.create(session=session, number=number)
            ScoreSheet.objects.create(table=table)
            Seat.objects.bulk_create(
                [Seat(table=table, session=session, player=p, position=i) for i, p in enumerate(players)]
            )
        session.status = Session.Status.SEATED
        session.seating_method = method
        session.seed = seed
        session.save(update_fields=["status", "seating_method", "seed"])
        audit(tournament=tournament, actor=by, action="session.seat", obj=session, method=method, seed=seed,
              tables=[[p.number for p in t] for t in tables])
        return session


def session_seat_random(*, session, by, seed=None):
    """A seeded random draw into tables of four with initial winds (MCR 3.5.1)."""
    players = _session_players(session.tournament)
    problem = seating_problem(len(players))
    if problem:
        raise ValidationError(problem)
    if seed is None:
        seed = random.SystemRandom().randrange(1, 2**31)
    rng = random.Random(seed)
    rng.shuffle(players)
    tables = [players[i:i + 4] for i in range(0, len(players), 4)]
    return session_seat(session=session, tables=tables, by=by, method="random", seed=seed)


def session_publish(*, session, by):
    with transaction.atomic():
        _check_organizer(by, session.tournament)
        session = Session.objects.select_for_update().get(pk=session.pk)
        if session.status != Session.Status.SEATED:
            raise ValidationError(_("Only a seated session can be published."))
        session.status = Session.Status.PUBLISHED
        session.save(update_fields=["status"])
        audit(tournament=session.tournament, actor=by, action="session.publish", obj=session)
        return session


def session_close(*, session, by):
    """Close a session once every table's sheet is submitted; its results become final."""
    with transaction.atomic():
        _check_organizer(by, session.tournament)
        session = Session.objects.select_for_update().get(pk=session.pk)
        if session.status == Session.Status.CLOSED:
            raise ValidationError(_("Session %(n)s is already closed.") % {"n": session.number})
        if not session.tables.exists():
            raise ValidationError(_("Session %(n)s has no tables.") % {"n": session.number})
        open_tables = list(
            session.tables.exclude(sheet__status=ScoreSheet.Status.SUBMITTED).values_list("number", flat=True)
        )
        if open_tables:
            raise ValidationError(_("Tables %(t)s have not submitted their score sheets.")
                                  % {"t": ", ".join(map(str, open_tables))})
        session.status = Session.Status.CLOSED
        session.closed_at = timezone.now()
        session.save(update_fields=["status", "closed_at"])
        audit(tournament=session.tournament, actor=by, action="session.close", obj=session)
        return session


def session_reopen(*, session, by, reason=""):
    with transaction.atomic():
        _check_organizer(by, session.tournament)
        session = Session.objects.select_for_update().get(pk=session.pk)
        if session.status != Session.Status.CLOSED:
            raise ValidationError(_("Session %(n)s is not closed.") % {"n": session.number})
        session.status = Session.Status.PUBLISHED
        session.closed_at = None
        session.save(update_fields=["status", "closed_at"])
        audit(tournament=session.tournament, actor=by, action="session.reopen", obj=session, reason=reason)
        return session
