"""Hands one at a time: enter or correct a hand (a new version, never an overwrite), confirm it with
two-person entry, mark the rest not played when time runs out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from core.acting import acting_user
from rules import payments as pay
from scoring import entry_replay
from scoring.models import ClosedSessionChange, Hand, HandVersion
from scoring.selectors import sheet_dead_hand, sheet_departures, sheet_hand_outcomes, sheet_missing_hands
from scoring.services.hand_rules import (
    HandDetails,
    _check_sequence,
    _check_tiles,
    _checked_details,
    _hand_deltas,
    hand_audit,
)
from scoring.services.sheet import (
    _after_change,
    _check_at_table,
    _check_hand_number,
    _check_player_code,
    _check_scorer,
    _lock_open_sheet,
    _lock_sheet,
    _note_if_closed,
    _positions,
    _refuse_if_signed,
    _settle_status,
)
from tournament.audit import audit

if TYPE_CHECKING:
    from collections.abc import Mapping
    from datetime import datetime
    from uuid import UUID

    from django.contrib.auth.models import User

    from scoring.models import Appeal, ScoreSheet
    from tournament.models import Player, Tournament


def _time_is_up(sheet: ScoreSheet, now: datetime | None = None) -> bool:
    """Whether the table's bell has rung (the session's, plus any extra time the table was given:
    ``Table.ends_at``), by the server's clock (the rows as read with the sheet)."""
    ends_at = sheet.table.ends_at
    return ends_at is not None and (now or timezone.now()) >= ends_at


def _bell_time(sheet: ScoreSheet) -> str:
    ends_at = sheet.table.ends_at
    return timezone.localtime(ends_at).strftime("%H:%M") if ends_at else ""


def _stale_entry(hand: Hand | None, number: int, version: int, by: User | None) -> ValidationError:
    """The entry was made from a form older than the hand: say who entered what the form did not show, and when,
    so a referee who entered the hand twice by mistake recognises their own entry."""
    latest = hand.versions.select_related("created_by").order_by("-version").first() if hand else None
    params: dict[str, object] = {"n": number, "version": version}
    if latest is None:
        return ValidationError(
            _(
                "Hand %(n)s was entered or corrected by someone else meanwhile (it is now at version %(version)s). "
                "Check the sheet, then submit again to replace it."
            ),
            code="stale_version",
            params=params,
        )
    params["when"] = date_format(timezone.localtime(latest.created_at), "SHORT_DATETIME_FORMAT")
    actor = acting_user(by)
    if latest.created_by is not None and actor is not None and latest.created_by.pk == actor.pk:
        # The same login, not necessarily the same phone: a referee's login may be open on two devices, and the
        # entry may have come from the other one (issue 21), so the message does not claim which.
        message = _(
            "Hand %(n)s was already entered under your login, on this device or another, at %(when)s (it is at "
            "version %(version)s). Check it on the sheet; to replace that entry with this one, submit again."
        )
    else:
        params["who"] = latest.created_by.get_username() if latest.created_by is not None else _("an import")
        message = _(
            "Hand %(n)s was entered or corrected by someone else meanwhile: by %(who)s, at %(when)s (it is "
            "now at version %(version)s). Check the sheet, then submit again to replace it."
        )
    return ValidationError(message, code="stale_version", params=params)


def _check_bell(
    sheet: ScoreSheet, number: int, outcome: str, entered: Mapping[int, str], before_bell: bool, now: datetime | None
) -> bool:
    """Whether the hand is entered after the session's bell (a new hand, played), refused unless the referee
    says it ended before the bell (MCR 3.5.6)."""
    after_bell = number not in entered and outcome != pay.NOT_PLAYED and _time_is_up(sheet, now)
    if after_bell and not before_bell:
        raise ValidationError(
            _(
                "Time ran out at %(time)s. Hand %(n)s counts only if it ended before the bell: say so to "
                "enter it. The hand in progress at the bell scores nothing (MCR 3.5.6): mark it and the rest "
                "not played."
            )
            % {"time": _bell_time(sheet), "n": number},
            code="time_up",
        )
    return after_bell


def _check_not_departed(sheet: ScoreSheet, details: HandDetails, number: int) -> None:
    """A player who withdrew during the session neither wins nor pays a hand after they left, and the table,
    three-handed, plays no more hands: those after it are recorded not played (docs/running-the-day.md, "A
    player leaves during a session")."""
    if details.outcome == pay.NOT_PLAYED:
        return
    departed = sheet_departures(sheet)
    for field, player in (("winner", details.winner), ("discarder", details.discarder)):
        w = departed.get(player.pk) if player is not None else None
        if w is not None and number > (w.after_hand or 0):
            raise ValidationError(
                {
                    field: ValidationError(
                        _("%(player)s withdrew after hand %(after)s; hand %(n)s is not theirs to play.")
                        % {"player": player, "after": w.after_hand or 0, "n": number},
                        code="departed",
                    )
                }
            )
    gone = next((w for w in departed.values() if number > (w.after_hand or 0)), None)
    if gone is not None:
        raise ValidationError(
            _("%(player)s withdrew after hand %(after)s: the hands after it are not played at this table.")
            % {"player": gone.player, "after": gone.after_hand or 0},
            code="departed",
        )


def _check_may_play(sheet: ScoreSheet, details: HandDetails, number: int) -> None:
    """The winner has no dead hand (MCR 3.11.3), and nobody who left the table plays the hand."""
    _check_not_dead(sheet, details.winner, number)
    _check_not_departed(sheet, details, number)


def _check_not_dead(sheet: ScoreSheet, winner: Player | None, number: int) -> None:
    dead = sheet_dead_hand(sheet, winner, number) if winner is not None else None
    if dead is not None:
        raise ValidationError(
            {
                "winner": ValidationError(
                    _("%(player)s has a dead hand in hand %(n)s (%(foul)s), so they cannot win it.")
                    % {"player": winner, "n": number, "foul": dead.nature},
                    code="dead_hand",
                )
            }
        )


def _hand_as_seen(
    sheet: ScoreSheet, number: int, expected_version: int | None, by: User | None
) -> tuple[Hand | None, int]:
    """Hand `number` (None before its first entry) and its latest version number (0 before). Someone else's
    entry wins over a form filled in before it: say so before anything else."""
    hand = Hand.objects.filter(sheet=sheet, number=number).first()
    latest = (hand.versions.aggregate(m=Max("version"))["m"] or 0) if hand else 0
    if expected_version is not None and expected_version != latest:
        raise _stale_entry(hand, number, latest, by)
    return hand, latest


def _save_version(hand: Hand, version: HandVersion, *, pending: bool) -> None:
    # The players are the table's own (the rule set paid them by position), and every check constraint has
    # been checked with its message before; the database checks them again on insert. Skipping them here
    # saves some twenty queries on the request fifty referees send at once.
    version.full_clean(exclude=["hand", "created_by", "winner", "discarder"], validate_constraints=False)
    version.save()
    if pending:
        hand.pending = version
    else:
        hand.current, hand.pending = version, None
    hand.save(update_fields=["current", "pending"])


def hand_record(
    *,
    sheet: ScoreSheet,
    number: int,
    outcome: str,
    winner: Player | None = None,
    discarder: Player | None = None,
    points: int = 0,
    flowers: int = 0,
    tiles: dict | None = None,
    note: str = "",
    by: User | None,
    expected_version: int | None = None,
    pending: bool | None = None,
    player_points: list[int] | None = None,
    before_bell: bool = False,
    now: datetime | None = None,
    appeal: Appeal | None = None,
    idempotency_key: UUID | None = None,
) -> HandVersion:
    """Enter a hand, or correct it by adding a new version. Returns the new HandVersion.

    expected_version is the version the referee was looking at (0 for a new hand): when someone else entered
    or corrected the hand meanwhile, the entry is refused rather than silently replacing theirs (under the
    sheet's lock, so across app servers).

    With two-person entry (or ``pending=True``, as an import gives it) the version waits for
    :func:`hand_confirm` before it counts.

    The tournament's rule set checks the points and pays the hand (``RuleSet.hand_changes``). Where it
    scores every player's hand (``entry.every_player``), ``player_points`` gives the four players' points
    by position and the winner's are the hand's points.

    After the session's bell (``Session.ends_at``, the server's clock) a new hand is accepted only if declared
    ended before it (``before_bell``): the hand in progress at the bell scores nothing (MCR 3.5.6), so it and
    the rest are recorded not played; corrections still are. The hands go in order (``scoring.sequence``).

    `appeal`: an upheld appeal on this sheet may correct it even when signed (``scoring.services.appeals``).

    `idempotency_key`: the entry sent again returns the version stored under it the first time and stores
    nothing; sent again with other content, it is refused (``scoring.entry_replay``).
    """
    typed = HandDetails(outcome, winner, discarder, points, flowers, player_points)
    with transaction.atomic():
        replay = idempotency_key and entry_replay.stored_hand(
            sheet=sheet, key=idempotency_key, number=number, by=by, sent=typed
        )
        if isinstance(replay, HandVersion):
            return replay
        sheet, tournament = _lock_open_sheet(sheet, by, appeal)
        _check_hand_number(number, tournament)
        hand, latest = _hand_as_seen(sheet, number, expected_version, by)
        entered = sheet_hand_outcomes(sheet)
        after_bell = _check_bell(sheet, number, outcome, entered, before_bell, now)
        _check_sequence(number, outcome, entered)
        players = _positions(sheet)
        rules = tournament.rule_set
        details = _checked_details(rules, players, typed)
        _check_tiles(rules, details, tiles)
        _check_may_play(sheet, details, number)
        deltas = _hand_deltas(rules, players, details)
        pending = tournament.two_person_entry if pending is None else pending
        # Under the sheet's lock no other entry can create this hand meanwhile; the unique constraint on
        # (sheet, number) stands behind that.
        hand = Hand.objects.create(sheet=sheet, number=number) if hand is None else hand
        version = details.version(
            players,
            deltas,
            hand=hand,
            version=latest + 1,
            tiles=tiles or {},
            note=note,
            after_bell=after_bell,
            created_by=acting_user(by),
            idempotency_key=idempotency_key,
        )
        _save_version(hand, version, pending=pending)
        _recorded(sheet, tournament, by, number, version, pending, appeal)
        return version


def _recorded(
    sheet: ScoreSheet,
    tournament: Tournament,
    by: User | None,
    number: int,
    version: HandVersion,
    pending: bool,
    appeal: Appeal | None,
) -> None:
    """After a hand's new version: the players confirm again, the sheet's state follows, the audit entry."""
    voided = _after_change(sheet, by, _("hand %(n)s entered") % {"n": number})
    table = sheet.table
    facts = hand_audit(
        session=table.session.number,
        table=table.number,
        number=number,
        version=version,
        pending=pending,
        confirmations_voided=voided,
        appeal=appeal,
    )
    audit(tournament=tournament, actor=by, obj=version, **facts)


def hand_confirm(
    *,
    sheet: ScoreSheet,
    number: int,
    by: User | None,
    player: Player | None = None,
    code: str | None = None,
    expected_version: int | None = None,
) -> HandVersion:
    """Two-person entry: a second scorer, or one of the table's players with their code, confirms the
    entry of hand `number`, which then counts. The scorer who entered it cannot confirm it."""
    with transaction.atomic():
        sheet = _lock_sheet(sheet)
        tournament = sheet.table.session.tournament
        players = _positions(sheet)
        if player is None:
            _check_scorer(by, tournament)
        else:
            _check_at_table(player, players)
            _check_player_code(player, code)
        _refuse_if_signed(sheet)
        hand = (
            Hand.objects.select_for_update(of=("self",))
            .select_related("pending")
            .filter(sheet=sheet, number=number)
            .first()
        )
        if hand is None or hand.pending is None:
            raise ValidationError(
                _("Hand %(n)s has no entry waiting for confirmation.") % {"n": number}, code="nothing_pending"
            )
        version = hand.pending
        if expected_version is not None and version.version != expected_version:
            raise ValidationError(
                _("Hand %(n)s was corrected meanwhile; check it again before confirming.") % {"n": number},
                code="stale_version",
            )
        actor = acting_user(by)
        if player is None and actor is not None and version.created_by_id == actor.pk:
            raise ValidationError(
                _("You entered hand %(n)s yourself: a second scorer, or one of the players, confirms it.")
                % {"n": number},
                code="same_person",
            )
        version.confirmed_at = timezone.now()
        version.confirmed_by = actor if player is None else None
        version.confirmed_by_player = player
        version.save(update_fields=["confirmed_at", "confirmed_by", "confirmed_by_player"])
        hand.current, hand.pending = version, None
        hand.save(update_fields=["current", "pending"])
        _settle_status(sheet)
        audit(
            tournament=tournament,
            actor=by,
            action="hand.confirm",
            obj=version,
            session=sheet.table.session.number,
            table=sheet.table.number,
            hand=number,
            version=version.version,
            player=getattr(player, "number", None),
        )
        return version


def sheet_mark_rest_not_played(*, sheet: ScoreSheet, by: User | None) -> list[int]:
    """Time ran out (MCR 3.5.6): the hands not entered are recorded not played. They move no points, so they
    count at once, also with two-person entry. Returns their numbers."""
    with transaction.atomic():
        sheet, _tournament = _lock_open_sheet(sheet, by, what=None)
        missing = sheet_missing_hands(sheet)
        if missing:
            # Noted only when a hand is marked: signing a complete sheet "with the rest not played" changes
            # nothing.
            _note_if_closed(sheet, by, ClosedSessionChange.What.HANDS_NOT_PLAYED)
        bell = _time_is_up(sheet)
        departed = sorted(sheet_departures(sheet).values(), key=lambda w: w.after_hand or 0)
        for i, n in enumerate(missing):
            if bell and i == 0:
                note = _("In progress at the bell: no points (MCR 3.5.6)")
            elif departed and not bell:
                note = _("Not played: %(player)s withdrew after hand %(after)s") % {
                    "player": departed[0].player.name,
                    "after": departed[0].after_hand or 0,
                }
            elif bell:
                note = _("Marked not played when time ran out")
            else:
                note = _("Marked not played: the table stopped before time ran out")
            hand_record(sheet=sheet, number=n, outcome=pay.NOT_PLAYED, by=by, pending=False, note=note)
        return missing
