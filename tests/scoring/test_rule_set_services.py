"""Hand entry under each rule set (issue 13): the tournament's rule set checks the points, pays the hand,
moves the deal, and the settings that shape results lock once a hand is in."""

import pytest
from django.core.exceptions import ValidationError

from rules import payments as pay
from schedule import services as sched
from scoring import services as ss
from scoring.models import Hand, HandVersion
from scoring.results import sheet_data
from tournament import services as ts
from tournament.models import Tournament

pytestmark = pytest.mark.django_db


def rules_to(tournament, organizer, code, **options):
    return ts.tournament_update(tournament=tournament, by=organizer, rules=code, rule_options=options)


@pytest.fixture
def swiss(tournament, organizer):
    return ts.tournament_update(tournament=tournament, by=organizer, rules="swiss_championship", hands_per_session=4)


@pytest.fixture
def spanish(tournament, organizer):
    return rules_to(tournament, organizer, "spanish")


def current(sheet, number):
    return Hand.objects.get(sheet=sheet, number=number).current


# ------------------------------------------------------------------ the tournament's rule set


def test_the_rule_set_choices_come_from_the_registry():
    from rules.registry import RULE_SETS

    assert [code for code, _label in Tournament.Rules.choices] == list(RULE_SETS)


def test_a_new_tournament_plays_its_rule_sets_number_of_hands(organizer):
    swiss = ts.tournament_create(by=organizer, name="Swiss", slug="swiss", rules="swiss_championship")
    spanish = ts.tournament_create(
        by=organizer, name="ES", slug="es", rules="spanish", rule_options={"hands_per_session": 8}
    )
    mcr = ts.tournament_create(by=organizer, name="MCR", slug="mcr")
    chosen = ts.tournament_create(
        by=organizer, name="Short", slug="short", rules="swiss_championship", hands_per_session=8
    )
    assert [t.hands_per_session for t in (swiss, spanish, mcr, chosen)] == [4, 8, 16, 8]
    assert spanish.rule_set.options["hands_per_session"] == 8


def test_rule_options_are_checked_against_the_rule_set(organizer):
    with pytest.raises(ValidationError) as error:
        ts.tournament_create(
            by=organizer, name="ES", slug="es", rules="spanish", rule_options={"payment_mode": "winner_takes_all"}
        )
    assert "payment_mode" in str(error.value.message_dict["rule_options"])
    with pytest.raises(ValidationError) as error:
        ts.tournament_create(
            by=organizer,
            name="Swiss",
            slug="swiss",
            rules="swiss_championship",
            rule_options={"payment_mode": "official"},
        )  # a Spanish option, not a Swiss one
    assert "rule_options" in error.value.message_dict
    with pytest.raises(ValidationError) as error:
        ts.tournament_create(by=organizer, name="X", slug="x", rules="riichi")
    assert "rules" in error.value.message_dict
    assert not Tournament.objects.filter(slug__in=["es", "swiss", "x"]).exists()


def test_rule_set_cannot_change_once_a_hand_is_recorded(hands_entered, tournament, organizer):
    with pytest.raises(ValidationError) as error:
        ts.tournament_update(tournament=tournament, by=organizer, rules="swiss_championship")
    assert "Results have been entered, so rule set can no longer change" in " ".join(error.value.message_dict["rules"])
    tournament.refresh_from_db()
    assert tournament.rules == "mcr"


def test_rule_options_cannot_change_once_a_hand_is_recorded(
    spanish, published_session, sheet, players, referee, organizer
):
    ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=referee)
    with pytest.raises(ValidationError) as error:
        rules_to(spanish, organizer, "spanish", payment_mode="official")
    assert "Results have been entered" in " ".join(error.value.message_dict["rule_options"])
    spanish.refresh_from_db()
    assert spanish.rule_options == {}


def test_session_length_option_and_hands_per_session_must_agree(spanish, organizer):
    with pytest.raises(ValidationError) as error:
        rules_to(spanish, organizer, "spanish", hands_per_session=8)
    assert "say 8 hands per session" in " ".join(error.value.message_dict["hands_per_session"])
    spanish = ts.tournament_update(
        tournament=spanish, by=organizer, rule_options={"hands_per_session": 8}, hands_per_session=8
    )
    assert spanish.rule_set.hands_per_session == spanish.hands_per_session == 8


def test_options_can_change_before_any_hand(spanish, organizer):
    spanish = rules_to(spanish, organizer, "spanish", payment_mode="official")
    assert spanish.rule_set.entry.every_player is False


# ------------------------------------------------------------------ Swiss championship rules


def test_swiss_win_by_discard_is_paid_by_the_discarder(swiss, published_session, sheet, players, referee):
    version = ss.hand_record(
        sheet=sheet, number=1, outcome=pay.DISCARD, winner=players[1], discarder=players[3], points=4, by=referee
    )
    assert version.deltas == [0, 4, 0, -4]


def test_swiss_self_drawn_each_pays_a_third(swiss, published_session, sheet, players, referee):
    version = ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=12, by=referee)
    assert version.deltas == [12, -4, -4, -4]


def test_swiss_all_pay_option(tournament, organizer, published_session, sheet, players, referee):
    rules_to(tournament, organizer, "swiss_championship", payment="all_pay")
    version = ss.hand_record(
        sheet=sheet, number=1, outcome=pay.DISCARD, winner=players[1], discarder=players[3], points=4, by=referee
    )
    assert version.deltas == [-4, 12, -4, -4]


@pytest.mark.parametrize(
    "outcome, points, flowers, message",
    [
        (pay.SELF_DRAWN, 10, 0, "multiple of 3"),
        (pay.DISCARD, 0, 0, "from 1 to 600"),
        (pay.DISCARD, 601, 0, "from 1 to 600"),
        (pay.DISCARD, 4, 2, "no flower count"),
    ],
)
def test_swiss_refuses_bad_points_and_saves_nothing(
    swiss, published_session, sheet, players, referee, outcome, points, flowers, message
):
    with pytest.raises(ValidationError) as error:
        ss.hand_record(
            sheet=sheet,
            number=1,
            outcome=outcome,
            winner=players[0],
            discarder=players[1] if outcome == pay.DISCARD else None,
            points=points,
            flowers=flowers,
            by=referee,
        )
    assert message in str(error.value)
    assert not HandVersion.objects.exists()


def test_swiss_sheet_has_four_hands_and_the_deal_passes_every_hand(swiss, published_session, sheet, players, referee):
    data = sheet_data(swiss, sheet.table)
    assert [h.number for h in data.hands] == [1, 2, 3, 4]
    assert [h.dealer for h in data.hands] == [0, 1, 2, 3]
    assert {h.round_wind for h in data.hands} == {"E"}
    with pytest.raises(ValidationError, match="numbered 1 to 4"):
        ss.hand_record(sheet=sheet, number=5, outcome=pay.DRAW, by=referee)


def test_an_mcr_minimum_does_not_apply_to_the_swiss_rules(swiss, published_session, sheet, players, referee):
    # 1 point (Basic Hu on a discard) is a whole Swiss hand; under MCR it would be under 8.
    version = ss.hand_record(
        sheet=sheet, number=1, outcome=pay.DISCARD, winner=players[2], discarder=players[0], points=1, by=referee
    )
    assert version.deltas == [-1, 0, 1, 0]


# ------------------------------------------------------------------ Spanish rules


def test_spanish_ranked_mode_takes_every_players_points(spanish, published_session, sheet, players, referee):
    version = ss.hand_record(
        sheet=sheet,
        number=1,
        outcome=pay.DISCARD,
        winner=players[0],
        discarder=players[2],
        player_points=[40, 30, 20, 10],
        by=referee,
    )
    assert version.points == 40 and version.player_points == [40, 30, 20, 10]
    assert version.deltas == [120, 20, -50, -90]


def test_spanish_correction_keeps_the_old_points_by_player(spanish, published_session, sheet, players, referee):
    ss.hand_record(
        sheet=sheet,
        number=1,
        outcome=pay.DISCARD,
        winner=players[0],
        discarder=players[2],
        player_points=[40, 30, 20, 10],
        by=referee,
    )
    ss.hand_record(
        sheet=sheet,
        number=1,
        outcome=pay.DISCARD,
        winner=players[0],
        discarder=players[2],
        player_points=[40, 20, 20, 10],
        by=referee,
        expected_version=1,
    )
    versions = list(HandVersion.objects.order_by("version").values_list("player_points", flat=True))
    assert versions == [[40, 30, 20, 10], [40, 20, 20, 10]]
    assert current(sheet, 1).deltas == [120, -20, -20, -80]


@pytest.mark.parametrize(
    "player_points, points, message",
    [
        (None, 40, "points of all four players"),
        ([40, 15, 0, 0], 0, "steps of 10"),
        ([40, 150, 0, 0], 0, "from 0 to 100"),
        ([45, 10, 0, 0], 0, "multiple of 10"),
        ([40, 10, 0, 0], 50, "but the points by player give the winner 40"),
    ],
)
def test_spanish_ranked_mode_refuses_bad_points(
    spanish, published_session, sheet, players, referee, player_points, points, message
):
    with pytest.raises(ValidationError) as error:
        ss.hand_record(
            sheet=sheet,
            number=1,
            outcome=pay.SELF_DRAWN,
            winner=players[0],
            points=points,
            player_points=player_points,
            by=referee,
        )
    assert message in str(error.value)
    assert not HandVersion.objects.exists()


def test_spanish_official_mode_only_the_winner_collects(
    tournament, organizer, published_session, sheet, players, referee
):
    rules_to(tournament, organizer, "spanish", payment_mode="official")
    version = ss.hand_record(
        sheet=sheet,
        number=1,
        outcome=pay.DISCARD,
        winner=players[1],
        discarder=players[0],
        points=80,
        player_points=[1, 2, 3, 4],
        by=referee,
    )
    # Only the winner's points count in the official mode: the points by player are not kept.
    assert version.deltas == [-80, 240, -80, -80] and version.player_points is None


def test_a_drawn_hand_keeps_no_points_by_player(spanish, published_session, sheet, referee):
    version = ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, player_points=[10, 10, 10, 10], by=referee)
    assert version.deltas == [0, 0, 0, 0] and version.player_points is None


def test_mcr_entry_is_unchanged(tournament, published_session, sheet, players, referee):
    version = ss.hand_record(
        sheet=sheet,
        number=1,
        outcome=pay.DISCARD,
        winner=players[0],
        discarder=players[1],
        points=10,
        flowers=2,
        by=referee,
    )
    assert version.deltas == [34, -18, -8, -8] and version.player_points is None
    with pytest.raises(ValidationError, match="at least 8 points without flowers"):
        ss.hand_record(
            sheet=sheet, number=2, outcome=pay.SELF_DRAWN, winner=players[0], points=9, flowers=2, by=referee
        )


def test_the_rule_set_is_read_from_the_database_under_the_lock(tournament, organizer, players, referee):
    """Two app servers: the referee's tournament object may be stale; the entry uses the sheet's fresh row."""
    session = tournament.sessions.get(number=1)
    sched.session_seat(session=session, tables=[players[0:4], players[4:8]], by=organizer, method="manual")
    sheet = session.tables.get(number=1).sheet
    stale = Tournament.objects.get(pk=tournament.pk)
    ts.tournament_update(tournament=tournament, by=organizer, rules="swiss_championship", hands_per_session=4)
    assert stale.rules == "mcr"
    version = ss.hand_record(
        sheet=sheet, number=1, outcome=pay.DISCARD, winner=players[0], discarder=players[1], points=2, by=referee
    )
    assert version.deltas == [2, -2, 0, 0]
