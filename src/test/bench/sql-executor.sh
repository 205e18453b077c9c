#!/usr/bin/env bash
# sql-executor.sh SIZE [JAR] [TAG]: the sql executor on PostgreSQL alone, on trino.sh's synthetic census (issue 24).
#
# Setup as trino.sh's PostgreSQL half (skipped when census_SIZE already has its rows): the CSV drawn by
# org.kanon.demo.SyntheticCensus through trino.sh's GenCensus.java (same bytes), `kanon import` of a 2,000-row sample,
# psql \copy of the file, ANALYZE, `kanon hierarchy import`. Then one measured run, as trino.sh's `sql` step: `kanon
# anonymize --table census_SIZE --qi <8 QIs> --k 10 --algorithm incognito-superroots --executor sql --format json`
# under -Xmx512m. Prints wall s, kanon totalMs and statements, the pg_stat_database delta of (blks_read + blks_hit) x
# 8 KiB for the database (other sessions on it count too), the load average, and the fingerprint of the result
# without timings (trino.sh's: equal fingerprints = the same node, the same anonymous nodes). Waits while
# /tmp/kanon-quiet exists. SIZE: 1m or 5m. Environment: PGDB (default kanon_bench22), BENCH_DIR (default
# /tmp/kanon-bench), TIMEOUT (default 1500 s).
set -euo pipefail
repo="$(cd "$(dirname "$(readlink -f "$0")")/../../.." && pwd)"
size=$1; JAR="$(readlink -f "${2:-$repo/target/kanon.jar}")"; tag=${3:-run}
PGDB="${PGDB:-kanon_bench22}"; BENCH_DIR="${BENCH_DIR:-/tmp/kanon-bench}"; DATA="$BENCH_DIR/trino-data"
OUT="$BENCH_DIR/sql-executor"; mkdir -p "$DATA" "$OUT"
case $size in *m) n=$(( ${size%m} * 1000000 )) ;; *) echo "size: 1m, 5m, ..." >&2; exit 2 ;; esac
t=census_$size; csv="$DATA/census-$size.csv"; url="jdbc:postgresql://127.0.0.1:5432/$PGDB"
psql_() { PGOPTIONS="-c client_min_messages=warning" psql -h 127.0.0.1 -U postgres -v ON_ERROR_STOP=1 -qAt "$@"; }
kanon() { java -Xmx512m -cp "$JAR" -Dderby.stream.error.field=org.kanon.db.DerbyLog.DEV_NULL org.kanon.cli.Kanon "$@"; }

[ -n "$(psql_ -d postgres -c "SELECT 1 FROM pg_database WHERE datname = '$PGDB'")" ] || psql_ -d postgres -c "CREATE DATABASE $PGDB"
if [ "$(psql_ -d "$PGDB" -c "SELECT count(*) FROM pg_tables WHERE schemaname = 'public' AND tablename = '$t'")" = 0 ] \
    || [ "$(psql_ -d "$PGDB" -c "SELECT count(*) FROM public.$t")" != "$n" ]; then
  sed -n "/^cat >\"\$DATA\/GenCensus.java\" <<'EOF'/,/^EOF/p" "$repo/src/test/bench/trino.sh" | sed '1d;$d' >"$DATA/GenCensus.java"
  [ -s "$csv" ] || { java -cp "$JAR" "$DATA/GenCensus.java" "$csv.tmp" "$n" && mv "$csv.tmp" "$csv"; }
  psql_ -d "$PGDB" -c "DROP TABLE IF EXISTS public.$t"
  head -2001 "$csv" >"$DATA/sample.csv"
  kanon import "$DATA/sample.csv" --table "$t" --db "$url" --user postgres --format json >/dev/null
  psql_ -d "$PGDB" -c "TRUNCATE public.$t" -c "\\copy public.$t FROM '$csv' WITH (FORMAT csv, HEADER true)" -c "ANALYZE public.$t"
  kanon hierarchy import --table "$t" --dir "$repo/datasets/synthetic/hierarchies" --prefix census_hierarchy_ --replace \
    --db "$url" --user postgres --format json >/dev/null
fi

while [ -e /tmp/kanon-quiet ]; do sleep 20; done
log="$OUT/$tag-$size"
pgc() { psql_ -d postgres -c "SELECT blks_read + blks_hit FROM pg_stat_database WHERE datname = '$PGDB'"; }
b0=$(pgc); load=$(cut -d' ' -f1 /proc/loadavg)
rc=0
/usr/bin/time -f '%e' -o "$log.time" timeout "${TIMEOUT:-1500}" java -Xmx512m -Dderby.stream.error.field=org.kanon.db.DerbyLog.DEV_NULL \
  -cp "$JAR" org.kanon.cli.Kanon anonymize --table "$t" --qi age,sex,race,marital-status,education,occupation,zipcode,salary-class \
  --k 10 --algorithm incognito-superroots --executor sql --format json --db "$url" --user postgres >"$log.json" 2>"$log.err" || rc=$?
sleep 1; b1=$(pgc)
fp=$(jq -c 'del(.stats, .release, .table, .executor) | walk(if type == "object" then with_entries(select(.key | test("(Ms|^ms|^createdAt)$") | not)) else . end)' "$log.json" 2>/dev/null | sha256sum | cut -c1-12)
echo "$tag $size rc=$rc wall=$(tail -1 "$log.time") totalMs=$(jq .stats.totalMs "$log.json" 2>/dev/null) statements=$(jq .stats.statements "$log.json" 2>/dev/null) readMB=$(( (b1 - b0) * 8 / 1024 )) load=$load fp=$fp"
