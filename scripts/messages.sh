#!/usr/bin/env bash
# Catalogues from the code and the translations waiting in locale/pending/: gather the messages, fill in every
# locale/pending/*.<lang>.json (later files win), compile. Used when branches that each brought translations meet.
set -euo pipefail
cd "$(dirname "$0")/.."
PY=.venv/bin/python
$PY manage.py makemessages -l es -l zh_Hans --ignore=.venv --ignore=tests --ignore=bench --ignore=staticfiles --ignore=tools >/dev/null
for lang in es zh_Hans; do
  for f in locale/pending/*."$lang".json; do
    [ -e "$f" ] || continue
    $PY scripts/po_fill.py "locale/$lang/LC_MESSAGES/django.po" "$f" 2>/dev/null || true
  done
done
$PY manage.py compilemessages -l es -l zh_Hans --ignore=.venv >/dev/null
for lang in es zh_Hans; do
  echo "$lang: $($PY scripts/po_fill.py --list "locale/$lang/LC_MESSAGES/django.po" | grep -c '": ' || true) messages untranslated or fuzzy"
done
