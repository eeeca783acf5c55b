#!/usr/bin/env bash
# Time schema/map of realworld-train cases, one pair per fresh JVM, one after the other (never in parallel: the
# figure is the pair's own cost). Each line: cold wall/CPU of the first call, median of the warm calls after it.
# Usage: bench/map-pairs.sh [corpus dir] [pair ...], a pair written "format/case=>target"; without pairs, the ten
# slowest of the last ReferenceToolsConformanceTest runs (docs/fidelity.md, "Speed"). BENCH_CP set to a
# class path skips the bench build.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
corpus="${1:-$root/../shared/corpus}"
shift || true
pairs=("$@")
if [ ${#pairs[@]} -eq 0 ]; then
  pairs=(
    "shex/chemrof.shex=>owl"
    "linkml/chemrof.yaml=>owl"
    "avro/confluent-schema-registry-AvroMessage.avsc=>owl"
    "jsonld/gs1vocab-v1.2.jsonld=>sql"
    "avro/avrotize-complexunion.avsc=>owl"
    "sql/synapse-main-full-72.postgres.sql=>owl"
    "linkml/chemrof.yaml=>sql"
    "protobuf/kubernetes-cri-api-v1.proto=>sql"
    "protobuf/googleapis-pubsub-v1=>owl"
    "protobuf/caffe.proto=>owl"
  )
fi
cd "$root"
if [ -z "${BENCH_CP:-}" ]; then
  ./mvnw -o -q -B -ntp -pl bench -am package -DskipTests
  BENCH_CP="bench/target/classes:$(cat bench/target/classpath.txt)"
fi
for pair in "${pairs[@]}"; do
  out="$(java -Xmx1g -cp "$BENCH_CP" io.modelgraph.bench.MapPairBench "$corpus" "${pair%%=>*}" "${pair##*=>}" 5 2>&1 \
    || true)"
  grep '^PAIR' <<<"$out" || echo "FAILED $pair: $(grep -v '^\s*at ' <<<"$out" | tail -2 | tr '\n' ' ')"
done
