"""Players find their seat: by name or number on the session page, highlighted on their own page, and a list
by name for the wall, as a page and a PDF (issue 15, item 9)."""

import io
import re

import pytest
from django.urls import reverse
from pypdf import PdfReader

from core import names
from schedule import services as sched
from tests.closing import close_session
from tournament import services as ts

pytestmark = pytest.mark.django_db


@pytest.fixture
def named(tournament, players, organizer):
    ts.player_update(player=players[5], by=organizer, name="Ana López")
    ts.player_update(player=players[2], by=organizer, name="Álvaro Zapata")
    ts.player_update(player=players[7], by=organizer, name="bruno Díaz")
    return tournament


def session_page(client, tournament, q=None, n=1):
    return client.get(reverse("session-detail", args=[tournament.slug, n]), {"q": q} if q is not None else {})


@pytest.mark.parametrize("q", ["lopez", "LÓPEZ", "ana l", "6", " 6 "])
def test_find_by_name_or_number(client, named, published_session, q):
    content = session_page(client, named, q).content.decode()
    found = re.findall(r'<p class="your-seat">(.*?)</p>', content, re.S)
    assert len(found) == 1
    assert "Ana López (6): <strong>table 2</strong>, starting wind South" in found[0]
    assert 'href="#table-2"' in found[0]
    assert content.count('class="you"') == 1
    assert 'class="table-card found" id="table-2"' in content
    assert f'value="{q.strip()}"' in content  # what was typed stays in the box


def test_several_matches_and_none(client, named, published_session):
    content = session_page(client, named, "player").content.decode()
    assert len(re.findall(r'<p class="your-seat">', content)) == 5  # players 1, 2, 4, 5, 7
    content = session_page(client, named, "Xavier").content.decode()
    assert "Nobody in this session matches “Xavier”" in content
    assert 'class="you"' not in content


def test_number_does_not_match_inside_other_numbers(client, named, published_session):
    content = session_page(client, named, "1").content.decode()
    assert len(re.findall(r'<p class="your-seat">', content)) == 1


def test_long_query_is_cut_not_refused(client, named, published_session):
    response = session_page(client, named, "a" * 5000)
    box = re.search(r'<input type="search" id="seat-query" name="q" value="(a*)"', response.content.decode())
    assert response.status_code == 200 and len(box.group(1)) == 100


def test_finder_hidden_until_the_seating_is_public(client, named, seated_session):
    content = session_page(client, named, "lopez").content.decode()
    assert "not published yet" in content and "your-seat" not in content and "López" not in content


def test_player_page_highlights_the_current_seat(client, named, published_session, organizer, referee):
    content = client.get(reverse("player-detail", args=[named.slug, 6])).content.decode()
    assert "Session 1: <strong>table 2</strong>, starting wind South." in content
    assert 'class="you" aria-current="true"' in content
    assert reverse("session-detail", args=[named.slug, 1]) + "#table-2" in content
    # Once the session is over and the next one published, the next one is highlighted.
    from scoring import services as ss

    for table in published_session.tables.all():
        ss.sheet_sign(sheet=table.sheet, by=referee, mark_rest_not_played=True)
    close_session(session=published_session, by=organizer)
    content = client.get(reverse("player-detail", args=[named.slug, 6])).content.decode()
    assert 'id="now"' not in content and 'class="you"' not in content
    second = named.sessions.get(number=2)
    players = list(named.players.order_by("number"))
    sched.session_seat(session=second, tables=[players[4:8], players[0:4]], by=organizer, method="manual")
    sched.session_publish(session=second, by=organizer)
    content = client.get(reverse("player-detail", args=[named.slug, 6])).content.decode()
    assert "Session 2: <strong>table 1</strong>, starting wind South." in content


def test_seat_list_sorted_by_name(client, named, published_session):
    content = client.get(reverse("seat-list", args=[named.slug, 1])).content.decode()
    names_in_order = re.findall(r'<tr data-search="[^"]*"><td>(.*?)</td>', content)
    assert names_in_order == [
        "Álvaro Zapata",
        "Ana López",
        "bruno Díaz",
        "Player 1",
        "Player 2",
        "Player 4",
        "Player 5",
        "Player 7",
    ]
    row = re.search(
        r'<tr data-search="6 ana lopez"><td>Ana López</td><td class="num">6</td>'
        r'<td class="num"><strong>2</strong></td><td>South</td></tr>',
        content,
    )
    assert row
    assert reverse("export-seat-list", args=[named.slug, 1]) in content


def seat_list_names(client, tournament, language):
    content = client.get(reverse("seat-list", args=[tournament.slug, 1]), HTTP_ACCEPT_LANGUAGE=language)
    return re.findall(r'<tr data-search="[^"]*"><td>(.*?)</td>', content.content.decode())


def rename(players, organizer, names_by_index):
    for index, name in names_by_index.items():
        ts.player_update(player=players[index], by=organizer, name=name)


def test_seat_list_in_chinese_sorts_by_pinyin_with_latin_names_among_them(
    client, tournament, players, organizer, published_session
):
    rename(
        players,
        organizer,
        {0: "张伟", 1: "Walker", 2: "王芳", 3: "李娜", 4: "Zoe Smith", 5: "Anderson", 6: "Lopez", 7: "陈静"},
    )
    chinese = ["Anderson", "陈静", "李娜", "Lopez", "Walker", "王芳", "张伟", "Zoe Smith"]
    assert seat_list_names(client, tournament, "zh-CN,zh;q=0.9") == chinese
    # The same list read in English: Chinese names after the others, still by pinyin.
    english = ["Anderson", "Lopez", "Walker", "Zoe Smith", "陈静", "李娜", "王芳", "张伟"]
    assert seat_list_names(client, tournament, "en") == english
    # The PDF for the wall, printed in Chinese, in the same order.
    pdf = client.get(reverse("export-seat-list", args=[tournament.slug, 1]), HTTP_ACCEPT_LANGUAGE="zh-CN,zh;q=0.9")
    text = "\n".join(page.extract_text() for page in PdfReader(io.BytesIO(pdf.content)).pages)
    positions = [text.index(name) for name in chinese]
    assert positions == sorted(positions), text


def test_a_chinese_name_is_found_by_its_pinyin(client, tournament, players, organizer, published_session):
    """On the session page (the server's search) and in the rows the wall list's script searches: "wang" typed on
    a Latin keyboard finds 王芳."""
    rename(players, organizer, {5: "王芳", 0: "曾伟"})
    content = session_page(client, tournament, "wang fang").content.decode()
    found = re.findall(r'<p class="your-seat">(.*?)</p>', content, re.S)
    assert len(found) == 1 and "王芳 (6): <strong>table 2</strong>" in found[0]
    assert "曾伟" in session_page(client, tournament, "Zēng").content.decode().split('class="your-seat"')[1]
    rows = client.get(reverse("seat-list", args=[tournament.slug, 1])).content.decode()
    assert '<tr data-search="6 王芳 wang fang wangfang"><td>王芳</td>' in rows


def test_seat_list_in_spanish_puts_n_tilde_after_n(client, tournament, players, organizer, published_session):
    rename(
        players,
        organizer,
        {0: "Nyman", 1: "Núñez", 2: "Nuno", 3: "Ñandú", 4: "Oria", 5: "Álvarez", 6: "Nunez", 7: "Alonso"},
    )
    assert seat_list_names(client, tournament, "es") == [
        "Alonso",
        "Álvarez",
        "Nunez",
        "Nuno",
        "Núñez",
        "Nyman",
        "Ñandú",
        "Oria",
    ]
    # In English ñ is an n with an accent.
    assert seat_list_names(client, tournament, "en") == [
        "Alonso",
        "Álvarez",
        "Ñandú",
        "Nunez",
        "Núñez",
        "Nuno",
        "Nyman",
        "Oria",
    ]


@pytest.mark.parametrize("role", ("anonymous", "outsider", "referee", "organizer"))
def test_seat_list_visibility_follows_the_seating(client_for, named, seated_session, organizer, role):
    client = client_for(role)
    page = client.get(reverse("seat-list", args=[named.slug, 1]))
    pdf = client.get(reverse("export-seat-list", args=[named.slug, 1]))
    expected = 200 if role in ("referee", "organizer") else 404
    assert page.status_code == expected and pdf.status_code == expected
    sched.session_publish(session=seated_session, by=organizer)
    assert client.get(reverse("seat-list", args=[named.slug, 1])).status_code == 200
    assert client.get(reverse("export-seat-list", args=[named.slug, 1])).status_code == 200


def test_seat_list_pdf(client, named, published_session):
    response = client.get(reverse("export-seat-list", args=[named.slug, 1]))
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")
    assert 'filename="test-open-session-1-seats.pdf"' in response["Content-Disposition"]


def test_unseated_session_seat_list(client, client_for, named):
    assert client.get(reverse("seat-list", args=[named.slug, 3])).status_code == 404
    content = client_for("organizer").get(reverse("seat-list", args=[named.slug, 3])).content.decode()
    assert "not been seated yet" in content


@pytest.mark.parametrize(
    "number, name, query, hit",
    [
        (14, "Ana López", "lopez", True),
        (14, "Ana López", "14", True),
        (14, "Ana López", "1", False),
        (14, "Ana López", "", False),
        (14, "Ana López", "  ", False),
        (3, "Øyvind", "øy", True),
        (3, "Straße", "STRASSE", True),
        (3, "Zoë", "zoe", True),
        # A Chinese name by its pinyin, as typed on a Latin keyboard (core/names.py, search_text).
        (5, "王芳", "wang", True),
        (5, "王芳", "Wáng Fāng", True),
        (5, "王芳", "wangfang", True),
        (5, "王芳", "wang  fang", True),
        (5, "王芳", "王", True),
        (5, "王芳", "li", False),
        (5, "曾伟", "zeng", True),  # the family name's reading, not ceng
        (5, "吕布", "lu bu", True),
        (5, "吕布", "lvbu", True),
        (5, "Li Na 李娜", "lina", True),
    ],
)
def test_matches(number, name, query, hit):
    assert names.matches(number, name, query) is hit
