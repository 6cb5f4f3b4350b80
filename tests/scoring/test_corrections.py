"""Corrections after hands (issue 29): two players' seats swapped on a sheet with hands, and a table's hands
moved from the wrong sheet to the right one. Who may, what is kept, what is refused, a double tap."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import connection

from rules import payments as pay
from scoring import services as ss
from scoring.models import Hand, Penalty, Signature
from standings.selectors import player_standings
from tests.together import errors_at_once
from tournament.models import AuditLog, Seat

pytestmark = pytest.mark.django_db

REASON = "Players 1 and 2 sat in each other's seats from the start."


def numbers(sheet):
    return list(Seat.objects.filter(table=sheet.table).order_by("position").values_list("player__number", flat=True))


def by_player(sheet):
    """Each player's total at the table (hands and active fouls), by player number."""
    seats = list(Seat.objects.filter(table=sheet.table).order_by("position").select_related("player"))
    totals = {s.player.number: 0 for s in seats}
    rows = [h.current for h in Hand.objects.filter(sheet=sheet)]
    rows += list(Penalty.objects.filter(sheet=sheet, withdrawn_at__isnull=True))
    for row in rows:
        for seat, delta in zip(seats, row.deltas, strict=True):
            totals[seat.player.number] += delta
    return totals


@pytest.fixture
def three_hands(published_session, sheet, players, referee):
    """Table 1 (players 1..4 East..North): hand 1 player 1 self-drawn 8, hand 2 player 2 wins 10 off player 3,
    hand 3 drawn; player 3 is penalised 10 points."""
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    ss.hand_record(
        sheet=sheet, number=2, outcome=pay.DISCARD, winner=players[1], discarder=players[2], points=10, by=referee
    )
    ss.hand_record(sheet=sheet, number=3, outcome=pay.DRAW, by=referee)
    ss.penalty_record(sheet=sheet, player=players[2], amount=10, to="nobody", reason="Wrong call", by=referee)
    return sheet


# ------------------------------------------------------------------ seat swap


def test_a_seat_swap_keeps_who_won_and_paid_and_the_dealers_follow_the_rotation(three_hands, players, chief_referee):
    sheet = three_hands
    before = by_player(sheet)
    ss.sheet_seats_swap(sheet=sheet, first=players[0], second=players[1], reason=REASON, by=chief_referee)
    assert numbers(sheet) == [2, 1, 3, 4]
    assert by_player(sheet) == before  # every player keeps what they won and paid
    rules = sheet.table.session.tournament.rule_set
    seats = numbers(sheet)
    # Hand 1's dealer is now player 2 (East), hand 2's player 1 (South deals the second hand).
    assert [seats[rules.dealer(n)] for n in (1, 2, 3)] == [2, 1, 3]
    for number, winner in ((1, 1), (2, 2)):
        hand = Hand.objects.get(sheet=sheet, number=number)
        assert hand.current.version == 2 and hand.current.winner.number == winner
        assert REASON in hand.current.note
    hand = Hand.objects.get(sheet=sheet, number=1)
    assert hand.versions.get(version=1).delta_0 == 48  # as entered, player 1 East: kept
    assert hand.current.delta_1 == 48  # player 1 is South now
    old = Penalty.objects.get(sheet=sheet, withdrawn_at__isnull=False)
    assert REASON in old.withdrawn_reason and old.player.number == 3
    assert Penalty.objects.get(sheet=sheet, withdrawn_at__isnull=True).player.number == 3
    entry = AuditLog.objects.get(action="sheet.seats_swap")
    assert entry.data["seats_before"] == [1, 2, 3, 4] and entry.data["reason"] == REASON
    assert entry.data["hands"] == [[1, 2], [2, 2], [3, 2]]


def test_player_standings_do_not_change(three_hands, players, chief_referee, tournament):
    before = {r.player.number: (r.score, r.table_points) for r in player_standings(tournament)}
    ss.sheet_seats_swap(sheet=three_hands, first=players[0], second=players[2], reason=REASON, by=chief_referee)
    after = {r.player.number: (r.score, r.table_points) for r in player_standings(tournament)}
    assert after == before


def test_a_double_tap_swaps_once(three_hands, players, organizer):
    seen = ss.seat_order(three_hands)
    ss.sheet_seats_swap(sheet=three_hands, first=players[0], second=players[1], reason=REASON, by=organizer, seen=seen)
    with pytest.raises(ValidationError, match="changed since you looked"):
        ss.sheet_seats_swap(
            sheet=three_hands, first=players[0], second=players[1], reason=REASON, by=organizer, seen=seen
        )
    assert numbers(three_hands) == [2, 1, 3, 4]
    assert AuditLog.objects.filter(action="sheet.seats_swap").count() == 1


@pytest.mark.parametrize("role", ["referee", "outsider"])
def test_only_the_chief_referee_or_an_organizer_swaps(request, three_hands, players, role):
    with pytest.raises(PermissionDenied, match="Only the chief referee or an organizer"):
        ss.sheet_seats_swap(
            sheet=three_hands, first=players[0], second=players[1], reason=REASON, by=request.getfixturevalue(role)
        )
    assert numbers(three_hands) == [1, 2, 3, 4]


def test_refusals_change_nothing(three_hands, players, chief_referee):
    cases = [
        ({"first": players[0], "second": players[1], "reason": "  "}, "Say why"),
        ({"first": players[0], "second": players[0], "reason": REASON}, "two different players"),
        ({"first": players[0], "second": players[5], "reason": REASON}, "does not play at this table"),
    ]
    for kwargs, message in cases:
        with pytest.raises(ValidationError, match=message):
            ss.sheet_seats_swap(sheet=three_hands, by=chief_referee, **kwargs)
    assert numbers(three_hands) == [1, 2, 3, 4]
    assert not Hand.objects.filter(sheet=three_hands, versions__version=2).exists()


def test_a_signed_sheet_is_reopened_first(three_hands, players, referee, chief_referee):
    ss.sheet_sign(sheet=three_hands, by=referee, mark_rest_not_played=True)
    with pytest.raises(ValidationError, match="reopens it first"):
        ss.sheet_seats_swap(sheet=three_hands, first=players[0], second=players[1], reason=REASON, by=chief_referee)
    assert numbers(three_hands) == [1, 2, 3, 4]
    ss.sheet_reopen(sheet=three_hands, by=chief_referee, reason="Seats were swapped")
    ss.sheet_seats_swap(sheet=three_hands, first=players[0], second=players[1], reason=REASON, by=chief_referee)
    assert numbers(three_hands) == [2, 1, 3, 4]


def test_the_players_confirm_again(published_session, sheet, players, referee, organizer, tournament):
    from tournament import services as ts

    ts.tournament_update(tournament=tournament, by=organizer, hands_per_session=4, player_confirmation="device")
    for n in (1, 2, 3, 4):
        ss.hand_record(sheet=sheet, number=n, outcome=pay.DRAW, by=referee)
    ss.sheet_confirm(sheet=sheet, player=players[0], method="device", by=referee)
    ss.sheet_seats_swap(sheet=sheet, first=players[0], second=players[1], reason=REASON, by=organizer)
    assert Signature.objects.get(player=players[0]).voided_at is not None


def test_a_hand_waiting_for_its_second_person_is_confirmed_first(
    published_session, sheet, players, referee, organizer, tournament
):
    from tournament import services as ts

    ts.tournament_update(tournament=tournament, by=organizer, two_person_entry=True)
    ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=referee)
    with pytest.raises(ValidationError, match="waiting for a second person"):
        ss.sheet_seats_swap(sheet=sheet, first=players[0], second=players[1], reason=REASON, by=organizer)


# ------------------------------------------------------------------ hands moved to the right sheet


@pytest.fixture
def right(published_session):
    return published_session.tables.get(number=2).sheet


def test_the_hands_and_fouls_move_seat_for_seat(three_hands, right, players, chief_referee, tournament):
    wrong = three_hands
    before = by_player(wrong)
    ss.sheet_hands_move(source=wrong, target=right, reason="Table 2 entered on table 1's sheet", by=chief_referee)
    assert not Hand.objects.filter(sheet=wrong).exists()
    moved = {h.number: h for h in Hand.objects.filter(sheet=right)}
    assert sorted(moved) == [1, 2, 3]
    assert moved[1].current.winner.number == 5  # East of table 2, where player 1 (East of table 1) was tapped
    assert (moved[2].current.winner.number, moved[2].current.discarder.number) == (6, 7)
    assert moved[1].versions.get(version=1).winner.number == 1  # the entry as it was made, kept
    assert "table 1" in moved[1].current.note
    kept = Penalty.objects.get(sheet=wrong)
    assert kept.withdrawn_at is not None and "Table 2 entered" in kept.withdrawn_reason
    given = Penalty.objects.get(sheet=right)
    assert given.player.number == 7 and given.withdrawn_at is None
    assert by_player(right) == {n + 4: total for n, total in before.items()}
    scores = {r.player.number: r.score for r in player_standings(tournament)}
    assert [scores[n] for n in (1, 2, 3, 4)] == [0, 0, 0, 0]
    assert [scores[n] for n in (5, 6, 7, 8)] == [before[n] for n in (1, 2, 3, 4)]
    entry = AuditLog.objects.get(action="sheet.hands_move")
    assert (entry.data["from_table"], entry.data["table"], entry.data["hands"]) == (1, 2, [[1, 2], [2, 2], [3, 2]])


def test_a_double_tap_moves_once(three_hands, right, organizer):
    seen = [1, 2, 3]
    ss.sheet_hands_move(source=three_hands, target=right, reason="Wrong sheet", by=organizer, seen=seen)
    with pytest.raises(ValidationError, match="changed since you looked"):
        ss.sheet_hands_move(source=three_hands, target=right, reason="Wrong sheet", by=organizer, seen=seen)
    with pytest.raises(ValidationError, match="no hands or fouls to move"):
        ss.sheet_hands_move(source=three_hands, target=right, reason="Wrong sheet", by=organizer)
    assert AuditLog.objects.filter(action="sheet.hands_move").count() == 1


def test_moves_refused_change_nothing(three_hands, right, players, referee, chief_referee, tournament):
    ss.hand_record(sheet=right, number=1, outcome=pay.DRAW, by=referee)
    with pytest.raises(ValidationError, match="hands or fouls of its own"):
        ss.sheet_hands_move(source=three_hands, target=right, reason="Wrong sheet", by=chief_referee)
    with pytest.raises(ValidationError, match="another table"):
        ss.sheet_hands_move(source=three_hands, target=three_hands, reason="Wrong sheet", by=chief_referee)
    with pytest.raises(PermissionDenied):
        ss.sheet_hands_move(source=three_hands, target=right, reason="Wrong sheet", by=referee)
    assert Hand.objects.filter(sheet=three_hands).count() == 3
    assert Penalty.objects.filter(sheet=three_hands, withdrawn_at__isnull=True).count() == 1


def test_a_move_onto_a_signed_sheet_is_refused(three_hands, right, referee, chief_referee):
    ss.hand_record(sheet=right, number=1, outcome=pay.DRAW, by=referee)
    ss.sheet_sign(sheet=right, by=referee, mark_rest_not_played=True)
    with pytest.raises(ValidationError, match="Table 2's sheet is signed"):
        ss.sheet_hands_move(source=three_hands, target=right, reason="Wrong sheet", by=chief_referee)


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
def test_two_people_swapping_at_once_swap_once(three_hands, players, organizer, chief_referee):
    seen = ss.seat_order(three_hands)
    errors = errors_at_once(
        *(
            lambda u=u: ss.sheet_seats_swap(
                sheet=three_hands, first=players[0], second=players[1], reason=REASON, by=u, seen=seen
            )
            for u in (organizer, chief_referee)
        )
    )
    assert len(errors) == 1 and "changed since you looked" in errors[0].messages[0]
    assert numbers(three_hands) == [2, 1, 3, 4]


def test_a_hand_scored_from_its_tiles_follows_the_winners_corrected_seat_wind(
    published_session, sheet, players, referee, chief_referee
):
    """MCR's Seat Wind fan: player 1 won hand 1 with a pung of East as East (17 points); they really sat South,
    so the hand is worth 15, and the payments follow. Hands without tiles keep their points."""
    tiles = {"concealed": "123m456p789sEEE5s", "win_tile": "5s", "self_drawn": True, "seat_wind": "E"}
    tiles["prevalent_wind"] = "E"
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=17, tiles=tiles, by=referee)
    ss.hand_record(sheet=sheet, number=2, outcome=pay.SELF_DRAWN, winner=players[1], points=8, by=referee)
    ss.sheet_seats_swap(sheet=sheet, first=players[0], second=players[1], reason=REASON, by=chief_referee)
    first = Hand.objects.get(sheet=sheet, number=1).current
    assert (first.points, first.tiles["seat_wind"], first.winner) == (15, "S", players[0])
    assert first.delta_1 == 3 * (15 + 8)  # player 1, South now, paid by the three others
    assert Hand.objects.get(sheet=sheet, number=2).current.points == 8
    assert AuditLog.objects.get(action="sheet.seats_swap").data["rescored"] == [[1, 17, 15]]


@pytest.mark.django_db(transaction=True)
@pytest.mark.skipif(connection.vendor != "postgresql", reason="row locks need PostgreSQL")
def test_two_people_moving_at_once_move_once(three_hands, published_session, organizer, chief_referee):
    right = published_session.tables.get(number=2).sheet
    errors = errors_at_once(
        *(
            lambda u=u: ss.sheet_hands_move(
                source=three_hands, target=right, reason="Wrong sheet", by=u, seen=[1, 2, 3]
            )
            for u in (organizer, chief_referee)
        )
    )
    assert len(errors) == 1 and "changed since you looked" in errors[0].messages[0]
    assert Hand.objects.filter(sheet=right).count() == 3
    assert all(h.versions.count() == 2 for h in Hand.objects.filter(sheet=right))
