"""Seeded generator of random winning MCR hands, in the engine's input-dict format.

Pure Python on purpose (no Django): the differential test, the benchmark and the CLI all
use it outside a configured project.

Uniformly random tiles almost never reach the 88/64-point fans, so each hand is built from
a weighted *recipe* (flush, winds, nine gates, shifted chows, knitted tiles...). A recipe
yields a decomposition (four sets and a pair, or a special structure); the generator then
decides which sets are melded or kongs, picks the winning tile among the concealed ones and
sets flags that a real table could produce.

Tiles are ints 0..33: 0-8 characters (m), 9-17 dots (p), 18-26 bamboo (s), 27-30 winds
E S W N, 31-33 dragons C (red), F (green), P (white).
"""

import random

SUIT_LETTERS = "mps"
HONOR_LETTERS = "ESWNCFP"
WINDS = "ESWN"
ALL_TILES = tuple(range(34))
HONORS = tuple(range(27, 34))
WIND_TILES = (27, 28, 29, 30)
DRAGON_TILES = (31, 32, 33)


def tile(suit, number):
    return suit * 9 + number - 1


def suit_of(t):
    return t // 9 if t < 27 else None


def number_of(t):
    return t % 9 + 1 if t < 27 else None


def is_honor(t):
    return t >= 27


def is_terminal(t):
    return t < 27 and t % 9 in (0, 8)


def tile_name(t):
    if t >= 27:
        return HONOR_LETTERS[t - 27]
    return f"{t % 9 + 1}{SUIT_LETTERS[t // 9]}"


def format_tiles(tiles):
    """Notation for a bag of tiles: digits share the suit letter, honors by letter."""
    out = []
    for suit, letter in enumerate(SUIT_LETTERS):
        nums = sorted(number_of(t) for t in tiles if suit_of(t) == suit)
        if nums:
            out.append("".join(map(str, nums)) + letter)
    out.extend(HONOR_LETTERS[t - 27] for t in sorted(t for t in tiles if t >= 27))
    return "".join(out)


def parse_tiles(text):
    """Inverse of format_tiles; raises ValueError on anything it cannot read."""
    tiles, pending = [], []
    for ch in text.replace(" ", ""):
        if ch.isdigit():
            if ch == "0":
                raise ValueError(f"no tile numbered 0 in {text!r}")
            pending.append(int(ch))
        elif ch in SUIT_LETTERS:
            if not pending:
                raise ValueError(f"suit letter without numbers in {text!r}")
            tiles.extend(tile(SUIT_LETTERS.index(ch), n) for n in pending)
            pending = []
        elif ch in HONOR_LETTERS:
            if pending:
                raise ValueError(f"numbers without suit letter in {text!r}")
            tiles.append(27 + HONOR_LETTERS.index(ch))
        else:
            raise ValueError(f"unknown tile character {ch!r} in {text!r}")
    if pending:
        raise ValueError(f"numbers without suit letter in {text!r}")
    return tiles


def parse_meld(text):
    """'chow 234m' -> ('chow', [tiles]); kinds: chow, pung, kong, concealed_kong."""
    kind, _, tiles = text.strip().partition(" ")
    return kind, parse_tiles(tiles)


# A set is (kind, first tile): kind "chow" (t, t+1, t+2), "pung" or "kong".
def set_tiles(kind, t):
    if kind == "chow":
        return [t, t + 1, t + 2]
    if kind == "pung":
        return [t, t, t]
    if kind == "kong":
        return [t, t, t, t]
    if kind == "pair":
        return [t, t]
    raise ValueError(kind)


def chows_within(pool):
    pool = set(pool)
    return [("chow", t) for t in range(27) if t % 9 <= 6 and {t, t + 1, t + 2} <= pool]


def pungs_within(pool):
    return [("pung", t) for t in sorted(set(pool))]


def _counts(tiles):
    c = [0] * 34
    for t in tiles:
        c[t] += 1
    return c


def _fits(tiles):
    return max(_counts(tiles)) <= 4


class Shape:
    """A decomposition before melds and winning tile are chosen.

    kind "std": sets (list of (kind, tile)) and pair; "free": fourteen concealed tiles of a
    special structure; "knitted": nine knitted-straight tiles plus one set and a pair.
    """

    def __init__(self, kind, sets=(), pair=None, tiles=(), win_hint=None, closed=False):
        self.kind = kind
        self.sets = list(sets)
        self.pair = pair
        self.tiles = list(tiles)
        self.win_hint = win_hint  # a recipe's preferred winning tile (nine gates)
        self.closed = closed  # recipe wants everything concealed (four concealed pungs)

    def all_tiles(self):
        out = list(self.tiles)
        for kind, t in self.sets:
            out += set_tiles(kind, t)
        if self.pair is not None:
            out += [self.pair, self.pair]
        return out


class Retry(Exception):
    """A recipe drew an impossible combination (five of a tile); draw again."""


def _pick_sets(rng, candidates, n, p_chow=0.5, fixed=(), pairs=None):
    chows = [s for s in candidates if s[0] == "chow"]
    pungs = [s for s in candidates if s[0] != "chow"]
    for _ in range(50):
        sets = list(fixed)
        while len(sets) < n:
            if chows and (not pungs or rng.random() < p_chow):
                sets.append(rng.choice(chows))
            else:
                sets.append(rng.choice(pungs))
        pair_pool = pairs if pairs is not None else sorted({t for s in candidates for t in set_tiles(*s)})
        pair = rng.choice(pair_pool)
        shape = Shape("std", sets, pair)
        if _fits(shape.all_tiles()):
            return shape
    raise Retry


def _suit_tiles(suit):
    return [tile(suit, n) for n in range(1, 10)]


def _numbers_in(numbers, suits=(0, 1, 2)):
    return [tile(s, n) for s in suits for n in numbers]


# --- recipes: each returns a Shape -------------------------------------------------------


def r_random(rng):
    cands = chows_within(range(27)) + pungs_within(ALL_TILES)
    return _pick_sets(rng, cands, 4, p_chow=rng.choice((0.3, 0.6, 0.9)))


def r_chowish(rng):
    # Mostly chows over three suits with an honor or simple pair: All Chows, Chicken Hand,
    # the 1-point chow fans and waits.
    cands = chows_within(range(27))
    pairs = list(ALL_TILES)
    shape = _pick_sets(rng, cands, 4, p_chow=1.0, pairs=pairs)
    if rng.random() < 0.4:
        shape.sets[rng.randrange(4)] = ("pung", rng.choice(ALL_TILES))
        if not _fits(shape.all_tiles()):
            raise Retry
    return shape


def r_chicken(rng):
    # The shape of a 0-point hand: three chows in three suits, no two related, a pung of a
    # simple and an honor pair; the melding step decides whether it stays pointless.
    suits = [0, 1, 2]
    rng.shuffle(suits)
    starts = rng.sample(range(1, 8), 3)
    sets = [("chow", tile(s, n)) for s, n in zip(suits, starts)]
    sets.append(("pung", tile(rng.randrange(3), rng.randrange(2, 9))))
    shape = Shape("std", sets, rng.choice(HONORS))
    if not _fits(shape.all_tiles()):
        raise Retry
    return shape


def r_flush(rng, honors):
    suit = rng.randrange(3)
    pool = _suit_tiles(suit) + (list(HONORS) if honors else [])
    cands = chows_within(pool) + pungs_within(pool)
    shape = _pick_sets(rng, cands, 4, p_chow=rng.choice((0.2, 0.5, 0.8)))
    if honors and all(not is_honor(t) for t in shape.all_tiles()):
        shape.pair = rng.choice(HONORS)
    return shape


def r_pool(pool, p_chow=None, pair_pool=None):
    def recipe(rng):
        cands = chows_within(pool) + pungs_within(pool)
        p = rng.choice((0.0, 0.4, 0.8)) if p_chow is None else p_chow
        return _pick_sets(rng, cands, 4, p_chow=p, pairs=pair_pool)

    return recipe


def r_narrow_flush(rng):
    # Fourteen tiles crowded into four to six ranks of one suit: the hands with the most
    # ways to read them, where the choice of arrangement and of wait is hardest.
    suit, width = rng.randrange(3), rng.randrange(4, 7)
    low = rng.randrange(1, 11 - width)
    pool = [tile(suit, n) for n in range(low, low + width)]
    return _pick_sets(rng, chows_within(pool) + pungs_within(pool), 4, p_chow=rng.choice((0.5, 0.8)))


def r_outside(rng):
    ends = [t for t in range(27) if is_terminal(t)] + list(HONORS)
    cands = [("chow", tile(s, n)) for s in range(3) for n in (1, 7)] + pungs_within(ends)
    return _pick_sets(rng, cands, 4, p_chow=0.5, pairs=ends)


def r_all_fives(rng):
    cands = [("chow", tile(s, n)) for s in range(3) for n in (3, 4, 5)] + pungs_within(_numbers_in([5]))
    return _pick_sets(rng, cands, 4, p_chow=0.7, pairs=_numbers_in([5]))


def r_all_even_pungs(rng):
    pool = _numbers_in([2, 4, 6, 8])
    return _pick_sets(rng, pungs_within(pool), 4, p_chow=0.0, pairs=pool)


def _others(rng):
    """Candidates for the sets a pattern recipe leaves free."""
    if rng.random() < 0.5:
        suit = rng.randrange(3)
        pool = _suit_tiles(suit) + (list(HONORS) if rng.random() < 0.5 else [])
    else:
        pool = list(ALL_TILES)
    return chows_within(pool) + pungs_within(pool)


def r_pattern(make_fixed):
    def recipe(rng):
        fixed = make_fixed(rng)
        return _pick_sets(rng, _others(rng), 4, p_chow=0.5, fixed=fixed)

    return recipe


def _pure_triple(rng):
    s, n = rng.randrange(3), rng.randrange(1, 8)
    return [("chow", tile(s, n))] * 3


def _quadruple(rng):
    s, n = rng.randrange(3), rng.randrange(1, 8)
    return [("chow", tile(s, n))] * 4


def _pure_shifted(rng, count):
    s, step = rng.randrange(3), rng.choice((1, 2))
    n = rng.randrange(1, 8 - step * (count - 1))
    return [("chow", tile(s, n + i * step)) for i in range(count)]


def _pure_straight(rng):
    s = rng.randrange(3)
    return [("chow", tile(s, n)) for n in (1, 4, 7)]


def _pure_terminal_chows(rng):
    # Fully fixed: 123 123 789 789 + 55 of the same suit.
    s = rng.randrange(3)
    return [("chow", tile(s, 1))] * 2 + [("chow", tile(s, 7))] * 2


def _two_terminal(rng):
    s = rng.randrange(3)
    return [("chow", tile(s, 1)), ("chow", tile(s, 7))]


def _double_chow(rng):
    s, n = rng.randrange(3), rng.randrange(1, 8)
    if rng.random() < 0.5:
        return [("chow", tile(s, n))] * 2
    return [("chow", tile(s, n)), ("chow", tile((s + rng.randrange(1, 3)) % 3, n))]


def _short_straight(rng):
    s, n = rng.randrange(3), rng.randrange(1, 5)
    return [("chow", tile(s, n)), ("chow", tile(s, n + 3))]


def _mixed_straight(rng):
    suits = rng.sample(range(3), 3)
    return [("chow", tile(s, n)) for s, n in zip(suits, (1, 4, 7))]


def _mixed_triple(rng):
    n = rng.randrange(1, 8)
    return [("chow", tile(s, n)) for s in range(3)]


def _mixed_shifted_chows(rng):
    suits, n = rng.sample(range(3), 3), rng.randrange(1, 6)
    return [("chow", tile(s, n + i)) for i, s in enumerate(suits)]


def _three_suited_terminal(rng):
    a, b, c = rng.sample(range(3), 3)
    return [("chow", tile(a, 1)), ("chow", tile(a, 7)), ("chow", tile(b, 1)), ("chow", tile(b, 7))], tile(c, 5)


def _shifted_pungs(rng, count):
    s, n = rng.randrange(3), rng.randrange(1, 11 - count)
    return [("pung", tile(s, n + i)) for i in range(count)]


def _mixed_shifted_pungs(rng):
    suits, n = rng.sample(range(3), 3), rng.randrange(1, 8)
    return [("pung", tile(s, n + i)) for i, s in enumerate(suits)]


def _same_number_pungs(rng, count):
    n = rng.randrange(1, 10)
    return [("pung", tile(s, n)) for s in rng.sample(range(3), count)]


def _winds(rng, pungs):
    winds = rng.sample(WIND_TILES, 4)
    return [("pung", w) for w in winds[:pungs]]


def _dragons(rng, pungs):
    dragons = rng.sample(DRAGON_TILES, 3)
    return [("pung", d) for d in dragons[:pungs]]


def r_little(group):
    # Little Four Winds / Little Three Dragons: pungs of all but one, pair of the last.
    def recipe(rng):
        tiles = rng.sample(group, len(group))
        fixed = [("pung", t) for t in tiles[:-1]]
        for _ in range(50):
            shape = _pick_sets(rng, _others(rng), 4, p_chow=0.5, fixed=fixed)
            shape.pair = tiles[-1]
            if _fits(shape.all_tiles()):
                return shape
        raise Retry

    return recipe


def r_pure_terminal_chows(rng):
    fixed = _pure_terminal_chows(rng)
    return Shape("std", fixed, fixed[0][1] + 4)


def r_three_suited_terminal(rng):
    fixed, pair = _three_suited_terminal(rng)
    return Shape("std", fixed, pair)


def r_four_concealed_pungs(rng):
    shape = _pick_sets(rng, pungs_within(ALL_TILES), 4, p_chow=0.0)
    shape.closed = True
    return shape


def r_kongs(rng):
    shape = _pick_sets(rng, pungs_within(ALL_TILES) + chows_within(range(27)), 4, p_chow=0.3)
    n = rng.choice((2, 3, 4, 4))
    k = 0
    for i, (kind, t) in enumerate(shape.sets):
        if kind == "pung" and k < n and shape.all_tiles().count(t) == 3:
            shape.sets[i] = ("kong", t)
            k += 1
    return shape


def r_nine_gates(rng):
    s = rng.randrange(3)
    gate = [tile(s, n) for n in (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9)]
    extra = tile(s, rng.randrange(1, 10))
    return Shape("free", tiles=[*gate, extra], win_hint=extra if rng.random() < 0.8 else None)


def r_seven_pairs(rng):
    pool = list(ALL_TILES) if rng.random() < 0.6 else _suit_tiles(rng.randrange(3)) + list(HONORS)
    pairs = rng.sample(pool, 7)
    if rng.random() < 0.15:  # four of a kind as two pairs (Tile Hog)
        pairs[0] = pairs[1]
    return Shape("free", tiles=[t for p in pairs for t in (p, p)])


def r_seven_shifted_pairs(rng):
    s, n = rng.randrange(3), rng.randrange(1, 4)
    return Shape("free", tiles=[tile(s, n + i) for i in range(7) for _ in (0, 1)])


def r_thirteen_orphans(rng):
    orphans = [t for t in range(27) if is_terminal(t)] + list(HONORS)
    return Shape("free", tiles=[*orphans, rng.choice(orphans)])


def _knitted_nine(rng):
    suits = rng.sample(range(3), 3)
    return [tile(s, n) for s, start in zip(suits, (1, 2, 3)) for n in (start, start + 3, start + 6)]


def r_honors_knitted(greater):
    def recipe(rng):
        knit = _knitted_nine(rng)
        if greater:
            tiles = list(HONORS) + rng.sample(knit, 7)
        else:
            n_honors = rng.randrange(5, 7)  # seven honors is the greater hand
            tiles = rng.sample(HONORS, n_honors) + rng.sample(knit, 14 - n_honors)
        return Shape("free", tiles=tiles)

    return recipe


def r_knitted_straight(rng):
    knit = _knitted_nine(rng)
    cands = chows_within(range(27)) + pungs_within(ALL_TILES)
    for _ in range(50):
        kind, t = rng.choice(cands)
        pair = rng.choice(ALL_TILES)
        shape = Shape("knitted", [(kind, t)], pair, tiles=knit)
        if _fits(shape.all_tiles()):
            return shape
    raise Retry


GREEN = [tile(2, n) for n in (2, 3, 4, 6, 8)] + [32]
REVERSIBLE = [tile(1, n) for n in (1, 2, 3, 4, 5, 8, 9)] + [tile(2, n) for n in (2, 4, 5, 6, 8, 9)] + [33]
TERMINALS = [t for t in range(27) if is_terminal(t)]

RECIPES = [
    # (name, weight, recipe)
    ("random", 22, r_random),
    ("chowish", 10, r_chowish),
    ("chicken", 3, r_chicken),
    ("half_flush", 6, lambda rng: r_flush(rng, True)),
    ("full_flush", 6, lambda rng: r_flush(rng, False)),
    ("narrow_flush", 3, r_narrow_flush),
    ("all_honors", 2, r_pool(list(HONORS))),
    ("terminals_honors", 2, r_pool(TERMINALS + list(HONORS))),
    ("all_terminals", 2, r_pool(TERMINALS)),
    ("outside", 3, r_outside),
    ("all_green", 2, r_pool(GREEN)),
    ("reversible", 1.5, r_pool(REVERSIBLE)),
    ("upper_tiles", 1, r_pool(_numbers_in([7, 8, 9]))),
    ("middle_tiles", 1, r_pool(_numbers_in([4, 5, 6]))),
    ("lower_tiles", 1, r_pool(_numbers_in([1, 2, 3]))),
    ("upper_four", 1, r_pool(_numbers_in([6, 7, 8, 9]))),
    ("lower_four", 1, r_pool(_numbers_in([1, 2, 3, 4]))),
    ("all_simples", 2, r_pool(_numbers_in(range(2, 9)))),
    ("all_fives", 1, r_all_fives),
    ("all_even_pungs", 1, r_all_even_pungs),
    ("all_pungs", 2, r_pool(list(ALL_TILES), p_chow=0.0)),
    ("big_four_winds", 1, r_pattern(lambda rng: _winds(rng, 4))),
    ("little_four_winds", 1, r_little(WIND_TILES)),
    ("big_three_winds", 1.5, r_pattern(lambda rng: _winds(rng, 3))),
    ("big_three_dragons", 1, r_pattern(lambda rng: _dragons(rng, 3))),
    ("little_three_dragons", 1, r_little(DRAGON_TILES)),
    ("two_dragon_pungs", 1.5, r_pattern(lambda rng: _dragons(rng, 2))),
    ("nine_gates", 2, r_nine_gates),
    ("pure_terminal_chows", 1, r_pure_terminal_chows),
    ("quadruple_chow", 1, r_pattern(_quadruple)),
    ("four_pure_shifted_pungs", 1, r_pattern(lambda rng: _shifted_pungs(rng, 4))),
    ("four_pure_shifted_chows", 1, r_pattern(lambda rng: _pure_shifted(rng, 4))),
    ("pure_triple_chow", 1.5, r_pattern(_pure_triple)),
    ("pure_shifted_pungs", 1.5, r_pattern(lambda rng: _shifted_pungs(rng, 3))),
    ("pure_straight", 1.5, r_pattern(_pure_straight)),
    ("three_suited_terminal_chows", 1, r_three_suited_terminal),
    ("pure_shifted_chows", 1.5, r_pattern(lambda rng: _pure_shifted(rng, 3))),
    ("triple_pung", 1.5, r_pattern(lambda rng: _same_number_pungs(rng, 3))),
    ("mixed_straight", 1.5, r_pattern(_mixed_straight)),
    ("mixed_triple_chow", 1.5, r_pattern(_mixed_triple)),
    ("mixed_shifted_pungs", 1.5, r_pattern(_mixed_shifted_pungs)),
    ("mixed_shifted_chows", 1.5, r_pattern(_mixed_shifted_chows)),
    ("double_pung", 1.5, r_pattern(lambda rng: _same_number_pungs(rng, 2))),
    ("double_chow", 1.5, r_pattern(_double_chow)),
    ("short_straight", 1, r_pattern(_short_straight)),
    ("two_terminal_chows", 1, r_pattern(_two_terminal)),
    ("four_concealed_pungs", 2, r_four_concealed_pungs),
    ("kongs", 3, r_kongs),
    ("seven_pairs", 4, r_seven_pairs),
    ("seven_shifted_pairs", 1.5, r_seven_shifted_pairs),
    ("thirteen_orphans", 1.5, r_thirteen_orphans),
    ("lesser_honors_knitted", 1.5, r_honors_knitted(False)),
    ("greater_honors_knitted", 1, r_honors_knitted(True)),
    ("knitted_straight", 2.5, r_knitted_straight),
]
RECIPE_NAMES = [name for name, _, _ in RECIPES]


class HandGenerator:
    """`next()` returns one winning hand as an engine input dict; `recipe` names its recipe."""

    def __init__(self, seed=0, recipes=None):
        self.rng = random.Random(seed)
        chosen = [r for r in RECIPES if recipes is None or r[0] in recipes]
        if not chosen:
            raise ValueError(f"no recipe among {recipes!r}")
        self._names = [r[0] for r in chosen]
        self._funcs = [r[2] for r in chosen]
        self._weights = [r[1] for r in chosen]
        self.recipe = None

    def __iter__(self):
        return self

    def __next__(self):
        return self.next()

    def next(self):
        rng = self.rng
        while True:
            i = rng.choices(range(len(self._funcs)), weights=self._weights)[0]
            try:
                shape = self._funcs[i](rng)
            except Retry:
                continue
            if not _fits(shape.all_tiles()):
                continue
            self.recipe = self._names[i]
            return self._build(shape)

    def _build(self, shape):
        rng = self.rng
        melds, concealed = [], list(shape.tiles)
        kongs = 0
        if shape.sets:
            openness = 0.0 if shape.closed else rng.choice((0.0, 0.0, 0.25, 0.5, 0.75, 1.0))
            kong_rate = rng.choice((0.0, 0.0, 0.0, 0.15, 0.5))
            counts = _counts(shape.all_tiles())
            # Kongs first: a set turned into a kong cannot hold the winning tile.
            sets = []
            for kind, t in shape.sets:
                if kind == "pung" and counts[t] == 3 and rng.random() < kong_rate:
                    kind = "kong"
                    counts[t] = 4
                sets.append((kind, t))
            # The pair is never melded, so a hand with every set melded still has a tile to win on.
            for kind, t in sets:
                if kind == "kong":
                    kongs += 1
                    closed = shape.closed or rng.random() < 0.4
                    melds.append(("concealed_kong" if closed else "kong", t))
                elif rng.random() < openness:
                    melds.append((kind, t))
                else:
                    concealed += set_tiles(kind, t)
            if shape.pair is not None:
                concealed += [shape.pair, shape.pair]
        if shape.win_hint is not None and shape.win_hint in concealed:
            win = shape.win_hint
        else:
            win = rng.choice(concealed)
        concealed.remove(win)
        meld_tiles = [x for kind, t in melds for x in set_tiles(kind.replace("concealed_", ""), t)]
        return self._flags(concealed, melds, meld_tiles, win, kongs)

    def _flags(self, concealed, melds, meld_tiles, win, kongs):
        rng = self.rng
        self_drawn = rng.random() < 0.45
        held = concealed.count(win)  # copies in the standing hand besides the winning tile
        in_melds = meld_tiles.count(win)
        kong = False
        if self_drawn and kongs and rng.random() < 0.3:
            kong = True  # out on a kong's replacement tile
        elif not self_drawn and held == 0 and in_melds == 0 and rng.random() < 0.12:
            kong = True  # robbing: the other three copies are the robbed player's pung
        if in_melds == 3:
            last_tile = True  # the other three are on the table in the winner's own meld
        elif held:
            last_tile = False  # a copy still hidden in the hand: not the last of its kind
        else:
            last_tile = rng.random() < (0.5 if kong and not self_drawn else 0.2)
        # Neither a kong nor a robbing can happen on the very last tile of the wall.
        last_wall = not kong and rng.random() < 0.08
        flowers = 0 if rng.random() < 0.6 else rng.randrange(1, 9)
        hand = {
            "concealed": format_tiles(concealed),
            "melds": [format_meld(kind, t) for kind, t in melds],
            "win_tile": tile_name(win),
            "self_drawn": self_drawn,
            "flowers": flowers,
            "last_tile": last_tile,
            "kong": kong,
            "last_wall": last_wall,
            "seat_wind": rng.choice(WINDS),
            "prevalent_wind": rng.choice(WINDS),
        }
        # Flags that do not apply are left out, as a referee would type the hand, so the
        # engine's defaults are exercised too.
        return {k: v for k, v in hand.items() if v is not False and not (k == "flowers" and v == 0)}


def format_meld(kind, t):
    return f"{kind} {format_tiles(set_tiles(kind.replace('concealed_', ''), t))}"


def generate(count, seed=0, recipes=None):
    """`count` hands from a fresh generator seeded with `seed` (deterministic)."""
    gen = HandGenerator(seed, recipes)
    return [gen.next() for _ in range(count)]


def hand_notation(d):
    """One line for a failure message: melds in brackets, then the standing tiles, then flags."""
    flags = [k for k in ("self_drawn", "last_tile", "kong", "last_wall") if d.get(k)]
    melds = " ".join(f"[{m}]" for m in d.get("melds", ()))
    return (
        f"{melds} {d['concealed']} +{d['win_tile']}".strip()
        + f" flowers={d.get('flowers', 0)} seat={d.get('seat_wind')} wind={d.get('prevalent_wind')}"
        + (" " + ",".join(flags) if flags else "")
    )


def hand_from_notation(text):
    """Inverse of hand_notation, so a hand printed by a failing test can be pasted back."""
    import re

    melds = re.findall(r"\[([^\]]+)\]", text)
    rest = re.sub(r"\[[^\]]+\]", " ", text).split()
    d = {"concealed": "", "melds": melds}
    for word in rest:
        if word.startswith("+"):
            d["win_tile"] = word[1:]
        elif word.startswith("flowers="):
            d["flowers"] = int(word.split("=")[1])
        elif word.startswith("seat="):
            d["seat_wind"] = word.split("=")[1]
        elif word.startswith("wind="):
            d["prevalent_wind"] = word.split("=")[1]
        elif "=" not in word and all(f in ("self_drawn", "last_tile", "kong", "last_wall") for f in word.split(",")):
            d.update(dict.fromkeys(word.split(","), True))
        else:
            d["concealed"] = word
    return d
