"""A hand's tiles give its points: the rule is the hand service's (scoring.services.hand_rules._check_tiles), so the
entry form, the bulk import and the tournament file all obey it; a refusal changes nothing."""

import pytest
from django.core.exceptions import ValidationError

from rules import payments as pay
from scoring import services as ss
from scoring.models import HandVersion

TILES_13 = {"concealed": "123m456p789s23sEE", "win_tile": "4s", "flowers": 1, "self_drawn": True}


def _record(sheet, players, referee, **kw):
    return ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], flowers=1, by=referee, **kw)


def test_the_tiles_total_is_recorded(published_session, sheet, players, referee):
    version = _record(sheet, players, referee, points=13, tiles=dict(TILES_13))
    assert version.points == 13 and version.tiles["concealed"] == "123m456p789s23sEE"


@pytest.mark.parametrize(
    ("points", "tiles", "says"),
    [
        (12, TILES_13, "The tiles score 13 points"),  # points that are not the tiles' total
        (13, {"hand": "123m"}, "The tiles cannot be scored"),  # tiles that are no hand
        (13, dict(TILES_13, concealed="123m456p789s23sEW"), "Not a valid winning hand"),
    ],
)
def test_tiles_that_do_not_give_the_points_are_refused(published_session, sheet, players, referee, points, tiles, says):
    with pytest.raises(ValidationError) as refused:
        _record(sheet, players, referee, points=points, tiles=tiles)
    assert says in " ".join(refused.value.message_dict["tiles"])
    assert not HandVersion.objects.filter(hand__sheet=sheet).exists()


def test_tiles_only_with_a_win(published_session, sheet, referee):
    with pytest.raises(ValidationError) as refused:
        ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, tiles=dict(TILES_13), by=referee)
    assert "only for a win" in " ".join(refused.value.message_dict["tiles"])


def test_the_bulk_import_obeys_the_same_rule(seated_session, sheet, players, organizer):
    table = sheet.table.number
    hand = {"outcome": pay.SELF_DRAWN, "winner": players[0], "points": 12, "flowers": 1, "tiles": dict(TILES_13)}
    with pytest.raises(ss.HandRowError) as refused:
        ss.hands_import(session=seated_session, tables={table: [hand]}, by=organizer)
    assert refused.value.index == 0 and "tiles" in refused.value.error.message_dict
