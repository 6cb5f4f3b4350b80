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

import datetime
import json

from interchange.format import ALWAYS_WRITTEN, SETTINGS, InterchangeError, default, number_json
from rules import fouls
from rules import payments as pay
from scoring.models import Appeal, AppealAmendment, Hand, Penalty, Signature
from tournament.models import Seat, Session, Team, Withdrawal, split_display_name


def _hand_json(version):
    if version.outcome == pay.DRAW:
        out = {"draw": True}
    elif version.outcome == pay.NOT_PLAYED:
        out = {"not_played": True}
    elif version.outcome == pay.SELF_DRAWN:
        out = {"winner": version.winner.number, "self_drawn": True, "points": version.points}
    else:
        out = {"winner": version.winner.number, "from": version.discarder.number, "points": version.points}
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


def _penalty_json(penalty):
    if penalty.foul:
        return _foul_json(penalty)
    out = {"player": penalty.player.number, "amount": penalty.amount, "to": penalty.to, "reason": penalty.reason}
    if penalty.hand_number is not None:
        out["hand"] = penalty.hand_number
    return out


def _foul_json(penalty):
    """A foul by its code and what the referee gave; the import computes the rest (escalation included)."""
    out = {"player": penalty.player.number, "foul": penalty.foul}
    inputs = fouls.CATALOGUE[penalty.foul].inputs
    if "minutes" in inputs:
        out["minutes"] = penalty.minutes
    if "seconds" in inputs:
        out["seconds"] = penalty.seconds
    if "amount" in inputs and not (penalty.foul == fouls.EXPOSED_TILES and penalty.amount == 30):
        out["amount"] = penalty.amount
    if penalty.recipient_id:
        out["to"] = penalty.recipient.number
    elif "to" in inputs and penalty.to != pay.TO_NOBODY:
        out["to"] = penalty.to
    if penalty.reason:
        out["reason"] = penalty.reason
    if penalty.hand_number is not None:
        out["hand"] = penalty.hand_number
    return out


def _when(moment):
    return moment.astimezone(datetime.UTC).isoformat(timespec="seconds")


def _signature_json(signature):
    out = {"role": signature.role}
    if signature.role == Signature.Role.PLAYER:
        out.update(player=signature.player.number, method=signature.method)
    elif signature.name:
        out["by"] = signature.name
    out["at"] = _when(signature.signed_at)
    return out


def _signatures_json(signatures):
    """The confirmations and signatures, unless all there is is a signature without a signer: what an import of
    a plain "submitted": true made, which "submitted" already says."""
    if all(s.role == Signature.Role.REFEREE and not s.name for s in signatures):
        return []
    return [_signature_json(s) for s in signatures]


def tournament_export(tournament) -> dict:
    """The tournament as interchange data (see the module docstring)."""
    data = {"name": tournament.name, "slug": tournament.slug}
    # A session's length defaults to the rule set's on import (tournament_create), so it is written when
    # it differs from that: an MCR file is as before, a Swiss one of 4 hands needs no line either.
    defaults = {"hands_per_session": tournament.rule_set.hands_per_session}
    for field_name, kind in SETTINGS:
        value = getattr(tournament, field_name)
        if field_name not in ALWAYS_WRITTEN and value == defaults.get(field_name, default(field_name)):
            continue
        if kind == "date":
            value = value.isoformat() if value else None
        elif kind == "decimal":
            value = number_json(value)
        data[field_name] = value

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
    data["players"] = []
    for p in players:
        row = {"number": p.number, "name": p.name}
        # Name parts only where they add something: a single name that splits unambiguously splits the
        # same way on import.
        if (p.family_name, p.given_name) != split_display_name(p.name):
            row["family_name"], row["given_name"] = p.family_name, p.given_name
        for key in ("country", "club", "ema_id"):
            if getattr(p, key):
                row[key] = getattr(p, key)
        if p.no_ema_id:
            row["no_ema_id"] = True
        if p.team_id:
            row["team"] = p.team.name
            if p.pk in captains:
                row["team_captain"] = True
        if p.is_substitute:
            row["is_substitute"] = True
        data["players"].append(row)

    seats = {}
    for seat in Seat.objects.filter(session__tournament=tournament).select_related("player"):
        seats.setdefault(seat.table_id, [None] * 4)[seat.position] = seat.player.number
    hands = {}
    for hand in (
        Hand.objects.filter(sheet__table__session__tournament=tournament)
        .exclude(current__isnull=True, pending__isnull=True)
        .select_related("current__winner", "current__discarder", "pending__winner", "pending__discarder", "sheet")
        .order_by("number")
    ):
        hands.setdefault(hand.sheet.table_id, []).append(hand)
    penalties = {}
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
    signatures = {}
    for signature in (
        Signature.objects.filter(sheet__table__session__tournament=tournament, voided_at__isnull=True)
        .select_related("player", "sheet")
        .order_by("signed_at", "id")
    ):
        signatures.setdefault(signature.sheet.table_id, []).append(signature)

    data["sessions"] = []
    for session in tournament.sessions.prefetch_related("tables__sheet").order_by("number"):
        tables = sorted(session.tables.all(), key=lambda t: t.number)
        if session.status == Session.Status.PLANNED and not tables:
            continue
        row = {"number": session.number, "status": session.status}
        if session.seating_method:
            row["seating_method"] = session.seating_method
        if session.seed is not None:
            row["seed"] = session.seed
        if session.advance_rule:
            row["advance"] = {"rule": session.advance_rule, "count": session.advance_count}
            if session.advance_order:
                row["advance"]["order"] = list(session.advance_order)
        if session.ends_at is not None:
            row["starts_at"], row["ends_at"] = session.starts_at.isoformat(), session.ends_at.isoformat()
        row["tables"] = []
        for table in tables:
            table_hands = hands.get(table.pk, [])
            if [h.number for h in table_hands] != list(range(1, len(table_hands) + 1)):
                raise InterchangeError(
                    f"session {session.number} table {table.number}",
                    "hands are not numbered 1..n; the sheet is inconsistent",
                )
            t = {
                "number": table.number,
                "seats": seats.get(table.pk, [None] * 4),
                "hands": [
                    _hand_json(h.current) if h.current else dict(_hand_json(h.pending), pending=True)
                    for h in table_hands
                ],
                "penalties": [_penalty_json(p) for p in penalties.get(table.pk, [])],
            }
            sheet = getattr(table, "sheet", None)
            if sheet is not None and sheet.is_submitted:
                t["submitted"] = True
            if withdrawn.get(table.pk):
                t["withdrawn_penalties"] = [
                    dict(_penalty_json(p), withdrawn_reason=p.withdrawn_reason) for p in withdrawn[table.pk]
                ]
            table_signatures = _signatures_json(signatures.get(table.pk, []))
            if table_signatures:
                t["signatures"] = table_signatures
            row["tables"].append(t)
        data["sessions"].append(row)
    withdrawals = [
        _withdrawal_json(w)
        for w in Withdrawal.objects.filter(tournament=tournament)
        .select_related("player", "substitute", "from_session")
        .order_by("created_at", "id")
    ]
    if withdrawals:
        data["withdrawals"] = withdrawals
    if appeals:
        data["appeals"] = [_appeal_json(a, penalties, withdrawn) for a in appeals]
    return data


def _withdrawn_penalties(appeals):
    """{table id: the withdrawn penalties the appeals refer to, in the order they were given}."""
    found = {}
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


def _penalty_ref(penalty, table_id, penalties, withdrawn):
    """A penalty of the appeal's table, by its place in the table's "penalties" or "withdrawn_penalties"."""
    if penalty.active:
        return {"penalty": [p.pk for p in penalties.get(table_id, [])].index(penalty.pk)}
    return {"withdrawn_penalty": [p.pk for p in withdrawn[table_id]].index(penalty.pk)}


def _user_name(user):
    return user.get_username() if user is not None else None


def _appeal_json(appeal, penalties, withdrawn):
    table = appeal.sheet.table
    out = {"number": appeal.number, "session": table.session.number, "table": table.number}
    if appeal.hand_number is not None:
        out["hand"] = appeal.hand_number
    if appeal.penalty_id:
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
    out.update(fee_status=appeal.fee_status, status=appeal.status)
    if appeal.escalated_at is not None:
        out["escalated_at"] = _when(appeal.escalated_at)
    if appeal.escalation_reason:
        out["escalation_reason"] = appeal.escalation_reason
    decisions = []
    for d in appeal.decisions.all():
        row = {"body": d.body, "outcome": d.outcome, "reasons": d.reasons}
        name = d.decided_by_name or _user_name(d.decided_by)
        if name:
            row["by"] = name
        row["at"] = _when(d.decided_at)
        decisions.append(row)
    if decisions:
        out["decisions"] = decisions
    amendments = []
    for a in appeal.amendments.all():
        if a.kind == AppealAmendment.Kind.HAND:
            hand = a.hand_version.hand
            if hand.current_id != a.hand_version_id:
                continue  # superseded since: the file carries only the version that counts
            amendments.append({"kind": a.kind, "hand": hand.number, "version": a.hand_version.version})
        else:
            amendments.append({"kind": a.kind, **_penalty_ref(a.penalty, table.pk, penalties, withdrawn)})
    if amendments:
        out["amendments"] = amendments
    return out


def _withdrawal_json(w):
    out = {"player": w.player.number, "from_session": w.from_session.number, "reason": w.reason}
    if w.note:
        out["note"] = w.note
    if not w.keep_in_standings:
        out["keep_in_standings"] = False
    if w.substitute_id:
        out["substitute"] = w.substitute.number
    if w.seats_taken:
        out["seats_taken"] = list(w.seats_taken)
    if w.undone_at is not None:
        out["undone"] = True
    return out


def dumps(data, width=140):
    """JSON laid out for people: an element that fits on one line (a player, a hand, a penalty, a
    table's seats) is written on one line, larger ones are indented."""

    def compact(value):
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))

    def render(value, indent, prefix=0):
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


def export_json(tournament):
    return dumps(tournament_export(tournament))
