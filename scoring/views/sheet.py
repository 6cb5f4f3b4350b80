"""The score sheet's pages, for everyone who may see them: the sheet (MCR appendix 5) and the history of a hand.
The table's scorers see the entry forms on them; the pages that take those posts are ``referee`` and ``chief``.
Thin: the reads are ``scoring.results`` and ``scoring.selectors``."""

from django import forms
from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from core import kept_input
from scoring import offline, services, tile_entry
from scoring.forms.hand import HandForm, PenaltyForm, WithdrawPenaltyForm
from scoring.models import ScoreSheet
from scoring.results import sheet_data, sheet_hand, with_sheet_and_seats
from scoring.selectors import hand_with_versions, sheet_appeals, sheet_departures
from tournament.clock import clock_context
from tournament.floor import call_of_table
from tournament.models import WIND_NAMES, Session, Table
from tournament.numbers import table_points_shown
from tournament.permissions import is_chief_referee, is_organizer
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


def running_totals(rows, players):
    """Each player's total after the last hand entered (0 before the first), by player id."""
    totals = [0] * len(players)
    for row in rows:
        if row.totals is not None:
            totals = row.totals
    return {p.pk: t for p, t in zip(players, totals)}


class TableSheetMixin:
    """The table the URL names (``t``) in ``self.session``, with its seats, and its score sheet (made on first use:
    a sheet exists once anyone opens its table)."""

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


class SheetMixin(TableSheetMixin, ScorerPostMixin):
    """Loads the session, table and sheet from the URL; hides unpublished sessions from the public."""

    @cached_property
    def session(self):
        session = get_object_or_404(Session, tournament=self.tournament, number=self.kwargs["n"])
        if not self.session_visible(session):
            raise Http404(_("The seating of this session is not published yet."))
        return session

    @cached_property
    def players(self):
        players = [s.player for s in self.table.seats.all()]
        for player in players:
            player.tournament = self.tournament  # their links need the slug: no query per player
        return players

    @cached_property
    def departures(self):
        """Players of this table who withdrew during the session (``sheet_departures``)."""
        return sheet_departures(self.sheet)

    def hand_form(self, data=None, **kwargs):
        """The table's hand form: its players, the session's number of hands, the tournament's rule set."""
        form = HandForm(
            data,
            players=self.players,
            hands_per_session=self.tournament.hands_per_session,
            rules=self.tournament.rule_set,
            **kwargs,
        )
        form.left = {pk: w.after_hand or 0 for pk, w in self.departures.items()}
        return form

    def sheet_url(self):
        return reverse("sheet", args=[self.tournament.slug, self.session.number, self.table.number])

    def can_edit(self):
        return self.can_score and not self.sheet.is_submitted

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        clock = clock_context(self.session, table=self.table)
        appeals = sheet_appeals(self.sheet)
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
            departures=sorted(self.departures.values(), key=lambda w: w.after_hand or 0),
            # Corrections after hands and a table's extra time: the chief referee's or an organizer's.
            can_correct=not self.session.is_closed
            and (
                is_chief_referee(self.request.user, self.tournament) or is_organizer(self.request.user, self.tournament)
            ),
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
                    "table_points": table_points_shown(data.table_points[i]),
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
        if self.session.is_public and not self.session.is_closed:
            context.update(call_table=self.table, call=call_of_table(self.table))
        # A player left during the session: the hands after it are not played here, so no hand is offered.
        left_after = min((w.after_hand for w in self.departures.values() if w.after_hand), default=None)
        context["departed_stop"] = bool(
            left_after is not None and context["next_hand"] and context["next_hand"] > left_after
        )
        if self.can_score:
            hps = self.tournament.hands_per_session
            if (
                "hand_form" not in context
                and context["next_hand"]
                and not self.sheet.is_submitted
                and not context["departed_stop"]
            ):
                context["hand_form"] = self.hand_form(initial={"number": context["next_hand"], "expected_version": 0})
            if "penalty_form" not in context and not self.sheet.is_submitted:
                context["penalty_form"] = PenaltyForm(players=self.players, hands_per_session=hps)
            context.setdefault("withdraw_form", WithdrawPenaltyForm())
            if context.get("hand_form") is not None:
                context["hand_form"].running_totals = running_totals(context["rows"], self.players)
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


class HandHistoryView(SheetMixin, TemplateView):
    """Every version of one hand with who entered it and when; scorers get a correction form."""

    template_name = "scoring/hand_history.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        number = int(self.kwargs["hand"])
        if not 1 <= number <= self.tournament.hands_per_session:
            raise Http404(_("No such hand."))
        hand, versions = hand_with_versions(self.sheet, number)
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
                form = self.hand_form(initial=initial)
            context["hand_form"] = form
        return context


class SheetActionView(SheetView):
    """POST one action on the sheet; on an error the sheet is shown again with the form and its message."""

    http_method_names = ["get", "post"]
    form_class: type[forms.Form] | None = None
    form_name = ""
    success_message = ""
    anchor = "#signing"
    keeps_input = False

    def get(self, request, *args, **kwargs):
        # The address of a refused post, reloaded or opened again: back to the sheet's panel, not a 405; or,
        # where a changed or ended login stopped the post, the sheet with the form as it was typed.
        kept = kept_input.take(request) if self.keeps_input and self.can_edit() else None
        if kept is None:
            return redirect(self.sheet_url() + self.anchor)
        kept_input.restored(request)
        return self.render_to_response(self.get_context_data(**{self.form_name: self.form(kept)}))

    def form(self, data=None):
        if self.form_class is None:
            raise NotImplementedError("a SheetActionView names its form_class or overrides form()")
        return self.form_class(self.request.POST if data is None else data)

    def act(self, form):
        raise NotImplementedError

    def post(self, request, *args, **kwargs):
        form = self.form()
        error = None
        if form.is_valid():
            try:
                message = self.act(form)
            except (ValidationError, PermissionDenied) as exc:
                add_service_error(form, exc)
                error = exc
            else:
                if offline.wants_json(request):  # the outbox (static/js/outbox.js): fouls
                    return offline.entry_saved(message or self.success_message)
                messages.success(request, message or self.success_message)
                return redirect(self.sheet_url() + self.anchor)
        if offline.wants_json(request):
            return offline.entry_refused(form, error)
        context = self.get_context_data(**{self.form_name: form})
        return self.render_to_response(context, status=offline.page_status(error))


class ConfirmedSheetActionView(SheetActionView):
    """An action one more tap cannot undo (time is up, countersigning): asked first, in the page, not in a browser
    dialog. A post without confirm=1 is checked by the service's own rules (``check``, a dry run), then answered
    with a page saying what the action does, whose button posts again with confirm=1; an action that would be
    refused is refused at once, on the sheet."""

    confirm_template = "scoring/action_confirm.html"

    def check(self, form):
        raise NotImplementedError

    def confirmation(self, form):
        """{"title", "lines", "button"}: what the page asks and says."""
        raise NotImplementedError

    def post(self, request, *args, **kwargs):
        if request.POST.get("confirm") == "1":
            return super().post(request, *args, **kwargs)
        form = self.form()
        if form.is_valid():
            try:
                self.check(form)
            except (ValidationError, PermissionDenied) as exc:
                add_service_error(form, exc)
            else:
                context = self.get_context_data()
                context.update(
                    confirm_action=dict(
                        self.confirmation(form), url=request.path, cancel=self.sheet_url() + self.anchor
                    )
                )
                return self.response_class(
                    request=request, template=self.confirm_template, context=context, using=self.template_engine
                )
        return self.render_to_response(self.get_context_data(**{self.form_name: form}))
