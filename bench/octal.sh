#!/usr/bin/env bash
# Octal games and Grundy's game: `grundy sg` against ogsolve (crates.io), side by side.
#
# Usage: bench/octal.sh            (REPS=3 by default; REPS=5 bench/octal.sh for more)
#
# Each case runs every program REPS times and prints the median wall time, the median peak
# memory (max RSS from /usr/bin/time -v) and the ratio to ogsolve's fastest method. grundy runs
# with --full, so that it computes every value like ogsolve does, even past a proven period
# (without it, 0.16 stops at 2^19 values, where its period 149459 is proven).
set -euo pipefail
cd "$(dirname "$0")/.."
REPS=${REPS:-3}

if ! command -v ogsolve >/dev/null 2>&1 && [ ! -x "$HOME/.cargo/bin/ogsolve" ]; then
    echo "installing ogsolve (cargo install ogsolve)..." >&2
    cargo install ogsolve >&2
fi
OGSOLVE=$(command -v ogsolve || echo "$HOME/.cargo/bin/ogsolve")
[ -x /usr/bin/time ] || { echo "bench/octal.sh needs /usr/bin/time (apt-get install time)" >&2; exit 1; }
cargo build --release -p grundy-cli >&2
GRUNDY=target/release/grundy

# run LABEL CMD... -> prints "LABEL median_seconds median_maxrss_kb"
run() {
    local label=$1; shift
    local times=() mems=()
    for _ in $(seq "$REPS"); do
        local out
        # /usr/bin/time -v reports on stderr; the program's own output is dropped.
        out=$(/usr/bin/time -v "$@" 2>&1 >/dev/null | grep -E "Elapsed \(wall clock\)|Maximum resident")
        local wall mem
        wall=$(echo "$out" | awk -F': ' '/Elapsed/ {n=split($2,a,":"); s=0; for(i=1;i<=n;i++) s=s*60+a[i]; print s}')
        mem=$(echo "$out" | awk -F': ' '/Maximum resident/ {print $2}')
        times+=("$wall"); mems+=("$mem")
    done
    local mt mm
    mt=$(printf '%s\n' "${times[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    mm=$(printf '%s\n' "${mems[@]}" | sort -g | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}')
    printf '%-34s %8.2f s %9d KB   (runs: %s)\n' "$label" "$mt" "$mm" "${times[*]}" >&2
    echo "$label $mt $mm"
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.2f", a / b }'; }

case_vs_ogsolve() {
    local code=$1 n=$2 name=$3
    echo "== $name ($code) to n = $n, $REPS runs each, medians" >&2
    local g rc rc2
    g=$(run "grundy sg $code --full" "$GRUNDY" sg "octal:$code" --upto "$n" --summary --full)
    rc=$(run "ogsolve -m rc" "$OGSOLVE" -m rc -n "$n" "$code")
    rc2=$(run "ogsolve -m rc2" "$OGSOLVE" -m rc2 -n "$n" "$code")
    local gt gm best bm
    gt=$(echo "$g" | awk '{print $(NF-1)}'); gm=$(echo "$g" | awk '{print $NF}')
    best=$(printf '%s\n%s\n' "$rc" "$rc2" | sort -k"$(echo "$rc" | awk '{print NF-1}')" -g | head -1)
    local bt bmm
    bt=$(echo "$best" | awk '{print $(NF-1)}'); bmm=$(echo "$best" | awk '{print $NF}')
    echo "   speed-up over ogsolve's fastest method: $(ratio "$bt" "$gt")x; memory ratio grundy/ogsolve: $(ratio "$gm" "$bmm")" >&2
}

case_vs_ogsolve 0.16 4194304 "0.16"
case_vs_ogsolve 0.6 1048576 "Officers"
echo "== Grundy's game to n = 1048576 (no crates.io peer; goal <= 4.5 s)" >&2
run "grundy sg grundys-game" "$GRUNDY" sg grundys-game --upto 1048576 --summary >/dev/null
echo "== 0.16 to n = 4194304 without --full (stops at the proven period)" >&2
run "grundy sg octal:0.16" "$GRUNDY" sg octal:0.16 --upto 4194304 --summary >/dev/null
