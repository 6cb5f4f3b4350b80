"""Differential test: our MCR engine against the reference calculator PyMahjongGB.

Every generated hand must get IDENTICAL fans (id and count) and total from both, after the
reference's result has gone through `normalise_reference`, which applies the accepted
rulebook-vs-reference differences (docs/mcr-differences.md), each a named rule that fires
only when its condition holds. Anything else is an engine bug.
"""

import collections
import functools
import warnings

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.rules.mcr.handgen import HandGenerator, hand_from_notation, hand_notation, parse_meld, parse_tiles
from tests.rules.mcr.reference import MIXED_KONGS_KEY, OUR_ID_TO_REFERENCE, reference_score

HANDS = 20_000
SEED = 20260522

# Rulebook points of the fans the normalisation rules touch.
POINTS = {48: 8, 50: 6, 56: 4, 57: 4, 58: 4, 65: 2, 67: 2, 73: 1, 80: 1}
CONCEALED_SPECIALS = {
    4: "Nine Gates",
    6: "Seven Shifted Pairs",
    7: "Thirteen Orphans",
    12: "Four Concealed Pungs",
    19: "Seven Pairs",
    20: "Greater Honors and Knitted Tiles",
    34: "Lesser Honors and Knitted Tiles",
}


# Engine bugs still open at the deadline: (name, predicate(hand, ours, reference)). Each is
# printed with its count on every run; see tests/rules/mcr/KNOWN_MISMATCHES.md.
def _tied_swap(*swaps):
    """A predicate: same total, and the fans differ exactly by one of the given swaps
    ({fan id: ours minus reference}), i.e. two readings tie and the engine keeps the other."""

    def predicate(d, ours, expected):
        if "error" in ours or "error" in expected or ours["total"] != expected["total"]:
            return False
        a, b = ours["fans"], expected["fans"]
        diff = {k: a.get(k, 0) - b.get(k, 0) for k in a.keys() | b.keys() if a.get(k, 0) != b.get(k, 0)}
        return diff in swaps

    return predicate


KNOWN_ENGINE_BUGS = [
    # 888m 888s 5556788p +8p on a discard: 888p 55 567 (Triple Pung + Two Concealed Pungs)
    # or 555p 678p 88 (Three Concealed Pungs + Double Pung), 18 either way.
    (
        "triple_pung_vs_three_concealed_pungs_on_tied_readings",
        _tied_swap({32: -1, 33: 1, 65: 1, 66: -1}, {32: 1, 33: -1, 65: -1, 66: 1}),
    ),
]


def all_tiles(d):
    tiles = parse_tiles(d["concealed"]) + parse_tiles(d["win_tile"])
    for text in d.get("melds", ()):
        tiles += parse_meld(text)[1]
    return tiles


def _add(fans, fan_id, count=1):
    fans[fan_id] = fans.get(fan_id, 0) + count
    if fans[fan_id] <= 0:
        del fans[fan_id]


# --- accepted differences, one function per rule ------------------------------------------
# Each takes (hand dict, fans dict, total) and returns the new total, changing fans in place,
# or None when its condition does not hold.


def rule_two_concealed_kongs(d, fans, total):
    """Two Concealed Kongs is 8 points in the rulebook (48), 6 in the reference."""
    if 48 not in fans:
        return None
    return total + (8 - 6) * fans[48]


def rule_melded_and_concealed_kong(d, fans, total):
    """One melded + one concealed kong: Two Melded Kongs (4) + Concealed Kong (2), 57 note;
    the reference has its own 5-point fan for it."""
    if MIXED_KONGS_KEY not in fans:
        return None
    del fans[MIXED_KONGS_KEY]
    _add(fans, 57)
    _add(fans, 67)
    return total - 5 + POINTS[57] + POINTS[67]


def rule_all_terminals_double_pung(d, fans, total):
    """All Terminals combines with Double Pung (rulebook); the reference drops it."""
    if 8 not in fans or 65 in fans:
        return None
    counts = collections.Counter(all_tiles(d))
    by_number = collections.Counter(t % 9 for t, c in counts.items() if c >= 3)
    doubles = sum(1 for n in by_number.values() if n == 2)
    if not doubles:
        return None
    _add(fans, 65, doubles)
    return total + POINTS[65] * doubles


def rule_all_green_half_flush(d, fans, total):
    """All Green using green dragons also scores Half Flush (rulebook); the reference drops it."""
    if 3 not in fans or 50 in fans or "F" not in all_tile_names(d):
        return None
    _add(fans, 50)
    return total + POINTS[50]


def rule_concealed_special_self_drawn(d, fans, total):
    """Self-drawn concealed special hands score Fully Concealed Hand in place of Self-Drawn.

    Also when another fan (Last Tile Draw, Out with Replacement Tile) already displaced
    Self-Drawn: the rulebook ties Fully Concealed to winning from the wall, not to Self-Drawn."""
    if not d.get("self_drawn") or 56 in fans or not CONCEALED_SPECIALS.keys() & fans.keys():
        return None
    if 80 in fans:
        del fans[80]
        total -= POINTS[80]
    _add(fans, 56)
    return total + POINTS[56]


def rule_nine_gates_no_terminal_pung(d, fans, total):
    """Nine Gates never scores Pung of Terminals or Honors (rulebook); the reference keeps one."""
    if 4 not in fans or 73 not in fans:
        return None
    count = fans.pop(73)
    return total - POINTS[73] * count


def rule_last_tile_discard_only(d, fans, total):
    """Last Tile is scored only on a discard (58: 'Cerrar con una ficha descartada')."""
    if not d.get("self_drawn") or 58 not in fans:
        return None
    del fans[58]
    return total - POINTS[58]


RULES = [
    rule_two_concealed_kongs,
    rule_melded_and_concealed_kong,
    rule_all_terminals_double_pung,
    rule_all_green_half_flush,
    rule_concealed_special_self_drawn,
    rule_nine_gates_no_terminal_pung,
    rule_last_tile_discard_only,
]


# --- accepted arrangement changes -------------------------------------------------------------
# Where an accepted difference changes WHICH arrangement is the highest, the reference's fans
# cannot be rewritten into ours; such a rule accepts our result only under its condition.


def accept_seven_pairs_outranks_on_self_draw(d, ours, expected):
    """Difference 5 as it affects the choice: self-drawn, the tiles also form Seven Pairs, the
    reference tied or nearly tied and kept four sets and a pair; with Fully Concealed Hand (+3)
    in place of Self-Drawn the Seven Pairs reading is the highest (free choice, 3.9.1.5)."""
    if not d.get("self_drawn") or d.get("melds") or "error" in ours or "error" in expected:
        return False
    if any(c % 2 for c in collections.Counter(all_tiles(d)).values()):
        return False
    if {6, 19} & expected["fans"].keys() or 19 not in ours["fans"] or 56 not in ours["fans"]:
        return False
    # +3 when Fully Concealed replaces Self-Drawn, +4 when Last Tile Draw or Out with
    # Replacement Tile had displaced Self-Drawn already (rule 5).
    gain = POINTS[56] - (POINTS[80] if 80 in expected["fans"] else 0)
    return expected["total"] < ours["total"] <= expected["total"] + gain


ARRANGEMENT_RULES = [accept_seven_pairs_outranks_on_self_draw]


def all_tile_names(d):
    return d["concealed"] + d["win_tile"] + "".join(d.get("melds", ()))


def normalise_reference(d, ref):
    """The reference's result as the rulebook scores it; returns (result, names of rules applied)."""
    if "error" in ref:
        return ref, []
    fans, total, applied = dict(ref["fans"]), ref["total"], []
    for rule in RULES:
        new_total = rule(d, fans, total)
        if new_total is not None:
            total = new_total
            applied.append(rule.__name__)
    return {"total": total, "fans": fans}, applied


@functools.lru_cache(maxsize=1)
def generated_run():
    """The hands of the run with the reference's raw results and the generator's recipes."""
    gen = HandGenerator(SEED)
    run = []
    for _ in range(HANDS):
        d = gen.next()
        run.append((gen.recipe, d, reference_score(d)))
    return run


def fan_diff(ours, ref):
    """Category of a mismatch: each differing fan as +id (ours has more) or -id (fewer)."""
    if "error" in ours or "error" in ref:
        return f"error: ours {ours.get('error', '-')[:60]} / reference {ref.get('error', '-')[:60]}"
    a, b = ours["fans"], ref["fans"]
    parts = []
    for fan_id in sorted(a.keys() | b.keys(), key=str):
        delta = a.get(fan_id, 0) - b.get(fan_id, 0)
        if delta:
            parts.append(f"{'+' if delta > 0 else '-'}{fan_id}" + (f"x{abs(delta)}" if abs(delta) > 1 else ""))
    return " ".join(parts) or f"same fans, total {ours['total']} vs {ref['total']}"


# --- generator sanity: needs only the reference ---------------------------------------------


def test_reference_accepts_every_generated_hand():
    refused = [(recipe, d, r) for recipe, d, r in generated_run() if "error" in r]
    msg = "\n".join(f"{recipe}: {hand_notation(d)} -> {r['error']}" for recipe, d, r in refused[:20])
    assert not refused, f"{len(refused)} generated hands refused by the reference:\n{msg}"


def test_generated_hands_are_physically_possible():
    """The reference does not count tiles across melds; we must: at most four of a tile,
    fourteen tiles plus one per kong, melds that are what they say."""
    for recipe, d, _ in generated_run():
        tiles = all_tiles(d)
        kongs = sum(1 for m in d["melds"] if "kong" in parse_meld(m)[0])
        assert len(tiles) == 14 + kongs, (recipe, hand_notation(d))
        assert max(collections.Counter(tiles).values()) <= 4, (recipe, hand_notation(d))
        for m in d["melds"]:
            kind, ts = parse_meld(m)
            ts = sorted(ts)
            if kind == "chow":
                assert ts[0] < 27 and ts == [ts[0], ts[0] + 1, ts[0] + 2] and ts[0] % 9 <= 6, m
            else:
                assert len(ts) == (3 if kind == "pung" else 4) and len(set(ts)) == 1, m
        assert 0 <= d.get("flowers", 0) <= 8


@settings(derandomize=True, max_examples=150, deadline=None)
@given(st.integers(min_value=0, max_value=2**63))
def test_any_seed_gives_hands_the_reference_accepts(seed):
    """The fixed-seed run above must not be the only one that works."""
    gen = HandGenerator(seed)
    for _ in range(20):
        d = gen.next()
        result = reference_score(d)
        assert "error" not in result, (gen.recipe, hand_notation(d), result)
        assert max(collections.Counter(all_tiles(d)).values()) <= 4, (gen.recipe, hand_notation(d))
        assert hand_from_notation(hand_notation(d)) == {"flowers": 0, **d}


def test_notation_round_trips():
    from tests.rules.mcr.handgen import format_tiles

    for _, d, _ in generated_run()[:2000]:
        assert format_tiles(parse_tiles(d["concealed"])) == d["concealed"]


def test_generator_is_deterministic():
    a, b = HandGenerator(7), HandGenerator(7)
    assert [a.next() for _ in range(300)] == [b.next() for _ in range(300)]


def test_enough_hands_reach_eight_points():
    run = generated_run()
    valid = sum(1 for _, d, r in run if r["total"] - r["fans"].get(81, 0) >= 8)
    print(f"\n{valid}/{len(run)} generated hands score at least 8 points before flowers (reference)")
    assert 0.5 <= valid / len(run) < 1.0  # a healthy share valid, and some deliberately not


def coverage(run):
    """What the run reaches, judged from the hand dicts and the reference's output."""
    seen = collections.Counter()
    for _, d, r in run:
        fans = r["fans"]
        seen.update(f"fan {i}" for i in fans if isinstance(i, int))
        if 7 in fans:
            seen["structure thirteen orphans"] += 1
        elif 19 in fans or 6 in fans:
            seen["structure seven pairs"] += 1
        elif 20 in fans:
            seen["structure greater honors and knitted"] += 1
        elif 34 in fans:
            seen["structure lesser honors and knitted"] += 1
        elif 35 in fans:
            seen["structure knitted straight + set + pair"] += 1
        else:
            seen["structure four sets and a pair"] += 1
            if len(d["melds"]) < 4:
                seen["meld concealed set"] += 1
        seen.update(f"meld {parse_meld(m)[0]}" for m in d["melds"])
        self_drawn = bool(d.get("self_drawn"))
        seen[f"flag self_drawn={self_drawn}"] += 1
        seen[f"flag flowers={d.get('flowers', 0)}"] += 1
        for flag in ("last_tile", "kong", "last_wall"):
            if d.get(flag):
                seen[f"flag {flag} {'self-drawn' if self_drawn else 'discard'}"] += 1
        seen[f"flag seat_wind={d.get('seat_wind', 'E')}"] += 1
        seen[f"flag prevalent_wind={d.get('prevalent_wind', 'E')}"] += 1
    return seen


EXPECTED_COVERAGE = (
    [f"fan {i}" for i in range(1, 82)]
    + [
        f"structure {s}"
        for s in (
            "thirteen orphans",
            "seven pairs",
            "greater honors and knitted",
            "lesser honors and knitted",
            "knitted straight + set + pair",
            "four sets and a pair",
        )
    ]
    + [f"meld {k}" for k in ("chow", "pung", "kong", "concealed_kong", "concealed set")]
    + ["flag self_drawn=True", "flag self_drawn=False"]
    + [f"flag flowers={n}" for n in range(9)]
    + [f"flag {f} {how}" for f in ("last_tile", "kong", "last_wall") for how in ("self-drawn", "discard")]
    + [f"flag {w}={x}" for w in ("seat_wind", "prevalent_wind") for x in "ESWN"]
)


def test_generator_covers_every_fan_structure_meld_and_flag():
    seen = coverage(generated_run())
    missing = [k for k in EXPECTED_COVERAGE if not seen[k]]
    rare = sorted((seen[k], k) for k in EXPECTED_COVERAGE)[:12]
    print("\nrarest:", ", ".join(f"{k} x{n}" for n, k in rare))
    assert not missing, f"never reached in {HANDS} hands: {missing}"


def test_normalisation_rules_each_fire():
    """Every accepted difference must be exercised, or its rule is untested."""
    fired = collections.Counter()
    for _, d, r in generated_run():
        fired.update(normalise_reference(d, r)[1])
    print("\nnormalisation rules fired:", dict(fired))
    assert set(fired) == {rule.__name__ for rule in RULES}


# --- the differential run itself ------------------------------------------------------------


def test_engine_reference_names_agree_with_adapter():
    fans = pytest.importorskip("rules.mcr.fans", reason="engine fan table not there yet")
    names = getattr(fans, "REFERENCE_NAMES", None)
    if names is None:
        pytest.skip("rules.mcr.fans.REFERENCE_NAMES not there yet")
    wrong = {i: (names.get(i), ref) for i, ref in OUR_ID_TO_REFERENCE.items() if names.get(i) != ref}
    assert not wrong, f"engine name -vs- name PyMahjongGB 1.4.0 prints (verbose=True): {wrong}"


def engine_score(d):
    from rules.mcr import Hand, HandError, score_hand

    try:
        result = score_hand(Hand.from_dict(d))
    except HandError as exc:
        return {"error": f"HandError: {exc}"}
    if not result.fans and result.error:
        return {"error": result.error, "total": result.total}
    fans = {}
    for fan in result.fans:
        fans[fan.id] = fans.get(fan.id, 0) + fan.count
    out = {"total": result.total, "fans": fans}
    flowers = fans.get(81, 0)
    # An under-8 hand still carries its fans; valid (and only valid) follows the 8-point rule.
    if bool(result.valid) != (result.total - flowers >= 8):
        out["error"] = f"valid={result.valid} inconsistent with total {result.total}, flowers {flowers}"
    return out


PINNED_HANDS = [
    # One hand per mismatch category the harness has found so far (category as found:
    # +id the engine had it, -id the reference had it). See KNOWN_MISMATCHES.md.
    "3456679m147p258s +7m flowers=8 seat=W wind=N",  # -63 +76
    "223458m369p147sP +P flowers=0 seat=W wind=S",  # -79
    "78999m789p77899s +8s flowers=0 seat=W wind=N",  # -69
    "112347m2558p369s +5p flowers=0 seat=W wind=S",  # -63 +76 -79
    "[chow 123s] [chow 123s] 112233m1p +1p flowers=0 seat=S wind=W",  # -69 +70
    "1222345566789p +4p flowers=2 seat=N wind=W",  # -69 +71
    "1113333666777p +2p flowers=4 seat=W wind=S",  # +78
    "12379m22789p456s +8m flowers=1 seat=S wind=E",  # -70 +72
    "234m3333456p456s +6p flowers=0 seat=S wind=E",  # +79
    "456789m55789p12s +3s flowers=3 seat=N wind=E",  # -70 +71
    "24458m369p12447s +3s flowers=1 seat=N wind=W",  # -63 +76 -78
    "12456778899mEE +3m flowers=3 seat=S wind=W self_drawn",  # -69 +72
    "2222334445556s +5s flowers=0 seat=S wind=S",  # +77
    "147m258p36689sSS +7s flowers=1 seat=W wind=N",  # -78
    "1235566678999p +5p flowers=8 seat=N wind=E",  # -72 +73
    "12369m25899p147s +3m flowers=0 seat=W wind=E self_drawn",  # -63 +76 -77
    "1112344446888s +5s flowers=7 seat=N wind=N self_drawn,last_wall",  # +71 -73
    "45666678999mNN +N flowers=1 seat=E wind=S self_drawn",  # -71 +73
    "[chow 234p] [chow 123p] 1122344p +3p flowers=0 seat=W wind=E self_drawn",  # +77 -78
    "[chow 678s] [chow 789s] 6678899s +7s flowers=8 seat=W wind=S",  # -77 +78
    "2333344445599m +5m flowers=0 seat=S wind=S",  # -23 +24 -63 +66
    "333444555p5556s +7s flowers=2 seat=N wind=W",  # -23 +24 -31 +33 -63 +68
    "78889m77788999s +8s flowers=6 seat=E wind=N",  # -23 +24 -63 +66 -70 +73
    "1234477788899s +9s flowers=0 seat=W wind=E",  # -23 +24 -63 +66 -72 +73
    "4445566699m456s +5m flowers=0 seat=E wind=N",  # -23 +24 -63 +66 -70 +76
    "1145677888999p +7p flowers=2 seat=N wind=W",  # -23 +24 -63 +66 -71 +73
    "11m22233444567s +3s flowers=0 seat=S wind=W",  # -23 +24 -63 +66 -71 +76
    "44556m44555566p +6m flowers=0 seat=W wind=W self_drawn",  # accepted: Seven Pairs outranks
    "55m445566p44566s +5s flowers=0 seat=S wind=S self_drawn",  # accepted: Seven Pairs outranks
    "556677m55677p55s +6p flowers=0 seat=E wind=S self_drawn,last_wall",  # accepted: Seven Pairs outranks (+4)
    "888m5556788p888s +8p flowers=2 seat=N wind=S last_wall",  # -32 +33 +65 -66
]


def _require_engine():
    try:
        import rules.mcr as mcr

        mcr.Hand, mcr.score_hand, mcr.HandError  # noqa: B018
    except (ImportError, AttributeError) as exc:
        pytest.skip(f"MCR engine not importable yet (rules.mcr.Hand/score_hand): {exc}")


def assert_engine_matches(cases, label):
    """cases: (recipe, hand dict, reference raw result). Fails listing every category."""
    mismatches = collections.defaultdict(list)
    known, arrangement = collections.Counter(), collections.Counter()
    for recipe, d, ref in cases:
        expected, applied = normalise_reference(d, ref)
        ours = engine_score(d)
        if ours == expected:
            continue
        accepted = next((rule.__name__ for rule in ARRANGEMENT_RULES if rule(d, ours, expected)), None)
        if accepted:
            arrangement[accepted] += 1
            continue
        bug = next((name for name, pred in KNOWN_ENGINE_BUGS if pred(d, ours, expected)), None)
        if bug:
            known[bug] += 1
            continue
        mismatches[fan_diff(ours, expected)].append((recipe, d, ours, expected, applied))

    print(f"\n{label}: {len(cases)} hands compared; accepted arrangement changes: {dict(arrangement)}")
    if known:
        message = f"KNOWN_ENGINE_BUGS still open (hands tolerated, see KNOWN_MISMATCHES.md): {dict(known)}"
        print(message)
        warnings.warn(message, stacklevel=1)  # shown in pytest's summary even when passing
    if mismatches:
        total = sum(len(v) for v in mismatches.values())
        lines = [f"{label}: {total} of {len(cases)} hands differ, {len(mismatches)} categories (ours-vs-reference):"]
        for key, found in sorted(mismatches.items(), key=lambda kv: -len(kv[1])):
            lines.append(f"\n== {key}: {len(found)} hands")
            for recipe, d, ours, expected, applied in found[:3]:
                lines.append(f"  {hand_notation(d)}   [{recipe}]")
                lines.append(f"    ours:      {ours}")
                lines.append(f"    reference: {expected}  rules: {applied}")
        pytest.fail("\n".join(lines), pytrace=False)


def test_engine_matches_reference_on_generated_hands():
    _require_engine()
    assert_engine_matches(generated_run(), "generated")


def test_engine_matches_reference_on_pinned_hands():
    _require_engine()
    cases = []
    for text in PINNED_HANDS:
        d = hand_from_notation(text)
        cases.append(("pinned", d, reference_score(d)))
    assert_engine_matches(cases, "pinned")
