"""The hands of a whole session at once, as an import gives them: each checked as ``hand_record`` checks it
(the same rules from ``hand_rules``, the same order from ``scoring.sequence``, the same audit entry), written
with a few bulk inserts."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import OuterRef, Subquery
from django.utils.translation import gettext as _

from core.acting import acting_user
from scoring.lifecycle import SHEET
from scoring.models import Hand, HandVersion, Penalty, ScoreSheet
from scoring.services.hand_rules import (
    HandDetails,
    _check_sequence,
    _check_tiles,
    _checked_details,
    _hand_deltas,
    hand_audit,
)
from scoring.services.sheet import _check_hand_number, _check_scorer, _refuse_if_signed
from tournament.audit import audit_entry, audit_many
from tournament.models import Seat

if TYPE_CHECKING:
    from collections.abc import Mapping

    from django.contrib.auth.models import User

    from tournament.models import Player, Session, Tournament


class HandRowError(Exception):
    """Hand ``index`` (from 0) of table ``table`` of a ``hands_import`` was refused with ``error``."""

    def __init__(self, table: int, index: int, error: ValidationError):
        super().__init__(f"table {table}, hand {index + 1}: {error}")
        self.table, self.index, self.error = table, index, error


def hands_import(*, session: Session, tables: dict[int, list[dict]], by: User | None) -> int:
    """Record the hands of many tables of a session at once, as an import gives them: ``tables`` maps a table
    number to its hands in order from hand 1, each the keyword arguments of :func:`hand_record` (outcome,
    winner, discarder, points, flowers, note, tiles), counting at once (not pending). The tables' sheets have
    no hand and no penalty yet.

    Each hand is checked as :func:`hand_record` checks the next hand of such a sheet (the same rules, the same
    errors, the same version, the same audit entry), but the whole session is written with a few bulk
    inserts instead of a transaction and a dozen queries a hand: an import of 16,000 hands takes seconds
    instead of minutes. Raises HandRowError naming the first refused hand; nothing is written then.
    Returns the number of hands recorded."""
    with transaction.atomic():
        sheets = list(
            ScoreSheet.objects.select_for_update(of=("self",))
            .select_related("table")
            .filter(table__session=session, table__number__in=list(tables))
            .order_by("pk")
        )
        tournament = session.tournament
        _check_scorer(by, tournament)
        if Hand.objects.filter(sheet__in=sheets).exists() or Penalty.objects.filter(sheet__in=sheets).exists():
            raise ValueError("hands_import records the first hands of empty sheets")
        positions = _seated(session, tables)
        actor = acting_user(by)
        pairs: list[tuple[Hand, HandVersion]] = []
        entries: list[dict[str, Any]] = []
        complete = []
        for sheet in sorted(sheets, key=lambda sh: sh.table.number):
            _refuse_if_signed(sheet)
            rows = tables[sheet.table.number]
            versions = _table_versions(tournament, sheet, rows, positions.get(sheet.table_id, []), actor)
            for number, version in enumerate(versions, start=1):
                pairs.append((Hand(sheet=sheet, number=number), version))
                facts = hand_audit(
                    session=session.number,
                    table=sheet.table.number,
                    number=number,
                    version=version,
                    pending=False,
                    confirmations_voided=0,
                )
                entries.append(facts)
            if rows and len(rows) == tournament.hands_per_session:
                complete.append(sheet.pk)
        return _write(tournament, by, sheets, pairs, entries, complete)


def _seated(session: Session, tables: Mapping[int, Any]) -> dict[int, list[Player | None]]:
    """Table id -> its players by position (None for an empty seat)."""
    positions: dict[int, list[Player | None]] = {}
    for seat in Seat.objects.filter(session=session, table__number__in=list(tables)).select_related("player"):
        positions.setdefault(seat.table_id, [None] * 4)[seat.position] = seat.player
    return positions


def _table_versions(
    tournament: Tournament, sheet: ScoreSheet, rows: list[dict], seated: list[Player | None], actor: User | None
) -> list[HandVersion]:
    """The first versions of one table's hands, in order from hand 1, each checked as hand_record checks it;
    not saved. Raises HandRowError for the first refused hand."""
    entered: dict[int, str] = {}
    versions = []
    for index, row in enumerate(rows):
        try:
            players = [p for p in seated if p is not None]
            if len(players) != 4:
                raise ValidationError(_("This table does not have four seated players yet."))
            version = _imported_version(tournament, players, index + 1, entered, actor, **row)
        except ValidationError as exc:
            raise HandRowError(sheet.table.number, index, exc) from None
        entered[index + 1] = version.outcome
        versions.append(version)
    return versions


def _imported_version(
    tournament: Tournament,
    players: list[Player],
    number: int,
    entered: Mapping[int, str],
    actor: User | None,
    *,
    outcome: str,
    winner: Player | None = None,
    discarder: Player | None = None,
    points: int = 0,
    flowers: int = 0,
    tiles: dict | None = None,
    note: str = "",
    player_points: list[int] | None = None,
    after_bell: bool = False,
) -> HandVersion:
    """The first version of hand ``number``, checked as hand_record checks it (the same helpers, in the same
    order); not saved."""
    _check_hand_number(number, tournament)
    _check_sequence(number, outcome, entered)
    rules = tournament.rule_set
    details = _checked_details(rules, players, HandDetails(outcome, winner, discarder, points, flowers, player_points))
    _check_tiles(rules, details, tiles)
    deltas = _hand_deltas(rules, players, details)
    version = details.version(
        players, deltas, version=1, tiles=tiles or {}, note=note, created_by=actor, after_bell=after_bell
    )
    # The players are the table's own (the payments checked that), so their rows need no query each; the
    # constraints are the field validators run here and the payments' own checks, which hand_record's
    # full_clean would find the same way.
    version.full_clean(
        exclude=["hand", "created_by", "winner", "discarder"], validate_unique=False, validate_constraints=False
    )
    return version


def _write(
    tournament: Tournament,
    by: User | None,
    sheets: list[ScoreSheet],
    pairs: list[tuple[Hand, HandVersion]],
    entries: list[dict[str, Any]],
    complete: list[int],
) -> int:
    """The checked hands in a few bulk inserts, their sheets' states and audit entries as hand_record leaves
    them. Returns the number of hands."""
    Hand.objects.bulk_create([hand for hand, _v in pairs], batch_size=2000)
    for hand, version in pairs:
        version.hand = hand
    created = HandVersion.objects.bulk_create([v for _h, v in pairs], batch_size=2000)
    # One UPDATE for the session rather than bulk_update's CASE per row, which costs seconds here.
    Hand.objects.filter(sheet__in=sheets, current__isnull=True).update(
        current=Subquery(HandVersion.objects.filter(hand=OuterRef("pk"), version=1).values("pk")[:1])
    )
    # As after each hand_record: a sheet with every hand in (none pending) awaits the confirmations.
    SHEET.move_all(ScoreSheet.objects.filter(SHEET.q({ScoreSheet.Status.OPEN}), pk__in=complete), "complete")
    audit_many(
        [audit_entry(tournament=tournament, actor=by, obj=version, **entry) for version, entry in zip(created, entries)]
    )
    return len(created)
