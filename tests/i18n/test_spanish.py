"""The Spanish interface: pages in Spanish by browser preference or cookie, the language switcher,
and a complete, compiled catalogue (locale/es/LC_MESSAGES)."""

import ast
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
from schedule import services as sched
from scoring import services as ss

pytestmark = pytest.mark.django_db

CATALOGUE = Path(settings.BASE_DIR) / "locale" / "es" / "LC_MESSAGES"
SPANISH = {"HTTP_ACCEPT_LANGUAGE": "es"}


@pytest.fixture
def published_session(seated_session, organizer):
    return sched.session_publish(session=seated_session, by=organizer)


def text(response):
    assert response.status_code == 200
    return html.unescape(response.content.decode())


# ------------------------------------------------------------------ pages


def test_home_in_spanish_by_accept_language(client, tournament):
    content = text(client.get(reverse("home"), **SPANISH))
    assert '<html lang="es">' in content
    for phrase in (
        "Torneos MCR",
        "Calculadora de manos",
        "Iniciar sesión",
        "Sistema de torneos de las Reglas de Competición de Mahjong",
        "Idioma:",
    ):
        assert phrase in content
    assert "Hand calculator" not in content


def test_home_stays_english_without_a_preference(client, tournament):
    content = text(client.get(reverse("home")))
    assert '<html lang="en">' in content and "Hand calculator" in content and "Calculadora de manos" not in content


def test_standings_in_spanish(client, tournament, published_session, players, referee):
    sheet = published_session.tables.get(number=1).sheet
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    content = text(client.get(reverse("standings", args=[tournament.slug]), **SPANISH))
    assert "<h1>Clasificación</h1>" in content
    assert "Provisional: algunas hojas de puntuación siguen abiertas." in content
    assert "Clasificación por puntos de mesa, después por puntuación y después por:" in content
    assert "Primeros puestos" in content  # the default tie-break, by its label
    assert (
        "Los jugadores empatados en todo comparten puesto salvo que el árbitro jefe haya registrado un desempate."
        in content
    )
    # The tournament navigation is translated too.
    assert ">Equipos<" in content and ">Jugadores<" in content and ">Asientos<" in content and ">Por sesión<" in content


def test_session_page_in_spanish(client, tournament, published_session):
    content = text(client.get(reverse("session-detail", args=[tournament.slug, 1]), **SPANISH))
    assert "Mesa 1" in content and "Viento" in content and "PM" in content
    assert "Este" in content and "Sur" in content and "Oeste" in content and "Norte" in content


def test_calculator_in_spanish(client):
    content = text(client.get(reverse("calculator"), **SPANISH))
    for phrase in (
        "<h1>Calculadora de manos</h1>",
        "Fichas ocultas",
        "Ficha ganadora",
        "Cómo se ganó",
        "Viento propio",
        "Viento de la ronda",
        "Cerrar del muro",
        "Última ficha del muro",
        ">Calcular<",
    ):
        assert phrase in content


def test_calculator_result_in_spanish(client):
    content = text(client.get(reverse("calculator"), {"concealed": "19m19p19sESWNCFP", "win_tile": "1m"}, **SPANISH))
    assert "Total: 88 puntos" in content
    assert "Por descarte: el jugador que descarta paga 96 (8 + los puntos de la mano)." in content
    assert "Cada uno de los otros dos jugadores paga 8." in content
    assert "El ganador recibe 112 en total." in content
    assert "Trece Huérfanos" in content  # the fan's Spanish name from the engine


def test_language_cookie_selects_spanish(tournament):
    client = Client()
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "es"
    content = text(client.get(reverse("tournament-detail", args=[tournament.slug])))
    assert ">Clasificación<" in content and ">Sesión<" in content and ">Mesas<" in content


# ------------------------------------------------------------------ the switcher


def test_footer_has_a_language_switcher(client):
    content = text(client.get(reverse("home")))
    form = re.search(
        r'<form action="{}" method="post" class="lang-switch">.*?</form>'.format(reverse("set_language")), content, re.S
    )
    assert form, "the footer offers the language form"
    form = form.group(0)
    assert 'name="csrfmiddlewaretoken"' in form and 'name="next" value="/"' in form
    assert re.search(r'<button type="submit" name="language" value="es"[^>]*>Español</button>', form)
    # The current language is marked and cannot be chosen again.
    assert re.search(r'value="en"[^>]*aria-current="true" disabled[^>]*>English</button>', form)


def test_switcher_post_sets_the_language_and_returns(tournament):
    client = Client(enforce_csrf_checks=False)
    standings = reverse("standings", args=[tournament.slug])
    response = client.post(reverse("set_language"), {"language": "es", "next": standings})
    assert response.status_code == 302 and response["Location"] == standings
    assert client.cookies[settings.LANGUAGE_COOKIE_NAME].value == "es"
    content = text(client.get(standings))
    assert "<h1>Clasificación</h1>" in content
    assert re.search(r'value="es"[^>]*aria-current="true" disabled[^>]*>Español</button>', content)

    client.post(reverse("set_language"), {"language": "en", "next": standings})
    assert "<h1>Standings</h1>" in text(client.get(standings))


def test_switcher_ignores_unknown_languages_and_foreign_next(client):
    response = client.post(reverse("set_language"), {"language": "xx", "next": "/"})
    assert settings.LANGUAGE_COOKIE_NAME not in response.cookies
    response = client.post(reverse("set_language"), {"language": "es", "next": "https://evil.example/"})
    assert response.status_code == 302 and response["Location"] == "/"


# ------------------------------------------------------------------ the catalogue


def parse_po(path):
    """(context, msgid, msgid_plural) -> {"str": {index: msgstr}, "flags": [...]}, without the header."""
    entries, current, field = {}, None, None

    def finish():
        if current and current.get("id"):
            entries[(current.get("ctx"), current["id"], current.get("plural"))] = current

    for line in [*path.read_text(encoding="utf-8").splitlines(), ""]:
        if not line.strip():
            finish()
            current, field = None, None
            continue
        if current is None:
            current = {"str": {}, "flags": []}
        if line.startswith("#,"):
            current["flags"] = [f.strip() for f in line[2:].split(",")]
        elif line.startswith("#"):
            continue
        elif line.startswith('"'):
            value = ast.literal_eval(line)
            if field[0] == "str":
                current["str"][field[1]] += value
            else:
                current[field[0]] += value
        else:
            keyword, _, value = line.partition(" ")
            value = ast.literal_eval(value)
            match = re.fullmatch(r"msgstr\[(\d)\]", keyword)
            if keyword == "msgctxt":
                field = ("ctx",)
            elif keyword == "msgid":
                field = ("id",)
            elif keyword == "msgid_plural":
                field = ("plural",)
            else:
                field = ("str", int(match.group(1)) if match else 0)
            if field[0] == "str":
                current["str"][field[1]] = value
            else:
                current[field[0]] = value
    return entries


@pytest.fixture(scope="module")
def po_entries():
    return parse_po(CATALOGUE / "django.po")


def test_every_message_is_translated_and_none_fuzzy(po_entries):
    assert len(po_entries) > 500
    untranslated = [key for key, e in po_entries.items() if not all(s.strip() for s in e["str"].values())]
    fuzzy = [key for key, e in po_entries.items() if "fuzzy" in e["flags"]]
    assert not untranslated and not fuzzy
    plurals = [e for key, e in po_entries.items() if key[2]]
    assert plurals and all(len(e["str"]) == 3 for e in plurals)  # Spanish Plural-Forms: nplurals=3


def test_placeholders_are_kept(po_entries):
    placeholder = re.compile(r"%\(\w+\)[sd]|%[sd]|\{\w*\}")
    for (_ctx, msgid, plural), e in po_entries.items():
        for index, msgstr in e["str"].items():
            source = plural if plural and index else msgid
            assert sorted(placeholder.findall(msgstr)) == sorted(placeholder.findall(source)), msgid


def test_compiled_catalogue_matches_the_po(po_entries):
    """The committed .mo holds exactly the .po's translations, so no gettext tools are needed to serve it."""
    with open(CATALOGUE / "django.mo", "rb") as fp:
        catalog = gettext.GNUTranslations(fp)._catalog
    for (ctx, msgid, plural), e in po_entries.items():
        key = f"{ctx}\x04{msgid}" if ctx else msgid
        if plural:
            assert [catalog.get((key, i)) for i in range(3)] == [e["str"][i] for i in range(3)], msgid
        else:
            assert catalog.get(key) == e["str"][0], msgid
    assert len([k for k in catalog if k != "" and not isinstance(k, tuple)]) == len([k for k in po_entries if not k[2]])


def test_rulebook_vocabulary():
    """Key MCR terms follow the Spanish edition of the WMO rules."""
    with translation.override("es"):
        assert translation.gettext("Table points") == "Puntos de mesa"
        assert translation.gettext("Self-drawn win") == "Ganar del muro"
        assert translation.gettext("Win by discard") == "Ganar por descarte"
        assert translation.gettext("Record of fouls") == "Registro de faltas"
        assert translation.gettext("Umpire") == "Árbitro"
        assert translation.gettext("Substitute") == "Suplente"
        assert translation.gettext("Prevalent wind") == "Viento de la ronda"
        assert translation.ngettext("%(n)s table", "%(n)s tables", 3) % {"n": 3} == "3 mesas"
        assert translation.ngettext("%(n)s table", "%(n)s tables", 1) % {"n": 1} == "1 mesa"
        assert translation.pgettext("running total", "Sum") == "Suma"


def test_settings_help_text_is_translated_per_request(client, tournament, organizer):
    """The tie-break help text and choices follow the language of each request (issue 30: choices, not keys)."""
    client.force_login(organizer)
    url = reverse("manage-settings", args=[tournament.slug])
    spanish = text(client.get(url, **SPANISH))
    assert "Tras los puntos de mesa y la puntuación, en este orden" in spanish
    assert "table_points" not in spanish.split('name="tiebreaks_0"')[1].split("</select>")[0]
    assert "After table points and score, in this order" in text(client.get(url))


def test_exports_in_spanish(client, tournament, published_session, players, referee, organizer):
    """Spreadsheet headers and the printed sheets follow the request language; the PDFs render accents."""
    import io

    from openpyxl import load_workbook

    sheet = published_session.tables.get(number=1).sheet
    ss.hand_record(sheet=sheet, number=1, outcome=pay.SELF_DRAWN, winner=players[0], points=8, by=referee)
    ss.penalty_record(
        sheet=sheet,
        player=players[1],
        amount=10,
        to=pay.TO_EACH_OTHER,
        reason="Tocar la ficha del muro",
        hand_number=1,
        by=referee,
    )
    response = client.get(reverse("export-standings", args=[tournament.slug, "xlsx"]), **SPANISH)
    header = [c.value for c in load_workbook(io.BytesIO(response.content)).active[1]]
    assert header[:7] == ["Puesto", "N.º", "Nombre", "País", "Equipo", "Puntos de mesa", "Puntuación"]

    client.force_login(organizer)
    response = client.get(reverse("export-fouls", args=[tournament.slug, "xlsx"]), **SPANISH)
    assert response.status_code == 200
    values = [c.value for row in load_workbook(io.BytesIO(response.content)).active.iter_rows() for c in row]
    assert "Naturaleza de la falta" in values and "Penalización" in values and "Observaciones" in values
    for name, args in (("export-fouls", [tournament.slug, "pdf"]), ("export-score-sheet", [tournament.slug, 1, 1])):
        response = client.get(reverse(name, args=args), **SPANISH)
        assert response.status_code == 200 and response.content.startswith(b"%PDF")


def test_no_stray_synonyms_of_the_rulebook_terms(po_entries):
    """One word for each thing (docs/translation.md): the score sheet is never an acta, a self-drawn win never an
    autorrobo, the chief referee never the árbitro principal, the appeal fee never a cuota, the round robin never
    a liguilla, and the EMA id is always ID EMA. These had crept into some messages while others used the
    rulebook's words."""
    stray = re.compile(r"\b(acta|actas|autorrobo|árbitro principal|cuota|liguilla)\b|\bid EMA\b", re.IGNORECASE)
    found = [
        (msgid, text)
        for (_ctx, msgid, _plural), e in po_entries.items()
        for text in e["str"].values()
        if stray.search(text.replace("ID EMA", ""))
    ]
    assert found == []
