"""The public hand calculator (no tournament, nothing saved) and its live score; the live score's answer is
also the score sheet's hand form's (``referee.SheetHandLiveView``)."""

from django.http import JsonResponse
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from rules import payments as pay
from scoring import tile_entry
from scoring.forms.calculator import CalculatorForm


class CalculatorView(TemplateView):
    """Public hand calculator: score tiles under a rule set of the registry. Reads only; nothing is saved."""

    template_name = "scoring/calculator.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        fields = set(CalculatorForm.base_fields)
        form = CalculatorForm(self.request.GET) if fields & set(self.request.GET) else CalculatorForm()
        context["form"] = form
        if form.is_bound and form.is_valid() and form.scored is not None:
            scored = form.scored
            context["scored"] = scored
            context["tiles"] = tile_entry.describe(scored.data, scored=scored, rules=form.rule_set)
            if scored.valid:
                context["payment_lines"] = payment_lines(
                    form.rule_set,
                    scored.total,
                    self_drawn=scored.data["self_drawn"],
                    flowers=tile_entry.flower_count(scored.data),
                )
        context["rule_set"] = form.rule_set
        context["rule_set_label"] = _(form.rule_set.label)
        context["rule_tiles"] = " ".join(form.rule_set.tiles)
        return context


def payment_summary(rules, points, *, self_drawn, flowers=0):
    """Who pays what for a win of `points` under `rules`, or None when the rules cannot pay it alone (the
    amounts come from the rule set's own payments; losers' hands, where they score, are taken as 0)."""
    seats = ("winner", "discarder", "other", "another")
    hand = pay.HandOutcome(
        pay.SELF_DRAWN if self_drawn else pay.DISCARD, "winner", None if self_drawn else "discarder", points, flowers
    )
    try:
        changes = rules.hand_changes(seats, hand, player_points=[points, 0, 0, 0])
    except pay.PaymentError:
        return None
    paid = {seat: -delta for seat, delta in changes.items()}
    return {
        "each": paid["other"] if self_drawn else None,
        "discarder": None if self_drawn else paid["discarder"],
        "others": paid["other"],
        "winner_gets": -paid["winner"],
    }


def payment_lines(rules, points, *, self_drawn, flowers=0):
    """Who pays what for a win, in the words of the calculator page (the rule set's payment_texts)."""
    paid = payment_summary(rules, points, self_drawn=self_drawn, flowers=flowers)
    if paid is None:
        return []
    texts = rules.payment_texts
    if self_drawn:
        lines = [_(texts["self_drawn"]) % {"each": paid["each"]}]
    else:
        lines = [_(texts["discard"]) % {"d": paid["discarder"]}, _(texts["others"]) % {"o": paid["others"]}]
    return [*lines, _("The winner receives %(w)s in all.") % {"w": paid["winner_gets"]}]


def live_response(scored, error="", status=200, rules=None):
    answer = tile_entry.live_answer(scored, error)
    if scored is not None and scored.valid:
        answer["payments"] = payment_lines(
            rules or tile_entry.default_rules(),
            scored.total,
            self_drawn=scored.data["self_drawn"],
            flowers=tile_entry.flower_count(scored.data),
        )
    return JsonResponse(answer, status=status, json_dumps_params={"ensure_ascii": False})


class CalculatorLiveView(View):
    """The calculator's live score (docs/tile-picker.md): the form's fields in, the engine's result as JSON.

    Reads only. Answers JSON even for a hand that cannot be scored, so the page can say why.
    """

    http_method_names = ["get"]

    def get(self, request, *args, **kwargs):
        form = CalculatorForm(request.GET)
        if form.is_valid() and form.scored is not None:
            return live_response(form.scored, rules=form.rule_set)
        errors = [e for errors in form.errors.values() for e in errors]
        return live_response(None, errors[0] if errors else _("No tiles given yet."))
