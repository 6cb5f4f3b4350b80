"""The table page, the live score and the calculator under the Swiss championship and Spanish rules (issue 13):
who may enter, what the form asks for, errors that keep the input, and tiles scored by the tournament's rules."""

import html
import re

import pytest
from django.urls import reverse

from scoring.models import Hand, HandVersion
from tournament import services as ts

pytestmark = pytest.mark.django_db

SCORERS = ("referee", "organizer")
ALL = ("anonymous", "outsider", "other_referee", "referee", "organizer")
# 234 456 77 Tong; 345 789 Tiao: Basic Hu (002 l.134)
BASIC_HU = {"concealed": "234456p7p345789s", "win_tile": "7p"}


def url(name, tournament, *extra):
    return reverse(name, args=[tournament.slug, 1, 1, *extra])


def text(response):
    return html.unescape(response.content.decode())


def squash(content):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", content))


def post_data(players, winner=0, discarder=1, **extra):
    data = {
        "number": 1,
        "winner": players[winner].pk,
        "discarder": "self" if discarder == "self" else players[discarder].pk,
        "points": "",
        "expected_version": 0,
    }
    data.update(extra)
    return data


@pytest.fixture
def swiss(tournament, organizer):
    return ts.tournament_update(tournament=tournament, by=organizer, rules="swiss_championship", hands_per_session=4)


@pytest.fixture
def spanish(tournament, organizer):
    return ts.tournament_update(tournament=tournament, by=organizer, rules="spanish")


# ------------------------------------------------------------------ Swiss


@pytest.mark.parametrize("role", ALL)
def test_swiss_entry_only_for_scorers(client_for, swiss, published_session, players, role):
    client = client_for(role)
    page = client.get(url("sheet", swiss))
    assert page.status_code == 200
    assert (url("sheet-hand", swiss).encode() in page.content) == (role in SCORERS)
    response = client.post(url("sheet-hand", swiss), post_data(players, points=4))
    if role in SCORERS:
        assert response.status_code == 302
        assert Hand.objects.get(number=1).current.deltas == [4, -4, 0, 0]
    else:
        assert response.status_code in (302, 403) and not HandVersion.objects.exists()
        if role == "anonymous":
            assert response.url.startswith(reverse("login"))


def test_swiss_form_has_no_flowers_and_offers_the_first_draw_flag(client_for, swiss, published_session):
    content = text(client_for("referee").get(url("sheet", swiss)))
    assert 'name="flowers"' not in content
    assert 'name="first_draw"' in content and 'name="kong_discard"' in content
    assert "Hand 1 of 4" in squash(content)
    assert "scored by the Swiss Mahjong Championship rules" in content


def test_swiss_tiles_are_scored_by_the_swiss_rules(client_for, swiss, published_session, players):
    response = client_for("referee").post(
        url("sheet-hand", swiss), post_data(players, discarder="self", first_draw="on", **BASIC_HU)
    )
    assert response.status_code == 302
    version = Hand.objects.get(number=1).current
    # Player 1 deals hand 1: Sky Hu (32), self-drawn x3, each of the three others pays a third.
    assert version.points == 96 and version.deltas == [96, -32, -32, -32]
    assert version.tiles["first_draw"] is True and version.tiles["seat_wind"] == "E"
    sheet = text(client_for("anonymous").get(url("sheet", swiss)))
    assert "Sky Hu" in sheet and "won on the first draw" in sheet


def test_swiss_bad_hand_is_explained_and_the_input_kept(client_for, swiss, published_session, players):
    response = client_for("referee").post(
        url("sheet-hand", swiss), post_data(players, concealed="234456p7p345789s", win_tile="E")
    )
    content = text(response)
    assert response.status_code == 200 and "The tiles cannot be scored" in content
    assert "108 tiles" in content and 'value="234456p7p345789s"' in content
    response = client_for("referee").post(url("sheet-hand", swiss), post_data(players, discarder="self", points=10))
    assert response.status_code == 200 and "multiple of 3" in text(response)
    assert 'value="10"' in text(response)
    assert not HandVersion.objects.exists()


def test_swiss_live_score_and_payments(client_for, swiss, published_session, players):
    answer = (
        client_for("referee").post(url("sheet-hand-live", swiss), post_data(players, discarder=2, **BASIC_HU)).json()
    )
    assert answer["valid"] and answer["total"] == 1 and [f["name"] for f in answer["fans"]] == ["Basic Hu"]
    assert answer["payments"] == [
        "By discard: the discarder pays 1.",
        "Each of the other two players pays 0.",
        "The winner receives 1 in all.",
    ]


# ------------------------------------------------------------------ Spanish


def test_spanish_ranked_form_takes_four_players_points(client_for, spanish, published_session, players):
    content = text(client_for("referee").get(url("sheet", spanish)))
    assert all(f'name="points_{i}"' in content for i in range(4))
    assert 'name="flowers"' not in content and 'name="first_draw"' not in content
    response = client_for("referee").post(
        url("sheet-hand", spanish),
        post_data(players, winner=0, discarder=2, points_0=40, points_1=30, points_2=20, points_3=10),
    )
    assert response.status_code == 302
    version = Hand.objects.get(number=1).current
    assert version.player_points == [40, 30, 20, 10] and version.deltas == [120, 20, -50, -90]


def test_spanish_ranked_form_names_the_missing_points_and_keeps_the_input(
    client_for, spanish, published_session, players
):
    response = client_for("referee").post(
        url("sheet-hand", spanish), post_data(players, winner=0, discarder=2, points_0=40, points_1=30)
    )
    content = text(response)
    assert response.status_code == 200
    assert "give the points of Player 3, Player 4" in content
    assert 'name="points_0" value="40"' in content.replace("  ", " ") or 'value="40"' in content
    response = client_for("referee").post(
        url("sheet-hand", spanish),
        post_data(players, winner=0, discarder=2, points_0=40, points_1=35, points_2=0, points_3=0),
    )
    assert response.status_code == 200 and "steps of 10" in text(response)
    assert not HandVersion.objects.exists()


def test_spanish_correction_form_shows_the_recorded_points(client_for, spanish, published_session, players):
    client = client_for("referee")
    client.post(
        url("sheet-hand", spanish),
        post_data(players, winner=0, discarder=2, points_0=40, points_1=30, points_2=20, points_3=10),
    )
    content = text(client.get(url("hand-history", spanish, 1)))
    assert "by player: 40 / 30 / 20 / 10" in content  # what was typed for each player, kept with the version
    assert re.search(r'name="points_1"[^>]*value="30"|value="30"[^>]*name="points_1"', content)


@pytest.mark.parametrize("role", ("anonymous", "outsider", "other_referee"))
def test_spanish_entry_refused_to_others(client_for, spanish, published_session, players, role):
    client_for(role).post(
        url("sheet-hand", spanish), post_data(players, points_0=40, points_1=30, points_2=20, points_3=10)
    )
    assert not HandVersion.objects.exists()


def test_spanish_official_mode_asks_only_the_winners_points(
    client_for, tournament, organizer, published_session, players
):
    ts.tournament_update(
        tournament=tournament, by=organizer, rules="spanish", rule_options={"payment_mode": "official"}
    )
    content = text(client_for("referee").get(url("sheet", tournament)))
    assert 'name="points_0"' not in content
    response = client_for("referee").post(url("sheet-hand", tournament), post_data(players, points=80))
    assert response.status_code == 302
    assert Hand.objects.get(number=1).current.deltas == [240, -80, -80, -80]


# ------------------------------------------------------------------ calculator and settings


def test_calculator_scores_under_the_chosen_rule_set(client_for, db):
    client = client_for("anonymous")
    page = text(
        client.get(
            reverse("calculator"), {"rules": "swiss_championship", **BASIC_HU, "self_drawn": "on", "first_draw": "on"}
        )
    )
    assert "Sky Hu" in page and "Total: 96 points" in page
    assert "each of the three other players pays 32." in page
    assert (
        'name="first_draw"' in page
        and 'data-tiles="1m 2m' in page
        and " E " not in page.split('data-tiles="')[1].split('"')[0]
    )
    mcr = text(client.get(reverse("calculator"), {"rules": "mcr", **BASIC_HU}))
    assert 'name="first_draw"' not in mcr and "Total: 8 points" not in mcr
    live = client.get(
        reverse("calculator-live"), {"rules": "swiss_championship", "concealed": "123m456p789s11sEE", "win_tile": "E"}
    ).json()
    assert not live["valid"] and "108 tiles" in live["error"]


def test_tournament_form_sets_the_rule_set_and_its_options(client_for, organizer):
    organizer.is_staff = True  # may create tournaments (TOURNAMENT_CREATORS)
    organizer.save()
    client = client_for("organizer")
    data = {
        "name": "Liga",
        "slug": "liga",
        "rules": "spanish",
        "rule_options": '{"payment_mode": "official"}',
        "format": "round_robin",
        "session_count": 3,
        "round_robin_sessions": 0,
        "hands_per_session": "",
        "session_minutes": 150,
        "table_points": "4/2/1/0",
        "tiebreaks": "",
        "appeal_minutes": 30,
        "appeal_fee": 0,
        "appeal_fee_currency": "EUR",
    }
    response = client.post(reverse("tournament-create"), data)
    assert response.status_code == 302, text(response)
    from tournament.models import Tournament

    liga = Tournament.objects.get(slug="liga")
    assert liga.rule_options == {"payment_mode": "official"} and liga.hands_per_session == 16
    data.update(slug="liga2", rule_options='{"payment_mode": "everyone"}')
    response = client.post(reverse("tournament-create"), data)
    assert response.status_code == 200 and "These options do not fit the rule set" in text(response)
    assert "everyone" in text(response)
    # Each option of each rule set is a choice of its own on the form, in words.
    page = client.get(reverse("tournament-create")).content.decode()
    assert 'name="option__spanish__payment_mode"' in page and "official: only the winner collects" in page
    assert 'name="option__swiss_championship__fan_combination"' in page and "only the highest fan counts" in page
    # Chosen there, they win over the JSON a script may post; those left at the default are not stored.
    data.update(
        slug="liga3",
        rule_options="{}",
        option__spanish__payment_mode="official",
        option__spanish__official_payers="each_pays",
        option__spanish__hands_per_session="8",
    )
    response = client.post(reverse("tournament-create"), data)
    assert response.status_code == 302, text(response)
    liga3 = Tournament.objects.get(slug="liga3")
    assert liga3.rule_options == {"payment_mode": "official", "hands_per_session": 8}
    assert liga3.hands_per_session == 8
    # The settings page shows the tournament's own choices selected.
    page = client.get(reverse("manage-settings", args=["liga3"])).content.decode()
    assert re.search(r'<option value="official" selected>', page)
    assert re.search(r'<option value="8" selected>', page)
    # A value no rule set offers is refused on the page, with what was chosen kept.
    data.update(slug="liga4", option__spanish__payment_mode="winner_takes_all")
    response = client.post(reverse("tournament-create"), data)
    assert response.status_code == 200 and not Tournament.objects.filter(slug="liga4").exists()


# ------------------------------------------------------------------ only the fields each rule set uses

# What every hand form asks, whatever the rules (players' points are added per rule set, below).
COMMON_HAND_FIELDS = {
    "number",
    "outcome",
    "winner",
    "discarder",
    "points",
    "note",
    "before_bell",
    "expected_version",
    "concealed",
    "melds",
    "win_tile",
}


@pytest.mark.parametrize(
    "code, options, flags",
    [
        ("mcr", {}, {"last_tile", "kong", "last_wall"}),
        ("swiss_championship", {}, {"kong", "last_wall", "kong_discard", "first_draw"}),
        ("spanish", {"payment_mode": "official"}, {"kong", "last_wall"}),
        ("spanish", {"payment_mode": "ranked"}, {"kong", "last_wall"}),
    ],
)
def test_hand_form_offers_exactly_the_fields_its_rule_set_uses(players, code, options, flags):
    """ "Last of its kind" is an MCR fan: the Swiss rules refuse it and the Spanish ones score nothing for it,
    so a referee under those rules must not be offered it."""
    from rules.registry import get_rule_set
    from scoring.forms import BONUS_FIELDS, HandForm

    rules = get_rule_set(code, **options)
    form = HandForm(players=players[:4], rules=rules)
    expected = COMMON_HAND_FIELDS | flags
    if rules.entry.flowers:
        expected |= {"flowers"}
    if rules.entry.every_player:
        expected |= {f"points_{i}" for i in range(4)}
    # Rules that name the bonus tiles held (Spanish: own flower and season double) get a checkbox group each.
    expected |= {BONUS_FIELDS[key] for key in rules.bonus_by_number}
    assert set(form.fields) == expected
    # Every tile field on the form is one the rule set reads.
    field_keys = {name: key for key, name in BONUS_FIELDS.items()}
    assert {field_keys.get(f.name, f.name) for f in form.tile_fields} <= set(rules.hand_fields)


@pytest.mark.parametrize(
    "code, flags, winds",
    [
        ("mcr", {"last_tile", "kong", "last_wall"}, {"seat_wind", "prevalent_wind"}),
        ("swiss_championship", {"kong", "last_wall", "kong_discard", "first_draw"}, {"seat_wind"}),
        ("spanish", {"kong", "last_wall"}, {"seat_wind", "prevalent_wind"}),
    ],
)
def test_calculator_offers_exactly_the_fields_its_rule_set_uses(client, code, flags, winds):
    page = text(client.get(reverse("calculator"), {"rules": code}))
    names = set(re.findall(r'<(?:input|select|textarea)[^>]*\bname="([^"]+)"', page)) - {"csrfmiddlewaretoken"}
    optional = {"last_tile", "kong", "last_wall", "kong_discard", "first_draw", "seat_wind", "prevalent_wind"}
    assert names & optional == flags | winds
    assert {"rules", "concealed", "melds", "win_tile", "self_drawn"} <= names
    assert ("Last of its kind" in page) == (code == "mcr")


def test_swiss_form_shows_no_last_of_its_kind(client_for, swiss, published_session):
    content = text(client_for("referee").get(url("sheet", swiss)))
    assert 'name="first_draw"' in content and 'name="last_wall"' in content
    assert 'name="last_tile"' not in content and "Last of its kind" not in content


def test_swiss_tiles_still_score_without_the_fields_it_does_not_read(client_for, swiss, published_session, players):
    response = client_for("referee").post(url("sheet-hand", swiss), post_data(players, discarder="self", **BASIC_HU))
    assert response.status_code == 302
    assert Hand.objects.get(number=1).current.points > 0
