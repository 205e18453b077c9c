#!/usr/bin/env bash
# Runs PermutationBenchmark (issue 7's benchmark) and keeps each part's Markdown under target/pbench/.
# Usage (from the checkout): src/test/bench/permutation-bench.sh [adult|scale|all] [extra options, e.g. queries=200 sizes=100000]
# (the query error against the cardinality is measured on PostgreSQL only: 1000 counts over 500k rows are slow on Derby)
# Needs: mvn -B -ntp -DskipTests package test-compile. Databases: $PBENCH_PG_URL (default a database kanon_perm_bench on
# 127.0.0.1:5432, created if missing) for Adult and both scale runs, $PBENCH_DERBY_URL (default /tmp/pbench-db) for the
# Derby scale run. Adult and ARX's hierarchies are imported from ../shared/datasets when the table is missing.
set -euo pipefail
cd "$(dirname "$0")/../../.."
PG=${PBENCH_PG_URL:-jdbc:postgresql://127.0.0.1:5432/kanon_perm_bench}
DERBY=${PBENCH_DERBY_URL:-jdbc:derby:/tmp/pbench-db;create=true}
if [[ -z ${PBENCH_PG_URL:-} ]]; then
  psql -h 127.0.0.1 -U postgres -d postgres -qAtc "SELECT 1 FROM pg_database WHERE datname = 'kanon_perm_bench'" | grep -q 1 \
    || psql -h 127.0.0.1 -U postgres -d postgres -qAtc 'CREATE DATABASE kanon_perm_bench'
fi
CP=target/kanon.jar:target/test-classes
OUT=target/pbench
mkdir -p "$OUT"
what=${1:-all}; shift || true
run() { local name=$1; shift; echo "== $name (load $(cut -d' ' -f1-3 /proc/loadavg)): PermutationBenchmark $*"
  java -Xmx4g -Dderby.stream.error.field=org.kanon.db.DerbyLog.DEV_NULL -cp $CP org.kanon.bench.PermutationBenchmark "$@" \
    out="$OUT/$name.md" > "$OUT/$name.log" 2>&1; }
case $what in
  adult|all) run adult "adult=$PG" "$@" ;;&
  scale|all) run scale-derby "scale=$DERBY" "$@"; run scale-pg "scale=$PG" cardinality "$@" ;;
esac
