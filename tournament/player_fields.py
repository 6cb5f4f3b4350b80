"""A player's fields, defined once.

``PLAYER_FIELDS`` lists what an organizer records about a player, in the order the services, the audit log,
the players file and the interchange JSON use. Every reader takes its part from here: the player form
(``tournament.forms.PlayerForm``), the players file (``tournament.importing``: columns, header aliases, cell
checks, template), the services (``tournament.services``: how a value is tidied, the audit snapshot), and the
interchange JSON (``interchange.format``, ``shape``, ``export``, ``load``). A new field is one more entry here,
the model field and its migration; ``tests/tournament/test_player_fields.py`` runs every entry through all of
them.

Each field's key is at once the model field, the service keyword, the form field and the interchange key.
"""

from __future__ import annotations

import enum
from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError
from django.core.validators import RegexValidator
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from tournament.models import PLAYER_NUMBER_MAX, Player, Team, country_validator, ema_validator

if TYPE_CHECKING:
    from django.utils.functional import _StrOrPromise as Text


class Kind(enum.Enum):
    """What a field holds; it decides the form field, the JSON type, the default and the players file's cell."""

    NUMBER = "number"  # the player's number: a whole number 1..PLAYER_NUMBER_MAX
    TEXT = "text"  # a line of text, empty when not known
    BOOL = "bool"  # yes or no, no by default
    TEAM = "team"  # the team, by its name (the services make a new team for a new name)


class Spaces(enum.Enum):
    """How the players file tidies the spaces inside a cell (the ends are always trimmed)."""

    KEEP = "keep"
    COLLAPSE = "collapse"  # names: runs of spaces become one
    REMOVE = "remove"  # codes typed in groups: "0400 0001"


@dataclass(frozen=True)
class PlayerField:
    key: str
    kind: Kind
    label: Text  # on the player form
    help_text: Text = ""  # on the player form
    # Number and name: every player has one, so the interchange file requires and always writes them.
    always: bool = False
    # Family and given name: the display name is made from them when it is missing, and they are made from a
    # display name that says which part is which ("López Ruiz, Ana"); the interchange file writes them only
    # where they differ from that.
    name_part: bool = False
    upper: bool = False  # stored in capitals (country codes)
    validator: RegexValidator | None = None  # the model's check, which the players file applies with its message
    # The players file: the column's header in the template ("" when the file has no such column), the other
    # headers it is recognised by (lowercase, without accents, spaces, dots or underscores), what the import page
    # says of it, the two example rows of the template, how the spaces in a cell are tidied, and the message for a
    # value the file cannot take (with %(v)s, the cell).
    header: str = ""
    aliases: tuple[str, ...] = ()
    column_help: Text = ""
    examples: tuple[object, object] = ("", "")
    spaces: Spaces = Spaces.KEEP
    file_error: Text = ""
    # A code of this many digits: a spreadsheet that took it for a number dropped its leading zeros, so they are
    # put back, and the template's column is text.
    digits: int = 0

    @property
    def verbose_name(self) -> Text:
        """The model's name for the field, as the audit log and the import preview show it."""
        return Player._meta.get_field(self.key).verbose_name  # type: ignore[union-attr]

    @property
    def max_length(self) -> int | None:
        if self.kind is Kind.TEAM:
            return Team._meta.get_field("name").max_length
        if self.kind is Kind.TEXT:
            return Player._meta.get_field(self.key).max_length  # type: ignore[union-attr]
        return None

    @property
    def default(self) -> object:
        """The value of a field not given (the number has none)."""
        return {Kind.NUMBER: None, Kind.TEXT: "", Kind.BOOL: False, Kind.TEAM: None}[self.kind]

    def tidy(self, value: Any) -> Any:
        """The value as the services store it: text trimmed (in capitals where the field says so), a flag a
        bool. The number and the team are the services' to check."""
        if self.kind is Kind.TEXT:
            value = (value or "").strip()
            return value.upper() if self.upper else value
        if self.kind is Kind.BOOL:
            return bool(value)
        return value

    def value_of(self, player: Player) -> Any:
        """The player's value, the team by its name ("" for none)."""
        if self.kind is Kind.TEAM:
            return player.team.name if player.team_id else ""  # type: ignore[union-attr]
        return getattr(player, self.key)

    def accepts(self, value: str) -> bool:
        """Whether the model's check takes ``value`` (always, for a field without one)."""
        if self.validator is None:
            return True
        try:
            self.validator(value)
        except ValidationError:
            return False
        return True

    def read_cell(self, text: str) -> tuple[Any, str | None]:
        """The value of a players file's cell (already trimmed) and what is wrong with it, or None."""
        if self.kind is Kind.NUMBER:
            return _read_number(text)
        if self.kind is Kind.BOOL:
            flag = _read_yes_no(text)
            return bool(flag), (self.file_error % {"v": text} if flag is None else None)
        value = {Spaces.KEEP: text, Spaces.COLLAPSE: " ".join(text.split()), Spaces.REMOVE: text.replace(" ", "")}[
            self.spaces
        ]
        value = value.upper() if self.upper else value
        if value and not self.accepts(value):
            return value, self.file_error % {"v": text}
        return value, None


TRUE_WORDS = {"1", "yes", "y", "true", "x", "si", "s", "sí", "verdadero"}
FALSE_WORDS = {"", "0", "no", "n", "false", "falso"}


def _read_yes_no(text: str) -> bool | None:
    word = text.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    return None


def _read_number(text: str) -> tuple[int | None, str | None]:
    """A player number from a cell: a spreadsheet may give 12 as "12.0" or "12,0"."""
    if not text:
        return None, None
    try:
        if len(text) > 12:
            raise ValueError
        number = float(text.replace(",", "."))
        if not number.is_integer():
            raise ValueError
        whole = int(number)
    except (ValueError, OverflowError):
        return None, _("Number “%(v)s” is not a whole number.") % {"v": text[:20]}
    if whole < 1:
        return None, _("Number %(v)s: player numbers start at 1.") % {"v": whole}
    if whole > PLAYER_NUMBER_MAX:
        return None, _("Number %(v)s: player numbers go up to %(m)s.") % {"v": whole, "m": PLAYER_NUMBER_MAX}
    return whole, None


PLAYER_FIELDS: tuple[PlayerField, ...] = (
    PlayerField(
        "number",
        Kind.NUMBER,
        gettext_lazy("Number"),
        always=True,
        header="number",
        aliases=("numero", "num", "no", "n", "#", "nr", "nro", "playernumber"),
        column_help=gettext_lazy(
            "Optional when adding: players without one are numbered after the highest. "
            "Required when changing players: it says whose row it is."
        ),
        examples=(1, 2),
    ),
    PlayerField(
        "name",
        Kind.TEXT,
        gettext_lazy("Display name"),
        gettext_lazy(
            "As shown on pages and documents, e.g. Ana López or 李伟 (Li Wei). "
            "Left empty, it is made from the family and given names."
        ),
        always=True,
        header="name",
        aliases=(
            "nombre",
            "player",
            "jugador",
            "fullname",
            "nombreyapellidos",
            "nombrecompleto",
            "displayname",
        ),
        column_help=gettext_lazy("The player's name as shown everywhere; or give family_name and given_name instead."),
        examples=("López Ruiz, Ana", "Wang Li"),
        spaces=Spaces.COLLAPSE,
    ),
    PlayerField(
        "family_name",
        Kind.TEXT,
        gettext_lazy("Family name"),
        gettext_lazy("As the ranking lists it, e.g. López Ruiz, 李."),
        name_part=True,
        header="family_name",
        aliases=("surname", "lastname", "apellido", "apellidos"),
        column_help=gettext_lazy("Optional: family name(s), for sorting and the EMA ranking file."),
        examples=("López Ruiz", "Wang"),
        spaces=Spaces.COLLAPSE,
    ),
    PlayerField(
        "given_name",
        Kind.TEXT,
        gettext_lazy("Given name"),
        gettext_lazy("E.g. Ana, 伟."),
        name_part=True,
        header="given_name",
        aliases=("firstname", "forename", "nombredepila"),
        column_help=gettext_lazy("Optional: given name."),
        examples=("Ana", "Li"),
        spaces=Spaces.COLLAPSE,
    ),
    PlayerField(
        "country",
        Kind.TEXT,
        gettext_lazy("Country"),
        gettext_lazy("Two-letter code, e.g. ES."),
        upper=True,
        validator=country_validator,
        header="country",
        aliases=("pais", "nation", "nacionalidad"),
        column_help=gettext_lazy("Optional: the two-letter code, e.g. ES."),
        examples=("ES", "CN"),
        file_error=gettext_lazy("Country “%(v)s”: use the two-letter code, e.g. ES."),
    ),
    PlayerField(
        "club",
        Kind.TEXT,
        gettext_lazy("Club"),
        header="club",
        column_help=gettext_lazy("Optional."),
        examples=("Club Mahjong Madrid", ""),
    ),
    PlayerField(
        "ema_id",
        Kind.TEXT,
        gettext_lazy("EMA id"),
        validator=ema_validator,
        header="ema_id",
        aliases=("ema", "emanumber", "idema", "emanr"),
        column_help=gettext_lazy("Optional: the EMA number, eight digits, e.g. 04000001."),
        examples=("04000001", ""),
        spaces=Spaces.REMOVE,
        file_error=gettext_lazy(
            "EMA id “%(v)s”: it has eight digits, e.g. 04000001 (a spreadsheet may have dropped a leading zero)."
        ),
        digits=8,
    ),
    PlayerField(
        "no_ema_id",
        Kind.BOOL,
        gettext_lazy("No EMA id"),
        gettext_lazy("Tick for a player without an EMA id, so the ranking file can be sent."),
    ),
    PlayerField(
        "team",
        Kind.TEAM,
        gettext_lazy("Team"),
        gettext_lazy("Type an existing team's name or a new one; leave empty for none."),
        header="team",
        aliases=("equipo",),
        column_help=gettext_lazy("Optional: the team's name; a new name makes a new team."),
        examples=("Dragons", "Dragons"),
    ),
    PlayerField(
        "is_substitute",
        Kind.BOOL,
        gettext_lazy("Substitute"),
        gettext_lazy("Fills a seat so tables have four; not ranked."),
        header="substitute",
        aliases=("sub", "suplente", "reserva"),
        column_help=gettext_lazy("Optional: yes or no (empty: no)."),
        examples=("no", "no"),
        file_error=gettext_lazy("Substitute “%(v)s”: write yes or no."),
    ),
)
KEYS = tuple(f.key for f in PLAYER_FIELDS)
BY_KEY = {f.key: f for f in PLAYER_FIELDS}
# The fields a players file can carry, in its columns' order.
FILE_FIELDS = tuple(f for f in PLAYER_FIELDS if f.header)


def values_of(player: Player) -> dict[str, Any]:
    """Every field of ``player``: what the player form starts from, and what a copy of the player is made of."""
    return {f.key: f.value_of(player) for f in PLAYER_FIELDS}


def check_keys(fields: Mapping[str, object], caller: str) -> None:
    """Refuse a keyword that is not a player's field, and a new player without a number, as Python refuses an
    unknown or missing keyword argument."""
    unknown = [key for key in fields if key not in BY_KEY]
    if unknown:
        raise TypeError(f"{caller}() got an unexpected keyword argument {unknown[0]!r}")
    missing = [f.key for f in PLAYER_FIELDS if f.kind is Kind.NUMBER and f.key not in fields]
    if missing:
        raise TypeError(f"{caller}() missing required keyword argument: {missing[0]!r}")
