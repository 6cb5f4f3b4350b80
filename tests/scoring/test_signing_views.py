"""Fouls, confirmations and signatures through the pages, per role; the players' own pages by their code;
the organizer's player codes."""

import re

import pytest
from django.urls import resolve, reverse

from core.models import ThrottleCount
from rules import payments as pay
from scoring import services as ss
from scoring.models import Hand, Penalty, ScoreSheet, Signature
from tournament import services as ts
from tournament.models import TournamentRole

pytestmark = pytest.mark.django_db


def url(name, tournament, *extra):
    return reverse(name, args=[tournament.slug, 1, 1, *extra])


def text(response):
    return response.content.decode()


@pytest.fixture
def short(tournament, organizer):
    return ts.tournament_update(tournament=tournament, by=organizer, hands_per_session=4, player_confirmation="either")


@pytest.fixture
def finished(short, published_session, sheet, referee, players):
    """All four hands of table 1 entered: the sheet awaits confirmation."""
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    for n in (2, 3, 4):
        ss.hand_record(sheet=sheet, number=n, outcome=pay.DRAW, by=referee)
    return sheet


def test_escalating_foul_through_the_page(client_for, short, published_session, sheet, players):
    client = client_for("referee")
    costs = []
    for hand in (1, 2, 3):
        response = client.post(
            url("sheet-foul", short),
            {"player": players[3].pk, "foul": "wall_touched", "hand_number": hand, "reason": ""},
            follow=True,
        )
        costs.append(re.search(r'class="msg success">([^<]*)<', text(response)).group(1))
    assert "a warning, no points" in costs[0]
    assert "5 points to each other player" in costs[1] and "10 points to each other player" in costs[2]
    page = text(client.get(url("sheet", short)))
    assert page.count('data-foul="wall_touched"') == 3
    assert "Touching the wall early (second time)" in page and "−15 in all, 5 to each other player" in page


def test_the_form_passes_on_only_what_the_foul_takes(client_for, short, published_session, sheet, players):
    """Inputs left over from another foul (the page hides them) do not make the entry fail."""
    response = client_for("referee").post(
        url("sheet-foul", short),
        {
            "player": players[1].pk,
            "foul": "late",
            "minutes": 12,
            "seconds": 30,
            "violation": "20",
            "amount": 5,
            "to": "player",
            "recipient": players[2].pk,
            "reason": "bus",
        },
    )
    assert response.status_code == 302
    penalty = Penalty.objects.get()
    assert (penalty.foul, penalty.minutes, penalty.seconds, penalty.amount, penalty.recipient) == (
        "late",
        12,
        None,
        20,
        None,
    )


@pytest.mark.parametrize(
    "data, field, message",
    [
        ({"foul": "late", "minutes": -3}, "minutes", "1 or more"),
        ({"foul": "violation", "violation": ""}, "violation", "Give the points"),
        ({"foul": "revealed_tile", "amount": 15}, "recipient", "whose tile was revealed"),
        ({"foul": "other", "amount": 7}, "reason", "Describe the foul"),
        ({"foul": "dead_hand", "hand_number": ""}, "hand_number", "which hand"),
    ],
)
def test_bad_foul_shows_the_error_keeps_the_input_saves_nothing(
    client_for, short, published_session, sheet, players, data, field, message
):
    post = {"player": players[0].pk, "hand_number": 2, "reason": "", **data}
    response = client_for("referee").post(url("sheet-foul", short), post)
    assert response.status_code == 200
    content = text(response)
    assert message in content
    assert re.search(rf'<option value="{data["foul"]}" selected>', content)
    if data.get("minutes"):
        assert 'name="minutes" value="-3"' in content
    assert not Penalty.objects.exists()


def test_a_foul_for_a_player_not_at_the_table_is_refused(client_for, short, published_session, sheet, players):
    response = client_for("referee").post(url("sheet-foul", short), {"player": players[6].pk, "foul": "warning"})
    assert response.status_code == 200 and "Select a valid choice" in text(response)
    assert not Penalty.objects.exists()


def test_dead_hand_winner_is_refused_on_the_hand_form(client_for, short, published_session, sheet, players, referee):
    ss.foul_record(sheet=sheet, player=players[2], foul="false_hu_invalid", hand_number=1, by=referee)
    response = client_for("referee").post(
        url("sheet-hand", short),
        {
            "number": 1,
            "outcome": "self_drawn",
            "winner": players[2].pk,
            "points": 8,
            "flowers": 0,
            "expected_version": 0,
        },
    )
    assert response.status_code == 200
    assert "has a dead hand in hand 1" in text(response)
    assert not Hand.objects.filter(sheet=sheet).exists()


def test_confirm_on_the_referees_device_sign_and_lock(client_for, finished, short, players):
    referee = client_for("referee")
    page = text(referee.get(url("sheet", short)))
    assert "Awaiting confirmation" in page and page.count(url("sheet-confirm", short)) == 4
    response = referee.post(url("sheet-sign", short), {})
    assert "Not every player has confirmed" in text(response)
    for player in players[:4]:
        assert referee.post(url("sheet-confirm", short), {"player": player.pk}).status_code == 302
    assert referee.post(url("sheet-sign", short), {"confirm": "1"}).status_code == 302
    assert ScoreSheet.objects.get(pk=finished.pk).status == "submitted"
    page = text(client_for("anonymous").get(url("sheet", short)))
    assert page.count("on the referee&#x27;s device") == 4 and "Signed by referee" in page
    # A further edit is refused, with the reason on the page.
    response = referee.post(url("sheet-foul", short), {"player": players[0].pk, "foul": "warning"})
    assert "only the chief referee can reopen it" in text(response)
    response = referee.post(url("sheet-hand", short), {"number": 2, "outcome": "draw", "expected_version": 1})
    assert "only the chief referee can reopen it" in text(response)
    assert Penalty.objects.count() == 0 and Hand.objects.get(sheet=finished, number=2).versions.count() == 1


@pytest.mark.parametrize("role", ("anonymous", "outsider", "other_referee"))
def test_outsiders_cannot_confirm_sign_or_record_fouls(client_for, finished, short, players, role):
    client = client_for(role)
    posts = [
        (url("sheet-foul", short), {"player": players[0].pk, "foul": "warning"}),
        (url("sheet-confirm", short), {"player": players[0].pk}),
        (url("sheet-sign", short), {}),
        (url("sheet-countersign", short), {}),
        (url("hand-confirm", short, 1), {"version": 1}),
        (url("sheet-not-played", short), {}),
    ]
    for address, data in posts:
        response = client.post(address, data)
        assert response.status_code == (302 if role == "anonymous" else 403), address
    assert not Penalty.objects.exists() and not Signature.objects.exists()


def test_only_the_chief_referee_countersigns_and_reopens(client_for, finished, short, players, referee, chief_referee):
    for player in players[:4]:
        ss.sheet_confirm(sheet=finished, player=player, method="device", by=referee)
    ss.sheet_sign(sheet=finished, by=referee)
    response = client_for("referee").post(url("sheet-countersign", short), {})
    assert "Only the chief referee countersigns" in text(response)
    assert client_for("organizer").post(url("sheet-reopen", short), {"reason": "x"}).status_code == 403
    chief = client_for("chief_referee")
    page = text(chief.get(url("sheet", short)))
    assert url("sheet-countersign", short) in page and url("sheet-reopen", short) in page
    response = chief.post(url("sheet-reopen", short), {"reason": ""})
    assert response.status_code == 200 and "required" in text(response)
    assert ScoreSheet.objects.get(pk=finished.pk).is_signed
    assert chief.post(url("sheet-reopen", short), {"reason": "Hand 1 winner was player 2"}).status_code == 302
    page = text(chief.get(url("sheet", short)))
    assert "Hand 1 winner was player 2" in page  # the void signatures keep the reason


def test_two_person_entry_on_the_page(client_for, short, published_session, sheet, players, organizer, make_user):
    ts.tournament_update(tournament=short, by=organizer, two_person_entry=True)
    first = client_for("referee")
    first.post(url("sheet-hand", short), {"number": 1, "outcome": "draw", "expected_version": 0})
    page = text(first.get(url("sheet", short)))
    assert 'id="pending-1"' in page and "You entered it" in page
    assert url("hand-confirm", short, 1) not in page
    assert 'name="number" value="2"' in page  # the next hand can be entered meanwhile
    response = first.post(url("hand-confirm", short, 1), {"version": 1})
    assert "yourself" in text(response)
    second = client_for("organizer")
    assert url("hand-confirm", short, 1) in text(second.get(url("sheet", short)))
    assert second.post(url("hand-confirm", short, 1), {"version": 1}).status_code == 302
    assert Hand.objects.get(sheet=sheet, number=1).current.confirmed_by == organizer


# ------------------------------------------------------------------ the players' own pages


@pytest.fixture
def codes(short, players, organizer):
    ts.player_codes_generate(tournament=short, by=organizer)
    return {p.number: p.code for p in short.players.all()}


def test_player_types_their_code_and_confirms_on_their_phone(client, finished, short, codes, players):
    page = reverse("player-code", args=[short.slug])
    assert client.get(page).status_code == 200
    response = client.post(page, {"code": "XXXX-YYYY"})
    assert "No player of this tournament has that code" in text(response)
    code = codes[2]
    response = client.post(page, {"code": f"{code[:4].lower()}-{code[4:]}"})
    mine = reverse("player-sheets", args=[short.slug, code])
    assert response.status_code == 302 and response.url == mine
    content = text(client.get(mine))
    assert "Player 2" in content and "Session 1, table 1" in content and "I confirm this score sheet" in content
    response = client.post(reverse("player-confirm-sheet", args=[short.slug, code, 1, 1]), follow=True)
    assert "you confirmed the score sheet" in text(response)
    signature = Signature.objects.get(sheet=finished)
    assert (signature.player, signature.method, signature.user) == (players[1], "phone", None)


def test_wrong_codes_are_404_without_a_hint_and_throttled(client, finished, short, codes, settings):
    settings.PLAYER_CODE_FAILURE_LIMIT = 10
    assert client.get(reverse("player-sheets", args=[short.slug, "NOTACODE"])).status_code == 404
    assert client.get(reverse("player-sheets", args=["no-such-tournament", codes[1]])).status_code == 404
    assert client.post(reverse("player-confirm-sheet", args=[short.slug, "NOTACODE", 1, 1])).status_code == 404
    assert not Signature.objects.exists()
    for _i in range(10):
        client.post(reverse("player-code", args=[short.slug]), {"code": "WRONG"})
    response = client.post(reverse("player-code", args=[short.slug]), {"code": codes[1]})
    assert response.status_code == 429 and "Too many wrong player codes" in text(response)
    assert ThrottleCount.objects.get(scope="player-code").count >= 10


def test_a_player_sees_only_their_own_tables(client, finished, short, codes):
    assert client.post(reverse("player-confirm-sheet", args=[short.slug, codes[5], 1, 1])).status_code == 404
    assert not Signature.objects.exists()


def test_phone_confirmations_only_where_the_tournament_allows(client, finished, short, codes, organizer):
    ts.tournament_update(tournament=short, by=organizer, player_confirmation="device")
    mine = reverse("player-sheets", args=[short.slug, codes[1]])
    assert "I confirm this score sheet" not in text(client.get(mine))
    response = client.post(reverse("player-confirm-sheet", args=[short.slug, codes[1], 1, 1]))
    assert "does not take confirmations on their own phone" in text(response)
    assert not Signature.objects.exists()


def test_a_player_confirms_a_pending_hand(client, short, published_session, sheet, codes, organizer, referee):
    ts.tournament_update(tournament=short, by=organizer, two_person_entry=True)
    ss.hand_record(sheet=sheet, number=1, outcome=pay.DRAW, by=referee)
    mine = reverse("player-sheets", args=[short.slug, codes[3]])
    assert "Confirm hand 1" in text(client.get(mine))
    response = client.post(reverse("player-confirm-hand", args=[short.slug, codes[3], 1, 1, 1]), {"version": 1})
    assert response.status_code == 302
    assert Hand.objects.get(sheet=sheet, number=1).current.confirmed_by_player.number == 3


def test_organizers_make_print_and_renew_codes(client_for, short, players):
    page = reverse("manage-player-codes", args=[short.slug])
    assert client_for("referee").get(page).status_code == 403
    organizer = client_for("organizer")
    assert "Make the missing codes (8 players)" in text(organizer.get(page))
    assert organizer.post(page).status_code == 302
    content = text(organizer.get(page))
    player = short.players.get(number=1)
    assert player.code_display in content and reverse("player-page", args=[short.slug, player.code]) in content
    asked = text(organizer.post(reverse("manage-player-code-reset", args=[short.slug, 1])))
    assert "Give 1. " in asked and player.code_display in asked  # asked first, naming the code that stops
    assert short.players.get(number=1).code == player.code
    organizer.post(reverse("manage-player-code-reset", args=[short.slug, 1]), {"confirm": "1"})
    assert short.players.get(number=1).code != player.code


def test_codes_page_prints_each_players_own_page_as_a_full_address(client, client_for, short, players, organizer):
    """The slips carry the address of the player's page (/t/<slug>/p/<code>/), not the first /confirm/ one."""
    ts.player_codes_generate(tournament=short, by=organizer)
    content = text(client_for("organizer").get(reverse("manage-player-codes", args=[short.slug])))
    links = re.findall(r'<small class="link">([^<]*)</small>', content)
    assert len(links) == 8
    player = short.players.get(number=3)
    expected = f"http://testserver/t/{short.slug}/p/{player.code}/"
    assert expected in links and f"/confirm/{player.code}/" not in content
    # The printed address opens that player's own page.
    match = resolve(expected.removeprefix("http://testserver"))
    assert match.url_name == "player-page" and match.kwargs["code"] == player.code
    page = text(client.get(expected))
    assert "Player 3" in page


def test_settings_page_has_the_new_settings(client_for, tournament):
    content = text(client_for("organizer").get(reverse("manage-settings", args=[tournament.slug])))
    for name in ("group", "player_confirmation", "countersign_required", "escalation_scope", "two_person_entry"):
        assert f'name="{name}"' in content


def test_escalation_scope_is_fixed_once_repeated_fouls_are_recorded(tournament, sheet, players, referee, organizer):
    from django.core.exceptions import ValidationError

    ss.foul_record(sheet=sheet, player=players[0], foul="late_pung", by=referee)
    with pytest.raises(ValidationError) as exc:
        ts.tournament_update(tournament=tournament, by=organizer, escalation_scope="tournament")
    assert "escalation_scope" in exc.value.message_dict


def test_chief_referee_role_can_be_granted_and_shows(client_for, tournament, make_user):
    make_user("chiefy")
    organizer = client_for("organizer")
    organizer.post(reverse("manage-roles", args=[tournament.slug]), {"username": "chiefy", "role": "chief_referee"})
    assert TournamentRole.objects.filter(user__username="chiefy", role="chief_referee").exists()


def test_a_lost_session_shows_in_the_standings(client, short, published_session, sheet, players, referee):
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[1], points=8, by=referee)
    ss.foul_record(sheet=sheet, player=players[1], foul="late", minutes=25, by=referee)
    standings = text(client.get(reverse("standings", args=[short.slug])))
    row = re.search(r'<tr[^>]*data-number="2".*?</tr>', standings, re.S).group(0)
    assert 'class="lost" title="Lost session: 1"' in row
    assert "Lost a session (more than 15 minutes late" in standings
    assert 'class="lost"' in text(client.get(reverse("tabulation", args=[short.slug])))
    detail = text(client.get(reverse("player-detail", args=[short.slug, 2])))
    assert "arrived more than 15 minutes late" in detail and "session lost" in detail
