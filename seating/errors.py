"""Errors the seating package raises; messages are meant for organizers."""


class SeatingError(ValueError):
    """A request that cannot be seated, or a chart that is not a valid chart."""


class PlayerCountError(SeatingError):
    """The field is not a multiple of four."""

    def __init__(self, players: int):
        self.players = players
        add = (-players) % 4
        super().__init__(
            f"{players} players cannot be seated at tables of four: add {add} substitute"
            f"{'s' if add != 1 else ''} to reach {players + add} players"
            + (f" (or withdraw {players % 4} to reach {players - players % 4})" if players >= 8 else "")
            + "."
        )
