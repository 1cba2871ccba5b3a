"""``python -m grundy.survey``: ``grundy survey`` spread over a Dask cluster.

It takes the arguments of ``grundy survey`` (CODES --upto N [--store DIR] [--shard I/K]
[--json] [--markdown]) and ``--scheduler ADDRESS`` (a running Dask scheduler, e.g.
``tcp://10.0.0.1:8786``); without one it starts a local cluster of ``--workers N`` processes
(``--workers 0`` classifies in this process, without Dask). Each code is one task, which
classifies it with the library (``grundy._native.survey_classify``); the lines are gathered in
the order of CODES, grouped and printed as a one-machine ``grundy survey`` run prints them. With
``--store DIR`` each finished code is kept as it arrives, in the files ``grundy survey --store``
reads, so either can resume the other's run.

Every machine of the cluster needs the package installed (``pip install ./crates/grundy-py``).
"""

import argparse
import json
import os
import sys
import tempfile
import time
from typing import Dict, Iterable, List, Optional

from grundy import _dask, _native
from grundy.errors import GrundyError

#: The largest file of codes read (a list of codes is small; a huge file is refused unread).
MAX_FILE = 16 << 20


def read_codes(spec: str) -> List[str]:
    """The codes one CODES argument stands for: a pattern, a code, or a file of codes."""
    if _native.survey_is_pattern(spec):
        return _native.survey_expand_pattern(spec)
    try:
        _native.survey_canonical(spec)
        return [spec]
    except GrundyError as not_a_code:
        if not os.path.isfile(spec):
            raise type(not_a_code)(f"{not_a_code} (nor is it a pattern with x or a file)") from None
    size = os.path.getsize(spec)
    if size > MAX_FILE:
        raise _bad(f"{spec}: {size} bytes is more than the {MAX_FILE} a file of codes may hold")
    with open(spec, encoding="utf-8") as f:
        text = f.read()
    try:
        return _native.survey_codes_from_text(text)
    except GrundyError as e:
        raise type(e)(f"{spec}: {e}") from None


def _bad(message: str) -> GrundyError:
    from grundy.errors import BadInput

    return BadInput(message)


def all_codes(specs: Iterable[str], shard: Optional[str]) -> List[str]:
    """Every code of CODES, each once, in order; only shard I/K of them when asked."""
    codes: List[str] = []
    seen = set()
    for spec in specs:
        for code in read_codes(spec):
            if code not in seen:
                seen.add(code)
                codes.append(code)
    return _native.survey_shard(shard, codes) if shard else codes


def store_file(directory: str, code: str, upto: int) -> str:
    """The store's file for a code at N, as ``grundy survey --store`` names it (the library's
    name)."""
    return os.path.join(directory, _native.survey_store_name(code, upto))


def load(directory: str, code: str, upto: int) -> Optional[str]:
    """A code's stored line, if a run kept it (its ``code`` set to this spelling), read back and
    checked by the library: a file that does not hold it raises ``Refused`` naming the file."""
    path = store_file(directory, code, upto)
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
    except OSError:
        return None
    return _native.survey_read_back(text, path, code, upto)


def _io(message: str) -> GrundyError:
    from grundy.errors import Refused

    return Refused(message)


def save(directory: str, code: str, upto: int, line: str) -> None:
    """Keeps a finished code's line (written whole or not at all)."""
    path = store_file(directory, code, upto)
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".survey-", suffix=".tmp")
    with os.fdopen(fd, "w", encoding="utf-8") as f:
        f.write(line + "\n")
    os.replace(tmp, path)


def classify(code: str, upto: int) -> str:
    """One task: the line of one code, as JSON text."""
    return _native.survey_classify(code, upto)


def text_line(line: dict) -> str:
    """A line of the plain output, as ``grundy survey`` writes it (the library's words)."""
    return _native.survey_text([json.dumps(line)])


class Progress:
    """Progress over the whole survey on stderr (a terminal only), with a forecast."""

    def __init__(self, total: int, resumed: int) -> None:
        self.total, self.done, self.start = total, resumed, time.monotonic()
        self.resumed = resumed
        self.shown = sys.stderr.isatty()

    def advance(self) -> None:
        self.done += 1
        if not self.shown:
            return
        new = self.done - self.resumed
        elapsed = time.monotonic() - self.start
        left = (self.total - self.done) * elapsed / new if new else 0.0
        sys.stderr.write(f"\r{self.done}/{self.total} codes, about {left:.0f} s left ")
        sys.stderr.flush()

    def finish(self) -> None:
        if self.shown:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()


def run(args: argparse.Namespace) -> str:
    """The survey's output, as ``grundy survey`` prints it."""
    codes = all_codes(args.codes, args.shard)
    _native.survey_check(len(codes), args.upto)
    if args.store:
        if os.path.exists(args.store) and not os.path.isdir(args.store):
            raise _io(f"store {args.store} is not a directory: give a new or existing directory")
        os.makedirs(args.store, exist_ok=True)
    lines: Dict[int, str] = {}
    for i, code in enumerate(codes):
        stored = load(args.store, code, args.upto) if args.store else None
        if stored is not None:
            lines[i] = stored
    todo = [i for i in range(len(codes)) if i not in lines]
    progress = Progress(len(codes), len(lines))

    def finished(i: int, line: str) -> None:
        lines[i] = line
        if args.store:
            save(args.store, codes[i], args.upto, line)
        progress.advance()

    if args.workers == 0 and not args.scheduler:
        for i in todo:
            finished(i, classify(codes[i], args.upto))
    elif todo:
        _on_dask(args, [codes[i] for i in todo], lambda k, line: finished(todo[k], line))
    progress.finish()
    if args.store:
        sys.stderr.write(
            f"{len(codes)} codes: {len(codes) - len(todo)} from the store, {len(todo)} classified and kept in {args.store}\n"
        )
    grouped = _native.survey_group([lines[i] for i in range(len(codes))])
    if args.json:
        return "".join(line + "\n" for line in grouped)
    if args.markdown:
        return _native.survey_markdown(grouped)
    return _native.survey_text(grouped)


def _on_dask(args: argparse.Namespace, codes: List[str], finished) -> None:
    """Classifies `codes` on the cluster, one task a code; `finished(k, line)` as each ends."""
    with _dask.client(args.scheduler, args.workers, "a survey", _io) as (client, as_completed):
        futures = client.map(classify, codes, upto=args.upto, key=[f"grundy-survey-{c}-{args.upto}" for c in codes])
        index = {f.key: k for k, f in enumerate(futures)}
        for future in as_completed(futures):
            finished(index[future.key], future.result())


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m grundy.survey",
        description="grundy survey on a Dask cluster: each code one task, the same lines as one machine.",
    )
    p.add_argument("codes", nargs="+", metavar="CODES", help="codes (0.77, .16, hex:0.8f), patterns (0.xxx, 4.xx) or files of codes")
    p.add_argument("--upto", required=True, type=_dask.whole, metavar="N", help="compute G(0..N) of each code (a code stops at a proven period)")
    p.add_argument("--store", metavar="DIR", help="keep each finished code in DIR (the files grundy survey --store reads), so that a rerun resumes")
    p.add_argument("--shard", metavar="I/K", help="only shard I of K (the codes at positions j with j mod K = I - 1)")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="one JSON object a line, one line a code")
    out.add_argument("--markdown", action="store_true", help="the Trivial, Solved and Unsolved tables (Markdown)")
    p.add_argument("--scheduler", metavar="ADDRESS", help="a running Dask scheduler (tcp://HOST:8786); without it a local cluster")
    p.add_argument(
        "--workers",
        type=_dask.whole,
        default=os.cpu_count() or 1,
        metavar="N",
        help="worker processes of the local cluster (default: the cores); 0 classifies in this process",
    )
    return p


def main(argv: Optional[List[str]] = None) -> int:
    args = parser().parse_args(argv)
    try:
        out = run(args)
    except GrundyError as e:
        sys.stderr.write(f"error: {e}\n")
        return 2
    try:
        sys.stdout.write(out)
        sys.stdout.flush()
    except BrokenPipeError:
        pass
    return 0


class _CallableModule(type(sys)):
    """This module, callable as ``grundy.survey(codes, upto)``: importing ``grundy.survey`` (as
    Dask's workers do, to run ``classify``) makes the package's attribute ``survey`` this module
    in place of the function, and the call must still work."""

    def __call__(self, codes, upto):
        return _native.survey(codes, upto)


if __name__ == "__main__":
    sys.exit(main())
else:
    sys.modules[__name__].__class__ = _CallableModule
