#!/usr/bin/env bash
# The inputs of the hostile passes of 2026-11-25, 2026-11-26 and 2026-11-27, each run
# under a 4 GB address-space limit and a 20 s watchdog: each must answer or be refused (exit 0, 1
# or 2), with an error of at most three lines, no panic and no abort; some also check what was
# printed (well-formed SVG, C++ that compiles, a guess the proven period allows). The Python
# inputs run when the package imports (PYTHON=path, default: crates/grundy-py's virtualenv, which
# crates/grundy-py/run-tests.sh makes). Prints one line per input and exits 1 when any fails.
# Usage: [GRUNDY=path] [PYTHON=path] bash bench/hostile.sh
set -uo pipefail
cd "$(dirname "$0")/.."
if [ -n "${GRUNDY:-}" ]; then bin="$GRUNDY"; else
  cargo build --quiet --release -p grundy-cli
  bin="$PWD/target/release/grundy"
fi
dir="$(mktemp -d)"
trap 'rm -rf "$dir"' EXIT
python3 -c 'import random; r = random.Random(1); print(" ".join(str(r.randrange(10**6)) for _ in range(30000)))' > "$dir/stairs30k"
python3 -c 'import random; r = random.Random(2); print(" ".join(str(r.randrange(10**6)) for _ in range(10000)))' > "$dir/stairs10k"
python3 -c '
import sys
w = sys.stdout.write
for i in range(6000):
    w("".join(f"{i} {j}\n" for j in range(i)))' > "$dir/dag.txt"
python3 -c 'print(",".join(f"{i}-{i+1}" for i in range(600000)))' > "$dir/hb600k.txt"
printf '\xef\xbb\xbfa b\nb c\n' > "$dir/bom.txt"
printf 'a b # a comment\nb c\n' > "$dir/geo.txt"
sums=$(printf 'nim=5 %.0s' $(seq 3000))
failed=0
check() { # NAME STDIN-COMMAND ARGS...
  local name="$1" feed="$2"; shift 2
  local start end code lines
  start=$(date +%s.%N)
  # shellcheck disable=SC2086 # RUNAS is a command prefix of words (setpriv ...), or empty
  ( ulimit -v 4194304; eval "$feed" | timeout 20 ${RUNAS:-} "$bin" "$@" > "$dir/out" 2> "$dir/err" ); code=$?
  end=$(date +%s.%N)
  lines=$(wc -l < "$dir/err")
  local verdict=ok
  if [ "$code" != 0 ] && [ "$code" != 1 ] && [ "$code" != 2 ]; then verdict=FAIL; fi
  if [ "$lines" -gt 3 ] || grep -q "panicked" "$dir/err"; then verdict=FAIL; fi
  if [ -n "${EXPECT:-}" ] && ! eval "$EXPECT"; then verdict=FAIL; fi
  [ "$verdict" = ok ] || failed=1
  printf '%-4s %-44s exit %3s  %5.1f s  %s\n' "$verdict" "$name" "$code" "$(echo "$end - $start" | bc)" "$(head -c 150 "$dir/err" | head -1)"
}
M=18446744073709551615
check "1 moore:2^64-1" true analyze moore:$M 5 6
check "1 moore:2^64-1 --json" true analyze moore:$M 5 6 --json
check "1 moore:2^64-1 play" "echo quit" play moore:$M 5 6
check "1 moore:2^64-1 batch" "echo '{\"game\":\"moore:$M\",\"position\":[5,6]}'" batch
check "2 sum of 3000 nim heaps --every" true analyze sum $sums --every
check "2 staircase of 10,000 steps" true analyze staircase $(cat "$dir/stairs10k")
check "3 octal:0.16 10^9" true analyze octal:0.16 1000000000
check "3 octal:0.16 3.5*10^8" true analyze octal:0.16 350000000
check "3 octal:0.16 2^64-1" true analyze octal:0.16 $M
check "4 staircase of 30,000 steps --json" true analyze staircase $(cat "$dir/stairs30k") --json
check "5 /dev/zero into play" "head -c 4000000000 /dev/zero" play nim 3 4 5
check "5 /dev/zero into batch" "head -c 4000000000 /dev/zero" batch
check "6 sg subtraction:30000000 --upto 10" true sg subtraction:30000000 --upto 10
check "7 complete DAG of 6000" true analyze "graph:$dir/dag.txt" 5999 100
check "8 graph export nim 1000 1000" true graph export nim 1000 1000
check "8 graph export kayles 1000" true graph export kayles 1000
check "10 subtraction:10000000 5" true analyze subtraction:10000000 5
check "10 the same with --budget 30000000" true analyze subtraction:10000000 5 --budget 30000000
check "11 subtraction:2^64-1 2^64-1" true analyze subtraction:$M $M
check "12 fibonacci-nim --budget 0" true analyze fibonacci-nim 1000 --budget 0
check "13 Hackenbush of 600,000 edges" true analyze hackenbush "@$dir/hb600k.txt"
check "14 graph file with a byte-order mark" true analyze "graph:$dir/bom.txt" a
check "14 geography file with a byte-order mark" true analyze "geography:$dir/bom.txt" a
check "15 geography file with a # comment" true analyze "geography:$dir/geo.txt" a
check "17 graph export kayles 40" true graph export kayles 40
check "fuzz: misère Moore, K = 2^64-1, ten heaps" true analyze moore:$M 4 4 4 4 4 4 4 4 4 4 --misere
check "fuzz: misère Moore, K = 2^64-1, 20 heaps" true analyze moore:$M 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 2 --misere

# The pass of 2026-11-26 (issue 46): its row number first.
python3 -c '
import random
r = random.Random(3)
print(",".join(f"{r.randrange(i + 1)}-{i + 1}" for i in range(100000)))' > "$dir/tree100k.txt"
python3 -c 'print(",".join(f"{i}-{i+1}" for i in range(1000000)))' > "$dir/path1m.txt"
python3 -c '
import random
r = random.Random(4)
print(",".join(f"{r.randrange(i + 1)}-{i + 1}" for i in range(1000000)))' > "$dir/tree1m.txt"
python3 -c 'print("".join(f"c {i}\n" for i in range(100000)), end="")' > "$dir/fan.txt"
printf 'a b\x01c\nb\x01c d\n' > "$dir/ctrl.txt"
printf 'a \xef\xbf\xbe\n' > "$dir/fffe.txt"
python3 -c 'print(" ".join(["0"] * 8388608))' > "$dir/zeros8m"
seq 0 4194303 > "$dir/seq4m"
python3 -c 'print(" ".join(["18446744073709551615"] * 20))' > "$dir/max20"
well_formed='python3 -c "import sys, xml.dom.minidom as m; m.parse(sys.argv[1])" "$dir/t.svg"'
EXPECT="$well_formed" check "46/1 draw Hackenbush, random tree of 10^5 edges" true draw hackenbush "@$dir/tree100k.txt" -o "$dir/t.svg"
check "46/1 draw Hackenbush, path of 10^6 edges" true draw hackenbush "@$dir/path1m.txt" -o "$dir/t.svg"
check "46/1 draw Hackenbush, random tree of 10^6 edges" true draw hackenbush "@$dir/tree1m.txt" -o "$dir/t.svg"
EXPECT="$well_formed" check "46/1 draw Hackenbush, 10^5 edges, --moves" true draw hackenbush "@$dir/tree100k.txt" -o "$dir/t.svg" --moves
check "46/2 draw a token of out-degree 10^5" true draw "graph:$dir/fan.txt" c -o "$dir/t.svg"
check "46/2 draw 1,000 tokens of out-degree 10^5" true draw "graph:$dir/fan.txt" $(yes c | head -1000) -o "$dir/t.svg"
check "46/3 graph export ruler 1000" true graph export ruler 1000
check "46/3 graph export ruler 65536" true graph export ruler 65536
check "46/3 graph export ruler 20" true graph export ruler 20
check "46/3 graph export ruler 18" true graph export ruler 18
check "46/3 graph export coins-2d:mock-turtlesxruler 1,1024" true graph export coins-2d:mock-turtlesxruler 1,1024
EXPECT='[ "$(wc -l < "$dir/out")" -ge 1 ] && [ "$code" = 0 ]' check "46/4 sg bash:2^64-2 --upto 7 --summary" true sg bash:18446744073709551614 --upto 7 --summary
EXPECT='[ "$code" = 0 ]' check "46/4 sg bounded:2^64-2 --upto 7 --summary" true sg bounded:18446744073709551614 --upto 7 --summary
EXPECT='[ "$code" = 0 ]' check "46/4 sg bash:2^63 --upto 7 --summary" true sg bash:9223372036854775808 --upto 7 --summary
EXPECT='! grep -q "G(n) = n from n = 0" "$dir/out"' check "46/5 sg allbut:4710989935697073755 --guess" true sg allbut:4710989935697073755 --upto 40 --guess
check "46/6 pattern of 8,388,608 zeros" "cat $dir/zeros8m" pattern
check "46/6 pattern of 0..4194303" "cat $dir/seq4m" pattern
# A quotient runs by design as a research computation (to heap 100,000 unless --upto says
# otherwise, issue 62), so the long ones are given --time 5: each must stop and print the
# quotient proven by then, within the watchdog.
proven='grep -q "P-portion" "$dir/out"'
EXPECT="$proven" check "46/7 quotient octal:0.777 --time 5" true quotient octal:0.777 --time 5
check "46/7 quotient octal:0.777 --upto 1000" true quotient octal:0.777 --upto 1000
EXPECT="$proven" check "46/7 quotient hex:0.8 --time 5" true quotient hex:0.8 --time 5
EXPECT="$proven" check "46/7 quotient octal:0.16 --upto 10000 --budget 4096 --time 5" true quotient octal:0.16 --upto 10000 --budget 4096 --time 5
check "46/8 survey hex:0.8 --upto 1000000" true survey hex:0.8 --upto 1000000
check "46/8 survey hex:0.8 --upto 10" true survey hex:0.8 --upto 10
EXPECT='[ "$code" = 0 ]' check "46/9 analyze take-or-split:2 20 --every" true analyze take-or-split:2 20 --every
check "46/9 analyze take-or-split:5 999 --every" true analyze take-or-split:5 999 --every
compiles='python3 -c "import json, sys; print(json.load(open(sys.argv[1]))[\"cpp\"])" "$dir/out" > "$dir/b.cpp" && { ! command -v g++ >/dev/null || g++ -fsyntax-only -x c++ "$dir/b.cpp"; }'
EXPECT="$compiles" check "46/14 pattern --json of twenty 2^64-1" "cat $dir/max20" pattern --json
EXPECT="$well_formed" check "46/15 draw a vertex name holding U+0001" true draw "graph:$dir/ctrl.txt" a -o "$dir/t.svg"
EXPECT="$well_formed" check "46/15 draw a vertex name holding U+FFFE" true draw "graph:$dir/fffe.txt" a -o "$dir/t.svg"
# A store the user cannot write: as root, permissions stop nothing, so the reader runs as
# nobody (setpriv) where it can; the directory and the binary are made readable to it.
"$bin" sg kayles --upto 100 --summary --store "$dir/store" > /dev/null 2>&1
chmod -R a-w "$dir/store"; chmod a+rx "$dir"
as_reader=""
if [ "$(id -u)" = 0 ] && command -v setpriv > /dev/null; then
  as_reader="setpriv --reuid=nobody --regid=nogroup --clear-groups"
fi
RUNAS="$as_reader" EXPECT='[ "$code" = 0 ]' check "46/16 analyze kayles 10 on a read-only store" true analyze kayles 10 --store "$dir/store"
chmod -R u+w "$dir/store"; rm -f "$dir/store/lock"; chmod -R a-w "$dir/store"
RUNAS="$as_reader" EXPECT='[ "$code" = 0 ]' check "46/16 ... with no lock file" true analyze kayles 10 --store "$dir/store"
chmod -R u+w "$dir/store"
EXPECT='! grep -q "wild" "$dir/out"' check "46/17 quotient octal:0.0" true quotient octal:0.0
EXPECT='! grep -q "generated by  with" "$dir/out"' check "46/17 quotient kayles --upto 0" true quotient kayles --upto 0
EXPECT='! grep -q "generated by  with" "$dir/out"' check "46/17 analyze octal:0.0 3 --misere --explain" true analyze octal:0.0 3 --misere --explain
for g in nim kayles hex:0.f bash:3; do
  check "46/18 sg $g --upto 2^64-1" true sg "$g" --upto $M
done

# The pass of 2026-11-27 (issue 62): its row number first. Rows 1-6, 13 and 16 are the
# partizan values'; the rest the command line's, the stores' and the server's.
python3 -c '
cols = "brg"
print(",".join(f"{i}-{(i + 1) % 200}:{cols[i % 3]}" for i in range(200)))' > "$dir/cycle200.txt"
python3 -c '
cols = "brg"
print(",".join(f"{i}-{(i + 1) % 1000}:{cols[i % 3]}" for i in range(1000)))' > "$dir/cycle1000.txt"
python3 -c 'print(",".join(f"0-{i}" for i in range(1, 30001)))' > "$dir/star30k.txt"
python3 -c 'print(",".join(f"0-{i}:b" for i in range(1, 30001)))' > "$dir/star30kb.txt"
python3 -c 'import random; r = random.Random(5); print(" ".join(str(r.randrange(1, 100)) for _ in range(10**7)))' > "$dir/heaps10m"
pm=$(python3 -c 'print("+".join(f"±{i}" for i in range(1, 41)))')
check "62/1 value ^1000000000" true value '^1000000000'
check "62/2 value nim 5000" true value nim 5000
check "62/2 value *1000000" true value '*1000000'
check "62/2 value sum nim=1000000" true value sum nim=1000000
check "62/3 value *4000000000 --work 2^36" true value '*4000000000' --work 68719476736
# Row 4's refusals come fast: within 5 s (the default bound of 5*10^7 steps is a few seconds
# of work; the cycle took 17 s while its forecast's own values went uncounted).
fast='awk -v a="$start" -v b="$end" "BEGIN { exit !(b - a < 5) }"'
EXPECT="$fast" check "62/4 value hackenbush, 200-edge coloured cycle" true value hackenbush "@$dir/cycle200.txt"
EXPECT="$fast" check "62/4 value hackenbush, 1000-edge coloured cycle" true value hackenbush "@$dir/cycle1000.txt"
# Domineering's boards are refused before the work by the forecast (the positions the search
# must visit, a lower bound on its work), naming --work; the rest by the one total bound.
forecast='[ "$code" = 2 ] && grep -q "forecast before the work" "$dir/err" && grep -q -- "--work" "$dir/err"'
EXPECT="$forecast && $fast" check "62/4 value domineering 8x8" true value domineering ......../......../......../......../......../......../......../........
EXPECT="$forecast && $fast" check "62/4 value domineering 4x16" true value domineering ................/................/................/................
EXPECT="$forecast && $fast" check "62/4 value domineering 10x6" true value domineering ....../....../....../....../....../....../....../....../....../......
EXPECT="$forecast && $fast" check "62/4 value clobber 4x5 checkerboard" true value clobber xoxox/oxoxo/xoxox/oxoxo
EXPECT="$fast" check "62/4 value clobber 8x8 checkerboard" true value clobber xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox
EXPECT='[ "$code" = 2 ] && grep -q -- "--work" "$dir/err"' check "62/4 value kl:2,3 1000" true value kl:2,3 1000
# The same boards analysed (the value and every option's): one bound on the whole analysis,
# 25 steps a unit of --budget, refused within 5 s naming the budget (they ran past 30 s; the
# JSON error names --budget as its argument).
budget='[ "$code" = 2 ] && grep -q "budget" "$dir/err"'
EXPECT="$budget && $fast" check "62/4 analyze clobber 4x5 checkerboard" true analyze clobber xoxox/oxoxo/xoxox/oxoxo
EXPECT="$budget" check "62/4 analyze clobber 8x8 checkerboard" true analyze clobber xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox
EXPECT="$budget && $fast" check "62/4 analyze hackenbush, 200-edge cycle" true analyze hackenbush "@$dir/cycle200.txt"
EXPECT="$budget && $fast" check "62/4 analyze domineering 8x8" true analyze domineering ......../......../......../......../......../......../......../........
EXPECT="$budget" check "62/4 analyze sum with a 4x5 Clobber board" true analyze sum clobber=xoxox/oxoxo/xoxox/oxoxo nim=3
# Ctrl-C a second into a value (K-L-Nim's heap of 1,000 under the largest --work): one line,
# status 130, within a second of the signal.
"$bin" value kl:2,3 1000 --work 68719476736 > "$dir/out" 2> "$dir/err" &
running=$!
sleep 1
sent=$(date +%s.%N); kill -INT "$running" 2> /dev/null; wait "$running"; code=$?; ended=$(date +%s.%N)
verdict=ok
if [ "$code" != 130 ] || [ "$(wc -l < "$dir/err")" != 1 ] || ! grep -q "stopped at Ctrl-C" "$dir/err" \
  || ! awk -v a="$sent" -v b="$ended" 'BEGIN { exit !(b - a < 1) }'; then verdict=FAIL; failed=1; fi
printf '%-4s %-44s exit %3s  %5.1f s  %s\n' "$verdict" "62/4 Ctrl-C 1 s into value kl:2,3 1000" "$code" "$(echo "$ended - $sent" | bc)" "$(head -1 "$dir/err")"
check "62/5 analyze hackenbush, 30,000 edges at the ground" true analyze hackenbush "@$dir/star30k.txt"
check "62/5 the same, every edge blue" true analyze hackenbush "@$dir/star30kb.txt"
check "62/6 value ±1+...+±40 --json" true value "$pm" --json
check "62/7 analyze nim @10^7 heaps --json" true analyze nim "@$dir/heaps10m" --json
check "62/7 the same from standard input" "cat $dir/heaps10m" analyze nim - --json
# Row 8: stdout on a full disk is an error naming the write, exit non-zero, for every command.
for cmd in "sg kayles --upto 100000" "analyze nim 3 4 5" "quotient octal:0.75" "games" "factor 12"; do
  # shellcheck disable=SC2086 # the command's words
  "$bin" $cmd > /dev/full 2> "$dir/err"; code=$?
  verdict=ok
  if [ "$code" = 0 ] || ! grep -q "writing to standard output failed" "$dir/err"; then verdict=FAIL; failed=1; fi
  printf '%-4s %-44s exit %3s  %s\n' "$verdict" "62/8 $cmd > /dev/full" "$code" "$(head -1 "$dir/err")"
done
# Row 9: a second writer of a quotient's store is refused in one line while the first runs.
"$bin" quotient octal:0.777 --store "$dir/q9" --time 8 > /dev/null 2>&1 &
first=$!
sleep 2
EXPECT='[ "$code" = 2 ] && grep -q "in use by another grundy process" "$dir/err"' check "62/9 a second quotient --store writer" true quotient octal:0.777 --store "$dir/q9"
kill -INT "$first" 2> /dev/null; wait "$first"
# Row 10: five runs of 3 s resumed from the store never lose ground (a run refused because an
# earlier one spent its whole slice inside the heap it would begin, issue 80, stays where it was) ...
last=0; grew=ok; heaps=""
for run in 1 2 3 4 5; do
  "$bin" quotient octal:0.764 --time 3 --store "$dir/q10" --json > "$dir/out" 2> /dev/null
  at=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1])).get("computed_upto", sys.argv[2]))' "$dir/out" "$last")
  [ "$at" -ge "$last" ] || grew=FAIL
  last=$at; heaps="$heaps $at"
done
[ "$grew" = ok ] || failed=1
printf '%-4s %-44s heaps%s\n' "$grew" "62/10 five runs of quotient --time 3" "$heaps"
# ... and resumed runs add up to one run of their total, measured in units of work and CPU
# time, not wall time, so that a loaded machine measures the same: each run is given W units
# past the work its store's state holds (--work bounds the work in all, and the state keeps
# the work of the heaps it holds), so the five together do 5*W units, as one run of --work 5*W
# does. They must reach at least 90% of the heap that one run reaches, in at most 1.5 times
# its CPU time plus a second a run (starting, reading the store): a resumed run goes on from
# the proof kept, and proving the saved quotient again (work a resumed run does not count)
# would show in the CPU time. A heap is kept only once proven: a run stopped inside one leaves
# it to the next, which begins it again (0.764's heap 6,488 takes more than 6*10^9 units, where
# both stop; a run given no more work than one stopped inside it spent there is refused before
# the work, since issue 80, so the heap reached is read from the store's state).
W=2000000000; cpu5=0; rm -rf "$dir/q10w"
for run in 1 2 3 4 5; do
  held=$(sed -n 's/^work //p' "$dir/q10w/quotient-octal-0.764.state" 2> /dev/null); held=${held:-0}
  /usr/bin/time -o "$dir/cpu" -f "%U %S" "$bin" quotient octal:0.764 --work $((held + W)) --store "$dir/q10w" --json > "$dir/out" 2> /dev/null
  # The times are the file's last line: a run refused (exit 2) has "Command exited with
  # non-zero status 2" above them.
  cpu5=$(tail -1 "$dir/cpu" | awk -v t="$cpu5" '{print t + $1 + $2}')
done
five=$(sed -n 's/^heap //p' "$dir/q10w/quotient-octal-0.764.state")
/usr/bin/time -o "$dir/cpu" -f "%U %S" "$bin" quotient octal:0.764 --work $((5 * W)) --json > "$dir/out" 2> /dev/null
cpu1=$(tail -1 "$dir/cpu" | awk '{print $1 + $2}')
whole=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1])).get("computed_upto", 0))' "$dir/out")
added=ok
[ "$((five * 10))" -ge "$((whole * 9))" ] || added=FAIL
awk -v a="$cpu5" -v b="$cpu1" 'BEGIN { exit !(a <= 1.5 * b + 5) }' || added=FAIL
[ "$added" = ok ] || failed=1
printf '%-4s %-44s heap %s in %s s of CPU, one run of 5W: heap %s in %s s\n' "$added" "62/10 five runs of --work W=2*10^9 resumed" "$five" "$cpu5" "$whole" "$cpu1"
# Rows 11 and 12: a state whose growth history was edited, a table that is a link to
# /dev/zero: refused as damaged, in one line, exit 2.
"$bin" quotient octal:0.764 --upto 2000 --store "$dir/q11" > /dev/null 2>&1
cp -r "$dir/q11" "$dir/q12"
# The first two growth entries swapped (the last, which names the table, kept).
python3 - "$dir/q11/quotient-octal-0.764.state" <<'PY'
import sys
path = sys.argv[1]
lines = open(path).read().split("\n")
for i, line in enumerate(lines):
    if line.startswith("growth "):
        entries = line.split()[1:]
        entries[0], entries[1] = entries[1], entries[0]
        lines[i] = "growth " + " ".join(entries)
open(path, "w").write("\n".join(lines))
PY
EXPECT='[ "$code" = 2 ] && grep -q "growth history" "$dir/err"' check "62/11 a quotient state with its growth edited" true quotient octal:0.764 --store "$dir/q11"
table=$(ls "$dir/q12"/quotient-octal-0.764.table-*)
rm "$table"; ln -s /dev/zero "$table"
EXPECT='[ "$code" = 2 ] && grep -q "damaged" "$dir/err"' check "62/12 a quotient table linked to /dev/zero" true quotient octal:0.764 --store "$dir/q12"
EXPECT='[ "$code" = 2 ]' check "62/14 verify --sg, 2*10^6 factorisations" true verify --game nim --sg 'pick(min(n,1), 0, n + 0*(G(n-1)+G(n-1)) + 0*bigomega(18446743979220271189))'
EXPECT='[ "$code" = 2 ]' check "62/15 graph export kl:2,3 1000000" true graph export kl:2,3 1000000
EXPECT='[ "$code" = 2 ] && grep -q "position" "$dir/err" && ! grep -q "file" "$dir/err"' check "62/16 value kl:2,3 (no position)" true value kl:2,3
# Row 17: a GET with a 90 KB query gets a JSON error, as every refusal does.
"$bin" serve --port 0 > "$dir/serve" 2>&1 &
server=$!
for _ in $(seq 50); do grep -q "listening" "$dir/serve" && break; sleep 0.1; done
addr=$(sed -n 's|.*http://\([^/]*\)/.*|\1|p' "$dir/serve" | head -1)
verdict=FAIL
if python3 -c '
import json, socket, sys
host, port = sys.argv[1].rsplit(":", 1)
s = socket.create_connection((host, int(port)), timeout=20)
s.sendall(("GET /api/value?game=nim&position=" + "1" * 90000 + " HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n").encode())
data = b""
while chunk := s.recv(65536):
    data += chunk
head, _, body = data.partition(b"\r\n\r\n")
sys.exit(0 if head.startswith(b"HTTP/1.1 4") and "error" in json.loads(body) else 1)' "$addr" 2> "$dir/err"; then verdict=ok; else failed=1; fi
printf '%-4s %-44s %s\n' "$verdict" "62/17 GET /api/value with a 90 KB query" "$(head -1 "$dir/err")"
kill "$server" 2> /dev/null; wait "$server" 2> /dev/null
EXPECT='[ "$code" = 2 ]' check "62/18 /dev/zero into play nim 3 4 5" "cat /dev/zero" play nim 3 4 5

# The pass of 2026-11-29 (issue 80): its row number first. Row 1, a wrong answer: Every-SG of a
# sum holding a partizan game was answered (domineering + nim 2 called P); it is refused, in
# analyze, play and batch alike, naming Every-SG's definition.
every_refused='[ "$code" = 2 ] && grep -q "Every-SG is defined for impartial games" "$dir/err"'
EXPECT="$every_refused" check "80/1 analyze sum domineering+nim --every" true analyze sum domineering=../.. nim=2 --every
EXPECT="$every_refused" check "80/1 analyze sum nim+clobber --every" true analyze sum nim=1 clobber=xxo --every
EXPECT="$every_refused" check "80/1 play sum domineering+nim --every" "echo quit" play sum domineering=../.. nim=2 --every
EXPECT='grep -q "Every-SG is defined for impartial games" "$dir/out"' check "80/1 batch sum domineering+nim every" "echo '{\"game\":\"sum\",\"position\":[\"domineering=../..\",\"nim=2\"],\"every\":true}'" batch

# Row 3: a sum of 10,000 parts answers in memory linear in its parts (the list of winning moves,
# each holding the whole sum after it, is kept to 2^20 numbers; the families count every one).
snort10k=$(printf 'snort=..x. %.0s' $(seq 10000))
EXPECT='[ "$code" = 0 ] && grep -q "winning moves (30000)" "$dir/out"' check "80/3 analyze sum of 10,000 snort=..x." true analyze sum $snort10k
EXPECT='[ "$code" = 0 ] && grep -q "winning moves (30000)" "$dir/out"' check "80/3 the same, --limit 0" true analyze sum $snort10k --limit 0
EXPECT='[ "$code" = 0 ] && grep -q "value: 5000 " "$dir/out"' check "80/3 analyze sum of 10,000 toppling-dominoes=bg" true analyze sum $(printf 'toppling-dominoes=bg %.0s' $(seq 10000))
EXPECT='[ "$code" = 0 ] && grep -q "value: 5000 " "$dir/out"' check "80/3 analyze sum of 10,000 Hackenbush 0-1:b,1-2:r" true analyze sum $(printf 'hackenbush=0-1:b,1-2:r %.0s' $(seq 10000))
EXPECT='[ "$code" = 0 ] && grep -q "value: 10000 " "$dir/out"' check "80/3 analyze sum of 10,000 konane=xo.." true analyze sum $(printf 'konane=xo.. %.0s' $(seq 10000))
EXPECT='[ "$code" = 0 ] && grep -q "winning moves (10001)" "$dir/out"' check "80/3 analyze sum of 10,001 arc-kayles=0-1" true analyze sum $(printf 'arc-kayles=0-1 %.0s' $(seq 10001))
python3 -c 'import json; print(json.dumps({"game": "sum", "position": ["snort=..x."] * 10000})); print(json.dumps({"game": "nim", "position": [1, 2]}))' > "$dir/sum10k.jsonl"
EXPECT='[ "$code" = 0 ] && [ "$(wc -l < "$dir/out")" = 2 ] && grep -q "\"winning_move_count\":30000" "$dir/out"' check "80/3 batch: the 10,000-part sum, then nim 1 2" true batch "$dir/sum10k.jsonl"
# Row 18: a small partizan game beside a big Nim heap, answered by comparing it with nimbers.
EXPECT='[ "$code" = 0 ] && grep -q "winning moves (1003)" "$dir/out" && grep -q "outcome class L" "$dir/out"' check "80/18 analyze sum nim=1000 snort=..x." true analyze sum nim=1000 snort=..x.
EXPECT='[ "$code" = 0 ] && grep -q "winning moves (18446744073709551618)" "$dir/out"' check "80/18 analyze sum nim=2^64-1 snort=..x." true analyze sum nim=$M snort=..x.
EXPECT='[ "$code" = 0 ] && grep -q "outcome: P" "$dir/out"' check "80/18 the same, Right to move" true analyze sum nim=1000 snort=..x. --to-move second
EXPECT='[ "$code" = 2 ] && grep -q "outcome class L" "$dir/err" && grep -q "grundy analyze" "$dir/err"' check "80/18 value sum nim=1000 snort=..x." true value sum nim=1000 snort=..x.

# Row 9: five runs of quotient --time 3 resumed from one store stayed at 0.764's heap 3,057 with
# nothing said (heap 3,058 takes longer than a run, and a heap stopped part way is begun again,
# not kept). Each run must add heaps, or say that it added none and what the heap took (CPU time
# and units of work), or be refused before the work in one line saying what it would take.
rm -rf "$dir/q80"; last=0; row9=ok; runs=""
for run in 1 2 3 4 5; do
  ( ulimit -v 4194304; timeout 20 "$bin" quotient octal:0.764 --time 3 --store "$dir/q80" --json > "$dir/out" 2> "$dir/err" ); code=$?
  if [ "$code" = 2 ]; then
    cat "$dir/out" "$dir/err" | grep -q "cannot go on from heap $last: heap $((last + 1)) needs more than" || row9=FAIL
    runs="$runs refused"; continue
  fi
  [ "$code" = 0 ] || row9=FAIL
  at=$(python3 -c 'import json, sys; print(json.load(open(sys.argv[1])).get("computed_upto", 0))' "$dir/out" 2> /dev/null || echo 0)
  if [ "$at" -le "$last" ] && ! grep -q "no heap was added: .* needs more than .* s of CPU" "$dir/err"; then row9=FAIL; fi
  last=$at; runs="$runs $at"
done
[ "$row9" = ok ] || failed=1
printf '%-4s %-44s runs:%s\n' "$row9" "80/9 five runs of quotient --time 3" "$runs"
# Row 10: a growth history edited within its shape (the first entry's order raised by one) was
# printed as it was; it is checked against the quotient proven again and refused as damaged.
"$bin" quotient octal:0.764 --upto 2000 --store "$dir/q80g" > /dev/null 2>&1
python3 - "$dir/q80g/quotient-octal-0.764.state" <<'PY'
import sys
path = sys.argv[1]
lines = open(path).read().split("\n")
for i, line in enumerate(lines):
    if line.startswith("growth "):
        entries = [e.split(":") for e in line.split()[1:]]
        entries[0][1] = str(int(entries[0][1]) + 1)
        lines[i] = "growth " + " ".join(h + ":" + o for h, o in entries)
open(path, "w").write("\n".join(lines))
PY
EXPECT='[ "$code" = 2 ] && grep -q "growth history" "$dir/err" && [ ! -s "$dir/out" ]' check "80/10 a quotient state with a growth order raised" true quotient octal:0.764 --store "$dir/q80g"
# Row 16: a 1 GiB proof beside a quotient's state, its heading naming the state's heap and
# order, was read whole before its checksum (1,031 MB against 512 MiB): one larger than --memory
# allows is not read, and the run says so and proves the quotient again.
"$bin" quotient octal:0.764 --upto 300 --store "$dir/q80p" > /dev/null 2>&1
python3 - "$dir/q80p" <<'PY'
import struct, sys
d = sys.argv[1] + "/quotient-octal-0.764."
text = open(d + "state").read().split("\n")
field = lambda name: int(next(l for l in text if l.startswith(name + " ")).split()[1])
with open(d + "proof", "wb") as f:
    f.write(struct.pack("<QII", field("heap"), field("order"), 0))
    f.truncate(1 << 30)
PY
EXPECT='[ "$code" = 0 ] && grep -q "is more than the [0-9]* bytes --memory 536870912 leaves" "$dir/err"' check "80/16 a 1 GiB quotient proof" true quotient octal:0.764 --upto 400 --store "$dir/q80p" --memory 536870912

# edges have more than 200 ends are drawn (a panic before), every end a circle; row 7: the
# transparent path over each edge the mover may cut is transparent by the style, so a blue
# edge stays blue on Left's turn (tests/library/draw.rs reads the PNG's pixels).
matching101=$(python3 -c 'print(",".join(f"{2*i}-{2*i+1}" for i in range(101)))')
stalks101=$(python3 -c 'print(",".join([f"{2*i+1}-{2*i+2}" for i in range(101)] + [f"0-{2*i+1}" for i in range(101)]))')
circles='[ "$code" = 0 ] && [ "$(grep -o "class=\"vertex\"" "$dir/t.svg" | wc -l)" = 202 ] && '"$well_formed"
EXPECT="$circles" check "80/2 draw arc-kayles, 101 disjoint edges" true draw arc-kayles "$matching101" -o "$dir/t.svg"
EXPECT="$circles" check "80/2 draw hackenbush, 101 stalks far edges first" true draw hackenbush "$stalks101" -o "$dir/t.svg"
EXPECT='[ "$code" = 0 ] && grep -q "class=\"twig hit\"" "$dir/out" && grep -q "[.]twig[.]hit{stroke:transparent" "$dir/out"' \
  check "80/7 draw coloured hackenbush, Left's blue edge" true draw hackenbush 0-1:b,1-2:r,1-3

# Row 8: refused by the default work bound (5*10^7 steps) within a few seconds of CPU and well
# under 670 MB (9-13 s and 670 MB before, the memo of comparisons past the caches counted at
# its cost).
chain30="{1|0}$(printf '.^%.0s' $(seq 30))"
for input in "$chain30" '9223372036854775807.^^2'; do
  ( ulimit -v 4194304; /usr/bin/time -o "$dir/cpu" -f "%U %S %M" timeout 20 "$bin" value "$input" > /dev/null 2> "$dir/err" ); code=$?
  verdict=ok
  [ "$code" = 2 ] && grep -q -- "--work" "$dir/err" && tail -1 "$dir/cpu" | awk '{ exit !($1 + $2 < 8 && $3 < 500000) }' || verdict=FAIL
  [ "$verdict" = ok ] || failed=1
  printf '%-4s %-44s exit %3s  %s s of CPU, %s KB\n' "$verdict" "80/8 value ${input:0:30}" "$code" "$(tail -1 "$dir/cpu" | awk '{print $1 + $2}')" "$(tail -1 "$dir/cpu" | awk '{print $3}')"
done
# Row 6: +-G is ±G = {G|-G}, as CGSuite writes it; a game before it is added (3+-1 is 3 ± 1);
# a plus and a minus apart stay a sum.
EXPECT='[ "$code" = 0 ] && grep -qx "value: ±1" "$dir/out"' check "80/6 value +-1" true value '+-1'
EXPECT='[ "$code" = 0 ] && grep -qx "value: {{2|1}|{-1|-2}}" "$dir/out"' check "80/6 value +-{2|1}" true value '+-{2|1}'
EXPECT='[ "$code" = 0 ] && grep -qx "value: {4|2}" "$dir/out"' check "80/6 value 3+-1" true value '3+-1'
EXPECT='[ "$code" = 0 ] && grep -qx "value: 0" "$dir/out"' check "80/6 value 1 + -1" true value '1 + -1'
# Row 15: every count of ↓ a name is written with reads back; a count too large names ↓ (v).
EXPECT='[ "$code" = 0 ] && grep -qx "value: ↓9223372036854775808" "$dir/out"' check "80/15 value v9223372036854775807+v" true value 'v9223372036854775807+v'
EXPECT='[ "$code" = 0 ] && grep -qx "value: ↓9223372036854775808" "$dir/out"' check "80/15 value ↓9223372036854775808 (read back)" true value '↓9223372036854775808'
EXPECT='[ "$code" = 2 ] && grep -q "v18446744073709551615" "$dir/err" && ! grep -q "↑" "$dir/err"' check "80/15 value v18446744073709551615" true value 'v18446744073709551615'
# Row 17: a 100,000-digit number is refused in one short line, cut, with its length.
digits100k=$(printf '1%.0s' $(seq 100000))
EXPECT='[ "$code" = 2 ] && [ "$(wc -c < "$dir/err")" -lt 300 ] && grep -q "(100000 digits)" "$dir/err"' check "80/17 value of a 100,000-digit number" true value "$digits100k"
EXPECT='[ "$code" = 2 ] && [ "$(wc -c < "$dir/err")" -lt 300 ] && grep -q "(100000 digits)" "$dir/err"' check "80/17 value nim of a 100,000-digit heap" true value nim "$digits100k"
EXPECT='[ "$code" = 2 ] && grep -q "less than 1048576 bytes" "$dir/err"' check "80/also value 1 --memory 0" true value 1 --memory 0

# Row 11: a malformed move of a board game is refused in the game's own words, not heaps'.
EXPECT='grep -q "is not a move of konane" "$dir/out" && ! grep -qi "heap" "$dir/out"' check "80/11 play konane, a malformed move" "printf 'zz\nquit\n'" play konane xoxo/oxox/....
EXPECT='grep -q "is not a move of clobber" "$dir/out" && ! grep -qi "heap" "$dir/out"' check "80/11 play clobber, a malformed move" "printf 'a1 -> 2\nquit\n'" play clobber xoxo/oxox
# Row 12: web/build-static.sh into a folder of other files: refused in one line, exit 2, the
# files untouched (before any work: no toolchain is needed to see it).
mkdir -p "$dir/site12" && echo mine > "$dir/site12/index.html"
code=0; bash web/build-static.sh "$dir/site12" 2> "$dir/err" || code=$?
verdict=ok
if [ "$code" != 2 ] || [ "$(wc -l < "$dir/err")" != 1 ] || [ "$(cat "$dir/site12/index.html")" != mine ]; then verdict=FAIL; failed=1; fi
printf '%-4s %-44s exit %3s  %s\n' "$verdict" "80/12 build-static.sh into a folder of files" "$code" "$(head -c 150 "$dir/err" | head -1)"
# Row 13: Ctrl-C into `grundy batch` fed an endless stream: exit 130, every answer whole.
( ulimit -v 4194304
  yes '{"game":"kayles","position":[300,211,97]}' | timeout 20 "$bin" batch > "$dir/out" 2> "$dir/err" &
  # timeout passes the signal on to grundy, and exits with its status.
  sleep 2; kill -INT $!; wait $! ) ; code=$?
verdict=ok
if [ "$code" != 130 ] || [ -n "$(tail -c 1 "$dir/out")" ] \
  || ! python3 -c 'import json, sys; [json.loads(l) for l in open(sys.argv[1])]' "$dir/out" 2> /dev/null; then verdict=FAIL; failed=1; fi
printf '%-4s %-44s exit %3s  %s\n' "$verdict" "80/13 Ctrl-C into batch" "$code" "$(head -c 150 "$dir/err" | head -1)"

python3 -c 'print(",".join(f"0-{i}" for i in range(1, 100000)))' > "$dir/star99999.txt"
python3 -c 'print(",".join("1-2" for _ in range(99999)))' > "$dir/parallel99999.txt"
python3 -c 'print(",".join(f"{2*i}-{2*i+1}" for i in range(10000)))' > "$dir/matching10k.txt"
# Row 4: one move (every pick deletes every edge), answered at once; row 14: value 0.
one_move='[ "$code" = 0 ] && grep -qx "value: \*" "$dir/out"'
EXPECT="$one_move && $fast" check "80/4 value arc-kayles, 99,999-edge star" true value arc-kayles "@$dir/star99999.txt" --value-only
one_move='[ "$code" = 0 ] && grep -q "winning moves (1)" "$dir/out"'
EXPECT="$one_move && $fast" check "80/4 analyze arc-kayles, 99,999 parallel edges" true analyze arc-kayles "@$dir/parallel99999.txt"
EXPECT='[ "$code" = 0 ] && grep -qx "value: 0" "$dir/out"' check "80/14 value arc-kayles, 10,000-edge matching" true value arc-kayles "@$dir/matching10k.txt" --value-only
EXPECT='[ "$code" = 0 ] && grep -q "outcome: P" "$dir/out"' check "80/14 analyze arc-kayles, 10,000-edge matching" true analyze arc-kayles "@$dir/matching10k.txt"

# The Python package's inputs (rows 12 and 13), where it is installed: each must end in a typed
# exception (grundy.GrundyError) or an answer.
py="${PYTHON:-crates/grundy-py/target/venv/bin/python}"
if [ -x "$py" ] && "$py" -c 'import grundy' 2>/dev/null; then
  pycheck() { # NAME CODE
    local name="$1" code start end rc
    start=$(date +%s.%N)
    ( ulimit -v 4194304; timeout 20 "$py" -c "
import grundy, itertools, sys
try:
    $2
except grundy.GrundyError as e:
    print(type(e).__name__, e, file=sys.stderr)
" > "$dir/out" 2> "$dir/err" ); rc=$?
    end=$(date +%s.%N)
    local verdict=ok
    if [ "$rc" != 0 ] || grep -q "Traceback\|panicked\|PanicException" "$dir/err"; then verdict=FAIL; failed=1; fi
    printf '%-4s %-44s exit %3s  %5.1f s  %s\n' "$verdict" "$name" "$rc" "$(echo "$end - $start" | bc)" "$(head -c 150 "$dir/err" | head -1)"
  }
  pycheck "46/12 heap_game with an endless generator" "grundy.heap_game(lambda n: itertools.repeat(0) if n else []).sequence(10)"
  pycheck "46/12 game with an endless generator" "grundy.game(lambda p: itertools.repeat(p - 1) if p else []).value(3)"
  pycheck "46/12 pattern(itertools.repeat(0))" "grundy.pattern(itertools.repeat(0))"
  pycheck "46/13 sequence('nim', 3*10**8)" "grundy.sequence('nim', 3 * 10**8)"
  pycheck "46/13 sequence('octal:0.16', 5*10**8)" "grundy.sequence('octal:0.16', 5 * 10**8)"
  pycheck "62/1 game_value('^1000000000').mean" "grundy.game_value('^1000000000').mean"
  # Row 13: Ctrl-C (SIGINT from a timer) a second into a value: KeyboardInterrupt, caught
  # here (a value answered before the timer fires cancels it).
  cat > "$dir/ctrlc.py" <<'PY'
import os, signal, threading
timer = threading.Timer(1, lambda: os.kill(os.getpid(), signal.SIGINT))
timer.daemon = True
timer.start()
try:
    grundy.value('nim', [100000]).mean
except KeyboardInterrupt:
    print('interrupted')
timer.cancel()
PY
  pycheck "62/13 Ctrl-C 1 s into value('nim', [100000])" "exec(open('$dir/ctrlc.py').read())"
  pycheck "80/18 analyze('sum', ['nim=1000', 'snort=..x.'])" "assert grundy.analyze('sum', ['nim=1000', 'snort=..x.']).winning_move_count == 1003"
  pycheck "80/3 analyze('sum', 10,000 snort=..x.)" "assert grundy.analyze('sum', ['snort=..x.'] * 10000).winning_move_count == 30000"

  pycheck "80/2 draw('arc-kayles', 101 disjoint edges)" "assert grundy.draw('arc-kayles', [','.join(f'{2*i}-{2*i+1}' for i in range(101))]).count('class=\"vertex\"') == 202"

  # Issue 80, row 5: a value is bounded as a whole; Konane's 8x8 opening and Clobber's 8x8
  # board at the largest budget are refused (GaveUp naming the whole value) within 5 s.
  cat > "$dir/bound80.py" <<'PY'
import time
for game, board in [("konane", "xoxoxoxo/oxoxoxox/xoxoxoxo/oxo..oxo/xoxoxoxo/oxoxoxox/xoxoxoxo/oxoxoxox"),
                    ("clobber", "/".join("xoxoxoxo" if r % 2 == 0 else "oxoxoxox" for r in range(8)))]:
    t = time.time()
    try:
        grundy.value(game, board, budget=2**31)
        sys.exit(game + ": answered")
    except grundy.GaveUp as e:
        if "in all" not in str(e) and "forecast before the work" not in str(e):
            sys.exit(game + ": not the whole value's bound: " + str(e))
    if time.time() - t > 5:
        sys.exit(game + ": refused after %.1f s" % (time.time() - t))
print("refused")
PY
  pycheck "80/5 value konane and clobber 8x8, budget 2^31" "exec(open('$dir/bound80.py').read())"
else
  echo "skip the Python inputs: $py cannot import grundy (run crates/grundy-py/run-tests.sh)"
fi
exit "$failed"
