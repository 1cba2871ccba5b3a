"""Ctrl-C and long calls (issue 46, rows 10 to 13).

Each long call gets SIGINT 0.4 s in and must raise KeyboardInterrupt within BOUND of the signal,
while another Python thread keeps running (the call releases the interpreter, or runs Python
callbacks that Python switches away from). Callbacks that never stop listing options, and
iterables of values without end, are refused with BadInput; sequences are refused by their
peak memory before the work, and reserve their array exactly.
"""

import itertools
import os
import signal
import subprocess
import sys
import textwrap
import threading
import time

import numpy as np
import pytest

import grundy

#: When the signal is sent, into the call.
SIGNAL_AFTER = 0.4

#: The bound asserted from the signal to KeyboardInterrupt: the issue's 0.2 s. The binding looks
#: for signals every 10 ms and the library's loops check their stop token every few
#: milliseconds, so a stop takes 10-30 ms on an idle machine; the rest is room for a loaded
#: 2-core CI machine. Without the fix the calls below run on to their end, seconds later.
BOUND = 0.2

#: The longest another thread may wait for the interpreter while a long call runs: a call that
#: holds it stops the thread for the whole SIGNAL_AFTER (the issue saw 57 s); a call that
#: releases it lets the thread run every few milliseconds.
MAX_GAP = 0.15


@pytest.fixture(autouse=True)
def keyboard_interrupt_on_sigint():
    """Each test here sends SIGINT and expects KeyboardInterrupt, which Python raises only from
    its own handler; it installs that handler at start only where SIGINT is not ignored, and a
    shell without job control starts a background command (`cmd &`, as a CI runner may) with
    SIGINT ignored. So the handler is installed for each test, and the one before put back."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


class Heartbeat:
    """A thread that notes the time every 2 ms, while it gets the interpreter."""

    def __init__(self):
        self.beats = []
        self.done = threading.Event()
        self.thread = threading.Thread(target=self.run, daemon=True)

    def run(self):
        while not self.done.is_set():
            self.beats.append(time.monotonic())
            time.sleep(0.002)

    def __enter__(self):
        self.thread.start()
        return self

    def __exit__(self, *exc):
        self.done.set()
        self.thread.join()

    def max_gap(self, start, end):
        """The longest time between two beats within [start, end]."""
        inside = [start] + [b for b in self.beats if start < b < end] + [end]
        return max(b - a for a, b in zip(inside, inside[1:]))


def interrupted(call):
    """Runs call() with SIGINT sent SIGNAL_AFTER s in (to this process: CPython runs its
    handler on the main thread); returns the time from the signal to KeyboardInterrupt and the
    longest wait of another thread before the signal."""
    sent = []

    def fire():
        sent.append(time.monotonic())
        os.kill(os.getpid(), signal.SIGINT)

    timer = threading.Timer(SIGNAL_AFTER, fire)
    caught = None
    with Heartbeat() as heart:
        start = time.monotonic()
        timer.start()
        try:
            call()
            ended = time.monotonic()
        except KeyboardInterrupt:
            caught = time.monotonic()
        if caught is None:
            # The call ended with no interrupt raised in it: not a long call, or a signal lost.
            try:
                timer.cancel()
                timer.join()
                time.sleep(0.05)
            except KeyboardInterrupt:
                pass
            pytest.fail(f"the call returned after {ended - start:.2f} s without KeyboardInterrupt")
    timer.join()
    assert sent, "KeyboardInterrupt came before the signal"
    return caught - sent[0], heart.max_gap(start + 0.05, sent[0])


def slow_heaps(n):
    """A heap game whose callback is called once per heap size, each listing 100 options."""
    return range(max(0, n - 100), n)


def countdown(p):
    return [p - d for d in (1, 2, 3) if p >= d]


def sessions():
    """Sessions of a game whose first check takes 1.4 s each (then refused)."""
    for i in range(8):
        try:
            grundy.Session("octal:0.764", [100_001 + i])
        except grundy.Refused:
            pass


def slow_values():
    """Values for grundy.pattern that come slowly (a millisecond each, 1,000 s in all): the rule
    finder itself answers 2^23 values in a fraction of a second, so the long part of a pattern
    call is reading them."""
    for _ in range(1_000_000):
        time.sleep(0.001)
        yield 0


# Each call runs for seconds to minutes when left alone (release build, 2 shared cores):
# sequence 15 s, batch 14 s, pattern 1,000 s, heap_game 5 s, game 6 s, quotient (10^11 units of
# work) minutes, survey 9 s, session 11 s.
LONG_CALLS = {
    "sequence": lambda: grundy.sequence("octal:0.764", 200_000),
    "batch": lambda: grundy.batch([{"game": "octal:0.764", "position": [100_000 + i]} for i in range(8)]),
    "pattern": lambda: grundy.pattern(slow_values()),
    "heap_game": lambda: grundy.heap_game(slow_heaps).sequence(1_000_000),
    # The largest budget: with the default one the walk gives up within 0.4 s on a fast machine.
    "game": lambda: grundy.game(countdown, budget=2**25).value(10_000_000),
    "quotient": lambda: grundy.quotient("octal:0.777", work=10**11),
    "survey": lambda: grundy.survey(["0.764", "0.356"], 100_000),
    "session": sessions,
    # Issue 62, row 13: the values' store checks the stop token as it counts its work (a sum of
    # 46 switches takes over a second; 38 took 0.4 s, too short for the signal at 0.4 s, once
    # the store's comparisons got faster, issue 61).
    "value": lambda: grundy.game_value("+".join(f"±{k}" for k in range(1, 47))),
}


@pytest.mark.parametrize("name", sorted(LONG_CALLS))
def test_ctrl_c_stops_each_long_call_at_once_and_other_threads_run(name):
    latency, gap = interrupted(LONG_CALLS[name])
    assert latency < BOUND, f"{name}: KeyboardInterrupt {latency:.3f} s after the signal"
    assert gap < MAX_GAP, f"{name}: another thread waited {gap:.3f} s for the interpreter"


def test_a_call_after_an_interrupt_answers():
    # Nothing is left behind: no panic (the numpy capsule), the same answers as before.
    interrupted(LONG_CALLS["sequence"])
    assert list(grundy.sequence("kayles", 7).values) == [0, 1, 2, 3, 1, 4, 3, 2]
    assert grundy.pattern([0, 1] * 20).rule == "period"


def test_endless_options_are_bad_input_at_the_cap():
    endless = grundy.heap_game(lambda n: itertools.repeat(0) if n else [])
    with pytest.raises(grundy.BadInput, match="options\\(1\\) listed more than 1048576 options"):
        endless.value(1)
    game = grundy.game(lambda p: itertools.repeat(p - 1) if p else [])
    with pytest.raises(grundy.BadInput, match="more than 1048576 options"):
        game.value(2)


def test_endless_values_are_bad_input_at_the_cap_of_grundy_pattern():
    with pytest.raises(grundy.BadInput, match="more than 8388608 values"):
        grundy.pattern(itertools.repeat(0))
    with pytest.raises(grundy.BadInput, match="more than 8388608 values"):
        grundy.pattern(np.zeros((1 << 23) + 1, dtype=np.uint64))


def test_a_sequence_past_its_peak_memory_is_refused_before_the_work():
    # 7.6 GB of array and a table of 2^28 values (1 GiB) pass the 8 GiB: refused at once,
    # naming the budget that brings it under.
    start = time.monotonic()
    with pytest.raises(grundy.Refused, match="at its peak.*pass budget=") as e:
        grundy.sequence("octal:0.16", 950_000_000)
    assert time.monotonic() - start < 1
    assert len(str(e.value).splitlines()) == 1
    with pytest.raises(grundy.Refused, match="past the 8.0 GiB one computation may use here: ask for a smaller upto$"):
        grundy.sequence("octal:0.16", 2**30 - 2)


def run_limited(code, limit):
    """Runs code in a fresh interpreter with at most `limit` bytes of address space."""
    script = textwrap.dedent(
        f"""
        import resource
        resource.setrlimit(resource.RLIMIT_AS, ({limit}, {limit}))
        """
    ) + textwrap.dedent(code)
    env = dict(os.environ, OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1")
    return subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60, env=env)


def test_an_array_the_system_will_not_give_is_refused_not_an_abort():
    # 2.4 GB of values under a 1.5 GiB address space: a typed refusal before the work (the
    # hostile pass saw the interpreter abort).
    out = run_limited(
        """
        import grundy
        try:
            grundy.sequence("nim", 3 * 10**8)
        except grundy.Refused as e:
            print("refused:", e)
        """,
        3 << 29,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert "refused: the array of G(0..=300000000) needs 2.2 GiB" in out.stdout


def test_the_array_is_reserved_whole():
    # The address space a sequence adds is its array (and the worker's stack), not the 1.6x to
    # 2x of an array grown by doubling.
    out = run_limited(
        """
        import grundy

        def peak():
            for line in open("/proc/self/status"):
                if line.startswith("VmPeak:"):
                    return int(line.split()[1]) * 1024

        grundy.sequence("nim", 10)
        before = peak()
        s = grundy.sequence("nim", 20_000_000 - 1)
        print(peak() - before, s.values.nbytes)
        """,
        8 << 30,
    )
    assert out.returncode == 0, out.stderr[-2000:]
    added, array = map(int, out.stdout.split())
    assert added < array + (24 << 20), (added, array)
