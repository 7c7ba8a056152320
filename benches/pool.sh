#!/usr/bin/env bash
# Whole-pool timing of `phaselint check` over the real card pool. Run by hand, never in CI:
# it builds a few hundred megabytes of input and runs the binary for minutes.
#
#   bash benches/pool.sh
#   PHASELINT=target/release/phaselint KEEP=/tmp/pool-data bash benches/pool.sh
#
# Environment:
#   PHASELINT=path  the binary to time; by default `cargo build --release --quiet` is run in the
#                   repo root and target/release/phaselint is timed
#   CORPUS=dir      the real card pool (default: ../shared/corpus beside the repo root); when it is
#                   missing the script says so and exits 0
#   KEEP=dir        generate the inputs into dir and keep them; a later run with the same KEEP
#                   reuses what is there (delete the dir to generate anew)
#   RUNS=n          runs per input (default 7); the median wall and CPU times are reported
#   INPUTS="1x ..." the inputs to time, of 1x 2x 4x mtgjson yaml long (default all);
#                   INPUTS=1x is the quick check of the issue's ratio (under a minute)
#   BASELINE=path   another phaselint binary (the one before a change) timed in the same runs,
#                   interleaved with PHASELINT and grep, and reported in a table of its own
#
# Inputs: cards.jsonl (1x), the same faces 2x and 4x over, an AllPrintings-shaped MTGJSON file of
# at least 300 MiB made of the corpus's set files under repeated codes (DOM_1, DOM_2, ...), a
# directory of 30,000 one-card YAML files, and a text card whose text is one 10 MiB line.
# Each is checked with `phaselint check --format json INPUT > /dev/null`; exit 0 (clean) and 1
# (errors found) are both expected, 2 or more is a failure and is reported. The JSON Lines files
# and the long line are also scanned with grep for a floor to compare with; each run of an input
# times grep and phaselint one after the other, and the report gives both ratios to grep: wall
# time and CPU time (user + system), medians of the runs.
# Sizes and speeds are in MB = 10^6 bytes; peak RSS (wait4's ru_maxrss, KiB) in MB too.

set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
corpus=${CORPUS:-$root/../shared/corpus}
runs=${RUNS:-7}
grep_re='until|beginning|during|end of|turn'
# The long line must hold none of these (case-insensitive substrings).
timing_words='until|turn|during|beginning|when|each|only|skip|end|at the|next'
yaml_count=30000
mtgjson_min_bytes=$((300 * 1024 * 1024))
long_line_bytes=$((10 * 1024 * 1024))
long_phrase='Flying lifelink creature gets +1/+1 and a token '

say() { printf '%s\n' "$*"; }
die() {
    printf 'pool.sh: %s\n' "$*" >&2
    exit 1
}

if [[ ! -f $corpus/cards.jsonl ]] || ! compgen -G "$corpus/mtgjson/*.json" >/dev/null; then
    say "pool.sh: no corpus at $corpus (cards.jsonl and mtgjson/*.json); set CORPUS=dir. Nothing to time."
    exit 0
fi
corpus=$(cd "$corpus" && pwd)

[[ $runs =~ ^[1-9][0-9]*$ ]] || die "RUNS must be a positive number, not '$runs'"
read -r -a selected <<<"${INPUTS:-1x 2x 4x mtgjson yaml long}"
for key in "${selected[@]}"; do
    [[ " 1x 2x 4x mtgjson yaml long " == *" $key "* ]] || die "INPUTS: unknown input '$key'"
done
command -v python3 >/dev/null || die "python3 is needed to generate the inputs"

if [[ -z ${PHASELINT:-} ]]; then
    say "building: cargo build --release --quiet (in $root)"
    (cd "$root" && cargo build --release --quiet)
    PHASELINT=$root/target/release/phaselint
fi
[[ -x $PHASELINT ]] || die "PHASELINT=$PHASELINT is not an executable file"
original=$(cd "$(dirname "$PHASELINT")" && pwd)/$(basename "$PHASELINT")

scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
# Time a copy: a `cargo build` elsewhere in the tree while this runs (minutes) would otherwise
# swap the binary between two runs.
phaselint=$scratch/phaselint
cp "$original" "$phaselint"
baseline=
if [[ -n ${BASELINE:-} ]]; then
    [[ -x $BASELINE ]] || die "BASELINE=$BASELINE is not an executable file"
    baseline_original=$(cd "$(dirname "$BASELINE")" && pwd)/$(basename "$BASELINE")
    baseline=$scratch/baseline
    cp "$baseline_original" "$baseline"
fi
if [[ -n ${KEEP:-} ]]; then
    mkdir -p "$KEEP"
    data=$(cd "$KEEP" && pwd)
else
    data=$scratch/data
    mkdir -p "$data"
fi

now_ns() { date +%s%N; }
# seconds with 3 decimals from nanoseconds
secs() { awk -v ns="$1" 'BEGIN { printf "%.3f", ns / 1e9 }'; }
# the median of integers
median() { printf '%s\n' "$@" | sort -n | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%d\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
min_of() { printf '%s\n' "$@" | sort -n | sed -n 1p; }
max_of() { printf '%s\n' "$@" | sort -n | tail -n 1; }
bytes_of() {
    if [[ -d $1 ]]; then
        find "$1" -type f -printf '%s\n' | awk '{ s += $1 } END { print s + 0 }'
    else
        stat -c %s "$1"
    fi
}
mb() { awk -v b="$1" 'BEGIN { printf "%.1f", b / 1e6 }'; }

# ---------------------------------------------------------------------------------------------
# Inputs. Each is written under a temporary name and renamed when complete, so a kept data dir
# never holds a half-written input.

# generate NAME FUNCTION: run FUNCTION TMP_PATH unless $data/NAME exists, then rename TMP_PATH.
generate() {
    local name=$1 make=$2 start end
    if [[ -e $data/$name ]]; then
        say "  $name: reused from $data"
        return
    fi
    rm -rf "$data/$name.partial"
    start=$(now_ns)
    "$make" "$data/$name.partial" >"$scratch/generate.log"
    mv "$data/$name.partial" "$data/$name"
    end=$(now_ns)
    say "  $name: generated in $(secs $((end - start))) s ($(mb "$(bytes_of "$data/$name")") MB)"
    sed 's/^/    /' "$scratch/generate.log"
}

make_1x() {
    cp "$corpus/cards.jsonl" "$1"
    # a last line without its newline would be glued to the next copy's first line
    if [[ -n $(tail -c 1 "$1") ]]; then echo >>"$1"; fi
}
make_2x() { cat "$data/cards.jsonl" "$data/cards.jsonl" >"$1"; }
make_4x() { cat "$data/2x.jsonl" "$data/2x.jsonl" >"$1"; }

make_mtgjson() {
    python3 - "$corpus/mtgjson" "$1" "$mtgjson_min_bytes" <<'PY'
import glob, json, os, sys

src_dir, out, min_bytes = sys.argv[1], sys.argv[2], int(sys.argv[3])
sets, meta = [], None
for path in sorted(glob.glob(os.path.join(src_dir, "*.json"))):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    meta = meta or doc["meta"]
    code = doc["data"].get("code") or os.path.basename(path)[:-5]
    sets.append((code, doc["data"]))

# {"meta": {...}, "data": {"DOM_1": {...}, "ICE_1": {...}, ...}}, one set object at a time
written, count, copy = 0, 0, 0
with open(out, "wb") as f:
    def put(s):
        global written
        b = s.encode("utf-8")
        f.write(b)
        written += len(b)

    put('{"meta": ' + json.dumps(meta, ensure_ascii=False) + ', "data": {')
    while written < min_bytes:
        copy += 1
        for code, data in sets:
            key = f"{code}_{copy}"
            put((", " if count else "") + json.dumps(key) + ": ")
            put(json.dumps({**data, "code": key}, ensure_ascii=False))
            count += 1
            if written >= min_bytes:
                break
    put("}}\n")
print(f"{count} set objects from {len(sets)} set files, {copy} rounds")
PY
}

make_yaml() {
    python3 - "$data/cards.jsonl" "$1" "$yaml_count" <<'PY'
import json, os, sys

src, out, want = sys.argv[1], sys.argv[2], int(sys.argv[3])
os.makedirs(out)
BREAKS = "\r\x85\u2028\u2029\ufeff"


def block_safe(text):
    """Whether a literal block scalar (`|`) gives back exactly this text plus a final newline."""
    if text.startswith("\n") or text.endswith("\n"):
        return False
    if any(c in BREAKS or (ord(c) < 32 and c not in "\n\t") for c in text):
        return False
    return not any(line[:1] in (" ", "\t") for line in text.split("\n"))


n = quoted = 0
with open(src, encoding="utf-8") as f:
    for line in f:
        face = json.loads(line)
        text = face.get("oracle_text")
        if not text:
            continue
        n += 1
        lines = [
            "name: " + json.dumps(face.get("name", ""), ensure_ascii=False),
            "type: " + json.dumps(face.get("type_line", ""), ensure_ascii=False),
        ]
        if block_safe(text):
            lines.append("text: |")
            lines.extend("  " + l if l else "" for l in text.split("\n"))
        else:
            quoted += 1
            lines.append("text: " + json.dumps(text, ensure_ascii=False))
        with open(os.path.join(out, f"{n:05d}.yaml"), "w", encoding="utf-8") as y:
            y.write("\n".join(lines) + "\n")
        if n == want:
            break
if n < want:
    sys.exit(f"only {n} faces with oracle_text in {src}, {want} wanted")
print(f"{n} files, {n - quoted} with a block scalar, {quoted} with a quoted string")
PY
}

make_long() {
    python3 - "$1" "$long_phrase" "$long_line_bytes" <<'PY'
import sys

out, phrase, size = sys.argv[1], sys.argv[2], int(sys.argv[3])
line = (phrase * (size // len(phrase) + 1)).rstrip()
with open(out, "w", encoding="utf-8") as f:
    f.write("Long Line Test\n" + line + "\n")
PY
    if grep -q -i -E "$timing_words" "$1"; then
        die "long.txt holds a timing word ($timing_words)"
    fi
}

say "phaselint: $original ($("$phaselint" --version 2>/dev/null || echo 'version unknown'), built $(date -r "$original" '+%F %T'), sha256 $(sha256sum "$phaselint" | cut -c 1-12)), timed as a copy"
say "repo:      $root ($(git -C "$root" rev-parse --short HEAD 2>/dev/null || echo 'no git')$(git -C "$root" diff --quiet HEAD -- src grammar Cargo.toml Cargo.lock 2>/dev/null || echo ', uncommitted changes in src/ grammar/ Cargo.*'))"
say "corpus:    $corpus"
say "data:      $data$([[ -n ${KEEP:-} ]] && echo ' (kept)' || echo ' (removed at exit)')"
say "machine:   $(nproc) cores, load average $(cut -d ' ' -f 1-3 /proc/loadavg)"
say "runs:      $runs per input, median reported"
say
say "inputs:"
wants() { [[ " ${selected[*]} " == *" $1 "* ]]; }
generate cards.jsonl make_1x # every other input but the MTGJSON one is made from it
if wants 2x || wants 4x; then generate 2x.jsonl make_2x; fi
if wants 4x; then generate 4x.jsonl make_4x; fi
if wants mtgjson; then generate AllPrintings.json make_mtgjson; fi
if wants yaml; then generate yaml make_yaml; fi
if wants long; then generate long.txt make_long; fi

# ---------------------------------------------------------------------------------------------
# Timing

declare -A med_wall med_cpu pl_rss pl_exit
failures=0

# measure CMD...: run CMD once; print "WALL_NS CPU_US MAXRSS_KB RC" (CPU is the child's user +
# system time from wait4, to the microsecond: GNU time's centiseconds are too coarse for grep).
# Standard output goes to a file: GNU grep writing to /dev/null stops at its first match.
measure() {
    python3 -c '
import os, sys, time
start = time.monotonic_ns()
pid = os.fork()
if pid == 0:
    os.dup2(os.open(sys.argv[1] + "/stdout", os.O_WRONLY | os.O_CREAT | os.O_TRUNC), 1)
    os.dup2(os.open(sys.argv[1] + "/stderr", os.O_WRONLY | os.O_CREAT | os.O_TRUNC), 2)
    try:
        os.execvp(sys.argv[2], sys.argv[2:])
    finally:
        os._exit(127)
_, status, ru = os.wait4(pid, 0)
wall = time.monotonic_ns() - start
rc = os.waitstatus_to_exitcode(status)
print(wall, round((ru.ru_utime + ru.ru_stime) * 1e6), ru.ru_maxrss, rc)
' "$scratch" "$@"
}

# one_run WHO KEY INPUT I: time one run of grep, phaselint or the baseline; keep its wall and CPU.
declare -A walls cpus
one_run() {
    local who=$1 key=$2 input=$3 i=$4 wall cpu rss rc
    if [[ $who == grep ]]; then
        read -r wall cpu rss rc < <(measure grep -c -i -E "$grep_re" "$input")
        ((rc <= 1)) || die "grep failed on $input (exit $rc)"
    else
        local bin=$phaselint
        [[ $who == baseline ]] && bin=$baseline
        read -r wall cpu rss rc < <(measure "$bin" check --format json "$input")
        if ((rc >= 2)); then
            say "  $key: $who run $i/$runs FAILED: exit $rc after $(secs "$wall") s"
            sed -n '1,20s/^/    stderr: /p' "$scratch/stderr"
            pl_exit[$who.$key]="FAILED (exit $rc)"
            failures=$((failures + 1))
            return 1
        fi
        if ((rss > ${pl_rss[$who.$key]:-0})); then pl_rss[$who.$key]=$rss; fi
        [[ " ${pl_exit[$who.$key]:-} " == *" $rc "* ]] || pl_exit[$who.$key]="${pl_exit[$who.$key]:+${pl_exit[$who.$key]} }$rc"
    fi
    walls[$who.$key]="${walls[$who.$key]:-} $wall"
    cpus[$who.$key]="${cpus[$who.$key]:-} $cpu"
    say "  $key: $who run $i/$runs: $(secs "$wall") s wall, $(awk -v c="$cpu" 'BEGIN { printf "%.3f", c / 1e6 }') s CPU, exit $rc, load $(cut -d ' ' -f 1 /proc/loadavg)"
}

keys=(1x 2x 4x mtgjson yaml long)
declare -A path label has_grep
path[1x]=$data/cards.jsonl
path[2x]=$data/2x.jsonl
path[4x]=$data/4x.jsonl
path[mtgjson]=$data/AllPrintings.json
path[yaml]=$data/yaml
path[long]=$data/long.txt
label[1x]="cards.jsonl (1×)"
label[2x]="2x.jsonl (2×)"
label[4x]="4x.jsonl (4×)"
label[mtgjson]="AllPrintings.json (MTGJSON)"
label[yaml]="yaml/ ($yaml_count files)"
label[long]="long.txt (one 10 MiB line)"
for key in 1x 2x 4x long; do has_grep[$key]=1; done
who_all=(grep phaselint)
[[ -n $baseline ]] && who_all+=(baseline)

# Side by side: each run of an input times grep, phaselint and the baseline one after another, so
# the load of the machine weighs on all of them alike.
say
say "timing (grep, phaselint$([[ -n $baseline ]] && echo ', baseline') interleaved):"
for key in "${selected[@]}"; do
    for ((i = 1; i <= runs; i++)); do
        for who in "${who_all[@]}"; do
            [[ $who == grep && -z ${has_grep[$key]:-} ]] && continue
            [[ ${pl_exit[$who.$key]:-} == FAILED* ]] && continue
            one_run "$who" "$key" "${path[$key]}" "$i" || true
        done
    done
    for who in "${who_all[@]}"; do
        [[ -n ${walls[$who.$key]:-} ]] || continue
        # shellcheck disable=SC2086 # word lists
        med_wall[$who.$key]=$(median ${walls[$who.$key]})
        # shellcheck disable=SC2086
        med_cpu[$who.$key]=$(median ${cpus[$who.$key]})
    done
done

# ---------------------------------------------------------------------------------------------
# Report

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.1f×", a / b; else print "-" }'; }
cpu_s() { awk -v c="$1" 'BEGIN { printf "%.3f s", c / 1e6 }'; }

say
say "load average at the end: $(cut -d ' ' -f 1-3 /proc/loadavg)"
for who in phaselint ${baseline:+baseline}; do
    say
    if [[ $who == phaselint ]]; then say "phaselint ($original):"; else say "baseline ($baseline_original):"; fi
    say "| input | size | wall median | CPU median | grep wall | grep CPU | wall ratio | CPU ratio | MB/s | peak RSS |"
    say "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|"
    for key in "${selected[@]}"; do
        bytes=$(bytes_of "${path[$key]}")
        gw=${med_wall[grep.$key]:-}
        gc=${med_cpu[grep.$key]:-}
        gwcol=-
        gccol=-
        [[ -n $gw ]] && gwcol="$(secs "$gw") s" && gccol=$(cpu_s "$gc")
        if [[ -n ${med_wall[$who.$key]:-} && ${pl_exit[$who.$key]:-} != FAILED* ]]; then
            p=${med_wall[$who.$key]}
            c=${med_cpu[$who.$key]}
            wr=-
            cr=-
            [[ -n $gw ]] && wr=$(ratio "$p" "$gw") && cr=$(ratio "$c" "$gc")
            speed=$(awk -v b="$bytes" -v p="$p" 'BEGIN { printf "%.2f", b / 1e6 / (p / 1e9) }')
            say "| ${label[$key]} | $(mb "$bytes") MB | $(secs "$p") s | $(cpu_s "$c") | $gwcol | $gccol | $wr | $cr | $speed | $(mb $((pl_rss[$who.$key] * 1024))) MB |"
        else
            say "| ${label[$key]} | $(mb "$bytes") MB | ${pl_exit[$who.$key]:-not run} | - | $gwcol | $gccol | - | - | - | - |"
        fi
    done
done
say
say "exit codes seen: $(for key in "${selected[@]}"; do printf '%s=%s  ' "$key" "${pl_exit[phaselint.$key]:-none}"; done)"
say
say "commands (each run $runs times, interleaved; wall and CPU (user + system, from wait4) medians;"
say "PHASELINT is a copy of $original made at the start):"
for key in "${selected[@]}"; do
    say "  PHASELINT check --format json $(printf '%q' "${path[$key]}") > FILE"
    if [[ -n ${has_grep[$key]:-} ]]; then say "  grep -c -i -E $(printf '%q' "$grep_re") $(printf '%q' "${path[$key]}") > FILE"; fi
done
say "phaselint exit 0 or 1 counts as a run; 2 or more is a failure."

# ---------------------------------------------------------------------------------------------
# stats, findings and explain beside check (issue 23: each within 1.5× of check), over the 1×
# corpus, the runs interleaved so that a change of load falls on all of them alike. `explain`
# reads one text and stops at 1,000 phrases, so it runs over the corpus's faces in chunks of at
# most 150 kB of rules text, each chunk a .txt of the texts (blank lines between faces) for
# `explain --format json --file` and a .jsonl of the same faces for `check --format json`; the
# two loops over the chunks are compared.

make_chunks() {
    python3 - "$data/cards.jsonl" "$1" 150000 <<'PY'
import json, os, sys

src, out, limit = sys.argv[1], sys.argv[2], int(sys.argv[3])
os.makedirs(out)
lines, texts, size, n = [], [], 0, 0


def flush():
    global lines, texts, size, n
    if texts:
        n += 1
        with open(os.path.join(out, f"{n:03d}.jsonl"), "w", encoding="utf-8") as f:
            f.write("".join(lines))
        with open(os.path.join(out, f"{n:03d}.txt"), "w", encoding="utf-8") as f:
            f.write("\n\n".join(texts) + "\n")
    lines, texts, size = [], [], 0


with open(src, encoding="utf-8") as f:
    for line in f:
        text = json.loads(line).get("oracle_text")
        if not text:
            continue
        if texts and size + len(text.encode()) + 2 > limit:
            flush()
        lines.append(line if line.endswith("\n") else line + "\n")
        texts.append(text)
        size += len(text.encode()) + 2
flush()
print(f"{n} chunks")
PY
}

say
say "commands beside check (1×):"
generate chunks make_chunks
declare -A cmd_walls cmd_cpus cmd_rss
cmd_names=(check findings stats chunks-check chunks-explain)
for ((i = 1; i <= runs; i++)); do
    for name in "${cmd_names[@]}"; do
        case $name in
        check) argv=("$phaselint" check --format json "${path[1x]}") ;;
        findings) argv=("$phaselint" findings "${path[1x]}") ;;
        stats) argv=("$phaselint" stats --format json "${path[1x]}") ;;
        chunks-check) argv=(bash -c 'for f in "$2"/*.jsonl; do "$1" check --format json "$f"; done' _ "$phaselint" "$data/chunks") ;;
        chunks-explain) argv=(bash -c 'for f in "$2"/*.txt; do "$1" explain --format json --file "$f"; done' _ "$phaselint" "$data/chunks") ;;
        esac
        /usr/bin/time -f '%e %U %S %M' -o "$scratch/cmd-time" "${argv[@]}" >/dev/null 2>&1 || true
        # the last line: a command killed by a signal says so on a line before it
        read -r wall user system rss < <(tail -n 1 "$scratch/cmd-time")
        cmd_walls[$name]+=" $(awk -v s="$wall" 'BEGIN { printf "%d", s * 1000 }')"
        cmd_cpus[$name]+=" $(awk -v u="$user" -v s="$system" 'BEGIN { printf "%d", (u + s) * 1000 }')"
        if ((rss > ${cmd_rss[$name]:-0})); then cmd_rss[$name]=$rss; fi
    done
done
# ratio NAME BASE: the medians of NAME over those of BASE, wall and CPU (user + system)
ratio_line() {
    local name=$1 base=$2 label=$3
    local w c bw bc
    w=$(median ${cmd_walls[$name]}) c=$(median ${cmd_cpus[$name]})
    bw=$(median ${cmd_walls[$base]}) bc=$(median ${cmd_cpus[$base]})
    say "ratio $label to check: $(awk -v a="$w" -v b="$bw" 'BEGIN { printf "%.2f", a / b }')× wall ($(secs $((w * 1000000))) s against $(secs $((bw * 1000000))) s), $(awk -v a="$c" -v b="$bc" 'BEGIN { printf "%.2f", a / b }')× CPU ($(secs $((c * 1000000))) s against $(secs $((bc * 1000000))) s), peak RSS $(mb $((cmd_rss[$name] * 1024))) MB"
}
ratio_line findings check findings
ratio_line stats check "stats --format json"
ratio_line chunks-explain chunks-check "explain --format json (chunks)"
say "(medians of $runs; CPU is GNU time's %U + %S; the chunks as said above, $(find "$data/chunks" -name '*.txt' | wc -l) of them)"

if ((failures > 0)); then
    say "pool.sh: $failures input(s) failed"
    exit 1
fi
