#!/usr/bin/env bash
# Runs IncognitoBenchmark parts in separate JVMs and keeps each part's output under target/bench3/.
# Usage (from the checkout): src/test/bench/incognito-bench.sh [fast|sql|scale N|all]
# Needs: mvn -B -ntp -DskipTests package (target/kanon.jar) and test-compile (target/test-classes);
# KANON_BENCH_PG_URL for the PostgreSQL parts (default below).
set -euo pipefail
cd "$(dirname "$0")/../../.."
export KANON_BENCH_PG_URL=${KANON_BENCH_PG_URL:-jdbc:postgresql://127.0.0.1:5432/kanon_bench3}
CP=target/kanon.jar:target/test-classes
MAIN=org.kanon.bench.IncognitoBenchmark
OUT=target/bench3
mkdir -p "$OUT"
run() { local name=$1; shift; echo "== $name: java $* (load $(cut -d' ' -f1-3 /proc/loadavg))"; java "$@" > "$OUT/$name.md" 2> "$OUT/$name.err"; }
what=${1:-all}
case $what in
  fast|all) run fast -cp $CP $MAIN memory nodes arx dm algs=incognito,incognito-superroots,incognito-cube,samarati vs-k targets ;;&
  sql|all)
    run sql-postgres -cp $CP $MAIN cap=240 sql-postgres
    run sql-derby -cp $CP $MAIN qi=3..6 cap=180 sql-derby qi=9..9 algs=incognito-superroots sql-derby ;;&
  scale|all) run "scale-${2:-1000000}" -Xmx512m -cp $CP $MAIN cap=3600 scale "${2:-1000000}" ;;
esac
