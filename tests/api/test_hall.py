"""The hall display page: who sees it, which session it is about, and that it shows only public data.
(The page in a real browser, cycling and polling: tests/browser/test_hall.py.)"""

import html
import json
import re

import pytest
from django.urls import reverse

from schedule import services as sched
from scoring import services as ss
from tests.closing import close_session
from tournament.models import Tournament

pytestmark = pytest.mark.django_db

ALL = ("anonymous", "outsider", "other_referee", "referee", "organizer")


def page(client, slug="test-open", **extra):
    response = client.get(reverse("hall", args=[slug]), **extra)
    assert response.status_code == 200
    return html.unescape(response.content.decode())


def embedded(content, name):
    return json.loads(re.search(rf'<script id="{name}" type="application/json">(.*?)</script>', content, re.S).group(1))


@pytest.mark.parametrize("role", ALL)
def test_public_tournament_hall_for_everyone(client_for, two_sessions, role):
    assert client_for(role).get(reverse("hall", args=["test-open"])).status_code == 200


@pytest.mark.parametrize("role", ALL)
def test_unpublished_tournament_hall_only_for_its_staff(client_for, two_sessions, role):
    Tournament.objects.filter(pk=two_sessions.pk).update(published=False)
    status = client_for(role).get(reverse("hall", args=["test-open"])).status_code
    assert status == (200 if role in ("referee", "organizer") else 404)


def test_shows_the_current_session_seating_and_the_standings(client, two_sessions):
    content = page(client)
    assert "Session 1 · " in content and "Seating published" in content
    assert "Tables · Session 1" in content and "Find your table · Session 1" in content
    table_1 = content[content.index("Table 1") : content.index("Table 2")]
    assert re.findall(r'wind-(\w)">(\w+)</span><span class="name">([^<]+)<', table_1) == [
        ("E", "East", "Player 1"),
        ("S", "South", "Player 2"),
        ("W", "West", "Player 3"),
        ("N", "North", "Player 4"),
    ]
    standings = content[content.index("<h2>Standings") : content.index('data-kind="teams"')]
    assert standings.index("Player 1") < standings.index("Player 2") < standings.index("Player 4")
    assert '<meta http-equiv="refresh"' in content  # without script, the page still updates
    data = embedded(content, "hall-data")
    assert data["session"]["number"] == 1 and len(data["standings"]) == 8


def test_never_shows_seating_that_is_not_published(client_for, two_sessions):
    """Session 2 is seated, not published: not even an organizer's projector shows it."""
    for role in ("anonymous", "organizer"):
        content = page(client_for(role))
        data = embedded(content, "hall-data")
        assert data["session"]["number"] == 1
        assert [s["number"] for s in data["tournament"]["sessions"]] == [1]
        assert "Session 2" not in content


def close(session, organizer):
    for table in session.tables.all():
        ss.sheet_sign(sheet=table.sheet, by=organizer, mark_rest_not_played=True)
    close_session(session=session, by=organizer)


def test_current_session_is_the_first_being_played_else_the_last_one(client, two_sessions, organizer):
    second = two_sessions.sessions.get(number=2)
    sched.session_publish(session=second, by=organizer)
    assert embedded(page(client), "hall-data")["session"]["number"] == 1
    close(two_sessions.sessions.get(number=1), organizer)
    assert embedded(page(client), "hall-data")["session"]["number"] == 2
    close(second, organizer)
    content = page(client)
    assert embedded(content, "hall-data")["session"]["number"] == 2 and "Closed" in content


def test_before_any_seating_is_published(client, tournament, players):
    content = page(client)
    assert "No session has published seating yet." in content
    assert embedded(content, "hall-data")["session"] is None


def test_the_script_gets_its_words_in_the_page_language(client, two_sessions):
    content = page(client, HTTP_ACCEPT_LANGUAGE="es")
    labels = embedded(content, "hall-config")["labels"]
    assert labels["find"] == "Busca tu mesa" and labels["winds"]["E"] == "Este"
    assert labels["phases"]["published"] == "Asientos publicados"
    assert "Clasificación" in content


def test_linked_from_the_tournament_page(client, two_sessions):
    content = client.get(reverse("tournament-detail", args=["test-open"])).content.decode()
    assert reverse("hall", args=["test-open"]) in content


def test_the_finder_sorts_names_in_the_hall_language(client, two_sessions, players, organizer):
    """Without script the finder is the server's list; the script re-sorts it by the order the page gives."""
    from tournament import services as ts

    names = ["张伟", "Walker", "王芳", "李娜", "Zoe Smith", "Anderson", "Lopez", "陈静"]
    for player, name in zip(players, names, strict=True):
        ts.player_update(player=player, by=organizer, name=name)
    chinese = ["Anderson", "陈静", "李娜", "Lopez", "Walker", "王芳", "张伟", "Zoe Smith"]
    content = page(client, HTTP_ACCEPT_LANGUAGE="zh-CN,zh;q=0.9")
    finder = content[content.index('data-kind="find"') :]
    assert re.findall(r'<div class="row"><span class="name">([^<]+)</span>', finder) == chinese
    by_number = {p.number: name for p, name in zip(players, names, strict=True)}
    order = embedded(content, "hall-config")["name_order"]
    assert [by_number[n] for n in order] == chinese
    english = embedded(page(client, HTTP_ACCEPT_LANGUAGE="en"), "hall-config")["name_order"]
    assert [by_number[n] for n in english] == [
        "Anderson",
        "Lopez",
        "Walker",
        "Zoe Smith",
        "陈静",
        "李娜",
        "王芳",
        "张伟",
    ]
