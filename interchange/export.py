"""Export: a tournament as interchange data.

Tournament settings other than name/slug/rules/session_count are written only when they differ from
the defaults. Only the current version of each hand, the active (not withdrawn) penalties and the
active (not voided) confirmations and signatures are exported; importing an export gives the same data.
With two-person entry, a hand whose only entry waits for confirmation is written with "pending": true; a
correction still waiting is not written (the version that counts is).

Appeals are written with their decisions and amendments. A penalty an appeal refers to that has been withdrawn
is written in its table's "withdrawn_penalties" (the other withdrawn penalties are not). A hand amendment is
written while the version it made is the one that counts; a version superseded since is not in the file, like
every earlier version.
"""

from __future__ import annotations

import datetime
import json
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from interchange.format import ALWAYS_WRITTEN, SETTINGS, InterchangeError, default, number_json
from rules import fouls
from rules import payments as pay
from scoring.models import Appeal, AppealAmendment, Hand, HandVersion, Penalty, Signature
from standings.weight import tournament_weight, weight_json
from tournament.finals_models import FinalStage
from tournament.models import Player, Seat, Session, Table, Team, TieDecider, Tournament, Withdrawal, split_display_name
from tournament.player_fields import PLAYER_FIELDS, Kind

if TYPE_CHECKING:
    from django.contrib.auth.base_user import AbstractBaseUser


def _number(player: Player | None) -> int | None:
    """A player by number, where the record names one (a winner, the player harmed, a substitute)."""
    return player.number if player is not None else None


def _hand_json(version: HandVersion) -> dict[str, Any]:
    out: dict[str, Any]
    if version.outcome == pay.DRAW:
        out = {"draw": True}
    elif version.outcome == pay.NOT_PLAYED:
        out = {"not_played": True}
    elif version.outcome == pay.SELF_DRAWN:
        out = {"winner": _number(version.winner), "self_drawn": True, "points": version.points}
    else:
        out = {"winner": _number(version.winner), "from": _number(version.discarder), "points": version.points}
    if version.flowers:
        out["flowers"] = version.flowers
    if version.note:
        out["note"] = version.note
    if version.tiles:
        out["tiles"] = version.tiles
    if version.player_points is not None:
        out["player_points"] = version.player_points
    if version.after_bell:
        out["after_bell"] = True
    return out


def _hand_entry(hand: Hand) -> dict[str, Any]:
    """The version that counts; or, with two-person entry, the first entry still waiting for confirmation (a
    hand with neither is not read)."""
    if hand.current is not None:
        return _hand_json(hand.current)
    return dict(_hand_json(cast(HandVersion, hand.pending)), pending=True)


def _penalty_json(penalty: Penalty) -> dict[str, Any]:
    if penalty.foul:
        return _foul_json(penalty)
    out: dict[str, Any] = {
        "player": penalty.player.number,
        "amount": penalty.amount,
        "to": penalty.to,
        "reason": penalty.reason,
    }
    if penalty.hand_number is not None:
        out["hand"] = penalty.hand_number
    return out


def _foul_json(penalty: Penalty) -> dict[str, Any]:
    """A foul by its code and what the referee gave; the import computes the rest (escalation included)."""
    out: dict[str, Any] = {"player": penalty.player.number, "foul": penalty.foul}
    inputs = fouls.CATALOGUE[penalty.foul].inputs
    if "minutes" in inputs:
        out["minutes"] = penalty.minutes
    if "seconds" in inputs:
        out["seconds"] = penalty.seconds
    if penalty.from_deal:
        out["from_deal"] = True
    if penalty.tiles:
        out["tiles"] = penalty.tiles
    if "amount" in inputs and not (penalty.foul == fouls.EXPOSED_TILES and penalty.amount == 30):
        out["amount"] = penalty.amount
    if penalty.recipient_id:
        out["to"] = _number(penalty.recipient)
    elif "to" in inputs and penalty.to != pay.TO_NOBODY:
        out["to"] = penalty.to
    if penalty.reason:
        out["reason"] = penalty.reason
    if penalty.hand_number is not None:
        out["hand"] = penalty.hand_number
    return out


def _when(moment: datetime.datetime) -> str:
    return moment.astimezone(datetime.UTC).isoformat(timespec="seconds")


def _signature_json(signature: Signature) -> dict[str, Any]:
    out: dict[str, Any] = {"role": signature.role}
    if signature.role == Signature.Role.PLAYER:
        out.update(player=_number(signature.player), method=signature.method)
    elif signature.name:
        out["by"] = signature.name
    out["at"] = _when(signature.signed_at)
    return out


def _signatures_json(signatures: list[Signature]) -> list[dict[str, Any]]:
    """The confirmations and signatures, unless all there is is a signature without a signer: what an import of
    a plain "submitted": true made, which "submitted" already says."""
    if all(s.role == Signature.Role.REFEREE and not s.name for s in signatures):
        return []
    return [_signature_json(s) for s in signatures]


def tournament_export(tournament: Tournament) -> dict[str, Any]:
    """The tournament as interchange data (see the module docstring)."""
    data: dict[str, Any] = {"name": tournament.name, "slug": tournament.slug, **_settings_json(tournament)}
    players = list(tournament.players.select_related("team").order_by("number"))
    captains = set(
        Team.objects.filter(tournament=tournament, captain__isnull=False).values_list("captain_id", flat=True)
    )
    used_teams = {p.team_id for p in players if p.team_id}
    empty_teams = list(
        Team.objects.filter(tournament=tournament)
        .exclude(pk__in=used_teams)
        .order_by("name")
        .values_list("name", flat=True)
    )
    if empty_teams:
        data["teams"] = empty_teams
    data["players"] = [_player_json(p, p.pk in captains) for p in players]
    records = _Records.of(tournament)
    data["sessions"] = [
        _session_json(session, records)
        for session in tournament.sessions.prefetch_related("tables__sheet").order_by("number")
        if not session.is_planned or session.tables.all()
    ]
    withdrawals = [
        _withdrawal_json(w)
        for w in Withdrawal.objects.filter(tournament=tournament)
        .select_related("player", "substitute", "from_session")
        .order_by("created_at", "id")
    ]
    if withdrawals:
        data["withdrawals"] = withdrawals
    timetable = {
        str(s.number): s.planned_start.isoformat()
        for s in tournament.sessions.order_by("number")
        if s.planned_start is not None
    }
    if timetable:
        data["timetable"] = timetable
    deciders = [
        _tie_decider_json(d) for d in TieDecider.objects.filter(tournament=tournament).order_by("created_at", "id")
    ]
    if deciders:
        data["tie_deciders"] = deciders
    if records.appeals:
        data["appeals"] = [_appeal_json(a, records.penalties, records.withdrawn) for a in records.appeals]
    stage = FinalStage.objects.filter(tournament=tournament).first()
    if stage is not None:
        data["final"] = _final_json(stage)
    data["mers_weight"] = weight_json(tournament_weight(tournament))
    return data


def _final_json(stage: FinalStage) -> dict[str, Any]:
    numbers = dict(stage.tournament.players.values_list("pk", "number"))
    out: dict[str, Any] = {
        "size": stage.size,
        "after_session": stage.after_session,
        "carry_table_points": stage.carry_table_points,
        "carry_points": stage.carry_points,
        "others": stage.others,
        "seating": stage.seating,
    }
    if stage.table_points_factor is not None:
        out["table_points_factor"] = number_json(stage.table_points_factor)
    if stage.points_factor is not None:
        out["points_factor"] = number_json(stage.points_factor)
    if stage.is_cut:
        out["finalists"] = [numbers[pk] for pk in stage.finalists if pk in numbers]
        out["level_order"] = list(stage.level_order)
    return out


def _settings_json(tournament: Tournament) -> dict[str, Any]:
    """The settings that differ from the defaults, and those always written."""
    # A session's length defaults to the rule set's on import (tournament_create), so it is written when
    # it differs from that: an MCR file is as before, a Swiss one of 4 hands needs no line either.
    defaults = {"hands_per_session": tournament.rule_set.hands_per_session}
    data = {}
    for field_name, kind in SETTINGS:
        value = getattr(tournament, field_name)
        if field_name not in ALWAYS_WRITTEN and value == defaults.get(field_name, default(field_name)):
            continue
        if kind == "date":
            value = value.isoformat() if value else None
        elif kind == "decimal":
            value = number_json(value)
        data[field_name] = value
    return data


def _player_json(player: Player, captain: bool) -> dict[str, Any]:
    """A player's fields (tournament.player_fields): number and name always, the others where they are set.
    The name's parts only where they add something: a single name that splits unambiguously splits the same
    way on import."""
    parts_given = (player.family_name, player.given_name) != split_display_name(player.name)
    row = {}
    for player_field in PLAYER_FIELDS:
        value = player_field.value_of(player)
        if player_field.always or (parts_given if player_field.name_part else value):
            row[player_field.key] = value
        if player_field.kind is Kind.TEAM and value and captain:
            row["team_captain"] = True
    return row


@dataclass
class _Records:
    """What the tables of a tournament hold, read with a few queries: {table id: its seats (player numbers),
    hands, active penalties, active signatures}; the appeals, and the withdrawn penalties they refer to."""

    seats: dict[int, list[int | None]]
    hands: dict[int, list[Hand]]
    penalties: dict[int, list[Penalty]]
    signatures: dict[int, list[Signature]]
    appeals: list[Appeal]
    withdrawn: dict[int, list[Penalty]]

    @classmethod
    def of(cls, tournament: Tournament) -> _Records:
        seats: dict[int, list[int | None]] = {}
        for seat in Seat.objects.filter(session__tournament=tournament).select_related("player"):
            seats.setdefault(seat.table_id, [None] * 4)[seat.position] = seat.player.number
        hands: dict[int, list[Hand]] = {}
        for hand in (
            Hand.objects.filter(sheet__table__session__tournament=tournament)
            .exclude(current__isnull=True, pending__isnull=True)
            .select_related("current__winner", "current__discarder", "pending__winner", "pending__discarder", "sheet")
            .order_by("number")
        ):
            hands.setdefault(hand.sheet.table_id, []).append(hand)
        penalties: dict[int, list[Penalty]] = {}
        for penalty in (
            Penalty.objects.filter(sheet__table__session__tournament=tournament, withdrawn_at__isnull=True)
            .select_related("player", "recipient", "sheet")
            .order_by("created_at", "id")
        ):
            penalties.setdefault(penalty.sheet.table_id, []).append(penalty)
        appeals = list(
            Appeal.objects.filter(tournament=tournament)
            .select_related("sheet__table__session", "filer", "filed_by", "late_accepted_by", "penalty")
            .prefetch_related("decisions", "amendments__hand_version__hand", "amendments__penalty")
            .order_by("number")
        )
        withdrawn = _withdrawn_penalties(appeals)
        signatures: dict[int, list[Signature]] = {}
        for signature in (
            Signature.objects.filter(sheet__table__session__tournament=tournament, voided_at__isnull=True)
            .select_related("player", "sheet")
            .order_by("signed_at", "id")
        ):
            signatures.setdefault(signature.sheet.table_id, []).append(signature)
        return cls(seats, hands, penalties, signatures, appeals, withdrawn)


def _session_json(session: Session, records: _Records) -> dict[str, Any]:
    row: dict[str, Any] = {"number": session.number, "status": session.status}
    if session.seating_method:
        row["seating_method"] = session.seating_method
    if session.seed is not None:
        row["seed"] = session.seed
    if session.advance_rule:
        row["advance"] = {"rule": session.advance_rule, "count": session.advance_count}
        if session.advance_order:
            row["advance"]["order"] = list(session.advance_order)
    if session.ends_at is not None:
        row["starts_at"], row["ends_at"] = session.starts_at.isoformat(), session.ends_at.isoformat()  # type: ignore[union-attr]
    # Only when it says more than the status: a closed session without it counts as closed once on import
    # (closing sets it then), so files without it still round-trip exactly.
    if session.first_closed_at is not None and session.first_closed_at != session.closed_at:
        row["first_closed_at"] = session.first_closed_at.isoformat()
    row["tables"] = [
        _table_json(session, table, records) for table in sorted(session.tables.all(), key=lambda t: t.number)
    ]
    return row


def _table_json(session: Session, table: Table, records: _Records) -> dict[str, Any]:
    table_hands = records.hands.get(table.pk, [])
    if [h.number for h in table_hands] != list(range(1, len(table_hands) + 1)):
        raise InterchangeError(
            f"session {session.number} table {table.number}",
            "hands are not numbered 1..n; the sheet is inconsistent",
        )
    t: dict[str, Any] = {
        "number": table.number,
        "seats": records.seats.get(table.pk, [None] * 4),
        "hands": [_hand_entry(h) for h in table_hands],
        "penalties": [_penalty_json(p) for p in records.penalties.get(table.pk, [])],
    }
    if table.extra_minutes:  # the table's extra time after the session's bell (Table.ends_at)
        t["extra_minutes"], t["extra_reason"] = table.extra_minutes, table.extra_reason
    sheet = getattr(table, "sheet", None)
    if sheet is not None and sheet.is_submitted:
        t["submitted"] = True
    if records.withdrawn.get(table.pk):
        t["withdrawn_penalties"] = [
            dict(_penalty_json(p), withdrawn_reason=p.withdrawn_reason) for p in records.withdrawn[table.pk]
        ]
    table_signatures = _signatures_json(records.signatures.get(table.pk, []))
    if table_signatures:
        t["signatures"] = table_signatures
    return t


def _withdrawn_penalties(appeals: list[Appeal]) -> dict[int, list[Penalty]]:
    """{table id: the withdrawn penalties the appeals refer to, in the order they were given}."""
    found: dict[int, dict[int, Penalty]] = {}
    for appeal in appeals:
        for penalty in [appeal.penalty, *(a.penalty for a in appeal.amendments.all())]:
            if penalty is not None and not penalty.active:
                found.setdefault(appeal.sheet.table_id, {})[penalty.pk] = penalty
    ids = {pk for by_pk in found.values() for pk in by_pk}
    loaded = {p.pk: p for p in Penalty.objects.filter(pk__in=ids).select_related("player", "recipient")}
    return {
        table_id: sorted((loaded[pk] for pk in by_pk), key=lambda p: (p.created_at, p.pk))
        for table_id, by_pk in found.items()
    }


def _penalty_ref(
    penalty: Penalty, table_id: int, penalties: dict[int, list[Penalty]], withdrawn: dict[int, list[Penalty]]
) -> dict[str, int]:
    """A penalty of the appeal's table, by its place in the table's "penalties" or "withdrawn_penalties"."""
    if penalty.active:
        return {"penalty": [p.pk for p in penalties.get(table_id, [])].index(penalty.pk)}
    return {"withdrawn_penalty": [p.pk for p in withdrawn[table_id]].index(penalty.pk)}


def _user_name(user: AbstractBaseUser | None) -> str | None:
    return user.get_username() if user is not None else None


def _appeal_json(
    appeal: Appeal, penalties: dict[int, list[Penalty]], withdrawn: dict[int, list[Penalty]]
) -> dict[str, Any]:
    table = appeal.sheet.table
    out: dict[str, Any] = {"number": appeal.number, "session": table.session.number, "table": table.number}
    if appeal.hand_number is not None:
        out["hand"] = appeal.hand_number
    if appeal.penalty is not None:
        out.update(_penalty_ref(appeal.penalty, table.pk, penalties, withdrawn))
    out.update(kind=appeal.kind, filer=appeal.filer.number, via=appeal.via)
    filed_by = appeal.filed_by_name or _user_name(appeal.filed_by)
    if filed_by:
        out["filed_by"] = filed_by
    out.update(statement=appeal.statement, filed_at=_when(appeal.filed_at))
    if appeal.late_reason:
        out["late_reason"] = appeal.late_reason
    accepted_by = appeal.late_accepted_by_name or _user_name(appeal.late_accepted_by)
    if accepted_by:
        out["late_accepted_by"] = accepted_by
    out["fee_amount"] = number_json(appeal.fee_amount)
    if appeal.fee_currency:
        out["fee_currency"] = appeal.fee_currency
    out.update(fee_status=appeal.fee_status, status=appeal.status)  # not a lifecycle move: the file's copy
    if appeal.escalated_at is not None:
        out["escalated_at"] = _when(appeal.escalated_at)
    if appeal.escalation_reason:
        out["escalation_reason"] = appeal.escalation_reason
    decisions = []
    for d in appeal.decisions.all():
        row: dict[str, Any] = {"body": d.body, "outcome": d.outcome, "reasons": d.reasons}
        name = d.decided_by_name or _user_name(d.decided_by)
        if name:
            row["by"] = name
        row["at"] = _when(d.decided_at)
        decisions.append(row)
    if decisions:
        out["decisions"] = decisions
    amendments: list[dict[str, Any]] = []
    for a in appeal.amendments.all():
        # A hand amendment names the version it made, a penalty amendment its penalty (the model's constraint).
        if a.kind == AppealAmendment.Kind.HAND:
            version = cast(HandVersion, a.hand_version)
            if version.hand.current_id != version.pk:
                continue  # superseded since: the file carries only the version that counts
            amendments.append({"kind": a.kind, "hand": version.hand.number, "version": version.version})
        else:
            penalty = cast(Penalty, a.penalty)
            amendments.append({"kind": a.kind, **_penalty_ref(penalty, table.pk, penalties, withdrawn)})
    if amendments:
        out["amendments"] = amendments
    return out


def _withdrawal_json(w: Withdrawal) -> dict[str, Any]:
    out: dict[str, Any] = {"player": w.player.number, "from_session": w.from_session.number, "reason": w.reason}
    if w.note:
        out["note"] = w.note
    if not w.keep_in_standings:
        out["keep_in_standings"] = False
    if w.substitute_id:
        out["substitute"] = _number(w.substitute)
    if w.seats_taken:
        out["seats_taken"] = list(w.seats_taken)
    if w.undone_at is not None:
        out["undone"] = True
    if w.after_hand:
        out["after_hand"] = w.after_hand
    if w.back_from:
        out["back_from"] = w.back_from
    return out


def _tie_decider_json(d: TieDecider) -> dict[str, Any]:
    out: dict[str, Any] = {"order": list(d.order), "method": d.method}
    if d.note:
        out["note"] = d.note
    if not d.active:
        out["withdrawn"] = True
    return out


def dumps(data: Any, width: int = 140) -> str:
    """JSON laid out for people: an element that fits on one line (a player, a hand, a penalty, a
    table's seats) is written on one line, larger ones are indented."""

    def compact(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))

    def render(value: Any, indent: int, prefix: int = 0) -> str:
        text = compact(value)
        if not isinstance(value, (dict, list)) or not value or indent + prefix + len(text) <= width:
            return text
        pad = " " * (indent + 1)
        if isinstance(value, dict):
            items = [f"{pad}{compact(k)}: {render(v, indent + 1, len(compact(k)) + 2)}" for k, v in value.items()]
            return "{\n" + ",\n".join(items) + "\n" + " " * indent + "}"
        items = [pad + render(v, indent + 1) for v in value]
        return "[\n" + ",\n".join(items) + "\n" + " " * indent + "]"

    return render(data, 0) + "\n"


def export_json(tournament: Tournament) -> str:
    return dumps(tournament_export(tournament))
