"""Issue 30: the tie-break chain on the settings page is an ordered list of translated choices, not a line of
internal keys; the keys themselves are still taken from a file, a script or an older page."""

import pytest
from django.utils import translation

from tests.tournament.test_manage_views import m, settings_data
from tournament.models import Tournament


def test_the_settings_page_offers_each_place_as_a_choice_in_the_readers_language(client_for, tournament):
    client = client_for("organizer")
    page = client.get(m("manage-settings", tournament)).content.decode()
    assert 'name="tiebreaks_0"' in page and 'name="tiebreaks_3"' in page
    assert '<option value="first_places" selected>First places</option>' in page
    assert '<option value="best_session_score" selected>Best session score</option>' in page
    assert "first_places, best_session_score" not in page  # no keys shown as words
    spanish = client.get(m("manage-settings", tournament), HTTP_ACCEPT_LANGUAGE="es").content.decode()
    with translation.override("es"):
        assert f">{translation.gettext('First places')}</option>" in spanish


@pytest.mark.parametrize(
    "posted, stored",
    [
        (
            {"tiebreaks_0": "second_places", "tiebreaks_1": "", "tiebreaks_2": "first_places", "tiebreaks_3": ""},
            "second_places,first_places",
        ),
        (
            {"tiebreaks_0": "first_places", "tiebreaks_1": "first_places", "tiebreaks_2": "", "tiebreaks_3": ""},
            "first_places",
        ),
        ({"tiebreaks": "fewest_last_places"}, "fewest_last_places"),
    ],
)
def test_the_chosen_places_are_stored_as_the_keys_in_order(client_for, tournament, posted, stored):
    data = settings_data(tournament)
    del data["tiebreaks"]
    data.update(posted)
    response = client_for("organizer").post(m("manage-settings", tournament), data)
    assert response.status_code == 302, response.content.decode()[:2000]
    assert Tournament.objects.get(pk=tournament.pk).tiebreaks == stored
