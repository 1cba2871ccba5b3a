"""Judge-size positions from Python (issue 47, row 5): grundy.analyze on 2·10^5 heaps of up to
10^9 (nim, misère nim, bounded:3, staircase), against the one pass a contestant writes in plain
Python (Bouton's rule; the XOR of h mod 4; the XOR of the odd steps), run in one process,
interleaved (grundy, peer, grundy, peer, ...), medians of REPS rounds.

Prints a line per case, then `RESULT case grundy_s peer_s ratio - - peer` as bench/lib.sh does
(ratio = grundy median / peer median). grundy's answer also lists its winning moves (up to the
library's cap of 2^20 numbers), counts every one, and writes its explanation when it is read.
Run through bench/python.sh (which installs the package first)."""

import os
import random
import statistics
import sys
import time

import grundy

REPS = int(os.environ.get("REPS", "5"))


def xor(values):
    x = 0
    for v in values:
        x ^= v
    return x


def misere_nim(heaps):
    if all(h <= 1 for h in heaps):
        return sum(heaps) % 2 == 0
    return xor(heaps) != 0


PEERS = {
    ("nim", False): lambda heaps: xor(heaps) != 0,
    ("nim", True): misere_nim,
    ("bounded:3", False): lambda heaps: xor(h % 4 for h in heaps) != 0,
    ("staircase", False): lambda heaps: xor(heaps[0::2]) != 0,
}


def timed(f):
    start = time.perf_counter()
    out = f()
    return time.perf_counter() - start, out


def case(game, misere, heaps):
    peer = PEERS[(game, misere)]
    name = f"{'misere-' if misere else ''}{game.replace(':', '')}-{len(heaps)}-heaps"
    mine, theirs = [], []
    for _ in range(REPS):
        t, a = timed(lambda: grundy.analyze(game, heaps, misere=misere))
        mine.append(t)
        wins = a.outcome == "N"
        del a  # freed outside the timing
        t, peer_wins = timed(lambda: peer(heaps))
        theirs.append(t)
        assert wins == peer_wins, f"{name}: the outcomes differ"
    g, p = statistics.median(mine), statistics.median(theirs)
    print(f"{name}: grundy.analyze {g:.3f} s, plain Python one pass {p:.3f} s ({g / p:.2f}x; {REPS} rounds, medians)")
    print(f"RESULT {name} {g:.3f} {p:.3f} {g / p:.2f} - - python-one-pass")


def main():
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200_000
    rng = random.Random(47)
    heaps = [rng.randint(1, 10**9) for _ in range(n)]
    for game, misere in PEERS:
        case(game, misere, heaps)


if __name__ == "__main__":
    main()
