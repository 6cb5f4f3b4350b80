"""Input shape only: the services validate the rules and make the changes."""

import base64
import binascii
from typing import Any

from django import forms
from django.contrib.auth import get_user_model
from django.forms.forms import DeclarativeFieldsMetaclass
from django.utils.text import format_lazy
from django.utils.translation import gettext_lazy
from django.utils.translation import gettext_lazy as _

from core.json_field import LimitedJSONField
from rules.registry import RULE_SETS
from tournament.importing import MAX_FILE_BYTES
from tournament.models import PLAYER_NUMBER_MAX, Team, Tournament, TournamentRole
from tournament.player_fields import PLAYER_FIELDS, Kind, PlayerField
from tournament.tiebreak_widget import TiebreakChainWidget


def max_length(model, field_name):
    """The model's limit, so a form never accepts what the database would refuse."""
    return model._meta.get_field(field_name).max_length


DATE_WIDGET = forms.DateInput(attrs={"type": "date"}, format="%Y-%m-%d")

TOURNAMENT_FIELDS = [
    "name",
    "start_date",
    "end_date",
    "venue",
    "city",
    "country",
    "qualification_required",
    "rules",
    "rule_options",
    "format",
    "session_count",
    "round_robin_sessions",
    "hands_per_session",
    "session_minutes",
    "table_points",
    "tiebreaks",
    "appeal_minutes",
    "appeal_fee",
    "appeal_fee_currency",
    "published",
    "group",
    "player_confirmation",
    "device_confirmation_code",
    "countersign_required",
    "escalation_scope",
    "two_person_entry",
    "substitutes_ranked",
]


class RuleOptionsField(LimitedJSONField):
    """The rule set's options as posted (a hidden field on the page; files and scripts post it): an object."""

    def __init__(self, *args, **kwargs):
        kwargs.setdefault("require_object", True)
        kwargs.setdefault(
            "object_message",
            _('The rule set options are a JSON object of option names and values, e.g. {"payment_mode": "official"}.'),
        )
        super().__init__(*args, **kwargs)


def option_field(code, name):
    """The form field of one option of one rule set."""
    return f"option__{code}__{name}"


class TournamentForm(forms.ModelForm):
    """Tournament settings. The model's own clean() checks table points, tie-breaks and dates."""

    # Settings added later: a form posted without them (an older page, a script) keeps the default.
    DEFAULTED = ("player_confirmation", "escalation_scope")

    class Meta:
        model = Tournament
        fields = TOURNAMENT_FIELDS
        widgets = {"start_date": DATE_WIDGET, "end_date": DATE_WIDGET, "tiebreaks": TiebreakChainWidget()}
        field_classes = {"rule_options": RuleOptionsField}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        for name in self.DEFAULTED:
            self.fields[name].required = False
        self.fields["tiebreaks"].help_text = _(
            "After table points and score, in this order; leave a place at “—” for none. Each is named in the "
            "standings by the same words."
        )
        # The options travel as the JSON field (files and scripts post it); on the page each option of each
        # rule set is a choice of its own, right after the rule set (static/js/rule-options.js shows only
        # the chosen rule set's), and those win over the JSON when posted.
        self.fields["rule_options"].required = False
        self.fields["rule_options"].widget = forms.HiddenInput()
        fields = {}
        for name, field in self.fields.items():
            fields[name] = field
            if name == "rules":
                fields.update(self.option_fields())
        self.fields = fields

    def option_fields(self):
        """One choice per option of every rule set, set to the tournament's value where it uses that rule set."""
        fields = {}
        for code, cls in RULE_SETS.items():
            current = (self.instance.rule_options or {}) if self.instance.rules == code else {}
            for name, opt in cls.OPTIONS.items():
                fields[option_field(code, name)] = forms.TypedChoiceField(
                    label=format_lazy("{}: {}", gettext_lazy(cls.label), gettext_lazy(opt.label or name)),
                    choices=[(str(value), gettext_lazy(label)) for value, label in opt.labelled_choices()],
                    coerce={str(c): c for c in opt.choices}.__getitem__,
                    required=False,
                    initial=str(current.get(name, opt.default)),
                    help_text=gettext_lazy(opt.description),
                    widget=forms.Select(attrs={"data-rules": code}),
                )
        return fields

    def typed_options(self, code):
        """The options chosen on the page for rule set `code` (those left at the default are not stored), or
        None when the page did not send them."""
        cls = RULE_SETS.get(code)
        if cls is None or not any(option_field(code, name) in self.data for name in cls.OPTIONS):
            return None
        chosen = {}
        for name, opt in cls.OPTIONS.items():
            value = self.cleaned_data.get(option_field(code, name))
            if value not in (None, "") and value != opt.default:
                chosen[name] = value
        return chosen

    def clean(self):
        data = super().clean()
        for name in self.DEFAULTED:
            if not data.get(name):
                data[name] = getattr(self.instance, name) or Tournament._meta.get_field(name).get_default()
        typed = self.typed_options(data.get("rules"))
        for name in [name for name in data if name.startswith("option__")]:
            del data[name]  # the services take the options as rule_options
        if typed is not None:
            data["rule_options"] = typed
        elif "rule_options" not in self.data:
            # A form from before the options existed (a script) keeps the tournament's options.
            data["rule_options"] = self.instance.rule_options or {}
        elif data.get("rule_options") in (None, ""):
            data["rule_options"] = {}
        return data


class TournamentCreateForm(TournamentForm):
    class Meta(TournamentForm.Meta):
        fields = ["name", "slug", *TOURNAMENT_FIELDS[1:]]
        help_texts = {"slug": _("Used in the web address, e.g. spring-open-2026. Cannot be changed later.")}

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        # Blank: the rule set says how many hands a session has (tournament_create fills it in).
        self.fields["hands_per_session"].required = False
        self.fields["hands_per_session"].initial = None
        self.fields["hands_per_session"].help_text = _("Leave blank for the rule set's own number of hands.")

    def clean(self):
        data = super().clean()
        if data.get("hands_per_session") is None:
            chosen = (data.get("rule_options") or {}).get("hands_per_session")
            if chosen is not None:  # the rule set's own number, as its options set it
                data["hands_per_session"] = chosen
            else:
                data.pop("hands_per_session", None)
        return data


class TournamentCopyForm(forms.Form):
    name = forms.CharField(label=_("Name of the new tournament"), max_length=max_length(Tournament, "name"))
    slug = forms.SlugField(
        label=_("Short name"),
        max_length=max_length(Tournament, "slug"),
        help_text=_("Used in the web address, e.g. spring-open-2026. Cannot be changed later."),
    )
    start_date = forms.DateField(label=_("Start date"), required=False, widget=DATE_WIDGET)
    end_date = forms.DateField(label=_("End date"), required=False, widget=DATE_WIDGET)
    teams = forms.BooleanField(label=_("Copy the teams"), required=False)
    players = forms.BooleanField(
        label=_("Copy the players"),
        required=False,
        help_text=_("With their numbers; with their teams when the teams are copied too."),
    )
    roles = forms.BooleanField(label=_("Copy the organizers and referees"), required=False)


def _player_form_field(player_field: PlayerField) -> forms.Field:
    """The form field of one of a player's fields (tournament.player_fields), with the model's limits."""
    label, help_text = player_field.label, player_field.help_text
    if player_field.kind is Kind.NUMBER:
        return forms.IntegerField(label=label, help_text=help_text, min_value=1, max_value=PLAYER_NUMBER_MAX)
    if player_field.kind is Kind.BOOL:
        return forms.BooleanField(label=label, help_text=help_text, required=False)
    widget = forms.TextInput(attrs={"list": "teams"}) if player_field.kind is Kind.TEAM else None
    return forms.CharField(
        label=label, help_text=help_text, max_length=player_field.max_length, required=False, widget=widget
    )


# Declared through the form's metaclass, as if each field were written out in the class body.
_PlayerFields = DeclarativeFieldsMetaclass(
    "_PlayerFields", (forms.Form,), {f.key: _player_form_field(f) for f in PLAYER_FIELDS}
)


class PlayerForm(_PlayerFields):  # type: ignore[valid-type, misc]
    """A player's fields (tournament.player_fields); the services tidy and check them."""

    # The name's parts first, then the display name made from them when left empty.
    field_order = ["number", *(f.key for f in PLAYER_FIELDS if f.name_part)]

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        if not (data.get("name") or data.get("family_name") or data.get("given_name")):
            self.add_error("name", _("Give the player's name."))
        return data

    def service_fields(self) -> dict[str, Any]:
        """The keyword arguments of player_create and player_update: an empty team is none."""
        data = dict(self.cleaned_data)
        for player_field in PLAYER_FIELDS:
            if player_field.kind is Kind.TEAM:
                data[player_field.key] = data[player_field.key].strip() or None
        return data


class ImportUploadForm(forms.Form):
    file = forms.FileField(label=_("Players file (CSV or XLSX)"))
    update = forms.BooleanField(
        label=_("Change players already imported"),
        required=False,
        help_text=_(
            "Each row names a player by number; only the file's columns change. Without this, the rows are new players."
        ),
    )

    # The file travels back base64-encoded in the confirm form; keep that under Django's 2.5 MB request limit.
    MAX_BYTES = MAX_FILE_BYTES

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > self.MAX_BYTES:
            raise forms.ValidationError(_("The file is too big (1 MB at most)."))
        return upload


class ImportConfirmForm(forms.Form):
    """Carries the uploaded file between preview and confirmation, so the server keeps nothing."""

    content = forms.CharField(widget=forms.HiddenInput)
    filename = forms.CharField(widget=forms.HiddenInput, max_length=255)
    update = forms.BooleanField(widget=forms.HiddenInput, required=False)

    def clean_content(self):
        try:
            return base64.b64decode(self.cleaned_data["content"].encode("ascii"), validate=True)
        except (binascii.Error, ValueError, UnicodeEncodeError):
            raise forms.ValidationError(_("The uploaded file was damaged; upload it again.")) from None

    @staticmethod
    def encode(raw):
        return base64.b64encode(raw).decode("ascii")


class TeamNameForm(forms.Form):
    """A new team's name, or a team's new name (``team`` given)."""

    team = forms.IntegerField(required=False, widget=forms.HiddenInput)
    name = forms.CharField(label=_("Team name"), max_length=max_length(Team, "name"), strip=True)


class TeamMergeForm(forms.Form):
    team = forms.IntegerField(widget=forms.HiddenInput)
    into = forms.TypedChoiceField(label=_("Merge into"), coerce=int)

    def __init__(self, *args, teams=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["into"].choices = [("", _("Choose a team")), *((t.pk, t.name) for t in teams)]


class TeamPlayersForm(forms.Form):
    """Players put in a team by number: "5 6 7 8" or "5, 6"."""

    team = forms.IntegerField(widget=forms.HiddenInput)
    numbers = forms.CharField(
        label=_("Add players (numbers)"),
        max_length=2000,
        help_text=_("Player numbers separated by spaces or commas, e.g. 5 6 7 8."),
    )

    def clean_numbers(self):
        words = self.cleaned_data["numbers"].replace(",", " ").split()
        if not words or not all(w.isdigit() and len(w) <= 6 for w in words):
            raise forms.ValidationError(_("Write player numbers only, e.g. 5 6 7 8."))
        return [int(w) for w in words]


class TeamDeleteForm(forms.Form):
    team = forms.IntegerField(widget=forms.HiddenInput)


class RoleGrantForm(forms.Form):
    username = forms.CharField(label=_("Username"), max_length=150)
    role = forms.ChoiceField(label=_("Role"), choices=TournamentRole.Role.choices)

    def clean_username(self):
        username = self.cleaned_data["username"].strip()
        try:
            self.user = get_user_model().objects.get(username=username)
        except get_user_model().DoesNotExist:
            raise forms.ValidationError(_("There is no user called %(name)s.") % {"name": username}) from None
        return username


class AuditFilterForm(forms.Form):
    """The audit log's filters, as GET parameters; every one optional."""

    session = forms.TypedChoiceField(label=_("Session"), required=False, coerce=int, empty_value=None)
    table = forms.IntegerField(label=_("Table"), required=False, min_value=1, max_value=10_000)
    user = forms.TypedChoiceField(label=_("Who"), required=False, coerce=int, empty_value=None)
    kind = forms.ChoiceField(label=_("Kind"), required=False)

    def __init__(self, *args, tournament, kinds, **kwargs):
        super().__init__(*args, **kwargs)
        everything = [("", _("all"))]
        self.fields["session"].choices = everything + [
            (n, _("Session %(n)s") % {"n": n}) for n in tournament.sessions.values_list("number", flat=True)
        ]
        actors = (
            get_user_model()
            .objects.filter(pk__in=tournament.audit_log.exclude(actor=None).values("actor_id"))
            .order_by("username")
        )
        self.fields["user"].choices = everything + [(u.pk, u.get_full_name() or u.get_username()) for u in actors]
        self.fields["kind"].choices = everything + list(kinds)

    def filters(self):
        """The valid filters only: a bad one is reported on the form and left out."""
        data = getattr(self, "cleaned_data", {})
        return {key: data.get(key) or None for key in ("session", "table", "user", "kind")}


class AnnouncementForm(forms.Form):
    """An announcement (``tournament.floor.announcement_post``): the message, and optionally one session or a
    time it is shown until. ``key`` makes a second tap of the same form post nothing more."""

    text = forms.CharField(
        label=_("Message"),
        max_length=280,
        widget=forms.Textarea(attrs={"rows": 2, "maxlength": 280}),
        help_text=_("Shown on the hall display, the tournament's page and every player's page."),
    )
    session = forms.TypedChoiceField(
        label=_("For session"),
        required=False,
        coerce=int,
        empty_value=None,
        help_text=_("Shown until that session is closed. Empty: for the whole tournament."),
    )
    until = forms.DateTimeField(
        label=_("Shown until"),
        required=False,
        widget=forms.DateTimeInput(attrs={"type": "datetime-local"}, format="%Y-%m-%dT%H:%M"),
        input_formats=["%Y-%m-%dT%H:%M", "%Y-%m-%d %H:%M"],
        help_text=_("Local time of the venue. Empty: until withdrawn."),
    )
    key = forms.UUIDField(widget=forms.HiddenInput)

    def __init__(self, *args, tournament, **kwargs):
        super().__init__(*args, **kwargs)
        sessions = tournament.sessions.open().order_by("number")
        self.fields["session"].choices = [("", "—")] + [
            (s.number, _("Session %(n)s") % {"n": s.number}) for s in sessions
        ]
