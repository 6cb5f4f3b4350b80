"""Player cards: organizer-only, one card per player with their seats, and a QR code of their page."""

import io

import pytest
from django.urls import reverse
from pypdf import PdfReader

from exports import player_cards
from schedule import services as sched
from tournament import services as ts
from tournament.models import Tournament

pytestmark = pytest.mark.django_db

ALL = ("anonymous", "outsider", "other_referee", "referee", "organizer")


@pytest.fixture
def searchable_pdf(monkeypatch):
    """reportlab compresses page streams by default; uncompressed, the text is in the bytes."""
    from reportlab import rl_config

    monkeypatch.setattr(rl_config, "pageCompression", 0)


@pytest.fixture
def qr_codes(monkeypatch):
    """The addresses drawn as QR codes, in order."""
    drawn = []
    real = player_cards._qr

    def record(canvas, url, x, y, size):
        drawn.append(url)
        real(canvas, url, x, y, size)

    monkeypatch.setattr(player_cards, "_qr", record)
    return drawn


def pdf_text(content):
    return "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(content)).pages)


def url(slug="test-open"):
    return reverse("export-player-cards", args=[slug])


@pytest.mark.parametrize("role", ALL)
def test_only_organizers_print_the_cards(client_for, seated_session, role):
    response = client_for(role).get(url())
    if role == "organizer":
        assert response.status_code == 200
        assert response["Content-Type"] == "application/pdf"
        assert response["Content-Disposition"] == 'inline; filename="test-open-player-cards.pdf"'
    elif role == "anonymous":
        assert response.status_code == 302 and response.url.startswith(reverse("login"))
    else:
        assert response.status_code == 403


def test_a_card_per_player_with_a_qr_code_of_their_page(client_for, seated_session, searchable_pdf, qr_codes):
    response = client_for("organizer").get(url())
    assert qr_codes == [f"http://testserver/t/test-open/players/{n}/" for n in range(1, 9)]
    pdf = response.content
    assert pdf.count(b"/Type /Page\n") + pdf.count(b"/Type /Page ") >= 1
    for n in range(1, 9):
        assert f"(Player {n})".encode() in pdf
    assert b"(Dragons)" in pdf and b"(Dots)" in pdf


def test_each_card_prints_its_players_code_as_text(client_for, seated_session, tournament, organizer, qr_codes):
    sched.session_publish(session=seated_session, by=organizer)  # makes the codes
    players = list(tournament.players.order_by("number"))
    text = pdf_text(client_for("organizer").get(url()).content)
    for player in players:
        assert player.code and player.code_display in text  # K7PM-4XQ2, as the confirmation page says
    # The QR code leads to the same player's private page.
    assert qr_codes == [f"http://testserver/t/test-open/p/{p.code}/" for p in players]


def test_a_player_without_a_code_gets_a_card_without_one(client_for, seated_session, tournament):
    text = pdf_text(client_for("organizer").get(url()).content)
    assert "Player 1" in text and "Code" not in text


def test_seats_per_session(seated_session, tournament, players, organizer):
    second = tournament.sessions.get(number=2)
    sched.session_seat(
        session=second,
        tables=[[players[4], players[1], players[6], players[3]], [players[0], players[5], players[2], players[7]]],
        by=organizer,
        method="manual",
    )
    cards = player_cards.player_cards(tournament, lambda p: p.get_absolute_url())
    assert [c.number for c in cards] == list(range(1, 9))
    # Four sessions: 1 and 2 seated, 3 and 4 left blank on the card.
    assert cards[0].seats == [(1, "E"), (2, "E"), None, None]
    assert cards[1].seats == [(1, "S"), (1, "S"), None, None]
    assert cards[7].seats == [(2, "N"), (2, "N"), None, None]
    assert cards[0].team == "Dragons" and cards[0].name == "Player 1"


def test_substitutes_get_a_card_saying_so(client_for, tournament, organizer, searchable_pdf):
    ts.player_create(tournament=tournament, number=1, name="Sub Stitute", is_substitute=True, by=organizer)
    pdf = client_for("organizer").get(url()).content
    assert b"(substitute)" in pdf


def test_many_sessions_and_long_names_still_fit(client_for, organizer, searchable_pdf):
    big = ts.tournament_create(by=organizer, name="Long One", slug="long-one", session_count=40)
    for n in range(1, 10):
        ts.player_create(
            tournament=big,
            number=n,
            name="Maximiliano Alejandro de la Santísima Trinidad Pérez",
            team="Los Dragones Rojos del Mediterráneo Occidental",
            by=organizer,
        )
    response = client_for("organizer").get(url("long-one"))
    assert response.status_code == 200
    # Forty sessions need four rows of the grid: two cards a column, four to a page.
    assert player_cards._rows_per_page(40) == 2
    assert response.content.count(b"/Type /Page\n") + response.content.count(b"/Type /Page ") == 3


def test_no_players_yet(client_for, tournament, searchable_pdf):
    pdf = client_for("organizer").get(url()).content
    assert b"No players yet" in pdf


def test_unpublished_tournament_cards_for_its_organizers(client_for, seated_session, tournament):
    Tournament.objects.filter(pk=tournament.pk).update(published=False)
    assert client_for("organizer").get(url()).status_code == 200
    assert client_for("outsider").get(url()).status_code == 403


def test_linked_from_the_organizer_home(client_for, tournament):
    content = client_for("organizer").get(reverse("manage-home", args=[tournament.slug])).content.decode()
    assert url() in content


def test_one_players_card_prints_alone(client_for, seated_session, tournament, organizer, qr_codes):
    """A lost card: ?player=3 prints that player's card only (?player=3,5 those two)."""
    sched.session_publish(session=seated_session, by=organizer)
    player = tournament.players.get(number=3)
    text = pdf_text(client_for("organizer").get(url() + "?player=3").content)
    assert "Player 3" in text and player.code_display in text
    assert "Player 1" not in text and "Player 4" not in text
    assert qr_codes == [f"http://testserver/t/test-open/p/{player.code}/"]
    client_for("organizer").get(url() + "?player=3,5")
    assert len(qr_codes) == 3


def test_the_card_prints_the_short_address_to_type_the_code_at(client_for, seated_session, tournament, organizer):
    """A player who cannot scan the QR code types their code at the address printed beside it."""
    sched.session_publish(session=seated_session, by=organizer)
    text = pdf_text(client_for("organizer").get(url() + "?player=1").content)
    assert "Cannot scan? Type your code at" in text
    assert "testserver/t/test-open/confirm" in text and "http://testserver/t/test-open/confirm" not in text


def test_a_card_without_a_code_has_no_address_to_type_it_at(client_for, seated_session):
    text = pdf_text(client_for("organizer").get(url() + "?player=1").content)
    assert "Cannot scan" not in text


@pytest.mark.parametrize(
    ("address", "lines"),
    [
        ("testserver/t/open/confirm", ["testserver/t/open/confirm"]),
        (
            "mahjong-club.example.org/t/card-open-2026/confirm",
            ["mahjong-club.example.org", "/t/card-open-2026/confirm"],
        ),
    ],
)
def test_a_long_short_address_goes_on_two_lines_never_cut(address, lines):
    """A cut address cannot be typed: too long for one line, it is split after the host."""
    width = 160
    got, size = player_cards._address_lines(address, width)
    assert got == lines and size >= 6.5
    assert all(player_cards.text_width(line, player_cards.CODE_FONT, size) <= width for line in got)
