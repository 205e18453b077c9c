#!/usr/bin/env bash
# prepare-data.sh [JAR_DIR]: loads Adult (45,222 rows) with ARX's hierarchies, as the bench notes do
# (KACA-RESULTS.md, APPROXIMATION-RESULTS.md), into
#   - the Derby database $BENCH_DIR/derby-adult (compare.sh copies this folder per build and never opens it itself)
#   - the PostgreSQL database kanon_bench (compare.sh clones it per build: CREATE DATABASE .. TEMPLATE kanon_bench)
# using the "before" jar (default $BENCH_DIR/jars/before), so both templates carry the before build's catalog.
set -euo pipefail
here="$(cd "$(dirname "$(readlink -f "$0")")" && pwd)"
BENCH_DIR="${BENCH_DIR:-/tmp/kanon-bench}"
shared="$(readlink -f "${KANON_SHARED:-$here/../../../../../shared}")"
jars="${1:-$BENCH_DIR/jars/before}"
data="$shared/datasets/adult-uci/adult-45222.csv"
hier="$shared/datasets/adult-arx"
derby="$BENCH_DIR/derby-adult"
pg=jdbc:postgresql://127.0.0.1:5432/kanon_bench
kanon() { java -Dderby.stream.error.field=org.kanon.db.DerbyLog.DEV_NULL -cp "$jars/kanon.jar" org.kanon.cli.Kanon "$@"; }
set -x
rm -rf "$derby"
kanon --db "jdbc:derby:$derby;create=true" import "$data" --table adult
kanon --db "jdbc:derby:$derby" hierarchy import --table adult --dir "$hier" --prefix adult_hierarchy_
kanon --db "jdbc:derby:$derby" hierarchy list --table adult
# shut Derby down cleanly is done by the JVM exit of each command; the folder is now a template
psql -h 127.0.0.1 -U postgres -d postgres -qc 'DROP DATABASE IF EXISTS kanon_bench' -c 'CREATE DATABASE kanon_bench'
kanon --db "$pg" --user postgres import "$data" --table adult
kanon --db "$pg" --user postgres hierarchy import --table adult --dir "$hier" --prefix adult_hierarchy_
kanon --db "$pg" --user postgres hierarchy list --table adult
psql -h 127.0.0.1 -U postgres -d kanon_bench -qc 'VACUUM ANALYZE'
du -sh "$derby"
