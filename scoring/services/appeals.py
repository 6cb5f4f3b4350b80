"""Appeals against a ruling at a table (MCR 3.12-3.13): filing, decisions, escalation, and the amendments an
upheld appeal makes to the sheet.

Paths (docs/appeals.md):

- a **rule** appeal goes to the referees; if they reject it the filer may take it to the chief referee,
  whose decision is final (MCR 3.13.1);
- any **other** appeal goes to the appeals committee the organizer names (the "appeals committee" role,
  MCR 3.13.2); its decision is final.

The window is ``scoring.appeal_window`` (MCR 3.12.2). Only an organizer accepts a late appeal, and says why. The fee is
copied from the settings when the appeal is filed and follows the latest decision: returned when upheld,
forfeited when rejected, held again while the chief referee considers it (MCR 3.12.2).

An upheld appeal changes the sheet only through the ordinary services (``hand_record``, ``foul_record``,
``penalty_withdraw``) with ``appeal=``, which lets them change a signed sheet; each change is an
``AppealAmendment`` pointing at the new hand version or penalty. Standings are computed from the sheets,
so they follow.

Filing and loading from a tournament file build the appeal with the same code (``_appeal_record``: the checks of
its filer and subject, the row, the audit entry); the reads (open appeals, who decides) are ``scoring.selectors``.

Locks, in the order of docs/architecture.md: filing takes the tournament (appeal numbers are per
tournament); deciding and escalating take the appeal's sheet, then the appeal; amending takes the sheet,
then the appeal, then whatever the scoring service locks below the sheet.
"""

from __future__ import annotations

from datetime import timedelta
from typing import TYPE_CHECKING

from django.conf import settings
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.db.models import Max
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from core.acting import acting_user, is_user, username
from scoring.appeal_window import appeal_deadline
from scoring.lifecycle import APPEAL
from scoring.models import (
    Appeal,
    AppealAmendment,
    AppealDecision,
    Penalty,
    ScoreSheet,
)
from scoring.selectors import appeal_deciding_body, captained_members, may_decide, open_appeal_about, table_players
from scoring.services.hands import hand_record
from scoring.services.penalties import foul_record, penalty_withdraw
from scoring.services.sheet import _check_player_code, _lock_sheet
from tournament.audit import audit
from tournament.permissions import can_score, is_organizer
from tournament.services import lock_tournament

if TYPE_CHECKING:
    from datetime import datetime
    from decimal import Decimal
    from typing import Any

    from django.contrib.auth.models import User

    from scoring.models import HandVersion
    from tournament.models import Player, Tournament


def _lock_appeal(appeal: Appeal) -> Appeal:
    return (
        Appeal.objects.select_for_update(of=("self",))
        .select_related("tournament", "sheet__table__session", "filer")
        .get(pk=appeal.pk)
    )


class DuplicateAppeal(ValidationError):
    """The filer already has an appeal about the same thing at this table that is not decided for good;
    ``appeal`` is that one, for a link to it."""

    def __init__(self, message: str, appeal: Appeal) -> None:
        super().__init__(message, code="duplicate")
        self.appeal = appeal


def _refuse_duplicate(*, sheet: ScoreSheet, filer: Player, hand_number: int | None, penalty: Penalty | None) -> None:
    existing = open_appeal_about(sheet=sheet, filer=filer, hand_number=hand_number, penalty=penalty)
    if existing is None:
        return
    if hand_number is not None:
        message = _(
            "%(player)s already has appeal %(n)s about hand %(h)s of this table, not yet decided for good: follow "
            "it (or add to it with a referee) rather than filing again."
        ) % {"player": filer.name, "n": existing.number, "h": hand_number}
    elif penalty is not None:
        message = _(
            "%(player)s already has appeal %(n)s about this penalty, not yet decided for good: follow it rather "
            "than filing again."
        ) % {"player": filer.name, "n": existing.number}
    else:
        message = _(
            "%(player)s already has appeal %(n)s about this table, not yet decided for good: follow it, or name the "
            "hand a new appeal is about."
        ) % {"player": filer.name, "n": existing.number}
    raise DuplicateAppeal(message, existing)


def link_appeal_limit() -> tuple[int, timedelta]:
    """How many appeals one player's private link may file, and in what time (a referee filing is not counted)."""
    return settings.APPEAL_LINK_LIMIT, timedelta(minutes=settings.APPEAL_LINK_WINDOW_MINUTES)


def _refuse_too_many_from_link(*, filer: Player, now: datetime) -> None:
    limit, window = link_appeal_limit()
    recent = list(
        Appeal.objects.filter(filer=filer, via=Appeal.Via.LINK, filed_at__gte=now - window)
        .order_by("-filed_at")
        .values_list("filed_at", flat=True)[:limit]
    )
    if len(recent) < limit:
        return
    again = recent[-1] + window
    raise ValidationError(
        _(
            "%(player)s has filed %(n)s appeals on their private link in the last %(minutes)s minutes, the most it "
            "may file. A referee can file another for them now; on the link, again from %(time)s."
        )
        % {
            "player": filer.name,
            "n": limit,
            "minutes": settings.APPEAL_LINK_WINDOW_MINUTES,
            "time": date_format(timezone.localtime(again), "TIME_FORMAT"),
        },
        code="rate_limited",
    )


def _check_filer_of(sheet: ScoreSheet, filer: Player, tournament: Tournament, players: list[Player]) -> None:
    """The filer played at the table or is in the team of a player who did (a referee files, or a file gives it)."""
    teams = {p.team_id for p in players if p.team_id}
    if filer.tournament_id != tournament.pk or (filer not in players and filer.team_id not in teams):
        raise ValidationError(
            {
                "filer": _("%(player)s neither played at this table nor is in the team of a player who did.")
                % {"player": filer}
            }
        )


def _check_subject(sheet: ScoreSheet, tournament: Tournament, hand_number: int | None, penalty: Penalty | None) -> None:
    """The hand is one of the session's, the penalty one given at this table."""
    if hand_number is not None and not 1 <= hand_number <= tournament.hands_per_session:
        raise ValidationError(
            {"hand_number": _("Hands are numbered 1 to %(n)s.") % {"n": tournament.hands_per_session}}
        )
    if penalty is not None and penalty.sheet_id != sheet.pk:
        raise ValidationError({"penalty": _("That penalty was not given at this table.")})


def _appeal_saved(*, sheet: ScoreSheet, tournament: Tournament, state: str | None = None, **fields: Any) -> Appeal:
    """The appeal as filed, or as a file gives it with its ``state`` (``fields``: the model's), checked and
    saved: one builder for filing and loading, so both keep the same record."""
    appeal = Appeal(tournament=tournament, sheet=sheet, **fields)
    if state is not None:
        APPEAL.restore(appeal, state)
    appeal.full_clean(exclude=["filed_by", "late_accepted_by"])
    appeal.save()
    return appeal


def _audit_filed(appeal: Appeal, by: User | None, late: bool, **extra: Any) -> None:
    """The audit entry of a filed appeal, the same whether filed here or loaded from a file (which adds what
    the file says happened since: ``extra``)."""
    sheet = appeal.sheet
    audit(
        tournament=appeal.tournament,
        actor=by,
        action="appeal.file",
        obj=appeal,
        appeal=appeal.number,
        session=sheet.table.session.number,
        table=sheet.table.number,
        player=appeal.filer.number,
        kind=appeal.kind,
        via=appeal.via,
        hand=appeal.hand_number,
        penalty=appeal.penalty.pk if appeal.penalty else None,
        late=late,
        late_reason=appeal.late_reason,
        fee=str(appeal.fee_amount),
        currency=appeal.fee_currency,
        **extra,
    )


def _filing_via(
    by: User | None, code: str | None, sheet: ScoreSheet, filer: Player, tournament: Tournament, players: list[Player]
) -> str:
    """How the appeal is filed (by a referee for the player, or on the player's link with their code), once
    whoever files may file it for this filer."""
    if is_user(by):
        if not can_score(by, tournament):
            raise PermissionDenied(_("Only a referee or organizer of this tournament files an appeal for a player."))
        _check_filer_of(sheet, filer, tournament, players)
        return Appeal.Via.REFEREE
    _check_player_code(filer, code)
    if filer not in players and not captained_members(filer, players):
        raise PermissionDenied(_("You did not play at this table, and no member of a team you captain did."))
    return Appeal.Via.LINK


def _late_reason(
    sheet: ScoreSheet, tournament: Tournament, by: User | None, late_reason: str, now: datetime
) -> tuple[bool, str]:
    """Whether the appeal is late (its window closed), and the reason kept: an organizer's, only when late."""
    session = sheet.table.session
    late_reason = (late_reason or "").strip()
    deadline = appeal_deadline(session, tournament, sheet)
    if deadline is None or now <= deadline:
        return False, ""  # in time: there is nothing to excuse
    if not (is_user(by) and is_organizer(by, tournament)):
        raise ValidationError(
            _(
                "The appeal window for table %(t)s of session %(n)s closed at %(time)s, %(minutes)s minutes "
                "after its game ended (its sheet signed or the session closed, MCR 3.12.2). Only an "
                "organizer can accept a late appeal, saying why."
            )
            % {
                "t": sheet.table.number,
                "n": session.number,
                "time": date_format(timezone.localtime(deadline), "SHORT_DATETIME_FORMAT"),
                "minutes": tournament.appeal_minutes,
            },
            code="late",
        )
    if not late_reason:
        raise ValidationError(
            {"late_reason": _("The appeal window has closed: say why this late appeal is accepted.")},
            code="late_reason",
        )
    return True, late_reason


def appeal_file(
    *,
    sheet: ScoreSheet,
    filer: Player,
    kind: str,
    statement: str,
    hand_number: int | None = None,
    penalty: Penalty | None = None,
    late_reason: str = "",
    by: User | None = None,
    code: str | None = None,
) -> Appeal:
    """File an appeal about the ruling at `sheet`'s table. The filer "signs" it with their private code
    (`code`, no login), or a referee or organizer (`by`) files it for them. A team's captain may file with
    their own code for a table where a member of their team sat (MCR 3.12.1), or a referee files it for
    them; the audit entry then says it was filed as captain and for which members."""
    with transaction.atomic():
        tournament = lock_tournament(sheet.table.session.tournament)
        sheet = ScoreSheet.objects.select_related("table__session").get(pk=sheet.pk)
        session = sheet.table.session
        players = table_players(sheet)
        via = _filing_via(by, code, sheet, filer, tournament, players)
        if not session.is_public:
            raise ValidationError(
                _("The seating of session %(n)s is not published: there is no ruling to appeal yet.")
                % {"n": session.number},
                code="not_played",
            )
        if kind not in Appeal.Kind.values:
            raise ValidationError({"kind": _("Choose what the appeal is about.")})
        statement = (statement or "").strip()
        if not statement:
            raise ValidationError({"statement": _("Write what happened and what you ask for.")})
        _check_subject(sheet, tournament, hand_number, penalty)
        now = timezone.now()
        late, late_reason = _late_reason(sheet, tournament, by, late_reason, now)
        # Under the tournament's lock: two filings at once cannot both pass these.
        _refuse_duplicate(sheet=sheet, filer=filer, hand_number=hand_number, penalty=penalty)
        if via == Appeal.Via.LINK:
            _refuse_too_many_from_link(filer=filer, now=now)
        number = (Appeal.objects.filter(tournament=tournament).aggregate(m=Max("number"))["m"] or 0) + 1
        # Filed by the captain of a team one of whose members sat here (MCR 3.12.1), not by a player of it.
        members = captained_members(filer, players) if filer not in players else []
        appeal = _appeal_saved(
            sheet=sheet,
            tournament=tournament,
            number=number,
            hand_number=hand_number,
            penalty=penalty,
            kind=kind,
            filer=filer,
            via=via,
            filed_by=acting_user(by),
            filed_by_name=username(by),
            statement=statement,
            filed_at=now,
            late_reason=late_reason,
            late_accepted_by=by if late else None,
            late_accepted_by_name=by.get_username() if late and by is not None else "",
            fee_amount=tournament.appeal_fee,
            fee_currency=tournament.appeal_fee_currency,
            fee_status=Appeal.Fee.PAID,
        )
        _audit_filed(
            appeal, by, late, **({"as_captain": True, "for_players": [p.number for p in members]} if members else {})
        )
        return appeal


def appeal_decide(*, appeal: Appeal, outcome: str, reasons: str, by: User | None) -> Appeal:
    """The referees, the chief referee or the committee decide, as the appeal's path says, giving reasons.
    The fee follows: returned when upheld, forfeited when rejected."""
    with transaction.atomic():
        _lock_sheet(appeal.sheet)
        appeal = _lock_appeal(appeal)
        body = appeal_deciding_body(appeal)
        if body is None:
            raise ValidationError(_("Appeal %(n)s is decided already.") % {"n": appeal.number}, code="decided")
        if not may_decide(by, appeal):
            raise PermissionDenied(
                {
                    AppealDecision.Body.REFEREES: _(
                        "Only a referee of this tournament decides an appeal about the rules."
                    ),
                    AppealDecision.Body.CHIEF_REFEREE: _("Only the chief referee decides an appeal taken to them."),
                    AppealDecision.Body.COMMITTEE: _("Only a member of the appeals committee decides this appeal."),
                }[body]
            )
        if outcome not in AppealDecision.Outcome.values:
            raise ValidationError({"outcome": _("Choose whether the appeal is upheld or rejected.")})
        reasons = (reasons or "").strip()
        if not reasons:
            raise ValidationError({"reasons": _("Give the reasons for the decision.")})
        decision = AppealDecision(
            appeal=appeal,
            body=body,
            outcome=outcome,
            reasons=reasons,
            decided_by=by,
            decided_by_name=username(by),
            decided_at=timezone.now(),
        )
        decision.full_clean(exclude=["decided_by"])
        decision.save()
        before = (APPEAL.state(appeal), appeal.fee_status)
        upheld = outcome == AppealDecision.Outcome.UPHELD
        appeal.fee_status = Appeal.Fee.RETURNED if upheld else Appeal.Fee.FORFEITED
        if upheld:
            APPEAL.move(appeal, "uphold", fields=["fee_status"])
        elif body == AppealDecision.Body.REFEREES:
            APPEAL.move(appeal, "referees_reject", fields=["fee_status"])
        else:
            APPEAL.move(appeal, "reject", fields=["fee_status"])
        audit(
            tournament=appeal.tournament,
            actor=by,
            action="appeal.decide",
            obj=appeal,
            appeal=appeal.number,
            session=appeal.sheet.table.session.number,
            table=appeal.sheet.table.number,
            body=body,
            outcome=outcome,
            reasons=reasons,
            changes={"status": [before[0], APPEAL.state(appeal)], "fee_status": [before[1], appeal.fee_status]},
        )
        return appeal


def appeal_escalate(*, appeal: Appeal, reason: str, by: User | None = None, code: str | None = None) -> Appeal:
    """The filer is not satisfied with the referees' rejection and takes a rule appeal to the chief referee
    (MCR 3.13.1): on their private link (`code`), or a referee for them. The fee is held again."""
    with transaction.atomic():
        _lock_sheet(appeal.sheet)
        appeal = _lock_appeal(appeal)
        if is_user(by):
            if not can_score(by, appeal.tournament):
                raise PermissionDenied(_("Only a referee or organizer of this tournament does this for a player."))
        else:
            _check_player_code(appeal.filer, code)
        APPEAL.check(appeal, "escalate")
        reason = (reason or "").strip()
        if not reason:
            raise ValidationError({"reason": _("Say why you are not satisfied with the referees' decision.")})
        APPEAL.move(appeal, "escalate", save=False)
        appeal.fee_status = Appeal.Fee.PAID
        appeal.escalated_at = timezone.now()
        appeal.escalation_reason = reason
        appeal.full_clean(exclude=["filed_by", "late_accepted_by"])
        appeal.save(update_fields=["status", "fee_status", "escalated_at", "escalation_reason"])
        audit(
            tournament=appeal.tournament,
            actor=by,
            action="appeal.escalate",
            obj=appeal,
            appeal=appeal.number,
            session=appeal.sheet.table.session.number,
            table=appeal.sheet.table.number,
            reason=reason,
            player=appeal.filer.number,
            via="link" if not is_user(by) else "referee",
        )
        return appeal


def _start_amendment(appeal: Appeal, by: User | None) -> Appeal:
    _lock_sheet(appeal.sheet)
    appeal = _lock_appeal(appeal)
    if not can_score(by, appeal.tournament):
        raise PermissionDenied(_("Only a referee or organizer of this tournament amends a sheet."))
    if not appeal.is_upheld:
        raise ValidationError(
            _("Only an upheld appeal changes the sheet; appeal %(n)s is “%(status)s”.")
            % {"n": appeal.number, "status": appeal.get_status_display()},
            code="not_upheld",
        )
    return appeal


def _amended(appeal: Appeal, kind: str, by: User | None, **target: Any) -> AppealAmendment:
    amendment = AppealAmendment.objects.create(appeal=appeal, kind=kind, created_by=acting_user(by), **target)
    audit(
        tournament=appeal.tournament,
        actor=by,
        action="appeal.amend",
        obj=appeal,
        appeal=appeal.number,
        session=appeal.sheet.table.session.number,
        table=appeal.sheet.table.number,
        kind=kind,
        hand=getattr(target.get("hand_version"), "hand", None) and target["hand_version"].hand.number,
        penalty=target["penalty"].pk if target.get("penalty") else None,
    )
    return amendment


def appeal_amend_hand(
    *,
    appeal: Appeal,
    number: int,
    outcome: str,
    winner: Player | None = None,
    discarder: Player | None = None,
    points: int = 0,
    flowers: int = 0,
    note: str = "",
    expected_version: int | None = None,
    by: User | None,
) -> AppealAmendment:
    """Correct hand `number` as an upheld appeal decided: a new version of the hand, counted at once."""
    with transaction.atomic():
        appeal = _start_amendment(appeal, by)
        note = (note or "").strip() or _("Appeal %(n)s upheld") % {"n": appeal.number}
        version = hand_record(
            sheet=appeal.sheet,
            number=number,
            outcome=outcome,
            winner=winner,
            discarder=discarder,
            points=points,
            flowers=flowers,
            note=note[:300],
            by=by,
            expected_version=expected_version,
            pending=False,
            appeal=appeal,
        )
        return _amended(appeal, AppealAmendment.Kind.HAND, by, hand_version=version)


def appeal_amend_foul(*, appeal: Appeal, player: Player, foul: str, by: User | None, **details: Any) -> AppealAmendment:
    """Record a foul as an upheld appeal decided (``foul_record``'s details: hand_number, amount, and its
    idempotency_key and expected_fouls, so a second tap or a second referee records no second foul)."""
    with transaction.atomic():
        appeal = _start_amendment(appeal, by)
        penalty = foul_record(sheet=appeal.sheet, player=player, foul=foul, by=by, appeal=appeal, **details)
        kept = AppealAmendment.objects.filter(appeal=appeal, penalty=penalty, kind=AppealAmendment.Kind.PENALTY_ADDED)
        if (amendment := kept.first()) is not None:  # the same entry again (its key): already recorded
            return amendment
        return _amended(appeal, AppealAmendment.Kind.PENALTY_ADDED, by, penalty=penalty)


def appeal_amend_withdraw_penalty(
    *, appeal: Appeal, penalty: Penalty, reason: str = "", by: User | None
) -> AppealAmendment:
    """Withdraw a penalty as an upheld appeal decided; it stays on record, marked withdrawn."""
    with transaction.atomic():
        appeal = _start_amendment(appeal, by)
        if penalty.sheet_id != appeal.sheet_id:
            raise ValidationError({"penalty": _("That penalty was not given at this table.")})
        reason = (reason or "").strip() or _("Appeal %(n)s upheld") % {"n": appeal.number}
        penalty = penalty_withdraw(penalty=penalty, reason=reason[:200], by=by, appeal=appeal)
        return _amended(appeal, AppealAmendment.Kind.PENALTY_WITHDRAWN, by, penalty=penalty)


def _user_named(username: str | None) -> User | None:
    """The user of this installation with that username, if any: a tournament file names users, it does not
    carry them (docs/deploy.md)."""
    from django.contrib.auth import get_user_model

    if not username:
        return None
    return get_user_model().objects.filter(username=username).first()


def appeal_load(
    *,
    sheet: ScoreSheet,
    number: int,
    filer: Player,
    kind: str,
    via: str,
    statement: str,
    filed_at: datetime,
    status: str,
    hand_number: int | None = None,
    penalty: Penalty | None = None,
    filed_by: str | None = None,
    late_reason: str = "",
    late_accepted_by: str | None = None,
    fee_amount: Decimal | int = 0,
    fee_currency: str = "",
    fee_status: str = Appeal.Fee.PAID,
    escalated_at: datetime | None = None,
    escalation_reason: str = "",
    decisions: list[dict] | None = None,
    amendments: list[dict] | None = None,
    by: User | None = None,
) -> Appeal:
    """Record an appeal as a tournament file gives it, with its number, state, fee, decisions and amendments,
    nothing decided or amended again: the file is the record. For imports; the pages use the services above.

    ``decisions``: dicts of ``body``, ``outcome``, ``reasons``, ``by`` (a username or None), ``at``.
    ``amendments``: dicts of ``kind`` and either ``hand`` and ``version`` (the hand's version that counts on
    this sheet, which the import recorded as its only version and which takes the file's version number) or
    ``penalty`` (a Penalty of this sheet). The usernames are kept; the users are linked when this installation
    has them."""
    with transaction.atomic():
        tournament = lock_tournament(sheet.table.session.tournament)
        if by is not None and not is_organizer(by, tournament):
            raise PermissionDenied(_("Only an organizer of this tournament can do this."))
        sheet = _lock_sheet(sheet)
        _check_filer_of(sheet, filer, tournament, table_players(sheet))
        _check_subject(sheet, tournament, hand_number, None)
        if Appeal.objects.filter(tournament=tournament, number=number).exists():
            raise ValidationError({"number": _("Appeal %(n)s is already recorded.") % {"n": number}})
        _check_subject(sheet, tournament, None, penalty)
        appeal = _appeal_saved(
            sheet=sheet,
            tournament=tournament,
            state=status,
            number=number,
            hand_number=hand_number,
            penalty=penalty,
            kind=kind,
            filer=filer,
            via=via,
            filed_by=_user_named(filed_by),
            filed_by_name=filed_by or "",
            statement=statement,
            filed_at=filed_at,
            late_reason=late_reason or "",
            late_accepted_by=_user_named(late_accepted_by),
            late_accepted_by_name=late_accepted_by or "",
            fee_amount=fee_amount,
            fee_currency=fee_currency or "",
            fee_status=fee_status,
            escalated_at=escalated_at,
            escalation_reason=escalation_reason or "",
        )
        _load_decisions(appeal, decisions or [])
        amended = _load_amendments(appeal, amendments or [])
        _audit_loaded(appeal, by, decisions or [], amended)
        return appeal


def _audit_loaded(appeal: Appeal, by: User | None, decisions: list[dict], amended: list[dict[str, Any]]) -> None:
    """A loaded appeal's audit entry: a filed appeal's, with what the file says happened since."""
    _audit_filed(
        appeal,
        by,
        bool(appeal.late_reason),
        status=APPEAL.state(appeal),
        fee_status=appeal.fee_status,
        filed_at=appeal.filed_at.isoformat(),
        filed_by=appeal.filed_by_name or None,
        decisions=[{"body": d["body"], "outcome": d["outcome"], "by": d.get("by") or None} for d in decisions],
        amendments=amended,
        loaded=True,
    )


def _load_decisions(appeal: Appeal, decisions: list[dict]) -> None:
    for row in decisions:
        decision = AppealDecision(
            appeal=appeal,
            body=row["body"],
            outcome=row["outcome"],
            reasons=row["reasons"],
            decided_by=_user_named(row.get("by")),
            decided_by_name=row.get("by") or "",
            decided_at=row["at"],
        )
        decision.full_clean(exclude=["decided_by"])
        decision.save()


def _load_amendments(appeal: Appeal, amendments: list[dict]) -> list[dict[str, Any]]:
    """The changes an upheld appeal made, as the file gives them (each pointing at what the import recorded);
    what the audit entry says of them."""
    if amendments and not appeal.is_upheld:
        raise ValidationError(
            _("Only an upheld appeal changes the sheet; appeal %(n)s is “%(status)s”.")
            % {"n": appeal.number, "status": appeal.get_status_display()},
            code="not_upheld",
        )
    sheet = appeal.sheet
    amended: list[dict[str, Any]] = []
    for row in amendments:
        if row["kind"] == AppealAmendment.Kind.HAND:
            version = _loaded_hand_version(sheet, row["hand"], row["version"])
            AppealAmendment.objects.create(appeal=appeal, kind=row["kind"], hand_version=version)
            amended.append({"kind": row["kind"], "hand": row["hand"], "version": version.version})
            continue
        target = row["penalty"]
        if target.sheet_id != sheet.pk:
            raise ValidationError({"penalty": _("That penalty was not given at this table.")})
        if row["kind"] == AppealAmendment.Kind.PENALTY_WITHDRAWN and target.active:
            raise ValidationError(
                {"penalty": _("Appeal %(n)s withdrew this penalty, but it is not withdrawn.") % {"n": appeal.number}},
                code="penalty_state",
            )
        AppealAmendment.objects.create(appeal=appeal, kind=row["kind"], penalty=target)
        amended.append({"kind": row["kind"], "penalty": target.pk})
    return amended


def _loaded_hand_version(sheet: ScoreSheet, number: int, version_number: int) -> HandVersion:
    """The version of hand ``number`` that counts, numbered ``version_number`` as in the file: the file carries
    only the version that counts, which the import recorded as the hand's only version; it takes its number
    back, so the hand reads "version 2, by appeal" as it did."""
    from scoring.models import Hand, HandVersion

    hand = Hand.objects.filter(sheet=sheet, number=number).select_related("current").first()
    if hand is None or hand.current is None:
        raise ValidationError({"hand": _("Hand %(n)s is not recorded at this table.") % {"n": number}}, code="no_hand")
    current = hand.current
    if current.version != version_number:
        # Only a version as the import recorded it takes a number back, once: not one with a history, nor one
        # another amendment already names by its number.
        if (
            version_number < 1
            or hand.versions.exclude(pk=current.pk).exists()
            or AppealAmendment.objects.filter(hand_version=current).exists()
        ):
            raise ValidationError(
                {
                    "version": _("Version %(v)s of hand %(n)s is not the one that counts at this table.")
                    % {"v": version_number, "n": number}
                },
                code="not_current",
            )
        HandVersion.objects.filter(pk=current.pk).update(version=version_number)
        current.version = version_number
    return current
