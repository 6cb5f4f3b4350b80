"""Interchange under the Swiss championship and Spanish rules (issue 13): "rules" takes the registry's codes,
rule_options and every player's points round-trip, and bad values are refused naming the field."""

import copy

import pytest

from interchange.export import tournament_export
from interchange.format import InterchangeError
from interchange.load import tournament_import
from tournament.models import Tournament

pytestmark = pytest.mark.django_db

PLAYERS = [{"number": n, "name": f"Player {n}"} for n in range(1, 5)]

SWISS = {
    "name": "Swiss Open",
    "slug": "swiss-open",
    "rules": "swiss_championship",
    "session_count": 1,
    "rule_options": {"payment": "all_pay"},
    "players": PLAYERS,
    "sessions": [
        {
            "number": 1,
            "tables": [
                {
                    "number": 1,
                    "seats": [1, 2, 3, 4],
                    "hands": [
                        {"winner": 2, "from": 3, "points": 4},
                        {
                            "winner": 1,
                            "self_drawn": True,
                            "points": 96,
                            "tiles": {
                                "concealed": "234456p7p345789s",
                                "melds": [],
                                "win_tile": "7p",
                                "self_drawn": True,
                                "flowers": 0,
                                "last_tile": False,
                                "kong": False,
                                "last_wall": False,
                                "seat_wind": "S",
                                "prevalent_wind": "E",
                                "kong_discard": False,
                                "first_draw": True,
                            },
                        },
                        {"draw": True},
                        {"winner": 4, "from": 1, "points": 2},
                    ],
                }
            ],
        }
    ],
}

SPANISH = {
    "name": "Liga",
    "slug": "liga",
    "rules": "spanish",
    "session_count": 1,
    "hands_per_session": 4,
    "players": PLAYERS,
    "sessions": [
        {
            "number": 1,
            "tables": [
                {
                    "number": 1,
                    "seats": [1, 2, 3, 4],
                    "hands": [
                        {"winner": 1, "from": 3, "points": 40, "player_points": [40, 30, 20, 10]},
                        {"winner": 2, "self_drawn": True, "points": 60, "player_points": [0, 60, 20, 20]},
                    ],
                }
            ],
        }
    ],
}


def hands(data):
    return data["sessions"][0]["tables"][0]["hands"]


def deltas(tournament):
    sheet = tournament.sessions.get(number=1).tables.get(number=1).sheet
    return [h.current.deltas for h in sheet.hands.order_by("number")]


def test_swiss_tournament_round_trips_with_its_options():
    t = tournament_import(copy.deepcopy(SWISS))
    assert (t.rules, t.rule_options, t.hands_per_session) == ("swiss_championship", {"payment": "all_pay"}, 4)
    # all_pay: each of the three others pays the points, on a discard too.
    assert deltas(t)[0] == [-4, 12, -4, -4]
    exported = tournament_export(t)
    assert {k: exported[k] for k in SWISS if k != "sessions"} == {k: v for k, v in SWISS.items() if k != "sessions"}
    assert hands(exported) == hands(SWISS)
    assert "hands_per_session" not in exported  # the rule set's own 4
    again = tournament_import(dict(exported, slug="swiss-again"))
    assert tournament_export(again) == dict(exported, slug="swiss-again")


def test_spanish_points_by_player_round_trip():
    t = tournament_import(copy.deepcopy(SPANISH))
    # Hand 2: the two tied for second (20) collect x1 each from the last (0), and there is no third.
    assert deltas(t) == [[120, 20, -50, -90], [-100, 180, -40, -40]]
    exported = tournament_export(t)
    assert hands(exported) == hands(SPANISH) and exported["hands_per_session"] == 4


def test_a_rule_set_played_longer_than_its_own_session_keeps_its_length():
    data = dict(copy.deepcopy(SWISS), hands_per_session=8)
    t = tournament_import(data)
    assert t.hands_per_session == 8 and tournament_export(t)["hands_per_session"] == 8


@pytest.mark.parametrize(
    "mutate, path, text",
    [
        (
            lambda d: d.update(rules="swiss"),
            "rules",
            "not a rule set; expected one of mcr, swiss_championship, spanish",
        ),
        (lambda d: d.update(rules=3), "rules", "expected a string"),
        (lambda d: d.update(rule_options=["all_pay"]), "rule_options", "expected an object"),
        (lambda d: d.update(rule_options={"payment": "loser_pays"}), "rule_options", "must be one of"),
        (
            lambda d: d["sessions"][0]["tables"][0]["hands"][0].update(points=0),
            "sessions[0].tables[0].hands[0].points",
            "from 1 to 600",
        ),
    ],
)
def test_bad_rules_refused_naming_the_field(mutate, path, text):
    data = copy.deepcopy(SWISS)
    mutate(data)
    with pytest.raises(InterchangeError) as error:
        tournament_import(data)
    assert error.value.path == path and text in error.value.message
    assert not Tournament.objects.exists()


@pytest.mark.parametrize(
    "points, path, text",
    [
        ([40, 30, 20], "sessions[0].tables[0].hands[0].player_points", "four numbers"),
        ([40, 30, "20", 10], "sessions[0].tables[0].hands[0].player_points[2]", "whole number"),
        ([40, 35, 20, 10], "sessions[0].tables[0].hands[0].player_points", "steps of 10"),
    ],
)
def test_bad_points_by_player_refused(points, path, text):
    data = copy.deepcopy(SPANISH)
    data["sessions"][0]["tables"][0]["hands"][0]["player_points"] = points
    with pytest.raises(InterchangeError) as error:
        tournament_import(data)
    assert error.value.path == path and text in error.value.message
    assert not Tournament.objects.exists()


def test_spanish_hand_without_points_by_player_is_refused():
    data = copy.deepcopy(SPANISH)
    del data["sessions"][0]["tables"][0]["hands"][0]["player_points"]
    with pytest.raises(InterchangeError) as error:
        tournament_import(data)
    assert "points of all four players" in error.value.message
