"""MCR scoring speed: our engine and the reference PyMahjongGB on the same generated hands.

Both sides are timed from the engine-format dict (ours: Hand.from_dict + score_hand; the
reference: argument conversion + MahjongFanCalculator), in the same process and run.
Goals for ours: >= 2,000 hands/s, median < 0.5 ms, worst < 20 ms. Printed, never asserted.
"""

import contextlib
import gc
import statistics
import time

HANDS = 10_000
SEED = 424242


def _reference():
    try:
        from tests.rules.mcr import reference
    except ImportError as exc:
        print(f"  reference (PyMahjongGB): not available ({exc})")
        return None
    return reference


def _time_each(func, hands):
    times = []
    clock = time.perf_counter_ns
    for d in hands:
        start = clock()
        func(d)
        times.append(clock() - start)
    return times


def _report(label, times):
    total_s = sum(times) / 1e9
    rate = len(times) / total_s if total_s else float("inf")
    print(
        f"  {label:<26} {rate:>10,.0f} hands/s   median {statistics.median(times) / 1e6:.3f} ms"
        f"   worst {max(times) / 1e6:.3f} ms"
    )
    return rate


def main():
    from tests.rules.mcr.handgen import generate

    hands = generate(HANDS, seed=SEED)
    print(f"  {len(hands)} generated hands (seed {SEED})")

    ref_rate = None
    reference = _reference()
    if reference is not None:

        def ref_call(d):
            try:
                reference.reference_raw(d)
            except TypeError:
                pass  # a refused hand is timed like any other

        ref_rate = _report("reference PyMahjongGB", _time_each(ref_call, hands))

    try:
        from rules.mcr import Hand, HandError, score_hand
    except ImportError as exc:
        print(f"  our engine: not available ({exc})")
        return

    def ours(d):
        with contextlib.suppress(HandError):
            score_hand(Hand.from_dict(d))

    for d in generate(200, seed=SEED + 1):  # warm lazy tables on other hands than the timed ones
        ours(d)
    times = _time_each(ours, hands)
    rate = _report("ours (rules.mcr)", times)
    if ref_rate:
        print(f"  ratio ours/reference: {rate / ref_rate:.3f}")
    # A single slow sample on a shared machine may be the scheduler or the garbage collector,
    # not the hand: re-time the 20 slowest hands, best of 5. The engine memoises, so its
    # caches are emptied before each re-timing, or a repeat would only time a cache hit.
    import sys

    # The engine's caches live in rules.mcr and in the shared arrangement search of rules.core.
    engine_modules = [m for name, m in sys.modules.items() if name.startswith(("rules.mcr.", "rules.core."))]
    caches = {id(f): f for m in engine_modules for f in vars(m).values() if hasattr(f, "cache_clear")}.values()

    def cold(d):
        for f in caches:
            f.cache_clear()
        start = time.perf_counter_ns()
        ours(d)
        return time.perf_counter_ns() - start

    over = sum(t > 20e6 for t in times)
    gc.disable()
    try:
        no_gc = _time_each(ours, hands)
    finally:
        gc.enable()
    print(
        f"  timings over 20 ms: {over}; same hands again with the garbage collector off:"
        f" worst {max(no_gc) / 1e6:.3f} ms"
    )
    slowest = sorted(range(len(times)), key=times.__getitem__, reverse=True)[:20]
    retimed = {i: min(cold(hands[i]) for _ in range(5)) for i in slowest}
    worst = max(retimed, key=retimed.get)
    from tests.rules.mcr.handgen import hand_notation

    print(
        f"  worst re-timed (20 slowest, caches emptied, best of 5): {retimed[worst] / 1e6:.3f} ms on {hand_notation(hands[worst])}"
    )
    goals = (rate >= 2000, statistics.median(times) < 0.5e6, retimed[worst] < 20e6)
    print(
        "  goals (>=2000/s, median<0.5ms, worst re-timed<20ms): " + ", ".join("met" if g else "MISSED" for g in goals)
    )
