"""The cost of games written in Python: grundy.heap_game's table (Rust, one callback per heap
size) against the same table by plain Python (the brute force a contestant writes), run in
one process, interleaved (grundy, peer, grundy, peer, ...), medians of REPS rounds.

Prints a line per case, then `RESULT case grundy_s peer_s ratio - - peer` as bench/lib.sh
does (ratio = grundy median / peer median: under 1, grundy is faster). Also the bare cost of calling the callback alone
for every n, so that what the binding adds per call shows: (grundy - bare calls) / n.
Run through bench/python.sh (which installs the package first)."""

import os
import statistics
import sys
import time

import grundy

REPS = int(os.environ.get("REPS", "5"))


def subtract_134(n):
    return [n - t for t in (1, 3, 4) if t <= n]


def kayles(n):
    return [(a, n - t - a) for t in (1, 2) if t <= n for a in range(n - t + 1)]


def brute_force(options, upto):
    """G(0..upto) in plain Python: the mex over the options, splits XORed."""
    g = []
    for n in range(upto + 1):
        seen = set()
        for o in options(n):
            if isinstance(o, tuple):
                x = 0
                for p in o:
                    x ^= g[p]
                seen.add(x)
            else:
                seen.add(g[o])
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


def bare_calls(options, upto):
    """Only the callbacks, each result walked once: the part no engine can avoid."""
    for n in range(upto + 1):
        for _ in options(n):
            pass


def timed(f):
    start = time.perf_counter()
    f()
    return time.perf_counter() - start


def case(name, options, upto, peer="python brute force"):
    runs = {"grundy": [], "peer": [], "bare": []}
    check = None
    for _ in range(REPS):
        # A new game each round: nothing cached from the round before.
        runs["grundy"].append(timed(lambda: grundy.heap_game(options).sequence(upto)))
        runs["peer"].append(timed(lambda: brute_force(options, upto)))
        runs["bare"].append(timed(lambda: bare_calls(options, upto)))
    if check is None:
        mine = list(grundy.heap_game(options).sequence(upto).values)
        assert mine == brute_force(options, upto), f"{name}: values differ"
    g, p, b = (statistics.median(runs[k]) for k in ("grundy", "peer", "bare"))
    per_call = (g - b) / (upto + 1) * 1e6
    print(
        f"{name}: grundy {g:.3f} s, {peer} {p:.3f} s ({g / p:.2f}x); the callbacks alone {b:.3f} s, "
        f"so the binding adds {per_call:.2f} us a heap size ({REPS} rounds, medians)"
    )
    print(f"RESULT {name} {g:.3f} {p:.3f} {g / p:.2f} - - {peer.replace(' ', '-')}")


def main():
    upto = int(sys.argv[1]) if len(sys.argv) > 1 else 100000
    case(f"subtraction-1,3,4-to-{upto}", subtract_134, upto)
    case("kayles-tuples-to-2000", kayles, 2000)
    native = statistics.median(timed(lambda: grundy.sequence("subtraction:1,3,4", upto)) for _ in range(REPS))
    print(f"for scale: grundy.sequence('subtraction:1,3,4', {upto}) (the library's own game) {native:.4f} s")


if __name__ == "__main__":
    main()
