"""The scoring app's forms, input shape only (the services decide the rules), by what they are for:

- ``tiles``: the tiles of a winning hand, shared by the hand form and the calculator;
- ``hand``: the score sheet's hand, penalty and withdrawal forms;
- ``signing``: fouls of the catalogue, confirmations, signatures, reopening;
- ``player``: the player's code, for their private page;
- ``appeals``: filing, deciding, escalating an appeal and amending the sheet after one;
- ``calculator``: the public hand calculator.

The names below are importable from ``scoring.forms`` too.
"""

from scoring.forms.appeals import (
    AmendHandForm,
    AmendWithdrawForm,
    AppealForm,
    DecisionForm,
    EscalateForm,
    RefereeAppealForm,
)
from scoring.forms.calculator import CalculatorForm
from scoring.forms.hand import HandForm, PenaltyForm, WithdrawPenaltyForm
from scoring.forms.player import PlayerCodeForm
from scoring.forms.signing import (
    ConfirmForm,
    FoulForm,
    HandConfirmForm,
    ReopenDeclineForm,
    ReopenForm,
    ReopenRequestForm,
    SignForm,
)
from scoring.forms.tiles import BONUS_FIELDS, TileFieldsMixin

__all__ = [
    "BONUS_FIELDS",
    "AmendHandForm",
    "AmendWithdrawForm",
    "AppealForm",
    "CalculatorForm",
    "ConfirmForm",
    "DecisionForm",
    "EscalateForm",
    "FoulForm",
    "HandConfirmForm",
    "HandForm",
    "PenaltyForm",
    "PlayerCodeForm",
    "RefereeAppealForm",
    "ReopenDeclineForm",
    "ReopenForm",
    "ReopenRequestForm",
    "SignForm",
    "TileFieldsMixin",
    "WithdrawPenaltyForm",
]
