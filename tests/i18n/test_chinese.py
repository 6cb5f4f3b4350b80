"""The Simplified Chinese interface: chosen by browser preference (zh-CN too) or the footer, a complete
compiled catalogue (locale/zh_Hans/LC_MESSAGES) covering every message the Spanish one does, the
standard terms of the Chinese Official rules, and the fans' standard Chinese names on the pages."""

import gettext
import html
import re
from pathlib import Path

import pytest
from django.conf import settings
from django.test import Client
from django.urls import reverse
from django.utils import translation

from rules import payments as pay
from scoring import services as ss

from .test_spanish import parse_po

pytestmark = pytest.mark.django_db

LOCALE = Path(settings.BASE_DIR) / "locale"
CATALOGUE = LOCALE / "zh_Hans" / "LC_MESSAGES"
CHINESE = {"HTTP_ACCEPT_LANGUAGE": "zh-CN,zh;q=0.9"}
PUNGS = {"concealed": "888m9m", "melds": "pung EEE, pung 222m, pung 555m", "win_tile": "9m"}


def text(response):
    assert response.status_code == 200
    return html.unescape(response.content.decode())


@pytest.fixture(scope="module")
def po_entries():
    return parse_po(CATALOGUE / "django.po")


# ------------------------------------------------------------------ the catalogue


def test_every_message_is_translated_and_none_fuzzy(po_entries):
    untranslated = [key for key, e in po_entries.items() if not all(s.strip() for s in e["str"].values())]
    fuzzy = [key for key, e in po_entries.items() if "fuzzy" in e["flags"]]
    assert not untranslated and not fuzzy
    plurals = [e for key, e in po_entries.items() if key[2]]
    assert plurals and all(len(e["str"]) == 1 for e in plurals)  # Chinese Plural-Forms: nplurals=1


def test_the_whole_interface_is_there(po_entries):
    """Every message of the Spanish catalogue has its Chinese translation, and no English was left in."""
    spanish = parse_po(LOCALE / "es" / "LC_MESSAGES" / "django.po")
    assert set(po_entries) == set(spanish)
    english_left = [
        msgid
        for (ctx, msgid, plural), e in po_entries.items()
        if e["str"][0] == msgid and re.search(r"[A-Za-z]{3}", msgid)
    ]
    assert english_left == []


def test_placeholders_are_kept(po_entries):
    placeholder = re.compile(r"%\(\w+\)[sdr]|%[sd]|\{\w*\}")
    for (_ctx, msgid, plural), e in po_entries.items():
        for _index, msgstr in e["str"].items():
            sources = {msgid, plural} if plural else {msgid}
            assert any(sorted(placeholder.findall(msgstr)) == sorted(placeholder.findall(s)) for s in sources), msgid


def test_compiled_catalogue_matches_the_po(po_entries):
    with open(CATALOGUE / "django.mo", "rb") as fp:
        translations = gettext.GNUTranslations(fp)
    catalog = translations._catalog
    assert translations.info()["plural-forms"] == "nplurals=1; plural=0;"
    for (ctx, msgid, plural), e in po_entries.items():
        key = f"{ctx}\x04{msgid}" if ctx else msgid
        if plural:
            assert catalog.get((key, 0)) == e["str"][0], msgid
        else:
            assert catalog.get(key) == e["str"][0], msgid


def test_terms_of_the_chinese_official_rules():
    with translation.override("zh-hans"):
        gettext = translation.gettext
        assert gettext("Self-drawn") == "自摸"
        assert gettext("Win by discard") == "点和" and gettext("discarder") == "点炮者"
        assert gettext("Drawn hand") == "荒庄" and gettext("Draw") == "荒庄"
        assert gettext("Fan") == "番种"
        assert gettext("Seat wind") == "门风" and gettext("Prevalent wind") == "圈风"
        assert gettext("East (dealer)") == "庄家（东）"
        assert gettext("Flowers") == "花牌"
        assert (gettext("Chow"), gettext("Pung"), gettext("Kong"), gettext("Concealed kong")) == (
            "吃",
            "碰",
            "杠",
            "暗杠",
        )
        assert gettext("Table points") == "桌分" and gettext("Score") == "比赛分"
        assert gettext("Winning tile") == "和张" and gettext("Last of its kind") == "和绝张"
        assert gettext("Hand %(n)s") % {"n": 5} == "第 5 盘"
        assert gettext("Session %(n)s") % {"n": 2} == "第 2 轮"
        assert gettext("%(wind)s round") % {"wind": gettext("South")} == "南风圈"
        assert gettext("Umpire") == "裁判" and gettext("Chief umpire") == "裁判长"
        assert translation.ngettext("%(n)s table", "%(n)s tables", 3) % {"n": 3} == "3 桌"
        assert translation.pgettext("running total", "Sum") == "累计"


# ------------------------------------------------------------------ pages


def test_home_in_chinese_by_accept_language(client, tournament):
    content = text(client.get(reverse("home"), **CHINESE))
    assert '<html lang="zh-hans">' in content
    for phrase in ("国标麻将比赛", "算番器", "登录", "国标麻将（MCR）比赛管理系统", "语言："):
        assert phrase in content
    assert "Hand calculator" not in content


def test_footer_offers_chinese_and_the_switch_sticks(tournament):
    client = Client()
    content = text(client.get(reverse("home")))
    assert re.search(r'<button type="submit" name="language" value="zh-hans"[^>]*>简体中文</button>', content)
    standings = reverse("standings", args=[tournament.slug])
    response = client.post(reverse("set_language"), {"language": "zh-hans", "next": standings})
    assert response.status_code == 302 and client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "zh-hans"
    content = text(client.get(standings))
    assert "<h1>排名</h1>" in content
    assert re.search(r'value="zh-hans"[^>]*aria-current="true" disabled[^>]*>简体中文</button>', content)


def test_table_page_in_chinese(client_for, published_session, tournament, players, sheet, referee):
    client = client_for("referee")
    client.post(
        reverse("sheet-hand", args=[tournament.slug, 1, 1]),
        {"number": 1, "expected_version": 0, "winner": players[0].pk, "discarder": players[2].pk, **PUNGS},
    )
    content = text(client.get(reverse("sheet", args=[tournament.slug, 1, 1]), **CHINESE))
    for phrase in (
        "第 2 盘（共 16 盘）",
        "东风圈",
        "庄家（东）：Player 2",
        "谁和牌？",
        "自摸，还是谁点炮？",
        "荒庄",
        "和牌番数（含花牌）",
        "记录第 2 盘",
        "各盘",
        "记分表",
        "罚分",
        "签署记分表",
    ):
        assert phrase in content, phrase
    # The fans of the hand entered by its tiles, by their standard Chinese names.
    tiles = re.search(r'<tr class="tiles-row" id="hand-1-tiles">.*?</table>', content, re.S).group(0)
    for name in ("碰碰和", "混一色", "圈风刻", "门风刻"):
        assert name in tiles
    assert "All Pungs" not in tiles
    # The buttons' seat winds are written as characters (hand 2: players 1-4 sit N E S W).
    assert re.findall(r'<abbr title="(.)">(.)</abbr></span><span class="name">', content)[:4] == [
        ("北", "北"),
        ("东", "东"),
        ("南", "南"),
        ("西", "西"),
    ]


def test_calculator_in_chinese(client):
    content = text(client.get(reverse("calculator"), {"concealed": "19m19p19sESWNCFP", "win_tile": "1m"}, **CHINESE))
    assert "<h1>算番器</h1>" in content and "十三幺" in content
    assert "合计：88 番" in content
    assert "点和：点炮者付 96 分（8 + 和牌番数）。" in content and "和牌者共得 112 分。" in content
    # The other rulebooks' names stay beside it.
    assert "Thirteen Orphans" in content and "Trece Huérfanos" in content


def test_hand_history_in_chinese(client_for, published_session, tournament, players, sheet, referee):
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    content = text(client_for("referee").get(reverse("hand-history", args=[tournament.slug, 1, 1, 1]), **CHINESE))
    for phrase in ("版本", "录入者", "更正这一盘", "保存更正", "自摸和"):
        assert phrase in content, phrase
