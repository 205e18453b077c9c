#!/usr/bin/env bash
# Runs KacaBenchmark (issue 5's benchmark) and keeps each part's Markdown under target/kbench/.
# Usage (from the checkout): src/test/bench/kaca-bench.sh [figs|arx|all] [extra options, e.g. seeds=10 uniformSeeds=3]
# Needs: mvn -B -ntp -DskipTests package test-compile, and table ADULT (45,222 rows) with ARX's hierarchies in
# $KBENCH_DB_URL (default jdbc:derby:/tmp/kbench-db), loaded as in src/test/bench/KACA-RESULTS.md.
set -euo pipefail
cd "$(dirname "$0")/../../.."
URL=${KBENCH_DB_URL:-jdbc:derby:/tmp/kbench-db}
CP=target/kanon.jar:target/test-classes
OUT=target/kbench
mkdir -p "$OUT"
what=${1:-all}; shift || true
run() { local name=$1; shift; echo "== $name (load $(cut -d' ' -f1-3 /proc/loadavg)): KacaBenchmark $URL $*"
  java -Xmx2g -Dderby.stream.error.field=org.kanon.db.DerbyLog.DEV_NULL -cp $CP org.kanon.bench.KacaBenchmark "$URL" "$@" out="$OUT/$name.md" > "$OUT/$name.log" 2>&1; }
case $what in
  figs|all) run figs fig4 fig5 seeds=10 uniformSeeds=3 "$@" ;;&
  arx|all) run arx speed arx seeds=10 "$@" ;;
esac
