"""Tables of players sorted by name (the public players page, the standings) sort in the reader's language
(core/collation.py), not by code point: Chinese names by pinyin among the Latin ones, ñ after n in Spanish."""

import re

import pytest
from django.urls import reverse

from tournament import services as ts

pytestmark = pytest.mark.django_db

CHINESE = {"HTTP_ACCEPT_LANGUAGE": "zh-CN,zh;q=0.9"}


@pytest.fixture
def named(tournament, players, organizer):
    names = ["张伟", "Walker", "王芳", "李娜", "Zoe Smith", "Anderson", "Núñez", "Nyman"]
    for player, name in zip(players, names, strict=True):
        ts.player_update(player=player, by=organizer, name=name)
    return tournament


def linked_names(content, table_start):
    table = content[content.index(table_start) :]
    return re.findall(r'<td[^>]*><a href="/[^"]*players/\d+/">([^<]+)</a>', table)


@pytest.mark.parametrize(
    "headers, sort, expected",
    [
        (CHINESE, "name", ["Anderson", "李娜", "Núñez", "Nyman", "Walker", "王芳", "张伟", "Zoe Smith"]),
        (CHINESE, "-name", ["Zoe Smith", "张伟", "王芳", "Walker", "Nyman", "Núñez", "李娜", "Anderson"]),
        (
            {"HTTP_ACCEPT_LANGUAGE": "es"},
            "name",
            ["Anderson", "Núñez", "Nyman", "Walker", "Zoe Smith", "李娜", "王芳", "张伟"],
        ),
        (
            {"HTTP_ACCEPT_LANGUAGE": "en"},
            "name",
            ["Anderson", "Núñez", "Nyman", "Walker", "Zoe Smith", "李娜", "王芳", "张伟"],
        ),
    ],
)
def test_players_page_sorted_by_name(client, named, headers, sort, expected):
    content = client.get(reverse("player-list", args=[named.slug]), {"sort": sort}, **headers).content.decode()
    assert linked_names(content, "<table") == expected


def test_players_page_in_number_order_by_default(client, named):
    content = client.get(reverse("player-list", args=[named.slug]), **CHINESE).content.decode()
    assert linked_names(content, "<table")[:3] == ["张伟", "Walker", "王芳"]


def test_standings_sorted_by_name_in_chinese(client, named, hands_entered):
    content = client.get(reverse("standings", args=[named.slug]), {"sort": "name"}, **CHINESE).content.decode()
    assert linked_names(content, "<table") == [
        "Anderson",
        "李娜",
        "Núñez",
        "Nyman",
        "Walker",
        "王芳",
        "张伟",
        "Zoe Smith",
    ]
