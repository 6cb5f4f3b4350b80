"""Property tests (hypothesis) over hands built from random sets and a pair."""

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from rules.mcr import Hand, score_hand
from rules.mcr.hand import Meld


def build_hand(seed):
    """A 14-tile hand of four sets and a pair (some declared), or seven pairs; random flags.

    Built from one integer so hypothesis explores seeds cheaply; the hand is reproducible."""
    rnd = random.Random(seed)
    counts = [0] * 34

    def take(tiles):
        if any(counts[t] + tiles.count(t) > 4 for t in set(tiles)):
            return False
        for t in tiles:
            counts[t] += 1
        return True

    melds, concealed = [], []
    suit = rnd.choice([None, 0, 1, 2])
    pool = list(range(34)) if suit is None else [*list(range(suit * 9, suit * 9 + 9)), 27, 31]
    if rnd.random() < 0.2:
        while len(concealed) < 14:
            t = rnd.choice(pool)
            if take([t, t]):
                concealed += [t, t]
    else:
        sets = []
        while len(sets) < 4:
            t = rnd.choice(pool)
            kind = rnd.choice(["chow", "chow", "pung", "kong"])
            if kind == "chow" and t < 27 and t % 9 <= 6 and take([t, t + 1, t + 2]):
                sets.append(("chow", (t, t + 1, t + 2)))
            elif kind == "pung" and take([t] * 3):
                sets.append(("pung", (t,) * 3))
            elif kind == "kong" and take([t] * 4):
                sets.append(("kong", (t,) * 4))
        while not take([t := rnd.choice(pool)] * 2):
            pass
        concealed += [t, t]
        for kind, tiles in sets:
            if kind == "kong":
                melds.append(Meld(rnd.choice(["kong", "concealed_kong"]), tiles))
            elif rnd.random() < 0.4:
                melds.append(Meld(kind, tiles))
            else:
                concealed += list(tiles)
    rnd.shuffle(concealed)
    win = concealed.pop()
    return Hand(
        concealed=concealed,
        melds=melds,
        win_tile=win,
        self_drawn=rnd.random() < 0.5,
        flowers=rnd.randint(0, 8),
        seat_wind=27 + rnd.randrange(4),
        prevalent_wind=27 + rnd.randrange(4),
    )


def hands():
    return st.integers(0, 2**32).map(build_hand)


@settings(max_examples=300, deadline=None)
@given(hands())
def test_total_is_sum_of_fans(hand):
    result = score_hand(hand)
    assert result.total == sum(f.points * f.count for f in result.fans)
    assert result.error is None or not result.valid


@settings(max_examples=200, deadline=None)
@given(hands(), st.randoms(use_true_random=False))
def test_order_of_concealed_tiles_does_not_matter(hand, rnd):
    before = score_hand(hand).to_dict()
    shuffled = list(hand.concealed)
    rnd.shuffle(shuffled)
    hand.concealed = shuffled
    assert score_hand(hand).to_dict() == before


@settings(max_examples=300, deadline=None)
@given(hands())
def test_valid_hands_have_fourteen_tiles(hand):
    result = score_hand(hand)
    if result.valid:
        assert len(hand.concealed) + 1 + 3 * len(hand.melds) == 14
        assert result.total - sum(f.count for f in result.fans if f.id == 81) >= 8


def test_same_result_with_a_random_hand_twice():
    rnd = random.Random(5)
    tiles = [t for t in range(27) for _ in range(4)]
    for _ in range(200):
        hand = rnd.sample(tiles, 14)
        h = Hand(concealed=hand[:13], win_tile=hand[13])
        if max(hand.count(t) for t in hand) > 4:
            continue
        assert score_hand(h).to_dict() == score_hand(h).to_dict()
