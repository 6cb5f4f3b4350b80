"""Family, given and display names: a single name is split only where it says which part is which."""

import copy

import pytest
from django.urls import reverse

from interchange.export import tournament_export
from interchange.load import tournament_import
from tournament import services as ts
from tournament.importing import parse_players_file
from tournament.models import Player, compose_display_name, split_display_name


@pytest.mark.parametrize(
    "name, parts",
    [
        ("López Ruiz, Ana", ("López Ruiz", "Ana")),
        ("Ana López Ruiz", ("", "")),
        ("李伟 (Li Wei)", ("", "")),
        ("Li Wei", ("", "")),
        ("a, b, c", ("", "")),
        (",Ana", ("", "")),
    ],
)
def test_split_only_where_unambiguous(name, parts):
    assert split_display_name(name) == parts


def test_display_name_from_parts():
    assert compose_display_name("López", "Ana") == "Ana López"
    assert compose_display_name("李", "伟") == "李伟"
    assert compose_display_name("김", "민준") == "김민준"
    # Mixed scripts (issue 30): family name first, the parts kept apart.
    assert compose_display_name("Kim 김재원", "Jae-won") == "Kim 김재원 Jae-won"
    assert compose_display_name("Kim", "김재원  Jae-won") == "Kim 김재원 Jae-won"
    assert compose_display_name("王", "Wei") == "王 Wei"


def test_service_splits_a_comma_name_and_keeps_others_whole(tournament, organizer):
    a = ts.player_create(tournament=tournament, number=1, name="López Ruiz, Ana", by=organizer)
    b = ts.player_create(tournament=tournament, number=2, name="李伟 (Li Wei)", by=organizer)
    c = ts.player_create(tournament=tournament, number=3, family_name="李", given_name="伟", by=organizer)
    assert (a.family_name, a.given_name) == ("López Ruiz", "Ana")
    assert (b.family_name, b.given_name, b.name) == ("", "", "李伟 (Li Wei)")
    assert c.name == "李伟"


def test_players_file_with_name_part_columns(tournament):
    data = "number,family name,given name,display name\n1,李,伟,李伟 (Li Wei)\n2,López Ruiz,Ana,\n".encode()
    preview = parse_players_file(data, "p.csv", tournament)
    assert preview.ok, preview.errors
    assert [(r["name"], r["family_name"], r["given_name"]) for r in preview.rows] == [
        ("李伟 (Li Wei)", "李", "伟"),
        ("Ana López Ruiz", "López Ruiz", "Ana"),
    ]


def test_player_form_takes_name_parts_and_no_ema_id(client_for, tournament):
    response = client_for("organizer").post(
        reverse("manage-player-add", args=[tournament.slug]),
        {"number": 7, "family_name": "李", "given_name": "伟", "name": "李伟 (Li Wei)", "no_ema_id": "on"},
    )
    assert response.status_code == 302
    player = Player.objects.get(tournament=tournament, number=7)
    assert (player.name, player.family_name, player.given_name, player.no_ema_id) == ("李伟 (Li Wei)", "李", "伟", True)


def test_player_form_refuses_an_ema_id_marked_none_and_saves_nothing(client_for, tournament):
    response = client_for("organizer").post(
        reverse("manage-player-add", args=[tournament.slug]),
        {"number": 7, "name": "Ana", "ema_id": "04000001", "no_ema_id": "on"},
    )
    assert response.status_code == 200
    assert "clear it or untick" in response.content.decode()
    assert not Player.objects.filter(tournament=tournament, number=7).exists()


def test_name_parts_round_trip_through_the_interchange_file(tournament, organizer):
    ts.player_create(
        tournament=tournament,
        number=1,
        name="李伟 (Li Wei)",
        family_name="李",
        given_name="伟",
        no_ema_id=True,
        by=organizer,
    )
    ts.player_create(tournament=tournament, number=2, name="López Ruiz, Ana", by=organizer)
    data = tournament_export(tournament)
    assert data["players"][0] == {
        "number": 1,
        "name": "李伟 (Li Wei)",
        "family_name": "李",
        "given_name": "伟",
        "no_ema_id": True,
    }
    assert data["players"][1] == {"number": 2, "name": "López Ruiz, Ana"}  # splits the same way on import
    copy_data = copy.deepcopy(data)
    copy_data["slug"] = "copy"
    assert tournament_export(tournament_import(copy_data))["players"] == data["players"]


def test_editing_the_parts_with_the_display_name_emptied_makes_it_again(tournament, organizer):
    """Issue 30: an edit that gives the family and given names and empties the display name composes it, mixed
    scripts kept apart."""
    from tournament import services as ts

    player = ts.player_create(tournament=tournament, number=9, name="Kim Jae-won", by=organizer)
    player = ts.player_update(player=player, by=organizer, name="", family_name="Kim 김재원", given_name="Jae-won")
    assert player.name == "Kim 김재원 Jae-won"
