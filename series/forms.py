"""Input shape only: the services check the rules (``series.services``) and say what is wrong, by field."""

from __future__ import annotations

from decimal import Decimal
from fractions import Fraction

from django import forms
from django.contrib.auth import get_user_model
from django.utils.translation import gettext_lazy as _

from ratings.base import format_number
from series.fileformat import MAX_FILE_BYTES
from series.models import LeagueBy, Series, SeriesMethod
from series.services import SERIES_FIELDS as SETTINGS
from series.services import TournamentEntry
from tournament.models import Tournament

DATE_WIDGET = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")
DECAY_ROWS = 6
# The settings the form shows as fields of their own: the services' list, but for the time decay, which the
# form shows as rows (DECAY_ROWS) and joins into one value.
SERIES_FIELDS = tuple(name for name in SETTINGS if name != "decay")


def _model_field(name, **overrides):
    field = Series._meta.get_field(name).formfield(**overrides)
    return field


class SeriesForm(forms.Form):
    """A series' settings, its time decay (up to six steps) and which finished tournaments it ranks, each
    with its weight (empty: from the EMA's table) and whether players had to qualify."""

    def __init__(
        self,
        *args,
        tournaments: list[Tournament],
        series: Series | None = None,
        table_weights: dict[int, Fraction] | None = None,
        **kwargs,
    ):
        super().__init__(*args, **kwargs)
        self.tournaments = tournaments
        table_weights = table_weights or {}
        self.fields["name"] = _model_field("name")
        self.fields["slug"] = _model_field("slug")
        self.fields["description"] = _model_field("description", widget=forms.Textarea(attrs={"rows": 2}))
        self.fields["published"] = _model_field("published")
        self.fields["method"] = forms.ChoiceField(label=_("Ranking method"), choices=SeriesMethod.choices)
        self.fields["as_of"] = _model_field("as_of", widget=DATE_WIDGET)
        for name in ("minimum_results", "best_results", "listed_from", "part_a_best", "part_a_share"):
            self.fields[name] = _model_field(name)
        self.fields["league_by"] = forms.ChoiceField(label=_("League: results by"), choices=LeagueBy.choices)
        for i in range(DECAY_ROWS):
            self.fields[f"decay_{i}_days"] = forms.IntegerField(
                label=_("Older than (days), step %(n)s") % {"n": i + 1}, required=False, min_value=0, max_value=36500
            )
            self.fields[f"decay_{i}_factor"] = forms.DecimalField(
                label=_("Factor, step %(n)s") % {"n": i + 1},
                required=False,
                min_value=0,
                max_value=1,
                max_digits=5,
                decimal_places=4,
            )
        for t in tournaments:
            self.fields[f"t_{t.pk}_include"] = forms.BooleanField(label=t.name, required=False)
            self.fields[f"t_{t.pk}_weight"] = forms.DecimalField(
                label=_("Weight of %(name)s") % {"name": t.name},
                required=False,
                max_digits=7,
                decimal_places=3,
            )
            if t.pk in table_weights:
                # Empty takes the EMA's table: the field shows what that gives (standings.weight).
                self.fields[f"t_{t.pk}_weight"].widget.attrs["placeholder"] = format_number(table_weights[t.pk])
            # A tournament joining the series brings its own answer (Tournament.qualification_required).
            self.fields[f"t_{t.pk}_qualification"] = forms.BooleanField(
                label=_("Players of %(name)s had to qualify") % {"name": t.name},
                required=False,
                initial=t.qualification_required,
            )
        if series is not None and not self.is_bound:
            self.initial.update({name: getattr(series, name) for name in SERIES_FIELDS})
            self.initial["part_a_share"] = series.part_a_share.normalize()
            for i, step in enumerate(series.decay[:DECAY_ROWS]):
                self.initial[f"decay_{i}_days"] = step["older_than_days"]
                self.initial[f"decay_{i}_factor"] = Decimal(str(step["factor"]))
            by_slug = {t.slug: t for t in tournaments}
            for entry in series.entries.all():
                found = by_slug.get(entry.tournament_slug)
                if found is not None:
                    self.initial[f"t_{found.pk}_include"] = True
                    self.initial[f"t_{found.pk}_weight"] = (
                        entry.weight.normalize() if entry.weight is not None else None
                    )
                    self.initial[f"t_{found.pk}_qualification"] = entry.qualification
        elif series is None and not self.is_bound:
            defaults = Series()
            self.initial.update(
                {name: getattr(defaults, name) for name in SERIES_FIELDS if name not in ("name", "slug", "method")}
            )
            self.initial["method"] = SeriesMethod.MERS
            self.initial["part_a_share"] = defaults.part_a_share.normalize()
            for i, step in enumerate(defaults.decay):
                self.initial[f"decay_{i}_days"] = step["older_than_days"]
                self.initial[f"decay_{i}_factor"] = Decimal(step["factor"])

    # -- groups of fields for the template ------------------------------------------------------------
    def main_fields(self):
        return [self[n] for n in ("name", "slug", "description", "published")]

    def method_fields(self):
        return [self[n] for n in ("method", "as_of", "minimum_results", "best_results", "listed_from")]

    def part_a_fields(self):
        return [self[n] for n in ("part_a_best", "part_a_share")]

    def league_fields(self):
        return [self["league_by"]]

    def decay_rows(self):
        return [(i + 1, self[f"decay_{i}_days"], self[f"decay_{i}_factor"]) for i in range(DECAY_ROWS)]

    def tournament_rows(self):
        return [
            (t, self[f"t_{t.pk}_include"], self[f"t_{t.pk}_weight"], self[f"t_{t.pk}_qualification"])
            for t in self.tournaments
        ]

    # -- what the service takes -------------------------------------------------------------------------
    def clean(self):
        data = super().clean()
        for i in range(DECAY_ROWS):
            days, factor = data.get(f"decay_{i}_days"), data.get(f"decay_{i}_factor")
            if (days is None) != (factor is None) and f"decay_{i}_days" not in self.errors:
                self.add_error(
                    f"decay_{i}_factor" if factor is None else f"decay_{i}_days", _("Fill in both, or neither.")
                )
        return data

    def included(self) -> list[Tournament]:
        return [t for t in self.tournaments if self.cleaned_data.get(f"t_{t.pk}_include")]

    def service_arguments(self) -> dict:
        data = self.cleaned_data
        decay = [
            {"older_than_days": data[f"decay_{i}_days"], "factor": data[f"decay_{i}_factor"]}
            for i in range(DECAY_ROWS)
            if data.get(f"decay_{i}_days") is not None and data.get(f"decay_{i}_factor") is not None
        ]
        fields = {name: data[name] for name in SERIES_FIELDS}
        if fields["part_a_share"] is None:
            fields["part_a_share"] = Decimal("0.8")
        fields["decay"] = decay
        fields["tournaments"] = [
            TournamentEntry(
                slug=t.slug,
                weight=data.get(f"t_{t.pk}_weight"),
                qualification=bool(data.get(f"t_{t.pk}_qualification")),
            )
            for t in self.included()
        ]
        return fields

    def field_for(self, key: str) -> str | None:
        """The form field of a service's error key (``decay[1].factor``, ``tournaments[2].weight``)."""
        if key in self.fields:
            return key
        if key.startswith("decay[") and "]." in key:
            index, part = key[len("decay[") :].split("].", 1)
            name = f"decay_{index}_{'days' if part == 'older_than_days' else 'factor'}"
            return name if name in self.fields else None
        if key.startswith("tournaments[") and "]" in key:
            index, _sep, part = key[len("tournaments[") :].partition("]")
            included = self.included()
            if index.isdigit() and int(index) < len(included):
                t = included[int(index)]
                return f"t_{t.pk}_weight" if part == ".weight" else f"t_{t.pk}_include"
        return None


class SeriesFileForm(forms.Form):
    file = forms.FileField(label=_("Series file (JSON)"))
    replace = forms.BooleanField(
        label=_("Change the series of the same short name"),
        required=False,
        help_text=_("Only a series you organize."),
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_FILE_BYTES:
            raise forms.ValidationError(_("The file is larger than %(n)s bytes.") % {"n": MAX_FILE_BYTES})
        return upload


class SeriesRoleForm(forms.Form):
    username = forms.CharField(label=_("Username"), max_length=150)

    def clean_username(self):
        name = self.cleaned_data["username"].strip()
        user = get_user_model().objects.filter(username=name).first()
        if user is None:
            raise forms.ValidationError(_("No account with this username."))
        self.user = user
        return name


class LinkForm(forms.Form):
    person = forms.IntegerField(min_value=1, widget=forms.HiddenInput)
