#!/usr/bin/env bash
# The large-write figures of docs/graph.md "Benchmark" in one run:
#   1. GraphBench: bulkCreate (10,000 nodes + 10,000 relations + 10,000 values) against raw BatchWriteItem of the
#      same 20,000 items, median of 5 rounds, each round's ratio and load average (this checkout);
#   2. the 500-entity jsonschema import into a new project (ImportFigures), this checkout and a baseline build
#      alternately, pair by pair;
#   3. the re-import of the unchanged schema into that project: DynamoDB items written (must be 0), both builds.
# Both builds must be packaged first, never installed:
#   ./mvnw -o -q -pl bench -am package -DskipTests                 (here and in the baseline worktree)
#   git worktree add --detach /work/base569 569a72d                 (a baseline worktree, once)
# Usage: bench/write-figures.sh <baseline worktree> [import pairs (default 3)] [bulk rounds (default 5)]
# The harness (ImportFigures, TransformCalls, TransformBench) is compiled from this checkout against each build's
# class path, so both builds run the same import code path through their own handler and store.
set -euo pipefail
repo=$(git rev-parse --show-toplevel)
base=${1:?usage: bench/write-figures.sh <baseline worktree> [pairs] [rounds]}
pairs=${2:-3}
rounds=${3:-5}
work=$(mktemp -d /tmp/write-figures-XXXX)
harness=$repo/bench/src/main/java/io/modelgraph/bench
mkdir -p "$work/sqlite"

classpath_of() { # the bench module's class path of a packaged build
  local dir=$1
  [ -f "$dir/bench/target/classpath.txt" ] || { echo "no $dir/bench/target/classpath.txt: package it first" >&2; exit 1; }
  echo "$dir/bench/target/classes:$(cat "$dir/bench/target/classpath.txt")"
}

harness_for() { # compiles the import harness against a build; prints the class path to run it with
  local name=$1 cp=$2 out=$work/$1
  mkdir -p "$out/software/amazon/awssdk/services/dynamodb"
  javac -nowarn -d "$out" -cp "$cp" "$harness/ImportFigures.java" "$harness/TransformCalls.java" \
    "$harness/TransformBench.java" >"$work/javac-$name.log" 2>&1 \
    || { echo "harness does not compile against $name, see $work/javac-$name.log" >&2; exit 1; }
  # the SDK adds the interceptors this file names to every DynamoDB client: the re-import's writes are counted
  echo 'io.modelgraph.bench.ImportFigures$WriteCounter' \
    >"$out/software/amazon/awssdk/services/dynamodb/execution.interceptors"
  echo "$out:$cp"
}

cp_new=$(classpath_of "$repo")
cp_base=$(classpath_of "$base")
run_new=$(harness_for new "$cp_new")
run_base=$(harness_for base "$cp_base")
jvm=(java -Xmx3g -Dorg.sqlite.tmpdir="$work/sqlite")

echo "== write figures, $(date -u '+%Y-%m-%d %H:%M UTC'), $(nproc) cores, load $(cut -d' ' -f1-3 /proc/loadavg)"
echo "   this checkout $(git -C "$repo" rev-parse --short HEAD), baseline $(git -C "$base" rev-parse --short HEAD)"
echo "== 1. bulkCreate against raw BatchWriteItem (GraphBench --nodes=0 --bulk=10000 --rounds=$rounds)"
"${jvm[@]}" -cp "$cp_new" io.modelgraph.bench.GraphBench --nodes=0 --bulk=10000 --rounds="$rounds" 2>"$work/graph.log" \
  | grep -E '^(round|bulkCreate|raw|ratio|DynamoDB)'

echo "== 2-3. 500-entity jsonschema import and re-import, baseline and this checkout alternately ($pairs pairs)"
run() { # prints "<import ms> <re-import ms> <items written by the re-import> <load>"
  local cp=$1 out
  out=$(timeout 900 "${jvm[@]}" -cp "$cp" io.modelgraph.bench.ImportFigures 1 2>>"$work/import.log") \
    || { echo "import run failed: $out (see $work/import.log)" >&2; exit 1; }
  awk '/^IMPORT_MS/ {print $2, $4, $6, $NF}' <<<"$out"
}
printf '%-5s %-44s %-44s %s\n' pair "baseline: import, re-import (items written)" \
  "this checkout: import, re-import (items written)" "import ratio"
base_ms=(); new_ms=(); ratios=()
for i in $(seq 1 "$pairs"); do
  read -r bms brms bw bload < <(run "$run_base")
  read -r nms nrms nw nload < <(run "$run_new")
  base_ms+=("$bms"); new_ms+=("$nms"); ratios+=("$(echo "$nms / $bms" | bc -l)")
  printf '%-5s %-44s %-44s %.2f\n' "$i" "$bms ms, $brms ms ($bw), load $bload" "$nms ms, $nrms ms ($nw), load $nload" \
    "${ratios[-1]}"
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
mb=$(median "${base_ms[@]}"); mn=$(median "${new_ms[@]}")
printf 'median import: baseline %s ms, this checkout %s ms, ratio of medians %.2f, median of pair ratios %.2f\n' \
  "$mb" "$mn" "$(echo "$mn / $mb" | bc -l)" "$(median "${ratios[@]}")"
echo "== done $(date -u '+%H:%M UTC'), load $(cut -d' ' -f1-3 /proc/loadavg); logs in $work"
