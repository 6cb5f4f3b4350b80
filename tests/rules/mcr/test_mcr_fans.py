"""Every fan of MCR 3.8.1 (ids 1-81): a hand that scores it, and hands showing its exclusions.

Each case: the hand (CLI fields), the fans it must have ({id: count}) and the fans it must
NOT have (the exclusions of appendix 1 and 3.9.1.5).
"""

import pytest

from rules.mcr import FANS, Hand, score_hand


def fans_of(**fields):
    result = score_hand(Hand.from_dict(fields))
    assert result.error is None or "under 8" in result.error, result.error
    return {f.id: f.count for f in result.fans}, result


def case(fan_id, note, hand, has=None, lacks=()):
    has = has if has is not None else {fan_id: 1}
    name = FANS[fan_id].name.lower().replace(" ", "_").replace("&", "and")
    return pytest.param(hand, has, set(lacks), id=f"{fan_id:02d}-{name}-{note}")


CASES = [
    case(
        1, "excludes-winds-and-all-pungs", dict(concealed="EEESSSWWWNNN5m", win_tile="5m"), lacks=(38, 49, 60, 61, 73)
    ),
    case(2, "excludes-dragon-pungs", dict(concealed="CCCFFFPPP123m5p", win_tile="5p"), lacks=(54, 59)),
    case(3, "with-green-dragon-half-flush", dict(concealed="234234666888sF", win_tile="F"), has={3: 1, 50: 1}),
    case(3, "bamboo-only-full-flush", dict(concealed="2222344666888s", win_tile="3s"), has={3: 1, 22: 1}),
    case(
        4,
        "excludes-flush-concealed-terminal-pungs",
        dict(concealed="1112345678999m", win_tile="5m"),
        lacks=(22, 62, 73, 76),
    ),
    case(
        4,
        "self-drawn-fully-concealed",
        dict(concealed="1112345678999m", win_tile="9m", self_drawn=True),
        has={4: 1, 56: 1},
        lacks=(80, 73),
    ),
    case(
        5,
        "excludes-kong-fans-and-single-wait",
        dict(concealed="5p", melds=["kong EEEE", "kong 1111m", "concealed_kong 9999p", "kong SSSS"], win_tile="5p"),
        lacks=(17, 48, 49, 57, 67, 74, 79),
    ),
    case(6, "excludes-seven-pairs-flush", dict(concealed="2233445566778m", win_tile="8m"), lacks=(19, 22, 62, 76, 79)),
    case(
        6,
        "self-drawn-fully-concealed",
        dict(concealed="2233445566778m", win_tile="8m", self_drawn=True),
        has={6: 1, 56: 1},
        lacks=(80,),
    ),
    case(7, "excludes-all-types", dict(concealed="19m19p19sESWNCFP", win_tile="1m"), lacks=(18, 52, 62, 79)),
    case(
        8,
        "combines-with-double-pung",
        dict(concealed="111999m111p999s1s", win_tile="1s"),
        has={8: 1, 65: 2},
        lacks=(18, 49, 55, 73, 76),
    ),
    case(9, "excludes-big-three-winds", dict(concealed="EEESSSWWWN123m", win_tile="N"), lacks=(38, 73)),
    case(10, "excludes-dragon-pungs", dict(concealed="CCCFFFP123m789p", win_tile="P"), lacks=(54, 59)),
    case(11, "excludes-terminal-honor-fans", dict(concealed="EEESSSCCCFFFP", win_tile="P"), lacks=(18, 49, 55, 73)),
    case(
        12, "excludes-all-pungs-and-lesser", dict(concealed="111m222p333s555sE", win_tile="E"), lacks=(33, 49, 62, 66)
    ),
    case(13, "excludes-chow-fans", dict(concealed="1231237897895m", win_tile="5m"), lacks=(22, 63, 69, 72, 76)),
    case(14, "excludes-tile-hog", dict(concealed="2222333344445m", win_tile="5m"), lacks=(23, 64, 69)),
    case(15, "excludes-shifted-pungs", dict(concealed="1112223334449p", win_tile="9p"), lacks=(24, 49)),
    case(16, "step-one", dict(concealed="123234345456s5s", win_tile="5s"), lacks=(30, 71)),
    case(16, "step-two-no-terminal-chows", dict(concealed="123345567789sE", win_tile="E"), lacks=(30, 71, 72)),
    case(
        17,
        "excludes-kong-fans",
        dict(concealed="456m7s", melds=["kong 1111m", "kong 2222p", "concealed_kong 3333s"], win_tile="7s"),
        lacks=(48, 57, 67, 74),
    ),
    case(18, "excludes-pung-fans", dict(concealed="111m999pEEECCC9s", win_tile="9s"), lacks=(49, 55, 73)),
    case(19, "excludes-concealed-and-single", dict(concealed="1155m2266p3377sE", win_tile="E"), lacks=(62, 79)),
    case(
        19,
        "self-drawn-fully-concealed",
        dict(concealed="1155m2266p3377sE", win_tile="E", self_drawn=True),
        has={19: 1, 56: 1},
        lacks=(80,),
    ),
    case(20, "excludes-lesser-all-types", dict(concealed="147m258p3sESWNCF", win_tile="P"), lacks=(34, 52, 62, 79)),
    case(21, "excludes-all-pungs-simples", dict(concealed="222888m444p666s2s", win_tile="2s"), lacks=(49, 68, 76)),
    case(22, "excludes-no-honors", dict(concealed="1112222345678m", win_tile="9m"), has={22: 1, 28: 1}, lacks=(76,)),
    case(
        23, "excludes-pure-double-chow", dict(concealed="456p9s", melds=["chow 123m"] * 3, win_tile="9s"), lacks=(69,)
    ),
    case(24, "melded-pungs", dict(concealed="456p9s", melds=["pung 111m", "pung 222m", "pung 333m"], win_tile="9s")),
    case(25, "excludes-upper-four", dict(concealed="777888999m789p7s", win_tile="7s"), lacks=(36, 76)),
    case(26, "excludes-all-simples", dict(concealed="444555666m456p5s", win_tile="5s"), lacks=(68, 76)),
    case(27, "excludes-lower-four", dict(concealed="111222333m123p1s", win_tile="1s"), lacks=(37, 76)),
    case(28, "with-a-pair-wait", dict(concealed="123456789m123p5s", win_tile="5s")),
    case(29, "excludes-chow-fans", dict(concealed="123789m123789p5s", win_tile="5s"), lacks=(63, 70, 72, 76)),
    case(30, "step-one", dict(concealed="123234345mEESS", win_tile="E")),
    case(31, "excludes-all-simples", dict(concealed="345456m555p567s5s", win_tile="5s"), lacks=(68, 76)),
    case(
        32, "across-melds", dict(concealed="222s456m9p", melds=["pung 222m", "pung 222p"], win_tile="9p"), lacks=(65,)
    ),
    case(33, "pungs-concealed", dict(concealed="111m222p333s456s9m", win_tile="9m"), lacks=(66,)),
    case(
        34,
        "with-knitted-straight",
        dict(concealed="147m258p369sESWC", win_tile="N"),
        has={34: 1, 35: 1},
        lacks=(20, 52, 62, 79),
    ),
    case(35, "with-a-chow-and-pair", dict(concealed="147m258p369s123sE", win_tile="E")),
    case(36, "excludes-no-honors", dict(concealed="666m789m789p999s6p", win_tile="6p"), lacks=(76,)),
    case(37, "excludes-no-honors", dict(concealed="111m234m234p444s1p", win_tile="1p"), lacks=(76,)),
    case(
        38,
        "no-terminal-pung-for-winds",
        dict(concealed="EEESSSWWW123m5p", win_tile="5p", seat_wind="N", prevalent_wind="N"),
        lacks=(73, 9, 1),
    ),
    case(39, "three-suits", dict(concealed="123m456p789s234sE", win_tile="E")),
    case(40, "excludes-one-voided-suit", dict(concealed="123345888p456sP", win_tile="P"), lacks=(75,)),
    case(41, "excludes-mixed-double-chow", dict(concealed="123m123p123s456sE", win_tile="E"), lacks=(70,)),
    case(42, "across-melds", dict(concealed="333s456m9p", melds=["pung 111m", "pung 222p"], win_tile="9p")),
    case(
        43,
        "nothing-else",
        dict(concealed="45sEE", melds=["chow 234m", "chow 567p", "pung 888s"], win_tile="6s"),
        has={43: 1},
    ),
    case(
        44,
        "excludes-self-drawn",
        dict(concealed="123m456p789s234sE", win_tile="E", self_drawn=True, last_wall=True),
        lacks=(80,),
    ),
    case(45, "on-a-discard", dict(concealed="123m456p789s234sE", win_tile="E", last_wall=True)),
    case(
        46,
        "excludes-self-drawn",
        dict(concealed="123m456p789sE", melds=["kong 5555s"], win_tile="E", self_drawn=True, kong=True),
        lacks=(80,),
    ),
    case(
        47,
        "excludes-last-tile",
        dict(concealed="123m456p789s23sEE", win_tile="4s", kong=True, last_tile=True),
        lacks=(58,),
    ),
    case(
        48,
        "eight-points-excludes-two-concealed-pungs",
        dict(concealed="234s567s5p", melds=["concealed_kong 1111m", "concealed_kong 9999p"], win_tile="5p"),
        lacks=(66, 67),
    ),
    case(49, "melded", dict(concealed="777s888m9p", melds=["pung 222m", "pung 555p"], win_tile="9p")),
    case(50, "with-pure-straight", dict(concealed="123456789m222mE", win_tile="E"), has={50: 1, 28: 1}),
    case(51, "three-suits", dict(concealed="123m234p345s789mE", win_tile="E")),
    case(52, "five-types", dict(concealed="123m456p789sEEEC", win_tile="C")),
    case(
        53,
        "excludes-single-wait",
        dict(concealed="C", melds=["chow 123m", "pung 555p", "chow 789s", "pung EEE"], win_tile="C"),
        lacks=(79,),
    ),
    case(54, "excludes-dragon-pung", dict(concealed="CCCFFF123m456p9s", win_tile="9s"), lacks=(59,)),
    case(55, "every-set-terminal-or-honor", dict(concealed="123789m999p111sE", win_tile="E")),
    case(56, "excludes-self-drawn", dict(concealed="123m456p789s234sE", win_tile="E", self_drawn=True), lacks=(80, 62)),
    case(
        57,
        "two-melded-kongs",
        dict(concealed="234s678s9s", melds=["kong 1111m", "kong 5555p"], win_tile="9s"),
        lacks=(74,),
    ),
    case(
        57,
        "melded-and-concealed-kong-is-6",
        dict(concealed="234s678s9s", melds=["kong 1111m", "concealed_kong 5555p"], win_tile="9s"),
        has={57: 1, 67: 1},
        lacks=(74, 48),
    ),
    case(58, "flagged-on-a-discard", dict(concealed="123m456p789s23sEE", win_tile="4s", last_tile=True)),
    case(58, "other-three-in-own-pung", dict(concealed="67m123pEE", melds=["pung 555m", "chow 567p"], win_tile="5m")),
    case(
        58,
        "not-on-self-draw",
        dict(concealed="123m456p789s23sEE", win_tile="4s", last_tile=True, self_drawn=True),
        has={},
        lacks=(58,),
    ),
    case(59, "one-dragon", dict(concealed="CCC123m456p789s9s", win_tile="9s")),
    case(
        60,
        "round-wind",
        dict(concealed="SSS123m456p789s9s", win_tile="9s", seat_wind="E", prevalent_wind="S"),
        lacks=(61, 73),
    ),
    case(
        61,
        "seat-wind",
        dict(concealed="WWW123m456p789s9s", win_tile="9s", seat_wind="W", prevalent_wind="E"),
        lacks=(60, 73),
    ),
    case(62, "concealed-by-discard", dict(concealed="123m456p789s234sE", win_tile="E")),
    case(63, "excludes-no-honors", dict(concealed="123m456p789s234s5p", win_tile="5p"), lacks=(76,)),
    case(64, "four-without-kong", dict(concealed="111123m456p789s5s", win_tile="5s")),
    case(65, "melded-pungs", dict(concealed="123s789s9m", melds=["pung 555m", "pung 555p"], win_tile="9m")),
    case(66, "concealed-pungs", dict(concealed="555m555p123s789s9m", win_tile="9m")),
    case(67, "one-concealed-kong", dict(concealed="123p456p789sE", melds=["concealed_kong 5555m"], win_tile="E")),
    case(68, "excludes-no-honors", dict(concealed="234m456p678s345s8p", win_tile="8p"), lacks=(76,)),
    case(69, "same-suit", dict(concealed="112233m456p789sE", win_tile="E")),
    case(70, "two-suits", dict(concealed="123m123p456s789sE", win_tile="E")),
    case(71, "six-tile-straight", dict(concealed="123456m789p234sE", win_tile="E")),
    case(72, "123-and-789", dict(concealed="123789m456p234sE", win_tile="E")),
    case(73, "terminal-pung", dict(concealed="111m456p789s234sE", win_tile="E")),
    case(74, "one-melded-kong", dict(concealed="123p456p789sE", melds=["kong 5555m"], win_tile="E")),
    case(75, "two-suits", dict(concealed="123m456m789p234pE", win_tile="E")),
    case(76, "with-a-pung", dict(concealed="222m456p789s234s5s", win_tile="5s")),
    case(77, "edge", dict(concealed="12m456p789s234sEE", win_tile="3m")),
    case(78, "closed", dict(concealed="13m456p789s234sEE", win_tile="2m")),
    case(79, "single", dict(concealed="123m456p789s234sE", win_tile="E")),
    case(79, "not-when-two-tiles-wait", dict(concealed="123m456p789s2345s", win_tile="5s"), has={}, lacks=(79,)),
    case(
        80,
        "self-drawn-with-melds",
        dict(concealed="456p789s234sE", melds=["chow 123m"], win_tile="E", self_drawn=True),
        lacks=(56,),
    ),
    case(81, "flowers-counted", dict(concealed="123m456p789s234sE", win_tile="E", flowers=3), has={81: 3}),
]


@pytest.mark.parametrize("hand,has,lacks", CASES)
def test_fan(hand, has, lacks):
    fans, result = fans_of(**hand)
    for fan_id, count in has.items():
        assert fans.get(fan_id) == count, f"{FANS[fan_id].name}: expected x{count}, got {fans}"
    for fan_id in lacks:
        assert fan_id not in fans, f"{FANS[fan_id].name} should be excluded: {fans}"
    assert result.total == sum(f.points * f.count for f in result.fans)


def test_every_fan_has_a_case():
    covered = {p.id.split("-")[0] for p in CASES}
    assert covered == {f"{i:02d}" for i in range(1, 82)}


def test_two_concealed_kongs_is_eight_points():
    _, result = fans_of(concealed="234s567s5p", melds=["concealed_kong 1111m", "concealed_kong 9999p"], win_tile="5p")
    assert next(f for f in result.fans if f.id == 48).points == 8


def test_melded_and_concealed_kong_total_six():
    _, result = fans_of(concealed="234s678s9s", melds=["kong 1111m", "concealed_kong 5555p"], win_tile="9s")
    assert sum(f.points for f in result.fans if f.id in (57, 67)) == 6


def test_fan_table_is_complete():
    assert sorted(FANS) == list(range(1, 82))
    assert sum(1 for f in FANS.values() if f.points == 88) == 7
    for f in FANS.values():
        assert f.name and f.name_es


def test_highest_arrangement_is_chosen():
    # 111 222 333 m read as pungs (Pure Shifted Pungs 24) or chows (Pure Triple Chow 24);
    # with a melded chow 123m the chows give Quadruple Chow (48).
    fans, result = fans_of(concealed="111222333m5p", melds=["chow 123m"], win_tile="5p")
    assert 14 in fans and result.valid


def test_sources_name_the_sets():
    _, result = fans_of(concealed="123m456p789s234sE", win_tile="E")
    mixed = next(f for f in result.fans if f.id == 39)
    assert mixed.sources == ["chow 123m + chow 456p + chow 789s"]
    single = next(f for f in result.fans if f.id == 79)
    assert single.sources == ["winning tile E"]


def test_reference_names_cover_every_fan():
    from rules.mcr.fans import REFERENCE_MELDED_AND_CONCEALED_KONG, REFERENCE_NAMES

    assert sorted(REFERENCE_NAMES) == list(range(1, 82))
    assert len(set(REFERENCE_NAMES.values())) == 81
    assert REFERENCE_MELDED_AND_CONCEALED_KONG == "明暗杠"


def test_chinese_names_are_the_rulebooks():
    """Every fan has its own standard Chinese name; the reference's 独听 marker is not part of a wait's name."""
    from rules.mcr.fans import REFERENCE_NAMES

    names = {f.id: f.name_zh for f in FANS.values()}
    assert len(set(names.values())) == 81 and all(names.values())
    assert (names[77], names[78], names[79]) == ("边张", "嵌张", "单钓将")
    assert all(names[i] == REFERENCE_NAMES[i] for i in names if i not in (77, 78, 79))
    assert (names[1], names[43], names[48], names[81]) == ("大四喜", "无番和", "双暗杠", "花牌")
    _, result = fans_of(concealed="123m456p789s234sE", win_tile="E")
    assert [f.to_dict()["name_zh"] for f in result.fans] == ["花龙", "门前清", "单钓将"]


# MCR 3.8.1 numbers the fans from the most valuable down: (first id, last id) -> points.
RULEBOOK_POINTS = {
    (1, 7): 88,
    (8, 13): 64,
    (14, 15): 48,
    (16, 18): 32,
    (19, 27): 24,
    (28, 33): 16,
    (34, 38): 12,
    (39, 48): 8,
    (49, 54): 6,
    (55, 58): 4,
    (59, 68): 2,
    (69, 81): 1,
}


def test_every_fan_is_worth_what_the_rulebook_says():
    from rules.mcr.fans import POINTS

    expected = {i: points for (first, last), points in RULEBOOK_POINTS.items() for i in range(first, last + 1)}
    assert {i: FANS[i].points for i in FANS} == expected
    assert {i: POINTS[i] for i in FANS} == expected


def test_the_references_melded_and_concealed_kong_is_two_of_our_fans_worth_six():
    from rules.mcr import fans as F

    (fans,) = F.REFERENCE_SPECIAL_NAMES.values()
    assert fans == (F.TWO_MELDED_KONGS, F.CONCEALED_KONG)
    assert sum(FANS[i].points for i in fans) == 6


@pytest.mark.parametrize(
    "fan_id, name_es",
    [(2, "Tres Grandes Dragones"), (9, "Cuatro Pequeños Vientos"), (10, "Tres Pequeños Dragones")],
)
def test_spanish_names_count_the_right_tiles(fan_id, name_es):
    # Little Three Dragons was shown in Spanish as "Cuatro Pequeños Dragones", though there are three dragons.
    assert FANS[fan_id].name_es == name_es
