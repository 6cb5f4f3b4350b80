"""Corrections after hands (issue 29; docs/running-the-day.md, "When things go wrong"): two players who sat in
each other's seats, and a table's hands entered on another table's sheet.

Both are the chief referee's or an organizer's, with a reason; neither touches a signed sheet (the chief
referee reopens it first, saying why, so nothing changes silently under the signatures). Nothing a referee
entered is lost: every hand gets a new version on top of the ones it had, a foul is withdrawn (kept, marked)
and given again where it belongs, and the audit log says who did it and why. The form carries the table as
the user saw it (``seen``), so a second tap, or a second person at the same moment, changes nothing.

**Seats.** A hand's payments are kept by starting position (``PositionDeltas``), and who deals each hand is
the rulebook's rotation of the positions (``RuleSet.seat_winds``, MCR 3.4.8 and appendix 4). Swapping two
players' seats therefore swaps their two columns in every hand and foul: each hand keeps who won and who paid
and the same points, and the dealer order follows the corrected seats by itself. A hand entered with its tiles
is scored again with the winner's corrected seat wind (MCR's Seat Wind fan), its payments following.

**Wrong sheet.** The hands move to the right table's sheet with all their versions; a new version on top names
the right table's players, seat for seat (the referee tapped the player in that seat), so the payments by
position stay the same. The fouls are withdrawn from the wrong sheet (kept there, marked "moved") and given
again, seat for seat, on the right one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.translation import gettext as _

from core.acting import acting_user
from scoring import tile_entry
from scoring.lifecycle import APPEAL, APPEAL_OPEN_STATUSES
from scoring.models import DELTA_FIELDS, Appeal, ClosedSessionChange, Hand, HandVersion, Penalty, ScoreSheet
from scoring.services.hand_rules import HandDetails, _hand_deltas
from scoring.services.sheet import _after_change, _lock_sheet, _note_if_closed, _position_deltas, _positions
from tournament import mail
from tournament.audit import audit
from tournament.models import Seat, Session
from tournament.permissions import is_chief_referee, is_organizer

if TYPE_CHECKING:
    from collections.abc import Sequence

    from django.contrib.auth.models import User

    from rules.base import RuleSet
    from tournament.models import Player, Tournament

REASON_MAX = 200

# The fields of a hand's version a correction copies as the referee entered them.
_VERSION_FIELDS = ("outcome", "points", "flowers", "tiles", "player_points", "after_bell")
# The fields of a foul given again on the right sheet.
_PENALTY_FIELDS = (
    "foul",
    "amount",
    "to",
    "minutes",
    "seconds",
    "occurrence",
    "dead_hand",
    "reason",
    "hand_number",
)


def _check_may_correct(by: User | None, tournament: Tournament) -> None:
    if by is None or not (is_chief_referee(by, tournament) or is_organizer(by, tournament)):
        raise PermissionDenied(_("Only the chief referee or an organizer corrects seats and sheets after hands."))


def _reason(reason: str) -> str:
    reason = (reason or "").strip()
    if not reason:
        raise ValidationError({"reason": _("Say why: it goes in the audit log.")}, code="reason")
    if len(reason) > REASON_MAX:
        raise ValidationError({"reason": _("Say why in at most %(n)s characters.") % {"n": REASON_MAX}}, code="reason")
    return reason


def _check_correctable(sheet: ScoreSheet) -> None:
    where = {"t": sheet.table.number}
    if sheet.is_submitted:
        raise ValidationError(
            _("Table %(t)s's sheet is signed: the chief referee reopens it first, saying why.") % where,
            code="signed",
        )
    if sheet.table.session.is_closed:
        raise ValidationError(
            _("Session %(n)s is closed: reopen it first.") % {"n": sheet.table.session.number}, code="closed"
        )
    pending = sorted(Hand.objects.filter(sheet=sheet, pending__isnull=False).values_list("number", flat=True))
    if pending:
        raise ValidationError(
            _("Table %(t)s has hands waiting for a second person's confirmation (%(hands)s): confirm them first.")
            % dict(where, hands=", ".join(map(str, pending))),
            code="pending",
        )
    appeal = Appeal.objects.filter(APPEAL.q(APPEAL_OPEN_STATUSES), sheet=sheet).order_by("number").first()
    if appeal is not None:
        raise ValidationError(
            _("Appeal %(n)s about table %(t)s is not decided yet: decide it first.") % dict(where, n=appeal.number),
            code="appeal_open",
        )


def seat_order(sheet: ScoreSheet) -> list[int]:
    """The table's players by number, East..North as they started: what a correction form carries as seen."""
    return list(sheet.table.seats.order_by("position").values_list("player__number", flat=True))


def _check_seen(sheet: ScoreSheet, seen: Sequence[int] | None, now: list[int]) -> None:
    if seen is not None and list(seen) != now:
        raise ValidationError(
            _("Table %(t)s changed since you looked (someone corrected it meanwhile): look again.")
            % {"t": sheet.table.number},
            code="changed",
        )


def _new_version(hand: Hand, source: HandVersion, by: User | None, note: str, **changes: object) -> HandVersion:
    """A new current version of `hand` copying `source` with `changes`; the older ones stay as they were."""
    latest = hand.versions.aggregate(m=Max("version"))["m"] or 0
    fields = {name: getattr(source, name) for name in _VERSION_FIELDS}
    fields.update(winner=source.winner, discarder=source.discarder)
    fields.update({name: getattr(source, name) for name in DELTA_FIELDS})
    fields.update(changes)
    version = HandVersion(
        hand=hand,
        version=latest + 1,
        note=note[:300],
        created_by=acting_user(by),
        **fields,
    )
    version.full_clean(exclude=["hand", "created_by", "winner", "discarder"])
    version.save()
    hand.current, hand.pending = version, None
    hand.save(update_fields=["sheet", "current", "pending"])
    return version


def _give_again(penalty: Penalty, sheet: ScoreSheet, by: User | None, withdrawn: str, **changes: object) -> Penalty:
    """Withdraw `penalty` (kept, marked, saying why) and give it again with `changes` on `sheet`."""
    penalty.withdrawn_at = timezone.now()
    penalty.withdrawn_by = acting_user(by)
    penalty.withdrawn_reason = withdrawn[:200]
    penalty.save(update_fields=["withdrawn_at", "withdrawn_by", "withdrawn_reason"])
    fields = {name: getattr(penalty, name) for name in _PENALTY_FIELDS}
    fields.update(player=penalty.player, recipient=penalty.recipient)
    fields.update({name: getattr(penalty, name) for name in DELTA_FIELDS})
    fields.update(changes)
    again = Penalty(sheet=sheet, created_by=acting_user(by), **fields)
    again.full_clean(exclude=["created_by", "player", "recipient"])
    again.save()
    return again


def _swapped(values: list[int], i: int, j: int) -> list[int]:
    values = list(values)
    values[i], values[j] = values[j], values[i]
    return values


def _swap_deltas(obj: HandVersion | Penalty, i: int, j: int) -> dict[str, int]:
    return dict(zip(DELTA_FIELDS, _swapped(obj.deltas, i, j), strict=True))


def _rescored(rules: RuleSet, number: int, version: HandVersion, players: list[Player]) -> dict[str, object]:
    """A hand entered with its tiles was scored with the winner's seat wind on the sheet (MCR: the Seat Wind
    fan); in the corrected seats the winner may have had another. The tiles with the wind of the winner's
    corrected seat, and the points and payments they give, when those differ; else nothing."""
    tiles, winner = version.tiles, version.winner
    if not tiles or winner is None or version.player_points or winner not in players:
        return {}
    wind, _prevalent = tile_entry.hand_winds(number, players.index(winner), rules)
    if tiles.get("seat_wind") in (None, wind):
        return {}
    moved = dict(tiles, seat_wind=wind)
    points, error = tile_entry.check_points(tile_entry.score(moved, rules), None)
    if error or points is None:
        return {}
    details = HandDetails(version.outcome, winner, version.discarder, points, version.flowers)
    return {"tiles": moved, "points": points, **_position_deltas(players, _hand_deltas(rules, players, details))}


def sheet_seats_swap(
    *,
    sheet: ScoreSheet,
    first: Player,
    second: Player,
    reason: str,
    by: User | None,
    seen: Sequence[int] | None = None,
) -> ScoreSheet:
    """`first` and `second` sat in each other's seats: the sheet says so from the first hand. Each hand gets a
    new version with their two columns swapped (who won and who paid unchanged), each active foul is given
    again with them swapped; the dealer of every hand follows the rulebook's rotation of the corrected seats.
    `seen`: the seat order the user saw (``seat_order``)."""
    with transaction.atomic():
        # Session before sheet, as everywhere: publishing it meanwhile waits, or is waited for, so its players
        # hear their seats as they end (tournament.mail). No key update: rows that refer to it are not held up.
        Session.objects.select_for_update(no_key=True).filter(pk=sheet.table.session_id).first()
        sheet = _lock_sheet(sheet)
        tournament = sheet.table.session.tournament
        _check_may_correct(by, tournament)
        reason = _reason(reason)
        _check_correctable(sheet)
        order = seat_order(sheet)
        _check_seen(sheet, seen, order)
        players = _positions(sheet)
        if first.pk == second.pk:
            raise ValidationError({"second": _("Choose two different players.")}, code="same_player")
        at = [p.pk for p in players]
        for field, player in (("first", first), ("second", second)):
            if player.pk not in at:
                raise ValidationError(
                    {field: _("%(player)s does not play at this table.") % {"player": player}}, code="not_seated"
                )
        i, j = sorted((at.index(first.pk), at.index(second.pk)))
        seats = {s.position: s for s in Seat.objects.select_for_update().filter(table=sheet.table)}
        before = mail.seats_before([sheet.table.session])
        Seat.objects.filter(pk__in=[seats[i].pk, seats[j].pk]).delete()
        Seat.objects.bulk_create(
            [
                Seat(table=sheet.table, session=sheet.table.session, player=seats[j].player, position=i),
                Seat(table=sheet.table, session=sheet.table.session, player=seats[i].player, position=j),
            ]
        )
        note = _("Seats of %(a)s and %(b)s swapped: %(reason)s") % {"a": first, "b": second, "reason": reason}
        hands, rescored = [], []
        after = _positions(sheet)
        for hand in Hand.objects.select_for_update().filter(sheet=sheet, current__isnull=False).order_by("number"):
            current = hand.current
            assert current is not None
            changes: dict[str, object] = dict(_swap_deltas(current, i, j))
            if current.player_points:
                changes["player_points"] = _swapped(current.player_points, i, j)
            changes.update(_rescored(tournament.rule_set, hand.number, current, after))
            if changes.get("points", current.points) != current.points:
                rescored.append([hand.number, current.points, changes["points"]])
            hands.append([hand.number, _new_version(hand, current, by, note, **changes).version])
        fouls = []
        for penalty in Penalty.objects.select_for_update().filter(sheet=sheet, withdrawn_at__isnull=True):
            fouls.append(_give_again(penalty, sheet, by, note, **_swap_deltas(penalty, i, j)).pk)
        _note_if_closed(sheet, by, ClosedSessionChange.What.HAND)
        voided = _after_change(sheet, by, note)
        entry = audit(
            tournament=tournament,
            actor=by,
            action="sheet.seats_swap",
            obj=sheet,
            session=sheet.table.session.number,
            table=sheet.table.number,
            players=[first.number, second.number],
            seats_before=order,
            seats_after=seat_order(sheet),
            hands=hands,
            rescored=rescored,
            fouls=fouls,
            reason=reason,
            confirmations_voided=voided,
        )
        mail.queue_seat_changes(before, change=entry)
        return sheet


def _lock_pair(source: ScoreSheet, target: ScoreSheet) -> tuple[ScoreSheet, ScoreSheet]:
    """Both sheets locked, always in the same order, so two moves crossing each other wait, not deadlock."""
    first, second = sorted((source, target), key=lambda s: s.pk)
    locked = {s.pk: _lock_sheet(s) for s in (first, second)}
    return locked[source.pk], locked[target.pk]


def _movable(source: ScoreSheet, target: ScoreSheet, seen: Sequence[int] | None) -> tuple[list[Hand], list[Penalty]]:
    """The hands and active fouls of `source`, locked, once the move may be made: same session, both sheets
    correctable, `source` as the user saw it and not empty, `target` without hands or fouls of its own."""
    if target.table.session_id != source.table.session_id:
        raise ValidationError({"target": _("Choose a table of the same session.")}, code="other_session")
    for sheet in (source, target):
        _check_correctable(sheet)
    hands = list(Hand.objects.select_for_update().filter(sheet=source).order_by("number"))
    fouls = list(Penalty.objects.select_for_update().filter(sheet=source, withdrawn_at__isnull=True))
    numbers = [h.number for h in hands]
    if seen is not None and list(seen) != numbers:
        raise ValidationError(
            _("Table %(t)s's sheet changed since you looked: look again.") % {"t": source.table.number},
            code="changed",
        )
    if not hands and not fouls:
        raise ValidationError(
            _("Table %(t)s's sheet has no hands or fouls to move.") % {"t": source.table.number}, code="empty"
        )
    has_own = (
        Hand.objects.filter(sheet=target).exists()
        or Penalty.objects.filter(sheet=target, withdrawn_at__isnull=True).exists()
    )
    if has_own:
        raise ValidationError(
            _(
                "Table %(t)s's sheet has hands or fouls of its own: they cannot be merged. Correct them one by "
                "one instead."
            )
            % {"t": target.table.number},
            code="target_not_empty",
        )
    return hands, fouls


def sheet_hands_move(
    *,
    source: ScoreSheet,
    target: ScoreSheet,
    reason: str,
    by: User | None,
    seen: Sequence[int] | None = None,
) -> ScoreSheet:
    """Every hand and foul of `source` belongs to `target`'s table (entered on the wrong sheet): they move there,
    seat for seat. The right sheet must have none of its own yet. `seen`: the hand numbers on `source` as the
    user saw them. Returns the right sheet."""
    with transaction.atomic():
        if source.pk == target.pk:
            raise ValidationError({"target": _("Choose another table's sheet.")}, code="same_sheet")
        source, target = _lock_pair(source, target)
        tournament = source.table.session.tournament
        _check_may_correct(by, tournament)
        reason = _reason(reason)
        hands, fouls = _movable(source, target, seen)
        wrong, right = _positions(source), _positions(target)
        seat_for = {p.pk: right[i] for i, p in enumerate(wrong)}
        note = _("Moved from table %(a)s's sheet to table %(b)s's: %(reason)s") % {
            "a": source.table.number,
            "b": target.table.number,
            "reason": reason,
        }
        moved = []
        for hand in hands:
            current = hand.current
            hand.sheet = target
            if current is None:  # only ever a pending entry, refused above; kept as it is if one appears
                hand.save(update_fields=["sheet"])
                continue
            changes = {
                "winner": seat_for.get(current.winner_id) if current.winner_id else None,
                "discarder": seat_for.get(current.discarder_id) if current.discarder_id else None,
            }
            moved.append([hand.number, _new_version(hand, current, by, note, **changes).version])
        given = []
        for penalty in fouls:
            again = _give_again(
                penalty,
                target,
                by,
                note,
                player=seat_for[penalty.player_id],
                recipient=seat_for.get(penalty.recipient_id) if penalty.recipient_id else None,
            )
            given.append(again.pk)
        for sheet in (source, target):
            _note_if_closed(sheet, by, ClosedSessionChange.What.HAND)
        voided = _after_change(source, by, note) + _after_change(target, by, note)
        audit(
            tournament=tournament,
            actor=by,
            action="sheet.hands_move",
            obj=target,
            session=target.table.session.number,
            table=target.table.number,
            from_table=source.table.number,
            hands=moved,
            fouls=given,
            reason=reason,
            confirmations_voided=voided,
        )
        return target
