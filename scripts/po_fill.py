"""Fill translations into a .po catalogue from a JSON object {msgid: msgstr} (or {msgid: [plural forms]}).

    .venv/bin/python scripts/po_fill.py locale/es/LC_MESSAGES/django.po translations.json

Entries found get the translation and lose their fuzzy flag; msgids not in the catalogue are listed
and left out. ``po_fill.py --list FILE.po`` prints the msgids still untranslated or fuzzy, as JSON, to fill in.
An entry with a context (pgettext, ``{% translate "x" context "y" %}``) is keyed ``"y\u0004x"``.
A plural entry's list is fitted to the catalogue's ``nplurals`` (Spanish has three forms, the third for
multiples of a million, which takes the plural; Chinese one): a short list repeats its last form, a long one
is cut, so a JSON written as [singular, plural] serves every language.
"""

import json
import sys

import polib


def key(entry):
    return f"{entry.msgctxt}\x04{entry.msgid}" if entry.msgctxt else entry.msgid


def nplurals(po) -> int:
    forms = po.metadata.get("Plural-Forms", "")
    for part in forms.split(";"):
        name, _, value = part.partition("=")
        if name.strip() == "nplurals" and value.strip().isdigit():
            return int(value)
    return 2


def fit(forms: list, count: int) -> list:
    return (list(forms) + [forms[-1]] * count)[:count] if forms else forms


def main(argv):
    if argv and argv[0] == "--list":
        po = polib.pofile(argv[1])
        count = nplurals(po)
        todo = {
            key(e): (e.msgid_plural and [""] * count) or ""
            for e in po
            if not e.obsolete
            and (not e.translated() or "fuzzy" in e.flags or (e.msgid_plural and len(e.msgstr_plural) < count))
        }
        print(json.dumps(todo, ensure_ascii=False, indent=1))
        return 0
    path, source = argv
    po = polib.pofile(path)
    with open(source, encoding="utf-8") as handle:
        wanted = json.load(handle)
    by_id = {key(e): e for e in po if not e.obsolete}
    missing = [k for k in wanted if k not in by_id]
    for msgid, text in wanted.items():
        entry = by_id.get(msgid)
        if entry is None:
            continue
        if isinstance(text, list):
            entry.msgstr_plural = dict(enumerate(fit(text, nplurals(po))))
        else:
            entry.msgstr = text
        if "fuzzy" in entry.flags:
            entry.flags.remove("fuzzy")
        entry.previous_msgid = None
        entry.previous_msgid_plural = None
        entry.previous_msgctxt = None  # a leftover "#| msgctxt" without its msgid breaks msgfmt
    po.save(path)
    for msgid in missing:
        print(f"not in the catalogue: {msgid!r}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
