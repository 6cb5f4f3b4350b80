"""What the World Series of Mahjong rules add to a penalty (issue 32): whether a time was taken from the end of
the deal (its first 15 seconds are free) and the penalty tiles a wrong claim leaves (003, "Time limits" and "Wrong
claims"; docs/fouls.md). Mixed into ``scoring.models.Penalty``, with its constraints."""

from django.core.validators import ProhibitNullCharactersValidator
from django.db import models
from django.utils.translation import gettext_lazy as _

from rules import fouls

TIMED_FROM_DEAL = (fouls.TIME_TURN, fouls.TIME_HAND)
# Recorded for the referee's record of the hand, never a penalty in points: not "a warning".
RECORD_ONLY = (fouls.TIME_EXCUSED, *fouls.PENALTY_TILE_FOULS)


class WsomFoulFields(models.Model):
    from_deal = models.BooleanField(_("timed from the deal"), default=False)
    # In the tile notation of rules.core.tiles, as rules.fouls.penalty_tiles writes them (at most 14 tiles).
    tiles = models.CharField(
        _("penalty tiles"), max_length=60, blank=True, validators=[ProhibitNullCharactersValidator()]
    )

    class Meta:
        abstract = True

    def record_only_label(self) -> str:
        """What a foul recorded only for the record costs, in words; blank for the others."""
        from django.utils.translation import gettext

        return gettext("No points: a record of the hand") if getattr(self, "foul", "") in RECORD_ONLY else ""

    def seconds_detail(self) -> str:
        """The seconds as the foul reads them: the time taken (``time_turn``, ``time_hand``) or over (``time``)."""
        from django.utils.translation import gettext

        seconds = getattr(self, "seconds", None)
        if getattr(self, "foul", "") not in TIMED_FROM_DEAL:
            return gettext("%(n)s s over") % {"n": seconds}
        if self.from_deal:
            return gettext("%(n)s s from the deal, the first 15 free") % {"n": seconds}
        return gettext("%(n)s s taken") % {"n": seconds}


CONSTRAINTS = [
    models.CheckConstraint(
        condition=models.Q(from_deal=False) | models.Q(foul__in=TIMED_FROM_DEAL), name="penalty_from_deal_for_time"
    ),
    models.CheckConstraint(
        condition=(models.Q(tiles="") & ~models.Q(foul__in=fouls.PENALTY_TILE_FOULS))
        | (~models.Q(tiles="") & models.Q(foul__in=fouls.PENALTY_TILE_FOULS)),
        name="penalty_tiles_shape",
    ),
]
