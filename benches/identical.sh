#!/usr/bin/env bash
# Byte-identical output of two phaselint binaries: the first law of a performance change. Run by
# hand, never in CI (it runs each binary a few hundred times over the 20 MB corpus and every
# fixture).
#
#   bash benches/identical.sh OLD NEW
#   cp target/release/phaselint /tmp/old   # before the change
#   cargo build --release && bash benches/identical.sh /tmp/old target/release/phaselint
#
# Each case runs both binaries from the repo root with the same arguments and compares standard
# output, standard error and the exit code with `cmp`. It covers:
#   - `check` in every --format (human without colour, short, json, github, sarif) and with
#     --statistics, over ../shared/corpus/cards.jsonl, printed_texts.jsonl (also with --original),
#     each file and directory under fixtures/, and fixtures/ as a whole;
#   - `findings` and `stats --format json` over the same corpus files and fixtures/;
#   - `explain --format json` (and text) on each phrase of fixtures/explain/sampler.phrases and on
#     the first few dozen corpus texts that hold a timing word.
# Environment: CORPUS=dir (default ../shared/corpus beside the repo root); KEEP=dir keeps the
# outputs of every case there (OLD and NEW side by side) instead of a removed temporary dir.
# Exit 0 when every case is identical, 1 when any differs (each difference is named), 2 on misuse.

set -uo pipefail

if (($# != 2)); then
    printf 'usage: bash benches/identical.sh OLD NEW\n' >&2
    exit 2
fi
abs() { (cd "$(dirname "$1")" && printf '%s/%s\n' "$(pwd)" "$(basename "$1")"); }
old=$(abs "$1")
new=$(abs "$2")
for bin in "$old" "$new"; do
    [[ -x $bin ]] || {
        printf 'identical.sh: %s is not an executable file\n' "$bin" >&2
        exit 2
    }
done

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
corpus=${CORPUS:-$root/../shared/corpus}
if [[ -n ${KEEP:-} ]]; then
    mkdir -p "$KEEP"
    out=$(cd "$KEEP" && pwd)
else
    out=$(mktemp -d)
    trap 'rm -rf "$out"' EXIT
fi
cd "$root" || exit 2

cases=0
diffs=0
# run NAME ARGS...: run both binaries with ARGS, compare stdout, stderr and exit code.
run() {
    local name=$1 side bin
    shift
    local key=$((cases + 1)) # file names by case number: a phrase is too long for one
    for side in old new; do
        [[ $side == old ]] && bin=$old || bin=$new
        NO_COLOR=1 "$bin" "$@" >"$out/$key.$side.out" 2>"$out/$key.$side.err" </dev/null
        printf '%s\n' "$?" >"$out/$key.$side.rc"
    done
    cases=$((cases + 1))
    local part bad=""
    for part in out err rc; do
        cmp -s "$out/$key.old.$part" "$out/$key.new.$part" || bad="$bad $part"
    done
    if [[ -n $bad ]]; then
        diffs=$((diffs + 1))
        printf 'DIFFERS (%s): %s\n' "${bad# }" "$name"
    fi
}

formats=(human short json github sarif)
check_all() {
    local target=$1 f
    for f in "${formats[@]}"; do
        run "check --format $f $target" check --color never --format "$f" "$target"
    done
    run "check --statistics $target" check --color never --statistics "$target"
}

inputs=()
if [[ -f $corpus/cards.jsonl ]]; then
    inputs+=("$corpus/cards.jsonl")
    [[ -f $corpus/printed_texts.jsonl ]] && inputs+=("$corpus/printed_texts.jsonl")
else
    printf 'identical.sh: no corpus at %s; fixtures only\n' "$corpus"
fi
for input in "${inputs[@]}"; do
    check_all "$input"
    run "check --original --format json $input" check --original --format json "$input"
    run "findings $input" findings "$input"
    run "stats --format json $input" stats --format json "$input"
done

run "stats --format json fixtures" stats --format json fixtures
run "findings fixtures" findings fixtures
check_all fixtures
# every file under fixtures/, and the directories that are one input (an MSE set folder)
while IFS= read -r -d '' path; do
    check_all "$path"
done < <(find fixtures -mindepth 1 \( -type f -o -type d -name '*-set' \) -print0 | sort -z)

# explain: the sampler and the first corpus texts with a timing word
phrases=()
while IFS= read -r line; do
    [[ -n $line ]] && phrases+=("$line")
done <fixtures/explain/sampler.phrases
if [[ -f $corpus/cards.jsonl ]]; then
    while IFS= read -r line; do
        phrases+=("$line")
    done < <(python3 -c '
import json, re, sys
n = 0
for line in open(sys.argv[1], encoding="utf-8"):
    text = json.loads(line).get("oracle_text") or ""
    if re.search(r"until|beginning|during|end of|turn", text, re.I) and "\n" not in text:
        print(text)
        n += 1
        if n == 30:
            break
' "$corpus/cards.jsonl")
fi
for phrase in "${phrases[@]}"; do
    run "explain --format json '$phrase'" explain --format json "$phrase"
    run "explain '$phrase'" explain "$phrase"
done

if ((diffs > 0)); then
    printf 'identical.sh: %d of %d cases differ (%s vs %s)\n' "$diffs" "$cases" "$old" "$new"
    exit 1
fi
printf 'identical.sh: all %d cases identical (%s vs %s)\n' "$cases" "$old" "$new"
