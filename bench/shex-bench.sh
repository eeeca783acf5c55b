#!/usr/bin/env bash
# ShExC parse throughput: modelgraph's parser against @shexjs/parser (npm, run by Node) on the shexTest corpus.
# @shexjs/parser is installed into a temporary directory (never committed) and removed afterwards.
# Usage: bench/shex-bench.sh [corpus-shex-dir] [extra flags such as --rounds=50 --warmup=20]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
corpus="${1:-$root/../shared/corpus/shex}"
shift || true
tmp="$(mktemp -d)"
trap 'rm -rf "$tmp"' EXIT
(cd "$tmp" && npm init -y >/dev/null 2>&1 && npm install --silent --no-audit --no-fund @shexjs/parser >/dev/null)
echo "@shexjs/parser $(node -p "require('$tmp/node_modules/@shexjs/parser/package.json').version")"
cd "$root"
./mvnw -q -B -ntp -pl bench -am package -DskipTests
java -cp "bench/target/bench-0.1.0-SNAPSHOT.jar:$(cat bench/target/classpath.txt)" io.modelgraph.bench.ShexBench \
  --corpus="$corpus" --shexjs="$tmp" "$@"
