"""People who look like the same person, offered to a series' organizers (issue 30): who is offered, linking
through person_link (undone by person-unlink), "not the same person" remembered; the pages per role."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.urls import reverse

from core.names import person_key
from series.fileformat import series_import
from series.models import NotSamePerson, Person, PlayerLink
from series.same_person import one_result_count, same_person_dismiss, same_person_link, same_person_offers
from tournament.models import AuditLog, Player

pytestmark = pytest.mark.django_db


@pytest.fixture
def series(same_series):
    return same_series


def person_of(slug, name, country="ES"):
    player = Player.objects.get(tournament__slug=slug, name=name, country=country)
    return player.person_link.person


def pairs(offers):
    return {frozenset((o.keep.pk, o.other.pk)) for o in offers}


def test_person_key_folds_accents_case_commas_and_order():
    assert person_key("VIDAL, Rosa") == person_key("Rosa Vidal") == person_key("rosa vidál")
    assert person_key("Tanaka Kenji") == person_key("Kenji TANAKA")
    assert person_key("李伟") == person_key("李 伟")
    assert person_key("Rosa Vidal") != person_key("Rosa Vidales")


def test_offers_same_name_and_country_never_in_one_tournament(series):
    r1, r2 = person_of("same-jan", "Rosa Vidal"), person_of("same-feb", "VIDAL, Rosa")
    r3, r4 = person_of("same-feb", "Rosa Vidal"), person_of("same-mar", "Rosa Vidal", "PT")
    ana, ana3 = Person.objects.get(ema_id="10000001"), person_of("same-mar", "Ana Lopez")
    offers = same_person_offers(series)
    # Not r2 with r3 (they played one tournament together), not r4 (another country).
    assert pairs(offers) == {frozenset((r1.pk, r2.pk)), frozenset((r1.pk, r3.pk)), frozenset((ana.pk, ana3.pk))}
    ana_offer = next(o for o in offers if ana3.pk in (o.keep.pk, o.other.pk))
    assert (ana_offer.keep, ana_offer.other) == (ana, ana3)  # the one with the EMA id is kept
    assert [p.name for p in ana_offer.other_played] == ["Same March"]
    # r1, r2, r3 and Ana's namesake have one result each; Ana has two.
    assert not any(r4.pk in pair for pair in pairs(offers))
    assert one_result_count(offers) == 4


def test_dismissed_and_linked_pairs_are_not_offered(series, series_organizer):
    r1, r3 = person_of("same-jan", "Rosa Vidal"), person_of("same-feb", "Rosa Vidal")
    ana, ana3 = Person.objects.get(ema_id="10000001"), person_of("same-mar", "Ana Lopez")
    said = same_person_dismiss(series=series, first=r3.pk, second=r1.pk, by=series_organizer)
    assert (said.person_a_id, said.person_b_id) == tuple(sorted((r1.pk, r3.pk)))
    entry = AuditLog.objects.get(action="series.not_same_person")
    assert entry.actor == series_organizer and entry.data["people"] == sorted((r1.pk, r3.pk))

    offer = same_person_link(series=series, first=ana3.pk, second=ana.pk, by=series_organizer)
    assert offer.keep == ana
    player = Player.objects.get(tournament__slug="same-mar", name="Ana Lopez")
    link = PlayerLink.objects.get(player=player)
    assert link.person == ana and link.manual and link.linked_by == series_organizer
    assert AuditLog.objects.filter(action="person.link", tournament__slug="same-mar").count() == 1
    assert AuditLog.objects.get(action="series.same_person").data["players"] == [["same-mar", player.number]]

    remaining = same_person_offers(series)
    assert pairs(remaining) == {frozenset((r1.pk, person_of("same-feb", "VIDAL, Rosa").pk))}
    # The word holds in every series, and a second tap changes nothing.
    winter = series_import(
        {
            "name": "Winter Ranking",
            "slug": "winter-ranking",
            "method": "mers",
            "as_of": "2026-04-01",
            "tournaments": [{"slug": "same-jan"}, {"slug": "same-feb"}],
        }
    )
    assert len(same_person_offers(winter)) == 1 and not any(r3.pk in pair for pair in pairs(same_person_offers(winter)))
    with pytest.raises(ValidationError, match="one person already"):
        same_person_link(series=series, first=ana3.pk, second=ana.pk, by=series_organizer)
    with pytest.raises(ValidationError, match="not the same person"):
        same_person_dismiss(series=series, first=r1.pk, second=r3.pk, by=series_organizer)
    assert NotSamePerson.objects.count() == 1 and AuditLog.objects.filter(action="series.same_person").count() == 1


def test_only_the_series_organizers_decide(series, other_organizer):
    r1, r2 = person_of("same-jan", "Rosa Vidal"), person_of("same-feb", "VIDAL, Rosa")
    with pytest.raises(PermissionDenied):
        same_person_link(series=series, first=r1.pk, second=r2.pk, by=other_organizer)
    with pytest.raises(PermissionDenied):
        same_person_dismiss(series=series, first=r1.pk, second=r2.pk, by=other_organizer)
    assert not NotSamePerson.objects.exists() and not PlayerLink.objects.filter(manual=True).exists()


# --- pages ------------------------------------------------------------------------------------------------


def offer_url(series, a, b):
    return reverse("series-same-person", args=[series.slug, a.pk, b.pk])


def test_organizer_sees_the_offers_and_the_count_pointing_to_people(client_for, series):
    client = client_for("series_organizer")
    page = client.get(reverse("series-detail", args=[series.slug])).content.decode()
    assert 'id="same-person"' in page and 'id="duplicates-note"' in page
    assert "4 people with a single result may be duplicates" in page
    assert reverse("series-people", args=[series.slug]) in page
    assert page.count('name="do" value="link"') == 3 and page.count('name="do" value="dismiss"') == 3
    versions = client.get(reverse("series-rankings", args=[series.slug])).content.decode()
    assert 'id="duplicates-note"' in versions
    people = client.get(reverse("series-people", args=[series.slug])).content.decode()
    assert people.count('name="do" value="link"') == 3


@pytest.mark.parametrize("role", ["anonymous", "other_organizer"])
def test_others_see_no_offers(client_for, series, role):
    page = client_for(role).get(reverse("series-detail", args=[series.slug])).content.decode()
    assert "same-person" not in page and "duplicates-note" not in page


def test_link_asks_first_then_links_and_people_undoes_it(client_for, series, series_organizer):
    client = client_for("series_organizer")
    ana, ana3 = Person.objects.get(ema_id="10000001"), person_of("same-mar", "Ana Lopez")
    asked = client.post(offer_url(series, ana, ana3), {"do": "link"})
    page = asked.content.decode()
    assert asked.status_code == 200 and "Link them" in page
    for text in ("Ana López", "Ana Lopez", "Same January", "Same February", "Same March", " of 8"):
        assert text in page
    assert not PlayerLink.objects.filter(manual=True).exists()  # nothing yet

    done = client.post(offer_url(series, ana, ana3), {"do": "link", "confirm": "1"})
    assert done.status_code == 302 and done.url.startswith(reverse("series-detail", args=[series.slug]))
    player = Player.objects.get(tournament__slug="same-mar", name="Ana Lopez")
    assert player.person_link.person == ana and player.person_link.manual
    again = client.post(offer_url(series, ana, ana3), {"do": "link", "confirm": "1"}, follow=True)
    assert "one person already" in again.content.decode()
    assert AuditLog.objects.filter(action="series.same_person").count() == 1
    audit_page = client.get(reverse("series-audit", args=[series.slug])).content.decode()
    assert "linked Ana Lopez to Ana López" in audit_page

    # Undone on People: the player is a person of their own again, and the offer comes back.
    client.post(reverse("person-unlink", args=["same-mar", player.number]))
    player.refresh_from_db()
    assert player.person_link.person != ana and not player.person_link.manual
    assert frozenset((ana.pk, player.person_link.person_id)) in pairs(same_person_offers(series))


def test_not_the_same_person_is_remembered(client_for, series):
    client = client_for("series_organizer")
    r1, r2 = person_of("same-jan", "Rosa Vidal"), person_of("same-feb", "VIDAL, Rosa")
    done = client.post(offer_url(series, r1, r2), {"do": "dismiss"}, follow=True)
    assert "are two people" in done.content.decode()
    assert NotSamePerson.objects.filter(person_a=min(r1, r2, key=lambda p: p.pk)).exists()
    page = client.get(reverse("series-detail", args=[series.slug])).content.decode()
    assert offer_url(series, r1, r2) not in page
    assert AuditLog.objects.filter(action="series.not_same_person").count() == 1

    # Taken back on People: offered again, once however often it is sent.
    people = client.get(reverse("series-people", args=[series.slug])).content.decode()
    low, high = sorted((r1, r2), key=lambda p: p.pk)
    assert 'id="said-not-same"' in people and offer_url(series, low, high) in people and "Offer them again" in people
    client.post(offer_url(series, low, high), {"do": "again"})
    again = client.post(offer_url(series, low, high), {"do": "again"}, follow=True).content.decode()
    assert "Nobody said these two are not the same person" in again
    assert not NotSamePerson.objects.exists()
    assert AuditLog.objects.filter(action="series.same_person_again").count() == 1
    assert frozenset((r1.pk, r2.pk)) in pairs(same_person_offers(series))
    audit_page = client.get(reverse("series-audit", args=[series.slug])).content.decode()
    assert "are not the same person: not offered again" in audit_page and "offered again." in audit_page


def test_another_series_organizer_gets_404_and_anonymous_logs_in(client_for, series):
    r1, r2 = person_of("same-jan", "Rosa Vidal"), person_of("same-feb", "VIDAL, Rosa")
    for data in ({"do": "link"}, {"do": "link", "confirm": "1"}, {"do": "dismiss"}, {"do": "again"}):
        assert client_for("other_organizer").post(offer_url(series, r1, r2), data).status_code == 404
        anonymous = client_for("anonymous").post(offer_url(series, r1, r2), data)
        assert anonymous.status_code == 302 and reverse("login") in anonymous.url
    assert not NotSamePerson.objects.exists() and not PlayerLink.objects.filter(manual=True).exists()
