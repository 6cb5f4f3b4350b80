"""Appeal pages: the player files from their private link, a referee files for a player from the table's
sheet, the referees, chief referee, committee and organizers list and decide them, and amend the sheet once
one is upheld. Thin: a form, then a service in scoring.services.appeals; a service error is shown on the form with
what the user typed."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.functional import cached_property
from django.utils.translation import gettext as _
from django.views.generic import TemplateView

from core import kept_input
from scoring import entry_replay, offline, services
from scoring import services as ap
from scoring.appeal_window import appeal_deadline
from scoring.forms.appeals import (
    AmendHandForm,
    AmendWithdrawForm,
    AppealForm,
    DecisionForm,
    EscalateForm,
    RefereeAppealForm,
)
from scoring.forms.signing import FoulForm
from scoring.lifecycle import APPEAL
from scoring.models import Appeal
from scoring.results import sheet_data
from scoring.selectors import (
    appeal_amendment_defaults,
    appeal_counts_by_table,
    appeal_deciding_body,
    appeal_seat,
    appeal_with_details,
    may_decide,
    sheet_penalties,
    team_mates,
    tournament_appeals,
)
from scoring.views.player import PlayerSheetsView
from scoring.views.sheet import SheetMixin
from tournament.models import Player, Tournament
from tournament.permissions import can_score, is_appeals_committee, is_organizer
from tournament.views.mixins import RoleRequiredMixin, add_service_error


class AppealFilingMixin:
    """Filing an appeal, by the player or by a referee for them: the form as it was typed when a changed or
    ended login stopped its post; a refusal shown in the form, with a link to the open appeal a duplicate
    repeats. The view says how it files (``file``) and where it goes after (``filed``)."""

    def file(self, form) -> Appeal:
        raise NotImplementedError

    def filed(self, appeal: Appeal):
        raise NotImplementedError

    def get(self, request, *args, **kwargs):
        kept = kept_input.take(request)
        if kept is None:
            return super().get(request, *args, **kwargs)
        kept_input.restored(request)
        return self.render_to_response(self.get_context_data(form=self.form(kept)))

    def post(self, request, *args, **kwargs):
        form = self.form(request.POST)
        if form.is_valid():
            try:
                appeal = self.file(form)
            except (ValidationError, PermissionDenied) as exc:
                add_service_error(form, exc)
                form.open_appeal = getattr(exc, "appeal", None)  # a duplicate: the page links to the open one
            else:
                return self.filed(appeal)
        return self.render_to_response(self.get_context_data(form=form))


# ------------------------------------------------------------------ the player, on their private link


class PlayerAppealFileView(AppealFilingMixin, PlayerSheetsView):
    """The player files an appeal about a ruling at one of their tables; their code "signs" it."""

    template_name = "scoring/appeal_file.html"
    keeps_input = True
    needs_no_login = True  # the player's code in the address signs it

    as_captain_for: Player | None = None

    @cached_property
    def seat(self):
        seat, self.as_captain_for = appeal_seat(self.tournament, self.player, self.kwargs["n"], self.kwargs["t"])
        if seat is None:
            raise Http404()
        return seat

    @cached_property
    def sheet(self):
        return services.sheet_for_table(table=self.seat.table)

    def form(self, data=None):
        return AppealForm(
            data, hands_per_session=self.tournament.hands_per_session, penalties=sheet_penalties(self.sheet)
        )

    def get_context_data(self, **kwargs):
        context = TemplateView.get_context_data(self, **kwargs)
        session = self.seat.table.session
        context.update(
            tournament=self.tournament,
            player=self.player,
            code=self.kwargs["code"],
            seat=self.seat,
            as_captain_for=self.as_captain_for,
            form=kwargs.get("form") or self.form(),
            deadline=appeal_deadline(session, self.tournament, self.sheet),
            back=reverse("player-page", args=[self.tournament.slug, self.kwargs["code"]]),
        )
        return context

    def file(self, form):
        return ap.appeal_file(
            sheet=self.sheet,
            filer=self.player,
            code=self.kwargs["code"],
            by=None,
            **form.service_kwargs(),
        )

    def filed(self, appeal):
        messages.success(
            self.request, _("Appeal %(n)s is filed. You will see its decision on this page.") % {"n": appeal.number}
        )
        return redirect(reverse("player-page", args=[self.tournament.slug, self.kwargs["code"]]) + "#my-appeals")


class PlayerAppealEscalateView(PlayerSheetsView):
    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        appeal = get_object_or_404(Appeal, tournament=self.tournament, number=self.kwargs["number"], filer=self.player)
        try:
            ap.appeal_escalate(appeal=appeal, reason=request.POST.get("reason", ""), code=self.kwargs["code"])
        except (ValidationError, PermissionDenied) as exc:
            errors = exc.messages if isinstance(exc, ValidationError) else [str(exc)]
            return self.render_to_response(self.get_context_data(errors=errors))
        messages.success(request, _("Appeal %(n)s goes to the chief referee.") % {"n": appeal.number})
        return redirect(reverse("player-page", args=[self.tournament.slug, self.kwargs["code"]]) + "#my-appeals")


# ------------------------------------------------------------------ a referee files for a player


class SheetAppealFileView(AppealFilingMixin, SheetMixin, TemplateView):
    """From the table's sheet: a referee or organizer files the appeal a player (or their captain) hands in."""

    template_name = "scoring/appeal_file.html"
    keeps_input = True

    def dispatch(self, request, *args, **kwargs):
        if not request.user.is_authenticated:
            return kept_input.login_then_back(request)
        if not can_score(request.user, get_object_or_404(Tournament, slug=kwargs["slug"])):
            raise PermissionDenied(_("Only a referee or organizer of this tournament can do this."))
        return super().dispatch(request, *args, **kwargs)

    def filers(self):
        """The table's players, then their teams' other members (a captain files for their team)."""
        return self.players + team_mates(self.tournament, self.players)

    def form(self, data=None):
        return RefereeAppealForm(
            data,
            hands_per_session=self.tournament.hands_per_session,
            penalties=sheet_penalties(self.sheet),
            filers=self.filers(),
        )

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.update(
            form=kwargs.get("form") or self.form(),
            referee_filing=True,
            deadline=appeal_deadline(self.session, self.tournament, self.sheet),
            back=self.sheet_url(),
            table_number=self.table.number,
            session_number=self.session.number,
        )
        return context

    def file(self, form):
        return ap.appeal_file(sheet=self.sheet, by=self.request.user, **form.service_kwargs())

    def filed(self, appeal):
        messages.success(self.request, _("Appeal %(n)s is filed.") % {"n": appeal.number})
        return redirect("appeal-detail", slug=self.tournament.slug, number=appeal.number)


# ------------------------------------------------------------------ those who decide


class AppealRoleMixin(RoleRequiredMixin):
    """Referees, the chief referee, the committee and organizers see appeals; parties see theirs on their
    private page."""

    def has_role(self):
        tournament = get_object_or_404(Tournament, slug=self.kwargs["slug"])
        return can_score(self.request.user, tournament) or is_appeals_committee(self.request.user, tournament)

    def permission_message(self):
        return _("Only the referees, the appeals committee and the organizers of this tournament see appeals.")


class AppealListView(AppealRoleMixin, TemplateView):
    template_name = "scoring/appeal_list.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["appeals"] = tournament_appeals(self.tournament)
        context["by_table"] = appeal_counts_by_table(self.tournament)
        return context


class AppealDetailView(AppealRoleMixin, TemplateView):
    template_name = "scoring/appeal_detail.html"

    @cached_property
    def appeal(self):
        return get_object_or_404(appeal_with_details(), tournament=self.tournament, number=self.kwargs["number"])

    @cached_property
    def data(self):
        return sheet_data(self.tournament, self.appeal.sheet.table)

    @cached_property
    def players(self):
        return [p for p in self.data.players if p is not None]

    def forms(self, bound=None, name=""):
        initial = appeal_amendment_defaults(self.appeal, self.data)
        forms = {
            "decision_form": DecisionForm(),
            "escalate_form": EscalateForm(),
            "amend_hand_form": AmendHandForm(
                players=self.players, hands=self.data.hands, initial=initial["amend_hand_form"]
            ),
            "amend_withdraw_form": AmendWithdrawForm(
                penalties=[p for p in self.data.given_penalties if p.active], initial=initial["amend_withdraw_form"]
            ),
            "amend_foul_form": FoulForm(
                players=self.players,
                hands_per_session=self.tournament.hands_per_session,
                initial=initial["amend_foul_form"],
            ),
        }
        if bound is not None:
            forms[name] = bound
        return forms

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        appeal = self.appeal
        user = self.request.user
        context.update(self.forms())
        context.update({k: v for k, v in kwargs.items() if k.endswith("_form")})
        context.update(
            appeal=appeal,
            data=self.data,
            decisions=appeal.decisions.all(),
            amendments=appeal.amendments.select_related("hand_version__hand", "penalty__player", "created_by"),
            may_decide=may_decide(user, appeal),
            deciding_body=appeal_deciding_body(appeal),
            may_escalate=APPEAL.may(appeal, "escalate") and can_score(user, self.tournament),
            may_amend=appeal.is_upheld and can_score(user, self.tournament),
            deadline=appeal_deadline(appeal.sheet.table.session, self.tournament, appeal.sheet),
            is_organizer=is_organizer(user, self.tournament),
        )
        return context


class AppealActionView(AppealDetailView):
    """POST one action on an appeal. A GET of its address is the appeal's page, with the form as it was typed
    when a changed or ended login stopped the post (core.kept_input)."""

    http_method_names = ["get", "post"]
    form_name = ""
    keeps_input = True

    def bind(self, data):
        raise NotImplementedError

    def get(self, request, *args, **kwargs):
        kept = kept_input.take(request)
        if kept is None:
            return redirect("appeal-detail", slug=self.tournament.slug, number=self.appeal.number)
        kept_input.restored(request)
        return self.render_to_response(self.get_context_data(**{self.form_name: self.bind(kept)}))

    def act(self, form):
        raise NotImplementedError

    def post(self, request, *args, **kwargs):
        form = self.bind(request.POST)
        status = 400
        if form.is_valid():
            try:
                message = self.act(form)
            except ValidationError as exc:
                if offline.page_status(exc) == 409:
                    # The same key sent with other content: both are named; sending it again is a new entry.
                    status, form = 409, self.bind(offline.fresh_key(request.POST))
                    form.is_valid()
                add_service_error(form, exc)
            else:
                messages.success(request, message)
                return redirect("appeal-detail", slug=self.tournament.slug, number=self.appeal.number)
        return self.render_to_response(self.get_context_data(**{self.form_name: form}), status=status)


class AppealDecideView(AppealActionView):
    form_name = "decision_form"

    def bind(self, data):
        return DecisionForm(data)

    def act(self, form):
        appeal = ap.appeal_decide(appeal=self.appeal, by=self.request.user, **form.cleaned_data)
        return _("Decision recorded: appeal %(n)s is now “%(status)s”.") % {
            "n": appeal.number,
            "status": appeal.get_status_display(),
        }


class AppealEscalateView(AppealActionView):
    form_name = "escalate_form"

    def bind(self, data):
        return EscalateForm(data)

    def act(self, form):
        ap.appeal_escalate(appeal=self.appeal, reason=form.cleaned_data["reason"], by=self.request.user)
        return _("Appeal %(n)s goes to the chief referee.") % {"n": self.appeal.number}


class AppealAmendHandView(AppealActionView):
    form_name = "amend_hand_form"

    def bind(self, data):
        return AmendHandForm(data, players=self.players, hands=self.data.hands)

    def act(self, form):
        kwargs = form.service_kwargs()
        ap.appeal_amend_hand(appeal=self.appeal, by=self.request.user, **kwargs)
        return _("Hand %(n)s corrected as the appeal decided.") % {"n": kwargs["number"]}


class AppealAmendWithdrawView(AppealActionView):
    form_name = "amend_withdraw_form"

    def bind(self, data):
        return AmendWithdrawForm(data, penalties=[p for p in self.data.given_penalties if p.active])

    def act(self, form):
        penalty = form.penalties[form.cleaned_data["penalty"]]
        ap.appeal_amend_withdraw_penalty(appeal=self.appeal, penalty=penalty, by=self.request.user)
        return _("Penalty withdrawn as the appeal decided.")


class AppealAmendFoulView(AppealActionView):
    form_name = "amend_foul_form"

    def bind(self, data):
        return FoulForm(data, players=self.players, hands_per_session=self.tournament.hands_per_session)

    def act(self, form):
        ap.appeal_amend_foul(
            appeal=self.appeal,
            by=self.request.user,
            idempotency_key=entry_replay.key_from(self.request.POST),
            expected_fouls=entry_replay.expected_fouls_from(self.request.POST),
            **form.service_kwargs(),
        )
        return _("Foul recorded as the appeal decided.")
