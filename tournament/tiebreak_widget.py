"""The tie-break chain as an ordered list of translated choices (issue 30), not a line of internal keys.

The field stays the model's comma-separated keys (files, scripts and the API post and read them as before); on
the page it is one select a place: "1st after table points and score", "2nd ...", each offering the tie-breaks
by their names in the reader's language, and "—" for none. A post with the plain ``tiebreaks`` key wins."""

from django import forms
from django.utils.translation import gettext_lazy as _

from rules.ranking import MANDATORY_ORDER, TIEBREAKS

OPTIONAL = [key for key in TIEBREAKS if key not in MANDATORY_ORDER]


def _choices():
    return [("", "—")] + [(key, _(TIEBREAKS[key].label)) for key in OPTIONAL]


class TiebreakChainWidget(forms.MultiWidget):
    """One select a place of the chain (Django's multi-widget: the selects one under the other, site.css)."""

    def __init__(self, attrs=None):
        selects = [
            forms.Select(
                attrs={"aria-label": _("Tie-break %(n)s, after table points and score") % {"n": n}},
                choices=_choices(),
            )
            for n in range(1, len(OPTIONAL) + 1)
        ]
        super().__init__(selects, attrs)

    def decompress(self, value):
        keys = [k.strip() for k in (value or "").split(",") if k.strip()]
        return (keys + [""] * len(OPTIONAL))[: len(OPTIONAL)]

    def value_from_datadict(self, data, files, name):
        if name in data:  # a file, a script or an older page: the keys themselves
            return data.get(name)
        chosen = super().value_from_datadict(data, files, name)
        if not any(f"{name}_{i}" in data for i in range(len(OPTIONAL))):
            return None
        keys = []
        for key in chosen:
            if key and key not in keys:
                keys.append(key)
        return ",".join(keys)

    def value_omitted_from_data(self, data, files, name):
        return name not in data and all(f"{name}_{i}" not in data for i in range(len(OPTIONAL)))
