#!/usr/bin/env bash
# Every command on every catalogue example, two builds side by side (issue 60: a refactor keeps
# every output byte for byte, or records each change as intended). For each game of
# `grundy games --json`, its example position is analysed (text, --explain, --json, misère
# --json), valued (`value --json`), drawn (SVG and its moves, for both players to move) and
# played one move (its example move, seed 1, then the end of input); each output (standard
# output, standard error and the exit status) of one build is compared with the other's.
#
#   OLD=path/to/old/grundy NEW=path/to/new/grundy bash bench/catalogue.sh
#
# Prints one line a command whose output differs (with the first lines of the difference), then
# "catalogue: N outputs, M differ". Exits 1 when any differs.
set -euo pipefail
: "${OLD:?OLD=path of the build before}" "${NEW:?NEW=path of the build after}"
python3 - "$OLD" "$NEW" <<'EOF'
import json, shlex, subprocess, sys, difflib

old, new = sys.argv[1:3]
games = json.loads(subprocess.run([new, "games", "--json"], capture_output=True, text=True, check=True).stdout)
commands = []
for g in games:
    game, position = g["example_game"], shlex.split(g["example_position"])
    name = game.replace("/", "_").replace(":", "_")
    commands += [
        (f"{name}.analyze", ["analyze", game, *position]),
        (f"{name}.explain", ["analyze", game, *position, "--explain"]),
        (f"{name}.json", ["analyze", game, *position, "--json"]),
        (f"{name}.misere", ["analyze", game, *position, "--misere", "--json"]),
        (f"{name}.value", ["value", game, *position, "--json"]),
        (f"{name}.draw", ["draw", game, *position]),
        (f"{name}.moves", ["draw", game, *position, "--moves"]),
        (f"{name}.moves2", ["draw", game, *position, "--moves", "--to-move", "second"]),
        (f"{name}.play", ["play", game, *position, "--seed", "1"], g["example_move"] + "\n"),
    ]
differ = 0
for c in commands:
    label, args = c[0], c[1]
    stdin = c[2] if len(c) > 2 else ""
    texts = []
    for binary in (old, new):
        r = subprocess.run([binary, *args], input=stdin, capture_output=True, text=True, timeout=120)
        texts.append(f"exit {r.returncode}\n--- stdout\n{r.stdout}--- stderr\n{r.stderr}")
    if texts[0] != texts[1]:
        differ += 1
        diff = list(difflib.unified_diff(texts[0].splitlines(), texts[1].splitlines(), "old", "new", lineterm="", n=0))
        print(f"DIFFERS {label}: grundy {shlex.join(args)}")
        olds = [l[1:] for l in diff if l.startswith("-") and not l.startswith("---")]
        news = [l[1:] for l in diff if l.startswith("+") and not l.startswith("+++")]
        for o, n in list(zip(olds, news))[:4]:
            # Each changed line from the first character that differs (JSON is one long line).
            at = next((i for i, (a, b) in enumerate(zip(o, n)) if a != b), min(len(o), len(n)))
            print("    -", o[max(0, at - 40):at + 120])
            print("    +", n[max(0, at - 40):at + 120])
print(f"catalogue: {len(commands)} outputs, {differ} differ")
sys.exit(1 if differ else 0)
EOF
