"""``python -m grundy.outcome``: who wins a partizan board position, the search split into jobs
on a Dask cluster.

It takes GAME POSITION... (a partizan board game of ``grundy games``: domineering, clobber,
konane, snort, col, toads-frogs, ...), ``--to-move first|second|both``, ``--depth D``,
``--budget N``, ``--memory BYTES`` (each job's outcome search, on its worker) and ``--json``, and
``--scheduler ADDRESS`` (a running Dask scheduler, e.g.
``tcp://10.0.0.1:8786``); without one it starts a local cluster of ``--workers N`` processes
(``--workers 0`` runs every job in this process, without Dask).

The root's moves are expanded D moves deep (the player to move, then the other, ...); each
position reached at depth D is one job, which the library answers on its own, with its own
table (``grundy._native.outcome_job``: ``grundy analyze`` of that position). The answers are
combined by the rule of a game tree: the player to move wins when some move leaves a position
the other player loses moving first (one job or node proving it is enough), and loses when
every move leaves one the other player wins (all of them are needed). As the jobs finish, a
node decided makes the jobs below it that no other undecided node needs useless, and they are
cancelled: once a root move is proven winning, nothing else is run. The output is
``grundy analyze``'s (the outcome, a winning move), with the jobs made, run and cancelled and
the search nodes of the jobs run.

Every machine of the cluster needs the package installed (``pip install ./crates/grundy-py``).
"""

import argparse
import hashlib
import json
import os
import sys
import time
from typing import Dict, List, Optional, Tuple

from grundy import _dask, _native
from grundy.errors import BadInput, GrundyError, Refused

#: The most jobs (and nodes above them) an expansion may make: a deeper expansion is refused
#: before any job runs. Each job costs the scheduler about a millisecond and the client a few
#: hundred bytes, and 10^5 jobs are already more than a cluster of a thousand cores needs.
MAX_JOBS = 100_000

#: The deepest expansion: a job 100 moves below the root is already one position of a single
#: line of play (past 10^5 jobs a bushier tree is refused sooner), and the expansion recurses
#: once a move.
MAX_DEPTH = 100

#: The least --memory a job takes, as grundy analyze --memory: 1 MiB.
MIN_MEMORY = 1 << 20

#: What a node's verdict is when neither player can force a win (a game whose play repeats).
DRAW = "draw"


def other(player: str) -> str:
    """The other player."""
    return "second" if player == "first" else "first"


def _winner_of_class(cls: str, to_move: str) -> str:
    """Who wins a position of Conway's outcome class `cls` with `to_move` to move (Left is the
    first player)."""
    if cls == "N":
        return to_move
    if cls == "P":
        return other(to_move)
    return "first" if cls == "L" else "second"


def job(
    game: str,
    tokens: List[str],
    to_move: str,
    budget: Optional[int],
    memory: Optional[int] = None,
    alone: bool = False,
) -> dict:
    """One job: who wins one position with `to_move` to move, by the library (its own search,
    its own table, of at most `memory` bytes with its values: grundy analyze --memory); `alone`:
    the player to move only (grundy analyze --to-move-only), where no other job needs the
    outcome class."""
    return _native.outcome_job(game, tokens, to_move, budget, memory, alone)


class Node:
    """A position of the expanded tree with its player to move: a job (at the depth asked, or
    decided at once when the game is over there), or the nodes its moves lead to."""

    __slots__ = ("tokens", "to_move", "moves", "children", "parents", "verdict", "job")

    def __init__(self, tokens: List[str], to_move: str) -> None:
        self.tokens = tokens
        self.to_move = to_move
        #: The moves (words, the position left), one per child, in the library's order.
        self.moves: List[Tuple[str, List[str]]] = []
        self.children: List["Node"] = []
        self.parents: List["Node"] = []
        #: "first" or "second" (who wins with `to_move` to move), DRAW, or None while unknown.
        self.verdict: Optional[str] = None
        #: The key of this node's job, for a node at the depth asked.
        self.job: Optional[str] = None

    def decide(self) -> Optional[str]:
        """The verdict the children give so far: the player to move wins by one child they
        win, loses when every child is won by the other player."""
        unknown = draw = False
        for c in self.children:
            if c.verdict == self.to_move:
                return self.to_move
            if c.verdict is None:
                unknown = True
            elif c.verdict == DRAW:
                draw = True
        if unknown:
            return None
        return DRAW if draw else other(self.to_move)

    def winning_move(self) -> Optional[Tuple[str, List[str]]]:
        """The first move (in the library's order) to a child proven won by the player to
        move, when there is one."""
        for mv, c in zip(self.moves, self.children):
            if c.verdict == self.to_move:
                return mv
        return None


class Search:
    """The expanded tree of one or two roots (the same position, each player to move), its jobs
    and their answers."""

    def __init__(
        self,
        game: str,
        tokens: List[str],
        players: List[str],
        depth: int,
        budget: Optional[int],
        memory: Optional[int] = None,
    ):
        self.game, self.budget, self.depth, self.memory = game, budget, depth, memory
        #: The jobs cancelled on the cluster once no undecided node needed them.
        self.cancelled = 0
        self.nodes: Dict[Tuple[Tuple[str, ...], str, int], Node] = {}
        #: The jobs in the order they were made (depth first, the library's order of moves),
        #: which is the order they are run in: a first move is searched before the next.
        self.jobs: Dict[str, Node] = {}
        self.results: Dict[str, dict] = {}
        #: The jobs of each position, one per player to move.
        self.by_position: Dict[Tuple[str, ...], List[str]] = {}
        #: The jobs answered by the outcome class another job gave for the same position.
        self.shared = 0
        #: Whether each job asks only its player to move: with one root every job has the same
        #: player to move, so no job's outcome class answers another's (with two roots it does,
        #: see `record`), and the other player's search would be work for nothing.
        self.alone = len(set(players)) == 1
        self.roots = [self._expand(tokens, p, depth) for p in players]
        for r in self.roots:
            self._settle(r, set())

    def _expand(self, tokens: List[str], to_move: str, depth: int) -> Node:
        """The node of `tokens` with `to_move` to move, `depth` moves above the jobs: made once,
        however many lines of play reach it."""
        key = (tuple(tokens), to_move, depth)
        node = self.nodes.get(key)
        if node is not None:
            return node
        if len(self.nodes) >= MAX_JOBS:
            raise Refused(
                f"the moves to depth {self.depth} make more than {MAX_JOBS} positions to search: give a smaller --depth"
            )
        node = self.nodes[key] = Node(tokens, to_move)
        if depth == 0:
            node.job = hashlib.sha1(json.dumps([self.game, tokens, to_move, self.budget, self.memory]).encode()).hexdigest()
            self.jobs[node.job] = node
            self.by_position.setdefault(tuple(tokens), []).append(node.job)
            return node
        winner, moves = _native.outcome_moves(self.game, tokens, to_move)
        if winner is not None:
            node.verdict = winner
            return node
        node.moves = moves
        for _, leaves in moves:
            child = self._expand(leaves, other(to_move), depth - 1)
            child.parents.append(node)
            node.children.append(child)
        return node

    def _settle(self, node: Node, seen: set) -> None:
        """The verdicts known before any job runs (games over within the depth), bottom up."""
        if id(node) in seen:
            return
        seen.add(id(node))
        for c in node.children:
            self._settle(c, seen)
        if node.children and node.verdict is None:
            node.verdict = node.decide()

    def done(self) -> bool:
        """Whether every root is decided."""
        return all(r.verdict is not None for r in self.roots)

    def record(self, key: str, result: dict) -> bool:
        """A job's answer, carried up to every node it decides; whether some node above it was
        decided or another job answered with it (then some jobs may no longer be needed).

        An answer with the outcome class (Conway's value, or the search with each player
        first) also answers the same position with the other player to move: with both
        players asked, the positions two moves deep are the same for either root, so half the
        jobs are answered so. Not a root, whose winning move only its own job gives."""
        self.results[key] = result
        decided = self._carry(self.jobs[key], result["winner"] or DRAW)
        cls = result.get("outcome_class")
        if cls in ("L", "R", "N", "P"):
            for other_key in self.by_position[tuple(self.jobs[key].tokens)]:
                node = self.jobs[other_key]
                if other_key in self.results or not node.parents:
                    continue
                winner = _winner_of_class(cls, node.to_move)
                self.results[other_key] = {"winner": winner, "winning_move": None, "outcome_class": cls, "search_nodes": 0}
                self.shared += 1
                self._carry(node, winner)
                decided = True
        return decided

    @staticmethod
    def _carry(node: Node, verdict: str) -> bool:
        """A job's node given its verdict, carried up to every node it decides; whether some
        node was decided."""
        node.verdict = verdict
        decided = False
        waiting = list(node.parents)
        while waiting:
            p = waiting.pop()
            if p.verdict is not None:
                continue
            p.verdict = p.decide()
            if p.verdict is not None:
                decided = True
                waiting.extend(p.parents)
        return decided

    def needed(self) -> List[str]:
        """The jobs not yet answered that some undecided node still needs, in their order."""
        wanted, seen = set(), set()
        stack = [r for r in self.roots if r.verdict is None]
        while stack:
            node = stack.pop()
            if id(node) in seen:
                continue
            seen.add(id(node))
            if node.job is not None:
                if node.job not in self.results:
                    wanted.add(node.job)
                continue
            stack.extend(c for c in node.children if c.verdict is None)
        return [k for k in self.jobs if k in wanted]

    def answer(self, root: Node) -> dict:
        """One root's answer: outcome (N, P or D), winner, a winning move."""
        winner = None if root.verdict == DRAW else root.verdict
        if root.job is not None:
            move = self.results[root.job]["winning_move"] if winner == root.to_move else None
        else:
            found = root.winning_move()
            move = {"text": found[0], "leaves": found[1]} if found else None
        outcome = "D" if winner is None else ("N" if winner == root.to_move else "P")
        return {"to_move": root.to_move, "outcome": outcome, "winner": winner, "winning_move": move}


def run_here(search: Search, progress: "Progress") -> None:
    """Runs the jobs in this process, one at a time, each the first job still needed."""
    queue = search.needed()
    while not search.done():
        key = queue.pop(0)
        node = search.jobs[key]
        if search.record(key, job(search.game, node.tokens, node.to_move, search.budget, search.memory, search.alone)):
            queue = search.needed()
        progress.update(search)


#: Jobs kept submitted per worker thread: one running and one waiting, so that a thread never
#: waits for the client, while the jobs submitted and not needed any more stay few.
AHEAD = 2


def run_on_dask(search: Search, args: argparse.Namespace, progress: "Progress") -> None:
    """Runs the jobs on the cluster, in their order, a few per worker thread at a time (the
    next needed job submitted as one finishes), cancelling those no undecided node needs as
    nodes are decided, until every root is decided."""
    with _dask.client(args.scheduler, args.workers, "a search", Refused) as (client, as_completed):
        live: Dict[str, object] = {}  # key -> its future, submitted and not yet answered
        keys: Dict[str, str] = {}  # the future's key -> the job's key
        queue = search.needed()
        finished = as_completed()
        threads = {"count": 0, "asked": 0.0}

        def slots() -> int:
            # Workers may join or leave a running cluster: their threads are asked again
            # every few seconds.
            now = time.monotonic()
            if now - threads["asked"] > 5:
                threads["count"], threads["asked"] = sum(client.nthreads().values()), now
            return AHEAD * max(1, threads["count"])

        def fill() -> None:
            while queue and len(live) < slots():
                key = queue.pop(0)
                if key in live:
                    continue
                node = search.jobs[key]
                future = client.submit(
                    job,
                    search.game,
                    node.tokens,
                    node.to_move,
                    search.budget,
                    search.memory,
                    search.alone,
                    key=f"grundy-outcome-{key}",
                )
                live[key], keys[future.key] = future, key
                finished.add(future)

        fill()
        for future in finished:
            key = keys[future.key]
            if key not in live:
                continue  # cancelled: no longer needed
            del live[key]
            if search.record(key, future.result()):
                needed = search.needed()
                wanted = set(needed)
                queue = [k for k in needed if k not in live]
                dropped = list(live) if search.done() else [k for k in live if k not in wanted]
                if dropped:
                    client.cancel([live.pop(k) for k in dropped])
                    search.cancelled += len(dropped)
                if search.done():
                    break
            fill()
            progress.update(search)


class Progress:
    """Jobs run so far on stderr (a terminal only)."""

    def __init__(self) -> None:
        self.shown = sys.stderr.isatty()

    def update(self, search: Search) -> None:
        if self.shown:
            sys.stderr.write(f"\r{len(search.results)} of {len(search.jobs)} jobs run ")
            sys.stderr.flush()

    def finish(self) -> None:
        if self.shown:
            sys.stderr.write("\r\033[K")
            sys.stderr.flush()


#: Conway's outcome classes, in words.
CLASS_WORDS = {
    "L": "Left, the first player, wins whoever starts",
    "R": "Right, the second player, wins whoever starts",
    "N": "the player to move wins",
    "P": "the player to move loses",
}


def outcome_class(first: dict, second: dict) -> Optional[str]:
    """Conway's outcome class from the answers with each player first (None with a draw)."""
    if first["winner"] is None or second["winner"] is None:
        return None
    left, right = first["winner"] == "first", second["winner"] == "second"
    return {(True, True): "N", (True, False): "L", (False, True): "R", (False, False): "P"}[(left, right)]


def search(
    game: str,
    position: List[str],
    to_move: str = "first",
    depth: int = 2,
    budget: Optional[int] = None,
    workers: int = 0,
    scheduler: Optional[str] = None,
    memory: Optional[int] = None,
) -> dict:
    """Who wins `position` of the partizan board game `game`, as ``python -m grundy.outcome
    --json`` prints it (a dict): the search split into the jobs of the root's moves `depth`
    deep, run in this process (`workers` 0, no `scheduler`), on a local Dask cluster of
    `workers` processes, or on the cluster at `scheduler`. `to_move` is "first", "second" or
    "both" (then `outcome_class` too, and the answer for each in `first` and `second`).
    `memory` bounds each job's outcome search in bytes (its table and values, as ``grundy
    analyze --memory``: at least 1 MiB, 256 MiB by default), on each worker.
    Raises ``grundy.BadInput`` for a game, position or player it cannot read,
    ``grundy.GaveUp`` when a job's budget is not enough, ``grundy.Refused`` for an expansion
    past ``MAX_JOBS``."""
    if to_move not in ("first", "second", "both"):
        raise BadInput(f"unknown player '{to_move}' for --to-move (expected first, second or both)")
    if depth > MAX_DEPTH:
        raise BadInput(f"--depth {depth} is past {MAX_DEPTH}, the deepest expansion into jobs")
    if memory is not None and memory < MIN_MEMORY:
        raise BadInput(f"--memory {memory} is less than {MIN_MEMORY} bytes (1 MiB), the least a job's search takes")
    if isinstance(position, str):
        position = position.split()
    players = ["first", "second"] if to_move == "both" else [to_move]
    # The game and position read here, before a cluster starts (at depth 0 no move is listed).
    _native.outcome_moves(game, list(position), players[0])
    search = Search(game, list(position), players, depth, budget, memory)
    progress = Progress()
    args = argparse.Namespace(workers=workers, scheduler=scheduler)
    if not search.done():
        if workers == 0 and not scheduler:
            run_here(search, progress)
        else:
            run_on_dask(search, args, progress)
    progress.finish()
    answers = [search.answer(r) for r in search.roots]
    out: dict = {"game": game, "tokens": list(position), "to_move": to_move}
    if to_move == "both":
        out["outcome_class"] = outcome_class(*answers)
        out["first"], out["second"] = ({k: v for k, v in a.items() if k != "to_move"} for a in answers)
    else:
        a = answers[0]
        out.update(outcome=a["outcome"], winner=a["winner"], winning_move=a["winning_move"])
        out["winning_moves"] = [a["winning_move"]] if a["winning_move"] else []
    out.update(
        depth=depth,
        jobs=len(search.jobs),
        jobs_run=len(search.results) - search.shared,
        jobs_shared=search.shared,
        jobs_cancelled=search.cancelled,
        search_nodes=sum(r["search_nodes"] or 0 for r in search.results.values()),
        ran_on=f"the Dask cluster at {scheduler}" if scheduler else (f"a local Dask cluster of {workers} workers" if workers else "this process"),
    )
    return out


def _answer_lines(a: dict, indent: str, to_move: str) -> str:
    """The outcome and the winning move of one answer, as ``grundy analyze`` words them for a
    partizan board: the winner named as Left or Right (N and P beside an outcome class L or R
    would read as two answers)."""
    side = {"first": "Left", "second": "Right"}
    if a["winner"] is None:
        s = f"{indent}outcome: D (a draw: neither player can force a win)\n"
    elif a["winner"] == to_move:
        s = f"{indent}outcome: {side[to_move]}, to move, wins with best play\n"
    else:
        s = f"{indent}outcome: {side[to_move]}, to move, loses: {side[a['winner']]} wins with best play\n"
    m = a["winning_move"]
    if m is None:
        return s + f"{indent}winning moves: none\n"
    return s + f"{indent}winning move (one of them; the search stops at the first):\n{indent}  {m['text']}  => {' '.join(m['leaves'])}\n"


def render(out: dict) -> str:
    """The answer in words."""
    position = " ".join(out["tokens"])
    if out["to_move"] == "both":
        s = f"{out['game']} {position} (normal play)\n"
        c = out["outcome_class"]
        s += f"outcome class: {c} ({CLASS_WORDS[c]})\n" if c else "outcome class: none (a draw with some player first)\n"
        for player in ("first", "second"):
            s += f"{player} player to move:\n" + _answer_lines(out[player], "  ", player)
    else:
        s = f"{out['game']} {position} (normal play, {out['to_move']} player to move)\n"
        s += _answer_lines(out, "", out["to_move"])
    here = out["ran_on"] == "this process"
    where = "in this process" if here else f"on {out['ran_on']}"
    shared = f", {out['jobs_shared']} answered by the outcome class of the same position's job" if out["jobs_shared"] else ""
    not_needed = out["jobs"] - out["jobs_run"] - out["jobs_shared"]
    cancelled = "" if here else f" ({out['jobs_cancelled']} of them cancelled on the cluster)"
    s += (
        f"jobs: {out['jobs']} (the positions {out['depth']} moves deep), {out['jobs_run']} run {where}{shared}, "
        f"{not_needed} not needed{cancelled}; search nodes: {out['search_nodes']}\n"
    )
    return s


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="python -m grundy.outcome",
        description="Who wins a partizan board position: the root's moves expanded into jobs, each searched on its own, on a Dask cluster or here.",
    )
    p.add_argument("game", metavar="GAME", help="a partizan board game (domineering, clobber, konane, ...)")
    p.add_argument("position", nargs="+", metavar="POSITION", help="the position's tokens, as grundy analyze reads them")
    p.add_argument(
        "--to-move",
        default="first",
        metavar="PLAYER",
        help="first, second, or both (then the outcome class too); default first",
    )
    p.add_argument("--depth", type=_dask.whole, default=2, metavar="D", help="moves expanded into jobs (default 2; deeper makes more, smaller jobs)")
    p.add_argument("--budget", type=_dask.whole, metavar="N", help="each job's budget, as grundy analyze --budget")
    p.add_argument(
        "--memory",
        type=_dask.whole,
        metavar="BYTES",
        help="the most bytes each job's outcome search holds on its worker, as grundy analyze --memory (at least 1048576; default 256 MiB)",
    )
    p.add_argument("--json", action="store_true", help="one JSON object")
    p.add_argument("--scheduler", metavar="ADDRESS", help="a running Dask scheduler (tcp://HOST:8786); without it a local cluster")
    p.add_argument(
        "--workers",
        type=_dask.whole,
        default=os.cpu_count() or 1,
        metavar="N",
        help="worker processes of the local cluster (default: the cores); 0 runs the jobs in this process",
    )
    return p


def main(argv: Optional[List[str]] = None) -> int:
    args = parser().parse_args(argv)
    start = time.monotonic()
    try:
        out = search(
            args.game, args.position, args.to_move, args.depth, args.budget, args.workers, args.scheduler, args.memory
        )
    except GrundyError as e:
        if args.json:
            # As grundy analyze --json fails: one JSON object, its kind named as there.
            kind = {"BadInput": "bad_input", "IllegalMove": "bad_input", "GaveUp": "gave_up"}.get(type(e).__name__, "refused")
            sys.stdout.write(json.dumps({"error": {"kind": kind, "message": str(e), "argument": None}}) + "\n")
        else:
            sys.stderr.write(f"error: {e}\n")
        return 2
    except KeyboardInterrupt:
        sys.stderr.write("stopped (Ctrl-C)\n")
        return 130
    out["seconds"] = round(time.monotonic() - start, 3)
    try:
        sys.stdout.write(json.dumps(out) + "\n" if args.json else render(out))
        sys.stdout.flush()
    except BrokenPipeError:
        pass
    return 0


if __name__ == "__main__":
    sys.exit(main())
