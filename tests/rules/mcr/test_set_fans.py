"""The fans sets earn together (MCR 3.8.1 chows and pungs, combined by 3.9.1.5), table-driven: sets written by
their lowest tile, the fans found with the sets each was counted from (the explanation names those sets)."""

import pytest

from rules.core.tiles import parse_tile
from rules.mcr import fans as F
from rules.mcr.set_fans import chow_fans, pung_fans


def sets(text):
    return tuple(sorted(parse_tile(t) for t in text.split()))


@pytest.mark.parametrize(
    "chows, found",
    [
        pytest.param("1m 2m 2m", ((F.PURE_DOUBLE_CHOW, (1, 2)),), id="two-234m-are-not-shifted"),
        pytest.param("1m 3m 5m", ((F.PURE_SHIFTED_CHOWS, (0, 1, 2)),), id="shifted-by-two"),
        pytest.param("1m 2m 3m", ((F.PURE_SHIFTED_CHOWS, (0, 1, 2)),), id="shifted-by-one"),
        pytest.param("1m 4m 5m", ((F.SHORT_STRAIGHT, (0, 1)),), id="123-456-567-is-no-shifted-chows"),
        pytest.param(
            "1m 1m 2m 4m",
            ((F.PURE_DOUBLE_CHOW, (0, 1)), (F.SHORT_STRAIGHT, (0, 3))),
            id="one-short-straight-only-non-identical-principle",
        ),
        pytest.param(
            "1m 1m 4m",
            ((F.PURE_DOUBLE_CHOW, (0, 1)), (F.SHORT_STRAIGHT, (0, 2))),
            id="equal-choices-take-the-first-sets",
        ),
        pytest.param(
            "1m 1m 2m 3m",
            ((F.PURE_SHIFTED_CHOWS, (0, 2, 3)), (F.PURE_DOUBLE_CHOW, (0, 1))),
            id="shifted-chows-from-the-first-123m",
        ),
        pytest.param("1m 1m 1m 1m", ((F.QUADRUPLE_CHOW, (0, 1, 2, 3)),), id="quadruple-chow-takes-all-four"),
    ],
)
def test_chow_fans(chows, found):
    assert chow_fans(sets(chows)) == found


@pytest.mark.parametrize(
    "pungs, found",
    [
        pytest.param("1m 1p E", ((F.DOUBLE_PUNG, (0, 1)),), id="an-honour-makes-no-triple-pung"),
        pytest.param("1m 1p 2s", ((F.DOUBLE_PUNG, (0, 1)),), id="1m-1p-2s-double-pung-only"),
        pytest.param("1m 2p 2s", ((F.DOUBLE_PUNG, (1, 2)),), id="1m-2p-2s-double-pung-only"),
        pytest.param("1m 2p 3s", ((F.MIXED_SHIFTED_PUNGS, (0, 1, 2)),), id="mixed-shifted-pungs"),
        pytest.param("7m 8m 9m 1p", ((F.PURE_SHIFTED_PUNGS, (0, 1, 2)),), id="four-pungs-need-one-suit"),
        pytest.param("1m 2m 3m 5m", ((F.PURE_SHIFTED_PUNGS, (0, 1, 2)),), id="four-pungs-need-four-in-a-row"),
        pytest.param("1m 2m 3m 4m", ((F.FOUR_PURE_SHIFTED_PUNGS, (0, 1, 2, 3)),), id="four-pure-shifted-pungs"),
        pytest.param(
            "1m 2m 1p 3s",
            ((F.MIXED_SHIFTED_PUNGS, (1, 2, 3)), (F.DOUBLE_PUNG, (2, 0))),
            id="the-fourth-pung-joins-the-first-of-the-trio-it-matches",
        ),
    ],
)
def test_pung_fans(pungs, found):
    assert pung_fans(sets(pungs)) == found
