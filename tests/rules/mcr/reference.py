"""Adapter to the reference calculator PyMahjongGB (module `MahjongGB`).

`reference_score(d)` takes a hand in the engine's input-dict format and returns
`{"total": int, "fans": {fan_id: count}}` with our rulebook fan ids 1-81, or
`{"error": "..."}` when the reference refuses the hand (not winning, bad tile count...).
It reports the reference's own judgement, raw: the accepted rulebook differences are applied
by the differential test, never here.
"""

import MahjongGB

from tests.rules.mcr.handgen import parse_meld, parse_tiles

# Our rulebook id (3.8.1 order) -> the reference's Chinese fan name. Probed with verbose=True,
# whose English names are given beside each for review. Kept here, independent of the
# engine's rules.mcr.fans.REFERENCE_NAMES, so that a slip in either table shows up as a
# test failure instead of being shared by both sides of the comparison.
OUR_ID_TO_REFERENCE = {
    1: "大四喜",  # Big Four Winds
    2: "大三元",  # Big Three Dragons
    3: "绿一色",  # All Green
    4: "九莲宝灯",  # Nine Gates
    5: "四杠",  # Four Kongs
    6: "连七对",  # Seven Shifted Pairs
    7: "十三幺",  # Thirteen Orphans
    8: "清幺九",  # All Terminals
    9: "小四喜",  # Little Four Winds
    10: "小三元",  # Little Three Dragons
    11: "字一色",  # All Honors
    12: "四暗刻",  # Four Concealed Pungs
    13: "一色双龙会",  # Pure Terminal Chows
    14: "一色四同顺",  # Quadruple Chow
    15: "一色四节高",  # Four Pure Shifted Pungs
    16: "一色四步高",  # Four Pure Shifted Chows
    17: "三杠",  # Three Kongs
    18: "混幺九",  # All Terminals and Honors
    19: "七对",  # Seven Pairs
    20: "七星不靠",  # Greater Honors and Knitted Tiles
    21: "全双刻",  # All Even Pungs
    22: "清一色",  # Full Flush
    23: "一色三同顺",  # Pure Triple Chow
    24: "一色三节高",  # Pure Shifted Pungs
    25: "全大",  # Upper Tiles
    26: "全中",  # Middle Tiles
    27: "全小",  # Lower Tiles
    28: "清龙",  # Pure Straight
    29: "三色双龙会",  # Three-Suited Terminal Chows
    30: "一色三步高",  # Pure Shifted Chows
    31: "全带五",  # All Fives
    32: "三同刻",  # Triple Pung
    33: "三暗刻",  # Three Concealed Pungs
    34: "全不靠",  # Lesser Honors and Knitted Tiles
    35: "组合龙",  # Knitted Straight
    36: "大于五",  # Upper Four
    37: "小于五",  # Lower Four
    38: "三风刻",  # Big Three Winds
    39: "花龙",  # Mixed Straight
    40: "推不倒",  # Reversible Tiles
    41: "三色三同顺",  # Mixed Triple Chow
    42: "三色三节高",  # Mixed Shifted Pungs
    43: "无番和",  # Chicken Hand
    44: "妙手回春",  # Last Tile Draw
    45: "海底捞月",  # Last Tile Claim
    46: "杠上开花",  # Out with Replacement Tile
    47: "抢杠和",  # Robbing The Kong
    48: "双暗杠",  # Two Concealed Kongs
    49: "碰碰和",  # All Pungs
    50: "混一色",  # Half Flush
    51: "三色三步高",  # Mixed Shifted Chows
    52: "五门齐",  # All Types
    53: "全求人",  # Melded Hand
    54: "双箭刻",  # Two Dragon Pungs
    55: "全带幺",  # Outside Hand
    56: "不求人",  # Fully Concealed Hand
    57: "双明杠",  # Two Melded Kongs
    58: "和绝张",  # Last Tile
    59: "箭刻",  # Dragon Pung
    60: "圈风刻",  # Prevalent Wind
    61: "门风刻",  # Seat Wind
    62: "门前清",  # Concealed Hand
    63: "平和",  # All Chows
    64: "四归一",  # Tile Hog
    65: "双同刻",  # Double Pung
    66: "双暗刻",  # Two Concealed Pungs
    67: "暗杠",  # Concealed Kong
    68: "断幺",  # All Simples
    69: "一般高",  # Pure Double Chow
    70: "喜相逢",  # Mixed Double Chow
    71: "连六",  # Short Straight
    72: "老少副",  # Two Terminal Chows
    73: "幺九刻",  # Pung of Terminals or Honors
    74: "明杠",  # Melded Kong
    75: "缺一门",  # One Voided Suit
    76: "无字",  # No Honors
    77: "独听・边张",  # Edge Wait
    78: "独听・嵌张",  # Closed Wait
    79: "独听・单钓",  # Single Wait
    80: "自摸",  # Self-Drawn
    81: "花牌",  # Flower Tiles
}

# The reference's one fan outside the 81: a melded plus a concealed kong (5 points). The
# rulebook scores that as Two Melded Kongs + Concealed Kong (57 note); the differential
# test's normalisation rewrites it. Kept under its own key so it can never pass unnoticed.
MELDED_AND_CONCEALED_KONG = "明暗杠"
MIXED_KONGS_KEY = "mixed_kongs"

REFERENCE_TO_OUR_ID = {name: fan_id for fan_id, name in OUR_ID_TO_REFERENCE.items()}

WIND_INDEX = {"E": 0, "S": 1, "W": 2, "N": 3}


def ref_tile(t):
    if t < 27:
        return "WBT"[t // 9] + str(t % 9 + 1)
    if t < 31:
        return f"F{t - 26}"
    return f"J{t - 30}"


def reference_args(d):
    """Keyword arguments of MahjongGB.MahjongFanCalculator for an engine-format dict."""
    packs = []
    for text in d.get("melds", ()):
        kind, tiles = parse_meld(text)
        tiles = sorted(tiles)
        if kind == "chow":
            packs.append(("CHI", ref_tile(tiles[1]), 1))  # offer: the claimed tile's place
        elif kind == "pung":
            packs.append(("PENG", ref_tile(tiles[0]), 1))  # offer 1..3: the discarder
        elif kind == "kong":
            packs.append(("GANG", ref_tile(tiles[0]), 1))
        elif kind == "concealed_kong":
            packs.append(("GANG", ref_tile(tiles[0]), 0))  # offer 0 marks it concealed
        else:
            raise ValueError(f"unknown meld kind {kind!r}")
    [win] = parse_tiles(d["win_tile"])
    return dict(
        pack=tuple(packs),
        hand=tuple(ref_tile(t) for t in parse_tiles(d["concealed"])),
        winTile=ref_tile(win),
        flowerCount=int(d.get("flowers", 0)),
        isSelfDrawn=bool(d.get("self_drawn", False)),
        is4thTile=bool(d.get("last_tile", False)),
        isAboutKong=bool(d.get("kong", False)),
        isWallLast=bool(d.get("last_wall", False)),
        seatWind=WIND_INDEX[d.get("seat_wind", "E")],
        prevalentWind=WIND_INDEX[d.get("prevalent_wind", "E")],
    )


def reference_raw(d):
    """The reference's verbose answer: tuple of (points, count, chinese, english)."""
    return MahjongGB.MahjongFanCalculator(verbose=True, **reference_args(d))


def reference_score(d):
    try:
        raw = reference_raw(d)
    except TypeError as exc:
        return {"error": str(exc)}
    fans, total = {}, 0
    for points, count, name, english in raw:
        key = REFERENCE_TO_OUR_ID.get(name)
        if key is None:
            if name != MELDED_AND_CONCEALED_KONG:
                raise KeyError(f"reference fan {name!r} ({english}) has no id in our table")
            key = MIXED_KONGS_KEY
        fans[key] = fans.get(key, 0) + count
        total += points * count
    return {"total": total, "fans": fans}
