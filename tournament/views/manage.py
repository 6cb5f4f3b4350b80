"""Organizer pages of the tournament app under /t/<slug>/manage/, and tournament creation.

Thin: forms, then services. The seating and session pages are in ``schedule.views``."""

from django.contrib import messages
from django.contrib.auth.mixins import LoginRequiredMixin
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import Http404, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.utils.functional import cached_property
from django.utils.translation import gettext as _
from django.utils.translation import ngettext
from django.views import View
from django.views.generic import FormView, ListView, TemplateView

from tournament import audit_text, importing, services, teams
from tournament.forms import (
    AuditFilterForm,
    ImportConfirmForm,
    ImportUploadForm,
    PlayerForm,
    RoleGrantForm,
    TeamDeleteForm,
    TeamMergeForm,
    TeamNameForm,
    TeamPlayersForm,
    TournamentCopyForm,
    TournamentCreateForm,
    TournamentForm,
)
from tournament.importing import parse_players_file
from tournament.models import AuditLog, Player, Team, Tournament, TournamentRole
from tournament.player_fields import values_of
from tournament.views.mixins import (
    CreatorRequiredMixin,
    OrganizerRequiredMixin,
    add_service_error,
    can_create_tournament,
    tournament_creators_rule,
)


class TournamentCreateView(LoginRequiredMixin, CreatorRequiredMixin, FormView):
    template_name = "manage/tournament_form.html"
    form_class = TournamentCreateForm

    def form_valid(self, form):
        try:
            tournament = services.tournament_create(by=self.request.user, **form.cleaned_data)
        except (ValidationError, PermissionDenied) as exc:
            add_service_error(form, exc)
            return self.form_invalid(form)
        messages.success(
            self.request, _("Tournament %(name)s created; you are its organizer.") % {"name": tournament.name}
        )
        warning = services.sessions_below_minimum(tournament)
        if warning:
            messages.warning(self.request, warning)
        return redirect("manage-home", slug=tournament.slug)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["creating"] = True
        return context


class TournamentCopyView(OrganizerRequiredMixin, FormView):
    """A new tournament from this one as a template: its settings, and teams, players, roles if asked."""

    template_name = "manage/tournament_copy.html"
    form_class = TournamentCopyForm

    def has_role(self):
        return super().has_role() and can_create_tournament(self.request.user)

    def permission_message(self):
        if not can_create_tournament(self.request.user):
            return _("You may not create tournaments.") + " " + tournament_creators_rule()
        return super().permission_message()

    def get_initial(self):
        return {"name": _("%(name)s (copy)") % {"name": self.tournament.name}, "teams": True}

    def form_valid(self, form):
        try:
            copy = services.tournament_copy(source=self.tournament, by=self.request.user, **form.cleaned_data)
        except (ValidationError, PermissionDenied) as exc:
            add_service_error(form, exc)
            return self.form_invalid(form)
        messages.success(
            self.request,
            _("Tournament %(name)s created from %(source)s; it is not public yet.")
            % {"name": copy.name, "source": self.tournament.name},
        )
        return redirect("manage-settings", slug=copy.slug)


class TournamentSettingsView(OrganizerRequiredMixin, FormView):
    template_name = "manage/tournament_form.html"
    form_class = TournamentForm

    def get_form_kwargs(self):
        kwargs = super().get_form_kwargs()
        # A copy: the form writes into its instance while validating, the page header keeps the saved one.
        kwargs["instance"] = Tournament.objects.get(pk=self.tournament.pk)
        return kwargs

    def form_valid(self, form):
        try:
            services.tournament_update(tournament=self.tournament, by=self.request.user, **form.cleaned_data)
        except (ValidationError, PermissionDenied) as exc:
            add_service_error(form, exc)
            return self.form_invalid(form)
        messages.success(self.request, _("Settings saved."))
        warning = services.sessions_below_minimum(Tournament.objects.get(pk=self.tournament.pk))
        if warning:
            messages.warning(self.request, warning)
        return redirect("manage-settings", slug=self.tournament.slug)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["can_copy"] = can_create_tournament(self.request.user)
        return context


class PlayerManageListView(OrganizerRequiredMixin, TemplateView):
    template_name = "manage/players.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        players = self.tournament.players.select_related("team")
        bench = sum(1 for p in players if p.is_substitute)
        field = services.field_with_bench(len(players) - bench, bench)
        context.update(players=players, seating_problem=services.seating_problem(field))
        return context


class PlayerCreateView(OrganizerRequiredMixin, FormView):
    template_name = "manage/player_form.html"
    form_class = PlayerForm

    def get_initial(self):
        initial = {"number": services.next_player_number(self.tournament)}
        if self.request.GET.get("substitute"):
            initial.update(is_substitute=True, name=_("Substitute"))
        return initial

    def form_valid(self, form):
        try:
            player = services.player_create(tournament=self.tournament, by=self.request.user, **form.service_fields())
        except (ValidationError, PermissionDenied) as exc:
            add_service_error(form, exc)
            return self.form_invalid(form)
        messages.success(self.request, _("Player %(p)s added.") % {"p": player})
        if "add_another" in self.request.POST:
            return redirect("manage-player-add", slug=self.tournament.slug)
        return redirect("manage-players", slug=self.tournament.slug)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["teams"] = self.tournament.teams.all()
        return context


class PlayerEditView(PlayerCreateView):
    @cached_property
    def player(self):
        return get_object_or_404(
            Player.objects.select_related("team"), tournament=self.tournament, number=self.kwargs["number"]
        )

    def get_initial(self):
        return values_of(self.player)

    def form_valid(self, form):
        try:
            player = services.player_update(player=self.player, by=self.request.user, **form.service_fields())
        except (ValidationError, PermissionDenied) as exc:
            add_service_error(form, exc)
            return self.form_invalid(form)
        messages.success(self.request, _("Player %(p)s saved.") % {"p": player})
        return redirect("manage-players", slug=self.tournament.slug)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["editing"] = self.player
        return context


class TeamListView(OrganizerRequiredMixin, TemplateView):
    """The teams: create, rename, merge (one team typed two ways on the players), remove an empty one, and
    name the captain. A refused change shows its error beside the form it came from, with what was typed."""

    template_name = "manage/teams.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        teams = list(self.tournament.teams.select_related("captain").prefetch_related("players"))
        context["teams"] = teams
        context["no_team"] = self.tournament.players.filter(team__isnull=True)
        context.setdefault("failed", None)
        return context

    def post(self, request, *args, **kwargs):
        action = request.POST.get("action")
        teams = self.tournament.teams.all()
        if action in ("create", "rename"):
            form = TeamNameForm(request.POST)
        elif action == "merge":
            form = TeamMergeForm(request.POST, teams=teams)
        elif action == "add":
            form = TeamPlayersForm(request.POST)
        elif action == "delete":
            form = TeamDeleteForm(request.POST)
        else:
            messages.error(request, _("Choose what to do with the teams."))
            return redirect("manage-teams", slug=self.tournament.slug)
        if form.is_valid():
            data = form.cleaned_data
            team = None
            if data.get("team") is not None:
                team = get_object_or_404(Team, tournament=self.tournament, pk=data["team"])
            try:
                done = self._apply(action, team, data)
            except (ValidationError, PermissionDenied) as exc:
                add_service_error(form, exc)
            else:
                messages.success(request, done)
                return redirect("manage-teams", slug=self.tournament.slug)
        failed = {"action": action, "team": form.data.get("team", ""), "form": form}
        return self.render_to_response(self.get_context_data(failed=failed))

    def _apply(self, action, team, data):
        by = self.request.user
        if action == "create":
            created = teams.team_create(tournament=self.tournament, name=data["name"], by=by)
            return _("Team %(team)s created: add its players by their numbers.") % {"team": created.name}
        if team is None:
            raise ValidationError(_("Choose a team."))
        if action == "rename":
            before = team.name
            renamed, changed = teams.team_rename(team=team, name=data["name"], by=by)
            if not changed:
                return _("Team %(team)s already has that name: nothing changed.") % {"team": renamed.name}
            return _("Team %(before)s is now called %(team)s.") % {"before": before, "team": renamed.name}
        if action == "add":
            moved = teams.team_players_add(team=team, numbers=data["numbers"], by=by)
            if not moved:
                return _("Those players are already in team %(team)s.") % {"team": team.name}
            return ngettext(
                "%(players)s joined team %(team)s.",
                "%(players)s joined team %(team)s.",
                len(moved),
            ) % {"players": ", ".join(str(p) for p in moved), "team": team.name}
        if action == "merge":
            into = get_object_or_404(Team, tournament=self.tournament, pk=data["into"])
            count = team.players.count()
            teams.team_merge(team=team, into=into, by=by)
            return ngettext(
                "Team %(team)s merged into %(into)s: %(count)s player moved.",
                "Team %(team)s merged into %(into)s: %(count)s players moved.",
                count,
            ) % {"team": team.name, "into": into.name, "count": count}
        teams.team_delete(team=team, by=by)
        return _("Team %(team)s removed.") % {"team": team.name}


class TeamCaptainView(OrganizerRequiredMixin, View):
    """POST from the teams page: name a team's captain among its members, or none (empty choice)."""

    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        team = get_object_or_404(Team, tournament=self.tournament, pk=kwargs["team"])
        number = (request.POST.get("captain") or "").strip()
        captain = None
        if number:
            if not number.isdigit():
                raise Http404()
            captain = get_object_or_404(Player, tournament=self.tournament, number=int(number))
        try:
            services.team_captain_set(team=team, captain=captain, by=request.user)
        except (ValidationError, PermissionDenied) as exc:
            messages.error(request, " ".join(getattr(exc, "messages", [str(exc)])))
        else:
            if captain is None:
                messages.success(request, _("Team %(team)s has no captain now.") % {"team": team.name})
            else:
                messages.success(
                    request, _("%(player)s is now captain of team %(team)s.") % {"player": captain, "team": team.name}
                )
        return redirect("manage-teams", slug=self.tournament.slug)


class PlayerImportView(OrganizerRequiredMixin, TemplateView):
    """Upload, preview every row with its errors, confirm. Nothing is imported unless every row is good.

    The file travels back in the confirm form (base64, hidden), so nothing is kept on the server.
    """

    template_name = "manage/import.html"

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context.setdefault("upload_form", ImportUploadForm())
        # Each column of the file by its name in the file, what it is in words, and what goes in it.
        context["import_columns"] = [(f.header, f.verbose_name, f.column_help) for f in importing.FILE_FIELDS]
        return context

    def _preview(self, raw, filename, update=False):
        preview = parse_players_file(raw, filename, self.tournament, update=update)
        errors_by_row = {}
        for row_number, message in preview.errors:
            errors_by_row.setdefault(row_number, []).append(message)
        return preview, errors_by_row

    def post(self, request, *args, **kwargs):
        if "confirm" in request.POST:
            form = ImportConfirmForm(request.POST)
            if not form.is_valid():
                return self.render_to_response(self.get_context_data(confirm_errors=form.errors))
            raw, filename = form.cleaned_data["content"], form.cleaned_data["filename"]
            update = form.cleaned_data["update"]
            upload_form = ImportUploadForm(initial={"update": update})
        else:
            upload_form = ImportUploadForm(request.POST, request.FILES)
            if not upload_form.is_valid():
                return self.render_to_response(self.get_context_data(upload_form=upload_form))
            upload = upload_form.cleaned_data["file"]
            raw, filename, update = upload.read(), upload.name, upload_form.cleaned_data["update"]
        try:
            preview, errors_by_row = self._preview(raw, filename, update)
        except (ValueError, ValidationError) as exc:
            messages.error(
                request, _("The file could not be read: %(e)s") % {"e": "; ".join(getattr(exc, "messages", [str(exc)]))}
            )
            return self.render_to_response(self.get_context_data())
        if "confirm" in request.POST and not preview.errors and preview.rows:
            try:
                if update:
                    done = services.players_import_update(
                        tournament=self.tournament, rows=preview.rows, by=request.user
                    )
                else:
                    done = services.players_import(tournament=self.tournament, rows=preview.rows, by=request.user)
            except (ValidationError, PermissionDenied) as exc:
                messages.error(request, " ".join(getattr(exc, "messages", [str(exc)])))
            else:
                if update:
                    messages.success(
                        request,
                        ngettext("%(n)s player changed.", "%(n)s players changed.", len(done)) % {"n": len(done)},
                    )
                else:
                    messages.success(request, _("%(n)s players imported.") % {"n": len(done)})
                return redirect("manage-players", slug=self.tournament.slug)
        confirm_form = None
        if not preview.errors and preview.rows:
            confirm_form = ImportConfirmForm(
                initial={"content": ImportConfirmForm.encode(raw), "filename": filename, "update": update}
            )
        columns = [c for c in importing.PREVIEW_COLUMNS if any(c[0] in row for row in preview.rows)]
        row_numbers = list(getattr(preview, "row_numbers", None) or range(2, len(preview.rows) + 2))
        rows = [
            {
                "row_number": number,
                "values": [row.get(key, "") for key, _label in columns],
                "errors": errors_by_row.pop(number, []),
            }
            for number, row in zip(row_numbers, preview.rows)
        ]
        other_errors = sorted(errors_by_row.items(), key=lambda item: (item[0] is None, item[0] or 0))
        return self.render_to_response(
            self.get_context_data(
                preview=preview,
                columns=[label for _key, label in columns],
                rows=rows,
                other_errors=other_errors,
                warnings=getattr(preview, "warnings", []),
                confirm_form=confirm_form,
                filename=filename,
                update=update,
                upload_form=upload_form,
            )
        )


class PlayerImportTemplateView(OrganizerRequiredMixin, View):
    """The players template, as CSV or XLSX: the columns the import reads, with two example rows."""

    def get(self, request, *args, **kwargs):
        if self.kwargs["fmt"] not in ("csv", "xlsx"):
            raise Http404(_("The template comes as CSV or XLSX."))
        if self.kwargs["fmt"] == "xlsx":
            content_type = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            response = HttpResponse(importing.template_xlsx(), content_type=content_type)
        else:
            response = HttpResponse(importing.template_csv(), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = f'attachment; filename="players-template.{self.kwargs["fmt"]}"'
        return response


class RoleView(OrganizerRequiredMixin, FormView):
    template_name = "manage/roles.html"
    form_class = RoleGrantForm

    def form_valid(self, form):
        try:
            services.role_grant(
                tournament=self.tournament, user=form.user, role=form.cleaned_data["role"], by=self.request.user
            )
        except (ValidationError, PermissionDenied) as exc:
            add_service_error(form, exc)
            return self.form_invalid(form)
        messages.success(
            self.request,
            _("%(user)s is now %(role)s.")
            % {"user": form.user.get_username(), "role": TournamentRole.Role(form.cleaned_data["role"]).label},
        )
        return redirect("manage-roles", slug=self.tournament.slug)

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        context["roles"] = self.tournament.roles.select_related("user").order_by("role", "user__username")
        return context


class RoleRevokeView(OrganizerRequiredMixin, View):
    http_method_names = ["post"]

    def post(self, request, *args, **kwargs):
        role = get_object_or_404(TournamentRole, tournament=self.tournament, pk=kwargs["role"])
        try:
            services.role_revoke(role=role, by=request.user)
        except (ValidationError, PermissionDenied) as exc:
            messages.error(request, " ".join(getattr(exc, "messages", [str(exc)])))
        else:
            messages.success(
                request,
                _("%(user)s is no longer %(role)s.")
                % {"user": role.user.get_username(), "role": role.get_role_display()},
            )
        return redirect("manage-roles", slug=self.tournament.slug)


class AuditLogView(OrganizerRequiredMixin, ListView):
    """The audit log in sentences, newest first, filtered by session, table, who and kind (GET)."""

    template_name = "manage/audit.html"
    paginate_by = 50
    context_object_name = "entries"

    @cached_property
    def filter_form(self):
        form = AuditFilterForm(self.request.GET or None, tournament=self.tournament, kinds=audit_text.kind_choices())
        form.is_valid()
        return form

    def get_queryset(self):
        entries = AuditLog.objects.filter(tournament=self.tournament).select_related("actor")
        return audit_text.filter_entries(entries, self.tournament, **self.filter_form.filters())

    def get_context_data(self, **kwargs):
        context = super().get_context_data(**kwargs)
        query = self.request.GET.copy()
        query.pop("page", None)
        context.update(
            lines=audit_text.describe(context["entries"], self.tournament),
            filter_form=self.filter_form,
            query=query.urlencode(),
            filtered=any(self.filter_form.filters().values()),
        )
        return context
