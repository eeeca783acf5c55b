#!/usr/bin/env bash
# Item layout before/after on the same machine in one run (docs/graph.md "Key design"):
# builds a baseline commit in a detached worktree outside the repository, then runs TransformBench's
# import-only mode (500 entities / 5,000 properties, jsonschema import into a new project) on the
# baseline and on this checkout alternately, and prints items per Element and import times side by side.
#   bench/layout-compare.sh [baseline-commit (default 4786bb0)] [pairs (default 3)]
# The baseline gets this checkout's TransformBench.java and TransformCalls.java (the harness only; its store code
# is its own) in its bench module, so the baseline must have a bench module that reaches the transform function.
set -euo pipefail
repo=$(git rev-parse --show-toplevel)
commit=${1:-4786bb0}
pairs=${2:-3}
base=${BASELINE_DIR:-/tmp/modelgraph-baseline-$commit}
harness=bench/src/main/java/io/modelgraph/bench
if [ ! -d "$base" ]; then
  git -C "$repo" worktree add --detach "$base" "$commit" >/dev/null
fi
mkdir -p "$base/$harness"
cp "$repo/$harness/TransformBench.java" "$repo/$harness/TransformCalls.java" "$base/$harness/"

classpath() { # the bench module's class path, compiled in place (never installed)
  local dir=$1
  (cd "$dir" && ./mvnw -q -B -ntp -pl bench -am compile dependency:build-classpath \
     -Dmdep.outputFile=target/bench-cp.txt >"/tmp/layout-compare-build-$(basename "$dir").log" 2>&1) \
    || { echo "build failed in $dir, see /tmp/layout-compare-build-$(basename "$dir").log" >&2; exit 1; }
  echo "$dir/bench/target/classes:$(cat "$dir/bench/target/bench-cp.txt")"
}
echo "building baseline $commit in $base and this checkout ..." >&2
cp_base=$(classpath "$base")
cp_new=$(classpath "$repo")

log=$(mktemp /tmp/layout-compare-XXXX.log)
run() { # prints "<import ms> <items per Element> <partition items>"
  local cp=$1 out
  out=$(timeout 900 java -Xmx3g -cp "$cp" io.modelgraph.bench.TransformBench import 1 2>>"$log") \
    || { echo "bench run failed, see $log" >&2; exit 1; }
  echo "$(grep '^IMPORT_MS' <<<"$out" | awk '{print $2}') $(grep '^ITEMS_PER_ELEMENT' <<<"$out" | awk '{print $2, $3}')"
}
printf '%-6s %-28s %-28s %s\n' pair "baseline $commit" "this checkout" "ratio (this / baseline)"
base_ms=(); new_ms=(); ratios=()
for i in $(seq 1 "$pairs"); do
  read -r bms bitems btotal < <(run "$cp_base")
  read -r nms nitems ntotal < <(run "$cp_new")
  base_ms+=("$bms"); new_ms+=("$nms"); ratios+=("$(echo "$nms / $bms" | bc -l)")
  printf '%-6s %-28s %-28s %.2f\n' "$i" "${bms} ms, ${bitems} items/Element" "${nms} ms, ${nitems} items/Element" \
    "${ratios[-1]}"
  echo "       partition items: baseline $btotal, this checkout $ntotal"
done
median() { printf '%s\n' "$@" | sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }
mb=$(median "${base_ms[@]}"); mn=$(median "${new_ms[@]}")
printf 'median import: baseline %s ms, this checkout %s ms, ratio of medians %.2f, median of pair ratios %.2f\n' \
  "$mb" "$mn" "$(echo "$mn / $mb" | bc -l)" "$(median "${ratios[@]}")"
