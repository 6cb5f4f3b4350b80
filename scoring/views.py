"""Score sheet pages: public read-only sheet, referee/organizer entry. Thin: forms, then services."""

from django.contrib import messages
from django.core.exceptions import NON_FIELD_ERRORS, PermissionDenied, ValidationError
from django.http import Http404, JsonResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.translation import gettext as _
from django.views import View
from django.views.generic import TemplateView

from rules import payments as pay
from rules.table_points import format_table_points
from scoring import entry_replay, offline, services, tile_entry
from scoring.forms import CalculatorForm, HandForm, PenaltyForm, ReopenSheetForm, SubmitSheetForm, WithdrawPenaltyForm
from scoring.models import Appeal, Hand, HandVersion, Penalty, ScoreSheet
from scoring.results import sheet_data, sheet_hand, with_sheet_and_seats
from tournament.clock import clock_context
from tournament.models import WIND_NAMES, Session, Table
from tournament.permissions import can_score
from tournament.views.mixins import ScorerPostMixin, add_service_error


def hand_info(number, players, rules=None):
    """What the referee is told about hand `number`: its round, who deals, each player's seat wind."""
    hand = sheet_hand(number, rules)
    return {
        "number": number,
        "prevalent": WIND_NAMES[hand.round_wind],
        "dealer": players[hand.dealer],
        "seat_winds": hand.seat_winds,
    }


class SheetMixin(ScorerPostMixin):
    """Loads the session, table and sheet from the URL; hides unpublished sessions from the public."""

    @cached_property
    def session(self):
        session = get_object_or_404(Session, tournament=self.tournament, number=self.kwargs["n"])
        if not self.session_is_public(session):
            raise Http404(_("The seating of this session is not published yet."))
        return session

    @cached_property
    def table(self):
        return get_object_or_404(
            with_sheet_and_seats(Table.objects.all()), session=self.session, number=self.kwargs["t"]
        )

    @cached_property
    def sheet(self):
        try:
            return self.table.sheet
        except ScoreSheet.DoesNotExist:
            return services.sheet_for_table(table=self.table)

    @cached_property
    def players(self):
        players = [s.player for s in self.table.seats.all()]
        for player in players:
            player.tournament = self.tournament  # their links need the slug: no query per player
        return players

    def sheet_url(self):
        return reverse("sheet", args=[self.tournament.slug, self.session.number, self.table.number])

    def can_edit(self):
        return self.can_score and not self.sheet.is_submitted

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        clock = clock_context(self.session)
        appeals = list(Appeal.objects.filter(sheet=self.sheet).order_by("number"))
        context.update(
            session=self.session,
            table=self.table,
            sheet=self.sheet,
            players=self.players,
            can_edit=self.can_edit(),
            sheet_url=self.sheet_url(),
            clock=clock,
            time_up=bool(clock) and clock["state"] == "ended",
            rule_set_label=_(self.tournament.rule_set.label),
            rule_tiles=" ".join(self.tournament.rule_set.tiles),
            appeals=appeals,
            open_appeals=any(a.is_open for a in appeals),
        )
        return context


class SheetView(SheetMixin, TemplateView):
    """The score sheet (MCR appendix 5): hands with dealer, winds, payments and running totals."""

    template_name = "scoring/sheet.html"

    def build_sheet(self):
        data = sheet_data(self.tournament, self.table)
        for hand in data.hands:
            hand.prevalent = WIND_NAMES[hand.round_wind]
            hand.dealer_player = data.players[hand.dealer]
            if hand.version is not None:
                hand.tiles = tile_entry.describe(
                    hand.version.tiles, hand.version.points, rules=self.tournament.rule_set
                )
        summary = None
        if data.scores is not None:
            summary = [
                {
                    "player": data.players[i],
                    "hands": data.hand_scores[i],
                    "penalties": data.penalty_scores[i],
                    "total": data.scores[i],
                    "rank": data.ranks[i],
                    "table_points": format_table_points(data.table_points[i]),
                }
                for i in range(4)
            ]
        return {
            "data": data,
            "rows": data.hands,
            "penalties": data.given_penalties,
            "summary": summary,
            "entered": data.entered,
            "missing": data.missing,
            "next_hand": data.next_hand,
        }

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(self.build_sheet())
        context["initial_winds"] = list(WIND_NAMES.values())
        if self.can_score:
            hps = self.tournament.hands_per_session
            if "hand_form" not in context and context["next_hand"] and not self.sheet.is_submitted:
                context["hand_form"] = HandForm(
                    players=self.players,
                    hands_per_session=hps,
                    rules=self.tournament.rule_set,
                    initial={"number": context["next_hand"], "expected_version": 0},
                )
            if "penalty_form" not in context and not self.sheet.is_submitted:
                context["penalty_form"] = PenaltyForm(players=self.players, hands_per_session=hps)
            context.setdefault("submit_form", SubmitSheetForm())
            context.setdefault("withdraw_form", WithdrawPenaltyForm())
            context.setdefault("reopen_form", ReopenSheetForm())
            if context.get("hand_form") is not None:
                number = context["hand_form"]["number"].value()
                try:
                    number = int(number)
                except (TypeError, ValueError):
                    number = None
                if number and 1 <= number <= hps and len(self.players) == 4:
                    context["form_hand"] = hand_info(number, self.players, self.tournament.rule_set)
        return context

    def render_with(self, **kwargs):
        context = self.get_context_data(**kwargs)
        if not self.can_edit():
            # The entry forms are hidden once the sheet is submitted; still say why the post failed.
            context["blocked_errors"] = [
                error
                for form in kwargs.values()
                if hasattr(form, "non_field_errors")
                for error in form.non_field_errors()
            ]
        return self.render_to_response(context)


# Where a failed hand entry waits in the user's session (database-backed, so any app server finds it): the
# hand URL answers a GET with it, so reloading or reopening the page after an error keeps what was typed.
DRAFT_KEY = "scoring.hand_draft"


def _draft_key(sheet):
    return f"{DRAFT_KEY}.{sheet.pk}"


class HandRecordView(SheetView):
    """POST a hand: a new hand, or a correction (a new version) of an entered one.

    A failed entry is shown at once, and kept in the session: a GET of this URL (a reload, the address
    opened again) shows it again with its errors, until a hand of this sheet is saved. Without one, a GET
    goes to the sheet's entry point.
    """

    http_method_names = ["get", "post"]

    def get(self, request, *args, **kwargs):
        draft = request.session.get(_draft_key(self.sheet)) if self.can_edit() else None
        if not draft:
            return redirect(self.sheet_url() + "#entry")
        data = QueryDict(mutable=True)
        for key, values in draft["data"].items():
            data.setlist(key, values)
        form = HandForm(
            data,
            players=self.players,
            hands_per_session=self.tournament.hands_per_session,
            rules=self.tournament.rule_set,
        )
        form.is_valid()
        for field, errors in draft["errors"].items():
            for message in errors:
                if message not in form.errors.get(field, []):
                    form.add_error(None if field == NON_FIELD_ERRORS or field not in form.fields else field, message)
        return self.render_failed(request, form, args, kwargs)

    def keep_draft(self, request, form):
        data = {key: values for key, values in request.POST.lists() if key != "csrfmiddlewaretoken"}
        data.update({key: [str(value)] for key, value in form.data.items() if key == "expected_version"})
        request.session[_draft_key(self.sheet)] = {
            "data": data,
            "errors": {field: [str(m) for m in errors] for field, errors in form.errors.items()},
        }

    def render_failed(self, request, form, args, kwargs):
        if form.data.get("from_history") and form["number"].value():
            view = HandHistoryView()
            view.setup(request, *args, **dict(kwargs, hand=form["number"].value(), bound_form=form))
            try:
                return view.render_to_response(view.get_context_data())
            except (Http404, ValueError):
                pass
        return self.render_with(hand_form=form)

    def post(self, request, *args, **kwargs):
        form = HandForm(
            request.POST,
            players=self.players,
            hands_per_session=self.tournament.hands_per_session,
            rules=self.tournament.rule_set,
        )
        error = None
        if form.is_valid():
            try:
                version = services.hand_record(
                    sheet=self.sheet,
                    by=request.user,
                    expected_version=form.cleaned_data.get("expected_version"),
                    idempotency_key=entry_replay.key_from(request.POST),
                    **form.service_kwargs(),
                )
            except (ValidationError, PermissionDenied) as exc:
                if getattr(exc, "code", None) == "stale_version":
                    # Offer the hand as it now stands: submitting again, after a look, replaces it.
                    data = request.POST.copy()
                    data["expected_version"] = exc.params["version"]
                    form = HandForm(
                        data,
                        players=self.players,
                        hands_per_session=self.tournament.hands_per_session,
                        rules=self.tournament.rule_set,
                    )
                    form.is_valid()
                add_service_error(form, exc)
                error = exc
            else:
                if offline.wants_json(request):  # the outbox (static/js/outbox.js): no page, no message kept
                    return offline.entry_saved(
                        _("Hand %(n)s recorded.") % {"n": version.hand.number}
                        if version.version == 1
                        else _("Hand %(n)s corrected (version %(v)s).")
                        % {"n": version.hand.number, "v": version.version},
                        kind="hand",
                        number=version.hand.number,
                        version=version.version,
                    )
                if version.version > 1:
                    messages.success(
                        request,
                        _("Hand %(n)s corrected (version %(v)s).") % {"n": version.hand.number, "v": version.version},
                    )
                else:
                    messages.success(request, _("Hand %(n)s recorded.") % {"n": version.hand.number})
                request.session.pop(_draft_key(self.sheet), None)
                # Back where the next hand is entered, without scrolling on a phone.
                return redirect(self.sheet_url() + "#entry")
        if offline.wants_json(request):
            return offline.entry_refused(form, error)
        self.keep_draft(request, form)
        return self.render_failed(request, form, args, kwargs)


class PenaltyRecordView(SheetView):
    http_method_names = ["get", "post"]

    def get(self, request, *args, **kwargs):
        # Opened again after a failed post (a reload, the address bar): the sheet, not an error page.
        return redirect(self.sheet_url() + "#fouls")

    def post(self, request, *args, **kwargs):
        form = PenaltyForm(request.POST, players=self.players, hands_per_session=self.tournament.hands_per_session)
        if form.is_valid():
            try:
                services.penalty_record(sheet=self.sheet, by=request.user, **form.service_kwargs())
            except (ValidationError, PermissionDenied) as exc:
                add_service_error(form, exc)
            else:
                messages.success(request, _("Penalty recorded."))
                return redirect(self.sheet_url())
        return self.render_with(penalty_form=form)


class PenaltyWithdrawView(SheetView):
    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        penalty = get_object_or_404(Penalty, sheet=self.sheet, pk=self.kwargs["penalty"])
        form = WithdrawPenaltyForm(request.POST)
        if form.is_valid():
            try:
                services.penalty_withdraw(penalty=penalty, reason=form.cleaned_data["reason"], by=request.user)
            except (ValidationError, PermissionDenied) as exc:
                add_service_error(form, exc)
            else:
                messages.success(request, _("Penalty withdrawn."))
                return redirect(self.sheet_url())
        return self.render_with(withdraw_form=form, withdraw_penalty=penalty.pk)


class HandHistoryView(SheetMixin, TemplateView):
    """Every version of one hand with who entered it and when; scorers get a correction form."""

    template_name = "scoring/hand_history.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        number = int(self.kwargs["hand"])
        if not 1 <= number <= self.tournament.hands_per_session:
            raise Http404(_("No such hand."))
        hand = Hand.objects.filter(sheet=self.sheet, number=number).select_related("current").first()
        versions = (
            list(
                HandVersion.objects.filter(hand=hand)
                .select_related("winner", "discarder", "created_by", "confirmed_by", "confirmed_by_player")
                .order_by("-version")
            )
            if hand
            else []
        )
        for v in versions:
            v.tile_info = tile_entry.describe(v.tiles, v.points, rules=self.tournament.rule_set)
        context.update(
            hand=hand,
            versions=versions,
            number=number,
            hand_info=hand_info(number, self.players, self.tournament.rule_set) if len(self.players) == 4 else None,
        )
        if self.can_edit():
            form = self.kwargs.get("bound_form")
            if form is None:
                # With two-person entry the latest entry may still wait for confirmation: correct that one.
                latest = (hand.pending or hand.current) if hand else None
                initial = HandForm.initial_from_version(latest) if latest else {"number": number}
                form = HandForm(
                    players=self.players,
                    hands_per_session=self.tournament.hands_per_session,
                    rules=self.tournament.rule_set,
                    initial=initial,
                )
            context["hand_form"] = form
        return context


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
            context["tiles"] = tile_entry.describe(scored.data, scored=scored, rules=form.rules)
            if scored.valid:
                context["payment_lines"] = payment_lines(
                    form.rules,
                    scored.total,
                    self_drawn=scored.data["self_drawn"],
                    flowers=tile_entry.flower_count(scored.data),
                )
        context["rule_set"] = form.rules
        context["rule_set_label"] = _(form.rules.label)
        context["rule_tiles"] = " ".join(form.rules.tiles)
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
            return live_response(form.scored, rules=form.rules)
        errors = [e for errors in form.errors.values() for e in errors]
        return live_response(None, errors[0] if errors else _("No tiles given yet."))


class SheetHandLiveView(SheetMixin, View):
    """The hand form's live score, for the table's scorers: the seat and prevalent wind come from the hand
    number and the winner, self-drawn from the buttons, as when the hand is recorded. Reads only.

    Anyone else gets 403 (or 404 where the tournament itself is hidden from them, as on every page).
    """

    http_method_names = ["get", "post"]

    def dispatch(self, request, *args, **kwargs):
        # Before SheetMixin's own check, which sends anonymous visitors to the login page: a script
        # asking for JSON gets a status it can read.
        if not request.user.is_authenticated or not can_score(request.user, self.tournament):
            return JsonResponse(
                {
                    "valid": False,
                    "total": 0,
                    "fans": [],
                    "error": _("Only a referee or organizer of this tournament can do this."),
                },
                status=403,
            )
        return super().dispatch(request, *args, **kwargs)

    def get(self, request, *args, **kwargs):
        return self.score(request.GET)

    def post(self, request, *args, **kwargs):
        return self.score(request.POST)

    def score(self, data):
        if len(self.players) != 4:
            return live_response(None, _("This table does not have four seated players yet."))
        form = HandForm(
            data,
            players=self.players,
            hands_per_session=self.tournament.hands_per_session,
            rules=self.tournament.rule_set,
        )
        scored, error = form.live_score()
        return live_response(scored, error, rules=self.tournament.rule_set)
