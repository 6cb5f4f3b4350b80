"""A player who withdraws during a session: the table page says who left after which hand, the winner and
discarder buttons leave them out for later hands, the service refuses them there, and the remaining hands are
marked not played under a label that never says "Time is up" while time is left."""

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from rules import payments as pay
from schedule import withdrawals as wd
from scoring import services as ss
from scoring.models import HandVersion
from tournament.models import Session


@pytest.fixture
def left(hands_entered, players, organizer):
    """Player 3 falls ill after hand 2 of session 1 and withdraws."""
    return wd.player_withdraw(
        player=players[2], from_session=hands_entered.table.session, reason="illness", by=organizer
    )


def sheet_url(sheet):
    return reverse("sheet", args=[sheet.table.session.tournament.slug, sheet.table.session.number, sheet.table.number])


def test_the_withdrawal_knows_after_which_hand(left):
    assert left.after_hand == 2


def test_the_departed_player_neither_wins_nor_pays_a_later_hand(left, hands_entered, players, referee):
    with pytest.raises(ValidationError) as exc:
        ss.hand_record(sheet=hands_entered, number=3, outcome=pay.SELF_DRAWN, winner=players[2], points=8, by=referee)
    assert "withdrew after hand 2" in str(exc.value)
    with pytest.raises(ValidationError):
        ss.hand_record(
            sheet=hands_entered,
            number=3,
            outcome=pay.DISCARD,
            winner=players[0],
            discarder=players[2],
            points=8,
            by=referee,
        )
    # Three-handed, the table plays no more: a draw or another player's win is refused too.
    with pytest.raises(ValidationError, match="the hands after it are not played"):
        ss.hand_record(sheet=hands_entered, number=3, outcome=pay.DRAW, by=referee)
    with pytest.raises(ValidationError, match="the hands after it are not played"):
        ss.hand_record(sheet=hands_entered, number=3, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    ss.hand_record(sheet=hands_entered, number=3, outcome=pay.NOT_PLAYED, by=referee)
    # Their hands before they left still correct as usual.
    ss.hand_record(
        sheet=hands_entered,
        number=2,
        outcome=pay.DISCARD,
        winner=players[2],
        discarder=players[1],
        points=9,
        by=referee,
    )


def test_the_remaining_hands_are_marked_not_played_with_the_reason(left, hands_entered, referee):
    numbers = ss.sheet_mark_rest_not_played(sheet=hands_entered, by=referee)
    assert numbers[0] == 3
    notes = set(
        HandVersion.objects.filter(hand__sheet=hands_entered, hand__number__gte=3).values_list("note", flat=True)
    )
    assert notes == {"Not played: Player 3 withdrew after hand 2"}


@pytest.mark.parametrize("role", ["referee", "organizer", "anonymous"])
def test_the_table_page_says_who_left_and_after_which_hand(left, hands_entered, client_for, role):
    page = client_for(role).get(sheet_url(hands_entered)).content.decode()
    assert "Player 3 withdrew after hand 2 (Illness or injury)" in page


def test_no_hand_is_offered_after_the_departure_and_corrections_leave_them_out(
    left, hands_entered, players, client_for, referee
):
    client = client_for("referee")
    page = client.get(sheet_url(hands_entered)).content.decode()
    assert "the remaining hands are not played" in page
    assert f'id="id_winner_{players[0].pk}"' not in page  # no form for hand 3
    ss.sheet_mark_rest_not_played(sheet=hands_entered, by=referee)
    t = hands_entered.table
    history = client.get(
        reverse("hand-history", args=[t.session.tournament.slug, t.session.number, t.number, 3])
    ).content.decode()
    assert f'id="id_winner_{players[0].pk}"' in history
    assert f'id="id_winner_{players[2].pk}"' not in history and f'id="id_discarder_{players[2].pk}"' not in history
    # Hand 2, before they left: they are still there to choose.
    history = client.get(
        reverse("hand-history", args=[t.session.tournament.slug, t.session.number, t.number, 2])
    ).content.decode()
    assert f'id="id_winner_{players[2].pk}"' in history


def test_the_button_does_not_say_time_is_up_while_time_is_left(left, hands_entered, client_for):
    session = hands_entered.table.session
    now = timezone.now()
    Session.objects.filter(pk=session.pk).update(
        starts_at=now - timedelta(minutes=10), ends_at=now + timedelta(minutes=158)
    )
    page = client_for("referee").get(sheet_url(hands_entered)).content.decode()
    assert "Time is up:" not in page
    assert "Player 3 left: mark hands 3, 4" in page
    Session.objects.filter(pk=session.pk).update(ends_at=now - timedelta(minutes=1))
    page = client_for("referee").get(sheet_url(hands_entered)).content.decode()
    assert "Time is up: mark hands 3, 4" in page


def test_without_a_departure_or_a_bell_the_button_is_plain(hands_entered, client_for):
    page = client_for("referee").get(sheet_url(hands_entered)).content.decode()
    assert "Time is up:" not in page and "Mark hands 3, 4" in page


def test_a_player_back_after_leaving_plays_again(left, hands_entered, players, organizer, referee):
    wd.withdrawal_undo(withdrawal=left, by=organizer)
    ss.hand_record(sheet=hands_entered, number=3, outcome=pay.SELF_DRAWN, winner=players[2], points=8, by=referee)
