"""Import: a tournament from interchange data, through the services (which validate, lock and audit)
inside one transaction, so a bad file imports nothing. Errors name the element at fault, e.g.
``sessions[0].tables[1].hands[3].from: player 17 is not at this table``.
"""
import datetime

from django.core.exceptions import ValidationError
from django.db import DatabaseError, transaction
from django.utils import timezone

from interchange.format import PLAYER_KEYS, InterchangeError
from interchange.shape import validate
from schedule import services as schedule
from scoring import services as ss
from scoring.models import Hand, HandVersion, Penalty
from scoring.rules import payments as pay
from tournament import services as ts
from tournament.audit import audit
from tournament.models import Seat, Session, Tournament


def _messages(exc):
    if hasattr(exc, "message_dict"):
        return "; ".join(f"{k}: {' '.join(v)}" if k != "__all__" else " ".join(v)
                         for k, v in exc.message_dict.items())
    return " ".join(getattr(exc, "messages", [str(exc)]))


PLAYER_FIELDS = {k: k for k in PLAYER_KEYS}
HAND_FIELDS = {"winner": "winner", "discarder": "from", "points": "points", "flowers": "flowers", "note": "note",
               "tiles": "tiles"}
PENALTY_FIELDS = {"player": "player", "amount": "amount", "to": "to", "reason": "reason", "hand_number": "hand",
                  "recipient": "to", "minutes": "minutes", "seconds": "seconds", "foul": "foul"}
SIGNATURE_FIELDS = {"player": "player", "method": "method"}


class _At:
    """Turn a service's ValidationError into an InterchangeError at the element being imported; when
    the model names a single field that the element has, the path goes down to that field."""

    def __init__(self, path, fields=None):
        self.path = path
        self.fields = fields or {}

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        if exc_type is not None and issubclass(exc_type, DatabaseError):
            # A constraint or size the services do not check; the whole import is rolled back.
            raise InterchangeError(self.path, f"the database refused it: {exc}") from exc
        if exc_type is not None and issubclass(exc_type, ValidationError):
            path = self.path
            named = [k for k in (getattr(exc, "message_dict", None) or {}) if k != "__all__"]
            if len(named) == 1 and named[0] in self.fields:
                path = f"{path}.{self.fields[named[0]]}"
                message = " ".join(exc.message_dict[named[0]])
            else:
                message = _messages(exc)
            raise InterchangeError(path, message) from exc
        return False


def tournament_delete(tournament, by=None):
    """Delete a tournament and everything in it (used by --replace). Players and hand versions are
    protected against deletion while referenced, so the score records go first."""
    with transaction.atomic():
        tournament = Tournament.objects.select_for_update().get(pk=tournament.pk)
        hands = Hand.objects.filter(sheet__table__session__tournament=tournament)
        hands.update(current=None, pending=None)
        HandVersion.objects.filter(hand__sheet__table__session__tournament=tournament).delete()
        hands.delete()
        Penalty.objects.filter(sheet__table__session__tournament=tournament).delete()
        Seat.objects.filter(session__tournament=tournament).delete()
        audit(tournament=None, actor=by, action="tournament.delete", obj=None, slug=tournament.slug,
              name=tournament.name, pk=tournament.pk)
        tournament.delete()


def tournament_import(data: dict, replace=False, by=None) -> Tournament:
    """Create a tournament from interchange data through the services, all or nothing. `by`, when given,
    becomes the new tournament's organizer and the importer in the audit log."""
    settings = validate(data)
    with transaction.atomic():
        existing = Tournament.objects.filter(slug=data["slug"]).first()
        if existing is not None:
            if not replace:
                raise InterchangeError("slug", f"a tournament “{data['slug']}” already exists "
                                               "(import with --replace to overwrite it)")
            tournament_delete(existing)
        try:
            tournament = ts.tournament_create(by=by, name=data["name"], slug=data["slug"], **settings)
        except ValidationError as exc:
            # Point at the first setting the model refused.
            fields = [f for f in (getattr(exc, "message_dict", None) or {}) if f != "__all__"]
            raise InterchangeError(fields[0] if fields else "", _messages(exc)) from exc

        for i, name in enumerate(data.get("teams", [])):
            with _At(f"teams[{i}]"):
                ts.team_get_or_create(tournament=tournament, name=name, by=None)
        players = {}
        for i, row in enumerate(data.get("players", [])):
            with _At(f"players[{i}]", PLAYER_FIELDS):
                players[row["number"]] = ts.player_create(
                    tournament=tournament, by=None, number=row["number"], name=row["name"],
                    country=row.get("country", ""), club=row.get("club", ""), ema_id=row.get("ema_id", ""),
                    team=row.get("team") or None, is_substitute=row.get("is_substitute", False))

        for s, srow in enumerate(data.get("sessions", [])):
            spath = f"sessions[{s}]"
            tables = srow.get("tables", [])
            if not tables:
                continue
            session = tournament.sessions.get(number=srow["number"])
            with _At(f"{spath}.tables"):
                schedule.session_seat(session=session, by=None, tables=[[players[n] for n in t["seats"]] for t in tables],
                                method=srow.get("seating_method", ""), seed=srow.get("seed"))
            for t, trow in enumerate(tables):
                tpath = f"{spath}.tables[{t}]"
                sheet = session.tables.get(number=t + 1).sheet
                for h, hrow in enumerate(trow.get("hands", [])):
                    with _At(f"{tpath}.hands[{h}]", HAND_FIELDS):
                        ss.hand_record(sheet=sheet, number=h + 1, by=None, **_hand_kwargs(hrow, players))
                for k, prow in enumerate(trow.get("penalties", [])):
                    with _At(f"{tpath}.penalties[{k}]", PENALTY_FIELDS):
                        if "foul" in prow:
                            ss.foul_record(sheet=sheet, by=None, **_foul_kwargs(prow, players))
                        else:
                            ss.penalty_record(sheet=sheet, player=players[prow["player"]], amount=prow["amount"],
                                              to=prow.get("to", pay.TO_NOBODY), reason=prow["reason"],
                                              hand_number=prow.get("hand"), by=None)
                for k, grow in enumerate(trow.get("signatures", [])):
                    with _At(f"{tpath}.signatures[{k}]", SIGNATURE_FIELDS):
                        _sign(sheet, grow, players)
                if trow.get("submitted") and not ss.sheet_for_table(table=sheet.table).is_submitted:
                    with _At(f"{tpath}.submitted"):
                        ss.sheet_submit(sheet=sheet, by=None)
            status = srow.get("status", Session.Status.SEATED)
            with _At(f"{spath}.status"):
                if status == Session.Status.PUBLISHED:
                    schedule.session_publish(session=session, by=None)
                elif status == Session.Status.CLOSED:
                    schedule.session_close(session=session, by=None)
        audit(tournament=tournament, actor=by, action="tournament.import", obj=tournament,
              players=len(players), sessions=len(data.get("sessions", [])), replaced=existing is not None)
        return tournament


def _hand_kwargs(hand, players):
    if hand.get("draw"):
        kwargs = {"outcome": pay.DRAW}
    elif hand.get("not_played"):
        kwargs = {"outcome": pay.NOT_PLAYED}
    elif hand.get("self_drawn"):
        kwargs = {"outcome": pay.SELF_DRAWN, "winner": players[hand["winner"]], "points": hand["points"],
                  "flowers": hand.get("flowers", 0)}
    else:
        kwargs = {"outcome": pay.DISCARD, "winner": players[hand["winner"]], "discarder": players[hand["from"]],
                  "points": hand["points"], "flowers": hand.get("flowers", 0)}
    kwargs["note"] = hand.get("note", "")
    kwargs["tiles"] = hand.get("tiles") or {}
    # The file is the record: its hands count unless it says one still waits for a second person.
    kwargs["pending"] = bool(hand.get("pending"))
    return kwargs


def _foul_kwargs(row, players):
    """A foul as the file gives it, for scoring.services.foul_record: "to" is a player's number for the player
    harmed, or a target ("nobody", "each_other") for an "other" foul."""
    kwargs = {"player": players[row["player"]], "foul": row["foul"], "hand_number": row.get("hand"),
              "reason": row.get("reason", "")}
    for key in ("minutes", "seconds", "amount"):
        if key in row:
            kwargs[key] = row[key]
    to = row.get("to")
    if isinstance(to, int) and not isinstance(to, bool):
        kwargs["recipient"] = players[to]
    elif to is not None:
        kwargs["to"] = to
    return kwargs


def _when(text):
    moment = datetime.datetime.fromisoformat(text)
    return moment if timezone.is_aware(moment) else timezone.make_aware(moment)


def _sign(sheet, row, players):
    """A confirmation or signature the file records, with its signer and time."""
    at = _when(row["at"])
    if row["role"] == "player":
        ss.sheet_confirm(sheet=sheet, player=players[row["player"]], method=row["method"], by=None, at=at)
    elif row["role"] == "referee":
        ss.sheet_sign(sheet=sheet, by=None, at=at, signer_name=row.get("by") or "")
    else:
        ss.sheet_countersign(sheet=sheet, by=None, at=at, signer_name=row.get("by") or "")
