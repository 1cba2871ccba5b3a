#!/usr/bin/env bash
# Atomic weights and reduced canonical forms side by side with the cgt crate (issue 63): N random
# all-small games (drawn from SEED), each valued by grundy and by a small driver over the cgt
# crate, built outside this repository (the crate is AGPL): it reads one game a line in
# Conway's notation and prints `ATOMIC_WEIGHT<TAB>REDUCED` for each.
#
# Usage: CGT=PATH_TO_DRIVER [GRUNDY=target/release/grundy] [N=200] [SEED=1] bash bench/cgt-ops.sh
#
# Both programs' answers are read back by grundy and compared as games (so `^` and `↑` agree).
# Where they differ, the plain check decides: G - aw.↑ must be infinitesimally close to 0,
# that is G - aw.↑ + ↓ + *R < 0 < G - aw.↑ + ↑ + *R for a remote star *R (R past every nimber
# in G), and G - reduced(G) must be infinitesimal (-x < G - reduced(G) < x for x = 1/2^20).
set -euo pipefail
cd "$(dirname "$0")/.."
: "${CGT:?set CGT to the cgt driver (see the comment at the top)}"
GRUNDY="${GRUNDY:-target/release/grundy}"
N="${N:-200}"
SEED="${SEED:-1}"
[ -x "$GRUNDY" ] || cargo build --release -q -p grundy-cli
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# Random all-small games: in every subposition both players have a move or neither, so a game
# is 0 or {L|R} with L and R nonempty lists of smaller all-small games.
python3 - "$N" "$SEED" >"$scratch/games" <<'PY'
import random, sys
n, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
def game(depth):
    if depth == 0 or rng.random() < 0.25:
        return "0"
    left = [game(depth - 1) for _ in range(rng.randint(1, 2))]
    right = [game(depth - 1) for _ in range(rng.randint(1, 2))]
    return "{" + ",".join(left) + "|" + ",".join(right) + "}"
seen = set()
while len(seen) < n:
    g = game(rng.randint(2, 4))
    if g != "0" and g not in seen:
        seen.add(g)
        print(g)
PY

"$CGT" <"$scratch/games" >"$scratch/cgt"
canon() { "$GRUNDY" value "$1" --json 2>/dev/null | python3 -c 'import json,sys; print(json.load(sys.stdin)["canonical"])' || echo "unread"; }
field() { python3 -c "import json,sys; d=json.load(sys.stdin); v=d.get('$1'); print(v if v is not None else 'none: ' + str(d.get('$1_note')))"; }
outcome() { "$GRUNDY" value "$1" --json | python3 -c 'import json,sys; print(json.load(sys.stdin)["outcome"])'; }

agree=0; differ=0; i=0
while IFS= read -r g && IFS=$'\t' read -r cgt_aw cgt_red <&3; do
    i=$((i + 1))
    json="$("$GRUNDY" value "$g" --json)"
    aw="$(field atomic_weight <<<"$json")"
    red="$(field reduced <<<"$json")"
    same_aw=no; same_red=no
    [ "$(canon "$aw")" = "$(canon "$cgt_aw")" ] && same_aw=yes
    [ "$(canon "$red")" = "$(canon "$cgt_red")" ] && same_red=yes
    if [ "$same_aw" = yes ] && [ "$same_red" = yes ]; then
        agree=$((agree + 1))
        continue
    fi
    differ=$((differ + 1))
    echo "game $i: $g"
    for who in grundy cgt; do
        w="$aw"; r="$red"
        [ "$who" = cgt ] && { w="$cgt_aw"; r="$cgt_red"; }
        check_aw="$(outcome "$g - ($w).^ + v + *64")/$(outcome "$g - ($w).^ + ^ + *64")"
        check_red="$(outcome "$g - ($r) + 1/1048576")/$(outcome "$g - ($r) - 1/1048576")"
        verdict_aw=wrong; [ "$check_aw" = R/L ] && verdict_aw=right
        verdict_red=wrong; [ "$check_red" = L/R ] && verdict_red=right
        echo "  $who: atomic weight $w ($verdict_aw by the plain check), reduced $r ($verdict_red)"
    done
done <"$scratch/games" 3<"$scratch/cgt"
echo "$N random all-small games (seed $SEED): grundy and the cgt crate agree on $agree, differ on $differ"
