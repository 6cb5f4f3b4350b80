"""The checks of one hand and its audit entry, shared by ``hand_record`` (one hand at a time) and
``hands_import`` (a session at once), so the two never disagree (``tests/interchange/test_bulk_import.py``
compares them).

The points and payments are the tournament's rule set's (``RuleSet.hand_changes``); the order of the hands is
``scoring.sequence``; what they break becomes a ValidationError on the field at fault, translated.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from rules import payments as pay
from scoring import sequence, tile_entry
from scoring.models import HandVersion
from scoring.services.sheet import _check_field, _position_deltas, payment_error

if TYPE_CHECKING:
    from collections.abc import Mapping

    from rules.base import RuleSet
    from scoring.models import Appeal
    from tournament.models import Player


def _check_applies(
    outcome: str, *, winner: Player | None, discarder: Player | None, points: int | None, flowers: int | None
) -> None:
    """A detail that does not go with the outcome is refused, not dropped: the referee meant something by it."""
    errors = {}
    if outcome in (pay.DRAW, pay.NOT_PLAYED):
        label = HandVersion.Outcome(outcome).label
        if winner is not None:
            errors["winner"] = _("A hand that is “%(outcome)s” has no winner.") % {"outcome": label}
        if discarder is not None:
            errors["discarder"] = _("A hand that is “%(outcome)s” has no discarder.") % {"outcome": label}
        if points:
            errors["points"] = _("A hand that is “%(outcome)s” scores no points: clear the points, or tap who won.") % {
                "outcome": label
            }
        if flowers:
            errors["flowers"] = _(
                "Flowers count only for the winner: a hand that is “%(outcome)s” has none. "
                "Set the flowers to 0, or tap who won."
            ) % {"outcome": label}
    elif outcome == pay.SELF_DRAWN and discarder is not None:
        errors["discarder"] = _("A self-drawn win has no discarder: tap Self-drawn, or the player who discarded.")
    if errors:
        raise ValidationError(errors, code="does_not_apply")


def _check_plausible_points(rules: RuleSet, outcome: str, points: int | None) -> None:
    """Points above the most a hand can be worth under the tournament's rule set are a typing slip (an extra
    digit), refused before they move anyone's score. The bound is the rule set's (``PointsEntry.maximum``)."""
    if outcome not in (pay.DISCARD, pay.SELF_DRAWN) or not points:
        return
    maximum = rules.entry.maximum
    if points > maximum:
        raise ValidationError(
            {
                "points": ValidationError(
                    _(
                        "%(points)s points is more than any hand can be worth (at most %(maximum)s, flowers included). "
                        "Check the points."
                    )
                    % {"points": points, "maximum": maximum},
                    code="implausible_points",
                )
            }
        )


@dataclass(frozen=True)
class HandDetails:
    """What was typed for one hand, as the rules check and pay it."""

    outcome: str
    winner: Player | None = None
    discarder: Player | None = None
    points: int | None = 0
    flowers: int | None = 0
    player_points: list[int] | None = None

    def version(self, players: list[Player], deltas: dict[Any, int], **fields: Any) -> HandVersion:
        """A new version with these details and the four score changes (not saved); `fields`: the rest."""
        return HandVersion(
            outcome=self.outcome,
            winner=self.winner,
            discarder=self.discarder,
            points=self.points or 0,
            flowers=self.flowers or 0,
            player_points=self.player_points,
            **_position_deltas(players, deltas),
            **fields,
        )


def _checked_details(rules: RuleSet, players: list[Player], details: HandDetails) -> HandDetails:
    """The hand's details checked against its outcome and the rule set, before any sheet rule: the points
    within their column, details that do not go with the outcome refused, every player's points where the
    rule set scores them (the winner's are then the hand's points)."""
    outcome, winner, points, player_points = details.outcome, details.winner, details.points, details.player_points
    # The field's bound first: payments of an absurd total would overflow the score columns, which
    # PostgreSQL reports differently from SQLite.
    _check_field(HandVersion, "points", points or 0)
    _check_applies(outcome, winner=winner, discarder=details.discarder, points=points, flowers=details.flowers)
    if not rules.entry.every_player or outcome in (pay.DRAW, pay.NOT_PLAYED):
        player_points = None
    elif player_points is not None:
        _check_field(HandVersion, "player_points", player_points)
        player_points = list(player_points)
        if not points and winner is not None and winner in players:
            points = player_points[players.index(winner)]
    return replace(details, points=points, player_points=player_points)


def _check_tiles(rules: RuleSet, details: HandDetails, tiles: Mapping[str, Any] | None) -> None:
    """A hand given with its tiles scores what they give under the tournament's rule set: the entry form, the
    bulk import and the tournament file all meet this one check (the form also shows the fans as the tiles are
    tapped). The tiles come only with a win; their total, flowers included, is the hand's points (the winner's,
    where the rule set scores every player)."""
    if not tiles:
        return
    if details.outcome not in (pay.DISCARD, pay.SELF_DRAWN):
        raise ValidationError({"tiles": _("Tiles are entered only for a win (by discard or self-drawn).")})
    scored = tile_entry.score(dict(tiles), rules)
    _points, error = tile_entry.check_points(scored, details.points or 0)
    if error:
        raise ValidationError({"tiles": ValidationError(error, code="tiles_points")})


def _hand_deltas(rules: RuleSet, players: list[Player], details: HandDetails) -> dict[Any, int]:
    """The four score changes of the hand as the tournament's rule set pays it (``RuleSet.hand_changes``),
    then the plausibility bound (after the rule set's own checks, whose messages name its range)."""
    try:
        deltas = rules.hand_changes(
            [p.pk for p in players],
            pay.HandOutcome(
                outcome=details.outcome,
                winner=details.winner.pk if details.winner else None,
                discarder=details.discarder.pk if details.discarder else None,
                points=details.points or 0,
                flowers=details.flowers or 0,
            ),
            player_points=details.player_points,
        )
    except pay.PaymentError as exc:
        raise payment_error(exc) from exc
    _check_plausible_points(rules, details.outcome, details.points)
    return deltas


def _check_sequence(number: int, outcome: str, entered: Mapping[int, str]) -> None:
    """The order of the hands (``scoring.sequence``), as the referee reads it. `entered`: each hand with an
    entry -> the outcome of its latest entry."""
    found = sequence.sequence_break(number, outcome, entered)
    if found is None:
        return
    if found.code == sequence.OUT_OF_ORDER:
        raise ValidationError(_("Enter the hands in order: hand %(n)s comes first.") % {"n": found.other})
    if found.code == sequence.PLAYED_LATER:
        raise ValidationError(
            _("Hand %(n)s was played, so hand %(m)s cannot be marked not played.") % {"n": found.other, "m": number}
        )
    raise ValidationError(_("An earlier hand is marked not played; once time runs out no later hand is played."))


def hand_audit(
    *,
    session: int,
    table: int,
    number: int,
    version: HandVersion,
    pending: bool,
    confirmations_voided: int,
    appeal: Appeal | None = None,
) -> dict[str, Any]:
    """The audit entry of a hand's new version, without tournament, actor and object: "hand.record" for its
    first version, "hand.correct" for a correction, with the facts the audit log's sentence reads."""
    return dict(
        action="hand.record" if version.version == 1 else "hand.correct",
        session=session,
        table=table,
        hand=number,
        version=version.version,
        outcome=version.outcome,
        winner=getattr(version.winner, "number", None),
        discarder=getattr(version.discarder, "number", None),
        points=version.points,
        flowers=version.flowers,
        pending=pending,
        confirmations_voided=confirmations_voided,
        **({"player_points": version.player_points} if version.player_points else {}),
        **({"after_bell": True} if version.after_bell else {}),
        **({"appeal": appeal.number} if appeal is not None else {}),
    )
