"""What the table's referee (or an organizer) does on the sheet: enter and correct hands, the live score of
the hand form, penalties and fouls, confirm a hand (two-person entry), take a player's confirmation on their
device, mark the rest not played, sign. Thin: a form, then a service; an error from the service is shown on
the sheet with what the user typed. The fouls and signing panels are templates/scoring/_fouls.html and
_confirmations.html (context from scoring.templatetags.signing)."""

from django.contrib import messages
from django.core.exceptions import NON_FIELD_ERRORS, PermissionDenied, ValidationError
from django.http import Http404, JsonResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect
from django.utils.translation import gettext as _
from django.views import View

from core import kept_input
from scoring import entry_replay, offline, services
from scoring.forms.hand import PenaltyForm, WithdrawPenaltyForm
from scoring.forms.signing import ConfirmForm, FoulForm, HandConfirmForm, SignForm
from scoring.models import Penalty, Signature
from scoring.selectors import sheet_missing_hands
from scoring.views.public import live_response
from scoring.views.sheet import ConfirmedSheetActionView, HandHistoryView, SheetActionView, SheetMixin, SheetView
from tournament.clock import clock_context
from tournament.permissions import can_score
from tournament.views.mixins import add_service_error

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
    keeps_input = True

    def get(self, request, *args, **kwargs):
        kept = kept_input.take(request) if self.can_edit() else None
        if kept is not None:
            # Stopped by a changed or ended login (core.kept_input): the hand as typed, to send again.
            kept_input.restored(request)
            form = self.hand_form(kept)
            form.is_valid()
            return self.render_failed(request, form, args, kwargs)
        draft = request.session.get(_draft_key(self.sheet)) if self.can_edit() else None
        if not draft:
            return redirect(self.sheet_url() + "#entry")
        data = QueryDict(mutable=True)
        for key, values in draft["data"].items():
            data.setlist(key, values)
        form = self.hand_form(data)
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
        form = self.hand_form(request.POST)
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
                    form = self.hand_form(data)
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
        response = self.render_failed(request, form, args, kwargs)
        response.status_code = offline.page_status(error)
        return response


class PenaltyRecordView(SheetView):
    http_method_names = ["get", "post"]

    def get(self, request, *args, **kwargs):
        # Opened again after a failed post (a reload, the address bar): the sheet, not an error page.
        return redirect(self.sheet_url() + "#fouls")

    def post(self, request, *args, **kwargs):
        form = PenaltyForm(request.POST, players=self.players, hands_per_session=self.tournament.hands_per_session)
        if form.is_valid():
            try:
                services.penalty_record(
                    sheet=self.sheet,
                    by=request.user,
                    idempotency_key=entry_replay.key_from(request.POST),
                    expected_fouls=entry_replay.expected_fouls_from(request.POST),
                    **form.service_kwargs(),
                )
            except (ValidationError, PermissionDenied) as exc:
                if offline.page_status(exc) == 409:  # shown again to be sent as a new entry, if meant
                    form = PenaltyForm(
                        offline.fresh_key(request.POST),
                        players=self.players,
                        hands_per_session=self.tournament.hands_per_session,
                    )
                    form.is_valid()
                add_service_error(form, exc)
                response = self.render_with(penalty_form=form)
                response.status_code = offline.page_status(exc)
                return response
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
        form = self.hand_form(data)
        scored, error = form.live_score()
        return live_response(scored, error, rules=self.tournament.rule_set)


class FoulRecordView(SheetActionView):
    form_name = "foul_form"
    anchor = "#fouls"
    keeps_input = True

    def form(self, data=None):
        return FoulForm(
            self.request.POST if data is None else data,
            players=self.players,
            hands_per_session=self.tournament.hands_per_session,
        )

    def act(self, form):
        penalty = services.foul_record(
            sheet=self.sheet,
            by=self.request.user,
            idempotency_key=entry_replay.key_from(self.request.POST),
            expected_fouls=entry_replay.expected_fouls_from(self.request.POST),
            **form.service_kwargs(),
        )
        if penalty.is_warning:
            cost = _("no points, a record of the hand") if penalty.record_only_label() else _("a warning, no points")
        elif penalty.recipient_id:
            cost = _("%(n)s points to %(player)s") % {"n": penalty.amount, "player": penalty.recipient.name}
        elif penalty.to == penalty.To.EACH_OTHER:
            cost = _("%(n)s points to each other player") % {"n": penalty.amount}
        else:
            cost = _("%(n)s points to nobody") % {"n": penalty.amount}
        return _("Recorded for %(player)s: %(foul)s, %(cost)s.") % {
            "player": penalty.player.name,
            "foul": penalty.foul_name,
            "cost": cost,
        }


class HandConfirmView(SheetActionView):
    form_class = HandConfirmForm
    form_name = "hand_confirm_form"

    def act(self, form):
        number = self.kwargs["hand"]
        services.hand_confirm(
            sheet=self.sheet, number=number, by=self.request.user, expected_version=form.cleaned_data["version"]
        )
        return _("Hand %(n)s confirmed; it counts now.") % {"n": number}


class SheetConfirmView(SheetActionView):
    """A player confirms on the referee's device: the referee is logged in, the player taps their name."""

    form_class = ConfirmForm
    form_name = "confirm_form"

    def act(self, form):
        player = next((p for p in self.players if p.pk == form.cleaned_data["player"]), None)
        if player is None:
            raise ValidationError(_("That player does not play at this table."))
        services.sheet_confirm(
            sheet=self.sheet,
            player=player,
            method=Signature.Method.DEVICE,
            by=self.request.user,
            code=form.cleaned_data["code"] or None,
        )
        return _("%(player)s confirmed the sheet.") % {"player": player.name}


class MarkRestNotPlayedView(ConfirmedSheetActionView):
    """Time is up (MCR 3.5.6): undone only by correcting each hand, so it is asked first."""

    form_class = SignForm
    form_name = "not_played_form"

    def check(self, form):
        services.sheet_mark_rest_not_played_check(sheet=self.sheet, by=self.request.user)

    def confirmation(self, form):
        hands = ", ".join(map(str, sheet_missing_hands(self.sheet)))
        clock = clock_context(self.session, table=self.table)
        departed = sorted(self.departures.values(), key=lambda w: w.after_hand or 0)
        if clock and clock["state"] == "ended":
            title = _("Time is up: mark hands %(hands)s not played?") % {"hands": hands}
        elif departed:
            title = _("%(name)s left: mark hands %(hands)s not played?") % {
                "name": departed[0].player.name,
                "hands": hands,
            }
        else:
            title = _("Mark hands %(hands)s not played?") % {"hands": hands}
        return {
            "title": title,
            "lines": [
                _("Hands %(hands)s are recorded as not played: no points move in them.") % {"hands": hands},
                _("Undoing it means correcting each of those hands."),
            ],
            "button": _("Yes, mark them not played"),
        }

    def act(self, form):
        numbers = services.sheet_mark_rest_not_played(sheet=self.sheet, by=self.request.user)
        return (
            _("Hands %(hands)s marked not played.") % {"hands": ", ".join(map(str, numbers))}
            if numbers
            else _("Every hand is entered already.")
        )


class SheetSignView(SheetActionView):
    """The referee signs (the old "submit"): once the players have confirmed, where the tournament asks them to."""

    form_class = SignForm
    form_name = "sign_form"

    def post(self, request, *args, **kwargs):
        """Signing makes the results final, so it is asked first (issue 15): a post without confirm=1 is checked
        by the service's own rules, then answered with a page saying what signing does, whose button posts again
        with confirm=1. A signature that would be refused is refused at once, on the sheet."""
        if request.POST.get("confirm") == "1":
            return super().post(request, *args, **kwargs)
        form = self.form()
        if form.is_valid():
            mark_rest = form.cleaned_data["mark_rest_not_played"]
            try:
                services.sheet_sign_check(sheet=self.sheet, by=request.user, mark_rest_not_played=mark_rest)
            except (ValidationError, PermissionDenied) as exc:
                add_service_error(form, exc)
            else:
                return self.render_confirmation(mark_rest)
        return self.render_to_response(self.get_context_data(**{self.form_name: form}))

    def render_confirmation(self, mark_rest):
        context = self.get_context_data()
        missing = sheet_missing_hands(self.sheet) if mark_rest else []
        context.update(
            confirm_sign={"mark_rest": mark_rest, "missing": missing, "cancel": self.sheet_url() + "#signing"}
        )
        return self.response_class(
            request=self.request, template="scoring/sign_confirm.html", context=context, using=self.template_engine
        )

    def act(self, form):
        services.sheet_sign(
            sheet=self.sheet, by=self.request.user, mark_rest_not_played=form.cleaned_data["mark_rest_not_played"]
        )
        return _("Score sheet signed. It is locked now; only the chief referee can reopen it.")
