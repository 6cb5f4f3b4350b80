"""Finals with a cut (issue 32; docs/elimination.md, "Finals with a cut"): the organizer sets the final (how many,
after which session, what carries over, what the others do, how the final tables are seated); once session K is
closed, ``final_cut`` takes the best N of the standings after it, records them and seats session K+1: the
finalists by rank, the others (when they play on) by their standings. ``final_session_seat`` seats each later
session the same way from the standings as they are; ``final_cut_undo`` takes the cut back while session K+1's
seating may still change. The pure rules are ``seating.finals``; the standings read the cut in
``standings.finals``. Locks: the tournament first, then the final's row, as everywhere."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from typing import TYPE_CHECKING, cast

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from schedule.services import check_seating_may_change, lock_sheets, session_seat
from seating import finals
from seating.errors import SeatingError
from standings.selectors import player_standings
from tournament.audit import audit
from tournament.finals_models import FinalOthers, FinalStage
from tournament.lifecycle import SESSION
from tournament.models import Player, Seat, Session, Table, Tournament
from tournament.services import check_organizer, lock_tournament

if TYPE_CHECKING:
    from django.contrib.auth.models import User

SEATING_METHOD = "final"


def final_stage_set(
    *,
    tournament: Tournament,
    by: User | None,
    size: int,
    after_session: int,
    carry_table_points: str = finals.KEPT,
    carry_points: str = finals.KEPT,
    table_points_factor: Decimal | None = None,
    points_factor: Decimal | None = None,
    others: str = finals.PLAY_ON,
    seating: str = finals.BLOCKS,
) -> FinalStage:
    """Set (or change) the tournament's final; refused once the cut is made (undo it first)."""
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        check_organizer(by, tournament)
        stage = FinalStage.objects.select_for_update().filter(tournament=tournament).first()
        if stage is not None and stage.is_cut:
            raise ValidationError(_("The cut is made: undo it before changing the final."), code="cut_made")
        stage = stage or FinalStage(tournament=tournament)
        values = {
            "size": size,
            "after_session": after_session,
            "carry_table_points": carry_table_points,
            "carry_points": carry_points,
            "table_points_factor": table_points_factor,
            "points_factor": points_factor,
            "others": others,
            "seating": seating,
        }
        if stage.pk is not None and all(getattr(stage, k) == v for k, v in values.items()):
            return stage  # the same final again (a double tap, two organizers): nothing changes, nothing logged
        for name, value in values.items():
            setattr(stage, name, value)
        stage.full_clean()
        stage.save()
        audit(
            tournament=tournament,
            actor=by,
            action="final.set",
            obj=stage,
            **{k: (str(v) if isinstance(v, Decimal) else v) for k, v in values.items()},
        )
        return stage


def _ranking_at_cut(tournament: Tournament, after: int) -> list[finals.Ranked]:
    """The standings after session ``after``, as the cut reads them: players with a result, by rank (ties decided
    by the chief referee's deciders already ordered)."""
    rows = [r for r in player_standings(tournament, before=after + 1) if r.sessions]
    return [finals.Ranked(r.player.pk, (r.rank,)) for r in rows]


def final_cut_check(tournament: Tournament, level_order: Sequence[int] = ()) -> tuple[list[Player], Session]:
    """Who makes the cut (best first) and the session the final starts with; ValidationError says what stops it."""
    stage = FinalStage.objects.filter(tournament=tournament).first()
    if stage is None:
        raise ValidationError(_("Set the final first: how many play it and after which session."), code="no_final")
    if stage.is_cut:
        raise ValidationError(_("The cut is already made."), code="cut_made")
    last = tournament.sessions.filter(number=stage.after_session).first()
    if last is None or not last.is_closed:
        raise ValidationError(
            _("Session %(n)s is not closed: the cut is made on its final results.") % {"n": stage.after_session},
            code="not_closed",
        )
    first = tournament.sessions.get(number=stage.after_session + 1)
    check_seating_may_change([first])
    players = {p.pk: p for p in tournament.players.all()}
    by_number = {p.number: p.pk for p in players.values()}
    try:
        chosen = finals.cut(
            _ranking_at_cut(tournament, stage.after_session),
            stage.size,
            [by_number[n] for n in level_order if n in by_number],
        )
    except finals.CutTie as exc:
        names = ", ".join(str(players[cast(int, pk)]) for pk in exc.players)
        raise ValidationError(
            _(
                "%(players)s are level at place %(place)s, where the cut falls: decide by a play-off or a draw and "
                "give their order (player numbers, best first)."
            )
            % {"players": names, "place": exc.place},
            code="level_at_cut",
        ) from exc
    except SeatingError as exc:
        raise ValidationError(str(exc), code="cut_size") from exc
    return [players[cast(int, pk)] for pk in chosen], first


def _tables(tournament: Tournament, stage: FinalStage) -> list[list[Player]]:
    """The tables of a session after the cut: the finalists seated by their rank now (``stage.seating``), then
    the others, when they play on, by theirs (1-4, 5-8, ...)."""
    rows = player_standings(tournament)
    chosen = set(stage.finalists)
    finalists = [r.player for r in rows if r.player.pk in chosen]
    tables = finals.final_tables(finalists, stage.seating)
    if stage.others == FinalOthers.PLAY_ON:
        others = [r.player for r in rows if r.player.pk not in chosen and r.sessions and not r.withdrawn]
        if len(others) % 4:
            raise ValidationError(
                _(
                    "The %(n)s players who did not make the cut do not fill tables of four: let them stop, or add "
                    "substitutes."
                )
                % {"n": len(others)},
                code="others_count",
            )
        if others:
            tables += finals.final_tables(others, finals.BLOCKS)
    return tables


def final_session_seat(*, session: Session, by: User | None) -> Session:
    """Seat a session after the cut from the standings as they are (finalists by their final standing)."""
    with transaction.atomic():
        tournament = lock_tournament(session.tournament)
        check_organizer(by, tournament)
        stage = FinalStage.objects.filter(tournament=tournament).first()
        if stage is None or not stage.is_cut or session.number <= stage.after_session:
            raise ValidationError(_("Only the sessions after the cut are seated for the final."), code="not_final")
        return session_seat(session=session, tables=_tables(tournament, stage), by=by, method=SEATING_METHOD)


def final_cut(*, tournament: Tournament, by: User | None, level_order: Sequence[int] = ()) -> FinalStage:
    """Make the cut after session K: record the finalists (best first) and seat session K+1."""
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        check_organizer(by, tournament)
        FinalStage.objects.select_for_update().filter(tournament=tournament).first()
        finalists, first = final_cut_check(tournament, level_order)
        stage = FinalStage.objects.get(tournament=tournament)
        stage.finalists = [p.pk for p in finalists]
        stage.level_order = list(level_order)
        stage.cut_at, stage.cut_by = timezone.now(), by if by is not None and by.is_authenticated else None
        stage.save(update_fields=["finalists", "level_order", "cut_at", "cut_by"])
        audit(
            tournament=tournament,
            actor=by,
            action="final.cut",
            obj=stage,
            after_session=stage.after_session,
            finalists=[p.number for p in finalists],
            level_order=list(level_order),
        )
        session_seat(session=first, tables=_tables(tournament, stage), by=by, method=SEATING_METHOD)
        return stage


def final_cut_undo(*, tournament: Tournament, by: User | None) -> FinalStage:
    """Take the cut back while the first session of the final may still be seated again (not published, no
    scores): the finalists are forgotten and that session's seating removed."""
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        check_organizer(by, tournament)
        stage = FinalStage.objects.select_for_update().filter(tournament=tournament).first()
        if stage is None or not stage.is_cut:
            raise ValidationError(_("There is no cut to undo."), code="no_cut")
        first = Session.objects.select_for_update().get(tournament=tournament, number=stage.after_session + 1)
        lock_sheets(first)
        check_seating_may_change([first])
        if first.is_seated:
            Seat.objects.filter(session=first).delete()
            Table.objects.filter(session=first).delete()
            first.seating_method, first.seed = "", None
            SESSION.move(first, "unseat", fields=["seating_method", "seed"])
        finalists = stage.finalists
        stage.finalists, stage.level_order, stage.cut_at, stage.cut_by = [], [], None, None
        stage.save(update_fields=["finalists", "level_order", "cut_at", "cut_by"])
        audit(tournament=tournament, actor=by, action="final.cut_undo", obj=stage, finalists=finalists)
        return stage


def final_cut_load(
    *, tournament: Tournament, finalists: Sequence[Player], level_order: Sequence[int] = ()
) -> FinalStage:
    """The cut as a tournament file recorded it (import only: the file seats the final's sessions itself)."""
    with transaction.atomic():
        tournament = lock_tournament(tournament)
        stage = FinalStage.objects.select_for_update().get(tournament=tournament)
        if len(finalists) != stage.size or len({p.pk for p in finalists}) != stage.size:
            raise ValidationError(
                _("The final has %(n)s different players, not %(k)s.") % {"n": stage.size, "k": len(finalists)}
            )
        stage.finalists = [p.pk for p in finalists]
        stage.level_order = list(level_order)
        stage.cut_at = timezone.now()
        stage.save(update_fields=["finalists", "level_order", "cut_at"])
        return stage
