"""Score entry: every change validates, locks the sheet, writes, and logs in one transaction.

Locks (docs/architecture.md, "Locks"): tournament, then session, then sheet, then the sheet's hands or
penalties, each ``FOR UPDATE OF`` its own row only. Score entry takes only the sheet's lock, so tables
enter hands in parallel and two entries at one table wait for each other; reopening a sheet also takes
its session first, so it cannot cross the session being closed.

The rules of a hand or penalty (who may win, minimum points, what a penalty pays) are the pure
``rules.payments``; the catalogue of fouls is ``rules.fouls``; the order of the hands is the pure
``scoring.sequence``; their errors become ValidationErrors on the field at fault, translated.

A sheet goes open -> (every hand in) confirming -> signed by the referee -> countersigned by the chief
referee (``ScoreSheet.Status``). Any change voids the players' confirmations given so far (they confirmed
other numbers); a signed sheet refuses every change until the chief referee reopens it. With two-person
entry a new entry waits in ``Hand.pending`` until a second person confirms it.

The modules: ``hands`` (one hand at a time), ``bulk`` (a session's hands at once, for imports),
``hand_rules`` (the checks and the audit entry both share), ``penalties`` (fouls and penalties), ``appeals``
(filing, deciding, escalating, amending, loading from a file; MCR 3.12-3.13), ``signing``
(confirmations, signatures, reopening), ``reopening`` (a referee's request that the chief referee reopen a
signed sheet), ``corrections`` (seats swapped, hands moved to the right sheet), ``sheet`` (the lock and what
every change shares). Callers use this package:
``from scoring import services``; the reads are ``scoring.selectors``.
"""

from scoring.services.appeals import (
    DuplicateAppeal,
    appeal_amend_foul,
    appeal_amend_hand,
    appeal_amend_withdraw_penalty,
    appeal_decide,
    appeal_escalate,
    appeal_file,
    appeal_load,
)
from scoring.services.bulk import HandRowError, hands_import
from scoring.services.corrections import seat_order, sheet_hands_move, sheet_seats_swap
from scoring.services.hands import hand_confirm, hand_record, sheet_mark_rest_not_played
from scoring.services.penalties import foul_record, penalty_record, penalty_withdraw
from scoring.services.reopening import reopen_request_decline, sheet_reopen_request
from scoring.services.sheet import payment_error, sheet_for_table
from scoring.services.signing import (
    device_code_bucket,
    sheet_confirm,
    sheet_countersign,
    sheet_countersign_check,
    sheet_mark_rest_not_played_check,
    sheet_reopen,
    sheet_sign,
    sheet_sign_check,
    sheets_countersign,
)

__all__ = [
    "DuplicateAppeal",
    "HandRowError",
    "appeal_amend_foul",
    "appeal_amend_hand",
    "appeal_amend_withdraw_penalty",
    "appeal_decide",
    "appeal_escalate",
    "appeal_file",
    "appeal_load",
    "device_code_bucket",
    "foul_record",
    "hand_confirm",
    "hand_record",
    "hands_import",
    "payment_error",
    "penalty_record",
    "penalty_withdraw",
    "reopen_request_decline",
    "seat_order",
    "sheet_confirm",
    "sheet_countersign",
    "sheet_countersign_check",
    "sheet_for_table",
    "sheet_hands_move",
    "sheet_mark_rest_not_played",
    "sheet_mark_rest_not_played_check",
    "sheet_reopen",
    "sheet_reopen_request",
    "sheet_seats_swap",
    "sheet_sign",
    "sheet_sign_check",
    "sheets_countersign",
]
