"""The Python form renderer (core/form_renderer.py) draws exactly what Django's templates draw: every kind
of widget and label the project uses, with awkward values, compared byte for byte."""

import datetime
import re

import pytest
from django import forms
from django.forms.renderers import DjangoTemplates
from django.urls import reverse
from django.utils.safestring import mark_safe
from django.utils.translation import gettext_lazy, override

from core.form_renderer import FormRenderer

CHOICES = [("", "---"), (1, "One & <two>"), ('x"y', "Quote")]
GROUPED = [("Winds", [("E", "East"), ("S", "South")]), ("Dragons", [("R", "Red"), ("G", "Green")]), ("N", "None")]


class Everything(forms.Form):
    text = forms.CharField(label="Name <&>", initial='A "quoted" <b>name</b> & co', help_text="Help")
    empty = forms.CharField(
        required=False,
        widget=forms.TextInput(attrs={"placeholder": "e.g. 12", "data-on": True, "data-off": False, "autofocus": True}),
    )
    number = forms.IntegerField(initial=12345, min_value=0, max_value=99999)
    decimal = forms.DecimalField(initial="1.5", required=False)
    email = forms.EmailField(required=False)
    password = forms.CharField(widget=forms.PasswordInput, required=False)
    hidden = forms.IntegerField(widget=forms.HiddenInput, initial=0)
    on = forms.BooleanField(initial=True, required=False, label=gettext_lazy("Last of its kind"))
    off = forms.BooleanField(required=False)
    choice = forms.TypedChoiceField(choices=CHOICES, coerce=int, initial=1, required=False)
    grouped = forms.ChoiceField(choices=GROUPED, initial="R")
    radio = forms.ChoiceField(choices=[("a", "Alpha"), ("b", "Beta <b>")], widget=forms.RadioSelect, initial="b")
    radio_groups = forms.ChoiceField(choices=GROUPED, widget=forms.RadioSelect, required=False)
    many = forms.MultipleChoiceField(
        choices=[(1, "1"), (2, "2"), (3, "3")], widget=forms.CheckboxSelectMultiple, initial=[1, 3], required=False
    )
    note = forms.CharField(widget=forms.Textarea(attrs={"rows": 2}), initial="line 1\nline <2>", required=False)
    blank_note = forms.CharField(widget=forms.Textarea, required=False)
    day = forms.DateField(
        initial=datetime.date(2026, 5, 16), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    safe = forms.CharField(initial=mark_safe("<i>safe</i>"), label=mark_safe("<i>Safe</i> label"), required=False)
    tel = forms.CharField(widget=forms.TextInput(attrs={"inputmode": "numeric", "class": "a b"}), required=False)


def drawn(form):
    """Every field's widget and label, and the form's errors, as the page would show them."""
    return [
        (name, str(form[name]), str(form[name].label_tag()), str(form[name].label_tag(attrs={"class": "x"})))
        for name in form.fields
    ]


@pytest.mark.parametrize(
    "data",
    [
        None,
        {
            "text": "",
            "number": "abc",
            "choice": "9",
            "radio": "a",
            "many": ["2"],
            "note": "typed <b>",
            "on": "on",
            "grouped": "S",
            "hidden": "3",
        },
    ],
)
@pytest.mark.parametrize("auto_id", ["id_%s", False])
@pytest.mark.parametrize("language", ["en", "es"])
def test_every_widget_is_drawn_as_by_the_templates(data, auto_id, language):
    with override(language):
        expected = drawn(Everything(data, auto_id=auto_id, renderer=DjangoTemplates()))
        got = drawn(Everything(data, auto_id=auto_id, renderer=FormRenderer()))
    for want, have in zip(expected, got):
        assert have == want


def test_the_whole_form_is_drawn_alike():
    form_data = {"text": "x", "number": "1", "radio": "a", "grouped": "E", "hidden": "1"}
    assert str(Everything(form_data, renderer=FormRenderer())) == str(Everything(form_data, renderer=DjangoTemplates()))


def test_it_is_the_projects_form_renderer(settings):
    from django.forms.renderers import get_default_renderer

    assert settings.FORM_RENDERER == "core.form_renderer.FormRenderer"
    assert isinstance(get_default_renderer(), FormRenderer)


CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')
# Each drawn form carries an idempotency key of its own (issue 22), as it carries its own CSRF token.
ENTRY_KEY = re.compile(r'name="idempotency_key" value="[^"]+"')
# Each login draws its own mark for the service worker (a shared phone keeps no other login's pages).
LOGIN_MARK = re.compile(r'<meta name="login-mark"[^>]*>')


@pytest.mark.parametrize("language", ["en", "es"])
def test_the_referees_table_page_is_the_same_page(hands_entered, client_for, settings, language):
    """The page with the most form fields (hand, foul, signatures), drawn with Django's template renderer and
    with ours: the same bytes, but for the per-request CSRF tokens, entry keys and login marks."""
    url = reverse("sheet", args=["test-open", 1, 1])
    pages = []
    for renderer in ("django.forms.renderers.DjangoTemplates", "core.form_renderer.FormRenderer"):
        settings.FORM_RENDERER = renderer
        response = client_for("referee").get(url, HTTP_ACCEPT_LANGUAGE=language)
        assert response.status_code == 200
        pages.append(LOGIN_MARK.sub("", ENTRY_KEY.sub("", CSRF.sub("", response.content.decode()))))
    assert pages[0].count("<select") >= 3
    assert pages[1] == pages[0]


def test_a_template_of_the_same_name_elsewhere_wins(tmp_path, settings):
    """A project that overrides a stock widget template (TemplatesSetting renderer, its own folder) sees its
    template, not our drawing."""
    folder = tmp_path / "django" / "forms" / "widgets"
    folder.mkdir(parents=True)
    (folder / "text.html").write_text('<input class="mine" name="{{ widget.name }}">')

    class Overridden(FormRenderer):
        @property
        def engine(self):
            from django.template.backends.django import DjangoTemplates as Engine

            if not hasattr(self, "_engine"):
                self._engine = Engine(
                    {
                        "APP_DIRS": True,
                        "DIRS": [tmp_path, *FormRenderer().engine.dirs],
                        "NAME": "overridden",
                        "OPTIONS": {},
                    }
                )
            return self._engine

    form = Everything(renderer=Overridden())
    assert str(form["empty"]) == '<input class="mine" name="empty">'
    assert str(form["number"]).startswith('<input type="number"')
