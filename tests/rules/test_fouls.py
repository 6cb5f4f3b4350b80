"""The catalogue of fouls (MCR 3.11, WSOM): every entry's penalty, the escalation, lost sessions, and the
payments of a foul, table-driven."""

import pytest

from rules import fouls as f
from rules.payments import TO_EACH_OTHER, TO_NOBODY, TO_PLAYER, PaymentError, penalty_payments
from rules.table_points import table_points

P = ["A", "B", "C", "D"]


@pytest.mark.parametrize("earlier, amount", [(0, 0), (1, 5), (2, 10), (3, 20), (4, 40), (5, 80), (6, 160)])
def test_escalation_warning_then_5_10_20_then_doubling(earlier, amount):
    assert f.escalation_amount(earlier) == amount


@pytest.mark.parametrize("code", f.ESCALATING)
@pytest.mark.parametrize(
    "earlier, amount, to",
    [(0, 0, TO_NOBODY), (1, 5, TO_EACH_OTHER), (2, 10, TO_EACH_OTHER), (3, 20, TO_EACH_OTHER), (4, 40, TO_EACH_OTHER)],
)
def test_repeated_fouls_escalate(code, earlier, amount, to):
    assessed = f.assess(code, earlier=earlier, hand=3)
    assert (assessed.amount, assessed.to, assessed.occurrence) == (amount, to, earlier + 1)
    assert assessed.warning == (earlier == 0)
    assert not assessed.dead_hand and not assessed.loses_session


def test_the_three_escalating_fouls_are_the_rulebooks():
    assert set(f.ESCALATING) == {f.CLAIM_CHANGED, f.WALL_TOUCHED, f.LATE_PUNG}


@pytest.mark.parametrize(
    "minutes, amount, lost",
    [(1, 10, False), (7, 10, False), (10, 10, False), (11, 20, False), (15, 20, False), (16, 0, True), (90, 0, True)],
)
def test_late_arrival(minutes, amount, lost):
    assessed = f.assess(f.LATE, minutes=minutes)
    assert (assessed.amount, assessed.to, assessed.loses_session) == (amount, TO_NOBODY, lost)


@pytest.mark.parametrize("minutes", [0, -3, None, 2.5, True])
def test_late_arrival_needs_a_positive_whole_number_of_minutes(minutes):
    with pytest.raises(PaymentError) as exc:
        f.assess(f.LATE, minutes=minutes)
    assert exc.value.field == "minutes"


@pytest.mark.parametrize("amount", f.VIOLATION_AMOUNTS)
def test_rule_violation_amounts_to_nobody(amount):
    assessed = f.assess(f.VIOLATION, amount=amount)
    assert (assessed.amount, assessed.to) == (amount, TO_NOBODY)


@pytest.mark.parametrize("amount", [0, 7, 15, 70, -5, None])
def test_rule_violation_refuses_other_amounts(amount):
    with pytest.raises(PaymentError) as exc:
        f.assess(f.VIOLATION, amount=amount)
    assert exc.value.field == "amount"


@pytest.mark.parametrize(
    "code, amount, hand, dead",
    [
        (f.FALSE_HU_UNDER_8, 10, 5, True),
        (f.FALSE_HU_INVALID, 20, 5, True),
        (f.FALSE_HU_UNDER_8, 10, None, False),
        (f.FALSE_HU_INVALID, 20, None, False),
    ],
)
def test_false_hu_pays_each_other_player_and_kills_the_hand(code, amount, hand, dead):
    assessed = f.assess(code, hand=hand)
    assert (assessed.amount, assessed.to, assessed.dead_hand) == (amount, TO_EACH_OTHER, dead)


@pytest.mark.parametrize(
    "amount, expected, to", [(None, 30, TO_EACH_OTHER), (30, 30, TO_EACH_OTHER), (0, 0, TO_NOBODY)]
)
def test_exposed_tiles(amount, expected, to):
    assessed = f.assess(f.EXPOSED_TILES, amount=amount)
    assert (assessed.amount, assessed.to) == (expected, to)


def test_exposed_tiles_is_30_or_a_warning():
    with pytest.raises(PaymentError, match="30 points"):
        f.assess(f.EXPOSED_TILES, amount=20)


@pytest.mark.parametrize("amount", [5, 15, 60])
def test_revealed_tile_pays_the_player_harmed(amount):
    assessed = f.assess(f.REVEALED_TILE, amount=amount, recipient="C")
    assert (assessed.amount, assessed.to, assessed.recipient) == (amount, TO_PLAYER, "C")


@pytest.mark.parametrize(
    "amount, recipient, field",
    [(4, "C", "amount"), (61, "C", "amount"), (10, None, "recipient"), (None, "C", "amount")],
)
def test_revealed_tile_errors(amount, recipient, field):
    with pytest.raises(PaymentError) as exc:
        f.assess(f.REVEALED_TILE, amount=amount, recipient=recipient)
    assert exc.value.field == field


def test_dead_hand_costs_nothing_and_needs_its_hand():
    assessed = f.assess(f.DEAD_HAND, hand=4)
    assert (assessed.amount, assessed.dead_hand, assessed.warning) == (0, True, True)
    with pytest.raises(PaymentError, match="which hand") as exc:
        f.assess(f.DEAD_HAND)
    assert exc.value.field == "hand_number"


@pytest.mark.parametrize(
    "seconds, amount",
    [(1, 5), (14, 5), (15, 5), (16, 10), (30, 10), (40, 15), (45, 15), (46, 20), (240, 80), (241, 85)],
)
def test_time_5_points_per_15_seconds_or_part(seconds, amount):
    assessed = f.assess(f.TIME, seconds=seconds, hand=7)
    assert (assessed.amount, assessed.to) == (amount, TO_NOBODY)


@pytest.mark.parametrize("seconds", [0, -15, None])
def test_time_needs_positive_seconds(seconds):
    with pytest.raises(PaymentError) as exc:
        f.assess(f.TIME, seconds=seconds)
    assert exc.value.field == "seconds"


def test_warning_records_no_points():
    assessed = f.assess(f.WARNING, hand=2)
    assert (assessed.amount, assessed.to, assessed.warning) == (0, TO_NOBODY, True)


@pytest.mark.parametrize(
    "kwargs, amount, to, recipient",
    [
        ({"amount": 7}, 7, TO_NOBODY, None),
        ({"amount": 7, "to": TO_EACH_OTHER}, 7, TO_EACH_OTHER, None),
        ({"amount": 25, "recipient": "B"}, 25, TO_PLAYER, "B"),
        ({"amount": 25, "to": TO_PLAYER, "recipient": "B"}, 25, TO_PLAYER, "B"),
    ],
)
def test_other_takes_a_free_amount_and_recipient(kwargs, amount, to, recipient):
    assessed = f.assess(f.OTHER, reason="phone rang", **kwargs)
    assert (assessed.amount, assessed.to, assessed.recipient) == (amount, to, recipient)


@pytest.mark.parametrize(
    "kwargs, field",
    [
        ({"amount": 7, "reason": ""}, "reason"),
        ({"amount": 0, "reason": "x"}, "amount"),
        ({"amount": 5, "to": TO_PLAYER, "reason": "x"}, "recipient"),
        ({"amount": 5, "to": TO_NOBODY, "recipient": "B", "reason": "x"}, "recipient"),
    ],
)
def test_other_errors(kwargs, field):
    with pytest.raises(PaymentError) as exc:
        f.assess(f.OTHER, **kwargs)
    assert exc.value.field == field


@pytest.mark.parametrize(
    "code, kwargs, field",
    [
        (f.WARNING, {"amount": 5}, "amount"),
        (f.CLAIM_CHANGED, {"amount": 5}, "amount"),
        (f.LATE, {"seconds": 30, "minutes": 3}, "seconds"),
        (f.TIME, {"minutes": 3, "seconds": 30}, "minutes"),
        (f.VIOLATION, {"amount": 10, "recipient": "B"}, "recipient"),
    ],
)
def test_inputs_a_foul_does_not_take_are_refused(code, kwargs, field):
    with pytest.raises(PaymentError) as exc:
        f.assess(code, **kwargs)
    assert exc.value.field == field


def test_unknown_code():
    with pytest.raises(PaymentError, match="not a foul") as exc:
        f.assess("chombo")
    assert exc.value.field == "foul"


def test_every_entry_has_a_name_a_rule_and_only_known_inputs():
    for code, entry in f.CATALOGUE.items():
        assert entry.code == code and entry.name and entry.rule
        assert set(entry.inputs) <= set(f.INPUTS)
    assert f.CODES == (
        "warning",
        "late",
        "violation",
        "claim_changed",
        "wall_touched",
        "late_pung",
        "false_hu_under_8",
        "false_hu_invalid",
        "exposed_tiles",
        "revealed_tile",
        "dead_hand",
        "time",
        "time_turn",
        "time_hand",
        "time_excused",
        "tiles_wrong_claim",
        "tiles_claim_cancel",
        "tiles_false_win",
        "tiles_win_cancel",
        "other",
    )


def test_fouls_without_points_are_those_that_can_cost_none():
    # Penalty tiles and an excused time forfeit are records of the hand, never points (WSOM).
    can_be_zero = {
        f.WARNING,
        f.DEAD_HAND,
        f.EXPOSED_TILES,
        f.LATE,
        *f.ESCALATING,
        f.TIME_EXCUSED,
        *f.PENALTY_TILE_FOULS,
    }
    assert set(f.WITHOUT_POINTS) == can_be_zero


# ------------------------------------------------------------------ lost sessions


@pytest.mark.parametrize(
    "given, reason",
    [
        ([], None),
        ([f.Given(f.LATE, 20, minutes=15)], None),
        ([f.Given(f.LATE, 0, minutes=16)], "15 minutes"),
        ([f.Given(f.TIME, 40, hand=3), f.Given(f.TIME, 40, hand=3)], None),  # 80 is not over 80
        ([f.Given(f.TIME, 40, hand=3), f.Given(f.TIME, 45, hand=3)], "80 points"),
        ([f.Given(f.TIME, 40, hand=3), f.Given(f.TIME, 45, hand=4)], None),  # cumulative in one hand only
        ([f.Given(f.TIME, 45), f.Given(f.TIME, 45)], None),  # without a hand each counts alone
        ([f.Given(f.TIME, 85)], "80 points"),
        ([f.Given(f.VIOLATION, 60, hand=3), f.Given(f.VIOLATION, 60, hand=3)], None),
    ],
)
def test_lost_session(given, reason):
    found = f.lost_session(given)
    assert (found is None) if reason is None else (reason in found)


@pytest.mark.parametrize(
    "scores, lost, expected",
    [
        ([40, 10, -20, -30], {0}, [(4, 0), (1, 4), (2, 2), (3, 1)]),
        ([40, 10, -20, -30], {3}, [(1, 4), (2, 2), (3, 1), (4, 0)]),
        ([40, 10, -20, -30], {0, 1}, [(3, 0.5), (3, 0.5), (1, 4), (2, 2)]),
        ([0, 0, 0, 0], {2}, [(1, 7 / 3), (1, 7 / 3), (4, 0), (1, 7 / 3)]),
    ],
)
def test_a_lost_session_places_the_player_last(scores, lost, expected):
    result = table_points(dict(enumerate(scores)), lost=lost)
    assert [(r, float(tp)) for r, tp in (result[i] for i in range(4))] == [(r, pytest.approx(tp)) for r, tp in expected]


# ------------------------------------------------------------------ payments of fouls


@pytest.mark.parametrize(
    "offender, amount, to, recipient, expected",
    [
        ("B", 15, TO_PLAYER, "C", {"A": 0, "B": -15, "C": 15, "D": 0}),
        ("D", 60, TO_PLAYER, "A", {"A": 60, "B": 0, "C": 0, "D": -60}),
    ],
)
def test_payment_to_the_one_player_harmed(offender, amount, to, recipient, expected):
    assert penalty_payments(P, offender, amount, to, recipient=recipient) == expected


@pytest.mark.parametrize(
    "offender, amount, to, recipient, message",
    [
        ("B", 15, TO_PLAYER, "X", "must be at the table"),
        ("B", 15, TO_PLAYER, "B", "own penalty"),
        ("B", 15, TO_PLAYER, None, "must be at the table"),
        ("B", 15, TO_NOBODY, "C", "no single recipient"),
    ],
)
def test_payment_to_one_player_errors(offender, amount, to, recipient, message):
    with pytest.raises(PaymentError, match=message) as exc:
        penalty_payments(P, offender, amount, to, recipient=recipient)
    assert exc.value.field == "recipient"


def test_a_warning_pays_nothing_and_must_cost_nothing():
    assert penalty_payments(P, "A", 0, TO_NOBODY, warning=True) == dict.fromkeys(P, 0)
    with pytest.raises(PaymentError, match="no points"):
        penalty_payments(P, "A", 5, TO_NOBODY, warning=True)
    with pytest.raises(PaymentError, match="positive"):
        penalty_payments(P, "A", 0, TO_NOBODY)


def test_only_a_false_hu_and_a_dead_hand_kill_the_hand():
    # The referee's foul list marks these "dead hand"; no other foul may.
    assert set(f.DEAD_HAND_FOULS) == {f.FALSE_HU_UNDER_8, f.FALSE_HU_INVALID, f.DEAD_HAND}


def test_a_first_repeated_foul_is_a_warning_when_no_earlier_one_is_given():
    assessed = f.assess(f.CLAIM_CHANGED, hand=3)
    assert (assessed.amount, assessed.to, assessed.occurrence, assessed.warning) == (0, TO_NOBODY, 1, True)


def test_other_takes_a_single_point():
    assessed = f.assess(f.OTHER, amount=1, reason="slow to reveal")
    assert (assessed.amount, assessed.to) == (1, TO_NOBODY)


def test_a_foul_in_the_same_hand_does_not_excuse_its_time_forfeit():
    # 85 points of time in hand 3 lose the session; a dead hand recorded in hand 3 is no excuse.
    given = [f.Given(f.TIME_TURN, 45, hand=3), f.Given(f.TIME_HAND, 40, hand=3), f.Given(f.DEAD_HAND, 0, hand=3)]
    assert f.lost_session(given) == "more than 80 points of time penalties in one hand"
