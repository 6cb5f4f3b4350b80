"""The World Series of Mahjong time limits (003, "Time limits" 1-7) and penalty tiles (003, "Wrong claims"),
table-driven: what a referee's timing costs, both limits at once, the forfeit over 80 points and its excuse."""

import pytest

from rules import fouls as f
from rules import time_limits as t
from rules.payments import TO_NOBODY, PaymentError


@pytest.mark.parametrize(
    "kind, seconds, from_deal, points",
    [
        # 15 seconds a turn (2): 5 points per 15 s or part of them over it, per occasion.
        pytest.param(t.TURN, 14, False, 0, id="turn-14s-within"),
        pytest.param(t.TURN, 15, False, 0, id="turn-15s-at-the-limit"),
        pytest.param(t.TURN, 16, False, 5, id="turn-16s-one-second-over"),
        pytest.param(t.TURN, 30, False, 5, id="turn-30s-fifteen-over"),
        pytest.param(t.TURN, 31, False, 10, id="turn-31s-sixteen-over-two-parts"),
        pytest.param(t.TURN, 75, False, 20, id="turn-75s-sixty-over"),
        # The first 15 seconds after the deal are free (4): a first turn timed from the deal loses them.
        pytest.param(t.TURN, 30, True, 0, id="first-turn-30s-from-deal-15-free"),
        pytest.param(t.TURN, 31, True, 5, id="first-turn-31s-from-deal"),
        pytest.param(t.TURN, 10, True, 0, id="from-deal-under-15s"),
        # 3 minutes in all a hand (1).
        pytest.param(t.HAND, 180, False, 0, id="hand-3min-at-the-limit"),
        pytest.param(t.HAND, 181, False, 5, id="hand-3min-1s"),
        pytest.param(t.HAND, 195, False, 5, id="hand-3min-15s"),
        pytest.param(t.HAND, 196, False, 10, id="hand-3min-16s"),
        pytest.param(t.HAND, 195, True, 0, id="hand-from-deal-first-15-free"),
        pytest.param(t.HAND, 196, True, 5, id="hand-from-deal-3min-1s-counted"),
    ],
)
def test_time_points(kind, seconds, from_deal, points):
    assert t.time_points(kind, seconds, from_deal=from_deal) == points


@pytest.mark.parametrize(
    "code, seconds, from_deal, points",
    [
        (f.TIME_TURN, 16, False, 5),
        (f.TIME_TURN, 31, False, 10),
        (f.TIME_TURN, 31, True, 5),
        (f.TIME_HAND, 181, False, 5),
        (f.TIME_HAND, 240, False, 20),
    ],
)
def test_time_fouls_cost_the_texts_points_to_nobody(code, seconds, from_deal, points):
    assessed = f.assess(code, seconds=seconds, from_deal=from_deal, hand=5)
    assert (assessed.amount, assessed.to, assessed.dead_hand, assessed.loses_session) == (
        points,
        TO_NOBODY,
        False,
        False,
    )


@pytest.mark.parametrize(
    "code, seconds, from_deal",
    [(f.TIME_TURN, 14, False), (f.TIME_TURN, 15, False), (f.TIME_TURN, 30, True), (f.TIME_HAND, 180, False)],
)
def test_a_time_within_the_limit_is_refused_with_the_seconds_counted(code, seconds, from_deal):
    with pytest.raises(PaymentError) as exc:
        f.assess(code, seconds=seconds, from_deal=from_deal, hand=2)
    assert exc.value.field == "seconds" and exc.value.code == "time_within_limit"


@pytest.mark.parametrize("seconds", [None, 0, -5, 2.5, True])
def test_a_time_foul_needs_whole_seconds(seconds):
    with pytest.raises(PaymentError) as exc:
        f.assess(f.TIME_TURN, seconds=seconds, hand=2)
    assert exc.value.field == "seconds"


@pytest.mark.parametrize("code", [f.TIME_TURN, f.TIME_HAND, f.TIME_EXCUSED])
def test_the_new_time_fouls_need_their_hand(code):
    with pytest.raises(PaymentError) as exc:
        f.assess(code, seconds=40 if code != f.TIME_EXCUSED else None, reason="slow")
    assert exc.value.field == "hand_number"


def test_from_deal_is_refused_on_a_foul_that_is_not_timed():
    with pytest.raises(PaymentError) as exc:
        f.assess(f.WARNING, from_deal=True)
    assert exc.value.field == "from_deal"


@pytest.mark.parametrize(
    "given, totals",
    [
        # Both at once (5): a 40 s turn (25 over: 10) that takes the hand to 200 s (20 over: 10) costs 20.
        pytest.param([t.TimeFoul(t.TURN, 40, 3), t.TimeFoul(t.HAND, 200, 3)], {3: 20}, id="both-at-once"),
        pytest.param([t.TimeFoul(t.TURN, 16, 3), t.TimeFoul(t.TURN, 16, 4)], {3: 5, 4: 5}, id="per-hand"),
        pytest.param(
            [t.TimeFoul(t.TURN, 31, 1), t.TimeFoul(t.TURN, 31, 1), t.TimeFoul(t.TURN, 16, 1)],
            {1: 25},
            id="per-occasion",
        ),
    ],
)
def test_points_add_up_per_hand(given, totals):
    assert t.points_by_hand(given) == totals


@pytest.mark.parametrize(
    "totals, excused, forfeited",
    [
        pytest.param({3: 80}, (), [], id="80-is-not-over-80"),
        pytest.param({3: 85}, (), [3], id="85-forfeits"),
        pytest.param({3: 85}, (3,), [], id="85-excused"),
        pytest.param({3: 85, 4: 90}, (3,), [4], id="excuse-is-per-hand"),
    ],
)
def test_forfeit_over_80_points_in_a_hand_unless_excused(totals, excused, forfeited):
    assert t.forfeited_hands(totals, excused) == forfeited


@pytest.mark.parametrize(
    "given, reason",
    [
        pytest.param([f.Given(f.TIME_TURN, 45, hand=3), f.Given(f.TIME_HAND, 40, hand=3)], "80 points", id="85"),
        pytest.param([f.Given(f.TIME_TURN, 40, hand=3), f.Given(f.TIME_HAND, 40, hand=3)], None, id="80"),
        pytest.param(
            [f.Given(f.TIME_TURN, 45, hand=3), f.Given(f.TIME_HAND, 40, hand=3), f.Given(f.TIME_EXCUSED, hand=3)],
            None,
            id="85-excused",
        ),
        pytest.param(
            [f.Given(f.TIME_TURN, 85, hand=3), f.Given(f.TIME_EXCUSED, hand=4)], "80 points", id="other-hand-excused"
        ),
        pytest.param([f.Given(f.TIME, 45, hand=2), f.Given(f.TIME_TURN, 40, hand=2)], "80 points", id="old-and-new"),
    ],
)
def test_lost_session_from_time_fouls(given, reason):
    found = f.lost_session(given)
    assert (found is None) if reason is None else (reason in found)


def test_an_excuse_says_why():
    with pytest.raises(PaymentError) as exc:
        f.assess(f.TIME_EXCUSED, hand=3)
    assert exc.value.field == "reason"
    assert f.assess(f.TIME_EXCUSED, hand=3, reason="a tile fell; the referee stopped play").amount == 0


@pytest.mark.parametrize(
    "code, tiles, written",
    [
        (f.TILES_WRONG_CLAIM, "5p", "5p"),
        (f.TILES_CLAIM_CANCEL, "3s 3s", "33s"),
        (f.TILES_FALSE_WIN, "1m2m3m EE", "123mEE"),
        (f.TILES_WIN_CANCEL, "9p C F", "9pCF"),
        (f.TILES_WIN_CANCEL, "9p", "9p"),  # fewer than three left: all of them
    ],
)
def test_penalty_tiles_are_named_and_cost_no_points(code, tiles, written):
    assessed = f.assess(code, tiles=tiles)
    assert (assessed.amount, assessed.tiles, assessed.warning) == (0, written, True)


@pytest.mark.parametrize(
    "code, tiles, error",
    [
        (f.TILES_CLAIM_CANCEL, "3s", "tiles_count"),  # a cancelled claim shows two
        (f.TILES_CLAIM_CANCEL, "3s3s3s", "tiles_count"),
        (f.TILES_WIN_CANCEL, "1m2m3m4m", "tiles_count"),  # a cancelled win three at most
        (f.TILES_WRONG_CLAIM, "", "tiles_count"),
        (f.TILES_FALSE_WIN, "5x", "tiles_invalid"),
    ],
)
def test_penalty_tiles_refused(code, tiles, error):
    with pytest.raises(PaymentError) as exc:
        f.assess(code, tiles=tiles)
    assert (exc.value.field, exc.value.code) == ("tiles", error)


def test_a_false_win_may_leave_a_single_penalty_tile():
    assert f.assess(f.TILES_FALSE_WIN, tiles="7s").tiles == "7s"


def test_no_occasion_leaves_more_than_fourteen_penalty_tiles():
    assert f.assess(f.TILES_WRONG_CLAIM, tiles="11122233344455m").tiles == "11122233344455m"
    with pytest.raises(PaymentError, match="1 to 14 penalty tiles, not 15"):
        f.assess(f.TILES_WRONG_CLAIM, tiles="111222333444555m")
