"""Form widgets and labels drawn in Python: the same HTML as Django's own templates for them, at a fraction
of the cost.

Why: a referee's table page draws some thirty form fields (the hand, the foul, the signatures), and through
the template engine each one is four to eight small template renders (widget, attributes, each option,
label) -- about a third of the page's time (``make bench``, bench.table_page), on the request fifty referees
send at once. Only Django's stock templates are drawn here, and only when nobody overrides them (a project
template of the same name wins, see ``FormRenderer.fast``); every other widget still goes through its
template. tests/config/test_form_renderer.py draws each kind both ways and compares the HTML.
"""

from django.forms.renderers import DjangoTemplates
from django.utils.formats import localize
from django.utils.html import conditional_escape, escape
from django.utils.safestring import SafeData, mark_safe


def _text(value):
    """``{{ value }}``: localized, then escaped unless already safe."""
    value = localize(value)
    if not isinstance(value, str):
        value = str(value)
    return conditional_escape(value)


def _string(value):
    """``{{ value|stringformat:'s' }}``: the filter makes it text first, so nothing is localized."""
    text = f"{value}"
    return text if isinstance(value, SafeData) else escape(text)


def _attrs(attrs):
    """django/forms/widgets/attrs.html and django/forms/attrs.html: ``name="value"``, a bare name for True,
    nothing for False."""
    out = []
    for name, value in (attrs or {}).items():
        if value is False:
            continue
        out.append(f" {_text(name)}" if value is True else f' {_text(name)}="{_string(value)}"')
    return "".join(out)


def _input(widget):
    value = "" if widget["value"] is None else f' value="{_string(widget["value"])}"'
    return f'<input type="{_text(widget["type"])}" name="{_text(widget["name"])}"{value}{_attrs(widget["attrs"])}>'


# An option is drawn inside its list by an include, which keeps the newline that ends each template file; so
# do these, to give the same bytes.


def _select_option(widget):
    return f'<option value="{_string(widget["value"])}"{_attrs(widget["attrs"])}>{_text(widget["label"])}</option>\n'


def _input_option(widget):
    control = _input(widget) + "\n"
    if widget.get("wrap_label"):
        target = widget["attrs"].get("id")
        label_for = f' for="{_text(target)}"' if target else ""
        control = f"<label{label_for}>{control} {_text(widget['label'])}</label>"
    return control + "\n"


def _wrapped_input_option(widget):
    """radio_option.html and checkbox_option.html: input_option.html included, and their own newline."""
    return _input_option(widget) + "\n"


OPTIONS = {
    "django/forms/widgets/select_option.html": _select_option,
    "django/forms/widgets/radio_option.html": _wrapped_input_option,
    "django/forms/widgets/checkbox_option.html": _wrapped_input_option,
    "django/forms/widgets/input_option.html": _input_option,
}


class FormRenderer(DjangoTemplates):
    """Django's default form renderer, drawing the common stock widgets and the label without templates."""

    def render(self, template_name, context, request=None):
        draw = self.fast(template_name)
        if draw is None:
            return super().render(template_name, context, request=request)
        return mark_safe(draw(self, context))

    def fast(self, template_name, drawings=None):
        """How to draw `template_name` in Python (from `drawings`, FAST by default), or None: not one of
        ours, or overridden."""
        draw = (FAST if drawings is None else drawings).get(template_name)
        if draw is None or not self._stock(template_name):
            return None
        return draw

    def _stock(self, template_name):
        """Whether the template found under this name is Django's own (not one a project or app overrides)."""
        stock = self.__dict__.setdefault("_stock_templates", {})
        if template_name not in stock:
            origin = self.get_template(template_name).origin.name
            stock[template_name] = origin.replace("\\", "/").endswith("django/forms/templates/" + template_name)
        return stock[template_name]

    def _option(self, option):
        draw = self.fast(option["template_name"], OPTIONS)
        if draw is None:  # as the include would: not stripped
            return self.get_template(option["template_name"]).render({"widget": option})
        return draw(option)

    def _select(self, context):
        widget = context["widget"]
        out = [f'<select name="{_text(widget["name"])}"{_attrs(widget["attrs"])}>']
        for group_name, group_choices, _index in widget["optgroups"]:
            if group_name:
                out.append(f'\n  <optgroup label="{_text(group_name)}">')
            for option in group_choices:
                out.append("\n  " + self._option(option))
            if group_name:
                out.append("\n  </optgroup>")
        out.append("\n</select>")
        return "".join(out)

    def _multiple_input(self, context):
        widget = context["widget"]
        target, css = widget["attrs"].get("id"), widget["attrs"].get("class")
        out = ["<div"]
        if target:
            out.append(f' id="{_text(target)}"')
        if css:
            out.append(f' class="{_text(css)}"')
        out.append(">")
        for group, options, _index in widget["optgroups"]:
            if group:
                out.append(f"\n  <div><label>{_text(group)}</label>")
            for option in options:
                out.append("<div>\n    " + self._option(option) + "</div>")
            if group:
                out.append("\n  </div>")
        out.append("\n</div>")
        return "".join(out)

    def _textarea(self, context):
        widget = context["widget"]
        value = _text(widget["value"]) if widget["value"] else ""
        return f'<textarea name="{_text(widget["name"])}"{_attrs(widget["attrs"])}>\n{value}</textarea>'

    def _label(self, context):
        if not context.get("use_tag"):
            return _text(context["label"])
        tag = _text(context["tag"])
        return f"<{tag}{_attrs(context.get('attrs'))}>{_text(context['label'])}</{tag}>"


def _plain_input(renderer, context):
    return _input(context["widget"])


FAST = {
    **{
        f"django/forms/widgets/{kind}.html": _plain_input
        for kind in (
            "input",
            "text",
            "number",
            "email",
            "url",
            "password",
            "hidden",
            "checkbox",
            "date",
            "time",
            "datetime",
            "search",
            "tel",
            "color",
        )
    },
    "django/forms/widgets/select.html": FormRenderer._select,
    "django/forms/widgets/radio.html": FormRenderer._multiple_input,
    "django/forms/widgets/checkbox_select.html": FormRenderer._multiple_input,
    "django/forms/widgets/textarea.html": FormRenderer._textarea,
    "django/forms/label.html": FormRenderer._label,
}
