"""The bounds and validators of the scoring models' fields: what both databases refuse alike."""

import json

from django.core.exceptions import ValidationError
from django.core.validators import ProhibitNullCharactersValidator
from django.utils.translation import gettext_lazy as _

# Far above any real hand or penalty, far below what an integer column holds: both databases refuse the same.
HAND_POINTS_MAX = 9_999
PENALTY_MAX = 9_999
TILES_MAX_CHARS = 4_000
no_nul = ProhibitNullCharactersValidator()


def validate_player_points(value):
    """Every seat's points, by position 0..3, where the rule set scores the losers' hands too (Spanish ranked
    mode); None elsewhere. The rule set checks the values; this checks the shape the database keeps."""
    if value is None:
        return
    if (
        not isinstance(value, list)
        or len(value) != 4
        or any(isinstance(v, bool) or not isinstance(v, int) or not 0 <= v <= HAND_POINTS_MAX for v in value)
    ):
        raise ValidationError(
            _("The points by player are four whole numbers from 0 to %(max)s.") % {"max": HAND_POINTS_MAX},
            code="player_points",
        )


def validate_tiles(value):
    """The tiles a hand was entered with: small, and without NUL (PostgreSQL's JSON refuses it)."""
    text = json.dumps(value)
    if len(text) > TILES_MAX_CHARS or "\\u0000" in text:
        raise ValidationError(_("The tiles of this hand are not readable."), code="tiles")
