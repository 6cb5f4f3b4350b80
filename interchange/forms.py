"""The tournament-file upload: input shape only (size, text encoding, JSON syntax). The import itself
(``interchange.load.tournament_import``) checks the content and the rules."""

from django import forms
from django.utils.translation import gettext_lazy as _

from core import text_messages, textfile
from interchange.format import InterchangeError
from interchange.shape import parse_json
from tournament.models import Tournament

MAX_FILE_BYTES = 10 * 1024 * 1024


def _max_length(field_name):
    return Tournament._meta.get_field(field_name).max_length


class TournamentFileForm(forms.Form):
    file = forms.FileField(
        label=_("Tournament file (JSON)"),
        help_text=_("A file downloaded from this site or written by the export_tournament command; 10 MB at most."),
        widget=forms.ClearableFileInput(attrs={"accept": ".json,application/json"}),
    )
    slug = forms.SlugField(
        label=_("Short name"),
        required=False,
        max_length=_max_length("slug"),
        help_text=_("Leave empty to keep the file's. Give another to import a copy."),
    )
    name = forms.CharField(
        label=_("Name"), required=False, max_length=_max_length("name"), help_text=_("Leave empty to keep the file's.")
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > MAX_FILE_BYTES:
            raise forms.ValidationError(
                _("The file is too big: %(size)s MB; a tournament file has at most %(max)s MB.")
                % {"size": f"{upload.size / 1024 / 1024:.1f}", "max": MAX_FILE_BYTES // (1024 * 1024)}
            )
        raw = upload.read()
        try:  # UTF-8 (a byte-order mark is dropped), or UTF-16 as marked; nothing read garbled
            text = textfile.read_text_file(raw, legacy=()).text
        except textfile.UndecodableText as exc:
            advice = _("Is it a tournament JSON file?")
            raise forms.ValidationError(f"{text_messages.undecodable(exc)} {advice}") from None
        try:
            data = parse_json(text)
        except InterchangeError as exc:
            raise forms.ValidationError(_("The file is not valid JSON: %(error)s") % {"error": exc}) from exc
        except (ValueError, RecursionError):
            raise forms.ValidationError(_("The file is not valid JSON.")) from None
        if not isinstance(data, dict):
            raise forms.ValidationError(_("The file holds no tournament: it should be one JSON object, “{…}”."))
        return data

    def tournament_data(self):
        """The file's data with the short name and name given on the form, when given."""
        data = dict(self.cleaned_data["file"])
        for key in ("slug", "name"):
            if self.cleaned_data.get(key):
                data[key] = self.cleaned_data[key].strip()
        return data
