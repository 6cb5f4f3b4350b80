"""Confirmation and signatures through the services: the sheet's states, the players' confirmations (on the
referee's device, on their own phone with their code), the referee's signature, the chief referee's
countersignature and reopening, and two-person entry."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from rules import payments as pay
from schedule import services as sched
from scoring import services as ss
from scoring.models import Hand, HandVersion, Penalty, ScoreSheet, Signature
from scoring.results import sheet_data, table_results
from standings.selectors import player_standings
from tests.closing import close_session
from tournament import services as ts
from tournament.models import AuditLog, TournamentRole

pytestmark = pytest.mark.django_db


def seats(sheet):
    return sheet.table.seated_players()


def fresh(sheet):
    return ScoreSheet.objects.get(pk=sheet.pk)


@pytest.fixture
def short(tournament, organizer):
    """Sessions of four hands, players confirming on the referee's device or their own phone."""
    return ts.tournament_update(tournament=tournament, by=organizer, hands_per_session=4, player_confirmation="either")


@pytest.fixture
def coded(short, players, organizer):
    ts.player_codes_generate(tournament=short, by=organizer)
    return {p.number: p for p in short.players.all()}


def play_all(sheet, by, hands=4):
    a = seats(sheet)[0]
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=a, points=8, by=by)
    for n in range(2, hands + 1):
        ss.hand_record(sheet=sheet, number=n, outcome=pay.DRAW, by=by)


def confirm_all(sheet, by):
    for player in seats(sheet):
        ss.sheet_confirm(sheet=sheet, player=player, method="device", by=by)


def test_last_hand_sends_the_sheet_to_confirmation(short, sheet, referee):
    play_all(sheet, referee, hands=3)
    assert fresh(sheet).status == "open"
    ss.hand_record(sheet=sheet, number=4, outcome=pay.DRAW, by=referee)
    assert fresh(sheet).status == "confirming"


def test_players_confirm_the_referee_signs_and_the_sheet_is_locked(short, sheet, referee, coded):
    play_all(sheet, referee)
    a, b, c, d = seats(sheet)
    ss.sheet_confirm(sheet=sheet, player=a, method="device", by=referee)
    ss.sheet_confirm(sheet=sheet, player=b, method="phone", by=None, code=coded[2].code)
    with pytest.raises(ValidationError, match=r"Not every player has confirmed.*Player 3.*Player 4"):
        ss.sheet_sign(sheet=sheet, by=referee)
    ss.sheet_confirm(sheet=sheet, player=c, method="phone", by=None, code=coded[3].code.lower())
    ss.sheet_confirm(sheet=sheet, player=d, method="device", by=referee)
    ss.sheet_sign(sheet=sheet, by=referee)
    sheet = fresh(sheet)
    assert sheet.status == "submitted" and sheet.is_signed and sheet.submitted_by == referee
    data = sheet_data(short, sheet.table)
    assert [s.signer for s in data.active_signatures] == [str(a), str(b), str(c), str(d), "referee"]
    assert [s.method for s in data.active_signatures][:4] == ["device", "phone", "phone", "device"]
    assert data.confirmation_of(b).method == "phone" and data.signature_of("referee").user == referee
    # Every change is refused now, and nothing is written.
    penalty_count = Penalty.objects.count()
    for change in (
        lambda: ss.hand_record(sheet=sheet, number=2, outcome=pay.SELF_DRAWN, winner=b, points=8, by=referee),
        lambda: ss.foul_record(sheet=sheet, player=a, foul="warning", by=referee),
        lambda: ss.penalty_record(sheet=sheet, player=a, amount=10, to="nobody", reason="late", by=referee),
        lambda: ss.sheet_confirm(sheet=sheet, player=a, method="device", by=referee),
        lambda: ss.sheet_mark_rest_not_played(sheet=sheet, by=referee),
    ):
        with pytest.raises(ValidationError, match="signed"):
            change()
    assert Penalty.objects.count() == penalty_count
    assert Hand.objects.get(sheet=sheet, number=2).versions.count() == 1
    assert table_results(short)[sheet.table_id].submitted


def test_confirmations_are_voided_by_a_change(short, sheet, referee):
    play_all(sheet, referee)
    a, b, c, d = seats(sheet)
    ss.sheet_confirm(sheet=sheet, player=a, method="device", by=referee)
    ss.sheet_confirm(sheet=sheet, player=b, method="device", by=referee)
    ss.hand_record(sheet=sheet, number=4, outcome=pay.SELF_DRAWN, winner=c, points=8, by=referee)
    voided = Signature.objects.filter(sheet=sheet, voided_at__isnull=False)
    assert voided.count() == 2 and "hand 4" in voided.first().voided_reason
    ss.foul_record(sheet=sheet, player=d, foul="violation", amount=5, by=referee)
    confirm_all(sheet, referee)  # everyone confirms the sheet as it now is
    ss.sheet_sign(sheet=sheet, by=referee)


@pytest.mark.parametrize(
    "case",
    ["unfinished", "twice", "not_at_table", "wrong_code", "phone_not_allowed", "device_by_outsider", "paper_only"],
)
def test_bad_confirmations_change_nothing(short, sheet, referee, outsider, coded, players, organizer, case):
    a = seats(sheet)[0]
    kwargs = {"sheet": sheet, "player": a, "method": "device", "by": referee}
    error = ValidationError
    if case == "unfinished":
        play_all(sheet, referee, hands=3)
    else:
        play_all(sheet, referee)
    if case == "twice":
        ss.sheet_confirm(**kwargs)
    elif case == "not_at_table":
        kwargs["player"] = players[6]
    elif case == "wrong_code":
        kwargs.update(method="phone", by=None, code="WRONG")
        kwargs["by"] = outsider
        error = PermissionDenied
    elif case == "phone_not_allowed":
        ts.tournament_update(tournament=short, by=organizer, player_confirmation="device")
        kwargs.update(method="phone", by=outsider, code=coded[1].code)
    elif case == "device_by_outsider":
        kwargs["by"] = outsider
        error = PermissionDenied
    elif case == "paper_only":
        ts.tournament_update(tournament=short, by=organizer, player_confirmation="none")
    before = Signature.objects.count()
    with pytest.raises(error):
        ss.sheet_confirm(**kwargs)
    assert Signature.objects.count() == before


def test_a_signature_by_someone_without_the_role_is_refused(short, sheet, referee, outsider, chief_referee):
    play_all(sheet, referee)
    confirm_all(sheet, referee)
    with pytest.raises(PermissionDenied):
        ss.sheet_sign(sheet=sheet, by=outsider)
    assert fresh(sheet).status == "confirming"
    ss.sheet_sign(sheet=sheet, by=referee)
    for user in (outsider, referee):
        with pytest.raises(PermissionDenied, match="chief referee"):
            ss.sheet_countersign(sheet=sheet, by=user)
    assert fresh(sheet).status == "submitted"
    assert not Signature.objects.filter(role="chief_referee").exists()


def test_countersignature_makes_results_final_where_required(short, sheet, referee, chief_referee, organizer):
    short = ts.tournament_update(tournament=short, by=organizer, countersign_required=True)
    session = sheet.table.session
    for table in session.tables.all():
        play_all(table.sheet, referee)
        confirm_all(table.sheet, referee)
        with pytest.raises(ValidationError, match="signs the sheet first"):
            ss.sheet_countersign(sheet=table.sheet, by=chief_referee)
        ss.sheet_sign(sheet=table.sheet, by=referee)
    assert not table_results(short)[sheet.table_id].submitted
    assert all(r.provisional for r in player_standings(short))
    with pytest.raises(ValidationError, match="countersigned"):
        close_session(session=session, by=organizer)
    for table in session.tables.all():
        ss.sheet_countersign(sheet=table.sheet, by=chief_referee)
    assert fresh(sheet).status == "countersigned"
    assert not any(r.provisional for r in player_standings(short))
    close_session(session=session, by=organizer)


def test_standings_stay_provisional_until_every_sheet_of_the_session_is_signed(short, seated_session, referee):
    t1, t2 = seated_session.tables.order_by("number")
    play_all(t1.sheet, referee)
    confirm_all(t1.sheet, referee)
    ss.sheet_sign(sheet=t1.sheet, by=referee)
    rows = {r.player.number: r for r in player_standings(short)}
    assert rows[1].provisional  # table 1 is signed, but table 2 may still change the session's ranking
    ss.sheet_mark_rest_not_played(sheet=t2.sheet, by=referee)
    confirm_all(t2.sheet, referee)
    ss.sheet_sign(sheet=t2.sheet, by=referee)
    assert not any(r.provisional for r in player_standings(short))


def test_only_the_chief_referee_reopens_with_a_reason(short, sheet, referee, organizer, chief_referee):
    play_all(sheet, referee)
    confirm_all(sheet, referee)
    ss.sheet_sign(sheet=sheet, by=referee)
    for user in (referee, organizer):
        with pytest.raises(PermissionDenied):
            ss.sheet_reopen(sheet=sheet, reason="wrong winner", by=user)
    with pytest.raises(ValidationError) as exc:
        ss.sheet_reopen(sheet=sheet, reason="  ", by=chief_referee)
    assert "reason" in exc.value.message_dict
    assert fresh(sheet).is_signed
    ss.sheet_reopen(sheet=sheet, reason="wrong winner in hand 1", by=chief_referee)
    sheet = fresh(sheet)
    assert sheet.status == "confirming" and not sheet.is_signed
    # The signatures are kept, void, with the reason; the players confirm again.
    assert Signature.objects.filter(sheet=sheet, voided_at__isnull=True).count() == 0
    assert set(Signature.objects.filter(sheet=sheet).values_list("voided_reason", flat=True)) == {
        "wrong winner in hand 1"
    }
    log = AuditLog.objects.get(action="sheet.reopen")
    assert log.actor == chief_referee and log.data["reason"] == "wrong winner in hand 1"
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=seats(sheet)[1], points=8, by=referee)
    with pytest.raises(ValidationError, match="Not every player"):
        ss.sheet_sign(sheet=sheet, by=referee)


def test_a_closed_session_keeps_its_sheets_signed(short, seated_session, referee, organizer, chief_referee):
    """Reopening the session does not unlock its sheets: a hand changes only after the chief referee reopens."""
    ts.tournament_update(tournament=short, by=organizer, player_confirmation="none")
    for table in seated_session.tables.all():
        ss.sheet_sign(sheet=table.sheet, by=referee, mark_rest_not_played=True)
    close_session(session=seated_session, by=organizer)
    sheet = seated_session.tables.get(number=1).sheet
    with pytest.raises(ValidationError, match="session is closed"):
        ss.sheet_reopen(sheet=sheet, reason="appeal", by=chief_referee)
    sched.session_reopen(session=seated_session, by=organizer, reason="appeal")
    with pytest.raises(ValidationError, match="signed"):
        ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=organizer)
    ss.sheet_reopen(sheet=sheet, reason="appeal upheld", by=chief_referee)
    ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=organizer)


def test_without_player_confirmation_the_referee_signs_directly(tournament, sheet, referee):
    ss.sheet_sign(sheet=sheet, by=referee, mark_rest_not_played=True)
    assert fresh(sheet).is_signed
    assert list(Signature.objects.filter(sheet=sheet).values_list("role", flat=True)) == ["referee"]
    # The sheet as everyone then reads it: every hand not played, signed by the referee, final.
    data = sheet_data(tournament, sheet.table)
    assert data.missing == [] and {h.version.outcome for h in data.hands} == {pay.NOT_PLAYED}
    assert data.signature_of(Signature.Role.REFEREE).user == referee
    assert table_results(tournament)[sheet.table_id].submitted


def test_chief_referee_may_score(tournament, sheet, chief_referee):
    """The chief referee enters a hand like any referee: it counts on the sheet at once, in their name."""
    a = seats(sheet)[0]
    version = ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=a, points=8, by=chief_referee)
    data = sheet_data(tournament, sheet.table)
    assert data.hands[0].version == version and data.hands[0].version.created_by == chief_referee
    assert data.next_hand == 2 and data.scores == [48, -16, -16, -16]
    assert table_results(tournament)[sheet.table_id].scores == [48, -16, -16, -16]
    log = AuditLog.objects.get(action="hand.record")
    assert log.actor == chief_referee and (log.data["hand"], log.data["winner"]) == (1, a.number)


# ------------------------------------------------------------------ two-person entry


@pytest.fixture
def two_person(short, organizer, referee, make_user):
    ts.tournament_update(tournament=short, by=organizer, two_person_entry=True)
    second = make_user("second")
    TournamentRole.objects.create(tournament=short, user=second, role=TournamentRole.Role.REFEREE)
    return second


def test_two_person_entry_counts_a_hand_once_confirmed(two_person, sheet, referee, short):
    a, _b, _c, _d = seats(sheet)
    version = ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=a, points=8, by=referee)
    hand = Hand.objects.get(sheet=sheet, number=1)
    assert hand.current is None and hand.pending == version
    assert table_results(short)[sheet.table_id].scores == [0, 0, 0, 0]
    data = sheet_data(short, sheet.table)
    assert [h.number for h in data.pending] == [1] and data.next_hand == 2 and data.missing == [2, 3, 4]
    with pytest.raises(ValidationError, match="yourself"):
        ss.hand_confirm(sheet=sheet, number=1, by=referee)
    assert Hand.objects.get(pk=hand.pk).current is None
    ss.hand_confirm(sheet=sheet, number=1, by=two_person)
    hand.refresh_from_db()
    assert hand.current == version and hand.pending is None
    version.refresh_from_db()
    assert version.confirmed_by == two_person and version.confirmed_at
    assert table_results(short)[sheet.table_id].scores == [48, -16, -16, -16]


def test_a_player_confirms_a_hand_with_their_code(two_person, sheet, referee, coded):
    a, b, c, _d = seats(sheet)
    ss.hand_record(sheet=sheet, number=1, outcome=pay.DISCARD, winner=a, discarder=b, points=8, by=referee)
    with pytest.raises(PermissionDenied):
        ss.hand_confirm(sheet=sheet, number=1, by=None, player=c, code=coded[4].code)  # d's code
    version = ss.hand_confirm(sheet=sheet, number=1, by=None, player=c, code=coded[3].code)
    assert version.confirmed_by_player == c


def test_a_correction_waits_while_the_confirmed_version_counts(two_person, sheet, referee, short):
    a, b, _c, _d = seats(sheet)
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=a, points=8, by=referee)
    ss.hand_confirm(sheet=sheet, number=1, by=two_person)
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=b, points=8, by=two_person, expected_version=1)
    assert table_results(short)[sheet.table_id].scores == [48, -16, -16, -16]  # still the confirmed one
    with pytest.raises(ValidationError, match="corrected meanwhile"):
        ss.hand_confirm(sheet=sheet, number=1, by=referee, expected_version=1)
    ss.hand_confirm(sheet=sheet, number=1, by=referee, expected_version=2)
    assert table_results(short)[sheet.table_id].scores == [-16, 48, -16, -16]
    assert HandVersion.objects.filter(hand__sheet=sheet, hand__number=1).count() == 2


def test_pending_hands_block_confirmation_and_signature(two_person, sheet, referee):
    play_all(sheet, referee)
    assert fresh(sheet).status == "open"
    with pytest.raises(ValidationError, match="wait for a second person"):
        ss.sheet_confirm(sheet=sheet, player=seats(sheet)[0], method="device", by=referee)
    with pytest.raises(ValidationError, match="wait for a second person"):
        ss.sheet_sign(sheet=sheet, by=referee)
    for n in range(1, 5):
        ss.hand_confirm(sheet=sheet, number=n, by=two_person)
    assert fresh(sheet).status == "confirming"


def test_nothing_to_confirm(two_person, sheet, referee):
    with pytest.raises(ValidationError, match="no entry waiting"):
        ss.hand_confirm(sheet=sheet, number=1, by=two_person)


# ------------------------------------------------------------------ player codes


def test_player_codes_are_unique_and_only_organizers_make_them(tournament, players, organizer, referee):
    with pytest.raises(PermissionDenied):
        ts.player_codes_generate(tournament=tournament, by=referee)
    assert ts.player_codes_generate(tournament=tournament, by=organizer) == 8
    codes = list(tournament.players.values_list("code", flat=True))
    assert len(set(codes)) == 8 and all(len(c) == 8 for c in codes)
    assert ts.player_codes_generate(tournament=tournament, by=organizer) == 0  # existing codes stay
    player = tournament.players.get(number=1)
    old = player.code
    assert ts.player_code_reset(player=player, by=organizer).code != old


def test_wrong_codes_are_counted_and_throttled(tournament, players, organizer, settings):
    settings.PLAYER_CODE_FAILURE_LIMIT = 10
    ts.player_codes_generate(tournament=tournament, by=organizer)
    code = tournament.players.get(number=3).code
    assert ts.player_for_code(tournament=tournament, code=f" {code.lower()} ", address="1.2.3.4").number == 3
    for _i in range(10):
        assert ts.player_for_code(tournament=tournament, code="NOPE", address="1.2.3.4") is None
    with pytest.raises(ts.TooManyCodeFailures):
        ts.player_for_code(tournament=tournament, code=code, address="1.2.3.4")
    assert ts.player_for_code(tournament=tournament, code=code, address="5.6.7.8").number == 3
