"""A hand posted without the version the referee saw is refused: a stale form never overwrites silently."""

from scoring.models import Hand, HandVersion
from tests.scoring.test_sheet_views import url


def test_a_correction_without_expected_version_is_refused_and_keeps_the_input(
    client_for, hands_entered, tournament, players
):
    before = HandVersion.objects.count()
    response = client_for("organizer").post(
        url("sheet-hand", tournament), {"number": 1, "outcome": "self_drawn", "winner": players[3].pk, "points": 16}
    )
    assert response.status_code == 200
    content = response.content.decode()
    assert "does not say which version of the hand you saw" in content
    assert 'name="points" value="16"' in content
    assert HandVersion.objects.count() == before
    assert Hand.objects.get(sheet=hands_entered, number=1).current.winner == players[0]


def test_a_new_hand_without_expected_version_is_refused(client_for, published_session, tournament, sheet):
    response = client_for("referee").post(url("sheet-hand", tournament), {"number": 1, "outcome": "draw"})
    assert response.status_code == 200
    assert "does not say which version" in response.content.decode()
    assert not Hand.objects.filter(sheet=sheet).exists()


def test_the_sheet_form_carries_the_version(client_for, hands_entered, tournament):
    page = client_for("referee").get(url("sheet", tournament)).content.decode()
    assert 'name="expected_version" value="0"' in page
