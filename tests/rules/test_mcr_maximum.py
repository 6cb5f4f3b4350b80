"""The most an MCR hand can be worth bounds what a referee may type (rules/mcr/rule_set.py)."""

from rules.mcr import Hand, score_hand
from rules.registry import get_rule_set

# Four concealed kongs of the three dragons and the seat-and-prevalent wind, self-drawn on the pair.
HIGHEST = dict(
    concealed="N",
    melds=["concealed_kong CCCC", "concealed_kong FFFF", "concealed_kong PPPP", "concealed_kong EEEE"],
    win_tile="N",
    self_drawn=True,
    flowers=0,
    last_tile=False,
    kong=True,
    last_wall=False,
    seat_wind="E",
    prevalent_wind="E",
)


def test_the_highest_hand_we_know_fits_under_the_bound_with_every_flower():
    scored = score_hand(Hand.from_dict(HIGHEST))
    assert scored.total == 320
    with_flowers = score_hand(Hand.from_dict(dict(HIGHEST, flowers=8)))
    assert with_flowers.total == 328
    entry = get_rule_set("mcr").entry
    assert with_flowers.total <= entry.maximum == 336
    # The published reading that adds Last Tile Drawn to Out with Supplement Tile: 328 + 8 flowers.
    assert entry.maximum == 320 + 8 + 8
