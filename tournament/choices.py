"""The choices of the tournament models' fields (formats, roles, how players confirm, ...), at module level so the
models' Meta can constrain the columns to them. ``tournament.models`` re-exports them."""

from django.db import models
from django.utils.translation import gettext_lazy as _

from rules.registry import RULE_SETS

# The rule sets come from the registry (rules.registry), the one place that lists them: a new
# rule set appears here, in the forms and in the database constraint (after makemigrations) by itself.
RuleSet = models.TextChoices(  # type: ignore[call-overload]  # django-stubs types only one member per call
    "RuleSet", [(code.upper(), (code, _(cls.label or cls.name))) for code, cls in RULE_SETS.items()]
)


class TournamentFormat(models.TextChoices):
    ROUND_ROBIN = "round_robin", _("Round robin")
    SWISS = "swiss", _("Swiss")
    MIXED = "mixed", _("Mixed (round robin, then Swiss)")
    # MCR 3.5.4: after each round the organizer's rule decides who plays on (docs/elimination.md).
    ELIMINATION = "elimination", _("Elimination")


class AdvanceRule(models.TextChoices):
    """Who plays on after a round of an elimination tournament (``seating.elimination.Rule``)."""

    TABLE_WINNER = "table_winner", _("The winner of each table")
    BEST_PER_TABLE = "best_per_table", _("The best k of each table")
    BEST_OVERALL = "best_overall", _("The best n overall")
    FINAL = "final", _("Final table: nobody plays on, everyone gets a final rank")


class RoleKind(models.TextChoices):
    ORGANIZER = "organizer", _("Organizer")
    REFEREE = "referee", _("Referee")
    # Reopens signed score sheets and countersigns them (MCR appendix 5, "General Umpire Chief"); scores too.
    CHIEF_REFEREE = "chief_referee", _("Chief referee")
    # Decides appeals that are not about the rules (MCR 3.13.2: "a special department designated by the
    # competition committee"): the organizer names its members on the Roles page.
    APPEALS_COMMITTEE = "appeals_committee", _("Appeals committee")


class PlayerConfirmation(models.TextChoices):
    """How the four players confirm a finished score sheet before the referee signs it (MCR 3.9.1.4, 3.9.2)."""

    NONE = "none", _("Not in the system (the players sign the paper sheet)")
    DEVICE = "device", _("On the referee's device")
    PHONE = "phone", _("On their own phone, with their player code")
    EITHER = "either", _("On the referee's device or their own phone")


class EscalationScope(models.TextChoices):
    """Where earlier fouls of the same kind are counted for the escalating penalties (MCR 3.11.6.3-5)."""

    SESSION = "session", _("In the same session")
    TOURNAMENT = "tournament", _("In the whole tournament")


class WithdrawalReason(models.TextChoices):
    ILLNESS = "illness", _("Illness or injury")
    DISQUALIFICATION = "disqualification", _("Disqualification (MCR 3.11.4-5)")
    # Not there when the session was seated from its roll call (``schedule.attendance``).
    NO_SHOW = "no_show", _("No-show")
    OTHER = "other", _("Other")
