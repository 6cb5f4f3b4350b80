"""The fouls and the confirmation panels of the score-sheet page, as inclusion tags, so the sheet page only
includes them: ``{% load signing %}{% fouls_panel %}`` and ``{% signing_panel %}``. They read what the sheet
view put in the context (the sheet's data, the players, the user's roles) and any form a failed post left."""

from django import template

from rules import fouls
from scoring.forms.signing import FoulForm, ReopenDeclineForm, ReopenForm, ReopenRequestForm, SignForm
from scoring.models import Signature
from scoring.selectors import latest_reopen_request
from tournament.permissions import is_chief_referee

register = template.Library()


def _hand_in_play(data):
    """The hand a foul most likely belongs to: the next one to enter, else the last."""
    if data is None:
        return None
    return data.next_hand or (data.hands[-1].number if data.hands else None)


@register.inclusion_tag("scoring/_fouls.html", takes_context=True)
def fouls_panel(context):
    out = context.flatten()
    data, players, tournament = out.get("data"), out.get("players") or [], out["tournament"]
    if out.get("can_edit") and len(players) == 4 and out.get("foul_form") is None:
        out["foul_form"] = FoulForm(
            players=players,
            hands_per_session=tournament.hands_per_session,
            initial={"hand_number": _hand_in_play(data)},
        )
    out["foul_inputs"] = FoulForm.INPUTS
    out["given"] = data.given_penalties if data is not None else []
    out["escalating"] = fouls.ESCALATING
    return out


def _confirmations(data, players, tournament, user):
    """The players' confirmations and the signatures, as the panel shows them."""
    methods = tournament.confirmation_methods
    rows = [{"player": p, "confirmation": data.confirmation_of(p) if data else None} for p in players]
    return dict(
        rows=rows,
        complete=data is not None and not data.missing and not data.pending,
        methods=methods,
        device_allowed="device" in methods,
        phone_allowed="phone" in methods,
        all_confirmed=all(r["confirmation"] for r in rows),
        referee_signature=data.signature_of(Signature.Role.REFEREE) if data else None,
        chief_signature=data.signature_of(Signature.Role.CHIEF_REFEREE) if data else None,
        void=[s for s in (data.signatures if data else []) if not s.active],
        pending=[
            {"hand": h, "own": bool(user) and h.pending.created_by_id == getattr(user, "pk", None)}
            for h in (data.pending if data else [])
        ],
    )


# The panel's forms, whose errors (after a failed post) it shows above itself.
_FORMS = (
    "sign_form",
    "reopen_form",
    "reopen_request_form",
    "reopen_decline_form",
    "confirm_form",
    "countersign_form",
    "not_played_form",
    "hand_confirm_form",
)


def _errors(context, signed, is_chief, waiting):
    """The errors of the panel's bound forms, but those a form shows itself on the page."""
    errors = []
    for name in _FORMS:
        form = context.get(name)
        if form is None or not form.is_bound:
            continue
        if name in ("reopen_form", "reopen_decline_form") and signed and is_chief:
            continue  # shown in the form itself, which is on the page
        if name == "reopen_request_form" and signed and not is_chief and not waiting:
            continue
        errors += list(form.non_field_errors()) + [e for f in form for e in f.errors]
    return errors


@register.inclusion_tag("scoring/_confirmations.html", takes_context=True)
def signing_panel(context):
    out = context.flatten()
    data, players, tournament = out.get("data"), out.get("players") or [], out["tournament"]
    user = getattr(out.get("request"), "user", None)
    sheet = out["sheet"]
    out.update(_confirmations(data, players, tournament, user))
    out.update(
        is_chief=bool(user) and is_chief_referee(user, tournament),
        signed=sheet.is_submitted,
        status_label=sheet.status_label,
    )
    out.setdefault("sign_form", SignForm())
    request_ = latest_reopen_request(sheet) if out["signed"] else None
    out["reopen_request"] = request_
    waiting = request_ is not None and request_.is_open
    out.setdefault("reopen_form", ReopenForm(initial={"reason": request_.reason} if waiting else None))
    out.setdefault("reopen_request_form", ReopenRequestForm())
    out.setdefault("reopen_decline_form", ReopenDeclineForm())
    out["signing_errors"] = _errors(context, out["signed"], out["is_chief"], waiting)
    return out
