"""Elimination tournaments (MCR 3.5.4; docs/elimination.md): after each closed round the organizer chooses who
plays on; the players who go out keep a final rank, and the next session is seated from those who go on.

``elimination_check`` previews the outcome without changing anything; ``session_eliminate_and_seat`` records
it under its locks (tournament, then session, as everywhere) and seats the next round through
``schedule.services.session_seat``; ``session_elimination_undo`` takes it back while that seating could still
change. The pure rules of who plays on are ``seating.elimination``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

import seating
import seating.elimination
from schedule.selectors import MAX_TEAM_APART, players_by_number, seated_chart, team_sizes
from schedule.services import check_seating_may_change, engine_error, lock_sheets, new_seed, session_seat
from scoring.results import TableResult, table_results
from standings.selectors import player_standings
from tournament.audit import audit
from tournament.lifecycle import SESSION
from tournament.models import AdvanceRule, Elimination, Player, Seat, Session, Table, Tournament
from tournament.services import check_organizer, lock_tournament

if TYPE_CHECKING:
    from django.contrib.auth.models import User

ADVANCE_ORDERS = ("standings", "draw")


def elimination_rule(kind: str, count: int | None = None) -> seating.Rule:
    """The pure rule for an organizer's choice; a ValidationError saying what is wrong otherwise."""
    try:
        if kind == AdvanceRule.TABLE_WINNER:
            return seating.Rule.table_winner()
        if kind == AdvanceRule.BEST_PER_TABLE:
            if count is None or not 1 <= count <= 3:
                raise ValidationError(_("The best k of each table play on: k is 1, 2 or 3."), code="rule_count")
            return seating.Rule.best_per_table(count)
        if kind == AdvanceRule.BEST_OVERALL:
            if count is None or count < 4 or count % 4:
                raise ValidationError(
                    _("The best n overall play on: n is a multiple of four (4, 8, 12...)."), code="rule_count"
                )
            return seating.Rule.best_overall(count)
        if kind == AdvanceRule.FINAL:
            return seating.Rule.final()
    except seating.SeatingError as exc:
        raise engine_error(exc) from exc
    raise ValidationError(_("Choose who plays on."), code="rule")


def _rule_stored(rule: seating.Rule) -> tuple[str, int]:
    """(advance_rule, advance_count) as the Session stores them."""
    if rule.kind == seating.elimination.BEST_OVERALL and rule.count == 0:
        return AdvanceRule.FINAL, 0
    return rule.kind, rule.count


@dataclass
class EliminationOutcome:
    """Who plays on after a round and who goes out with which final rank; nothing written yet."""

    session: Session
    rule: seating.Rule
    survivors: list[Player]  # best first
    eliminated: list[tuple[Player, int]]  # (player, final rank), best first
    next_session: Session | None


def _players_label(players: Sequence[Player]) -> str:
    return ", ".join(f"{p.number} {p.name}" for p in players)


def _check_round(session: Session) -> None:
    """Why who plays on after ``session`` cannot be decided now (a ValidationError), or nothing."""
    tournament = session.tournament
    if tournament.format != Tournament.Format.ELIMINATION:
        raise ValidationError(_("Only an elimination tournament eliminates players after a session."), code="format")
    final = tournament.sessions.filter(advance_rule=AdvanceRule.FINAL).first()
    if final is not None:
        raise ValidationError(
            _("The final was played in session %(n)s; the final ranking is complete.") % {"n": final.number},
            code="final_played",
        )
    if session.advance_rule:
        raise ValidationError(
            _("Who plays on after session %(n)s is already decided.") % {"n": session.number}, code="decided"
        )
    if not session.is_closed:
        raise ValidationError(
            _("Close session %(n)s first: its final results decide who plays on.") % {"n": session.number},
            code="not_closed",
        )
    undecided = list(
        tournament.sessions.filter(number__lt=session.number, advance_rule="").values_list("number", flat=True)
    )
    if undecided:
        raise ValidationError(
            _("Decide who plays on after sessions %(s)s first.") % {"s": ", ".join(map(str, undecided))},
            code="earlier_undecided",
        )


def _round_results(session: Session, rule: seating.Rule) -> tuple[list[TableResult], Session | None]:
    """The round's table results and the session the players who go on will play, checked against the rule."""
    tournament = session.tournament
    results = list(table_results(tournament, session).values())
    if not results:
        raise ValidationError(_("Session %(n)s has no tables.") % {"n": session.number}, code="no_tables")
    field_size = 4 * len(results)
    if rule.kind == seating.elimination.BEST_OVERALL and rule.count >= field_size:
        raise ValidationError(
            _("%(p)s players played session %(n)s: the best n overall must be fewer.")
            % {"p": field_size, "n": session.number},
            code="rule_count",
        )
    next_session = None
    if rule.count:
        next_session = tournament.sessions.filter(number=session.number + 1).first()
        if next_session is None:
            raise ValidationError(
                _(
                    "The tournament has %(n)s sessions: raise the number of sessions to seat another round, or "
                    "choose the final."
                )
                % {"n": tournament.session_count},
                code="no_next_session",
            )
        check_seating_may_change([next_session])
    return results, next_session


class _Round:
    """The players of a round in the engine's terms, and what separates them: table points, then session
    score, then the ranking before this round, then ``decided_order`` (player numbers, best first)."""

    def __init__(
        self, session: Session, results: list[TableResult], rule: seating.Rule, decided_order: Sequence[int]
    ) -> None:
        self.rule = rule
        self.players = {p.pk: p for r in results for p in r.players}
        self.before = {row.player.pk: row.rank for row in player_standings(session.tournament, before=session.number)}
        self.decided = {number: i for i, number in enumerate(decided_order)}
        unknown = sorted(set(self.decided) - {p.number for p in self.players.values()})
        if unknown:
            raise ValidationError(
                _("Players %(p)s did not play session %(n)s.")
                % {"p": ", ".join(map(str, unknown)), "n": session.number},
                code="decided_order",
            )
        self.tables = [
            [seating.elimination.Result(p.pk, float(r.table_points[i]), r.scores[i]) for i, p in enumerate(r.players)]
            for r in sorted(results, key=lambda r: r.table)
        ]
        self.result_of = {res.player: (t, res) for t, table in enumerate(self.tables) for res in table}

    def key(self, pk: int) -> tuple[int, int]:
        number = self.players[pk].number
        return self.before.get(pk, len(self.players) + 1), self.decided.get(number, len(self.decided))

    def level(self, a: int, b: int, *, cut: bool = False) -> bool:
        """Nothing but the player number separates them; at a per-table cut, only at the same table."""
        (ta, ra), (tb, rb) = self.result_of[a], self.result_of[b]
        if cut and self.rule.kind != seating.elimination.BEST_OVERALL and ta != tb:
            return False
        return ra.table_points == rb.table_points and ra.score == rb.score and self.key(a) == self.key(b)

    def eliminate(self, descending: bool) -> seating.elimination.RoundOutcome:
        """The engine's outcome with player numbers completing the order, ascending or descending."""
        sign = -1 if descending else 1
        seeding = sorted(self.players, key=lambda pk: (self.key(pk), sign * self.players[pk].number))
        try:
            return seating.eliminate(self.tables, self.rule, seeding=seeding)
        except seating.SeatingError as exc:
            raise engine_error(exc) from exc


def elimination_check(session: Session, *, rule: seating.Rule, decided_order: Sequence[int] = ()) -> EliminationOutcome:
    """Who would play on after ``session`` under ``rule``, without changing anything: the preview the
    organizer confirms, and the check ``session_eliminate_and_seat`` runs under its locks.

    Order: table points, then session score, then the ranking before this round, then ``decided_order``
    (player numbers, best first: the outcome of a play-off or a draw). Players still level at the cut
    raise a ValidationError naming them; level players away from the cut share the better rank."""
    _check_round(session)
    results, next_session = _round_results(session, rule)
    round_ = _Round(session, results, rule, decided_order)
    players = round_.players
    # The pure engine needs a complete order; player numbers complete it both ways round, and where
    # the two disagree on who plays on, only the number decided: a tie for the organizer.
    up, down = round_.eliminate(descending=False), round_.eliminate(descending=True)
    if len(up.survivors) % 4:
        raise ValidationError(str(seating.elimination.SurvivorCountError(len(up.survivors))), code="survivors")
    undecided_cut = set(up.survivors) ^ set(down.survivors)
    if undecided_cut:
        tied = sorted(
            {pk for pk in players for u in undecided_cut if round_.level(pk, u, cut=True)},
            key=lambda pk: players[pk].number,
        )
        raise ValidationError(
            _(
                "Players %(p)s are level on table points, score and the ranking before this round, and only some "
                "of them can play on. Decide by a play-off or a draw, then give their order (player numbers, best "
                "first)."
            )
            % {"p": _players_label([players[pk] for pk in tied])},
            code="tie",
            params={"players": [players[pk].number for pk in tied]},
        )
    ranks: dict[int, int] = {}
    previous = None
    for pk in up.eliminated:
        ranks[pk] = ranks[previous] if previous is not None and round_.level(previous, pk) else up.ranks[pk]
        previous = pk
    return EliminationOutcome(
        session=session,
        rule=rule,
        survivors=[players[pk] for pk in up.survivors],
        eliminated=[(players[pk], ranks[pk]) for pk in up.eliminated],
        next_session=next_session,
    )


def _seat_next_round(
    *, tournament: Tournament, outcome: EliminationOutcome, by: User | None, order: str, seed: int | None
) -> None:
    """Seat the session after the round from the players who go on only (no meeting repeated where
    avoidable, winds evened out)."""
    following = outcome.next_session
    assert following is not None
    if order == "draw" and seed is None:
        seed = new_seed()
    index = {p.pk: p for p in outcome.survivors}
    history = [[tuple(t) for t in tables] for tables in seated_chart(tournament, following.number).values()]
    all_players = players_by_number(tournament)
    sizes = team_sizes(all_players)
    teams = {p.pk: p.team_id for p in all_players if p.team_id and sizes[p.team_id] <= MAX_TEAM_APART}
    try:
        tables = seating.seat_next_round(list(index), history, order=order, seed=seed or 0, teams=teams)
    except seating.SeatingError as exc:
        raise engine_error(exc) from exc
    session_seat(
        session=following,
        by=by,
        method="elimination",
        seed=seed if order == "draw" else None,
        tables=[[index[pk] for pk in table] for table in tables],
    )
    following.refresh_from_db()


def session_eliminate_and_seat(
    *,
    session: Session,
    rule: seating.Rule,
    by: User | None,
    decided_order: Sequence[int] = (),
    order: str = "standings",
    seed: int | None = None,
    seat_next: bool = True,
) -> EliminationOutcome:
    """After a closed round of an elimination tournament: record who goes out with their final rank, and
    seat the next session from the players who go on only (no meeting repeated where avoidable, winds
    evened out). ``order``: ``standings`` seats best with best, ``draw`` by a seeded draw. The final rule
    ranks the last table and seats nothing. ``seat_next=False`` leaves the next session to be seated by
    the caller (an import, whose file gives that seating)."""
    if order not in ADVANCE_ORDERS:
        raise ValidationError(_("Seat the next round by the standings or by a draw."), code="order")
    with transaction.atomic():
        tournament = lock_tournament(session.tournament)
        check_organizer(by, tournament)
        session = Session.objects.select_for_update().get(pk=session.pk)
        outcome = elimination_check(session, rule=rule, decided_order=decided_order)
        for player, rank in outcome.eliminated:
            out = Elimination(tournament=tournament, session=session, player=player, final_rank=rank)
            out.full_clean()
            out.save()
        session.advance_rule, session.advance_count = _rule_stored(rule)
        session.advance_order = list(decided_order)
        session.full_clean()
        session.save(update_fields=["advance_rule", "advance_count", "advance_order"])
        audit(
            tournament=tournament,
            actor=by,
            action="session.eliminate",
            obj=session,
            rule=session.advance_rule,
            count=session.advance_count,
            survivors=[p.number for p in outcome.survivors],
            eliminated={str(p.number): rank for p, rank in outcome.eliminated},
            decided_order=list(decided_order),
        )
        if outcome.next_session is not None and seat_next:
            _seat_next_round(tournament=tournament, outcome=outcome, by=by, order=order, seed=seed)
        return outcome


def session_elimination_undo_check(session: Session) -> Session | None:
    """Why the elimination after ``session`` cannot be undone (a ValidationError), or the next session it
    seated (None after the final). Undoing is possible while that seating could still change."""
    if not session.advance_rule:
        raise ValidationError(
            _("Nobody has been eliminated after session %(n)s.") % {"n": session.number}, code="not_decided"
        )
    following = None
    if session.advance_rule != AdvanceRule.FINAL:
        following = session.tournament.sessions.filter(number=session.number + 1).first()
        if following is not None:
            check_seating_may_change([following])
    return following


def session_elimination_undo(*, session: Session, by: User | None) -> Session:
    """Take back the elimination after ``session`` (its eliminations, and the seating of the next
    session made from it), so the session can be reopened and corrected."""
    with transaction.atomic():
        tournament = lock_tournament(session.tournament)
        check_organizer(by, tournament)
        session = Session.objects.select_for_update().get(pk=session.pk)
        following = session_elimination_undo_check(session)
        if following is not None:
            following = Session.objects.select_for_update().get(pk=following.pk)
            lock_sheets(following)
            check_seating_may_change([following])
            Seat.objects.filter(session=following).delete()
            Table.objects.filter(session=following).delete()
            following.seating_method, following.seed = "", None
            SESSION.move(following, "unseat", fields=["seating_method", "seed"])
        eliminated = {
            str(e.player.number): e.final_rank
            for e in Elimination.objects.filter(session=session).select_related("player")
        }
        Elimination.objects.filter(session=session).delete()
        rule, count = session.advance_rule, session.advance_count
        session.advance_rule, session.advance_count, session.advance_order = "", 0, []
        session.save(update_fields=["advance_rule", "advance_count", "advance_order"])
        audit(
            tournament=tournament,
            actor=by,
            action="session.eliminate_undo",
            obj=session,
            rule=rule,
            count=count,
            eliminated=eliminated,
            **({"unseated": following.number} if following is not None else {}),
        )
        return session
