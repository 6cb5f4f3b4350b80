"""The final page per role (issue 32): organizers set the final, preview and make the cut, seat the later sessions
and undo the cut; referees and strangers are kept out; the standings page shows the carried and final parts."""

import pytest
from django.urls import reverse

from tests.series.factory import four_played_of_six
from tournament.finals_models import FinalStage
from tournament.models import TournamentRole

pytestmark = pytest.mark.django_db


@pytest.fixture
def four_played(organizer, referee):
    return four_played_of_six(
        slug="final-cup",
        name="Final Cup",
        seed=9,
        staff=[(organizer, TournamentRole.Role.ORGANIZER), (referee, TournamentRole.Role.REFEREE)],
        published=True,
    )


SETTINGS = {
    "action": "set",
    "size": 4,
    "after_session": 4,
    "carry_table_points": "two_thirds_up",
    "carry_points": "half",
    "others": "play_on",
    "seating": "blocks",
}


@pytest.mark.parametrize("role", ["referee", "outsider", "anonymous"])
def test_only_organizers_reach_the_final_page(client_for, four_played, role):
    url = reverse("manage-final", args=[four_played.slug])
    assert client_for(role).get(url).status_code in (302, 403)
    assert client_for(role).post(url, SETTINGS).status_code in (302, 403)
    assert not FinalStage.objects.exists()


def test_organizer_sets_previews_cuts_and_undoes(client_for, four_played):
    client = client_for("organizer")
    url = reverse("manage-final", args=[four_played.slug])
    assert client.get(url).status_code == 200
    bad = client.post(url, {**SETTINGS, "size": 6})
    assert bad.status_code == 200 and "multiple of 4" in bad.content.decode()
    assert client.post(url, SETTINGS).status_code == 302
    preview = client.post(url, {"action": "cut"})
    assert "These players make the cut" in preview.content.decode()
    assert not FinalStage.objects.get().is_cut  # a preview changes nothing
    assert client.post(url, {"action": "cut", "confirm": "1"}).status_code == 302
    assert FinalStage.objects.get().is_cut and four_played.sessions.get(number=5).tables.count() == 2
    again = client.post(url, {"action": "cut", "confirm": "1"})  # a double tap: refused in words, nothing changes
    assert again.status_code == 200 and "The cut is already made." in again.content.decode()
    page = client.get(reverse("standings", args=[four_played.slug])).content.decode()
    assert "Carried over" in page and "the best 4 after session 4" in page
    ask = client.post(url, {"action": "undo"})
    assert "Undo the cut?" in ask.content.decode() and FinalStage.objects.get().is_cut
    assert client.post(url, {"action": "undo", "confirm": "1"}).status_code == 302
    assert not FinalStage.objects.get().is_cut
