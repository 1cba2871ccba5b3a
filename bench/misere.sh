#!/usr/bin/env bash
# Misère quotients (Plambeck and Siegel) against Aaron Siegel's MisereSolver, reach in equal
# time: for each octal code, `grundy quotient octal:CODE --upto 100000 --time TIME --json` and
# MisereSolver's command line on the same code, one after the other (code by code), each given
# TIME wall seconds. One table row a code: the heap each reached (the last heap whose quotient
# it had computed), the quotient's order there, grundy's stop reason, CPU seconds (user + system;
# MisereSolver's JVM compiles and collects on other threads, so its CPU can pass its wall time),
# who reached further, and whether the two growths (order at each heap where the quotient grew)
# agree on the heaps both reached. A quotient proven periodic counts as reaching every heap.
#
#   MISERESOLVER=/tmp/ms/classes [GRUNDY=path] [TIME=120] [CODES="0.07 0.17" | CODES_FILE=f] \
#       [GRUNDY_ARGS="--budget 4096"] bash bench/misere.sh
#
# MISERESOLVER is a Java class path (a folder of classes or a jar, or several joined by ':')
# holding org.cgsuite.core.misere.solver.CommandLineInterface, MisereSolver's own command line,
# run as `java -cp "$MISERESOLVER" org.cgsuite.core.misere.solver.CommandLineInterface CODE`
# (`--maxheap N` stops it after heap N; `--timeout S` is its own clock, not used here: it is run
# under `timeout TIME`). It prints one word per heap (the heap's element of the quotient), and at
# each heap where the quotient grows "=== Presentation Changed at Heap H ===", the presentation,
# "|Q| = order; |P| = P-portion size" and "Phi = " followed by the pretending function of every
# heap so far (the later heaps' words go on that line); a proven period ends with "=== Solution
# Found at Heap H ===" and its Period / Preperiod / Q-Size. bench/miseresolver/README.md says
# how to build it from CGSuite's source with javac alone (CGSuite's own build, with Scala, gives
# the same class; pass its jars as MISERESOLVER). Nothing here builds it.
#
# CODES_FILE (default bench/misere-codes.txt): codes one a line, '#' comments. The codes are
# run in order; nothing runs two at once. Without GRUNDY the release build is made (lib.sh).
# A grundy without `--time` is given `--work TIME*5*10^8` instead (about TIME seconds of CPU on
# 0.07; other codes do 0.5-5*10^9 units a CPU second) and killed at 3*TIME; the first line says so.
set -euo pipefail
source "$(dirname "$0")/lib.sh"
MS=${MISERESOLVER:?set MISERESOLVER to the class path of MisereSolver (see bench/miseresolver/README.md)}
TIME=${TIME:-120}
command -v java > /dev/null || { echo "no java on PATH (MisereSolver is Java)" >&2; exit 1; }
bench_init
if [ -n "${CODES:-}" ]; then
    read -r -a codes <<< "$CODES"
else
    mapfile -t codes < <(sed -e 's/#.*//' -e 's/[[:space:]]//g' -e '/^$/d' "${CODES_FILE:-bench/misere-codes.txt}")
fi
java -cp "$MS" org.cgsuite.core.misere.solver.CommandLineInterface 0.75 > "$BENCH_TMP/check" 2>&1 \
    && grep -q "Q-Size    :      8" "$BENCH_TMP/check" \
    || { echo "MisereSolver at $MS does not run (0.75 should give a quotient of order 8):" >&2; tail -n 5 "$BENCH_TMP/check" >&2; exit 1; }
read -r -a extra <<< "${GRUNDY_ARGS:-}"
if "$GRUNDY" quotient --help | grep -q -- '--time'; then
    g_limit=(--time "$TIME"); g_kill=$((TIME + 60)); g_note=""
else
    g_limit=(--work $((TIME * 500000000))); g_kill=$((TIME * 3)); g_note=" (no --time in this grundy: --work $((TIME * 500000000)))"
fi
echo "MisereSolver: $MS; grundy: $GRUNDY$g_note; TIME=$TIME s each; $(nproc) CPUs; load: $(cut -d' ' -f1-3 /proc/loadavg)"
echo
echo "| code | grundy heap | order | stop | CPU s | MisereSolver heap | order | CPU s | further | growths agree |"
echo "|---|---|---|---|---|---|---|---|---|---|"
# run NAME LIMIT CMD...: CMD under `timeout LIMIT`, stdout to NAME.out, stderr to NAME.err;
# sets CPU (user + system seconds of CMD and its children) and RC.
run() {
    local name=$1 limit=$2; shift 2
    RC=0
    /usr/bin/time -f '%U %S' -o "$BENCH_TMP/time" timeout "$limit" "$@" > "$BENCH_TMP/$name.out" 2> "$BENCH_TMP/$name.err" || RC=$?
    CPU=$(tail -n 1 "$BENCH_TMP/time" | awk '{ printf "%.2f", $1 + $2 }')
}
for code in "${codes[@]}"; do
    run g "$g_kill" "$GRUNDY" quotient "octal:$code" --upto 100000 "${g_limit[@]}" ${extra[@]+"${extra[@]}"} --json
    g_rc=$RC g_cpu=$CPU
    run m "$TIME" java -cp "$MS" org.cgsuite.core.misere.solver.CommandLineInterface "$code"
    python3 - "$code" "$BENCH_TMP/g.out" "$BENCH_TMP/g.err" "$g_rc" "$g_cpu" "$BENCH_TMP/m.out" "$CPU" <<'PY'
import json, re, sys
code, g_out, g_err, g_rc, g_cpu, m_out, m_cpu = sys.argv[1:]

def stop_reason(d):
    if d.get("proven"):
        return "proven, period %s" % d.get("period")
    if d.get("stop_kind"):
        return {"not_found": "no trial monoid"}.get(d["stop_kind"], d["stop_kind"])
    text = d.get("stopped") or ""
    for pattern, short in ((r"elements", "element bound"), (r"\bwork\b", "work"), (r"memory", "memory"),
                           (r"\btime\b|seconds", "time"), (r"every heap up to", "--upto")):
        if re.search(pattern, text):
            return short
    return text[:40] or "?"

# grundy: its JSON, or why there is none.
g = {"heap": None, "order": None, "proven": False, "growth": {}}
try:
    d = json.load(open(g_out))
    g.update(heap=d["computed_upto"], order=d["order"], proven=bool(d.get("proven")),
             growth={x["heap"]: x["order"] for x in d.get("growth", [])}, stop=stop_reason(d))
except (ValueError, KeyError, OSError):
    err = open(g_err).read().strip().splitlines()
    g["stop"] = "killed, no answer" if g_rc in ("124", "137") else "exit %s: %s" % (g_rc, err[0][:60] if err else "")

# MisereSolver: the last presentation's order, and the heaps whose words it printed since.
m = {"heap": 0, "order": 1, "proven": False, "growth": {}}
text = open(m_out, errors="replace").read()
changed = None
for line in text.splitlines():
    mc = re.match(r"=== Presentation Changed at Heap (\d+) ===", line)
    if mc:
        changed = int(mc.group(1))
    mq = re.match(r"\|Q\| = (\d+); \|P\| = (\d+)$", line)
    if mq and changed is not None:
        m["order"] = int(mq.group(1))
        m["growth"][changed] = m["order"]
    if line.startswith("Phi = "):
        words = line[len("Phi = "):].split(" ")
        # Heaps 0, 1, ...: a word is whole once the space after it is printed (a run stopped
        # by `timeout` may end in part of one), so the piece after the last space is not one.
        m["heap"] = len(words) - 2
solved = re.search(r"=== Solution Found at Heap (\d+) ===.*?Period\s*:\s*(\d+).*?Q-Size\s*:\s*(\d+)", text, re.S)
if solved:
    m.update(heap=int(solved.group(1)), order=int(solved.group(3)), proven=True, period=int(solved.group(2)))

def reach(x):
    return (1, 0) if x["proven"] else (0, x["heap"] if x["heap"] is not None else -1)

rg, rm = reach(g), reach(m)
further = "grundy" if rg > rm else "MisereSolver" if rm > rg else "equal"
if g["proven"] and m["proven"] and g["order"] != m["order"]:
    further = "both proven, orders DIFFER"
# The growths on the heaps both reached: grundy's order at each heap where either grew.
upto = min(g["heap"] if g["heap"] is not None else -1, m["heap"])
def order_at(growth, h):
    o = 1
    for k in sorted(growth):
        if k <= h:
            o = growth[k]
    return o
heaps = sorted(set(k for k in list(g["growth"]) + list(m["growth"]) if k <= upto))
agree = "-" if upto < 0 else ("yes, to heap %d" % upto if all(order_at(g["growth"], h) == order_at(m["growth"], h) for h in heaps) else "NO")
def cell(x, key):
    return "-" if x[key] is None else str(x[key])
m_heap = cell(m, "heap") + (" (proven, period %d)" % m["period"] if m["proven"] else "")
print("| %s | %s | %s | %s | %s | %s | %s | %s | %s | %s |" % (
    code, cell(g, "heap"), cell(g, "order"), g["stop"], g_cpu, m_heap, m["order"], m_cpu, further, agree))
PY
done
