"""Issue 30: the Spanish interface addresses the user with "tú", everywhere (docs/translation.md). The polite
imperatives and "usted" that crept in (Indique, Introduzca, Pulse, Elija, ...) are not in the catalogue."""

import re
from pathlib import Path

import polib

PO = Path(__file__).resolve().parents[2] / "locale" / "es" / "LC_MESSAGES" / "django.po"
USTED = re.compile(
    r"\b(usted|Usted|Indique|Introduzca|Seleccione|Pulse|Escriba|Elija|Compruebe|Añada|Revise|Vuelva|Intente|"
    r"Consulte|Asegúrese|Pida|Descargue|Utilice|Marque|Inicie|Guarde|Corrija|Imprima|Recargue|Asigne|Deshaga|"
    r"Publique|Explique|Designe|designe|Compare|compare|Programe|indique|introdúzcalo|pulse|elija|escriba|revise|envíelo|descárguelo|asígnelos)\b"
)


def test_spanish_says_tu():
    po = polib.pofile(str(PO))
    found = []
    for entry in po:
        if entry.obsolete:
            continue
        for text in [entry.msgstr, *entry.msgstr_plural.values()]:
            if text and USTED.search(text):
                found.append(f"{entry.msgid[:60]!r}: {text[:80]!r}")
    assert found == []
